"""Formulas written as Prolog in a program's own spelling (its negation names, its names
for words that are SWI-Prolog built-ins), and what a program calls but never defines."""
from __future__ import annotations

import re

from ..fol import (TRUE, And, Atom, Exists, Forall, Formula, Implies, Not, NotAClause, Or,
                   implication_parts, map_atoms, predicates, subformulas, to_prolog)
from ..grammar import swipl_builtins
from ..program import Program
from .base import _once
from ..vocab import Vocabulary
from ..closed_world import NEG_PREFIX


_NEGATED_NAMES = (
    re.compile(r"(?:not|non|neg|no|is_not|isnot|isnt|never|not_an?|is_not_an?)_([a-z]\w*)"),
    re.compile(r"(?:not|non|neg|isNot|no)([A-Z]\w*)"),
    re.compile(r"([a-z]\w*?)_(?:false|not|neg)"),
)


def negated_name(name: str, known: set[str]) -> str | None:
    """The word `name` negates (`not_cold`, `non_cold`, `notCold`, `is_not_cold`,
    `cold_false` -> `cold`), when that word is in `known`; else None."""
    for k, pattern in enumerate(_NEGATED_NAMES):
        m = pattern.fullmatch(name)
        if m:
            base = m.group(1)
            if k == 1:
                base = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", base).lower()
            if base in known:
                return base
    return None


def _spelling(program: Program | None, vocab) -> dict[str, str]:
    """FOL names to the program's own: its negation names, the names it chose for words
    that are built-ins, and `is_p` for a built-in it has no name for."""
    if program is None:
        return {}
    # once per program: the writer asks for every clause it writes
    return _once(program, vocab, "prolog-spelling", lambda: _program_spelling(program, vocab),
                 len(program.names), len(program.spelling))


def _program_spelling(program: Program, vocab) -> dict[str, str]:
    out = dict(program.spelling)
    v = vocab if vocab is not None else Vocabulary()
    for name, arity in sorted(program.names):
        word = v.alias_of(name, arity)
        if word and (word, arity) not in program.names and word not in out:
            out[word] = name
    return out


def spelled(f: Formula, kind: str = "statement", program: Program | None = None,
            vocab=None) -> Formula | None:
    """`f` with the program's own names, in the shape Prolog says it: a negated head becomes
    the program's `not_p` (or sedac's `neg_p`), a built-in's name its alias; a query is
    its body. None when Prolog cannot say it (a universal question, a disjunctive head)."""
    return _speller(program, vocab)(f, kind)


def _speller(program: Program | None, vocab) -> "_Speller":
    """`spelled` for one program and vocabulary, its names looked up once (a caller that
    spells every clause of a program makes it once)."""
    return _Speller(program, vocab)


class _Speller:
    # (a class, not closures: a closure that calls itself is a reference cycle, garbage
    # only the collector frees, made for every program written)
    def __init__(self, program: Program | None, vocab):
        self.program = program
        self.names = names = _spelling(program, vocab)
        self.builtins = swipl_builtins()
        self.neg_prefix = NEG_PREFIX
        for key, name in names.items():
            if key.startswith("~") and name.endswith(key[1:]):
                self.neg_prefix = name[:-len(key) + 1]
                break

    def name_of(self, pred: str, arity: int) -> str:
        names = self.names
        if pred in names:
            return names[pred]
        # (`call/N` is the meta-call, never a predicate of the program's own; the library's
        # `rule/2` a data encoding of rules defines, `rule(Head, Body)`, stays its own)
        reading = getattr(self.program, "reading", None)
        shape = reading.encoding.get("rule") if reading is not None and reading.encoding else None
        if shape is not None and (pred, arity) == (shape.pred, shape.arity):
            return pred
        return "is_" + pred if (pred, arity) in self.builtins and arity and pred != "call" else pred

    def spell(self, g: Formula, head: bool) -> Formula:
        if isinstance(g, Not) and isinstance(g.arg, Atom):
            a = g.arg
            neg = self.names.get("~" + a.pred)
            if neg or head:
                return Atom(neg or self.neg_prefix + a.pred, a.args)
            return Not(Atom(self.name_of(a.pred, len(a.args)), a.args))
        if isinstance(g, Atom):
            return Atom(self.name_of(g.pred, len(g.args)), g.args)
        if isinstance(g, (And, Or)):
            return type(g)(tuple(self.spell(h, False) for h in g.args))
        if isinstance(g, Not):
            return Not(self.spell(g.arg, False))
        return g

    def __call__(self, f: Formula, kind: str = "statement") -> Formula | None:
        if kind == "query":
            body = f.body if isinstance(f, Exists) else f
            if any(isinstance(g, (Forall, Exists, Implies)) for g in subformulas(body)):
                return None
            return map_atoms(body, lambda a: Atom(self.name_of(a.pred, len(a.args)), a.args))
        vs, body, head = implication_parts(f)
        head = self.spell(head, True)
        if not isinstance(head, Atom):
            return None
        inner = head if body == TRUE else Implies(self.spell(body, False), head)
        return Forall(vs, inner) if vs else inner


def prolog_text(f: Formula, kind: str = "statement", program: Program | None = None,
                vocab=None) -> str | None:
    """A formula as a clause SWI-Prolog loads, or as a `?-` query (see `spelled`); None
    when Prolog cannot say it."""
    g = spelled(f, kind, program, vocab)
    if g is None:
        return None
    try:
        return ("?- " if kind == "query" else "") + to_prolog(g)
    except (NotAClause, ValueError):
        return None


def undefined_predicates(statements, queries, program: Program | None = None, vocab=None,
                         declared=frozenset()) -> list[tuple[str, int]]:
    """(name, arity) of the predicates, as the file spells them, that the clauses and
    queries call but no clause defines nor `declared` declares (SWI-Prolog's system
    predicates aside)."""
    builtins = swipl_builtins()
    spell = _speller(program, vocab)
    defined, called = set(), set()
    for f, kind in [(f, "statement") for f in statements] + [(q, "query") for q in queries]:
        g = spell(f, kind)
        if g is None:
            continue
        if kind == "statement" and type(g) is Atom:
            # a fact: the file holds it (`to_prolog` writes every atom) and it calls nothing
            defined.add((g.pred, len(g.args)))
            continue
        try:
            to_prolog(g)          # only what the file can hold
        except (NotAClause, ValueError):
            continue
        if kind == "statement":
            _, body, head = implication_parts(g)
            defined.add((head.pred, len(head.args)))
        else:
            body = g
        called |= {p for p in predicates(body) if p not in builtins}
    return sorted(called - defined - set(declared))


def dynamic_declaration(preds) -> str:
    """`:- dynamic p/1, q/2.`: predicates with no clauses fail instead of raising."""
    return ":- dynamic " + ", ".join(f"{n}/{a}" for n, a in preds) + "."
