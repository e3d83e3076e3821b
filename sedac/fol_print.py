"""The printers of formulas: one per output language (TPTP, Prover9, Unicode, Prolog).

`sedac.fol` re-exports every public name here; import them from there.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
import re
from typing import Callable

from .fol import (And, Atom, Bottom, Eq, Exists, Forall, Formula, Func, Iff, Implies, Not,
                  Or, Term, Top, Var, Xor, implication_parts, term_text)

# ------------------------------------------------------------------- printers

_TPTP_BIN = {Implies: "=>", Iff: "<=>", Xor: "<~>"}


def _tptp_name(name: str, upper: bool) -> str:
    if upper:
        ok = name[:1].isupper() and name.replace("_", "a").isalnum()
        return name if ok else "V" + "".join(c if c.isalnum() else "_" for c in name)
    ok = name[:1].islower() and name.replace("_", "a").isalnum() and name.isascii()
    if ok:
        return name
    return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


def tptp_term(t: Term) -> str:
    if isinstance(t, Func):
        return f"{_tptp_name(t.name, False)}({','.join(tptp_term(a) for a in t.args)})"
    return _tptp_name(t.name, isinstance(t, Var))


def to_tptp(f: Formula) -> str:
    """TPTP FOF formula syntax (no `fof(...)` wrapper)."""
    return render(f, TPTP)


def tptp_problem(axioms, conjecture: Formula | None = None, names=None) -> str:
    """A whole TPTP FOF problem; `names` optionally labels the axioms."""
    lines = []
    for i, a in enumerate(axioms):
        name = names[i] if names else f"a{i + 1}"
        lines.append(f"fof({name}, axiom, {to_tptp(a)}).")
    if conjecture is not None:
        lines.append(f"fof(goal, conjecture, {to_tptp(conjecture)}).")
    return "\n".join(lines) + "\n"


_P9_BIN = {Implies: "->", Iff: "<->"}


def _p9_name(name: str, variable: bool, prolog_style: bool = True) -> str:
    """A Prover9 symbol: with `set(prolog_style_variables)`, variables start upper-case and
    everything else lower-case; without it (Prover9's default), variables start with u-z."""
    clean = re.sub(r"[^A-Za-z0-9_]", "_", name) or "x"
    if variable:
        if prolog_style:
            return clean if clean[:1].isupper() else "V" + clean
        low = clean.lower()
        return low if low[:1] in "uvwxyz" else "x" + low
    if not prolog_style and clean[:1] in "uvwxyz":
        return clean[:1].upper() + clean[1:]    # (`wren` would be a variable there: Y013)
    return clean if clean[:1].islower() else "n_" + clean


def prover9_term(t: Term, prolog_style: bool = True) -> str:
    if isinstance(t, Func):
        return f"{_p9_name(t.name, False)}({','.join(prover9_term(a, prolog_style) for a in t.args)})"
    return _p9_name(t.name, isinstance(t, Var), prolog_style)


def to_prover9(f: Formula, prolog_style: bool = True) -> str:
    """Prover9's formula syntax: variables as `set(prolog_style_variables)` has them, or
    (`prolog_style` false) Prover9's default, names starting with u-z."""
    return render(f, PROVER9 if prolog_style else PROVER9_DEFAULT)


_UNI_BIN = {Implies: "→", Iff: "↔", Xor: "⊕"}


@lru_cache(maxsize=1 << 12)
def to_unicode(f: Formula) -> str:
    """The FOL text notation of Logic-LM style programs (`∀x (A(x) → ¬B(x))`). (A pure
    function of a frozen formula, and the messages of one problem describe the same few
    formulas again and again, a clause in each diagnostic about it: memoised.)"""
    return render(f, UNICODE)


# ------------------------------------------------------------ one renderer, many notations

@dataclass(frozen=True)
class Notation:
    """How a syntax spells each connective; `render` does the rest. `quant(q, vars, body)`
    gets `q` True for ∀, the variables as text and the body already wrapped."""

    term: Callable
    pred: Callable
    top: str
    bottom: str
    neg: str                         # the prefix of a negation
    and_: str
    or_: str
    binary: dict                     # Implies/Iff/Xor -> operator; Xor absent: -(a <-> b)
    quant: Callable
    eq: str = "{} = {}"
    neq: str = "{} != {}"
    args: str = ","
    bare: tuple = (Atom, Top, Bottom, Not)     # written without brackets when nested
    body_bare: tuple = (Atom, Top, Bottom, Not, Forall, Exists)


def render(f: Formula, n: Notation) -> str:
    return _text(f, n)


def _wrap(g: Formula, n: Notation, bare=None) -> str:
    # (`render`'s helpers are module functions: closures calling each other would be a
    # reference cycle made at every call, for the garbage collector to find)
    s = _text(g, n)
    return s if isinstance(g, n.bare if bare is None else bare) else f"({s})"


def _text(g: Formula, n: Notation) -> str:
    # (dispatched on the node's exact type, the classes being final, and the commonest
    # first: `render` writes every message's formulas and every fix)
    kind = type(g)
    if kind is Atom:
        name = n.pred(g.pred)
        if not g.args:
            return name
        term = n.term
        return f"{name}({n.args.join([term(a) for a in g.args])})"
    if kind is Not:
        a = g.arg
        if type(a) is Eq:
            return n.neq.format(n.term(a.left), n.term(a.right))
        return n.neg + _wrap(a, n)
    if kind is Forall or kind is Exists:
        return n.quant(kind is Forall, [n.term(v) for v in g.vars],
                       _wrap(g.body, n, n.body_bare))
    if kind is Implies or kind is Iff or kind is Xor:
        op = n.binary.get(kind)
        if op is None:      # no exclusive or: the negated equivalence
            return f"{n.neg}({_wrap(g.left, n)} {n.binary[Iff]} {_wrap(g.right, n)})"
        return f"{_wrap(g.left, n)} {op} {_wrap(g.right, n)}"
    if kind is And:
        return n.and_.join([_wrap(a, n) for a in g.args])
    if kind is Or:
        return n.or_.join([_wrap(a, n) for a in g.args])
    if kind is Eq:
        return n.eq.format(n.term(g.left), n.term(g.right))
    if kind is Top:
        return n.top
    if kind is Bottom:
        return n.bottom
    raise TypeError(f"not a formula: {g!r}")


TPTP = Notation(tptp_term, lambda p: _tptp_name(p, False), "$true", "$false", "~ ", " & ", " | ",
                _TPTP_BIN, lambda q, vs, b: f"{'!' if q else '?'} [{','.join(vs)}] : {b}",
                bare=(Atom, Top, Bottom, Not, Forall, Exists))
PROVER9 = Notation(prover9_term, lambda p: _p9_name(p, False), "$T", "$F", "-", " & ", " | ",
                   _P9_BIN, lambda q, vs, b: " ".join(f"{'all' if q else 'exists'} {v}" for v in vs)
                   + f" {b}", body_bare=())
PROVER9_DEFAULT = replace(PROVER9, term=lambda t: prover9_term(t, False))
UNICODE = Notation(term_text, lambda p: p, "⊤", "⊥", "¬", " ∧ ", " ∨ ", _UNI_BIN,
                   lambda q, vs, b: "".join(f"{'∀' if q else '∃'}{v} " for v in vs) + b,
                   neq="¬({} = {})", args=", ", body_bare=(Atom, Top, Bottom, Not))


def _prolog_atom(name: str) -> str:
    if name[:1].islower() and name.replace("_", "a").isalnum() and name.isascii():
        return name
    return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _prolog_term(t: Term, varnames: dict[Var, str]) -> str:
    if isinstance(t, Var):
        if t not in varnames:
            base = t.name[:1].upper() + t.name[1:] if t.name[:1].isalpha() else "V"
            if not base.replace("_", "a").isalnum() or not base[:1].isupper():
                base = "V"
            name, i = base, 1
            while name in varnames.values():
                i += 1
                name = f"{base}{i}"
            varnames[t] = name
        return varnames[t]
    if isinstance(t, Func) and t.name == LIST:      # a list, as a data encoding writes one
        return f"[{', '.join(_prolog_term(a, varnames) for a in t.args)}]"
    if isinstance(t, Func):
        return f"{_prolog_atom(t.name)}({', '.join(_prolog_term(a, varnames) for a in t.args)})"
    if t.name == "[]":
        return "[]"
    return _prolog_atom(t.name)


LIST = "[|]"     # the functor of a proper list read as a term (`sedac.readers.prolog_logic`)


def _prolog_goal(f: Formula, varnames: dict[Var, str]) -> str:
    if isinstance(f, Atom):
        if not f.args:
            return _prolog_atom(f.pred)
        args = ", ".join(_prolog_term(a, varnames) for a in f.args)
        return f"{_prolog_atom(f.pred)}({args})"
    if isinstance(f, Eq):
        return f"{_prolog_term(f.left, varnames)} = {_prolog_term(f.right, varnames)}"
    if isinstance(f, Top):
        return "true"
    if isinstance(f, Bottom):
        return "fail"
    if isinstance(f, Not):
        inner = _prolog_goal(f.arg, varnames)
        return f"\\+ {inner}" if isinstance(f.arg, Atom) else f"\\+ ({inner})"
    if isinstance(f, And):
        return ", ".join(_prolog_wrap(a, varnames, And) for a in f.args)
    if isinstance(f, Or):
        return "; ".join(_prolog_wrap(a, varnames, Or) for a in f.args)
    raise ValueError(f"no Prolog goal for {to_tptp(f)}")


def _prolog_wrap(f: Formula, varnames, parent) -> str:
    s = _prolog_goal(f, varnames)
    if isinstance(f, Or) and parent is And:
        return f"({s})"
    return s


class NotAClause(ValueError):
    """The formula has no Prolog clause form (a disjunctive head, an existential...)."""


def to_prolog(f: Formula) -> str:
    """A formula of the clause shapes as one Prolog clause, ending in a full stop.

    `![X]: (b => h)` becomes `h :- b.`; a negated head `~h` is written `\\+h`, as
    LLM prompts ask for; the loadable form used by the closed-world engine is
    produced separately (see `sedac.closed_world`).
    """
    parts = implication_parts(f)
    vs, body, head = parts
    varnames: dict[Var, str] = {}
    if isinstance(head, Not) and isinstance(head.arg, Atom):
        head_s = "\\+" + _prolog_goal(head.arg, varnames)
    elif isinstance(head, Atom):
        head_s = _prolog_goal(head, varnames)
    else:
        raise NotAClause(f"no Prolog clause for {to_tptp(f)}")
    try:
        body_s = None if isinstance(body, Top) else _prolog_goal(body, varnames)
    except ValueError as e:
        raise NotAClause(str(e)) from None
    if body_s is None:
        return f"{head_s}."
    return f"{head_s} :- {body_s}."


def describe(f: Formula) -> str:
    """A short readable form for messages: the Unicode notation."""
    return to_unicode(f)
