"""The templates read straight from a formula (`sedac.atp.templates`) are those of its NNF
(`ground_clauses._template`), and `alpha_key` tells formulas apart exactly as `canonical`
does: the session's cheaper preparation changes no question's clauses."""
from __future__ import annotations

import random

from sedac.atp.alpha import alpha_key, canonical
from sedac.atp.fragment import _count_outer_exists
from sedac.atp.ground_clauses import _template
from sedac.atp.templates import fast_template
from sedac.fol import (FALSE, TRUE, And, Atom, Const, Eq, Exists, Forall, Iff, Implies, Not, Or,
                       Var, Xor, negate, nnf)

A, B = Const("a"), Const("b")
SKOLEMS = tuple(f"$sk{i}" for i in range(1, 5))


def _formula(rng, depth, bound, quantifiers=True):
    r = rng.random()
    if depth == 0 or r < 0.25:
        if rng.random() < 0.05:
            return rng.choice((TRUE, FALSE))
        terms = bound + [A, B]
        if rng.random() < 0.05:
            return Eq(rng.choice(terms), rng.choice(terms))
        return Atom(rng.choice("pqr"), tuple(rng.choice(terms) for _ in range(rng.randint(0, 2))))
    sub = lambda: _formula(rng, depth - 1, bound, quantifiers)
    if r < 0.4:
        return Not(sub())
    if r < 0.6:
        return rng.choice((And, Or))(tuple(sub() for _ in range(rng.randint(0, 4))))
    if r < 0.8 or not quantifiers:
        return (Implies if rng.random() < 0.8 else rng.choice((Iff, Xor)))(sub(), sub())
    v = Var(rng.choice("XYZ"))
    return rng.choice((Forall, Exists))((v,), _formula(rng, depth - 1, bound + [v], quantifiers))


def _closed(rng):
    """A universal closure over a body with or without inner quantifiers (the shapes
    questions have, and some they rarely have)."""
    vs = tuple(Var(n) for n in rng.sample("XYZUV", rng.randint(0, 3)))
    body = _formula(rng, 4, list(vs), quantifiers=rng.random() < 0.3)
    f = Forall(vs, body) if vs else body
    return Not(f) if rng.random() < 0.1 else f


def test_the_templates_read_from_a_formula_are_those_of_its_normal_form():
    rng = random.Random(21)
    read = 0
    for _ in range(3000):
        f = _closed(rng)
        for negated in (False, True):
            got = fast_template(f, negated)
            g = nnf(negate(canonical(f))) if negated else nnf(canonical(f))
            n = _count_outer_exists(g)
            old = _template(g, SKOLEMS[:n]) if n <= 4 else None
            if got is None:
                continue
            read += 1
            assert old is not None, f
            assert got == (n, old[0], tuple(old[1])), f
    assert read > 2000       # (most of them are of the shapes read)


def test_alpha_keys_are_equal_exactly_when_canonical_forms_are():
    rng = random.Random(5)
    forms = []
    for _ in range(400):
        f = _formula(rng, 4, [])
        forms.append(f)
        # an alpha-variant: every bound variable renamed
        forms.append(_renamed(f))
    for f in forms[:200]:
        for g in forms[:200]:
            assert (alpha_key(f) == alpha_key(g)) == (canonical(f) == canonical(g))


def _renamed(f):
    def walk(g, env):
        if isinstance(g, Atom):
            return Atom(g.pred, tuple(env.get(t, t) for t in g.args))
        if isinstance(g, Eq):
            return Eq(env.get(g.left, g.left), env.get(g.right, g.right))
        if isinstance(g, Not):
            return Not(walk(g.arg, env))
        if isinstance(g, (And, Or)):
            return type(g)(tuple(walk(a, env) for a in g.args))
        if isinstance(g, (Implies, Iff, Xor)):
            return type(g)(walk(g.left, env), walk(g.right, env))
        if isinstance(g, (Forall, Exists)):
            inner = dict(env)
            for v in g.vars:
                inner[v] = Var(v.name + "_r")
            return type(g)(tuple(inner[v] for v in g.vars), walk(g.body, inner))
        return g
    return walk(f, {})
