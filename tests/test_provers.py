"""Provers: statuses, evidence, the cache, cross-checking, and z3/E agreement on real questions."""
from __future__ import annotations

import random

import pytest

from sedac.atp import CrossCheck, Prover, Verdict, backend, get_prover
from sedac.atp.base import COUNTER_SATISFIABLE, THEOREM
from sedac.corpus import read_corpus
from sedac.errors import ProverError
from sedac.questions import problem_questions
from sedac.readers.tptp import parse_formula as P

from .conftest import corpus

AX = [P("! [X] : (cat(X) => ~ blue(X))"), P("cat(rex)"), P("dog(rex)")]


@pytest.mark.parametrize("name", ["z3", "eprover", "cvc5"])
def test_statuses_and_cores(name):
    prover = get_prover(name)
    v = prover.entails(AX, P("~ blue(rex)"))
    assert v.status == THEOREM and v.used == ((0, 1) if name != "cvc5" else None)
    assert prover.entails(AX, P("blue(rex)")).status == COUNTER_SATISFIABLE
    assert prover.entails(AX, P("! [X] : (blue(X) => ~ cat(X))")).status == THEOREM
    assert prover.entails(AX, P("? [X] : dog(X)")).holds
    assert prover.consistent(AX).status == "Satisfiable"
    assert prover.consistent([P("p(a)"), P("~ p(a)")]).status == "Unsatisfiable"


def test_z3_countermodel_and_quantified_fallback():
    v = get_prover("z3").entails(AX, P("blue(rex)"))
    m = v.model
    assert m.holds("cat", "rex") and m.holds("dog", "rex") and not m.holds("blue", "rex")
    assert m.describe() == "rex is cat and dog; nothing else holds"
    # an existential under a universal is outside the grounded fragment: the general path
    v = get_prover("z3").entails([P("! [X] : ? [Y] : r(X,Y)"), P("p(a)")], P("? [Y] : r(a,Y)"))
    assert v.status == THEOREM


def test_session_caches_and_does_not_leak_between_problems():
    prover = get_prover("z3")
    s1 = prover.session()
    s1.entails(AX, P("~ blue(rex)"))
    s1.entails(AX, P("~ blue(rex)"))
    assert s1.calls == 1 and s1.cache_hits == 1
    s2 = prover.session()
    assert s2.entails([P("cat(tom)")], P("~ blue(rex)")).status == COUNTER_SATISFIABLE


class FakeProverAlwaysTheorem(Prover):
    """A fake prover, to test the cross-check code around real ones."""
    name = "fake"

    def entails(self, axioms, goal, time_limit=10.0):
        return Verdict(THEOREM, "fake")


def test_cross_check_with_fake_prover_raises_on_disagreement():
    cross = CrossCheck([get_prover("z3"), FakeProverAlwaysTheorem()])
    assert cross.entails(AX, P("~ blue(rex)")).holds
    with pytest.raises(ProverError, match="disagree"):
        cross.entails(AX, P("blue(rex)"))


def test_unknown_and_missing_provers():
    with pytest.raises(ProverError, match="unknown prover"):
        get_prover("prover10")
    if not backend("vampire").available():
        with pytest.raises(ProverError, match="not installed"):
            get_prover("vampire")


@pytest.mark.parametrize("rel", ["prontoqa/v1-false/3hop.json", "prontoqa/ood-false/2hop.json",
                                 "logic-lm/ProntoQA_dev.json"])
def test_z3_eprover_and_cvc5_agree_on_a_sample_of_real_questions(rel):
    problems = read_corpus(corpus(rel))
    rng = random.Random(11)
    sample = rng.sample(problems, 6)
    z3, e, c = get_prover("z3"), get_prover("eprover"), get_prover("cvc5")
    decided = 0
    for p in sample:
        session = z3.session()
        for axioms, goal in problem_questions(p):
            a = session.entails(axioms, goal)
            b = e.entails(axioms, goal, 5)
            assert a.determinate and b.determinate, (p.id, a, b)
            assert a.holds == b.holds, (p.id, goal, a.status, b.status)
            if decided % 4 == 0:
                v = c.entails(axioms, goal, 5)
                assert v.determinate and v.holds == a.holds, (p.id, goal, v.status, a.status)
            decided += 1
    assert decided > 60
