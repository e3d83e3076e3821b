"""Alpha-variants in a Z3 session (`sedac.atp.alpha`): a goal among the axioms up to its bound
variables' names is a Theorem without a search, and alpha-variants share one preparation;
both give the verdicts Z3 alone gives."""
from __future__ import annotations

import random

from sedac.atp.alpha import canonical
from sedac.atp.fragment import _quantified_vars, _scan, _survey
from sedac.atp.z3prover import Z3Prover, Z3Session
from sedac.fol import (And, Atom, Const, Eq, Exists, Forall, Iff, Implies, Not, Or, Var, Xor,
                       free_vars)

X, Y, Z = Var("X"), Var("Y"), Var("Z")
A, B = Const("a"), Const("b")


def p(*args, pred="p"):
    return Atom(pred, tuple(args))


def test_alpha_variants_have_one_canonical_form_and_others_do_not():
    f = Forall((X,), Implies(p(X), Exists((Y,), p(X, Y, pred="r"))))
    g = Forall((Z,), Implies(p(Z), Exists((X,), p(Z, X, pred="r"))))
    assert canonical(f) == canonical(g) and f != g
    # the order of binding matters: `∀x∀y r(x,y)` is not `∀y∀x r(x,y)` renamed
    h = Forall((X, Y), p(X, Y, pred="r"))
    k = Forall((Y, X), p(X, Y, pred="r"))
    assert canonical(h) != canonical(k)
    # free variables are kept; a formula without bound variables is itself
    free = Implies(p(X), p(A))
    assert canonical(free) is free and free_vars(canonical(Forall((Y,), And((p(X), p(Y)))))) == {X}
    # shadowing: the inner binder's variable is a new one
    shadow = Forall((X,), And((p(X), Exists((X,), p(X, pred="q")))))
    renamed = Forall((Y,), And((p(Y), Exists((Z,), p(Z, pred="q")))))
    assert canonical(shadow) == canonical(renamed)
    # a variable bound twice by one quantifier keeps one name (the same grounding)
    twice = canonical(Forall((X, X), p(X)))
    assert len(twice.vars) == 2 and twice.vars[0] == twice.vars[1]


def _random_formula(rng, depth, bound):
    r = rng.random()
    if depth == 0 or r < 0.25:
        terms = bound + [A, B]
        if rng.random() < 0.1:
            return Eq(rng.choice(terms), rng.choice(terms))
        return Atom(rng.choice("pqr"), tuple(rng.choice(terms) for _ in range(rng.randint(0, 2))))
    sub = lambda: _random_formula(rng, depth - 1, bound)
    if r < 0.35:
        return Not(sub())
    if r < 0.55:
        return rng.choice((And, Or))(tuple(sub() for _ in range(rng.randint(1, 3))))
    if r < 0.7:
        return rng.choice((Implies, Iff, Xor))(sub(), sub())
    v = Var(rng.choice("XYZUV"))
    return rng.choice((Forall, Exists))((v,), _random_formula(rng, depth - 1, bound + [v]))


def test_one_walk_says_what_the_separate_walks_say():
    rng = random.Random(7)
    for _ in range(500):
        f = _random_formula(rng, 4, [])
        names_a, names_b = set(), set()
        assert _survey(f, names_a) == (_scan(f, names_b), _quantified_vars(f))
        assert names_a == names_b
        c = canonical(f)
        assert _quantified_vars(c) == _quantified_vars(f)
        assert canonical(c) == c


def _rename(f, suffix):
    """`f` with every bound variable renamed (an alpha-variant, written differently)."""
    rng = {}

    def walk(g, env):
        if isinstance(g, Atom):
            return Atom(g.pred, tuple(env.get(t, t) for t in g.args))
        if isinstance(g, Not):
            return Not(walk(g.arg, env))
        if isinstance(g, (And, Or)):
            return type(g)(tuple(walk(a, env) for a in g.args))
        if isinstance(g, (Implies, Iff, Xor)):
            return type(g)(walk(g.left, env), walk(g.right, env))
        if isinstance(g, (Forall, Exists)):
            inner = dict(env)
            vs = []
            for v in g.vars:
                inner[v] = rng.setdefault(v, Var(v.name + suffix))
                vs.append(inner[v])
            return type(g)(tuple(vs), walk(g.body, inner))
        return g
    return walk(f, {})


def _problem(rng):
    preds = ["cat", "dog", "red", "big", "kind"]
    consts = [Const(c) for c in ("tom", "rex", "max")]
    axioms = [Atom(rng.choice(preds), (rng.choice(consts),)) for _ in range(3)]
    for _ in range(rng.randint(2, 5)):
        body = Atom(rng.choice(preds), (X,))
        head = Atom(rng.choice(preds), (X,))
        if rng.random() < 0.3:
            head = Not(head)
        if rng.random() < 0.2:
            head = Or((head, Atom(rng.choice(preds), (X,))))
        axioms.append(Forall((X,), Implies(body, head)))
    return axioms


def test_a_goal_stated_up_to_its_variables_is_the_theorem_z3_proves_without_a_search():
    rng = random.Random(2026)
    for i in range(60):
        axioms = _problem(rng)
        goal = _rename(rng.choice(axioms), "_renamed")
        s = Z3Prover().session()
        s.declare(axioms + [goal])
        searched = []
        inner = s._decide_ground
        s._decide_ground = lambda *a: searched.append(1) or inner(*a)
        v = s.entails(axioms, goal, evidence=False)
        ref = Z3Session(Z3Prover())
        ref._fast = False                      # Z3 alone, no shortcut
        ref.declare(axioms + [goal])
        z = ref.entails(axioms, goal, evidence=False)
        assert (v.status, v.prover) == (z.status, z.prover) == ("Theorem", "z3")
        assert not searched
        # asked with evidence, the question is decided as before: a core Z3 agrees is one
        e = s.entails(axioms, goal)
        assert e.holds and e.used is not None    # (empty for a valid goal: `∀x (p(x) → p(x))`)
        assert Z3Prover().entails([axioms[j] for j in e.used], goal).holds


def test_a_goal_not_stated_is_still_searched_and_refuted_where_z3_refutes_it():
    axioms = [p(A), Forall((X,), Implies(p(X), p(X, pred="q")))]
    s = Z3Prover().session()
    s.declare(axioms + [p(B, pred="q")])
    assert s.entails(axioms, p(B, pred="q"), evidence=False).refuted
    assert s.entails(axioms, Forall((Y,), Implies(p(Y), p(Y, pred="q"))), evidence=False).holds


def test_alpha_variants_share_one_grounding():
    f = Forall((X,), Implies(p(X), p(X, pred="q")))
    g = Forall((Y,), Implies(p(Y), p(Y, pred="q")))
    s = Z3Prover().session()
    s.declare([f, g, p(A)])
    assert s.entails([p(A), f], g.body.right.__class__(g.body.right.pred, (A,))).holds
    ground = s._ground
    for goal, skolems in ((False, ()), (True, ("$sk1",))):
        pf, pg = s._prepared(f, goal), s._prepared(g, goal)
        assert pf[1] == pg[1] == len(skolems)
        # one clause list for both (the templates read from each are the same)
        assert ground.formula_clauses(pf[0], skolems) is ground.formula_clauses(pg[0], skolems)
    # a formula outside the templates' shapes (an equivalence) still shares its preparation
    # with its alpha-variants through the canonical form
    e, e2 = Forall((X,), Iff(p(X), p(X, pred="q"))), Forall((Y,), Iff(p(Y), p(Y, pred="q")))
    s.declare([e, e2])
    assert s._prepared(e, False)[0] is s._prepared(e2, False)[0]
