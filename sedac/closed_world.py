"""Closed-world answers: the program run as a logic program by SWI-Prolog.

Default negation, as Prolog has it: a goal that cannot be proved is false, and a
negative question `~p(t)` is true when `p(t)` fails. Rules with a negated head
(`~p(X) <= q(X)`) are loaded as `neg_p(X) :- q(X).`, the form sedac also writes
into fixed programs, so they never break the load.
"""
from __future__ import annotations

from .fol import (And, Atom, Const, Exists, Forall, Formula, Implies, Not, NotAClause, Top, Var,
                  _prolog_atom, _prolog_term, implication_parts, map_atoms, predicates, to_prolog)
from .swipl import plist, quote, run_text

NEG_PREFIX = "neg_"
# The query's inference budget: a base and a share per clause, so that it grows with the
# program (a 5-step chain among 4,000 facts is no harder than among 40); loading the program
# gets its own budget, also linear in the program.
INFERENCE_LIMIT = 200_000
PER_CLAUSE = 200
LOAD_BASE, LOAD_PER_CLAUSE = 2_000_000, 2_000


def loadable(f: Formula) -> Formula | None:
    """The clause form SWI-Prolog accepts: a negated head becomes `neg_p`."""
    parts = implication_parts(f)
    vs, body, head = parts
    if isinstance(head, Not) and isinstance(head.arg, Atom):
        head = Atom(NEG_PREFIX + head.arg.pred, head.arg.args)
    if not isinstance(head, Atom):
        return None
    from .fol import Forall, Implies
    inner = head if isinstance(body, Top) else Implies(body, head)
    return Forall(vs, inner) if vs else inner


def loadable_text(f: Formula) -> str | None:
    g = loadable(f)
    if g is None:
        return None
    try:
        return to_prolog(g)
    except NotAClause:
        return None


# Every predicate is loaded under this prefix, so that a class named like a built-in
# (`integer/1`, `number/1`, `atom/1`) is the program's own predicate, not Prolog's.
PRED_PREFIX = "p_"


def _own_names(f: Formula) -> Formula:
    return map_atoms(f, _own_atom)


def _own_atom(a: Atom) -> Atom:
    return Atom(PRED_PREFIX + a.pred, a.args)


def _goal(query: Formula) -> str:
    """A question as a Prolog goal: existential as Prolog's own, and a universal one
    `∀X (b → h)` as `forall(b, h)`, the closed-world reading of "every b is h"."""
    from .fol import Forall, Implies, _prolog_goal
    if isinstance(query, Exists):
        query = query.body
    names: dict = {}
    if isinstance(query, Forall) and isinstance(query.body, Implies):
        body = _prolog_goal(_connectives(query.body.left), names)
        head = _prolog_goal(_connectives(query.body.right), names)
        return f"forall(({body}), ({head}))"
    return _prolog_goal(_connectives(query), names)


def _connectives(f: Formula) -> Formula:
    """Implication as Prolog can ask it: `a → b` is `\\+ a ; b` (and `a → ⊥` is `\\+ a`)."""
    from .fol import And, Bottom, Iff, Implies, Not, Or, Top
    if isinstance(f, Implies):
        left, right = Not(_connectives(f.left)), _connectives(f.right)
        return left if isinstance(right, Bottom) else Or((left, right))
    if isinstance(f, Iff):
        return And((_connectives(Implies(f.left, f.right)), _connectives(Implies(f.right, f.left))))
    if isinstance(f, Not):
        return Not(_connectives(f.arg))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(_connectives(a) for a in f.args))
    if isinstance(f, (Top, Bottom, Atom)):
        return f
    return f


def _one_head(f: Formula):
    """`f` as clauses of one head each: a conjunction of facts is its facts, a rule that
    concludes a conjunction is one rule per conjunct (`∀x (b → c ∧ d)`: `c :- b`, `d :- b`)."""
    vs, body, head = implication_parts(f)
    if not isinstance(head, And):
        yield f
        return
    for h in head.args:
        g = h if isinstance(body, Top) else Implies(body, h)
        yield from _one_head(Forall(vs, g) if vs else g)


def _simple_clause(f: Formula):
    """(clause text without its full stop, head's key, body's key or None) of a fact
    `p(c, ...)`, `~p(c, ...)` or a rule `∀X (b(X) → [~]h(X))`, as `ask_closed`'s general
    way writes it (`loadable`, `_own_names`, `to_prolog`); None for any other shape."""
    t = type(f)
    if t is Atom or t is Not and type(f.arg) is Atom:
        a = f if t is Atom else f.arg
        if not all(type(c) is Const for c in a.args):
            return None
        name = (PRED_PREFIX if t is Atom else NEG_PREFIX + PRED_PREFIX) + a.pred
        head = _prolog_atom(name)
        if a.args:
            head += "(" + ", ".join(_prolog_atom(c.name) for c in a.args) + ")"
        return head, (name, len(a.args)), None
    if t is not Forall or len(f.vars) != 1 or type(f.body) is not Implies:
        return None
    x = f.vars[0]
    b, h = f.body.left, f.body.right
    neg = type(h) is Not
    if neg:
        h = h.arg
    if type(b) is not Atom or type(h) is not Atom or b.args != (x,) or h.args != (x,) \
            or type(x) is not Var:
        return None
    v = _prolog_term(x, {})
    hname = (NEG_PREFIX + PRED_PREFIX if neg else PRED_PREFIX) + h.pred
    bname = PRED_PREFIX + b.pred
    return (f"{_prolog_atom(hname)}({v}) :- {_prolog_atom(bname)}({v})", (hname, 1), (bname, 1))


def ask_closed(axioms: list[Formula], query: Formula) -> str:
    """`True` when the query succeeds under default negation, else `False`."""
    query = _own_names(query)
    try:
        goal = _goal(query)
    except (NotAClause, ValueError):
        return "Error"
    clauses = []
    ruled: set[tuple[str, int]] = set()
    loaded: set[tuple[str, int]] = set()     # the heads of the clauses loaded
    used: set[tuple[str, int]] = set(predicates(query))
    for f in (h for a in axioms for h in _one_head(a)):
        quick = _simple_clause(f)
        if quick is not None:        # (the common shapes, written at once: the same text)
            text, key, body_key = quick
            if body_key is not None:
                ruled.add(key)
                used.add(body_key)
            used.add(key)
            clauses.append(text)
            loaded.add(key)
            continue
        g = loadable(_own_names(f))
        if g is None:
            continue
        _, body, head = implication_parts(g)
        key = (head.pred, len(head.args))
        if not isinstance(body, Top):
            ruled.add(key)
        used |= predicates(g)
        try:
            text = to_prolog(g)
        except NotAClause:
            continue
        clauses.append(text[:-1])  # without the full stop: a list element
        loaded.add(key)
    # Only predicates with rules can recurse, so only they are tabled (a table costs far
    # more to set up than a fact); negation of a fact-only predicate is plain `\+`. A
    # predicate with rules none of which is a clause is not defined at all: calling it
    # is an error, as in Prolog.
    tabled = plist(f"{quote(p)}/{n}" for p, n in sorted(ruled))
    missing = plist(f"{quote(p)}/{n}" for p, n in sorted(ruled - loaded))
    program = f"prog({tabled},{missing},[{','.join(f'({c})' for c in clauses)}])"
    size = len(clauses) + len(used)
    budget = INFERENCE_LIMIT + PER_CLAUSE * size
    result = run_text(f"sedac_cw:cw_ask({quote(program)}, {quote(goal)}, {budget}, SedacOut)",
                      limit=LOAD_BASE + LOAD_PER_CLAUSE * size + budget, needs=("closed_world",))
    if result is None:
        result = "limit"
    # An exceeded limit or an error is no answer: never `False`.
    return {"true": "True", "false": "False", "undefined": "Undefined",
            "limit": "Timeout"}.get(result, "Error")
