"""TPTP FOF as a program: axioms are statements, the conjecture is the query."""
from __future__ import annotations

from ..errors import SedacError
from ..fol import children, to_tptp
from ..grammar import max_nesting
from ..program import Clause, Diagnostic, Fix, Program
from .base import Reader
from .prolog import _skip_layout, _split_clauses
from .tptp import MAX_NESTING, read_tptp


def _depth(f) -> int:
    """How deep a formula nests, without recursion."""
    best, stack = 0, [(f, 1)]
    while stack:
        g, d = stack.pop()
        best = max(best, d)
        stack.extend((c, d + 1) for c in children(g))
    return best


class TptpProgramReader(Reader):
    lang = "tptp"
    clausal = True

    def read(self, text: str, path: str = "<program>") -> Program:
        """Item by item: one item that does not parse, or nests too deeply, is that
        item's diagnostic, and the others are read."""
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        layout = self.layout(text)          # a reply's prose and fences, made comments
        prog.diagnostics.extend(layout.diagnostics(self.comment))
        masked = layout.masked              # same offsets as the text, the logic alone
        for start, end, _ in _split_clauses(masked):
            start = _skip_layout(masked, start, end)
            raw = masked[start:end].rstrip()
            if not raw:
                continue
            span = index.span(start, start + len(raw))
            first_line = span.line
            try:
                if max_nesting(raw) > MAX_NESTING:
                    raise RecursionError
                items = read_tptp(raw, path)
                if any(_depth(it.formula) > MAX_NESTING for it in items):
                    raise RecursionError
            except RecursionError:
                prog.diagnostics.append(Diagnostic(
                    "E002", "other-syntax", f"the formula nests deeper than {MAX_NESTING} levels; "
                    "ignored", span, fix=Fix("safe", "% " + raw.replace("\n", "\n% "),
                                             "comment-out", span)))
                continue
            except SedacError as e:
                line = min(first_line + (e.line or 1) - 1, len(index.starts))
                prog.diagnostics.append(Diagnostic("E001", "other-syntax", e.reason,
                                                   index.line_span(line)))
                continue
            for it in items:
                line_span = index.line_span(min(first_line + it.line - 1, len(index.starts)))
                kind = "query" if it.role == "conjecture" else "statement"
                prog.gloss[len(prog.clauses)] = it.name
                prog.clauses.append(Clause(line_span, text[line_span.start:line_span.end],
                                           it.formula, kind))
        return prog

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        """The gloss of a TPTP clause is its name."""
        role = "conjecture" if kind == "query" else "axiom"
        return f"fof({gloss or 'fixed'}, {role}, {to_tptp(formula)})."
