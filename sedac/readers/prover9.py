"""Prover9's formula syntax: LINC's `TEXT:`/`FOL:` pairs, and Prover9's own input files.

LINC (Olausson et al.) asks a model for pairs of lines

    TEXT:	All quiet, nice things are cold.
    FOL:	all x. ((Quiet(x) & Nice(x)) -> Cold(x))

in NLTK's variant of Prover9's syntax (`all x.`, `-`, `&`, `|`, `->`, `<->`); the last
pair is the conclusion. Prover9's input files hold `formulas(assumptions).` and
`formulas(goals).` lists, each closed by `end_of_list.`; a free name starting with u-z
is a variable there (or one starting upper-case, after `set(prolog_style_variables).`).

Names align with the other formats: `BaldEagle` and `bald_eagle` are `bald_eagle`.
"""
from __future__ import annotations

import re

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from ..fol import (FALSE, TRUE, Atom, Eq, Exists, Forall, Formula, Iff, Implies, Not,
                   Notation, Var, closure, describe, free_vars, render, to_prover9, Const)
from ..grammar import lark_parser, max_nesting
from ..program import Clause, Diagnostic, Fix, Program, Unreadable
from .base import Reader, in_own_spelling, tree_connective
from .probes import _DIRECTIVE, _END, _LIST, prover9_own_lines
from .sections import _parse_message, camel_to_snake

MAX_NESTING = 200


def parse_p9(text: str, is_variable) -> Formula:
    """One formula; `is_variable(name)` says whether a free name is a variable."""
    if max_nesting(text) > MAX_NESTING:
        raise Unreadable("other-syntax", "E002", f"brackets nest deeper than {MAX_NESTING} levels")
    try:
        tree = lark_parser("prover9").parse(text)
    except UnexpectedInput as e:
        raise Unreadable("other-syntax", "E001", _parse_message(text, e)) from None
    try:
        return _Convert(is_variable).formula(tree.children[0], frozenset())
    except RecursionError:
        raise Unreadable("other-syntax", "E002", "the formula nests too deeply") from None


class _Convert:
    def __init__(self, is_variable):
        self.is_variable = is_variable

    def formula(self, t, bound: frozenset) -> Formula:
        if isinstance(t, Token):
            raise Unreadable("other-syntax", "E001", f"unexpected `{t}`")
        d = t.data
        kids = [k for k in t.children if isinstance(k, Tree)]
        conn = tree_connective(d, kids, lambda k: self.formula(k, bound))
        if conn is not None:
            return conn
        if d == "quant":
            toks = [k for k in t.children if isinstance(k, Token)]
            q, names = str(toks[0]), [str(n) for n in toks[1:]]
            body = self.formula(kids[0], bound | set(names))
            return (Forall if q == "all" else Exists)(tuple(Var(n) for n in names), body)
        if d in ("eq", "neq"):
            eq = Eq(self.term(kids[0], bound), self.term(kids[1], bound))
            return eq if d == "eq" else Not(eq)
        if d == "true":
            return TRUE
        if d == "false":
            return FALSE
        if d == "app":
            name = str(t.children[0]).strip('"')
            args = tuple(self.term(k, bound) for k in kids)
            return Atom(camel_to_snake(name), args)
        raise Unreadable("other-syntax", "E001", f"unexpected `{d}`")

    def term(self, t, bound: frozenset):
        name = str(t.children[0]).strip('"')
        kids = [k for k in t.children if isinstance(k, Tree)]
        if kids:
            raise Unreadable("other-syntax", "E003", f"a nested term `{name}(...)`: the logic of programs has "
                             "no function symbols")
        if name in bound or self.is_variable(name):
            return Var(name)
        return Const(camel_to_snake(name))


# ------------------------------------------------------------------ printing

def _camel(name: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in name.split("_")) or name


def _nltk_term(a) -> str:
    return a.name.lower() if isinstance(a, Var) else _camel(a.name)


# LINC's notation: `all x.((Quiet(x) & Nice(x)) -> Cold(x))`, `-Cold(Fiona)`
NLTK = Notation(_nltk_term, _camel, "$T", "$F", "-", " & ", " | ", {Implies: "->", Iff: "<->"},
                lambda q, vs, b: f"{'all' if q else 'exists'} {' '.join(vs)}.{b}", body_bare=())


def to_nltk(f: Formula) -> str:
    return render(f, NLTK)


# -------------------------------------------------------------------- LINC

_PAIR = re.compile(r"^\s*(TEXT|FOL)\s*:\s*(.*?)\s*$")
_TAG = re.compile(r"^\s*</?\s*(PREMISES|CONCLUSION|EVALUATE)\s*>\s*$", re.I)
_LINC_VAR = re.compile(r"^[a-z]\d*$")


class LincReader(Reader):
    """LINC's `TEXT:` / `FOL:` pairs; the last pair is the conclusion (the query)."""

    lang = "linc"
    comment_marks = ("#",)
    own_headers = ("text", "fol")

    def reads(self, stmt: str) -> bool:
        return bool(_PAIR.match(stmt))

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        layout = self.layout(text)          # a reply's prose and fences, made comments
        original = text.split("\n")
        # LINC's own tags (`<EVALUATE>`) are its structure, not prose: the layer leaves them
        tags = {n for n, line in enumerate(original, start=1) if _TAG.match(line)}
        prog.diagnostics.extend(d for d in layout.diagnostics(self.comment)
                                if d.span.line not in tags)
        text = layout.masked
        offset = 0
        pending_text = ""
        in_problem = False      # inside <PREMISES> or <CONCLUSION>: the problem, not code
        items = []
        for n, line in enumerate(text.split("\n"), start=1):
            start = offset
            offset += len(line) + 1
            tag = _TAG.match(original[n - 1]) if n in tags else None
            if tag:
                line = original[n - 1]
            if tag:
                in_problem = not line.strip().startswith("</") and tag.group(1).upper() != "EVALUATE"
                continue
            if in_problem or not line.strip() or line.lstrip().startswith("#"):
                continue
            m = _PAIR.match(line)
            if m is None:
                span = index.span(start + len(line) - len(line.lstrip()), start + len(line.rstrip()))
                prog.diagnostics.append(Diagnostic(
                    "C002", "communication", f"a line that is neither `TEXT:` nor `FOL:`: "
                    f"`{line.strip()[:60]}`", span,
                    fix=Fix("safe", self.comment(line.strip()), "comment-out", span)))
                continue
            if m.group(1) == "TEXT":
                pending_text = m.group(2)
                continue
            body = m.group(2)
            if body.startswith("#"):
                pending_text = ""      # a formula sedac (or the user) commented out: it keeps
                items.append(None)     # its place, so the last pair is still the conclusion
                continue
            s = start + line.index(body) if body else start + len(line)
            items.append((index.span(s, s + len(body)), body, pending_text))
            pending_text = ""
        for k, item in enumerate(items):
            if item is None:
                continue
            span, body, gloss = item
            kind = "query" if k == len(items) - 1 and len(items) > 1 else "statement"
            _add(prog, self, span, body, gloss, kind, lambda n: bool(_LINC_VAR.match(n)))
        return prog

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        formula = in_own_spelling(formula, program, vocab)
        return to_nltk(formula)

    def comment(self, text: str) -> str:
        return "\n".join("# " + line for line in text.split("\n"))


# ---------------------------------------------------------------- Prover9 files

_LABEL = re.compile(r"\s#\s*(label|answer|action)\s*\(.*$")
_IDENT = re.compile(r"(?<![\w$\"])[A-Za-z_]\w*(?![\w\"])(?!\s*\()")   # a term's name, not an applied one


class Prover9Reader(Reader):
    """Prover9 input: `formulas(assumptions).` (or `sos`) ... `end_of_list.` are statements,
    `formulas(goals).` the query; directives (`set`, `assign`) are kept and skipped."""

    lang = "prover9"
    clausal = True

    def coverage(self, text: str) -> int:
        """The formulas read, and the lists and directives of the format that hold them."""
        own = prover9_own_lines(text)
        read = super().coverage(text)
        return read + own if read else 0

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        layout = self.layout(text)          # a reply's prose and fences, made comments
        prog.diagnostics.extend(layout.diagnostics(self.comment))
        text = layout.masked
        prolog_style = _prolog_style(text)

        def is_variable(name: str) -> bool:
            return name[:1].isupper() if prolog_style else name[:1] in "uvwxyz"
        section = None
        for start, end, stmt in _statements(text):
            s = stmt.strip()
            lead = start + len(stmt) - len(stmt.lstrip())
            span = index.span(lead, end)
            m = _LIST.match(s + ".") if not s.endswith(".") else _LIST.match(s)
            if m:
                section = m.group(1).lower()
                continue
            if _END.match(s if s.endswith(".") else s + "."):
                section = None
                continue
            if _DIRECTIVE.match(s) or section is None and not s:
                continue
            if section is None:
                prog.diagnostics.append(Diagnostic(
                    "P004", "other-syntax", "a formula outside `formulas(...)` ... "
                    "`end_of_list.`; read as an assumption", span))
            kind = "query" if section == "goals" else "statement"
            body = _LABEL.sub("", s.rstrip(".").rstrip())
            _add(prog, self, span, body, "", kind, is_variable, note_free=False)
        if not prolog_style:
            self._names_as_variables(prog, is_variable)
        return prog

    def _names_as_variables(self, prog: Program, is_variable) -> None:
        """A free name starting with u-z is a variable (`Tumpus(wren)`: everything is a
        tumpus); when it is an individual of the problem or a constant elsewhere in the
        program, it was meant as that name: Y013, read as the constant, the fix writes it
        with a capital letter (`Tumpus(Wren)`), which Prover9 reads as a constant."""
        from ..fol import constants, exists
        known = {k.name for c in prog.clauses if c.formula is not None for k in constants(c.formula)}
        if self.vocab_hint is not None:
            known |= set(self.vocab_hint.names) | set(self.vocab_hint.entities.values())
        if not known:
            return
        for i, c in enumerate(prog.clauses):
            if c.formula is None or c.text is None:
                continue
            free = {n for n in _IDENT.findall(c.text) if is_variable(n) and len(n) > 1}
            named = sorted(n for n in free if camel_to_snake(n) in known
                           and not re.search(r"\b(?:all|exists)\s+(?:\w+\s+)*" + n + r"\b", c.text))
            if not named:
                continue
            try:
                inner = parse_p9(c.read_text or c.text, lambda n: is_variable(n) and n not in named)
            except Unreadable:
                continue
            rest = sorted(free_vars(inner), key=lambda v: v.name)
            formula = exists(rest, inner) if c.kind == "query" else closure(inner)
            pattern = re.compile(r"(?<![\w$\"])(" + "|".join(named) + r")(?![\w\"])(?!\s*\()")
            raw = prog.text[c.span.start:c.span.end]
            fixed = pattern.sub(lambda m: m.group(1)[:1].upper() + m.group(1)[1:], raw)
            ok = fixed != raw and all(not is_variable(n[:1].upper() + n[1:]) for n in named)
            prog.clauses[i] = Clause(c.span, c.text, formula, c.kind, c.read_text)
            prog.diagnostics.append(Diagnostic(
                "Y013", "symbol", f"`{named[0]}` is a variable in Prover9 (a name starting with "
                f"u-z), not the individual `{camel_to_snake(named[0])}`; read as the name",
                c.span, fix=Fix("safe", fixed, "constant-name", c.span) if ok else None, clause=i))

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        formula = in_own_spelling(formula, program, vocab)
        return to_prover9(formula, _prolog_style(program.text if program else "")) + "."

    def comment(self, text: str) -> str:
        return "\n".join("% " + line for line in text.split("\n"))


def _prolog_style(text: str) -> bool:
    return "prolog_style_variables" in text and re.search(
        r"^\s*set\s*\(\s*prolog_style_variables\s*\)", text, re.M) is not None


def _statements(text: str):
    """(start, end, text) of each `.`-terminated statement, comments (`%`) skipped."""
    i, n = 0, len(text)
    start = None
    quote = False
    while i < n:
        ch = text[i]
        if ch == '"':
            quote = not quote
        elif not quote and ch == "%":
            j = text.find("\n", i)
            i = n if j == -1 else j
            continue
        elif start is None and not ch.isspace():
            start = i
        if not quote and ch == "." and start is not None and (i + 1 == n or text[i + 1].isspace()):
            yield start, i + 1, text[start:i + 1]
            start = None
        i += 1
    if start is not None and text[start:].strip():
        yield start, n, text[start:n]


def _add(prog: Program, reader: Reader, span, body: str, gloss: str, kind: str, is_variable,
         note_free: bool = True) -> None:
    """Read one formula into a clause; a free variable is universally quantified (in a
    Prover9 file by the format's own convention; in LINC's pairs with a Y004 note)."""
    i = len(prog.clauses)
    try:
        f = parse_p9(body, is_variable)
    except Unreadable as u:
        prog.diagnostics.append(Diagnostic(
            u.code, u.category, f"{u.message}; ignored", span,
            fix=Fix("safe", reader.comment(body), "comment-out", span)))
        return
    fv = free_vars(f)
    if fv:
        closed = closure(f)
        if note_free:
            prog.diagnostics.append(Diagnostic(
                "Y004", "symbol", f"variable {', '.join(sorted(v.name for v in fv))} has no "
                f"quantifier; read as `{describe(closed)}`", span, clause=i))
        f = closed
    prog.clauses.append(Clause(span, body, f, kind, body))
    if gloss:
        prog.gloss[i] = gloss
