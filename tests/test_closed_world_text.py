"""The closed-world engine writes the common clause shapes (facts, `∀X (b(X) → [¬]h(X))`)
at once (`closed_world._simple_clause`): the same text, head and body as the general way
(`loadable`, the `p_` names, `to_prolog`), for generated clauses with awkward names."""
from __future__ import annotations

import random

from sedac import closed_world as cw
from sedac.fol import Atom, Const, Forall, Implies, Not, Top, Var, implication_parts, predicates, to_prolog

NAMES = ["cat", "Cat", "is", "x-y", "o'neil", "ünï", "a b", "_x", "1a", "integer", "neg_p", "p_q",
         "back\\slash"]
VARS = [Var("X"), Var("x"), Var("_y"), Var("1"), Var("Ab"), Var("é")]


def _general(f):
    g = cw.loadable(cw._own_names(f))
    _, body, head = implication_parts(g)
    key = (head.pred, len(head.args))
    return to_prolog(g)[:-1], key, None if isinstance(body, Top) else predicates(g)


def _clauses(n: int):
    rnd = random.Random(7)
    for _ in range(n):
        k = rnd.randrange(3)
        args = tuple(Const(rnd.choice(NAMES)) for _ in range(rnd.randrange(3)))
        if k == 0:
            yield Atom(rnd.choice(NAMES), args)
        elif k == 1:
            yield Not(Atom(rnd.choice(NAMES), args))
        else:
            x = rnd.choice(VARS)
            h = Atom(rnd.choice(NAMES), (x,))
            yield Forall((x,), Implies(Atom(rnd.choice(NAMES), (x,)), Not(h) if rnd.random() < .5 else h))


def test_simple_clauses_are_written_as_the_general_way_writes_them():
    for f in _clauses(3000):
        quick = cw._simple_clause(f)
        text, key, preds = _general(f)
        assert quick is not None and quick[:2] == (text, key), f
        assert (quick[2] is None) == (preds is None), f
        if preds is not None:
            assert {quick[1], quick[2]} == preds, f


def test_other_shapes_go_the_general_way():
    x, y = Var("X"), Var("Y")
    for f in (Forall((x, y), Implies(Atom("p", (x, y)), Atom("q", (x,)))),
              Forall((x,), Implies(Atom("p", (x, Const("a"))), Atom("q", (x,)))),
              Atom("p", (x,)), Not(Not(Atom("p", (Const("a"),))))):
        assert cw._simple_clause(f) is None


def test_answers_through_both_ways_agree(monkeypatch):
    x, tom = Var("X"), Const("tom")
    axioms = [Atom("cat", (tom,)), Forall((x,), Implies(Atom("cat", (x,)), Atom("animal", (x,)))),
              Forall((x,), Implies(Atom("animal", (x,)), Not(Atom("plant", (x,))))),
              Forall((x,), Implies(Atom("animal", (x,)), Atom("alive", (x,))))]
    questions = (Atom("animal", (tom,)), Not(Atom("plant", (tom,))), Atom("plant", (tom,)),
                 Atom("alive", (tom,)))
    fast = [cw.ask_closed(axioms, q) for q in questions]
    monkeypatch.setattr(cw, "_simple_clause", lambda f: None)
    assert [cw.ask_closed(axioms, q) for q in questions] == fast
    assert [cw.ask_closed(axioms, q) for q in (Atom("animal", (tom,)), Atom("plant", (tom,)))] == \
        ["True", "False"]
