"""Entailment checks per second per backend on the questions full SEDAC asks.

The questions: for each problem, its question and the negation, and each sentence
against the others (`sedac.questions`). Z3 answers in process, incrementally per
problem; E is one subprocess per check.
"""
from __future__ import annotations

import argparse
import time

from _common import PROBLEM_CORPORA

from sedac.atp import available_provers, get_prover
from sedac.corpus import read_corpus
from sedac.questions import problem_questions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problems", type=int, default=60, help="problems per corpus file")
    args = ap.parse_args()
    per_problem = []
    for f in PROBLEM_CORPORA:
        for p in read_corpus(f)[:args.problems]:
            per_problem.append(problem_questions(p))
    n = sum(len(q) for q in per_problem)
    rates = {}
    for name in available_provers():
        prover = get_prover(name)
        start = time.perf_counter()
        for questions in per_problem:
            session = prover.session()
            for axioms, goal in questions:
                session.entails(axioms, goal)
        s = time.perf_counter() - start
        rates[name] = n / s
        print(f"{name:8s}: {n} checks in {s:.2f} s = {n / s:,.0f} checks/s "
              f"({1000 * s / n:.3f} ms per check)")
    if "z3" in rates and "eprover" in rates:
        print(f"in-process z3 is {rates['z3'] / rates['eprover']:.1f}x faster than one E "
              "subprocess per check")


if __name__ == "__main__":
    main()
