"""The work the deep step shares (a problem's rewrites memoised over its clauses, a literal's
equivalence key read without negation normal form, forward chaining that tries only the
rules a new literal can fire) gives what the plain computation gives, on generated
variants: the same candidates in the same order, the same keys, the same derived literals."""
from __future__ import annotations

import itertools
import random

from sedac.fol import And, Atom, Const, Forall, Implies, Not, Var, free_vars, nnf, substitute
from sedac.forward import derive, to_rule
from sedac.rules import equivalence_key, propose
from sedac.vocab import Vocabulary

X, Y = Var("X"), Var("Y")
NOUNS = ["cat", "dog", "wumpus", "tumpus"]
ADJS = ["red", "big", "kind", "cold"]
NAMES = ["alex", "bob"]


def _lit(rng, args):
    a = Atom(rng.choice(NOUNS + ADJS), args)
    return a if rng.random() < 0.6 else Not(a)


def _formula(rng):
    """A fact, a rule with one to three conditions, or a rule about an individual."""
    shape = rng.randrange(4)
    if shape == 0:
        return _lit(rng, (Const(rng.choice(NAMES)),))
    body = [_lit(rng, (X,)) for _ in range(1 + rng.randrange(3))]
    if shape == 3:
        body.append(Atom("chases", (X, Const(rng.choice(NAMES)))))
    b = body[0] if len(body) == 1 else And(tuple(body))
    return Forall((X,), Implies(b, _lit(rng, (X,))))


def _vocab(joined: bool):
    return Vocabulary(nouns=set(NOUNS), adjectives=set(ADJS), names=set(NAMES),
                      plurals={"cats": "cat"}, verbs={"chases": "chase"}, joined=joined,
                      from_text=True, guess=False)


def test_propose_with_a_problem_memo_is_propose_without_one():
    rng = random.Random(7)
    for joined in (False, True):
        vocab = _vocab(joined)
        memo: dict = {}
        formulas = [_formula(rng) for _ in range(40)]
        formulas += formulas[:5]           # a clause asked again reuses every rewrite
        for f in formulas:
            alone = list(propose(f, vocab).items())
            shared = list(propose(f, vocab, memo).items())
            assert shared == alone, f
        assert memo, "the memo holds the rewrites"


def _reference_key(f):
    """The equivalence key by its definition: negation normal form of each disjunct."""
    from sedac.fol import Top, implication_parts
    vs, body, head = implication_parts(f)
    bodies = body.args if isinstance(body, And) else (body,)
    lits = [nnf(Not(b)) for b in bodies if not isinstance(b, Top)] + [nnf(head)]
    if not all(isinstance(l, Atom) or isinstance(l, Not) and isinstance(l.arg, Atom) for l in lits):
        return f
    from sedac.rules import _strip_vars
    order: dict = {}
    for lit in sorted(lits, key=lambda l: repr(_strip_vars(l))):
        for v in sorted(free_vars(lit), key=lambda v: v.name):
            order.setdefault(v, Var(f"V{len(order)}"))
    return frozenset(substitute(l, order) for l in lits)


def test_equivalence_key_is_its_definition():
    rng = random.Random(11)
    formulas = [_formula(rng) for _ in range(200)]
    # double negations, two variables and a non-literal condition: the slow path
    formulas += [Forall((X, Y), Implies(And((Not(Not(Atom("p", (X, Y)))), Atom("q", (Y,)))),
                                        Not(Atom("r", (X,))))),
                 Forall((X,), Implies(Not(And((Atom("p", (X,)), Atom("q", (X,))))), Atom("r", (X,))))]
    for f in formulas:
        assert equivalence_key.__wrapped__(f) == _reference_key(f), f
    # and it still identifies a rule with its contrapositive, under other variable names
    f = Forall((X,), Implies(Atom("cat", (X,)), Not(Atom("red", (X,)))))
    g = Forall((Y,), Implies(Atom("red", (Y,)), Not(Atom("cat", (Y,)))))
    assert equivalence_key(f) == equivalence_key(g)
    assert equivalence_key(f) != equivalence_key(Forall((X,), Implies(Atom("cat", (X,)), Atom("red", (X,)))))


def _naive_fixpoint(facts, rules, domain):
    """Every rule tried against everything known until nothing new: the definition."""
    known = set(facts)
    while True:
        new = set()
        for r in rules:
            vs = sorted({a for lit in r.body + r.head for a in lit[2] if isinstance(a, Var)},
                        key=lambda v: v.name)
            for values in itertools.product(sorted(domain, key=lambda c: c.name), repeat=len(vs)):
                b = dict(zip(vs, values))
                inst = lambda lit: (lit[0], lit[1], tuple(b.get(a, a) for a in lit[2]))
                if all(inst(l) in known for l in r.body):
                    new |= {inst(h) for h in r.head} - known
        if not new:
            return known
        known |= new


def test_forward_chaining_derives_the_fixpoint():
    rng = random.Random(3)
    for _ in range(60):
        formulas = [_formula(rng) for _ in range(rng.randrange(3, 14))]
        formulas += [Atom("chases", (Const(rng.choice(NAMES)), Const(rng.choice(NAMES))))]
        rules = [to_rule(f) for f in formulas]
        facts = [h for r in rules if not r.body for h in r.head]
        body_rules = [r for r in rules if r.body]
        domain = {Const(n) for n in NAMES}
        assert derive(facts, body_rules, domain) == _naive_fixpoint(facts, body_rules, domain)
