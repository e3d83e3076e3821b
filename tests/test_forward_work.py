"""`forward.derive` numbers the terms and joins the common rule shapes directly; the work it
counts (where `Timeout` falls) must stay the work of the plain semi-naive join it replaced.
The reference below is that join, term by term: on random programs (unary and binary,
negated or not, constants in conditions, repeated variables, head variables no condition
binds, rules of up to three conditions) the least work limit each finishes within is the
same, and so is what they derive."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest

from sedac.fol import Const, Var
from sedac.forward import WORK_LIMIT, Rule, derive


class _Spent(Exception):
    pass


def _reference(facts, rules, domain, limit):
    """The semi-naive join on the terms themselves (the earlier `derive`)."""
    left = [limit]

    def spend(n=1):
        left[0] -= n
        if left[0] < 0:
            raise _Spent

    index: dict = defaultdict(list)
    known: set = set()
    delta: list = []

    def add(lit):
        if lit not in known:
            known.add(lit)
            index[(lit[0], lit[1], len(lit[2]))].append(lit[2])
            delta.append(lit)

    def match(lit, fact, b):
        out = dict(b)
        for a, v in zip(lit[2], fact):
            if isinstance(a, Var):
                if a not in out:
                    out[a] = v
                elif out[a] != v:
                    return None
            elif a != v:
                return None
        return out

    def join(lits, b):
        if not lits:
            yield b
            return
        lit, rest = lits[0], lits[1:]
        args = tuple(b.get(a) if isinstance(a, Var) else a for a in lit[2])
        if None not in args:
            spend(len(index.get((lit[0], lit[1], len(lit[2])), ())))
            if (lit[0], lit[1], args) in known:
                yield from join(rest, b)
            return
        for fact in list(index.get((lit[0], lit[1], len(lit[2])), ())):
            spend()
            b2 = match(lit, fact, b)
            if b2 is not None:
                yield from join(rest, b2)

    def heads(r, b, dom):
        free = sorted({a for h in r.head for a in h[2] if isinstance(a, Var) and a not in b},
                      key=lambda v: v.name)

        def extend(i, b):
            if i == len(free):
                yield b
                return
            for c in dom:
                spend()
                yield from extend(i + 1, {**b, free[i]: c})
        yield from extend(0, b)

    def inst(h, b):
        return h[0], h[1], tuple(b.get(a, a) if isinstance(a, Var) else a for a in h[2])

    for lit in facts:
        add(lit)
    ground = []
    for r in rules:
        if r.body:
            ground.append(r)
        else:
            for b in heads(r, {}, domain):
                for h in r.head:
                    add(inst(h, b))
    dom = sorted(domain, key=lambda c: c.name)
    by_key = defaultdict(list)
    for j, r in enumerate(ground):
        for k, lit in enumerate(r.body):
            by_key[(lit[0], lit[1], len(lit[2]))].append((j, k))
    while delta:
        new, delta[:] = list(delta), []
        new_index = defaultdict(list)
        for lit in new:
            new_index[(lit[0], lit[1], len(lit[2]))].append(lit[2])
        for j, k in sorted(p for key in new_index for p in by_key.get(key, ())):
            r = ground[j]
            lit = r.body[k]
            for fact in new_index[(lit[0], lit[1], len(lit[2]))]:
                spend()
                b = match(lit, fact, {})
                if b is None:
                    continue
                for b2 in join(r.body[:k] + r.body[k + 1:], b):
                    for b3 in heads(r, b2, dom):
                        for h in r.head:
                            add(inst(h, b3))
    return known


def _least_limit(run) -> int:
    lo, hi = 0, 1
    while not run(hi):
        hi *= 2
    while lo < hi:
        mid = (lo + hi) // 2
        if run(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _finishes(fn, facts, rules, domain, limit, caught) -> bool:
    try:
        fn(facts, rules, domain, limit)
        return True
    except caught:
        return False


def _program(rng):
    X, Y, Z = Var("X"), Var("Y"), Var("Z")
    consts = [Const(f"k{i}") for i in range(4)]
    preds = ["a", "b", "c", "d"]

    def lit(terms):
        return (rng.random() < 0.8, rng.choice(preds),
                tuple(rng.choice(terms) for _ in range(rng.choice([1, 1, 1, 2]))))
    facts = list(dict.fromkeys(lit(consts) for _ in range(rng.randint(1, 8))))
    rules = []
    for _ in range(rng.randint(1, 8)):
        body = tuple(lit([X, X, Y, consts[0]]) for _ in range(rng.choice([1, 1, 2, 2, 3])))
        bound = [a for b in body for a in b[2] if isinstance(a, Var)] or [consts[1]]
        if rng.random() < 0.15:
            bound.append(Z)
        rules.append(Rule(body, tuple(lit(bound + consts[:1]) for _ in range(rng.randint(1, 2)))))
    return facts, rules, set(consts)


@pytest.mark.parametrize("seed", range(150))
def test_the_work_counted_and_what_is_derived_are_the_plain_joins(seed):
    rng = random.Random(seed)
    facts, rules, domain = _program(rng)
    assert derive(facts, rules, domain) == _reference(facts, rules, domain, WORK_LIMIT)
    ours = _least_limit(lambda n: _finishes(derive, facts, rules, domain, n, TimeoutError))
    theirs = _least_limit(lambda n: _finishes(_reference, facts, rules, domain, n, _Spent))
    assert ours == theirs


def test_the_rules_family_shape_is_joined_directly_with_the_same_work():
    """`big(X) ∧ kind(X) → red(X)` over many rules and a few individuals: the shape the
    direct join takes, chained, with its least limit the reference's."""
    X = Var("X")
    words = [f"w{i}" for i in range(12)]
    people = [Const(f"p{i}") for i in range(5)]
    facts = [(True, words[i % 12], (p,)) for i, p in enumerate(people)] + \
            [(True, words[(i + 1) % 12], (p,)) for i, p in enumerate(people)]
    rules = [Rule(((True, words[a], (X,)), (True, words[b], (X,))), ((True, words[c], (X,)),))
             for a in range(12) for b in range(a + 1, 12) for c in range(12) if c not in (a, b)][:300]
    rules += [Rule(((True, words[3], (X,)),), ((False, words[4], (X,)),))]
    got = derive(facts, rules, set(people))
    assert len(got) > len(facts) and got == _reference(facts, rules, set(people), WORK_LIMIT)
    assert _least_limit(lambda n: _finishes(derive, facts, rules, set(), n, TimeoutError)) == \
        _least_limit(lambda n: _finishes(_reference, facts, rules, set(), n, _Spent))
