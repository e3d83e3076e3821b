"""First-order logic text: `∀x (Jompus(x) → ¬Shy(x)) ::: Jompuses are not shy.`

Sections `Predicates:` (ignored), `Premises:` and `Conclusion:` (the question).
Names are aligned with the canonical ones (`Wumpus` -> `wumpus`); a lower-case
one-letter name that no quantifier binds is a variable whose quantifier is missing.
"""
from __future__ import annotations

import re

from lark import Token, Tree

from ..fol import to_unicode, Atom, Const, Exists, Forall, Formula, Implies, Not, Var, Xor
from .base import tree_connective
from .sections import SectionReader, Unreadable, camel_to_snake

_FREE_VAR = re.compile(r"^[a-z]$")
_FRULE = re.compile(r"^∀([a-z])\s*\(\s*([A-Za-z_]\w*)\(\1\)\s*→\s*(¬?)([A-Za-z_]\w*)\(\1\)\s*\)$")
_FFACT = re.compile(r"^(¬?)([A-Za-z_]\w*)\(([A-Za-z_]\w+)\)$")


class FolReader(SectionReader):
    lang = "fol"
    grammar = "fol"
    statement_sections = ("premises",)
    query_sections = ("conclusion", "conclusions", "question")

    def fast(self, stmt, section):
        m = _FRULE.match(stmt)
        if m:
            x = Var(m.group(1))
            head = Atom(camel_to_snake(m.group(4)), (x,))
            return Forall((x,), Implies(Atom(camel_to_snake(m.group(2)), (x,)),
                                        Not(head) if m.group(3) else head)), []
        m = _FFACT.match(stmt)
        if m:
            atom = Atom(camel_to_snake(m.group(2)), (Const(camel_to_snake(m.group(3))),))
            return (Not(atom) if m.group(1) else atom), []
        return None

    def convert(self, tree, section):
        return self._f(tree.children[0], frozenset()), []

    def _f(self, t, bound: frozenset[str]) -> Formula:
        d = t.data
        kids = [k for k in t.children if isinstance(k, Tree)]
        toks = [k for k in t.children if isinstance(k, Token)]
        conn = tree_connective(d, kids, lambda k: self._f(k, bound))
        if conn is not None:
            return conn
        if d == "xor":
            out = self._f(kids[0], bound)
            for k in kids[1:]:
                out = Xor(out, self._f(k, bound))
            return out
        if d == "quant":
            pairs = [(toks[i], toks[i + 1]) for i in range(0, len(toks), 2)]
            out_bound = bound | {str(v) for _, v in pairs}
            body = self._f(kids[0], out_bound)
            for q, v in reversed(pairs):
                body = (Forall if str(q) == "∀" else Exists)((Var(str(v)),), body)
            return body
        if d == "atom":
            if kids:
                raise Unreadable("other-syntax", "E003", "a predicate nested inside another: "
                                 "the logic has no function symbols")
            name, *args = [str(x) for x in toks]
            return Atom(camel_to_snake(name), tuple(self._term(a, bound) for a in args))
        if d == "prop":
            return Atom(camel_to_snake(str(toks[0])), ())
        raise Unreadable("other-syntax", "E001", f"unexpected `{d}`")

    def _term(self, name: str, bound: frozenset[str]):
        if name in bound or _FREE_VAR.match(name):
            return Var(name)
        return Const(camel_to_snake(name))

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        text = to_unicode(formula)
        return f"{text} ::: {gloss}" if gloss else text
