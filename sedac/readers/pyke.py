"""Logic-LM's Pyke-like format: `Facts:` / `Rules:` with `>>>` / `Query:`.

`Pred(arg..., True|False)` is a literal whose last argument says its polarity;
`$x` is a variable. Predicate and constant names are aligned with the canonical
ones (`Wumpus` -> `wumpus`, `PrimeNumber` -> `prime_number`, `Max` -> `max`).
"""
from __future__ import annotations

import re

from lark import Tree

from ..fol import (FALSE, TRUE, And, Atom, Const, Formula, Implies, Not, Top, Var, conj,
                   implication_parts, Bottom)
from .sections import SectionReader, Unreadable, camel_to_snake


_PLIT = r"([A-Za-z_]\w*)\(\s*(\$?[A-Za-z_]\w*)\s*,\s*(True|False)\s*\)"
_PFAST = re.compile(rf"^{_PLIT}(?:\s*>>>\s*{_PLIT})?$")


_NEGATED_NAME = re.compile(r"^Not([A-Z]\w*)$")


def _predicate(name: str, positive: bool, notes: list) -> tuple[str, bool]:
    """The canonical predicate and polarity; `NotEarthy` is the negation of `Earthy`."""
    m = _NEGATED_NAME.match(name)
    if m:
        notes.append(("Y008", "symbol", f"negation written into the name `{name}`; "
                      f"read as the negation of `{m.group(1)}`"))
        return camel_to_snake(m.group(1)), not positive
    return camel_to_snake(name), positive


def _fast_literal(name: str, arg: str, tv: str, notes: list) -> Formula:
    term = Var(arg[1:]) if arg.startswith("$") else Const(camel_to_snake(arg))
    pred, positive = _predicate(name, tv == "True", notes)
    atom = Atom(pred, (term,))
    return atom if positive else Not(atom)


class PykeReader(SectionReader):
    lang = "pyke"
    grammar = "pyke"
    statement_sections = ("facts", "rules")
    query_sections = ("query",)
    implicit_closure = True

    def fast(self, stmt, section):
        m = _PFAST.match(stmt)
        if m is None:
            return None
        notes: list = []
        first = _fast_literal(*m.group(1, 2, 3), notes)
        if m.group(4) is None:
            return first, notes
        if section == "facts":
            notes.append(("P001", "other-syntax",
                          "a rule under `Facts:`; read as a rule (it belongs under `Rules:`)"))
        return Implies(first, _fast_literal(*m.group(4, 5, 6), notes)), notes

    def convert(self, tree, section):
        notes: list[tuple[str, str, str]] = []
        stmt = tree.children[0]
        f = self._formula(stmt, notes)
        if isinstance(stmt, Tree) and stmt.data == "rule" and section == "facts":
            notes.append(("P001", "other-syntax",
                          "a rule under `Facts:`; read as a rule (it belongs under `Rules:`)"))
        if isinstance(f, (Top, Bottom)):
            raise Unreadable("other-syntax", "E006", "a truth value alone is not a statement")
        return f, notes

    def _formula(self, t, notes) -> Formula:
        if not isinstance(t, Tree):
            raise Unreadable("other-syntax", "E001", f"unexpected `{t}`")
        if t.data == "rule":
            body = self._formula(t.children[0], notes)
            head = self._formula(t.children[1], notes)
            return Implies(body, head)
        if t.data == "conj":
            return conj([self._formula(c, notes) for c in t.children if isinstance(c, Tree)])
        if t.data == "neg":
            inner = [c for c in t.children if isinstance(c, Tree)]
            return Not(self._formula(inner[0], notes))
        if t.data == "truth":
            return TRUE if str(t.children[0]) == "True" else FALSE
        if t.data == "atom":
            return self._atom(t, notes)
        raise Unreadable("other-syntax", "E001", f"unexpected `{t.data}`")

    def _atom(self, t, notes) -> Formula:
        raw_name = str(t.children[0])
        args = [a for a in t.children[1:] if isinstance(a, Tree)]
        positive = True
        if args and args[-1].data == "const" and str(args[-1].children[0]) == "bool":
            args[-1] = Tree("unknown_tv", [])   # `Dull(Max, bool)`: the declaration's type
        if args and args[-1].data in ("tv", "unknown_tv"):
            last = args.pop()
            if last.data == "unknown_tv":
                notes.append(("Y006", "symbol", "`?` or `bool` in place of a truth value; "
                              "read as `True`"))
            else:
                positive = str(last.children[0]) == "True"
        terms = []
        for a in args:
            if a.data == "var":
                terms.append(Var(str(a.children[0])[1:]))
            elif a.data in ("const", "qconst"):
                raw = str(a.children[0]).strip("'\"")
                terms.append(Const(camel_to_snake(raw.replace(" ", "_"))))
            elif a.data == "tv":
                raise Unreadable("other-syntax", "E007", "a truth value in the middle of the arguments")
            else:
                raise Unreadable("other-syntax", "E003",
                                 "a predicate nested inside another: the logic has no function symbols")
        name, positive = _predicate(raw_name, positive, notes)
        atom = Atom(name, tuple(terms))
        return atom if positive else Not(atom)

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        return pyke_text(formula, kind)


def _pyke_name(pred: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in pred.split("_")) or pred


def _pyke_literal(f: Formula) -> str | None:
    positive = True
    if isinstance(f, Not):
        positive, f = False, f.arg
    if not isinstance(f, Atom):
        return None
    args = []
    for a in f.args:
        if isinstance(a, Var):
            args.append("$" + a.name.lower())
        else:
            args.append(a.name[:1].upper() + a.name[1:])
    args.append("True" if positive else "False")
    return f"{_pyke_name(f.pred)}({', '.join(args)})"


def pyke_text(f: Formula, kind: str = "statement") -> str | None:
    """A formula of the clause shapes in the Pyke-like format, or None."""
    vs, body, head = implication_parts(f)
    heads = head.args if isinstance(head, And) else (head,)
    head_s = [_pyke_literal(h) for h in heads]
    if None in head_s:
        return None
    if isinstance(body, Top):
        return " && ".join(head_s)
    if kind == "query":
        return None   # a query is a literal; a rule cannot be asked
    bodies = body.args if isinstance(body, And) else (body,)
    body_s = [_pyke_literal(b) for b in bodies]
    if None in body_s:
        return None
    return f"{' && '.join(body_s)} >>> {' && '.join(head_s)}"
