"""Shallow rewrite rules R1-R11: the meaning is recoverable from the program alone.

Each replaces a formula by the one the program evidently meant; none needs the
problem text. They are safe fixes only when the evidence is there (`sedac/shallow.py`):
without a text the vocabulary they consult knows only what the program shows; with a text
each result must be entailed by it. Otherwise they are display-only suggestions.
"""
from __future__ import annotations

from ..fol import predicates, And, Atom, Const, Formula, Implies, Not, Or, Top, map_atoms
from .base import (REWRITE, bind, class_rule, implication, literal, make_literal, parts, rename_in,
                   rule)


@rule("R1", "proper-noun-predicate", REWRITE, "![X]: (p(X) => f)", "f with X bound to p",
      "p is a proper noun")
def r1(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a name used as a predicate, `swims(X) :- tom(X).` (or `∀x (Tom → Swims(x))`),
    or applied to a class, `polly(vumpus).` (Pyke's `Polly(Vumpus, True)` for "Polly is a
    vumpus"). Best practice: say it of the individual, `swims(tom).`, `vumpus(polly).`"""
    lit = literal(f)
    if lit is not None and len(lit[1].args) == 1 and isinstance(lit[1].args[0], Const):
        pos, atom = lit
        c = atom.args[0].name
        if vocab.is_name(atom.pred) and vocab.is_noun(c) and not vocab.is_name(c):
            return make_literal(pos, Atom(c.lower(), (Const(atom.pred.lower()),)))
        return None
    vs, body, head = parts(f)
    lit = literal(body)
    if lit is None or not lit[0] or not vocab.is_name(lit[1].pred):
        return None
    atom, name = lit[1], lit[1].pred.lower()
    if any(p == atom.pred for p, _ in predicates(head)):
        return None   # `∀x (Fae(x) → Fae(x))` says nothing; it is no fact about fae
    if len(vs) == 1 and atom.args in ((vs[0],), ()):
        # `p(X) => f`, or a bare `p` (`∀x (Max → Zumpus(x))`): f of the individual
        return bind(head, vs[0], name)
    if not vs and atom.args in ((), (Const(name),)):
        # `Stella(True) >>> Wumpus(Stella, True)`, `Fae(Fae, True) >>> ...`: just the conclusion
        return head
    return None


def _class_of_constant(f: Formula, noun_of) -> Formula | None:
    """`[~]p(c)` where `noun_of(c)` names a class: `![X]: (class(X) => [~]p(X))`."""
    lit = literal(f)
    if lit is None:
        return None
    pos, atom = lit
    if len(atom.args) != 1 or not isinstance(atom.args[0], Const):
        return None
    noun = noun_of(atom.args[0].name)
    return class_rule(noun, pos, atom.pred) if noun else None


@rule("R2", "plural-noun-argument", REWRITE, "[~]p(ns)", "![X]: (n(X) => [~]p(X))",
      "ns is the plural of n")
def r2(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a class in plural as an individual, `blue(cats).`
    Best practice: a rule about the class, `blue(X) :- cat(X).`"""
    return _class_of_constant(f, lambda c: None if vocab.is_name(c) else vocab.singular_of(c))


@rule("R3", "noun-argument", REWRITE, "[~]p(n)", "![X]: (n(X) => [~]p(X))",
      "n is a singular noun")
def r3(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a class as an individual, `blue(cat).`
    Best practice: a rule about the class, `blue(X) :- cat(X).`"""
    return _class_of_constant(
        f, lambda c: c.lower() if vocab.is_noun(c) and not vocab.is_name(c) else None)


@rule("R4", "adjective-argument", REWRITE, "[~]p(a)", "![X]: (n(X) => [~]p(X))",
      "a is the adjective form of the compound noun n")
def r4(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: the adjective of a compound noun as an individual, `brown(negative).`
    Best practice: a rule about the class, `brown(X) :- negative_number(X).`"""
    return _class_of_constant(
        f, lambda c: None if vocab.is_name(c) else vocab.noun_of_adjective(c))


def _rename_side(f: Formula, side: str, rename) -> Formula | None:
    vs, body, head = parts(f)
    if side == "body":
        if isinstance(body, Top):
            return None
        return implication(vs, rename_in(body, rename), head)
    return implication(vs, body, rename_in(head, rename))


@rule("R5", "plural-noun-body", REWRITE, "![X]: (ns(X) => f)", "![X]: (n(X) => f)",
      "ns is the plural of n")
def r5(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a plural predicate in a condition, `blue(X) :- cats(X).`
    Best practice: the singular noun, `blue(X) :- cat(X).`"""
    return _rename_side(f, "body", vocab.singular_of)


@rule("R6", "plural-noun-head", REWRITE, "![X]: (f => [~]ns(X))", "![X]: (f => [~]n(X))",
      "ns is the plural of n")
def r6(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a plural predicate in a conclusion, `mammals(X) :- cat(X).`
    Best practice: the singular noun, `mammal(X) :- cat(X).`"""
    return _rename_side(f, "head", vocab.singular_of)


@rule("R7", "adjective-predicate-fact", REWRITE, "[~]a(t)", "[~]n(t)",
      "a is the adjective form of the compound noun n")
def r7(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: the adjective of a compound noun as a class, `even(alex).`
    Best practice: the noun, `even_number(alex).`"""
    lit = literal(f)
    if lit is None:
        return None
    return rename_in(f, vocab.noun_of_adjective)


@rule("R8", "adjective-predicate-body", REWRITE, "![X]: (a(X) => f)", "![X]: (n(X) => f)",
      "a is the adjective form of the compound noun n")
def r8(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: `loud(X) :- even(X).` where the text speaks of even numbers.
    Best practice: `loud(X) :- even_number(X).`"""
    return _rename_side(f, "body", vocab.noun_of_adjective)


@rule("R9", "adjective-predicate-head", REWRITE, "![X]: (f => [~]a(X))", "![X]: (f => [~]n(X))",
      "a is the adjective form of the compound noun n")
def r9(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: `composite(X) :- fraction(X).` where the text speaks of composite numbers.
    Best practice: `composite_number(X) :- fraction(X).`"""
    vs, body, head = parts(f)
    if isinstance(body, Top):  # a fact is R7's
        return None
    return _rename_side(f, "head", vocab.noun_of_adjective)


@rule("R10", "builtin-avoiding-name", REWRITE, "..a(t)..", "..n(t)..",
      "a is a name chosen to avoid the built-in or word n (num, is_number, my_number), "
      "or another form of the text's verb n (need for needs)")
def r10(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a word of the text renamed to dodge a Prolog built-in, `fruity(X) :- num(X).`
    read literally, `num` is not the text's `number`. Best practice: read it as the word; sedac
    keeps the program's own spelling when it writes a fix, so a loadable name stays loadable.
    A relation named by another form of the text's verb (`need(X, cat)` for "needs") is the
    same relation: read as the text's verb, and silent, since the program says it."""
    def rename(a: Atom) -> Formula:
        new = vocab.alias_of(a.pred, len(a.args))
        return Atom(new, a.args) if new else a
    return map_atoms(f, rename)


@rule("R11", "name-spelling", REWRITE, "..p(the_c)..", "..p(c)..",
      "the_c (or a spelling without underscores) names the text's individual c")
def r11(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: an individual spelled otherwise than the text names it, `big(the_bald_eagle)`
    for "The bald eagle is big" (the text's name is `bald_eagle`, as `BaldEagle` in Pyke and
    LINC). Best practice: one name per individual; read as the text's, and silent when the
    program spells it one way throughout (a fix keeps the program's spelling)."""
    def rename(a: Atom) -> Formula:
        args = tuple(Const(vocab.name_alias(t.name) or t.name) if isinstance(t, Const) else t
                     for t in a.args)
        return Atom(a.pred, args) if args != a.args else a
    return map_atoms(f, rename)


RULES = [r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11]


# ------------------------------------------------------------ what the rules consult

def inert(f: Formula, vocab, memo: dict) -> bool:
    """True only when no rule of RULES can rewrite `f` under `vocab`: a quick test of the
    symbols the rules consult, so that the many clauses of a big program no rule touches
    cost a few look-ups each rather than eleven rule applications (`sedac.shallow`).
    False means "maybe" (the rules decide). `memo` holds the symbols' answers: one dict
    per vocabulary, which must not change while it is used.

    What each rule asks: R1 whether a predicate is a name, of a rule's one positive
    condition (of any arity) or of a fact about one constant that is a noun (which the test
    of constants below already finds); R2-R4 whether a literal's lone constant is a plural,
    a noun or the adjective of a compound noun; R5-R9 whether a one-place predicate is a plural or such an
    adjective; R10 whether a predicate is an alias (`num`); R11 whether a constant is
    another spelling of a name. Anything not a literal nor a rule of literals, or a rule
    that would not be rebuilt as it is, is "maybe"."""
    vs, body, head = parts(f)
    # R5, R6, R8, R9 rebuild a rule as `implication` writes it: one that is not so written
    # (nested or empty quantifier prefixes) is theirs to say; a rule is written so exactly
    # when it is an implication under one non-empty prefix, or under none
    if not isinstance(body, Top) and type(f) is not Implies and not (
            f.vars and type(f.body) is Implies):
        return False
    if type(body) is Atom:
        # (a name as a rule's one positive condition is R1's: elsewhere no rule reads it)
        if _atom_inert(body, vocab, memo) is not True:
            return False
    elif not _literals_inert(body, vocab, memo):
        return False
    return bool(_literals_inert(head, vocab, memo))


def _literals_inert(g: Formula, vocab, memo: dict) -> bool:
    kind = type(g)     # (the node classes are final: their exact types)
    if kind is Atom:
        return _atom_inert(g, vocab, memo)
    if kind is Not:
        return type(g.arg) is Atom and _atom_inert(g.arg, vocab, memo)
    if kind is Top:
        return True
    if kind is And or kind is Or:
        return all(_literals_inert(a, vocab, memo) for a in g.args)
    return False


_NAME = "name"     # `_atom_inert`: inert but as a rule's one positive condition (R1's)


def _atom_inert(a: Atom, vocab, memo: dict):
    """True when no rule reads the atom's symbols, `_NAME` (true too) when only R1 may, as
    a rule's condition (its predicate is a name), False otherwise."""
    key = (a.pred, len(a.args))
    ok = memo.get(key)
    if ok is None:
        one = len(a.args) == 1
        ok = memo[key] = False if vocab.alias_of(a.pred, len(a.args)) or one and (
            vocab.singular_of(a.pred) or vocab.noun_of_adjective(a.pred)) else \
            _NAME if vocab.is_name(a.pred) else True
    if not ok:
        return False
    for t in a.args:
        if type(t) is Const:
            c = memo.get(t)
            if c is None:
                n = t.name
                c = memo[t] = not (vocab.name_alias(n) or vocab.is_noun(n) or
                                   vocab.singular_of(n) or vocab.noun_of_adjective(n))
            if not c:
                return False
    return ok
