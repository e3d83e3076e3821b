"""The ground decision procedure (`sedac.atp.ground`) that answers Z3 sessions' questions
needing no evidence: it must agree with Z3 itself on every question, generated or asked by
full SEDAC on real corpora, and give a question back (to Z3) past its search budget."""
from __future__ import annotations

import random

import pytest

from sedac.atp import get_prover
from sedac.atp import dpll, ground
from sedac.atp.z3prover import Z3Prover, Z3Session
from sedac.fol import And, Atom, Const, Exists, Forall, Implies, Not, Or, Var
from tests.conftest import corpus

X, Y = Var("X"), Var("Y")


def z3_alone(axioms, goal):
    """Z3's own verdict: a session with the ground procedure switched off."""
    s = Z3Session(Z3Prover())
    s._fast = False
    s.declare(list(axioms) + [goal])
    return s.entails(list(axioms), goal, evidence=False)


def ground_verdict(axioms, goal):
    """The verdict of a session whose evidence-free questions the ground procedure answers,
    and whether it was the ground procedure (or the stated-goal shortcut) that answered."""
    s = Z3Session(Z3Prover())
    s.declare(list(axioms) + [goal])
    answered = []
    inner = s._decide_ground

    def spy(*a):
        v = inner(*a)
        answered.append(v is not None)
        return v

    s._decide_ground = spy
    stated = s._states          # (a goal among the axioms: answered before any search)

    def spy_stated(*a):
        r = stated(*a)
        answered.append(r)
        return r

    s._states = spy_stated
    return s.entails(list(axioms), goal, evidence=False), any(answered)


def literal(rng, preds, term):
    a = Atom(rng.choice(preds), (term,))
    return Not(a) if rng.random() < 0.4 else a


def random_problem(rng):
    """Facts, rules (Horn and not), a relation, and a goal of one of several shapes."""
    preds = [f"p{i}" for i in range(rng.randint(3, 7))]
    consts = [Const(f"c{i}") for i in range(rng.randint(1, 3))]
    axioms = []
    for _ in range(rng.randint(1, 5)):
        axioms.append(literal(rng, preds, rng.choice(consts)))
    for _ in range(rng.randint(1, 7)):
        body = [literal(rng, preds, X) for _ in range(rng.randint(1, 2))]
        head = literal(rng, preds, X)
        if rng.random() < 0.3:
            head = Or((head, literal(rng, preds, X)))
        axioms.append(Forall((X,), Implies(And(tuple(body)) if len(body) > 1 else body[0], head)))
    if rng.random() < 0.4:
        c, d = rng.sample(consts * 2, 2)
        axioms.append(Atom("r", (c, d)))
        axioms.append(Forall((X, Y), Implies(And((Atom("r", (X, Y)), literal(rng, preds, X))),
                                             literal(rng, preds, Y))))
    if rng.random() < 0.2:   # a disjunction of conjunctions: Tseitin variables
        c = rng.choice(consts)
        axioms.append(Or(tuple(And(tuple(literal(rng, preds, c) for _ in range(3)))
                               for _ in range(3))))
    shape = rng.random()
    if shape < 0.5:
        goal = literal(rng, preds, rng.choice(consts))
    elif shape < 0.8:
        goal = Forall((X,), Implies(literal(rng, preds, X), literal(rng, preds, X)))
    else:
        goal = Exists((X,), And((literal(rng, preds, X), literal(rng, preds, X))))
    return axioms, goal


def test_ground_agrees_with_z3_on_generated_problems():
    rng = random.Random(2026)
    answered = holds = 0
    for _ in range(400):
        axioms, goal = random_problem(rng)
        mine, used = ground_verdict(axioms, goal)
        z3s = z3_alone(axioms, goal)
        assert (mine.status, mine.prover) == (z3s.status, z3s.prover), (axioms, goal)
        answered += used
        holds += mine.holds
    assert answered == 400             # every one of them lies in the ground fragment
    assert 40 < holds < 360            # and both answers occur


def test_contradictory_axioms_entail_everything():
    a = Atom("p", (Const("c"),))
    mine, used = ground_verdict([a, Not(a)], Atom("q", (Const("c"),)))
    assert used and mine.status == "Theorem" == z3_alone([a, Not(a)], Atom("q", (Const("c"),))).status


def test_past_its_budget_the_question_is_z3s(monkeypatch):
    # a pigeonhole problem (4 pigeons, 3 holes) needs search: with no budget at all the
    # ground procedure gives it back, and Z3's verdict is the session's
    pigeons = [Const(f"b{i}") for i in range(4)]
    holes = [f"h{j}" for j in range(3)]
    axioms = [Or(tuple(Atom(h, (p,)) for h in holes)) for p in pigeons]
    axioms += [Not(And((Atom(h, (p,)), Atom(h, (q,)))))
               for h in holes for i, p in enumerate(pigeons) for q in pigeons[i + 1:]]
    goal = Atom("nothing", (pigeons[0],))
    monkeypatch.setattr(dpll, "BUDGET", 0)   # (read by the search)
    mine, used = ground_verdict(axioms, goal)
    assert not used and mine.status == "Theorem"
    monkeypatch.undo()
    mine, used = ground_verdict(axioms, goal)
    assert used and mine.status == "Theorem"


def _agreement_on(path, n):
    """Every question full SEDAC asks on `n` problems of a corpus, answered by the ground
    procedure, checked against Z3 alone on the same question."""
    import sedac.atp.z3prover as z3p
    from sedac.corpus import read_corpus
    from sedac.evaluate import evaluate_problem
    inner = z3p.Z3Session._decide_ground
    seen = []

    def checked(self, axioms, goal, key, skolems, watch):
        v = inner(self, axioms, goal, key, skolems, watch)
        if v is not None:
            ref = Z3Session(self.prover)
            ref._fast = False
            z = ref.entails(list(axioms), goal, evidence=False)
            seen.append((v.status, z.status))
        return v

    z3p.Z3Session._decide_ground = checked
    try:
        for p in read_corpus(path)[:n]:
            evaluate_problem(p)
    finally:
        z3p.Z3Session._decide_ground = inner
    return seen


@pytest.mark.parametrize("rel", ["logic-lm/ProntoQA_dev_gpt-3.5-turbo.json",
                                 "open-llm-fol/ProntoQA_dev_Llama-2-7b.json",
                                 "logic-lm/ProofWriter_dev_gpt-3.5-turbo.json"])
def test_ground_agrees_with_z3_on_corpus_questions(rel):
    seen = _agreement_on(corpus(rel), 6)
    assert len(seen) > 50
    assert all(a == b for a, b in seen), [p for p in seen if p[0] != p[1]]


def test_prover_names_still_select_their_backends():
    assert get_prover("z3").name == "z3"
    assert get_prover("auto").name == "z3"
    s = get_prover("z3").session()
    a = Atom("p", (Const("c"),))
    v = s.entails([Forall((X,), Implies(Atom("p", (X,)), Atom("q", (X,)))), a],
                  Atom("q", (Const("c"),)))
    assert v.holds and v.used == (0, 1)    # with evidence: Z3's own core
