"""Formulas into the z3py-style API, which Z3 and cvc5's `pythonic` module both offer."""
from __future__ import annotations

from ..fol import (And, Atom, Bottom, Eq, Exists, Forall, Formula, Iff, Implies, Not, Or, Top,
                   Var, Xor)


class SmtTranslator:
    """One uninterpreted sort, a Boolean function per predicate, a constant per name.
    Symbols are shared across the formulas of one translator."""

    def __init__(self, api, ctx=None):
        self.api, self.ctx = api, ctx
        self.sort = api.DeclareSort("U", ctx) if ctx is not None else api.DeclareSort("U")
        self.symbols: dict = {}
        self._fresh = 0

    def term(self, t, env):
        if isinstance(t, Var):
            return env[t]
        key = ("$const", t.name)
        if key not in self.symbols:
            self.symbols[key] = self.api.Const(t.name, self.sort)
        return self.symbols[key]

    def formula(self, f: Formula, env: dict | None = None):
        api, ctx, env = self.api, self.ctx, env or {}
        if isinstance(f, Atom):
            key = (f.pred, len(f.args))
            fn = self.symbols.get(key)
            if fn is None:
                fn = api.Function(f"{f.pred}/{len(f.args)}", *([self.sort] * len(f.args)),
                                  api.BoolSort(ctx=ctx))
                self.symbols[key] = fn
            return fn(*[self.term(a, env) for a in f.args]) if f.args else fn()
        if isinstance(f, Eq):
            return self.term(f.left, env) == self.term(f.right, env)
        if isinstance(f, (Top, Bottom)):
            return api.BoolVal(isinstance(f, Top), ctx=ctx)
        if isinstance(f, Not):
            return api.Not(self.formula(f.arg, env), ctx=ctx)
        if isinstance(f, (And, Or)):
            parts = [self.formula(a, env) for a in f.args]
            if not parts:
                return api.BoolVal(isinstance(f, And), ctx=ctx)
            return (api.And if isinstance(f, And) else api.Or)(*parts)
        if isinstance(f, Implies):
            return api.Implies(self.formula(f.left, env), self.formula(f.right, env), ctx=ctx)
        if isinstance(f, Iff):
            return self.formula(f.left, env) == self.formula(f.right, env)
        if isinstance(f, Xor):
            return api.Xor(self.formula(f.left, env), self.formula(f.right, env), ctx=ctx)
        if isinstance(f, (Forall, Exists)):
            inner = dict(env)
            bound = []
            for v in f.vars:
                self._fresh += 1
                c = api.Const(f"{v.name}!{self._fresh}", self.sort)
                inner[v] = c
                bound.append(c)
            body = self.formula(f.body, inner)
            return (api.ForAll if isinstance(f, Forall) else api.Exists)(bound, body)
        raise TypeError(f"not a formula: {f!r}")
