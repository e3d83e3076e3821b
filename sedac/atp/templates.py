"""A formula's clause templates read straight from the formula, without building its
negation normal form: one walk with the polarity, where the session's preparation built the
alpha-canonical form, its NNF, and walked that again for the templates.

`fast_template(f, negated)` is `ground_clauses._template(nnf(¬f or f), skolems)` for the
shapes nearly every question has (a prefix of universals over a quantifier-free body of
atoms, ¬, ∧, ∨, →, ⊤, ⊥), the same templates in the same order; None for anything else,
which the session prepares as before. A `Form` carries them to the ground prover, and
builds the NNF formula only when Z3 grounds it (cores and countermodels).
"""
from __future__ import annotations

from ..fol import And, Atom, Bottom, Const, Forall, Formula, Implies, Not, Or, Top, Var
from .ground_clauses import Form, join_cnf

_SKOLEMS = tuple(f"$sk{i}" for i in range(1, 5))   # (`z3terms._SKOLEM_NAMES`: at most 4)


def prepared_form(f: Formula, negated: bool) -> Form | None:
    """The `Form` of `f` (of its negation when `negated`) with its outer existentials'
    count, or None outside the shapes above."""
    found = fast_template(f, negated)
    if found is None:
        return None
    n, width, templates = found
    return Form(f, negated, _SKOLEMS[:n], (width, templates))


def fast_template(f: Formula, negated: bool):
    """(outer existentials, width, clause templates) of `nnf(¬f)` (`negated`) or `nnf(f)`,
    as `_template` gives them with the first Skolem names; None outside the shapes above,
    for a duplicated bound variable and past four existentials (as `_prepared` refuses)."""
    if negated:
        cls = f.__class__
        if cls is Not:
            return _universal(f.arg)          # ¬¬g is g (`negate`)
        vs: tuple = ()
        while f.__class__ is Forall:
            vs += f.vars
            f = f.body
        if len(vs) > 4 or len(set(vs)) != len(vs):
            return None
        clauses = _pcnf(f, False, dict(zip(vs, _SKOLEMS)))
        return None if clauses is None else (len(vs), 0, _plain(clauses))
    return _universal(f)


def _universal(f: Formula):
    vs: tuple = ()
    while f.__class__ is Forall:
        vs += f.vars
        f = f.body
    if len(set(vs)) != len(vs):
        return None
    clauses = _pcnf(f, True, {v: i for i, v in enumerate(vs)})
    return None if clauses is None else (0, len(vs), _plain(clauses))


def _plain(clauses: list) -> tuple:
    out = []
    for c in clauses:
        # (one literal: nothing to meet)
        out.append((c, len(c) < 2 or len({p for _, p, _ in c}) == len(c)))
    return tuple(out)


def _lit(a: Atom, sign: bool, pos: dict):
    spec = []
    for t in a.args:
        tc = t.__class__
        if tc is Var:
            i = pos.get(t)
            if i is None:
                return None
            spec.append(i)
        elif tc is Const:
            spec.append(t.name)
        else:
            return None
    return (sign, a.pred, tuple(spec))


def _pcnf(f: Formula, positive: bool, pos: dict):
    """`_body_cnf(nnf(f, positive), pos)`: the clauses of a quantifier-free formula under a
    polarity; None outside the fragment or past TEMPLATE_CLAUSES."""
    cls = f.__class__
    if cls is Atom:
        lit = _lit(f, positive, pos)
        return None if lit is None else [(lit,)]
    if cls is Not:
        return _pcnf(f.arg, not positive, pos)
    if cls is Top:
        return [] if positive else [()]
    if cls is Bottom:
        return [()] if positive else []
    if cls is Implies:                         # ¬l ∨ r; negated, l ∧ ¬r
        left, right = f.left, f.right
        if left.__class__ is Atom and right.__class__ is Atom:
            # (the rule of one condition nearly every question has: its one clause, or
            # negated its two unit clauses, as `join_cnf` makes them)
            a, b = _lit(left, not positive, pos), _lit(right, positive, pos)
            if a is None or b is None:
                return None
            return [(a, b)] if positive else [(a,), (b,)]
        return join_cnf((_pcnf(left, not positive, pos), _pcnf(right, positive, pos)),
                        not positive)
    if cls is And or cls is Or:
        return join_cnf((_pcnf(a, positive, pos) for a in f.args), (cls is And) == positive)
    return None
