"""Equality between individuals, decided by grounding (a question Z3's quantified solver took).

A question whose formulas say `x = sally` or `alex = stella` is outside the session's ground
fragment (`NotGroundable("equality")`): its Herbrand expansion over distinct constants is not
its meaning, as two names may be one individual. It is still effectively propositional when
the axioms are universal and the goal's negation has only outer existentials: by Herbrand's
theorem with equality, such a set has a model exactly when it has one over its constants (and
one Skolem element per outer existential, at least one element) in which `=` is any
congruence, so with `=` read as a predicate and its axioms (reflexive, symmetric, transitive,
and a congruence for every predicate) ground over those elements, the question is a clause
set for `dpll`. Z3's quantified solver, which took these questions before, decides this
fragment (it is EPR) with the same answers (`tests/test_equality_ground.py`), but with a new
solver for each question (about 15% of the prover's instructions on Llama-2-7b's replies).
"""
from __future__ import annotations

from itertools import product

from ..fol import Atom, Eq, Formula, map_atoms, negate, nnf
from .dpll import _satisfiable
from .fragment import _count_outer_exists
from .ground_clauses import GroundClauses, Unsupported
from .z3terms import _SKOLEM_NAMES

EQ = "="              # (no predicate of a program or a text is spelt so)
MAX_CLAUSES = 20_000  # equality axioms past this: the question is Z3's after all


def _as_atom(f):
    if f.__class__ is Eq:
        return Atom(EQ, (f.left, f.right))
    return f


def satisfiable_with_equality(axioms: list[Formula], goal: Formula,
                              names: frozenset[str]) -> bool | None:
    """Whether `axioms ∧ ¬goal` has a model (`names`: the constants they mention); None
    outside the fragment (an existential in an axiom or under a universal, a function, a
    free variable, more than four outer existentials) or past the budget."""
    neg = nnf(negate(map_atoms(goal, _as_atom, True)))
    n = _count_outer_exists(neg)
    if n > len(_SKOLEM_NAMES):
        return None
    skolems = _SKOLEM_NAMES[:n]      # (the session's names for them, and as many)
    universe = tuple(sorted(set(names) | set(skolems))) or _SKOLEM_NAMES[:1]
    g = GroundClauses(universe)
    try:
        clauses = [c for a in axioms for c in g.formula_clauses(nnf(map_atoms(a, _as_atom, True)))]
        clauses += g.formula_clauses(neg, skolems)
    except (Unsupported, KeyError, AttributeError):   # (KeyError: a free variable)
        return None
    axioms_of_eq = _equality_axioms(g)
    if axioms_of_eq is None:
        return None
    return _satisfiable(clauses + axioms_of_eq)


def _equality_axioms(g: GroundClauses) -> list[tuple] | None:
    """The ground clauses that make `=` a congruence over `g`'s universe, for every predicate
    its atoms use; None past MAX_CLAUSES."""
    u = g.universe
    preds = sorted({(p, len(args)) for p, args in g.atoms if p != EQ})
    size = len(u) ** 3 + sum(n * len(u) ** (n + 1) for _, n in preds)
    if size > MAX_CLAUSES:
        return None

    def eq(a, b):
        return g.atom(EQ, (a, b))
    out: list[tuple] = [(eq(a, a),) for a in u]
    for a, b in product(u, repeat=2):
        if a != b:
            out.append((-eq(a, b), eq(b, a)))
    for a, b, c in product(u, repeat=3):
        if a != b and b != c and a != c:
            out.append((-eq(a, b), -eq(b, c), eq(a, c)))
    for p, n in preds:
        for args in product(u, repeat=n):
            for i, a in enumerate(args):
                for b in u:
                    if b != a:
                        moved = args[:i] + (b,) + args[i + 1:]
                        out.append((-g.atom(p, args), -eq(a, b), g.atom(p, moved)))
    return out
