"""Deep derivation rules D1-D11: candidates that only the text can confirm.

They add candidates rather than replace: full SEDAC keeps a candidate only when
the prover shows that the text entails it, so each is an unsafe (meaning-changing)
fix backed by a proof.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..fol import (TRUE, And, Atom, Const, Forall, Formula, Implies, Not, Top, Var, closure, conj,
                   constants, free_vars, map_atoms, negate, predicates, replace_terms, substitute)
from .base import DERIVE, implication, last_answer, literal, make_literal, parts, rule


def _flip_head(f: Formula, want_positive: bool) -> Formula | None:
    vs, body, head = parts(f)
    lit = literal(head)
    if lit is None or lit[0] != want_positive:
        return None
    return implication(vs, body, make_literal(not lit[0], lit[1]))


@rule("D1", "negate-conclusion", DERIVE, "![X]: (f => p(t))", "![X]: (f => ~p(t))")
def d1(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a lost negation, `fruity(X) :- integer(X).` for "Each integer is not fruity".
    Best practice: `\\+fruity(X) :- integer(X).`"""
    return _flip_head(f, True)


@rule("D2", "drop-negation", DERIVE, "![X]: (f => ~p(t))", "![X]: (f => p(t))")
def d2(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a negation the text does not have, `\\+red(X) :- wumpus(X).` for "Wumpuses are red".
    Best practice: `red(X) :- wumpus(X).`"""
    return _flip_head(f, False)


@rule("D3", "reverse-implication", DERIVE, "![X]: (f => g)", "![X]: (g => f)")
def d3(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a rule written backwards, `integer(X) :- fruity(X).`
    Best practice: the direction the text states."""
    vs, body, head = parts(f)
    if isinstance(body, Top):
        return None
    return implication(vs, head, body)


RULES = [d1, d2, d3]


# ---------------------------------------------------------------- relational rules
# ProofWriter's errors: arguments and conditions. Each gives every candidate of its kind;
# full SEDAC keeps the one the text entails (and, of several, the one that restores most
# of the text).

def _conjuncts(f: Formula) -> list[Formula]:
    if isinstance(f, Top):
        return []
    return list(f.args) if isinstance(f, And) else [f]


def _rule(body: list[Formula], head: list[Formula]) -> Formula:
    """`∀(free vars) (∧body → ∧head)`, quantifying exactly the variables that occur."""
    inner = implication((), conj(body) if body else TRUE, conj(head))
    order = _literal_vars(body, head)
    if order is None:
        return closure(inner)
    return Forall(order, inner) if order else inner


def _literal_vars(body: list[Formula], head: list[Formula]) -> tuple[Var, ...] | None:
    """The variables of literals of plain terms in order of first appearance, body first:
    the order `closure` finds in the rule they make, read without walking the rule (the
    relational rules build thousands of candidates a run, nearly all of such literals);
    None for anything else, which `closure` reads."""
    order: list[Var] = []
    for l in body + head:
        a = l.arg if type(l) is Not else l
        if type(a) is not Atom:
            return None
        for t in a.args:
            kind = type(t)
            if kind is Var:
                if t not in order:
                    order.append(t)
            elif kind is not Const:
                return None
    return tuple(order)


def _occurrences(lits: list[Formula]):
    """(literal index, argument index, term) for every argument of every literal."""
    for i, l in enumerate(lits):
        lit = literal(l)
        if lit is None:
            continue
        for j, t in enumerate(lit[1].args):
            yield i, j, t


def _with_arg(l: Formula, j: int, t) -> Formula:
    pos, a = literal(l)
    args = list(a.args)
    args[j] = t
    return make_literal(pos, Atom(a.pred, tuple(args)))


# `propose` asks the relational rules of one formula one after the other, and most of them
# ask its constants and its conditions and conclusions: the last answers are kept.
@last_answer
def _constants(f: Formula) -> frozenset:
    """`constants(f)` (D4, D5, D6 and D8 ask it)."""
    return constants(f)


@last_answer
def _split(f: Formula) -> tuple[list[Formula], list[Formula]]:
    """(the conjuncts of the body, those of the head) (D4-D10 ask it): lists the rules
    read, never change."""
    vs, body, head = parts(f)
    return _conjuncts(body), _conjuncts(head)


@rule("D4", "variable-for-entity", DERIVE, "..p(X)..", "..p(c)..",
      "c is an individual the rule names")
def d4(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: the rule's variable where the text names an individual,
    `Chases($x, Cow, True) >>> Big($x, True)` for "If something chases the cow then the cow is big".
    Best practice: the individual, `Chases($x, Cow, True) >>> Big(Cow, True)`."""
    names = sorted(_constants(f), key=lambda c: c.name)
    if not names:
        return []     # (no individual to put in a variable's place)
    body, head = _split(f)
    lits = body + head
    out = []
    for i, j, t in _occurrences(lits):
        if isinstance(t, Var):
            for c in names:
                new = list(lits)
                new[i] = _with_arg(lits[i], j, c)
                out.append(_rule(new[:len(body)], new[len(body):]))
    return out


@rule("D5", "generalised-ground-rule", DERIVE, "![X]: f(X)", "f(c)",
      "c is an individual of the text")
def d5(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a rule about one individual written for everything,
    `Smart($x, True) && Kind($x, True) >>> Quiet($x, True)` for "If Dave is smart and Dave is kind
    then Dave is quiet". Best practice: `Smart(Dave, True) && Kind(Dave, True) >>> Quiet(Dave, True)`."""
    vs, body, head = parts(f)
    if not vs or isinstance(body, Top):
        return []
    names = sorted({c.name for c in _constants(f)} | set(getattr(vocab, "names", ()) or ()))
    if len(names) > 40:
        return []
    inner = implication((), body, head)
    plain = _literal_vars(*_split(f))
    free = free_vars(inner) if plain is None else set(plain)
    out = []
    for v in vs:
        # (the variables left free are the same for every name: closed without a walk when
        # there are none, the rule's usual one variable)
        alone = free <= {v}
        for n in names:
            g = substitute(inner, {v: Const(n)})
            out.append(g if alone else closure(g))
    return out


@rule("D6", "entity-for-variable", DERIVE, "f(c)", "![X]: f(X)",
      "the text says it of everything")
def d6(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: an individual where the text speaks of everything,
    `Chases(Bear, Cow, True) >>> Big(Bear, True)` for "If something chases the cow then it is big".
    Best practice: the variable, `Chases($x, Cow, True) >>> Big($x, True)`."""
    vs, body, head = parts(f)
    names = sorted(_constants(f), key=lambda c: c.name) if not isinstance(body, Top) else ()
    if not names:
        return []
    body_l, head_l = _split(f)
    lits = body_l + head_l
    x = Var("X") if Var("X") not in vs else Var("Y")
    out = []
    for c in names:
        every = [replace_terms(l, {c: x}) for l in lits]
        out.append(_rule(every[:len(body_l)], every[len(body_l):]))
        for i, j, t in _occurrences(lits):   # or just one of its places
            if t == c:
                new = list(lits)
                new[i] = _with_arg(lits[i], j, x)
                out.append(_rule(new[:len(body_l)], new[len(body_l):]))
    return out


@rule("D7", "swapped-arguments", DERIVE, "..r(a, b)..", "..r(b, a)..")
def d7(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a relation's arguments in the wrong order, `Eats(Squirrel, Cat, True)` for
    "The cat eats the squirrel". Best practice: subject first, `Eats(Cat, Squirrel, True)`."""
    body, head = _split(f)
    lits = body + head
    out = []
    for i, l in enumerate(lits):
        a = l.arg if type(l) is Not else l     # (a literal's atom, read without `literal`)
        if type(a) is Atom and len(a.args) == 2 and a.args[0] != a.args[1]:
            new = list(lits)
            new[i] = make_literal(type(l) is not Not, Atom(a.pred, (a.args[1], a.args[0])))
            out.append(_rule(new[:len(body)], new[len(body):]))
    return out


MAX_ADDED_CONDITIONS = 60


@rule("D8", "missing-condition", DERIVE, "![X]: (f => g)", "![X]: ((f & c) => g)",
      "c is a property of the text, or a relation with an individual of the rule")
def d8(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a condition left out, `Big($x, True) >>> Red($x, True)` for "If something is
    big and kind then it is red". Best practice: every condition, `Big($x, True) && Kind($x, True)
    >>> Red($x, True)`."""
    vs, body, head = parts(f)
    if isinstance(body, Top) or len(vs) != 1 or not getattr(vocab, "joined", False):
        return []     # (a text whose rules all have one condition: nothing could be missing)
    x = vs[0]
    body_l, head_l = _split(f)
    extra = [Atom(a, (x,)) for a in sorted(getattr(vocab, "adjectives", ()) or ())]
    for verb in sorted(getattr(vocab, "verbs", {}) or {}):
        for c in sorted(_constants(f), key=lambda c: c.name):
            extra += [Atom(verb, (x, c)), Atom(verb, (c, x))]
    conds = [make_literal(s, a) for a in extra for s in (True, False)]
    if len(conds) > MAX_ADDED_CONDITIONS:
        return []
    taken = {negate(l) for l in body_l} | set(body_l) | set(head_l) | {negate(h) for h in head_l}
    # Every condition speaks of x (and individuals): when x is a condition's variable already,
    # each candidate's closure binds the variables of the rule without it, in the same order
    # (the order of first appearance, the body's first), so it is made once, not per candidate.
    base = _rule(body_l, head_l)
    order = base.vars if isinstance(base, Forall) else ()
    if not any(x in _vars_of(l) for l in body_l):
        return [_rule(body_l + [c], head_l) for c in conds if c not in taken]
    head = conj(head_l)
    out = []
    for c in conds:
        if c not in taken:
            inner = Implies(conj(body_l + [c]), head)
            out.append(Forall(order, inner) if order else inner)
    return out


def _vars_of(lit: Formula) -> set:
    found = literal(lit)
    if found is None:
        return set(free_vars(lit))
    return {t for t in found[1].args if isinstance(t, Var)}


@rule("D9", "extra-condition", DERIVE, "![X]: ((f & c) => g)", "![X]: (f => g)")
def d9(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a condition the text does not have, `Big($x, True) && Kind($x, True) >>>
    Red($x, True)` for "Big things are red". Best practice: `Big($x, True) >>> Red($x, True)`."""
    body, head = _split(f)
    if len(body) < 2:
        return []
    return [_rule(body[:i] + body[i + 1:], head) for i in range(len(body))]


@rule("D10", "flipped-condition", DERIVE, "![X]: ((f & c) => g)", "![X]: ((f & ~c) => g)")
def d10(f: Formula, vocab) -> list[Formula]:
    """Anti-pattern: a condition with the wrong polarity, `Red($x, True) && Cold($x, True) >>> ...`
    for "If something is red and not cold then ...". Best practice: `Cold($x, False)`."""
    body, head = _split(f)
    out = []
    for i, b in enumerate(body):
        lit = literal(b)
        if lit is not None:
            out.append(_rule(body[:i] + [make_literal(not lit[0], lit[1])] + body[i + 1:], head))
    return out


_NEG_NAME = re.compile(r"^(?:not|non|neg|no|isnot|is_not|un|dis|in)_?([a-z]\w*)$")


@rule("D11", "negation-as-predicate", DERIVE, "..notp(t)..", "..~p(t)..",
      "p is a word of the text and notp is not")
def d11(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: negation written as a new predicate, `Unkind(Bob, True)` or `nonred(X)`,
    which no rule of the text ever concludes. Best practice: the negation of the text's word,
    `Kind(Bob, False)`."""
    # (a formula with no predicate named as a negation is its own result, which the rule
    # does not give: most formulas, asked without a walk that rebuilds them)
    if vocab is None or not any(_negated(p) for p in _predicate_names(f)):
        return None
    adjectives, nouns = getattr(vocab, "adjectives", ()), getattr(vocab, "nouns", ())

    def flip(a: Atom) -> Formula:
        word = _negated(a.pred)
        if word and len(a.args) == 1 and a.pred not in adjectives and a.pred not in nouns \
                and (word in adjectives or word in nouns):
            return Not(Atom(word, a.args))
        return a
    return map_atoms(f, flip)


def _predicate_names(f: Formula):
    """The names of `f`'s predicates (some more than once): read off a rule of literals'
    conjuncts (`_split`), without a walk of the formula."""
    body, head = _split(f)
    out = []
    for l in body + head:
        a = l.arg if type(l) is Not else l
        if type(a) is not Atom:
            return [p for p, _ in predicates(f)]
        out.append(a.pred)
    return out


@lru_cache(maxsize=1 << 12)
def _negated(pred: str) -> str | None:
    """The word a predicate's name negates (`nonred` -> `red`), or None. (A pure function of
    a name, asked of the same few names by every formula of a problem: memoised.)"""
    m = _NEG_NAME.match(pred)
    return m.group(1) if m else None


RELATIONAL = [d4, d5, d6, d7, d8, d9, d10, d11]


@rule("D12", "gloss-mismatch", DERIVE, "f ::: s", "g ::: s", "g is what the gloss s says")
def d12(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a clause that does not translate its own gloss,
    `Quiet($x, True) && Green($x, True) >>> Furry($x, True) ::: Green, smart things are quiet.`
    Best practice: the gloss's meaning, `Green($x, True) && Smart($x, True) >>> Quiet($x, True)`.
    The candidate comes from the gloss (read by the text's grammar), not from the formula, so
    the engine proposes it; kept only when the text entails it. When the text entails the
    clause as well, the gloss's formula is added beside it and nothing is removed."""
    return None


GLOSS = [d12]
