"""Deep rules D19-D23: what a quantifier ranges over and what a connective joins, got wrong.

The slips of models translating real language (FOLIO) beside those of D13-D18: a general
statement written as a conjunction (`∀x (¬Podcast(x) ∧ Novel(x))` for "a podcast is not a
novel"), a relative clause read as an existential ("orchestras are led by conductors" as
`∀x (Orchestra(x) → ∃y (Conductor(y) ∧ Lead(y, x)))`, where the gold says whoever leads an
orchestra is a conductor), a fresh existential variable where the universal one is meant
(`∀x (Wedding(x) → ∃y Child(y))` for "people who have a wedding have a child"), and `⊕` for
an "if ... then". Each rule gives every candidate of its kind in the program's own symbols;
full SEDAC keeps one only when the ground truth entails it (and, for a premise paired with a
gold premise, when it restores that premise). Like D13-D18 they fire only against gold
formulas for real language, whose vocabulary says so.
"""
from __future__ import annotations

from ..fol import (And, Atom, Exists, Forall, Formula, Implies, Xor, free_vars, map_atoms,
                   predicates, substitute)
from .base import DERIVE, rule
from .connectives import _formal, _places

MAX_CONJUNCTS = 3   # a conjunction read as an implication: at most this many conjuncts


def _conj(parts: list[Formula]) -> Formula:
    flat: list[Formula] = []
    for p in parts:
        flat.extend(p.args if isinstance(p, And) else (p,))
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def _as_rules(vs, args) -> list[Formula]:
    """`∀vs (a1 ∧ ... ∧ an)` as the implications it may mean: each conjunct the conclusion
    of the others."""
    if not 2 <= len(args) <= MAX_CONJUNCTS:
        return []
    out = []
    for i, head in enumerate(args):
        body = _conj([a for j, a in enumerate(args) if j != i])
        out.append(Forall(vs, Implies(body, head)) if vs else Implies(body, head))
    return out


@rule("D19", "and-for-implication", DERIVE, "![X]: (f & g)", "![X]: (f => g)")
def d19(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a general statement, or an "if ... then", written as a conjunction:
    `∀x (¬Podcast(x) ∧ Novel(x))` for "A podcast is not a novel" (which says every thing is a
    novel and no podcast), `Rich(tom) ∧ Happy(tom)` for "if Tom is rich, he is happy".
    Best practice: the implication, `∀x (Novel(x) → ¬Podcast(x))`; the ground truth decides
    which conjunct is the conclusion."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Forall) and isinstance(g.body, And):
            return _as_rules(g.vars, g.body.args)
        return []
    out = _places(f, edit)
    if isinstance(f, And) and not free_vars(f):
        out += _as_rules((), f.args)
    return out


@rule("D20", "relative-clause-as-existential", DERIVE, "![X]: (a(X) => ?[Y]: (b(Y) & r(Y, X)))",
      "![X, Y]: ((a(X) & r(Y, X)) => b(Y))")
def d20(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: "orchestras are led by conductors" (whoever leads an orchestra is a
    conductor) as `∀x (Orchestra(x) → ∃y (Conductor(y) ∧ Lead(y, x)))` (every orchestra has
    some conductor leading it), a relative clause read as an existential.
    Best practice: `∀x ∀y ((Orchestra(x) ∧ Lead(y, x)) → Conductor(y))`: the existential's
    other conjuncts become conditions, one of them the conclusion."""
    if not _formal(vocab):
        return []

    def edit(g):
        if not (isinstance(g, Forall) and isinstance(g.body, Implies)
                and isinstance(g.body.right, Exists) and isinstance(g.body.right.body, And)):
            return []
        ex = g.body.right
        args = ex.body.args
        if not 2 <= len(args) <= MAX_CONJUNCTS or set(ex.vars) & set(g.vars):
            return []
        out = []
        for i, head in enumerate(args):
            if not set(ex.vars) & free_vars(head):
                continue        # a conclusion about none of the existential's individuals
            body = _conj([g.body.left] + [a for j, a in enumerate(args) if j != i])
            out.append(Forall(g.vars, Forall(ex.vars, Implies(body, head))))
        return out
    return _places(f, edit)


@rule("D21", "fresh-existential-variable", DERIVE, "![X]: (a(X) => ?[Y]: b(Y))",
      "![X]: (a(X) => b(X))")
def d21(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a new variable where the quantified one is meant: `∀x (Wedding(x) →
    ∃y Child(y))` for "all people who have a wedding have at least one child" (which says only
    that someone is a child). Best practice: `∀x (Wedding(x) → Child(x))`."""
    if not _formal(vocab):
        return []

    def edit_in(vs):
        def edit(g):
            if not isinstance(g, Exists) or len(g.vars) != 1:
                return []
            free = free_vars(g.body)
            return [substitute(g.body, {g.vars[0]: x}) for x in vs if x not in free]
        return edit

    out: list[Formula] = []
    if isinstance(f, Forall):
        out = [Forall(f.vars, h) for h in _places(f.body, edit_in(f.vars))]
    return out


@rule("D22", "xor-for-implication", DERIVE, "..f (+) g..", "..f => g..")
def d22(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: "if A then B" written `A ⊕ B` (the model's "either ... or" where the
    sentence has a condition). Best practice: `A → B` (the ground truth decides the
    direction)."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Xor):
            return [Implies(g.left, g.right), Implies(g.right, g.left)]
        return []
    return _places(f, edit)


@rule("D23", "relation-read-backwards", DERIVE, "..r(a, b) .. r(c, d)..", "..r(b, a) .. r(d, c)..")
def d23(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a relation read the other way round wherever a premise uses it:
    `∀x (CityIn(x, butte) → ¬CityIn(x, pierre))` for "any city in Butte is not in Pierre"
    (the gold's `CityIn(butte, x)`). D7 swaps one atom's arguments; this one swaps those of
    every atom of the relation. Best practice: the relation's own argument order throughout."""
    if not _formal(vocab):
        return []
    out = []
    for name, n in sorted(predicates(f)):
        if n != 2:
            continue
        count = []

        def swap(a, name=name, count=count):
            if a.pred != name or len(a.args) != 2:
                return a
            count.append(a)
            return Atom(a.pred, (a.args[1], a.args[0]))
        g = map_atoms(f, swap)
        if len(count) >= 2:
            out.append(g)
    return out


SCOPE = [d19, d20, d21, d22, d23]
