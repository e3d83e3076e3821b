"""Big problems outside the per-individual slices (binary facts with rules over them), and
the ground procedure's shared work across questions: the same answers as asking afresh."""
from __future__ import annotations

import pytest

from sedac.atp import ground, z3prover
from sedac.atp.tptp_subprocess import EProver
from sedac.fol import And, Atom, Const, Forall, Implies, Not, Var, negate, nnf

X = Var("X")
ADJS = ("big", "kind", "red", "cold", "nice", "round", "young", "blue", "quiet", "rough")


def _name(i: int) -> str:
    return "n" + "abcdefghijklmnopqrtuvwxyz"[i // 25 % 25] + "abcdefghijklmnopqrtuvwxyz"[i % 25]


def _relations(n: int, people: int = 120):
    """n facts `likes(a, b)` over `people` individuals, 10 rules `likes(X, b_k) -> adj_k(X)`,
    and a rule over two conditions: past GROUND_LIMIT for n = 20,000."""
    facts = [Atom("likes", (Const(_name(i % people)), Const(_name((i * 7 + 1) % people + people))))
             for i in range(n)]
    rules = [Forall((X,), Implies(Atom("likes", (X, Const(_name(people + k)))), Atom(ADJS[k], (X,))))
             for k in range(10)]
    rules.append(Forall((X,), Implies(And((Atom("big", (X,)), Atom("kind", (X,)))),
                                      Not(Atom("quiet", (X,))))))
    return facts + rules


def _goals(people: int = 120):
    """Person p likes only b_((7p + 1) mod people): adj_k holds of p_k = (k - 1) / 7, the next
    adjective does not; nobody is both big and kind."""
    out = []
    for k in range(10):
        c = Const(_name((k - 1) * 103 % people))          # 103 = 1 / 7 (mod 120)
        out += [Atom(ADJS[k], (c,)), Atom(ADJS[(k + 1) % 10], (c,)), Not(Atom("quiet", (c,)))]
    out.append(Forall((X,), Implies(Atom("likes", (X, Const(_name(people)))), Atom("big", (X,)))))
    return out


def test_a_big_relations_problem_is_decided_without_e_as_e_decides_it(monkeypatch):
    """Past Z3's grounding bound and outside the sliced fragment, the questions are the
    ground procedure's (E, faked to fail here, is never asked), and E itself, asked the
    same questions, agrees on every answer; a proof's axioms entail the goal."""
    if not EProver.available():
        pytest.skip("E is not installed")
    axioms = _relations(20_000)
    s = z3prover.Z3Prover().session()
    assert s._too_big(axioms, _goals()[0])
    calls = []
    monkeypatch.setattr(EProver, "entails", lambda self, *a, **k: calls.append(a) or 1 / 0)
    got = [s.entails(axioms, g) for g in _goals()]
    assert not calls
    monkeypatch.undo()
    for g, v in zip(_goals(), got):
        e = EProver().entails(axioms, g, 60)
        assert (v.status, v.holds) == (e.status, e.holds), g
        if v.holds:
            used = [axioms[i] for i in v.used]
            assert len(set(used)) <= 2 and EProver().entails(used, g, 60).holds
    assert sum(v.holds for v in got) >= 3 and sum(v.refuted for v in got) >= 3


def test_questions_sharing_their_conditions_answer_as_asked_afresh():
    """A rule question's positive units are propagated once per set of them; each answer is
    the one a fresh clause set gives (both satisfiable and unsatisfiable ones)."""
    words = ADJS + ("green", "white", "furry", "smart", "shy")
    rules = []
    for a in range(len(words)):
        for b in range(a + 1, len(words)):
            c = (a * 3 + b * 5) % len(words)
            if c not in (a, b):
                rules.append(Forall((X,), Implies(And((Atom(words[a], (X,)), Atom(words[b], (X,)))),
                                                  Atom(words[c], (X,)))))
    rules.append(Forall((X,), Implies(Atom("shy", (X,)), Not(Atom("big", (X,))))))
    rules = [nnf(r) for r in rules]
    universe = ("the_individual", "sk1")
    g = ground.GroundSolver(universe)
    key = object()
    answers = []
    for a in range(len(words)):
        for b in range(len(words)):
            for c in (0, 4, 9, 14):
                goal = Forall((X,), Implies(And((Atom(words[a], (X,)), Atom(words[b], (X,)))),
                                            Atom(words[c], (X,))))
                extra = g.formula_clauses(nnf(negate(goal)), ("sk1",))
                shared = g.satisfiable(key, rules, extra)
                fresh = ground._satisfiable(
                    [c2 for r in rules for c2 in g.formula_clauses(r)] + list(extra))
                assert shared == fresh, goal
                answers.append(shared)
    assert True in answers and False in answers
    assert len(g._primed[key]) > 10


def test_a_big_core_asks_about_the_refutations_groups_only():
    """The minimal core of a question over a long chain of rules is found with a number of
    satisfiability questions about the core's size, not the part's (it was one per axiom
    of the connected part: quadratic), and it is the core asking each one gives."""
    P = [f"p{i}" for i in range(400)]
    c = Const("a")
    axioms = [Atom(P[0], (c,))] + \
        [Forall((X,), Implies(Atom(P[i], (X,)), Atom(P[i + 1], (X,)))) for i in range(399)] + \
        [Forall((X,), Implies(Atom(P[i], (X,)), Atom(f"q{i}", (X,)))) for i in range(400)]
    goal = Atom(P[5], (c,))
    s = z3prover.Z3Prover().session()
    v = s.entails(axioms, goal)
    assert v.holds and v.used == tuple(range(6))
    asked = []
    real = ground._satisfiable
    ground._satisfiable = lambda cs: asked.append(len(cs)) or real(cs)
    try:
        g = ground.GroundSolver(("a", "sk1"))
        key = object()
        g.base(key, [nnf(a) for a in axioms])
        used = g.core(key, axioms, lambda: [nnf(a) for a in axioms],
                      g.formula_clauses(nnf(negate(goal))))
    finally:
        ground._satisfiable = real
    assert used == tuple(range(6))
    assert len(asked) <= 10, len(asked)
