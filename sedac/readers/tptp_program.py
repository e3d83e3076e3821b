"""TPTP FOF as a program: axioms are statements, the conjecture is the query."""
from __future__ import annotations

from ..errors import SedacError
from ..fol import to_tptp
from ..program import Clause, Diagnostic, Program
from .base import Reader
from .tptp import read_tptp


class TptpProgramReader(Reader):
    lang = "tptp"
    clausal = True

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        layout = self.layout(text)          # a reply's prose and fences, made comments
        prog.diagnostics.extend(layout.diagnostics(self.comment))
        try:
            items = read_tptp(layout.masked, path)
        except SedacError as e:
            line = e.line or 1
            prog.diagnostics.append(Diagnostic("E001", "other-syntax", e.reason,
                                               index.line_span(min(line, len(index.starts)))))
            return prog
        for it in items:
            span = index.line_span(min(it.line, len(index.starts)))
            kind = "query" if it.role == "conjecture" else "statement"
            prog.gloss[len(prog.clauses)] = it.name
            prog.clauses.append(Clause(span, text[span.start:span.end], it.formula, kind))
        return prog

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        """The gloss of a TPTP clause is its name."""
        role = "conjecture" if kind == "query" else "axiom"
        return f"fof({gloss or 'fixed'}, {role}, {to_tptp(formula)})."
