"""Formulas: immutable values, structural equality, printers that round-trip."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from sedac.fol import (FALSE, TRUE, And, Atom, Const, Eq, Exists, Forall, Iff, Implies, Not, Or,
                       Var, Xor, closure, free_vars, negate, nnf, substitute, to_prolog, to_tptp,
                       to_unicode)
from sedac.readers.foltext import FolReader
from sedac.readers.prolog import PrologReader
from sedac.readers.tptp import parse_formula

X, Y = Var("X"), Var("Y")
names = st.sampled_from(["cat", "dog", "blue", "prime_number", "r"])
consts = st.sampled_from([Const("rex"), Const("wren")])
variables = st.sampled_from([X, Y])


def formulas(max_leaves=12):
    atoms = st.builds(lambda p, a: Atom(p, (a,)), names, st.one_of(consts, variables))
    return st.recursive(
        st.one_of(atoms, st.just(TRUE), st.just(FALSE),
                  st.builds(Eq, st.one_of(consts, variables), consts)),
        lambda sub: st.one_of(
            st.builds(Not, sub),
            st.builds(lambda a, b: And((a, b)), sub, sub),
            st.builds(lambda a, b: Or((a, b)), sub, sub),
            st.builds(Implies, sub, sub), st.builds(Iff, sub, sub), st.builds(Xor, sub, sub),
            st.builds(lambda v, b: Forall((v,), b), variables, sub),
            st.builds(lambda v, b: Exists((v,), b), variables, sub)),
        max_leaves=max_leaves)


@settings(max_examples=300, deadline=None)
@given(formulas())
def test_tptp_round_trip(f):
    assert parse_formula(to_tptp(f)) == f


@settings(max_examples=200, deadline=None)
@given(formulas())
def test_nnf_keeps_meaning_and_shape(f):
    from sedac.atp import get_prover
    g = nnf(closure(f))
    for node in _nodes(g):
        assert not isinstance(node, (Implies, Iff, Xor))
        if isinstance(node, Not):
            assert isinstance(node.arg, (Atom, Eq))
    z3 = get_prover("z3")
    assert z3.entails([closure(f)], g).holds and z3.entails([g], closure(f)).holds


def _nodes(f):
    from sedac.fol import subformulas
    return list(subformulas(f))


def test_values_are_immutable_hashable_and_structural():
    a, b = Atom("cat", (X,)), Atom("cat", (Var("X"),))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.pred = "dog"
    assert Forall((X,), a) != Exists((X,), a)


def test_substitute_negate_closure():
    f = Forall((X,), Implies(Atom("cat", (X,)), Atom("r", (X, Y))))
    assert free_vars(f) == {Y}
    assert substitute(f, {X: Const("a"), Y: Const("b")}) == \
        Forall((X,), Implies(Atom("cat", (X,)), Atom("r", (X, Const("b")))))
    assert negate(Not(a := Atom("p"))) == a and negate(TRUE) == FALSE
    assert closure(Atom("p", (Y, X))) == Forall((Y, X), Atom("p", (Y, X)))


@pytest.mark.parametrize("text", ["! [X] : (cat(X) => ~ blue(X))", "cat(rex)", "~ blue(rex)",
                                  "! [X] : ((cat(X) & small(X)) => mammal(X))"])
def test_prolog_and_unicode_printers_read_back(text):
    f = parse_formula(text)
    prolog = PrologReader().read(to_prolog(f), "p.pl").clauses[0].formula
    assert prolog == parse_formula(text.replace("X", "X"))
    unicode_ = FolReader().read(f"Premises:\n{to_unicode(f)}\n", "p.fol").clauses[0].formula
    assert to_tptp(unicode_) == to_tptp(f)


@pytest.mark.parametrize("text, want", [
    ("¬Ea(f)", "Not(arg=Atom(pred='ea', args=(Const(name='f'),)))"),
    ("Ea(b, c)", "Atom(pred='ea', args=(Const(name='b'), Const(name='c')))"),
    ("Ex (P(x))", "Exists(vars=(Var(name='x'),), body=Atom(pred='p', args=(Var(name='x'),)))"),
])
def test_a_name_that_opens_with_a_quantifier_letter_is_a_name(text, want):
    """`Ea(f)` (an abbreviation of "earthy") is the predicate `Ea`, not `∃a (f)`: no
    internal error, no syntax error; `Ex (P(x))` is still a quantifier."""
    from sedac.readers import read_program
    prog = read_program("Premises:\n" + text + "\n", "p.fol", "fol")
    assert not prog.diagnostics
    assert repr(prog.statements[0][1].formula) == want
