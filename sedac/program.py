"""What every reader produces: a `Program` of clauses with source spans, and diagnostics."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .fol import Formula

CATEGORIES = ("symbol", "natural-language", "communication", "knowledge", "other-syntax",
              "shallow-semantic", "deep-semantic", "omission", "query")
SYNTAX_CATEGORIES = CATEGORIES[:5]
STATUSES = ("ok", "fixable", "non-fixable", "fixed", "dropped")


@dataclass(frozen=True)
class Span:
    """1-based lines and columns (end column exclusive), plus 0-based offsets."""

    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int


class LineIndex:
    """Offsets to (line, column) in one text."""

    def __init__(self, text: str):
        self.text = text
        self.starts = starts = [0]
        find = text.find
        i = find("\n")
        while i != -1:
            starts.append(i + 1)
            i = find("\n", i + 1)

    def position(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.position(start)
        end_line, end_col = self.position(max(start, end))
        return Span(line, col, end_line, end_col, start, end)

    def line_span(self, line: int) -> Span:
        start = self.starts[line - 1]
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return self.span(start, end)


@dataclass(frozen=True)
class Fix:
    """Replace the text at `span` (the diagnostic's own when None) by `replacement`."""

    applicability: str            # safe | unsafe | display-only
    replacement: str
    rule: str
    span: Span | None = None


@dataclass
class Diagnostic:
    code: str
    category: str
    message: str
    span: Span
    status: str = "fixable"
    fix: Fix | None = None
    evidence: dict[str, Any] | None = None
    clause: int | None = None     # index of the clause it concerns, if any
    # The prover question behind the verdict: (axioms, conjecture, SZS status sedac got),
    # so that `--export-tptp` can let any TPTP prover check it.
    proof: tuple | None = field(default=None, repr=False, compare=False)


@dataclass
class Clause:
    """One statement or query of a program, read into first-order logic."""

    span: Span
    text: str                      # the source text, as written
    formula: Formula | None        # None when the clause could not be read
    kind: str = "statement"        # statement | query | wrapper (a clause that asks the query)
    read_text: str = ""            # the text that was read, after syntax repairs
    note: str = ""
    # An unreadable clause read with its compound arguments as terms (`neg(p(X))`) and its
    # cuts as `true`: what `sedac.align` reads under the program's representation
    terms: Formula | None = None


@dataclass
class Program:
    path: str
    lang: str
    text: str
    clauses: list[Clause] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)   # reading and syntax phase
    gloss: dict[int, str] = field(default_factory=dict)           # clause -> its ::: sentence
    # glosses written apart from their clause (a comment, the line before, a table cell:
    # `sedac.glosses`): a fix of the clause does not write them again beside it
    glossed_apart: set[str] = field(default_factory=set)
    # How the program itself spells what it says, so that fixes are written its way:
    # `not_p` for the negation of `p` (key `~p`), `is_number` for `number`.
    spelling: dict[str, str] = field(default_factory=dict)
    declared: set[tuple[str, int]] = field(default_factory=set)  # `:- dynamic p/1.` and the like
    # The formula notation the program is written in (`unicode`, `ascii`, `latex`, see
    # `sedac.notations`), so that a fix is written in it; "" when the language has one.
    notation: str = ""
    names: set[tuple[str, int]] = field(default_factory=set)     # predicate names as written
    # a program read in another signature (aligned with a gold truth's names): how to write a
    # formula back in the program's own
    unread: Any = field(default=None, repr=False, compare=False)
    # The representation the clauses were read under (`sedac.align.Reading`), None: as written
    reading: Any = None

    @cached_property
    def index(self) -> LineIndex:
        """Offsets to lines and columns in the program's text."""
        return LineIndex(self.text)

    @property
    def statements(self) -> list[tuple[int, Clause]]:
        return [(i, c) for i, c in enumerate(self.clauses)
                if c.kind == "statement" and c.formula is not None]

    @property
    def queries(self) -> list[tuple[int, Clause]]:
        return [(i, c) for i, c in enumerate(self.clauses)
                if c.kind == "query" and c.formula is not None]

    @property
    def axioms(self) -> list[Formula]:
        return [c.formula for _, c in self.statements]


class Unreadable(Exception):
    """Raised by a reader for a piece that parses but has no reading in the logic;
    it becomes a diagnostic of `category` with `code`."""

    def __init__(self, category: str, code: str, message: str):
        super().__init__(message)
        self.category, self.code, self.message = category, code, message
