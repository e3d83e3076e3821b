"""The fast paths of the SWI-Prolog phases give the answers of their definitions.

- Closed world: random propositional programs with negation (cycles through negation
  included) against the well-founded model computed here by the alternating fixpoint:
  `ask_closed` runs them through one tabled predicate (`grammar/closed_world.pl`).
- Ground truth: the grammar's relational TPTP shapes, read directly (`nl._relational`),
  against the TPTP reader, on generated shapes; and a sentence parsed again with the same
  lexicon (the parse cache) or after another lexicon gives the same formula.
"""
from __future__ import annotations

import random

import pytest

from sedac.closed_world import ask_closed
from sedac.fol import And, Atom, Forall, Implies, Not, Var


def _wfs(facts: set[str], rules: list[tuple[str, list[tuple[bool, str]]]]) -> dict[str, str]:
    """The well-founded model of a ground program: atom -> True / Undefined / False."""
    atoms = set(facts) | {h for h, _ in rules} | {a for _, b in rules for _, a in b}

    def gamma(assumed: set[str]) -> set[str]:
        # least model of the reduct: a rule whose negative literal `not a` has a in `assumed`
        # is dropped, the other negative literals are removed
        model = set(facts)
        changed = True
        while changed:
            changed = False
            for h, body in rules:
                if h in model:
                    continue
                if all((a in model) if pos else (a not in assumed) for pos, a in body):
                    model.add(h)
                    changed = True
        return model

    true: set[str] = set()
    while True:
        nxt = gamma(gamma(true))
        if nxt == true:
            break
        true = nxt
    possible = gamma(true)
    return {a: "True" if a in true else "Undefined" if a in possible else "False" for a in atoms}


def _program(r: random.Random):
    names = [f"q{i}" for i in range(r.randint(2, 6))]
    facts = set(r.sample(names, r.randint(0, 2)))
    rules = []
    for _ in range(r.randint(1, 7)):
        body = [(r.random() < 0.6, r.choice(names)) for _ in range(r.randint(1, 3))]
        rules.append((r.choice(names), body))
    return names, facts, rules


def _formulas(facts, rules):
    out = [Atom(f, ()) for f in sorted(facts)]
    for h, body in rules:
        lits = [Atom(a, ()) if pos else Not(Atom(a, ())) for pos, a in body]
        out.append(Implies(lits[0] if len(lits) == 1 else And(tuple(lits)), Atom(h, ())))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_closed_world_is_the_well_founded_model(seed):
    r = random.Random(seed)
    undefined = 0
    for _ in range(60):
        names, facts, rules = _program(r)
        model = _wfs(facts, rules)
        axioms = _formulas(facts, rules)
        for a in names:
            expected = model.get(a, "False")
            undefined += expected == "Undefined"
            assert ask_closed(axioms, Atom(a, ())) == expected, (facts, rules, a)
            if expected != "Undefined":   # (`\+` of an undefined goal is Prolog's, not the WFS's)
                negated = "True" if expected == "False" else "False"
                assert ask_closed(axioms, Not(Atom(a, ()))) == negated, (facts, rules, a)
    assert undefined, "the programs should include negative cycles"


def test_existential_is_true_when_some_instance_holds_outright():
    # p(a) is undefined (a cycle through negation), p(b) holds: `∃x p(x)` is True, whichever
    # answer the table gives first
    x = Var("X")
    from sedac.fol import Const, Exists
    a, b = Const("a"), Const("b")
    axioms = [Atom("d", (a,)), Atom("p", (b,)),
              Forall((x,), Implies(And((Atom("d", (x,)), Not(Atom("p", (x,))))), Atom("p", (x,))))]
    assert ask_closed(axioms, Atom("p", (a,))) == "Undefined"
    assert ask_closed(axioms, Exists((x,), Atom("p", (x,)))) == "True"
    assert ask_closed(axioms[:1] + axioms[2:], Exists((x,), Atom("p", (x,)))) == "Undefined"


def _shape(r: random.Random) -> str:
    """A TPTP text of the shapes the grammar writes for ProofWriter's sentences."""
    quantified = r.random() < 0.6

    def lit():
        n = r.randint(1, 2)
        args = [("X" if quantified and r.random() < 0.7 else r.choice(["bob", "the_cat", "e2"]))
                for _ in range(n)]
        return ("~ " if r.random() < 0.4 else "") + r.choice(["big", "chases", "is_red"]) + \
            "(" + ",".join(args) + ")"

    def conj():
        k = r.randint(1, 3)
        return lit() if k == 1 else "(" + " & ".join(lit() for _ in range(k)) + ")"

    body = r.random() < 0.8
    text = f"({conj()} => {conj()})" if body else conj()
    return f"! [X] : {text}" if quantified else text


def test_relational_shapes_read_as_the_tptp_reader_reads_them():
    from sedac.nl import _relational
    from sedac.readers.tptp import parse_formula
    r = random.Random(7)
    for _ in range(300):
        text = _shape(r)
        fast = _relational(text)
        assert fast is not None, text
        assert fast == parse_formula(text), text
    for odd in ("p(X)", "! [X] : (p(X) => (q(X)))", "(p(a) => q(a) => r(a))", "p(A1)", "p()"):
        assert _relational(odd) is None or _relational(odd) == parse_formula(odd), odd


def test_parse_again_with_the_same_and_another_lexicon():
    from sedac.nl import parse_sentences
    from sedac.vocab import vocabulary_from_text
    one = ["Every cat is a dog.", "Tom is a cat.", "Cats are not blue."]
    two = ["The bear chases Bob.", "If something is big then it is red.", "Bob is big."]
    v1, v2 = vocabulary_from_text(one), vocabulary_from_text(two)
    first = parse_sentences(one, v1)
    assert all(p is not None for p in first)
    assert parse_sentences(one, v1) == first           # from the cache
    other = parse_sentences(two, v2)
    assert all(p is not None for p in other)
    assert parse_sentences(one + ["Tom is blue."], v1)[:3] == first   # the lexicon set again
    assert parse_sentences(two, v2) == other
    # a sentence the lexicon cannot read is None, cached or not
    assert parse_sentences(["Every cat is a wumpus."], v1) == [None]
    assert parse_sentences(["Every cat is a wumpus."], v1) == [None]


def test_closed_world_reads_a_conjunction_as_its_conjuncts():
    """A fact `green(g) ∧ quiet(g)` and a rule concluding a conjunction answer, under the
    closed world, as their conjuncts written one by one (random programs of both forms)."""
    import random
    from sedac.closed_world import ask_closed
    from sedac.fol import And, Atom, Const, Forall, Implies, Not, Var
    rnd = random.Random(7)
    x, people, props = Var("x"), [Const(n) for n in ("ann", "bob", "gary")], ["p", "q", "r", "s", "t"]
    for _ in range(25):
        joined, apart = [], []
        for _ in range(rnd.randint(1, 3)):
            c = rnd.choice(people)
            atoms = [Atom(p, (c,)) for p in rnd.sample(props, 2)]
            joined.append(And(tuple(atoms)))
            apart += atoms
        for _ in range(rnd.randint(1, 3)):
            b, h1, h2 = rnd.sample(props, 3)
            joined.append(Forall((x,), Implies(Atom(b, (x,)), And((Atom(h1, (x,)), Atom(h2, (x,)))))))
            apart += [Forall((x,), Implies(Atom(b, (x,)), Atom(h, (x,)))) for h in (h1, h2)]
        for c in people:
            for p in props:
                for q in (Atom(p, (c,)), Not(Atom(p, (c,)))):
                    assert ask_closed(joined, q) == ask_closed(apart, q), (joined, q)
