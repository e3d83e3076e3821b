"""Formulas up to the names of their bound variables (alpha-equivalence).

A program and its problem text say the same rule with different variables (`∀X (cat(X) →
feline(X))` against `∀Vx (cat(Vx) → feline(Vx))`); grounded, both are the same clauses. A
session keys what it prepares by the canonical form (bound variables renamed `$0`, `$1`, ...
in the order they are bound), so that alpha-variants share one preparation, and a question
whose goal is an axiom up to its variables is known to be a theorem without a search.
"""
from __future__ import annotations

from ..fol import (And, Atom, Bottom, Eq, Exists, Forall, Formula, Func, Iff, Implies, Not, Or,
                   Top, Var, Xor)

_NAMES: list[Var] = []


def _name(i: int) -> Var:
    while len(_NAMES) <= i:
        _NAMES.append(Var(f"${len(_NAMES)}"))
    return _NAMES[i]


def canonical(f: Formula) -> Formula:
    """`f` with its bound variables renamed by binding order (`f` itself when nothing
    changes); free variables are kept."""
    return _canon(f, {}, 0)


def _term(t, env: dict):
    if t.__class__ is Var:
        return env.get(t, t)
    if t.__class__ is Func:
        args = tuple(_term(a, env) for a in t.args)
        return t if args == t.args else Func(t.name, args)
    return t


def _canon(f, env: dict, depth: int):
    cls = f.__class__
    if cls is Atom:
        if not env:
            return f
        args = tuple(_term(a, env) for a in f.args)
        return f if args == f.args else Atom(f.pred, args)
    if cls is Not:
        a = _canon(f.arg, env, depth)
        return f if a is f.arg else Not(a)
    if cls is And or cls is Or:
        args = tuple(_canon(a, env, depth) for a in f.args)
        return f if all(x is y for x, y in zip(args, f.args)) else cls(args)
    if cls is Implies or cls is Iff or cls is Xor:
        left, right = _canon(f.left, env, depth), _canon(f.right, env, depth)
        return f if left is f.left and right is f.right else cls(left, right)
    if cls is Forall or cls is Exists:
        inner = dict(env)
        names = []
        mine: dict = {}            # (a variable bound twice by one quantifier keeps one name)
        for v in f.vars:
            n = mine.get(v)
            if n is None:
                n = mine[v] = inner[v] = _name(depth)
                depth += 1
            names.append(n)
        body = _canon(f.body, inner, depth)
        names = tuple(names)
        return f if body is f.body and names == f.vars else cls(names, body)
    if cls is Eq:
        if not env:
            return f
        left, right = _term(f.left, env), _term(f.right, env)
        return f if left == f.left and right == f.right else Eq(left, right)
    if cls is Top or cls is Bottom:
        return f
    raise TypeError(f"not a formula: {f!r}")


def alpha_key(f: Formula):
    """A key of `f` up to its bound variables' names, built of tuples (no formula is made):
    two formulas' keys are equal exactly when their `canonical` forms are (a free variable
    spelt like a canonical name, `$0`, is told apart, as it may not be)."""
    return _key(f, None, 0)


def _key(f, env, depth: int):
    cls = f.__class__
    if cls is Atom:
        if not env:
            return f
        return (Atom, f.pred, tuple([env.get(t, t) if t.__class__ is Var else
                                     (_func_key(t, env) if t.__class__ is Func else t)
                                     for t in f.args]))
    if cls is Not:
        return (Not, _key(f.arg, env, depth))
    if cls is And or cls is Or:
        return (cls, tuple([_key(a, env, depth) for a in f.args]))
    if cls is Implies or cls is Iff or cls is Xor:
        return (cls, _key(f.left, env, depth), _key(f.right, env, depth))
    if cls is Forall or cls is Exists:
        inner = dict(env) if env else {}
        names = []
        mine: dict = {}
        for v in f.vars:
            n = mine.get(v)
            if n is None:
                n = mine[v] = inner[v] = depth
                depth += 1
            names.append(n)
        return (cls, tuple(names), _key(f.body, inner, depth))
    if cls is Eq:
        if not env:
            return f
        return (Eq, _term_key(f.left, env), _term_key(f.right, env))
    if cls is Top or cls is Bottom:
        return f
    raise TypeError(f"not a formula: {f!r}")


def _term_key(t, env):
    if t.__class__ is Var:
        return env.get(t, t)
    if t.__class__ is Func:
        return _func_key(t, env)
    return t


def _func_key(t, env):
    return (Func, t.name, tuple(_term_key(a, env) for a in t.args))
