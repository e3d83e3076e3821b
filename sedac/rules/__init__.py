"""The rule registry, and `rewrite` / `propose` as DESIGN.md section 4 defines them.

To add a rule: write it in `rewrite.py` (shallow, safe) or `derive.py` (deep,
prover-checked) with the `@rule` decorator, and list it in that module's `RULES`.
"""
from __future__ import annotations

from functools import lru_cache
from operator import attrgetter

from ..fol import And, Atom, Const, Formula, Not, Top, Var, free_vars, nnf, substitute
from ..vocab import Vocabulary
from . import connectives, derive, rewrite, scope
from .base import DERIVE, REWRITE, Rule, parts

REGISTRY: list[Rule] = (rewrite.RULES + derive.RULES + derive.RELATIONAL + derive.GLOSS
                         + connectives.CONNECTIVE + scope.SCOPE)
BY_CODE: dict[str, Rule] = {r.code: r for r in REGISTRY}
MAX_REWRITES = 20
MAX_CONNECTIVE = 160   # candidates of one formula from the connective rules, at most
MAX_SCOPE = 40         # ... and from the scope rules (D19-D22), at most


# The rewrites that only align the program's names with the text's (R10 `num` for `number`,
# R11 `the_bald_eagle` for `bald_eagle`): they say nothing new, so they need no evidence.
ALIGNMENT = ("R10", "R11")


def rewrite_formula(f: Formula, vocab: Vocabulary,
                    only: tuple[str, ...] | None = None) -> tuple[Formula, list[str]]:
    """Apply the rewrite rules (those of `only`, when given) to a fixed point: (the result,
    the codes that fired)."""
    fired: list[str] = []
    rules = [r for r in rewrite.RULES if only is None or r.code in only]
    for _ in range(MAX_REWRITES):
        for r in rules:
            g = r.apply(f, vocab)
            if g is not None:
                f = g
                fired.append(r.code)
                break
        else:
            return f, fired
    return f, fired


def propose(f: Formula, vocab: Vocabulary,
            memo: dict | None = None) -> dict[Formula, tuple[str, ...]]:
    """Every candidate reachable from `f` (rewrites replace, derivations add), without `f`
    and without duplicates up to logical equivalence; each with the codes that led to it.

    D1-D3 are closed under composition; a relational rule (D4-D11, each with many
    candidates) is applied once, to each formula of that closure. `memo` (a dictionary the
    caller keeps for one vocabulary, e.g. over the clauses of one problem) holds each
    derived formula's rewrite and key: many rules derive the same formula, and it is
    rewritten once; and each formula's candidates."""
    if memo is None:
        memo = {}
    # (a pure function of the formula and the vocabulary: a clause a program repeats, as
    # LLMs do, has its candidates found once)
    done = memo.setdefault(_PROPOSED, {})
    hit = done.get(f)
    if hit is not None:
        return dict(hit)
    done[f] = out = _propose(f, vocab, memo)
    return dict(out)


def _propose(f: Formula, vocab: Vocabulary, memo: dict) -> dict[Formula, tuple[str, ...]]:
    symbols = memo.setdefault(_SYMBOLS, {})   # what the vocabulary says of each symbol

    def rewritten(h: Formula):
        """(h rewritten to its fixed point, the codes that fired, its equivalence key); a
        formula none of whose symbols a rewrite rule consults is its own (`inert`: most
        candidates, built of the clause's own symbols, which were rewritten already)."""
        out = memo.get(h)
        if out is None:
            if rewrite.inert(h, vocab, symbols):
                out = memo[h] = (h, (), equivalence_key(h))
                return out
            g, more = rewrite_formula(h, vocab)
            out = memo[h] = (g, tuple(more), equivalence_key(g))
        return out

    start, codes, start_key = rewritten(f)
    seen: dict[object, tuple[Formula, tuple[str, ...]]] = {start_key: (start, codes)}
    frontier = [(start, codes)]
    while frontier:
        g, path = frontier.pop(0)
        for r in derive.RULES:
            # (`r.apply(g, vocab)`: D1-D3 give one formula or None, never a list)
            h = r.transform(g, vocab)
            if h is None or h == g:
                continue
            h, more, key = rewritten(h)
            if key not in seen:
                seen[key] = (h, path + (r.code,) + more)
                frontier.append(seen[key])
    for g, path in list(seen.values()):
        for r in derive.RELATIONAL:
            # (`r.candidates(g, vocab)` without building its list: a candidate given twice,
            # as D10 gives D3's, meets its own key in `seen` the second time, and its
            # rewrite in the memo, so only None and `g` itself need be passed over)
            out = r.transform(g, vocab)
            if not out:
                continue
            for h in out if type(out) is list else (out,):
                if h is None or h == g:
                    continue
                h, more, key = rewritten(h)
                if key not in seen:
                    seen[key] = (h, path + (r.code,) + more)
    if getattr(vocab, "formal", False):
        # a connective or quantifier slip, alone or beside one of the rules above, or two
        # slips in one formula (a dropped domain and `⊕` for `∨`), within a bounded number
        frontier = list(seen.values())
        base = list(frontier)
        for depth in range(2):
            added = []
            for g, path in frontier:
                for r in connectives.CONNECTIVE:
                    for h in r.candidates(g, vocab):
                        key = equivalence_key(h)
                        if key not in seen and len(seen) < MAX_CONNECTIVE:
                            seen[key] = (h, path + (r.code,))
                            added.append(seen[key])
            # a second slip only beside a dropped domain (D18): the other pairs are rare and many
            frontier = [c for c in added if c[1][-1] == "D18"]
        # a quantifier's range or a connective's reach (D19-D22), alone or beside the rules
        # above (not the connective slips): a budget of their own
        scoped = 0
        for g, path in base:
            for r in scope.SCOPE:
                for h in r.candidates(g, vocab):
                    key = equivalence_key(h)
                    if key not in seen and scoped < MAX_SCOPE:
                        seen[key] = (h, path + (r.code,))
                        scoped += 1
    f_key = equivalence_key(f)
    return {h: p for k, (h, p) in seen.items() if k != f_key and k != start_key}


_SYMBOLS = "symbols"     # `propose`'s memo: the rewrite rules' answers per symbol (`inert`)
_PROPOSED = "proposed"   # ... and the candidates of each formula asked


@lru_cache(maxsize=1 << 16)
def equivalence_key(f: Formula):
    """A key equal for formulas equal up to contraposition and variable names.

    A clause-shaped formula (a conjunction of literals implying a literal) is the set
    of its disjunct literals; anything else is its own key. (A pure function of a frozen
    formula, asked of the same formulas many times a problem: memoised.)
    """
    vs, body, head = parts(f)   # (`propose` has just asked it, of the formula it rewrote)
    lits = []
    bodies = body.args if type(body) is And else (body,)
    for b in bodies:
        kind = type(b)
        if kind is Top:
            continue
        # a literal's negation in negation normal form, without building `nnf(Not(b))`
        if kind is Atom:
            lits.append(Not(b))
        elif kind is Not and type(b.arg) is Atom:
            lits.append(b.arg)
        else:
            lits.append(nnf(Not(b)))
    lits.append(head if type(head) is Atom or type(head) is Not
                and type(head.arg) is Atom else nnf(head))
    for l in lits:
        if not (type(l) is Atom or type(l) is Not and type(l.arg) is Atom):
            return f
    found = set()
    plain = True      # every argument a variable or a constant (nearly every candidate)
    for l in lits:
        for t in (l.arg if type(l) is Not else l).args:
            kind = type(t)
            if kind is Var:
                found.add(t)
            elif kind is not Const:
                plain = False
    if plain and len(found) < 2:
        if not found:
            return frozenset(lits)     # ground: no variable to name (the usual D5 candidate)
        # one variable: its name is the first, whatever the literals' order
        order = {found.pop(): _CANON[0]}
    else:
        order = _canonical_names(lits)
    if not plain:
        return frozenset(substitute(l, order) for l in lits)
    # (`substitute` for literals of plain terms: their variables renamed, nothing bound)
    get = order.get
    return frozenset(Atom(l.pred, tuple([get(t, t) for t in l.args])) if type(l) is Atom
                     else Not(Atom(l.arg.pred, tuple([get(t, t) for t in l.arg.args])))
                     for l in lits)


def _canonical_names(lits: list) -> dict[Var, Var]:
    """Canonical variable names in order of first appearance over the sorted literals."""
    order: dict[Var, Var] = {}
    for lit in sorted(lits, key=_sort_key):
        args = (lit.arg if type(lit) is Not else lit).args
        if all(type(t) is Var or type(t) is Const for t in args):
            found = sorted({t for t in args if type(t) is Var}, key=_name)
        else:
            found = sorted(free_vars(lit), key=_name)
        for v in found:
            if v not in order:
                n = len(order)
                order[v] = _CANON[n] if n < len(_CANON) else Var(f"V{n}")
    return order


_CANON = tuple(Var(f"V{i}") for i in range(8))   # `equivalence_key`'s names, made once
_name = attrgetter("name")


@lru_cache(maxsize=1 << 16)
def _sort_key(l) -> str:
    """A literal's place in `equivalence_key`'s order: its shape without variable names,
    as text. (A pure function of a frozen literal, and the same literals recur in the many
    candidates of one clause: memoised.)"""
    return repr(_strip_vars(l))


def _strip_vars(l):
    a = l.arg if isinstance(l, Not) else l
    return (isinstance(l, Not), a.pred, tuple(type(t).__name__ if isinstance(t, Var) else t.name
                                               for t in a.args))


__all__ = ["ALIGNMENT", "BY_CODE", "DERIVE", "REGISTRY", "REWRITE", "Rule", "equivalence_key", "propose",
           "rewrite_formula"]
