"""Prolog as LLMs write it, read clause by clause into first-order logic.

The text is first cleared of communication (fences, chatter), then split at full
stops; each piece is parsed by the lark grammar `sedac/grammar/prolog.lark`. A
piece that does not parse is repaired when the repair is certain (`-?` for `?-`,
`:=` for `:-`, a missing full stop, an English sentence of the simple forms) and
classified in the syntax taxonomy otherwise. One bad clause never hides another.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..fol import (FALSE, TRUE, Atom, Const, Eq, Exists, Forall, Formula, Implies, Not,
                   Var, closure, conj, disj, exists, free_vars, substitute, to_prolog)
from ..grammar import lark_parser, max_nesting
from ..program import Clause, Diagnostic, Fix, LineIndex, Program, Span, Unreadable
from . import english
from .base import Reader
from ..vocab import KNOWN_NAMES
from ..closed_world import NEG_PREFIX, loadable_text

MAX_NESTING = 100

# ------------------------------------------------------------------- terms


@dataclass(frozen=True, slots=True)
class PVar:
    name: str


@dataclass(frozen=True, slots=True)
class PAtom:
    name: str


@dataclass(frozen=True, slots=True)
class PNum:
    text: str


@dataclass(frozen=True, slots=True)
class PStr:
    text: str


@dataclass(frozen=True, slots=True)
class PComp:
    name: str
    args: tuple


def _unquote(tok: str) -> str:
    body = tok[1:-1]
    return body.replace("''", "'").replace("\\'", "'").replace("\\\\", "\\")


@v_args(inline=True)
class _ToTerm(Transformer):
    def atom(self, tok):
        return PAtom(_unquote(tok) if tok.type == "QATOM" else str(tok))

    def compound(self, tok, args):
        name = _unquote(tok) if tok.type == "QATOM" else str(tok)
        return PComp(name, tuple(args.children))

    def var(self, tok):
        return PVar(str(tok))

    def number(self, tok):
        return PNum(str(tok))

    def string(self, tok):
        return PStr(str(tok)[1:-1])

    def paren(self, t):
        return t

    def empty_list(self):
        return PAtom("[]")

    def list(self, args, tail=None):
        return PComp("[|]", tuple(args.children) + ((tail,) if tail is not None else ()))

    def curly(self, t):
        return PComp("{}", (t,))

    def cut(self):
        return PAtom("!")

    def rule(self, h, b):
        return PComp(":-", (h, b))

    def directive(self, b):
        return PComp(":-", (b,))

    def query(self, b):
        return PComp("?-", (b,))

    def disj(self, a, b):
        return PComp(";", (a, b))

    def ifthen(self, a, b):
        return PComp("->", (a, b))

    def conj(self, a, b):
        return PComp(",", (a, b))

    def naf(self, a):
        return PComp("\\+", (a,))

    def compare(self, a, op, b):
        return PComp(str(op), (a, b))

    def arith(self, a, op, b=None):
        if b is None:  # ** and ^ carry no operator token
            return PComp("**", (a, op))
        return PComp(str(op), (a, b))

    def negnum(self, a):
        return PComp("-", (a,))

    def start(self, t):
        return t


ARITHMETIC = frozenset("is =:= =\\= < > =< >= + - * / // mod rem ** ^ >> << /\\ \\/".split())
# Arithmetic functions: arithmetic only inside a term (`X is max(A, B)`), while a goal
# `max(X)` is the predicate of a name such as Max.
FUNCTIONS = frozenset("succ plus abs min max sqrt sign".split())
TYPE_TESTS = frozenset({"integer", "number", "float", "atom", "atomic", "var", "nonvar",
                        "compound", "callable", "is_list"})
BUILTIN_IO = frozenset({"write", "writeln", "print", "format", "nl", "halt", "read",
                        "initialization", "main", "forall", "findall", "assert", "assertz",
                        "asserta", "retract"})


def term_text(t) -> str:
    if isinstance(t, PVar):
        return t.name
    if isinstance(t, (PAtom, PNum)):
        return t.name if isinstance(t, PAtom) else t.text
    if isinstance(t, PStr):
        return f'"{t.text}"'
    if len(t.args) == 2 and (not t.name[0].isalpha() or t.name in ("is", "mod", "rem")):
        return f"{term_text(t.args[0])} {t.name} {term_text(t.args[1])}"
    return f"{t.name}({', '.join(term_text(a) for a in t.args)})"


class _Reader:
    """Converts parsed terms to formulas, naming variables per clause."""

    def __init__(self):
        self.vars: dict[str, Var] = {}
        self.fresh = 0

    def term(self, t):
        if isinstance(t, PVar):
            if t.name == "_":
                self.fresh += 1
                return Var(f"_G{self.fresh}")
            return self.vars.setdefault(t.name, Var(t.name))
        if isinstance(t, PAtom):
            return Const(t.name)
        if isinstance(t, PStr):
            return Const(t.text)
        if isinstance(t, PNum):
            raise Unreadable("knowledge", "K001",
                             f"number {t.text} in a clause: arithmetic is background knowledge, "
                             "not a translation of the text")
        if t.name in ARITHMETIC or t.name in FUNCTIONS:
            raise Unreadable("knowledge", "K001",
                             f"arithmetic `{term_text(t)}` is background knowledge, "
                             "not a translation of the text")
        raise Unreadable("other-syntax", "E003",
                         f"nested term `{term_text(t)}` as an argument: the logic has no "
                         "function symbols")

    def goal(self, t) -> Formula:
        if isinstance(t, PAtom):
            if t.name == "true":
                return TRUE
            if t.name in ("fail", "false"):
                return FALSE
            if t.name == "!":
                raise Unreadable("other-syntax", "E004", "cut `!` has no logical reading")
            return Atom(t.name, ())
        if isinstance(t, PVar):
            raise Unreadable("other-syntax", "E004", f"variable `{t.name}` used as a goal")
        if isinstance(t, (PNum, PStr)):
            raise Unreadable("other-syntax", "E004", f"`{term_text(t)}` is not a goal")
        name, args = t.name, t.args
        if name == ",":
            return conj([self.goal(a) for a in args])
        if name in (";", "|"):
            return disj([self.goal(a) for a in args])
        if name == "->":
            return conj([self.goal(a) for a in args])
        if name in ("\\+", "not") and len(args) == 1:
            return Not(self.goal(args[0]))
        if name in ("=", "==") and len(args) == 2:
            return Eq(self.term(args[0]), self.term(args[1]))
        if name in ("\\=", "\\==") and len(args) == 2:
            return Not(Eq(self.term(args[0]), self.term(args[1])))
        if name in ARITHMETIC:
            raise Unreadable("knowledge", "K001",
                             f"arithmetic `{term_text(t)}` is background knowledge, "
                             "not a translation of the text")
        if name in BUILTIN_IO:
            raise Unreadable("other-syntax", "E004",
                             f"built-in `{name}/{len(args)}` does input/output, not logic")
        return Atom(name, tuple(self.term(a) for a in args))

    def clause(self, t) -> tuple[str, Formula | None]:
        """('statement'|'query'|'directive', formula)."""
        if isinstance(t, PComp) and t.name == "?-":
            g = self.goal(t.args[0])
            return "query", exists(sorted(free_vars(g), key=lambda v: v.name), g)
        if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 1:
            return "directive", None
        if isinstance(t, PComp) and t.name == ":-":
            head, body = t.args
            h = self.head(head)
            b = self.goal(body)
            return "statement", closure(Implies(b, h) if b != TRUE else h)
        return "statement", closure(self.head(t))

    def head(self, t) -> Formula:
        if isinstance(t, (PVar, PNum, PStr)):
            raise Unreadable("other-syntax", "E005", f"`{term_text(t)}` cannot be a clause head")
        h = self.goal(t)
        # `neg_p(X) :- ...` is the loadable form of a negated head (sedac writes it so).
        if isinstance(h, Atom) and h.pred.startswith(NEG_PREFIX) and len(h.pred) > len(NEG_PREFIX):
            return Not(Atom(h.pred[len(NEG_PREFIX):], h.args))
        return h


# ---------------------------------------------------------- text handling

_FENCE = re.compile(r"^\s*(```|~~~)[\w+-]*\s*$")
_MARKER = re.compile(r"^\s*(<<+|>>+)\s*$")
_CHATTER_START = re.compile(
    r"^\s*(here\b|sure\b|certainly\b|okay\b|ok\b|note\b|explanation\b|this (program|code)\b|"
    r"the (following|program|code|query|answer)\b|below\b|in this\b|i (have|will|'ve)\b|"
    r"let's\b|answer\b|output\b|prolog (code|program)\b|query\b\s*:)", re.I)


def _communication(line: str) -> str | None:
    """Why a line is communication around the code, or None."""
    s = line.strip()
    if not s or s.startswith("%"):
        return None
    if _FENCE.match(s):
        return "Markdown code fence"
    if _MARKER.match(s):
        return f"marker `{s}` around the code"
    if "(" in s or ":-" in s or "?-" in s:
        return None
    if s.endswith(":") or _CHATTER_START.match(s):
        return "text addressed to the reader, not code"
    return None


def _split_clauses(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, terminated) pieces: each ends after a full stop that ends a clause.

    A full stop ends a clause when followed by white space, `%` or the end of the
    text, and is not inside a quoted item or a comment; linear in the text.
    """
    out = []
    i, n, start = 0, len(text), 0
    depth = 0
    while i < n:
        ch = text[i]
        if ch in "'\"`":
            j = text.find(ch, i + 1)
            while j != -1 and text[j - 1] == "\\":
                j = text.find(ch, j + 1)
            nl = text.find("\n", i + 1)
            if j == -1 or (nl != -1 and nl < j):
                i = nl if nl != -1 else n  # unterminated: stop at the line's end
                continue
            i = j + 1
            continue
        if ch == "%":
            nl = text.find("\n", i)
            i = nl if nl != -1 else n
            continue
        if ch == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = j + 2 if j != -1 else n
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "." and (i + 1 == n or text[i + 1].isspace() or text[i + 1] == "%"):
            prev = text[i - 1] if i else ""
            if not (prev.isdigit() and i + 1 < n and text[i + 1].isdigit()):
                out.append((start, i + 1, True))
                start = i + 1
                depth = 0
        i += 1
    if text[start:].strip():
        out.append((start, n, False))
    return out


_WORDS_ONLY = re.compile(r"^[A-Za-z][A-Za-z' ,-]*[.!]?$")
_SYMBOL_REPAIRS = [
    (re.compile(r"^(\s*)-\?"), r"\1?-", "`-?` written for the query operator `?-`"),
    (re.compile(r"^(\s*)\?-?\s*(?=[a-z])(?!-)"), r"\1?- ", None),
    (re.compile(r":="), ":-", "`:=` written for `:-`"),
    (re.compile(r"<-|←|⟵"), ":-", "`<-` written for `:-`"),
    (re.compile(r"\s+(if)\s+"), " :- ", "`if` written for `:-`"),
    (re.compile(r"^(\s*)\?\s*"), r"\1?- ", "`?` written for `?-`"),
]


class PrologReader(Reader):
    lang = "prolog"

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        cleaned = self._communication_pass(text, index, prog)
        for start, end, terminated in _split_clauses(cleaned):
            self._piece(cleaned, start, end, terminated, index, prog)
        self._knowledge_pass(prog)
        self._nl_query(prog)
        prog.diagnostics.sort(key=lambda d: (d.span.start, d.code))
        return prog

    # ------------------------------------------------------------ passes
    def _communication_pass(self, text: str, index: LineIndex, prog: Program) -> str:
        out = []
        offset = 0
        for line in text.split("\n"):
            why = _communication(line)
            if why:
                span = index.span(offset, offset + len(line))
                code = "C001" if "fence" in why else "C003" if "marker" in why else "C002"
                prog.diagnostics.append(Diagnostic(
                    code, "communication", f"{why}: `{line.strip()[:60]}` removed", span,
                    fix=Fix("safe", "", "remove-line", _whole_line(index, span))))
                out.append(" " * len(line))
            else:
                out.append(line)
            offset += len(line) + 1
        return "\n".join(out)

    def _piece(self, text, start, end, terminated, index, prog):
        raw = text[start:end]
        lead = len(raw) - len(raw.lstrip())
        start += lead
        raw = raw.strip()
        if not raw:
            return
        # Trailing comments inside the piece are harmless; a piece of only comments is skipped.
        if not re.sub(r"%[^\n]*|/\*.*?\*/", "", raw, flags=re.S).strip():
            return
        span = index.span(start, start + len(raw))
        if max_nesting(raw) > MAX_NESTING:
            prog.diagnostics.append(Diagnostic(
                "E002", "other-syntax", f"brackets nest deeper than {MAX_NESTING} levels; "
                "clause ignored", span))
            return
        if _WORDS_ONLY.match(raw) and len(raw.split()) >= 3 and self._english(raw, span, prog):
            return
        body = raw if terminated else raw + "."
        parsed, err = _parse(body)
        if parsed is not None:
            fix = None if terminated else Fix("safe", raw + ".", "add-full-stop", span)
            if not terminated:
                prog.diagnostics.append(Diagnostic(
                    "Y003", "symbol", "missing full stop at the end of the clause", span,
                    fix=fix, clause=len(prog.clauses)))
            self._add(parsed, raw, body, span, prog)
            return
        # Several lines that are each a clause without their full stops.
        lines = [(m.start(), m.group(0)) for m in re.finditer(r"[^\n]+", raw) if m.group(0).strip()]
        if len(lines) > 1:
            for k, (off, line) in enumerate(lines):
                last = k == len(lines) - 1
                line_end = line.rstrip()
                self._piece(text, start + off, start + off + len(line_end),
                            terminated and last or line_end.endswith("."), index, prog)
            return
        for pattern, repl, why in _SYMBOL_REPAIRS:
            fixed = pattern.sub(repl, raw, count=1)
            if fixed != raw:
                fixed_body = fixed if fixed.rstrip().endswith(".") else fixed + "."
                parsed2, _ = _parse(fixed_body)
                if parsed2 is not None:
                    why = why or "malformed query operator"
                    prog.diagnostics.append(Diagnostic(
                        "Y001" if "?" in why else "Y002", "symbol", f"{why}; read as `{fixed_body}`",
                        span, fix=Fix("safe", fixed_body, "symbol", span), clause=len(prog.clauses)))
                    self._add(parsed2, raw, fixed_body, span, prog)
                    return
        if _WORDS_ONLY.match(raw) and len(raw.split()) >= 2:
            self._english(raw, span, prog)
            return
        prog.diagnostics.append(Diagnostic(
            "E001", "other-syntax", f"{err}; clause ignored", span, fix=_comment_out(raw, span)))

    def _english(self, raw: str, span: Span, prog: Program) -> bool:
        """An English line: translated when it is a sentence of the simple forms."""
        sentence = raw.rstrip(".").strip()
        formula = english.sentence_to_formula(sentence, self.vocab_hint)
        clause_text = loadable_text(formula) if formula is not None else None
        if clause_text:
            prog.diagnostics.append(Diagnostic(
                "N001", "natural-language", f"English sentence `{sentence}` in place of "
                f"code; it says `{clause_text}`", span,
                fix=Fix("safe", clause_text, "english", span), clause=len(prog.clauses)))
            prog.clauses.append(Clause(span, raw, formula, "statement", clause_text,
                                       note="english"))
            return True
        if len(sentence.split()) < 3:
            return False
        prog.diagnostics.append(Diagnostic(
            "N002", "natural-language", f"English text `{sentence[:60]}` in place of code, "
            "not a sentence sedac can translate; ignored", span, fix=_comment_out(raw, span)))
        return True

    def _add(self, parsed, raw, body, span, prog):
        r = _Reader()
        try:
            kind, formula = r.clause(parsed)
        except Unreadable as u:
            prog.diagnostics.append(Diagnostic(
                u.code, u.category, f"{u.message}; clause ignored", span,
                fix=_comment_out(raw, span)))
            return
        if kind == "directive":
            return
        named = self._names_as_variables(parsed, formula)
        if named:
            inner = substitute(formula.body if isinstance(formula, (Forall, Exists)) else formula,
                               {Var(v): Const(v.lower()) for v in named})
            rest = sorted(free_vars(inner), key=lambda v: v.name)
            formula = exists(rest, inner) if kind == "query" else closure(inner)
            fixed = re.sub(r"\b(" + "|".join(named) + r")\b", lambda m: m.group(1).lower(), raw)
            prog.diagnostics.append(Diagnostic(
                "Y007", "symbol", f"`{named[0]}` is a variable in Prolog (a capital letter); the "
                f"name is `{named[0].lower()}`", span, fix=Fix("safe", fixed, "lowercase-name", span),
                clause=len(prog.clauses)))
        if _negated_head(parsed):
            text = loadable_text(formula)
            prog.diagnostics.append(Diagnostic(
                "Y005", "symbol", "a negated head is not loadable Prolog (`\\+` is a built-in); "
                f"written as `{text}`", span, fix=Fix("safe", text, "loadable-head", span),
                clause=len(prog.clauses)))
        prog.clauses.append(Clause(span, raw, formula, kind, body))

    def _names_as_variables(self, parsed, formula) -> list[str]:
        """Variables of a fact or query spelled like a name of the problem (`yumpus(Max).`):
        a universal claim nobody meant."""
        is_rule = isinstance(parsed, PComp) and parsed.name == ":-" and len(parsed.args) == 2
        if is_rule:
            return []
        names = set(KNOWN_NAMES) | (self.vocab_hint.names if self.vocab_hint else set())
        return sorted(v.name for v in _bound_or_free(formula)
                      if v.name[:1].isupper() and v.name.lower() in names)

    def _knowledge_pass(self, prog: Program):
        """A rule that defines a class by a Prolog type test and the failure of a predicate
        the program never states (`composite(X) :- number(X), \\+prime(X).`) encodes
        background knowledge about numbers, not the text."""
        from ..fol import Implies as Imp, Forall, predicates, subformulas
        counts: dict[str, int] = {}
        for _, c in prog.statements + prog.queries:
            for p, _a in predicates(c.formula):
                counts[p] = counts.get(p, 0) + 1
        keep = []
        for i, c in enumerate(prog.clauses):
            f = c.formula
            body = f.body.left if isinstance(f, Forall) and isinstance(f.body, Imp) else None
            if c.kind == "statement" and body is not None and _conjuncts(body) >= 2:
                negs = [g.arg.pred for g in subformulas(body)
                        if isinstance(g, Not) and isinstance(g.arg, Atom)]
                lonely = [p for p in negs if counts.get(p, 0) == 1]
                tests = [g.pred for g in subformulas(body)
                         if isinstance(g, Atom) and g.pred in TYPE_TESTS and len(g.args) == 1]
                if lonely and tests:
                    prog.diagnostics.append(Diagnostic(
                        "K002", "knowledge", f"defines a class by the failure of `{lonely[0]}`, "
                        "which the program never states: background knowledge, not the text; "
                        "clause ignored", c.span, fix=_comment_out(c.text, c.span)))
                    continue
            keep.append(c)
        if len(keep) != len(prog.clauses):
            # Renumber the clause references of earlier diagnostics.
            old_to_new = {id(c): j for j, c in enumerate(keep)}
            for d in prog.diagnostics:
                if d.clause is not None:
                    old = prog.clauses[d.clause]
                    d.clause = old_to_new.get(id(old))
            prog.clauses = keep

    def _nl_query(self, prog: Program):
        """An English statement in last place of a program with no query is its question."""
        if prog.queries or not prog.clauses:
            return
        last = prog.clauses[-1]
        f = last.formula
        if last.note == "english" and isinstance(f, (Atom, Not)) and not free_vars(f):
            last.kind = "query"
            q = "?- " + to_prolog(f)
            last.read_text = q
            for d in prog.diagnostics:
                if d.code == "N001" and d.span == last.span:
                    d.message = (d.message.rsplit(";", 1)[0] + f"; as the last line of a program "
                                 f"without a query it is the question `{q}`")
                    d.fix = Fix("safe", q, "english", d.span)


def _bound_or_free(f) -> set:
    if isinstance(f, (Forall, Exists)):
        return set(f.vars) | free_vars(f.body)
    return set(free_vars(f))


def _comment_out(raw: str, span: Span) -> Fix:
    """The safe fix that keeps an ignored clause in the file, as a comment."""
    return Fix("safe", "% " + raw.replace("\n", "\n% "), "comment-out", span)


def _negated_head(t) -> bool:
    head = t.args[0] if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2 else t
    return isinstance(head, PComp) and head.name in ("\\+", "not") and len(head.args) == 1


def _conjuncts(f) -> int:
    from ..fol import And
    return len(f.args) if isinstance(f, And) else 1


def _whole_line(index: LineIndex, span: Span) -> Span:
    """The line with its newline, so removing it leaves no blank line."""
    end = span.end + 1 if span.end < len(index.text) else span.end
    return index.span(span.start - (span.column - 1), end)


_TO_TERM = _ToTerm()
_NAME = r"[a-z][A-Za-z0-9_]*"
_ARG = r"(?:[a-z][A-Za-z0-9_]*|[A-Z_][A-Za-z0-9_]*)"
_LIT = rf"(?:\\\+\s*)?{_NAME}(?:\(\s*{_ARG}(?:\s*,\s*{_ARG})*\s*\))?"
_SIMPLE = re.compile(rf"^\s*(\?-\s*)?({_LIT})\s*(?::-\s*({_LIT}(?:\s*,\s*{_LIT})*))?\s*\.\s*$")
_LIT_PARTS = re.compile(rf"(\\\+\s*)?({_NAME})(?:\(([^()]*)\))?")


def _fast_literal(text: str):
    m = _LIT_PARTS.fullmatch(text.strip())
    neg, name, args = m.group(1), m.group(2), m.group(3)
    if args is None:
        t = PAtom(name)
    else:
        t = PComp(name, tuple(PVar(a) if a[0].isupper() or a[0] == "_" else PAtom(a)
                              for a in (x.strip() for x in args.split(","))))
    return PComp("\\+", (t,)) if neg else t


def _fast_parse(body: str):
    """The common clause shapes (facts, rules with a conjunction of literals, simple
    queries) without the general parser, which costs ten times more per clause."""
    m = _SIMPLE.match(body)
    if m is None:
        return None
    head = _fast_literal(m.group(2))
    if m.group(1):
        if m.group(3):
            return None
        return PComp("?-", (head,))
    if not m.group(3):
        return head
    lits = [_fast_literal(x) for x in re.findall(_LIT, m.group(3))]
    body_t = lits[-1]
    for lit in reversed(lits[:-1]):
        body_t = PComp(",", (lit, body_t))
    return PComp(":-", (head, body_t))


def _parse(body: str):
    fast = _fast_parse(body)
    if fast is not None:
        return fast, None
    try:
        return lark_parser("prolog", _TO_TERM).parse(body), None
    except UnexpectedCharacters as e:
        return None, f"unexpected `{body[e.pos_in_stream]}` at column {e.column}"
    except UnexpectedToken as e:
        if e.token.type == "$END":
            return None, "clause ends early: an unbalanced bracket or a missing argument"
        return None, f"unexpected `{e.token}` at column {e.column}"
    except UnexpectedEOF:
        return None, "clause ends early: an unbalanced bracket or a missing argument"
    except (UnexpectedInput, LarkError, RecursionError) as e:
        return None, f"not Prolog ({type(e).__name__})"
