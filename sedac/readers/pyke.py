"""Logic-LM's Pyke-like format: `Facts:` / `Rules:` with `>>>` / `Query:`.

`Pred(arg..., True|False)` is a literal whose last argument says its polarity;
`$x` is a variable. Predicate and constant names are aligned with the canonical
ones (`Wumpus` -> `wumpus`, `PrimeNumber` -> `prime_number`, `Max` -> `max`).
"""
from __future__ import annotations

import re

from lark import Tree

from ..fol import (FALSE, TRUE, And, Atom, Const, Formula, Implies, Not, Top, Var, conj,
                   implication_parts, Bottom, negate)
from .base import in_own_spelling
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
            sign = str(t.children[0])
            notes.append(_negation_note(sign))
            return Not(self._formula(inner[0], notes))
        if t.data == "truth":
            return TRUE if str(t.children[0]) == "True" else FALSE
        if t.data == "atom":
            return self._atom(t, notes)
        raise Unreadable("other-syntax", "E001", f"unexpected `{t.data}`")

    def _atom(self, t, notes) -> Formula:
        raw_name = str(t.children[0])
        args = [a for a in t.children[1:] if isinstance(a, Tree)]
        if raw_name.lower() == "not" and args and args[0].data == "nested":
            # `Not(Big(Charlie), True)`: negation written as a predicate around a literal
            notes.append(_negation_note(f"{raw_name}(...)"))
            inner = self._atom(args[0].children[0], notes)
            rest = args[1:]
            if rest and rest[-1].data == "tv" and str(rest[-1].children[0]) == "False":
                return inner
            return negate(inner)
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

    def rescue(self, stmt):
        return rescue_pyke(stmt, self.ask_hint)   # (the hint asked only of an English verb)

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        text = pyke_text(in_own_spelling(formula, program, vocab), kind)
        return f"{text} ::: {gloss}" if text and gloss else text


def _negation_note(sign: str) -> tuple[str, str, str]:
    return ("Y010", "symbol", f"negation written `{sign}`; the format says it with the truth "
            "value `False`, which it is read as")


_REVERSED = re.compile(r"^(.*?)<<<(.*)$")
_EQ_TV = re.compile(r"(?<!\w)([A-Za-z_]\w*\(([^()]*)\))\s*==?\s*(True|False)\b")
_NOT_ARG = re.compile(r"(?<!\w)([A-Za-z_]\w*)\(([^()]*?),\s*not\s+([A-Za-z_]\w*)\s*\)")
_NOT_CALL = re.compile(r"\b(?:Not|NOT|not)\(\s*([A-Za-z_]\w*\([^()]*\))\s*(?:,\s*(True|False)\s*)?\)")
_SPACED_ARG = re.compile(r"(?<=[(,])(\s*)([A-Za-z][A-Za-z0-9_]*(?:[ \t]+[A-Za-z][A-Za-z0-9_]*)+)(\s*)(?=[,)])")
_ENGLISH_IS = re.compile(r"^(?:[Tt]he\s+)?([A-Za-z]+(?:\s+[a-z]+)?)\s+is\s+(not\s+)?([A-Za-z]+)$")
_ENGLISH_ADJ = re.compile(r"^(not\s+)?([a-z]+)$")
_ENGLISH_VERB = re.compile(r"^(?:[Tt]he\s+)?([A-Za-z]+)\s+(does\s+not\s+)?([a-z]+)\s+(?:the\s+)?([A-Za-z]+)$")


def _camel(words: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[\s_]+", words.strip()) if w)


def _english_literal(part: str, subject: str | None, vocab) -> tuple[str, str] | None:
    """An English clause `Fiona is green` (or `not furry` after one) as a literal, and the
    subject it speaks of."""
    m = _ENGLISH_IS.match(part)
    if m:
        name, neg, adj = m.groups()
        return f"{_camel(adj)}({_camel(name)}, {'False' if neg else 'True'})", name
    m = _ENGLISH_ADJ.match(part)
    if m and subject is not None:
        return f"{_camel(m.group(2))}({_camel(subject)}, {'False' if m.group(1) else 'True'})", subject
    m = _ENGLISH_VERB.match(part)
    if m is None:
        return None
    a, neg, verb, b = m.groups()

    def third_person(v):
        verbs = getattr(v, "verbs", {}) if v is not None else {}
        return next((t for t, base in verbs.items() if verb in (t, base)), None)
    third = vocab(third_person) if callable(vocab) else third_person(vocab)
    if third and (bool(neg) == (verb != third) or not neg and verb == third):
        return f"{_camel(third)}({_camel(a)}, {_camel(b)}, {'False' if neg else 'True'})", a
    return None


def rescue_pyke(stmt: str, vocab=None) -> tuple[str, list] | None:
    """GPT-3.5's drift from the Pyke-like format, read when the meaning is plain: `<<<`, a
    truth value after `=`, `not` before an argument, a name with a space (`bald eagle`), and
    English clauses (`Fiona is green && ...`) in place of literals. `vocab` (or a reader's
    `ask_hint`, asked only of a clause with a verb) names the text's verbs."""
    notes: list = []
    s = stmt
    m = _REVERSED.match(s)
    if m and ">>>" not in s:
        s = f"{m.group(2).strip()} >>> {m.group(1).strip()}"
        notes.append(("P003", "other-syntax", "a rule written right to left with `<<<`; read as "
                      "its conditions implying its conclusion"))
    if _EQ_TV.search(s):
        s = _EQ_TV.sub(lambda m: f"{m.group(1)[:-1]}, {m.group(3)})", s)
        notes.append(("Y012", "symbol", "a truth value after `=`; the format writes it as the "
                      "last argument, and it is read so"))
    if _NOT_ARG.search(s):
        s = _NOT_ARG.sub(lambda m: f"not {m.group(1)}({m.group(2)}, {m.group(3)})", s)
    if _NOT_CALL.search(s):
        s = _NOT_CALL.sub(lambda m: m.group(1) if m.group(2) == "False" else f"not {m.group(1)}", s)
    if _SPACED_ARG.search(s):
        s = _SPACED_ARG.sub(lambda m: m.group(1) + _camel(m.group(2)) + m.group(3), s)
        notes.append(("Y011", "symbol", "a name written with a space (`bald eagle`); read as "
                      "one name"))
    sides = s.split(">>>")
    if len(sides) <= 2 and any("(" not in part for side in sides for part in side.split("&&")):
        subject = None
        new_sides = []
        changed = False
        for side in sides:
            parts = [p.strip() for p in re.split(r"&&|\band\b", side)]
            out = []
            for part in parts:
                if "(" in part:
                    out.append(part)
                    continue
                lit = _english_literal(part.rstrip("."), subject, vocab)
                if lit is None:
                    return None
                out.append(lit[0])
                subject = lit[1]
                changed = True
            new_sides.append(" && ".join(out))
        if changed:
            s = " >>> ".join(new_sides)
            notes.append(("N001", "natural-language", "English clauses in place of literals; "
                          "translated"))
    return (s, notes) if s != stmt else None


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
            args.append(_pyke_name(a.name))
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
