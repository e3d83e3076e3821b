"""Deep rules D13-D17: a connective or quantifier the translation got wrong.

Real language (FOLIO) is translated with the whole of first-order logic, and its errors are
of the connectives: `∨` for "either ... or" (`⊕`), `∧` for `∨`, `∀` for `∃`, an implication
for "if and only if", "neither A nor B" written `¬(A ∧ B)`. Each rule changes one place of
the formula (each place gives one candidate); full SEDAC keeps a candidate only when the
ground truth entails it. They fire only against gold formulas for real language (FOLIO), whose vocabulary says
so: the grammar's texts never need them.
"""
from __future__ import annotations

from ..fol import And, Atom, Exists, Forall, Formula, Iff, Implies, Not, Or, Xor
from .base import DERIVE, rule

MAX_PLACES = 24   # candidates per rule and formula, at most


def _places(f: Formula, edit) -> list[Formula]:
    """Every formula that is `f` with one subformula `g` replaced by one of `edit(g)`."""
    out: list[Formula] = []
    _walk_places(f, lambda h: h, edit, out)
    return out[:MAX_PLACES]


def _walk_places(g: Formula, rebuild, edit, out: list) -> None:
    # (a module function: a closure that calls itself is a reference cycle made per call)
    if len(out) >= MAX_PLACES:
        return
    for h in edit(g) or ():
        out.append(rebuild(h))
    if isinstance(g, Not):
        _walk_places(g.arg, lambda h: rebuild(Not(h)), edit, out)
    elif isinstance(g, (And, Or)):
        for i, a in enumerate(g.args):
            _walk_places(a, lambda h, i=i, g=g: rebuild(type(g)(g.args[:i] + (h,) + g.args[i + 1:])),
                         edit, out)
    elif isinstance(g, (Implies, Iff, Xor)):
        _walk_places(g.left, lambda h, g=g: rebuild(type(g)(h, g.right)), edit, out)
        _walk_places(g.right, lambda h, g=g: rebuild(type(g)(g.left, h)), edit, out)
    elif isinstance(g, (Forall, Exists)):
        _walk_places(g.body, lambda h, g=g: rebuild(type(g)(g.vars, h)), edit, out)


def _formal(vocab) -> bool:
    return bool(getattr(vocab, "formal", False))


def _pairwise(args, make):
    """A binary `make` folded over the arguments of an n-ary node."""
    out = args[0]
    for a in args[1:]:
        out = make(out, a)
    return out


@rule("D13", "or-for-xor", DERIVE, "..f | g..", "..f (+) g..")
def d13(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: "either A or B" (exactly one) as `A ∨ B`, or a plain "or" as `A ⊕ B`.
    Best practice: the connective the sentence means; the ground truth decides which."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Or) and len(g.args) == 2:
            return [Xor(g.args[0], g.args[1])]
        if isinstance(g, Xor):
            return [Or((g.left, g.right))]
        return []
    return _places(f, edit)


@rule("D14", "and-for-or", DERIVE, "..f & g..", "..f | g..")
def d14(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: `∧` where the sentence says "or" (or the reverse), often under a
    negation: "neither A nor B" written `¬(A ∧ B)`. Best practice: `¬(A ∨ B)`."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, And):
            return [Or(g.args)]
        if isinstance(g, Or):
            return [And(g.args)]
        return []
    return _places(f, edit)


@rule("D15", "wrong-quantifier", DERIVE, "..![X]: f..", "..?[X]: f..")
def d15(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: "some" read as "all" (or "all" as "some"): `∀x (A(x) → B(x))` for
    "Some A are B". Best practice: `∃x (A(x) ∧ B(x))`; an implication under a new `∃`
    becomes a conjunction, and a conjunction under a new `∀` an implication."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Forall):
            body = g.body
            if not isinstance(body, Implies):
                return []      # `∀x p(x)` read as `∃x p(x)` says next to nothing
            return [Exists(g.vars, And((body.left, body.right)))]
        if isinstance(g, Exists):
            body = g.body
            if isinstance(body, And) and len(body.args) >= 2:
                body = Implies(body.args[0], _pairwise(body.args[1:], lambda a, b: And((a, b))))
            return [Forall(g.vars, body)]
        return []
    return _places(f, edit)


@rule("D16", "iff-for-implication", DERIVE, "..f => g..", "..f <=> g..")
def d16(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: "if and only if" as a one-way implication, or "if" as `↔`.
    Best practice: the connective the sentence states."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Implies):
            return [Iff(g.left, g.right)]
        if isinstance(g, Iff):
            return [Implies(g.left, g.right), Implies(g.right, g.left)]
        return []
    return _places(f, edit)


@rule("D17", "negation-scope", DERIVE, "..~(f & g)..", "..~f & ~g..")
def d17(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a negation over the wrong part: "A is neither B nor C" as `¬(B ∧ C)`,
    "not all" as "none", `¬A → B` for `¬(A → B)`. Best practice: the scope the sentence has:
    the negation moved into (or out of) one connective."""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Not) and isinstance(g.arg, (And, Or)):
            return [type(g.arg)(tuple(Not(a) for a in g.arg.args))]
        if isinstance(g, (And, Or)) and all(isinstance(a, Not) for a in g.args):
            return [Not(type(g)(tuple(a.arg for a in g.args)))]
        if isinstance(g, Not) and isinstance(g.arg, Implies):
            return [Implies(Not(g.arg.left), g.arg.right), Implies(g.arg.left, Not(g.arg.right))]
        return []
    return _places(f, edit)


@rule("D18", "dropped-domain", DERIVE, "![X]: (c(X) => g)", "![X]: g")
def d18(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a condition the ground truth leaves to the domain, `∀x (Animal(x) →
    (Rabbit(x) ∨ Squirrel(x)))` where the gold says `∀x (Rabbit(x) ∨ Squirrel(x))`, or one it
    has and the translation lost; also a domain written as a definition, `∀x (Animal(x) ↔
    (Monkey(x) ∨ Bird(x)))` for "an animal is either a monkey or a bird". Best practice: the
    ground truth's reading. (D9 drops one of several conditions; this one drops the only one.)"""
    if not _formal(vocab):
        return []

    def edit(g):
        if isinstance(g, Forall) and isinstance(g.body, Implies):
            return [Forall(g.vars, g.body.right)]
        if isinstance(g, Forall) and isinstance(g.body, Iff) and isinstance(g.body.left, Atom):
            return [Forall(g.vars, g.body.right)]
        return []
    return _places(f, edit)


CONNECTIVE = [d13, d14, d15, d16, d17, d18]
