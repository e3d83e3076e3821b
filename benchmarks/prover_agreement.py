"""z3 and E on every entailment question of the shared problem corpora."""
from __future__ import annotations

import time
from collections import Counter

from _common import PROBLEM_CORPORA

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.questions import problem_questions


def main():
    z3, e = get_prover("z3"), get_prover("eprover")
    counts = Counter()
    start = time.perf_counter()
    for f in PROBLEM_CORPORA:
        for p in read_corpus(f):
            session = z3.session()
            for axioms, goal in problem_questions(p):
                a, b = session.entails(axioms, goal), e.entails(axioms, goal, 10)
                counts["questions"] += 1
                if a.determinate and b.determinate:
                    counts["both determinate"] += 1
                    counts["agree" if a.holds == b.holds else "DISAGREE"] += 1
                    counts["theorems" if a.holds else "non-theorems"] += 1
                else:
                    counts[f"indeterminate (z3 {a.status}, E {b.status})"] += 1
    print(dict(counts), f"in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
