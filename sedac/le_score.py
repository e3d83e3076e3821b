"""LogicLLaMA's "LE" score, for comparison with sedac's prover-based verdicts.

LE calls two formulas equivalent when their truth tables agree, with the quantifiers taken
away and every atom read as a proposition (after the names have been matched). It is what
papers report; it is not sound: `∀x (A(x) → B(x))` and `∃x (A(x) → B(x))` get the same
table, and so do formulas whose variables differ only in which quantifier binds them. sedac
reports it beside its own verdicts and lists the pairs where the two disagree.
"""
from __future__ import annotations

import itertools

from .fol import (And, Atom, Bottom, Const, Eq, Exists, Forall, Formula, Iff, Implies, Not, Or,
                  Top, Var, Xor)

MAX_ATOMS = 14   # 2**14 rows at most; past that a formula pair is not scored


def _props(f: Formula, out: dict) -> None:
    if isinstance(f, (Atom, Eq)):
        out.setdefault(_key(f), len(out))
    elif isinstance(f, Not):
        _props(f.arg, out)
    elif isinstance(f, (And, Or)):
        for a in f.args:
            _props(a, out)
    elif isinstance(f, (Implies, Iff, Xor)):
        _props(f.left, out)
        _props(f.right, out)
    elif isinstance(f, (Forall, Exists)):
        _props(f.body, out)


def _key(a) -> tuple:
    """An atom as a proposition: variables are all alike (the quantifiers are gone)."""
    def term(t):
        return "_" if isinstance(t, Var) else t.name if isinstance(t, Const) else str(t)
    if isinstance(a, Eq):
        return ("=", term(a.left), term(a.right))
    return (a.pred,) + tuple(term(t) for t in a.args)


def _value(f: Formula, row: dict) -> bool:
    if isinstance(f, (Atom, Eq)):
        return row[_key(f)]
    if isinstance(f, Not):
        return not _value(f.arg, row)
    if isinstance(f, And):
        return all(_value(a, row) for a in f.args)
    if isinstance(f, Or):
        return any(_value(a, row) for a in f.args)
    if isinstance(f, Implies):
        return (not _value(f.left, row)) or _value(f.right, row)
    if isinstance(f, Iff):
        return _value(f.left, row) == _value(f.right, row)
    if isinstance(f, Xor):
        return _value(f.left, row) != _value(f.right, row)
    if isinstance(f, (Forall, Exists)):
        return _value(f.body, row)
    if isinstance(f, Top):
        return True
    if isinstance(f, Bottom):
        return False
    raise TypeError(f"no truth value for {type(f).__name__}")


def le_equivalent(p: Formula, g: Formula) -> bool | None:
    """Whether LE calls `p` and `g` equivalent (both in one signature); None when they have
    too many atoms to tabulate."""
    props: dict = {}
    _props(p, props)
    _props(g, props)
    if len(props) > MAX_ATOMS:
        return None
    keys = list(props)
    for values in itertools.product((False, True), repeat=len(keys)):
        row = dict(zip(keys, values))
        if _value(p, row) != _value(g, row):
            return False
    return True
