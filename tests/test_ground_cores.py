"""Evidence from the ground procedure (`sedac.atp.ground`) in place of Z3's: a proof's unsat
core when the problem has one minimal core, and the least model as a countermodel. On
generated problems (Horn and not, with negation, disjunctive heads, relations, existential
goals) the session's verdicts must be Z3's own, core for core: checked against a session
that asks Z3 every question, and against the minimal cores found by brute force."""
from __future__ import annotations

import random
from itertools import combinations, product

from sedac.atp.z3prover import _SKOLEM_NAMES, Z3Prover, Z3Session
from sedac.fol import And, Atom, Bottom, Const, Exists, Forall, Iff, Implies, Not, Or, Top, \
    Var, Xor, negate
from tests.test_ground_prover import random_problem


def z3_session():
    """A session that asks Z3 every question (the ground procedure switched off)."""
    s = Z3Session(Z3Prover())
    s._fast = False
    return s


def questions(rng, axioms, goal):
    """The goal, its negation and a few literals about the problem's individuals."""
    preds = sorted({a.pred for f in axioms + [goal] for a in _atoms(f) if len(a.args) == 1})
    consts = sorted({t for f in axioms + [goal] for a in _atoms(f) for t in a.args
                     if isinstance(t, Const)}, key=lambda c: c.name) or [Const("c0")]
    out = [goal, negate(goal)]
    for _ in range(3):
        a = Atom(rng.choice(preds), (rng.choice(consts),))
        out.append(a if rng.random() < 0.6 else Not(a))
    return out


def _atoms(f):
    if isinstance(f, Atom):
        yield f
    elif isinstance(f, Not):
        yield from _atoms(f.arg)
    elif isinstance(f, (And, Or)):
        for a in f.args:
            yield from _atoms(a)
    elif isinstance(f, (Implies, Iff, Xor)):
        yield from _atoms(f.left)
        yield from _atoms(f.right)
    elif isinstance(f, (Forall, Exists)):
        yield from _atoms(f.body)


def holds(f, model, env=None):
    """The truth of a formula in a `Countermodel` (its elements by name)."""
    env = env or {}
    if isinstance(f, Atom):
        args = tuple(env[t] if isinstance(t, Var) else t.name for t in f.args)
        return model.holds(f.pred, *args)
    if isinstance(f, Not):
        return not holds(f.arg, model, env)
    if isinstance(f, And):
        return all(holds(a, model, env) for a in f.args)
    if isinstance(f, Or):
        return any(holds(a, model, env) for a in f.args)
    if isinstance(f, Implies):
        return not holds(f.left, model, env) or holds(f.right, model, env)
    if isinstance(f, Iff):
        return holds(f.left, model, env) == holds(f.right, model, env)
    if isinstance(f, Top):
        return True
    if isinstance(f, Bottom):
        return False
    if isinstance(f, (Forall, Exists)):
        test = all if isinstance(f, Forall) else any
        return test(holds(f.body, model, {**env, **dict(zip(f.vars, values))})
                    for values in product(model.domain, repeat=len(f.vars)))
    raise TypeError(f)


def test_cores_and_statuses_are_z3s_on_generated_problems():
    rng = random.Random(21)
    proved = late = 0
    for n in range(300):
        axioms, goal = random_problem(rng)
        if rng.random() < 0.3:
            axioms = axioms + [rng.choice(axioms)]          # an axiom written twice
        asked = questions(rng, axioms, goal)
        mine, ref = Z3Session(Z3Prover()), z3_session()
        for s in (mine, ref):
            s.declare(axioms + asked)
        # every other problem reads its cores only at the end (after later questions)
        read_late = n % 2 == 1
        mine_v, ref_v = [], []
        contradictory = z3_session().entails(axioms, Bottom(), evidence=False).holds
        for q in asked:
            a, b = mine.entails(axioms, q), ref.entails(axioms, q)
            if contradictory:
                # ContradictoryAxioms exactly when the axioms alone are unsatisfiable (Z3
                # says Theorem or ContradictoryAxioms as its core, which its history picks,
                # holds the negated goal or not)
                assert a.status == "ContradictoryAxioms" and same_holding(axioms, a, b) \
                    or a.status == b.status == "ContradictoryAxioms", (axioms, q, a.status)
                assert a.used == deletion_core(axioms, Bottom()), (axioms, q)
            else:
                assert (a.status, a.prover) == (b.status, b.prover), (axioms, q)
                if a.holds:
                    assert a.used == deletion_core(axioms, q), (axioms, q, a.used)
            if not read_late:
                assert _same_evidence(axioms, q, a, b), (axioms, q)
            mine_v.append(a)
            ref_v.append(b)
            if a.refuted and not read_late:
                m = a.model
                assert m is not None
                assert all(holds(f, m) for f in axioms) and not holds(q, m), (axioms, q)
        for q, a, b in zip(asked, mine_v, ref_v):
            assert _same_evidence(axioms, q, a, b), (axioms, q, a.used, b.used)
            proved += a.holds
            late += a.holds and read_late
    assert proved > 200 and late > 80


def deletion_core(axioms, goal) -> tuple:
    """The minimal core of `axioms |= goal` found by leaving out each axiom (each formula,
    with every copy of it) in their order when the rest still entails the goal, by Z3 alone
    on every subset: the deterministic core the session must give."""
    ref = z3_session()
    keep = list(dict.fromkeys(axioms))
    for f in list(keep):
        rest = [g for g in keep if g is not f]
        if ref.entails(rest, goal, evidence=False).holds:
            keep = rest
    return tuple(i for i, a in enumerate(axioms) if a in keep)


def test_cores_do_not_depend_on_what_was_asked_before():
    rng = random.Random(5)
    compared = 0
    for _ in range(120):
        axioms, goal = random_problem(rng)
        asked = questions(rng, axioms, goal)
        one, two = Z3Session(Z3Prover()), Z3Session(Z3Prover())
        for s in (one, two):
            s.declare(axioms + asked)
        first = {q: one.entails(axioms, q) for q in asked}
        second = {q: two.entails(axioms, q) for q in reversed(asked)}
        for q in asked:
            assert first[q].status == second[q].status
            if first[q].holds:
                assert first[q].used == second[q].used, (axioms, q)
                compared += 1
    assert compared > 100


def same_holding(axioms, a, b) -> bool:
    """Theorem against ContradictoryAxioms, both of Z3, over axioms that are contradictory:
    both hold, and which is said follows from whether the unsat core Z3 picks has the
    negated goal in it, which, like the core itself (`same_core`), depends on what its
    context was asked before."""
    statuses = {a.status, b.status}
    return statuses == {"Theorem", "ContradictoryAxioms"} and a.prover == b.prover and \
        not z3_session().entails(axioms, Bottom(), evidence=False).refuted


def _same_evidence(axioms, goal, a, b) -> bool:
    """`same_core`, or, where the two verdicts are `same_holding`'s, each core a minimal one
    of its own verdict (of the goal from the axioms, or of the axioms' contradiction)."""
    if a.status == b.status:       # (a contradiction's core is one of the axioms alone)
        return same_core(axioms, goal if a.status != "ContradictoryAxioms" else Bottom(),
                         a.used, b.used)
    return all(same_core(axioms, goal if v.status == "Theorem" else Bottom(), v.used, v.used)
               and _minimal(axioms, goal if v.status == "Theorem" else Bottom(), v.used)
               for v in (a, b))


def _minimal(axioms, goal, core) -> bool:
    ref = z3_session()
    kept = list(dict.fromkeys(axioms[i] for i in core))
    return ref.entails(kept, goal, evidence=False).holds and not any(
        ref.entails([f for f in kept if f is not g], goal, evidence=False).holds for g in kept)


def same_core(axioms, goal, mine, z3s) -> bool:
    """The same core, or, where the problem has several minimal cores, another of them:
    which of several Z3 picks depends on everything its context was asked before (as its
    countermodels do), so a test run after other tests may see another."""
    if mine == z3s:
        return True
    if mine is None or z3s is None:
        return False
    ref = z3_session()
    for core in (mine, z3s):
        kept = list(dict.fromkeys(axioms[i] for i in core))
        if not ref.entails(kept, goal, evidence=False).holds:
            return False
        if any(ref.entails([f for f in kept if f is not g], goal, evidence=False).holds
               for g in kept):
            return False
    return True


def _minimal_cores(axioms, goal):
    """Every minimal unsatisfiable set of distinct axioms with the negated goal (Z3 alone
    on every subset), as sets of formulas."""
    distinct = list(dict.fromkeys(axioms))
    ref = z3_session()
    unsat = {}
    for k in range(len(distinct) + 1):
        for subset in combinations(distinct, k):
            if any(set(c) <= set(subset) for c, u in unsat.items() if u):
                unsat[subset] = True
                continue
            unsat[subset] = ref.entails(list(subset), goal, evidence=False).holds
    cores = [set(s) for s, u in unsat.items() if u]
    return [c for c in cores if not any(d < c for d in cores)]


def test_unique_core_is_the_one_minimal_core_or_none():
    rng = random.Random(7)
    unique = several = 0
    for _ in range(400):
        axioms, goal = random_problem(rng)
        if len(set(axioms)) > 7:
            continue
        s = Z3Session(Z3Prover())
        s.declare(axioms + [goal])
        v = s.entails(axioms, goal, evidence=False)
        if not v.holds:
            continue
        key = s.key(axioms)
        g = s._ground
        if g is None or key not in g._bases:
            continue
        skolems = s._prepared(goal, True)[1]
        def prepared():
            return [s._prepared(a, False)[0] for a in axioms]
        extra = g.formula_clauses(s._prepared(goal, True)[0], _SKOLEM_NAMES[:skolems])
        got = g.unique_core(key, axioms, prepared, extra)
        consistent = not z3_session().entails(axioms, Bottom(), evidence=False).holds
        cores = _minimal_cores(axioms, goal)
        if consistent and len(cores) == 1:
            unique += 1
            assert got is not None and {axioms[i] for i in got} == cores[0], (axioms, goal)
            assert set(got) == {i for i, a in enumerate(axioms) if a in cores[0]}
        else:
            several += not consistent or len(cores) > 1
            assert got is None, (axioms, goal, cores)
    assert unique > 15 and several > 30


def test_least_model_is_a_countermodel_of_horn_questions():
    P, Q, R = (lambda t, p=p: Atom(p, (t,)) for p in "pqr")
    a, b = Const("a"), Const("b")
    X = Var("X")
    axioms = [P(a), Forall((X,), Implies(P(X), Q(X))), Forall((X,), Implies(Q(X), Not(R(X)))),
              Q(b)]
    s = Z3Session(Z3Prover())
    v = s.entails(axioms, R(b))
    assert v.refuted
    m = v.model
    assert m.extension == {"p": frozenset({("a",)}), "q": frozenset({("a",), ("b",)})}
    assert all(holds(f, m) for f in axioms) and not holds(R(b), m)
