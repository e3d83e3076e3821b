"""A problem evaluated leaves no reference cycles behind: what it built is freed when it is
done, by reference counting, so the garbage collector of a long eval never walks the
questions of the problems before (its collections were a tenth of a PrOntoQA run)."""
from __future__ import annotations

import gc
from collections import Counter

import pytest

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.evaluate import evaluate_problem

from .conftest import ROOT


def _cyclic_garbage(work) -> Counter:
    """The types of the objects `work()` left that only the collector can free."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        work()
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.fixture(scope="module")
def problems():
    return read_corpus(ROOT / "corpora" / "prontoqa" / "injected.jsonl")[:12]


def test_an_evaluated_problem_leaves_no_session_or_formula_cycles(problems):
    evaluate_problem(problems[0], "z3")           # (warm: imports, engines, first caches)
    left = _cyclic_garbage(lambda: [evaluate_problem(p, "z3") for p in problems[1:]])
    kept = {k: left[k] for k in ("Z3Session", "_Slicer", "GroundSolver", "Verdict", "Atom",
                                 "Forall", "Implies", "frame", "traceback", "Line") if left[k]}
    assert not kept, kept


def test_a_closed_session_keeps_its_counts_and_lets_go_of_its_caches():
    from sedac.fol import Atom, Const, Forall, Implies, Var
    x = Var("X")
    axioms = [Atom("cat", (Const("tom"),)),
              Forall((x,), Implies(Atom("cat", (x,)), Atom("animal", (x,))))]
    session = get_prover("z3").session()
    verdict = session.entails(axioms, Atom("animal", (Const("tom"),)))
    assert verdict.holds and session.calls == 1
    session.close()
    assert session.calls == 1 and not hasattr(session, "_cache")


def test_a_closed_report_leaves_no_session_behind(problems):
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text

    def check(p):
        truth = truth_from_text(p.text)
        report = analyse(read_program(p.program, p.id, vocab_hint=truth.vocab), truth, "full",
                         "z3", unsafe_fixes=True)
        report.close()
    check(problems[0])
    left = _cyclic_garbage(lambda: [check(p) for p in problems[1:]])
    assert not left["Z3Session"] and not left["Verdict"] and not left["Atom"], left
