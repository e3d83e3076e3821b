"""TPTP FOF reader: `fof(name, role, formula).` items into formulas."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lark import Transformer, v_args
from lark.exceptions import LarkError, UnexpectedInput

from ..errors import SedacError
from ..fol import (FALSE, TRUE, And, Atom, Const, Eq, Exists, Forall, Formula, Func, Iff,
                   Implies, Not, Or, Var, Xor)
from ..grammar import lark_parser, max_nesting

MAX_NESTING = 5000


@dataclass(frozen=True)
class TptpItem:
    name: str
    role: str
    formula: Formula
    line: int


def _unquote(tok: str) -> str:
    if tok.startswith("'") and tok.endswith("'"):
        return tok[1:-1].replace("\\'", "'").replace("\\\\", "\\")
    return str(tok)


@v_args(inline=True)
class _ToFol(Transformer):
    def var(self, tok):
        return Var(str(tok))

    def const(self, tok):
        return Const(_unquote(tok))

    def const_distinct(self, tok):
        return Const(str(tok)[1:-1])

    def func(self, name, *args):
        raise SedacError(f"function symbol {_unquote(name)}/{len(args)} is outside the "
                         "function-free fragment sedac decides", line=name.line)

    def atom(self, name, *args):
        return Atom(_unquote(name), tuple(args))

    def eq(self, a, b):
        return Eq(a, b)

    def neq(self, a, b):
        return Not(Eq(a, b))

    def true(self):
        return TRUE

    def false(self):
        return FALSE

    def neg(self, f):
        return Not(f)

    def or_chain(self, *fs):
        return Or(tuple(fs))

    def and_chain(self, *fs):
        return And(tuple(fs))

    def varlist(self, *toks):
        return tuple(Var(str(t)) for t in toks)

    def quant(self, q, vs, body):
        return (Forall if q == "!" else Exists)(vs, body)

    def binop(self, a, op, b):
        op = str(op)
        if op == "=>":
            return Implies(a, b)
        if op == "<=":
            return Implies(b, a)
        if op == "<=>":
            return Iff(a, b)
        if op == "<~>":
            return Xor(a, b)
        if op == "~|":
            return Not(Or((a, b)))
        return Not(And((a, b)))

    def fof(self, name, role, formula):
        return TptpItem(_unquote(name), str(role), formula, name.line)

    def include(self, tok):
        raise SedacError("include directives are not supported; give the axioms inline",
                         line=tok.line)


@v_args(inline=True)
class _ToFolWithFunctions(_ToFol):
    """For `sedac prove`: function symbols are terms (E and Prover9 take them)."""

    def func(self, name, *args):
        return Func(_unquote(name), tuple(args))


_TO_FOL = _ToFol()
_TO_FOL_FUNCTIONS = _ToFolWithFunctions()


def read_tptp(text: str, path: str = "<tptp>", functions: bool = False) -> list[TptpItem]:
    """Parse a TPTP FOF problem; raises `SedacError` naming the line on bad input. Function
    symbols are refused unless `functions` (the programs sedac checks are function-free)."""
    if max_nesting(text) > MAX_NESTING:
        raise SedacError(f"formulas nest deeper than {MAX_NESTING} levels", path=path)
    try:
        to_fol = _TO_FOL_FUNCTIONS if functions else _TO_FOL
        return list(lark_parser("tptp", to_fol).parse(text).children)
    except UnexpectedInput as e:
        got = text[e.pos_in_stream:e.pos_in_stream + 20].split("\n")[0] if e.pos_in_stream is not None else ""
        raise SedacError(f"TPTP syntax error near {got!r}", path=path, line=e.line) from None
    except SedacError as e:
        e.path = path
        raise
    except LarkError as e:
        orig = getattr(e, "orig_exc", None)
        if isinstance(orig, SedacError):
            orig.path = path
            raise orig from None
        raise SedacError(f"TPTP syntax error: {e}", path=path) from None


@lru_cache(maxsize=65536)
def parse_formula(text: str) -> Formula:
    """One TPTP formula (no `fof` wrapper)."""
    items = read_tptp(f"fof(f, axiom, {text}).")
    return items[0].formula
