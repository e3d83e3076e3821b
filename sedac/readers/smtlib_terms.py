"""SMT-LIB 2 terms to formulas, in a file's signature (see `smtlib.py`)."""
from __future__ import annotations

from ..fol import (FALSE, TRUE, And, Atom as FAtom, Const, Eq, Exists, Forall, Formula, Iff,
                   Implies, Not, Or, Var, Xor, children, conj)
from ..program import Unreadable
from .sexpr import Atom, List
from .smtlib_names import Signature, canon

MAX_EXPANSION = 200_000
ARITH = {"+", "-", "*", "/", "div", "mod", "abs", "<", "<=", ">", ">=", "to_real", "to_int",
         "is_int"}


class Converter:
    """S-expressions to formulas, in a file's signature."""

    def __init__(self, sig: Signature):
        self.sig = sig
        self.budget = MAX_EXPANSION
        self._sizes: dict[int, tuple] = {}

    def _spend(self, f: Formula) -> Formula:
        """`f`, a `let` or macro's formula used once more: its size counts against the
        budget, so that bindings that double at each level stop, not the machine."""
        self.budget -= self._size(f)
        if self.budget < 0:
            raise Unreadable("other-syntax", "E002", f"`let` bindings and definitions expand to "
                             f"more than {MAX_EXPANSION} nodes")
        return f

    def _size(self, f) -> int:
        got = self._sizes.get(id(f))
        if got is not None:
            return got[1]
        n = 1 + sum(self._size(k) for k in children(f))
        self._sizes[id(f)] = (f, n)
        return n

    def is_bool(self, node, env) -> bool:
        if isinstance(node, Atom):
            t = node.text
            if t in env:
                v = env[t]
                return not isinstance(v, (Var, Const)) if not isinstance(v, tuple) else v[0] == "Bool"
            return t in ("true", "false") or t in self.sig.preds or t in self.sig.macros \
                or self.sig.consts.get(t) == "Bool"
        head = node.head()
        if head in ("not", "and", "or", "=>", "xor", "=", "distinct", "forall", "exists"):
            return True
        if head in ("!", "let") and len(node.items) >= 3:
            return self.is_bool(node.items[1] if head == "!" else node.items[2], env)
        if head == "ite" and len(node.items) == 4:
            return self.is_bool(node.items[2], env)
        return head in self.sig.preds or head in ARITH and head in ("<", "<=", ">", ">=")

    def formula(self, node, env: dict) -> Formula:
        sig = self.sig
        if isinstance(node, Atom):
            t = node.text
            if node.kind in ("number", "string", "keyword"):
                raise Unreadable("knowledge" if node.kind == "number" else "other-syntax",
                                 "K001" if node.kind == "number" else "E001",
                                 f"`{t}` where a formula is expected")
            if t in env:
                v = env[t]
                if isinstance(v, tuple):
                    raise Unreadable("other-syntax", "E001", f"a Boolean variable `{t}`: the "
                                     "logic quantifies over individuals, not truth values")
                if isinstance(v, (Var, Const)):
                    raise Unreadable("other-syntax", "E001", f"the individual `{t}` where a "
                                     "formula is expected")
                return self._spend(v)
            if t == "true":
                return TRUE
            if t == "false":
                return FALSE
            if t in sig.macros:
                body = sig.macros[t]
                sig.macros.pop(t)           # a macro that uses itself is no definition
                try:
                    return self._spend(body if not isinstance(body, (Atom, List))
                                       else self.formula(body, {}))
                finally:
                    sig.macros[t] = body
            if t in sig.consts and sig.consts[t] != "Bool":
                raise Unreadable("other-syntax", "E001", f"the individual `{t}` where a formula "
                                 "is expected")
            if t in sig.preds and sig.preds[t]:
                raise Unreadable("other-syntax", "E001", f"`{t}` takes {len(sig.preds[t])} "
                                 "arguments, given none")
            return FAtom(canon(t), ())
        items = node.items
        if not items:
            raise Unreadable("other-syntax", "E001", "`()` where a formula is expected")
        head = node.head()
        args = items[1:]
        if head is None:
            raise Unreadable("other-syntax", "E001", "an indexed or qualified identifier "
                             "(`(_ ...)`, `(as ...)`): outside the logic of programs")
        if head == "not" and len(args) == 1:
            return Not(self.formula(args[0], env))
        if head in ("and", "or"):
            parts = tuple(self.formula(a, env) for a in args)
            if len(parts) < 2:
                return parts[0] if parts else (TRUE if head == "and" else FALSE)
            return (And if head == "and" else Or)(parts)
        if head == "=>" and len(args) >= 2:
            out = self.formula(args[-1], env)
            for a in reversed(args[:-1]):
                out = Implies(self.formula(a, env), out)
            return out
        if head == "xor" and len(args) >= 2:
            out = self.formula(args[0], env)
            for a in args[1:]:
                out = Xor(out, self.formula(a, env))
            return out
        if head in ("=", "distinct") and len(args) >= 2:
            return self._equality(head, args, env)
        if head == "ite" and len(args) == 3:
            c, a, b = (self.formula(x, env) for x in args)
            return And((Implies(c, a), Implies(Not(c), b)))
        if head in ("forall", "exists") and len(args) == 2 and isinstance(args[0], List):
            return self._quantifier(head, args, env)
        if head == "!" and args:
            return self.formula(args[0], env)
        if head == "let" and len(args) == 2 and isinstance(args[0], List):
            return self.formula(args[1], self._let(args[0], env))
        if head in ARITH:
            raise Unreadable("knowledge", "K001", f"arithmetic (`{head}`): background knowledge, "
                             "not a translation of the text")
        if head in sig.funcs or head in sig.consts:
            raise Unreadable("other-syntax", "E003", f"`{head}` is a function to "
                             f"{sig.funcs.get(head, ((), sig.consts.get(head)))[1]}, not a "
                             "predicate: the logic of programs has no function symbols")
        if head in ("not", "=>", "xor", "ite", "forall", "exists", "let", "!", "=", "distinct"):
            raise Unreadable("other-syntax", "E001", f"`{head}` with {len(args)} arguments")
        if head in sig.preds and len(sig.preds[head]) != len(args):
            raise Unreadable("other-syntax", "E001", f"`{head}` takes {len(sig.preds[head])} "
                             f"argument{'s' if len(sig.preds[head]) != 1 else ''}, given {len(args)}")
        return FAtom(canon(head), tuple(self.term(a, env) for a in args))

    def _equality(self, head, args, env) -> Formula:
        if any(self.is_bool(a, env) for a in args):
            fs = [self.formula(a, env) for a in args]
            if head == "=":
                return conj([Iff(fs[i], fs[i + 1]) for i in range(len(fs) - 1)])
            if len(fs) == 2:
                return Xor(fs[0], fs[1])
            return FALSE        # three truth values cannot be pairwise distinct
        ts = [self.term(a, env) for a in args]
        if head == "=":
            return conj([Eq(ts[i], ts[i + 1]) for i in range(len(ts) - 1)])
        return conj([Not(Eq(ts[i], ts[j])) for i in range(len(ts)) for j in range(i + 1, len(ts))])

    def _quantifier(self, head, args, env) -> Formula:
        inner = dict(env)
        vs = []
        for b in args[0].items:
            if not (isinstance(b, List) and len(b.items) == 2 and isinstance(b.items[0], Atom)):
                raise Unreadable("other-syntax", "E001", "a quantifier's variables are not "
                                 "`(name Sort)` pairs")
            name = b.items[0].text
            sort = self.sig.sort(b.items[1].text) if isinstance(b.items[1], Atom) else "?"
            if sort == "Bool":
                raise Unreadable("other-syntax", "E001", f"a Boolean variable `{name}`: the logic "
                                 "quantifies over individuals, not truth values")
            v = Var(name)
            inner[name] = v
            vs.append(v)
        if not vs:
            return self.formula(args[1], env)
        body = self.formula(args[1], inner)
        return (Forall if head == "forall" else Exists)(tuple(vs), body)

    def _let(self, bindings: List, env: dict) -> dict:
        inner = dict(env)
        for b in bindings.items:
            if not (isinstance(b, List) and len(b.items) == 2 and isinstance(b.items[0], Atom)):
                raise Unreadable("other-syntax", "E001", "a `let` binding is not `(name term)`")
            name, value = b.items[0].text, b.items[1]
            inner[name] = self.formula(value, env) if self.is_bool(value, env) else \
                self.term(value, env)
        return inner

    def term(self, node, env: dict):
        sig = self.sig
        if isinstance(node, Atom):
            t = node.text
            if node.kind == "number":
                raise Unreadable("knowledge", "K001", f"the number `{t}`: arithmetic is background "
                                 "knowledge, not a translation of the text")
            if node.kind != "symbol" and node.kind != "quoted":
                raise Unreadable("other-syntax", "E001", f"`{t}` where an individual is expected")
            if t in env:
                v = env[t]
                if isinstance(v, (Var, Const)):
                    return v
                raise Unreadable("other-syntax", "E001", f"the formula `{t}` where an individual "
                                 "is expected")
            if t in sig.preds or t in ("true", "false") or sig.consts.get(t) == "Bool":
                raise Unreadable("other-syntax", "E001", f"the truth value `{t}` as an argument: "
                                 "predicates take individuals")
            return Const(canon(t))
        head = node.head()
        if head in ARITH:
            raise Unreadable("knowledge", "K001", f"arithmetic (`{head}`): background knowledge, "
                             "not a translation of the text")
        if head == "!" and len(node.items) >= 2:
            return self.term(node.items[1], env)
        raise Unreadable("other-syntax", "E003", f"a nested term `({head or '...'} ...)`: the logic "
                         "of programs has no function symbols")
