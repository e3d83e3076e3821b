"""`fol.children` looks a node's children up by its exact type: every node class whose
fields hold formulas must be in that table, or a walk would silently stop at it."""
import dataclasses

from sedac import fol


def _node_classes():
    return [c for c in vars(fol).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
            and c.__module__ == fol.__name__]


def test_every_node_with_formula_fields_gives_its_children():
    p, q = fol.Atom("p", (fol.Const("a"),)), fol.Atom("q", (fol.Var("X"),))
    x = fol.Var("X")
    samples = {fol.Not: fol.Not(p), fol.And: fol.And((p, q)), fol.Or: fol.Or((p, q)),
               fol.Implies: fol.Implies(p, q), fol.Iff: fol.Iff(p, q), fol.Xor: fol.Xor(p, q),
               fol.Forall: fol.Forall((x,), q), fol.Exists: fol.Exists((x,), q)}
    leaves = {fol.Atom, fol.Eq, fol.Top, fol.Bottom, fol.Var, fol.Const, fol.Func}
    assert set(_node_classes()) == set(samples) | leaves, "a new node class: add it to fol._CHILDREN"
    for cls, f in samples.items():
        kids = fol.children(f)
        assert kids and all(k in (p, q) for k in kids), cls
        assert set(fol.subformulas(f)) == {f, *kids}
    assert fol.children(p) == ()


def test_constants_in_one_walk_match_the_terms_of_the_formula():
    a, b, c = (fol.Const(n) for n in "abc")
    x = fol.Var("X")
    f = fol.Forall((x,), fol.Implies(fol.And((fol.Atom("p", (x, a)), fol.Eq(b, x))),
                                     fol.Atom("q", (fol.Func("f", (c, x)),))))
    assert fol.constants(f) == {a, b, c}
    assert fol.constants(fol.Not(fol.Atom("p", (x,)))) == frozenset()
