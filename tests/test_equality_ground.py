"""Questions with equality between individuals are decided by grounding `=` as a congruence
(`sedac.atp.equality`); every answer must be the one Z3's quantified solver gives."""
from __future__ import annotations

import itertools
import random

import pytest

from sedac.atp.base import Stopwatch
from sedac.atp.equality import satisfiable_with_equality
from sedac.atp.z3prover import Z3Prover
from sedac.fol import Atom, Const, Eq, Exists, Forall, Implies, Not, Or, Var, constants

X, Y = Var("X"), Var("Y")
NAMES = [Const(n) for n in ("alex", "stella", "sally")]


def _questions(seed: int, n: int):
    """Random small universal axioms with equalities, and ground or existential goals."""
    rnd = random.Random(seed)
    preds = ["cat", "red", "big"]

    def lit(term):
        a = Atom(rnd.choice(preds), (term,))
        return a if rnd.random() < 0.6 else Not(a)

    for _ in range(n):
        axioms = []
        for _ in range(rnd.randint(1, 4)):
            kind = rnd.random()
            a, b = rnd.sample(NAMES, 2)
            if kind < 0.3:
                axioms.append(Eq(a, b) if rnd.random() < 0.7 else Not(Eq(a, b)))
            elif kind < 0.6:
                axioms.append(lit(rnd.choice(NAMES)))
            elif kind < 0.8:
                axioms.append(Forall((X,), Implies(lit(X), lit(X))))
            else:
                axioms.append(Forall((X,), Or((Eq(X, rnd.choice(NAMES)), lit(X)))))
        g = rnd.random()
        if g < 0.4:
            goal = lit(rnd.choice(NAMES))
        elif g < 0.7:
            a, b = rnd.sample(NAMES, 2)
            goal = Eq(a, b)
        else:
            goal = Exists((Y,), lit(Y))
        yield axioms, goal


def _names(formulas):
    return frozenset(c.name for f in formulas for c in constants(f))


@pytest.mark.parametrize("seed", range(4))
def test_grounded_equality_agrees_with_z3s_quantified_solver(seed):
    session = Z3Prover().session()
    decided = 0
    for axioms, goal in _questions(seed, 40):
        sat = satisfiable_with_equality(axioms, goal, _names(axioms + [goal]))
        z3v = session._entails_quantified(axioms, goal, 10.0, Stopwatch())
        assert z3v.determinate, (axioms, goal, z3v.status)
        if sat is None:
            continue
        decided += 1
        assert sat == z3v.refuted, (axioms, goal, z3v.status)
    assert decided >= 30      # the fragment is the usual one: most questions are decided


def test_names_that_are_one_individual_share_their_properties():
    a, b = NAMES[0], NAMES[1]
    axioms = [Eq(a, b), Atom("cat", (a,))]
    assert satisfiable_with_equality(axioms, Atom("cat", (b,)), _names(axioms)) is False
    # without the equality two names are two individuals: not entailed
    assert satisfiable_with_equality(axioms[1:] + [Forall((X,), Or((Eq(X, a), Not(Eq(X, a)))))],
                                     Atom("cat", (b,)), frozenset({"alex", "stella"})) is True


def test_the_session_answers_an_equality_question_without_the_quantified_solver():
    session = Z3Prover().session()
    called = []
    session._entails_quantified = lambda *a: called.append(a)   # (must not be reached)
    a, b = NAMES[0], NAMES[1]
    v = session.entails([Eq(a, b), Atom("cat", (a,))], Atom("cat", (b,)), evidence=False)
    assert v.holds and not called
    v = session.entails([Atom("cat", (a,))], Atom("cat", (b,)), evidence=False)
    assert v.refuted
