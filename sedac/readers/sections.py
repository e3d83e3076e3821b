"""Shared reading of the line-based formats of Logic-LM style pipelines.

A program is a sequence of sections (`Predicates:`, `Facts:`, `Rules:`, `Query:` or
`Premises:`, `Conclusion:`), one statement a line, each optionally followed by
`::: gloss`. A subclass says how to parse one statement; this class does the rest:
sections, glosses, English lines, trailing junk and the syntax taxonomy.
"""
from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..fol import (Atom, Const, Eq, Exists, Forall, Formula, Iff, Implies, Not, Var, Xor, _leaves, children,
                   closure, describe)
from ..grammar import lark_parser, max_nesting, parse_line
from ..program import Clause, Diagnostic, Fix, Program, Unreadable
from . import english
from .base import Reader
from .probes import misplaced_in     # (a module of patterns only: the import costs nothing)

MAX_NESTING = 5000
_HEADER = re.compile(r"^\s*(#+\s*)?([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$")
# a suppression comment ends the line (one white space before `#`: `\s+` would try every
# start in a long run of blanks, quadratic on a masked line)
_NOQA_TAIL = re.compile(r"\s#\s*noqa\b.*$", re.I)
_SEPARATOR = re.compile(r"^\s*(-{3,}|#{2,}|={3,}|\*{3,}|\.|```\w*)\s*$")


_HUMP = re.compile(r"(?<=[a-z0-9])([A-Z])")


def camel_to_snake(name: str) -> str:
    rest = name[1:]
    if not rest or rest.islower():     # (no capital after the first letter: no hump)
        return name.lower()
    return _HUMP.sub(r"_\1", name).lower()


class SectionReader(Reader):
    lang = "sections"
    grammar = ""
    statement_sections: tuple[str, ...] = ()
    query_sections: tuple[str, ...] = ()
    ignored_sections: tuple[str, ...] = ("predicates",)
    implicit_closure = False   # variables are universally quantified by the format itself

    # A subclass turns a parse tree into (formula, extra diagnostics as (code, category, msg)).
    def convert(self, tree, section: str) -> tuple[Formula, list[tuple[str, str, str]]]:
        raise NotImplementedError

    def fast(self, stmt: str, section: str):
        """The same result as `convert` for the most common statement shapes, without the
        general parser; None for anything else."""
        return None

    comment_marks = ("#",)

    @property
    def own_headers(self) -> tuple[str, ...]:
        return self.statement_sections + self.query_sections + self.ignored_sections

    def reads(self, stmt: str) -> bool:
        body = (_NOQA_TAIL.sub("", stmt) if "#" in stmt else stmt).partition(":::")[0].strip()
        if not body or _too_deep(body):
            return False
        try:
            self._parse(body, self.statement_sections[-1])
        except Exception:        # any failure to read is "not this language"
            try:
                rescued = self.rescue(body)
                return rescued is not None and self._parse(rescued[0], self.statement_sections[-1]) is not None
            except Exception:
                return False
        return True

    def _section_for(self, ln) -> str:
        """The format's section a line of a reply is under, from the reply's headings and
        labels (`**Conclusion**`, `C:`): a reply need not write the format's own headers."""
        if ln.kind == "query":
            return self.query_sections[0]
        if ln.section in self.statement_sections:
            return ln.section
        return self.statement_sections[-1]

    def read(self, text: str, path: str = "<program>") -> Program:
        self._parsed = {}            # (`_parse`: one parse a line of this text)
        self._text = text            # (`_misplaced`: what the bounds found of its lines)
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        layout = self.layout(text)
        prog.diagnostics.extend(layout.diagnostics(self.comment))
        section = None
        seen_sections: set[str] = set()
        junk_from = None
        for ln in layout.lines:
            if junk_from is not None:
                break
            if ln.role != "logic" or ln.joined:
                continue
            start = ln.start
            line = layout.masked[start:ln.until or start + len(ln.text)]
            body, _, gloss = (_NOQA_TAIL.sub("", line) if "#" in line else line).partition(":::")
            stripped = body.strip()
            if not stripped:
                continue
            lead, end = start + (len(line) - len(line.lstrip())), start + len(line.rstrip())
            if ln.parts:             # several labelled formulas side by side on the line
                kinds = ln.part_kinds or [ln.kind] * len(ln.parts)
                for (lo, hi), kind in zip(ln.parts, kinds):
                    self._statement(layout.masked[lo:hi].strip(), "", self.query_sections[0]
                                    if kind == "query" else self._section_for(ln),
                                    index.span(lo, hi), prog,
                                    loose=ln.section not in self.statement_sections)
                continue
            if not ln.own:
                self._statement(stripped, gloss.strip(), self._section_for(ln), index.span(lead, end), prog,
                                loose=ln.section not in self.statement_sections)
                continue
            m = _HEADER.match(stripped) if ":" in stripped else None
            if m and "(" not in m.group(2) and len(m.group(2).split()) <= 3:
                name = m.group(2).strip().lower()
                if name in self.statement_sections + self.query_sections + self.ignored_sections:
                    if name in seen_sections and name in self.ignored_sections + self.statement_sections[:1]:
                        junk_from = self._junk(prog, index, start, text, "a second program")
                        continue
                    section = name
                    seen_sections.add(name)
                    rest = m.group(3).strip()
                    if rest and section not in self.ignored_sections:
                        self._statement(rest, gloss.strip(), section, index.span(
                            start + line.index(rest), start + line.index(rest) + len(rest)), prog)
                    continue
            if stripped[0] in "-#=*.`" and _SEPARATOR.match(stripped):
                continue  # the formats' own delimiters (`------`), harmless
            if stripped.startswith("#"):
                continue  # a comment (sedac writes what it ignores so)
            if section in self.ignored_sections:
                if self._misplaced(stripped):
                    self._statement(stripped, gloss.strip(), self.statement_sections[0],
                                    index.span(lead, end), prog,
                                    misplaced=section)
                continue
            if ln.kind == "query" and section not in self.query_sections:
                section = None    # the layout's query header, written with its formula
            self._statement(stripped, gloss.strip(), section or self._section_for(ln),
                            index.span(lead, end), prog)
        if junk_from is not None:
            prog.diagnostics = [d for d in prog.diagnostics
                                if d.code == "C004" or d.span.start < junk_from]
        prog.diagnostics.sort(key=lambda d: (d.span.start, d.code))
        return prog

    def _junk(self, prog, index, start, text, what) -> int:
        end = len(text.rstrip())
        span = index.span(start, max(start, end))
        prog.diagnostics.append(Diagnostic(
            "C004", "communication", f"{what} follows the program; ignored", span,
            fix=Fix("safe", "", "remove-line", index.span(start, len(text)))))
        return start

    def _misplaced(self, stmt: str) -> bool:
        """A line of a declarations section that states something (it has a constant
        argument or a connective) rather than declaring a predicate."""
        return misplaced_in(getattr(self, "_text", ""), stmt)

    def _statement(self, stmt: str, gloss: str, section: str, span, prog: Program,
                   misplaced: str | None = None, loose: bool = False):
        """One statement; `loose`: a line of the reply under no premises heading, which may
        declare a predicate rather than state it."""
        kind = "query" if section in self.query_sections else "statement"
        if kind == "query" and stmt in ("True", "False", "Unknown", "?") and gloss:
            # The model put the sentence in the gloss and a truth value as the formula.
            if self._english(gloss, "", kind, span, prog, why=f"`{stmt}` is not a formula"):
                return
        if _too_deep(stmt):
            prog.diagnostics.append(Diagnostic(
                "E002", "other-syntax", f"brackets nest deeper than {MAX_NESTING} levels; ignored",
                span, fix=Fix("safe", self.comment(stmt), "comment-out", span)))
            return
        try:
            try:
                formula, notes = self._parse(stmt, section)
            except UnexpectedInput:
                rescued = self.rescue(stmt)
                if rescued is None:
                    raise
                formula, notes = self._parse(rescued[0], section)
                notes = rescued[1] + notes
        except Unreadable as u:
            prog.diagnostics.append(Diagnostic(
                u.code, u.category, f"{u.message}; ignored", span,
                fix=Fix("safe", self.comment(stmt), "comment-out", span)))
            return
        except (UnexpectedInput, RecursionError) as e:
            if self._english(stmt, gloss, kind, span, prog):
                return
            prog.diagnostics.append(Diagnostic(
                "E001", "other-syntax", f"{_parse_message(stmt, e)}; ignored", span,
                fix=Fix("safe", self.comment(stmt), "comment-out", span)))
            return
        if kind == "statement" and loose and _declaration(formula):
            return     # `$W(x)$: $x$ is a wild turkey`: a predicate declared, not a premise
        i = len(prog.clauses)
        fv, order = _free_vars(formula)
        if fv and self.implicit_closure:
            formula = Forall(tuple(v for v in order if v in fv), formula)   # (`closure`)
        elif fv:
            closed = closure(formula)
            if kind == "query":
                from ..fol import exists
                closed = exists(sorted(fv, key=lambda v: v.name), formula)
            notes.append(("Y004", "symbol", f"variable {', '.join(sorted(v.name for v in fv))} has "
                          f"no quantifier; read as `{describe(closed)}`"))
            formula = closed
        if misplaced:
            notes.append(("P002", "other-syntax", f"a statement under `{misplaced.title()}:`; "
                          f"read as a statement of `{section.title()}:`"))
        prog.clauses.append(Clause(span, stmt, formula, kind, stmt))
        if gloss:
            prog.gloss[i] = gloss
        for code, category, message in notes:
            text = self.write(formula, kind, gloss)
            prog.diagnostics.append(Diagnostic(
                code, category, message, span,
                fix=Fix("safe", text, "syntax", span) if text else None, clause=i))

    def _parse(self, stmt: str, section: str):
        fast = self.fast(stmt, section)
        if fast is not None:
            return fast
        # The reply layer asked `reads` of the same line a moment ago: parse it once. (The
        # memory is this read's: `read` starts it afresh, so it holds one entry per line of
        # the text at most, and a text of any size is parsed once a line, not twice past a
        # fixed size.)
        cache = self.__dict__.setdefault("_parsed", {})
        key = (stmt, section)
        if key not in cache:
            cache[key] = self.convert(parse_line(lark_parser(self.grammar), stmt), section)
        formula, notes = cache[key]
        return formula, list(notes)

    def rescue(self, stmt: str) -> tuple[str, list[tuple[str, str, str]]] | None:
        """A statement that does not parse, rewritten in the format's own syntax when its
        meaning is plain (a known drift of a model), with the notes that say what was read;
        None when there is no such reading."""
        return None

    def _english(self, stmt, gloss, kind, span, prog, why: str = "") -> bool:
        if not re.match(r"^[A-Za-z][A-Za-z' ,:?-]*\.?$", stmt) or len(stmt.split()) < 2:
            return False
        sentence = _strip_question(stmt)
        formula = self.ask_hint(lambda hint: english.sentence_to_formula(sentence, hint))
        if formula is None:
            if why:
                return False
            prog.diagnostics.append(Diagnostic(
                "N002", "natural-language", f"English text `{stmt[:60]}` in place of a formula, "
                "not a sentence sedac can translate; ignored", span,
                fix=Fix("safe", self.comment(stmt), "comment-out", span)))
            return True
        i = len(prog.clauses)
        prog.clauses.append(Clause(span, stmt, formula, kind, stmt, note="english"))
        text = self.write(formula, kind, gloss or stmt)
        prog.diagnostics.append(Diagnostic(
            "N001", "natural-language", (f"{why}; its gloss " if why else "English sentence ")
            + f"`{stmt}` in place of a formula; it says `{describe(formula)}`", span,
            fix=Fix("safe", text, "english", span) if text else None, clause=i))
        return True

    def comment(self, stmt: str) -> str:
        """A line the reader skips (and so does a second `--fix`)."""
        return "\n".join("# " + line for line in stmt.split("\n"))


def _too_deep(stmt: str) -> bool:
    """`max_nesting(stmt) > MAX_NESTING`, without scanning a statement too short to nest so
    deep (each level opens one bracket: a nesting is at most the length)."""
    return len(stmt) > MAX_NESTING and max_nesting(stmt) > MAX_NESTING


def _free_vars(f) -> tuple[frozenset[Var], list[Var]]:
    """`fol.free_vars(f)`, and the variables in the order of their first appearance, free or
    bound (what `fol.closure` orders the free ones by), found in one walk of the formula.
    (The node types a line's formula is mostly made of are told by `type` first; any other
    goes by `children`, in the same left-to-right order.)"""
    free: set[Var] = set()
    order: list[Var] = []
    seen: set[str] = set()       # (by name: a variable is equal to another by its name)
    stack = [(f, frozenset())]
    pop, push = stack.pop, stack.append
    while stack:
        g, bound = pop()
        t = type(g)
        if t is Atom:
            terms = g.args
        elif t is Implies or t is Iff or t is Xor:
            push((g.right, bound))
            push((g.left, bound))
            continue
        elif t is Not:
            push((g.arg, bound))
            continue
        elif t is Forall or t is Exists:
            push((g.body, bound | {v.name for v in g.vars}))
            continue
        elif t is Eq or isinstance(g, Eq):
            terms = (g.left, g.right)
        elif isinstance(g, Atom):
            terms = g.args
        elif isinstance(g, (Forall, Exists)):
            push((g.body, bound | {v.name for v in g.vars}))
            continue
        else:
            stack.extend((k, bound) for k in reversed(children(g)))
            continue
        for a in terms:
            ta = type(a)
            if ta is Const:
                continue
            for v in (a,) if ta is Var or isinstance(a, (Var, Const)) else _leaves(a):
                if isinstance(v, Var):
                    if v.name not in seen:
                        seen.add(v.name)
                        order.append(v)
                    if v.name not in bound:
                        free.add(v)
    return frozenset(free), order


def _declaration(f) -> bool:
    """A lone atom of distinct variables with no quantifier (`Job(x)`, `LostTo(x, y)`): how a
    reply declares a predicate; no one states "everything is a job" so."""
    return isinstance(f, Atom) and bool(f.args) and all(isinstance(a, Var) for a in f.args) \
        and len(set(f.args)) == len(f.args)


def _strip_question(s: str) -> str:
    return re.sub(r"^\s*(true or false:|is the following statement true or false\?)\s*", "", s,
                  flags=re.I)


def _parse_message(stmt: str, e: Exception) -> str:
    if isinstance(e, UnexpectedCharacters):
        return f"unexpected `{stmt[e.pos_in_stream]}` at column {e.column}"
    if isinstance(e, UnexpectedToken):
        if e.token.type == "$END":
            return "the formula ends early: an unbalanced bracket or a missing operand"
        return f"unexpected `{e.token}` at column {e.column}"
    if isinstance(e, RecursionError):
        return "the formula nests too deeply"
    return "the formula ends early: an unbalanced bracket or a missing operand"


__all__ = ["SectionReader", "Unreadable", "camel_to_snake"]
