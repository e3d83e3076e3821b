"""S-expressions as SMT-LIB 2 writes them, with source offsets.

A small hand-written scanner (linear, never `eval`): `(` and `)`, `; comments` to the end
of the line, `|quoted symbols|` (which may hold spaces and line breaks), `"strings"` (a
doubled `""` is a quote), and atoms (symbols, numerals, `:keywords`). `read_forms` gives
the top-level forms of a text and, apart, what is no form: prose lines between them (a
chat reply's sentences, a Markdown fence), a `)` that closes nothing, a form never closed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_DEPTH = 200

# The commands of SMT-LIB 2.6 (and Z3's common extensions): a `(` that opens one of them at
# the start of a line, inside a form still open, means that form was never closed.
COMMANDS = frozenset({
    "assert", "check-sat", "check-sat-assuming", "declare-const", "declare-datatype",
    "declare-datatypes", "declare-fun", "declare-sort", "define-fun", "define-fun-rec",
    "define-funs-rec", "define-sort", "echo", "exit", "get-assertions", "get-assignment",
    "get-info", "get-model", "get-option", "get-proof", "get-unsat-assumptions",
    "get-unsat-core", "get-value", "pop", "push", "reset", "reset-assertions", "set-info",
    "set-logic", "set-option", "eval", "simplify", "display", "check-sat-using", "minimize",
    "maximize", "get-objectives", "declare-rel", "rule", "query"})


@dataclass(slots=True)
class Atom:
    """A symbol, numeral, keyword or string; `quoted` for `|...|` symbols and strings."""

    text: str
    start: int
    end: int
    kind: str = "symbol"       # symbol | quoted | string | number | keyword

    @property
    def is_symbol(self) -> bool:
        return self.kind in ("symbol", "quoted")


@dataclass(slots=True)
class List:
    items: list
    start: int
    end: int = -1

    def head(self) -> str | None:
        """The first item's text when it is a symbol (`|Likes|` is `Likes`)."""
        if self.items and isinstance(self.items[0], Atom) and self.items[0].is_symbol:
            return self.items[0].text
        return None


@dataclass(frozen=True, slots=True)
class Comment:
    text: str          # without the `;` and surrounding spaces
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Junk:
    """What is no form: `kind` is `prose` (a line of text between forms), `fence` (a
    Markdown fence line), `close` (a `)` that closes nothing), `open` (a form never
    closed, from its `(` to where reading it stopped), `deep` (a form nesting deeper than
    `MAX_DEPTH`)."""

    kind: str
    start: int
    end: int
    detail: str = ""


@dataclass
class Forms:
    forms: list = field(default_factory=list)       # top-level List nodes, in order
    comments: list = field(default_factory=list)    # every Comment, in order
    junk: list = field(default_factory=list)        # every Junk, in order


_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")
_COMMAND_AT = re.compile(r"\(\s*([a-z][a-z-]*)")


def _kind(text: str) -> str:
    if text[:1] == ":":
        return "keyword"
    if text[:1].isdigit() or text[:1] == "#" and len(text) > 1:
        return "number"
    return "symbol"


_TOKEN = re.compile(r'[ \t\r\f\v]*(?:(\n)|(;[^\n]*)|(\()|(\))|\|([^|]*)\||"((?:[^"]|"")*)"|([^\s()|";]+)|([|"])|$)')
_OPEN, _CLOSE = 3, 4


def read_forms(text: str, max_depth: int = MAX_DEPTH) -> Forms:
    """The top-level forms of `text`; one pass over the text, a token at a time."""
    out = Forms()
    n = len(text)
    i = 0
    stack: list[List] = []
    line_start = 0                  # offset of the current line's first character
    match = _TOKEN.match
    while i < n:
        m = match(text, i)
        if m is None:               # another blank (a no-break space)
            i += 1
            continue
        kind = m.lastindex
        if kind is None:            # blanks to the end
            break
        i = m.start(kind) - (kind == 5 or kind == 6)
        if kind == 1:
            i = line_start = m.end()
            continue
        if kind == 2:
            out.comments.append(Comment(m.group(2).lstrip(";").strip(), i, m.end()))
            i = m.end()
            continue
        if not stack and kind != _OPEN and kind != _CLOSE:
            # not a form: the rest of the line is prose (or a Markdown fence)
            j = text.find("\n", i)
            j = n if j == -1 else j
            end = max(i + len(text[i:j].rstrip()), i + 1)
            fence = _FENCE.match(text, line_start) and not text[line_start:i].strip()
            out.junk.append(Junk("fence" if fence else "prose", i, end, text[i:end]))
            i = j
            continue
        if kind == _OPEN:
            if stack and not text[line_start:i].strip():
                c = _COMMAND_AT.match(text, i)
                if c and c.group(1) in COMMANDS:
                    # a command at the start of a line inside an open form: that form was
                    # never closed
                    out.junk.append(Junk("open", stack[0].start, _last_code(text, stack[0].start, i),
                                         "is never closed"))
                    stack.clear()
            if len(stack) >= max_depth:
                # skip the whole too-deep form (to its matching `)` or the end)
                root, depth, j = stack[0].start, len(stack), i
                while j < n and depth > 0:
                    a, b = text.find("(", j), text.find(")", j)
                    if b == -1:
                        j = n
                        break
                    if a != -1 and a < b:
                        depth, j = depth + 1, a + 1
                    else:
                        depth, j = depth - 1, b + 1
                out.junk.append(Junk("deep", root, j, f"brackets nest deeper than {max_depth} levels"))
                stack.clear()
                i = j
                continue
            stack.append(List([], i))
            i += 1
            continue
        if kind == _CLOSE:
            if not stack:
                out.junk.append(Junk("close", i, i + 1, "a `)` that closes nothing"))
                i += 1
                continue
            node = stack.pop()
            node.end = i + 1
            if stack:
                stack[-1].items.append(node)
            else:
                out.forms.append(node)
            i += 1
            continue
        if kind == 8:               # a `|` or `"` never closed
            what = "a `|` quoted symbol" if m.group(8) == "|" else "a string"
            out.junk.append(Junk("open", stack[0].start, n, f"has {what} never closed"))
            stack.clear()
            break
        j = m.end()
        if kind in (5, 6):
            nl = text.rfind("\n", i, j)
            if nl != -1:
                line_start = nl + 1
            if kind == 5:
                stack[-1].items.append(Atom(m.group(5), i, j, "quoted"))
            else:
                stack[-1].items.append(Atom(m.group(6).replace('""', '"'), i, j, "string"))
        else:
            tok = m.group(7)
            stack[-1].items.append(Atom(tok, i, j, _kind(tok)))
        i = j
    if stack:
        out.junk.append(Junk("open", stack[0].start, _last_code(text, stack[0].start, n),
                             "is never closed"))
    return out


def _last_code(text: str, start: int, end: int) -> int:
    """The end of the last non-blank character in text[start:end]."""
    return start + len(text[start:end].rstrip())
