"""The entailment questions full SEDAC and the answer checks ask about a problem:
its question and the question's negation, and each sentence against the rest.
Used by the prover cross-check test and the prover benchmark."""
from __future__ import annotations

from .corpus import Problem
from .fol import Formula, negate
from .truth import truth_from_text


def problem_questions(problem: Problem) -> list[tuple[list[Formula], Formula]]:
    truth = truth_from_text(problem.text)
    axioms = truth.axioms
    out = []
    if truth.question is not None:
        out.append((axioms, truth.question))
        out.append((axioms, negate(truth.question)))
    for i, f in enumerate(axioms):
        out.append((axioms[:i] + axioms[i + 1:], f))
    return out
