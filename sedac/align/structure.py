"""Pairing premises by the shape of their formulas and their order, where words say little.

A translation written without glosses (TPTP, Prover9, SMT-LIB, plain FOL) in names that share
no spelling with the gold's (`perform` for `TalentShows`) still says its premises in the
text's order, each in a formula of its sentence's shape. Models translate in order, but merge
two sentences into one formula, split one into two, drop one or add one, and now and then
swap two neighbours. So the premises still unpaired after the words (`pairing.pair_premises`)
are paired by a monotone alignment of the two sequences, with those steps, scored by:

- shape: the path of connectives and quantifiers from the formula's root to each atom, with
  the atom's arity and which arguments are constants, compared as multisets; and the
  formula's atom count, arities, quantifier prefix and negations, compared loosely;
- constants: those both formulas name, after the normal forms of `names.norm`;
- words: the gloss (a `:::` sentence, a comment beside the clause) and the symbols' words;
- position: how far apart the two are in their sequences.

Pure: a function of the two formula sequences and their texts.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..fol import And, Atom, Bottom, Const, Eq, Exists, Forall, Formula, Iff, Implies, Not, Or, \
    Top, Xor, constants

MATCH = 0.42        # a pair the alignment takes must score at least this
GAP = 0.2           # ... or this, when it is all that is left between two pairs (or an end)
MERGE = 0.08        # what a merge or split costs beside a plain pair
SWAP = 0.05         # ... and a swap of two neighbours


@lru_cache(maxsize=4096)
def paths(f: Formula) -> Counter:
    """The multiset of root-to-atom paths: `∀x (P(x) → ¬Q(x))` is {A>L:1v, A>R~:1v}."""
    out: Counter = Counter()
    _paths(f, "", out)
    return out


def _paths(h, path: str, out: Counter) -> None:
    if isinstance(h, Atom):
        kinds = "".join("c" if isinstance(t, Const) else "v" for t in h.args)
        out[f"{path}:{len(h.args)}{kinds}"] += 1
    elif isinstance(h, Eq):
        out[f"{path}:="] += 1
    elif isinstance(h, (Top, Bottom)):
        out[f"{path}:T"] += 1
    elif isinstance(h, Not):
        _paths(h.arg, path + "~", out)
    elif isinstance(h, (And, Or)):
        mark = "&" if isinstance(h, And) else "|"
        for a in _flat(h):
            _paths(a, path + mark, out)
    elif isinstance(h, (Implies, Iff, Xor)):
        mark = ">" if isinstance(h, Implies) else "=" if isinstance(h, Iff) else "^"
        if mark == ">":
            _paths(h.left, path + ">L", out)
            _paths(h.right, path + ">R", out)
        else:       # ↔ and ⊕ are symmetric, as ∧ and ∨ are
            _paths(h.left, path + mark, out)
            _paths(h.right, path + mark, out)
    elif isinstance(h, (Forall, Exists)):
        _paths(h.body, path + ("A" if isinstance(h, Forall) else "E") * len(h.vars), out)


def _flat(h):
    """The arguments of nested conjunctions (disjunctions) as one list."""
    out = []
    for a in h.args:
        if type(a) is type(h):
            out += _flat(a)
        else:
            out.append(a)
    return out


@lru_cache(maxsize=4096)
def features(f: Formula) -> Counter:
    """Loose features: atoms by arity, quantifiers and connectives by kind (not by place)."""
    out: Counter = Counter()
    _features(f, out)
    return out


def _features(h, out: Counter) -> None:
    if isinstance(h, Atom):
        out[f"atom{len(h.args)}"] += 1
    elif isinstance(h, Not):
        out["not"] += 1
        _features(h.arg, out)
    elif isinstance(h, (And, Or)):
        out["and" if isinstance(h, And) else "or"] += 1
        for a in h.args:
            _features(a, out)
    elif isinstance(h, (Implies, Iff, Xor)):
        out[type(h).__name__] += 1
        _features(h.left, out)
        _features(h.right, out)
    elif isinstance(h, (Forall, Exists)):
        out[type(h).__name__] += len(h.vars)
        _features(h.body, out)
    elif isinstance(h, Eq):
        out["eq"] += 1


@lru_cache(maxsize=4096)
def coarse_paths(f: Formula) -> Counter:
    """`paths` with the connectives of two or more sides (∧ ∨ ⊕ ↔) one kind: a model that
    writes ⊕ for the gold's ∨ still says the sentence's shape."""
    table = str.maketrans({"&": "o", "|": "o", "^": "o", "=": "o"})
    out: Counter = Counter()
    for p, n in paths(f).items():
        head, _, tail = p.rpartition(":")
        out[head.translate(table) + ":" + tail] += n
    return out


def _mjaccard(a: Counter, b: Counter) -> float:
    if not a and not b:
        return 1.0
    inter = sum((a & b).values())
    union = sum((a | b).values())
    return inter / union if union else 0.0


@lru_cache(maxsize=4096)
def _const_names(f: Formula) -> frozenset:
    from .names import norm
    return frozenset(norm(c.name) for c in constants(f))


@lru_cache(maxsize=16384)
def shape_similarity(p: Formula, g: Formula) -> float:
    """How alike two formulas are in shape and in the individuals they name, in [0, 1]."""
    shape = 0.6 * _mjaccard(paths(p), paths(g)) + 0.4 * _mjaccard(coarse_paths(p), coarse_paths(g))
    loose = _mjaccard(features(p), features(g))
    cp, cg = _const_names(p), _const_names(g)
    if not cp and not cg:
        consts = 0.5       # no individual on either side: no evidence either way
    elif not cp or not cg:
        consts = 0.0
    else:
        # one name, or one spelled inside the other (`onemillion`, `onemillioncopies`)
        meet = sum(1 for c in cp if any(c == d or (min(len(c), len(d)) >= 4 and (c in d or d in c))
                                        for d in cg))
        consts = meet / max(len(cp), len(cg))
    return 0.5 * shape + 0.2 * loose + 0.3 * consts


def conjoin(fs) -> Formula:
    parts = []
    for f in fs:
        parts += f.args if isinstance(f, And) else [f]
    return And(tuple(parts))


def monotone(prog: list, gold: list, score) -> list[tuple[tuple, tuple]]:
    """The best monotone alignment of two sequences (of any items): groups ((program items),
    (gold items)) of one pair, a merge (one program item for two neighbouring gold items), a
    split (two for one) or a swap of neighbours (two pairs crossed). `score(ps, gs)` scores a
    group (lists of items); a group is taken only when its score passes MATCH (a merge or
    split by MERGE more, a swap by SWAP more); what pairs with nothing is left out."""
    n, m = len(prog), len(gold)
    NEG = float("-inf")
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    back: list = [[None] * (m + 1) for _ in range(n + 1)]
    memo: dict = {}

    def gain(i0, i1, k0, k1, cost):
        key = (i0, i1, k0, k1)
        if key not in memo:
            memo[key] = score(prog[i0:i1], gold[k0:k1])
        s = memo[key] - MATCH - cost
        return s if s > 0 else NEG

    for i in range(n + 1):
        for k in range(m + 1):
            if i == 0 and k == 0:
                continue
            cands = []
            if i:
                cands.append((best[i - 1][k], ("skip-p",)))
            if k:
                cands.append((best[i][k - 1], ("skip-g",)))
            if i and k:
                cands.append((best[i - 1][k - 1] + gain(i - 1, i, k - 1, k, 0.0), ("pair",)))
            if i and k >= 2:
                cands.append((best[i - 1][k - 2] + gain(i - 1, i, k - 2, k, MERGE), ("merge",)))
            if i >= 2 and k:
                cands.append((best[i - 2][k - 1] + gain(i - 2, i, k - 1, k, MERGE), ("split",)))
            if i >= 2 and k >= 2:
                a = gain(i - 2, i - 1, k - 1, k, SWAP / 2)
                b = gain(i - 1, i, k - 2, k - 1, SWAP / 2)
                cands.append((best[i - 2][k - 2] + a + b, ("swap",)))
            best[i][k], back[i][k] = max(cands, key=lambda t: t[0])
    out = []
    i, k = n, m
    while i or k:
        step = back[i][k][0]
        if step == "skip-p":
            i -= 1
        elif step == "skip-g":
            k -= 1
        elif step == "pair":
            out.append(((prog[i - 1],), (gold[k - 1],)))
            i, k = i - 1, k - 1
        elif step == "merge":
            out.append(((prog[i - 1],), (gold[k - 2], gold[k - 1])))
            i, k = i - 1, k - 2
        elif step == "split":
            out.append(((prog[i - 2], prog[i - 1]), (gold[k - 1],)))
            i, k = i - 2, k - 1
        else:
            out.append(((prog[i - 1],), (gold[k - 2],)))
            out.append(((prog[i - 2],), (gold[k - 1],)))
            i, k = i - 2, k - 2
    out = out[::-1]
    return out + _gaps(prog, gold, out, score)


def _gaps(prog: list, gold: list, groups: list, score) -> list:
    """One program item and one gold item (or one and two) left alone between the same two
    groups (or an end of both sequences): in order, they translate each other unless they
    share nothing."""
    ip = {x: n for n, x in enumerate(prog)}
    ig = {x: n for n, x in enumerate(gold)}
    spans = sorted((min(ip[x] for x in ps), max(ip[x] for x in ps),
                    min(ig[x] for x in gs), max(ig[x] for x in gs)) for ps, gs in groups)
    spans = [(-1, -1, -1, -1)] + spans + [(len(prog),) * 2 + (len(gold),) * 2]
    taken_p = {x for ps, _ in groups for x in ps}
    taken_g = {x for _, gs in groups for x in gs}
    out = []
    for (_, a, _, b), (c, _, d, _) in zip(spans, spans[1:]):
        ps = [x for x in prog[a + 1:c] if x not in taken_p]
        gs = [x for x in gold[b + 1:d] if x not in taken_g]
        # (one left for two, or two for one: a merge or split, as the order says)
        if (len(ps), len(gs)) in ((1, 1), (1, 2), (2, 1)) and score(ps, gs) >= GAP:
            out.append((tuple(ps), tuple(gs)))
    return out
