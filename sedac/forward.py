"""Forward chaining with explicit negation: ProofWriter's (and Pyke's) semantics.

A program is a set of facts (literals, `p(a)` or `¬p(a)`) and rules (a conjunction of
literals implies a conjunction of literals). A rule fires when each of its conditions,
negated or not, has been derived; nothing is concluded from what was not derived (no
negation as failure) and rules are never used backwards (no contraposition). A statement
is True if it is derived, False if its negation is, Unknown otherwise; when both are
derived the answer is `Inconsistent`.

This differs from classical entailment (the open world): `¬kind(erin)` and
`∀x (furry(x) → kind(x))` make `furry(erin)` classically False, and Unknown here.

Formulas outside this fragment (disjunctions, existentials, equivalences) have no
forward reading: the answer is then `Unsupported`, never a guess.
"""
from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from .fol import And, Atom, Bottom, Formula, Not, Top, Var, constants, implication_parts

# Work units (a literal matched or derived) before the answer is `Timeout`.
WORK_LIMIT = 5_000_000

Literal = tuple[bool, str, tuple]       # (positive, predicate, arguments)


class Rule(NamedTuple):
    """Immutable, as a frozen dataclass would be, and built in a fraction of its time (one a
    program's clause, for every answer asked)."""
    body: tuple[Literal, ...]
    head: tuple[Literal, ...]


class Unsupported(ValueError):
    pass


def _literal(f: Formula) -> Literal:
    positive = True
    if isinstance(f, Not):
        positive, f = False, f.arg
    if not isinstance(f, Atom):
        raise Unsupported(f)
    return positive, f.pred, f.args


def _literals(f: Formula) -> tuple[Literal, ...]:
    t = type(f)
    if t is Atom:                                         # (most conditions and conclusions)
        return ((True, f.pred, f.args),)
    if t is Not and type(f.arg) is Atom:
        return ((False, f.arg.pred, f.arg.args),)
    if isinstance(f, Top):
        return ()
    parts = f.args if isinstance(f, And) else (f,)
    out = []
    for p in parts:
        out.extend(_literals(p) if isinstance(p, And) else [_literal(p)])
    return tuple(out)


def to_rule(f: Formula) -> Rule:
    """A formula as a rule; raises Unsupported outside the fragment."""
    _, body, head = implication_parts(f)
    return Rule(_literals(body), _literals(head))


class _Budget:
    def __init__(self, limit: int):
        self.left = limit

    def spend(self, n: int = 1):
        self.left -= n
        if self.left < 0:
            raise TimeoutError


def _match(lit: Literal, fact: tuple, binding: dict) -> dict | None:
    _, _, args = lit
    out = binding
    for a, v in zip(args, fact):
        if isinstance(a, Var):
            bound = out.get(a)
            if bound is None:
                if out is binding:
                    out = dict(binding)
                out[a] = v
            elif bound != v:
                return None
        elif a != v:
            return None
    return out


class _Index(defaultdict):
    """The derived literals' arguments by (positive, pred, arity), with the set of the
    literals themselves (`known`)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.known: set[tuple] = set()


def derive(facts: list[Literal], rules: list[Rule], domain: set,
           limit: int = WORK_LIMIT) -> set[tuple]:
    """Every literal forward chaining derives: (positive, pred, args) with ground args.
    Semi-naive: a rule is tried only with at least one condition met by a new literal."""
    budget = _Budget(limit)
    index = _Index(list)        # (positive, pred, arity) -> args
    known = index.known
    delta: list[tuple] = []

    def add(lit):
        if lit not in known:
            known.add(lit)
            index[(lit[0], lit[1], len(lit[2]))].append(lit[2])
            delta.append(lit)

    for lit in facts:
        add(lit)
    ground_rules = []
    for r in rules:
        if r.body:
            ground_rules.append(r)
        else:   # a fact with variables: every individual
            for b in _bindings_for_head(r, {}, domain, budget):
                for h in r.head:
                    add(_instance(h, b))
    domain_list = sorted(domain, key=lambda c: c.name)
    # each condition of each rule by its key, in rule order: a round tries the rules a new
    # literal can meet, in the order a pass over every rule would (rules x rounds was the
    # cost of a program of thousands of rules); and whether a rule's head has a variable
    # its conditions leave unbound (only those range over the domain)
    by_key: dict[tuple, list[tuple[int, int]]] = defaultdict(list)
    ranging = []
    for j, r in enumerate(ground_rules):
        for k, lit in enumerate(r.body):
            by_key[(lit[0], lit[1], len(lit[2]))].append((j, k))
        bound = {a for lit in r.body for a in lit[2] if isinstance(a, Var)}
        ranging.append(any(isinstance(a, Var) and a not in bound for h in r.head for a in h[2]))
    while delta:
        new, delta[:] = list(delta), []
        new_index: dict[tuple, list[tuple]] = defaultdict(list)
        for lit in new:
            new_index[(lit[0], lit[1], len(lit[2]))].append(lit[2])
        for j, k in sorted(p for key in new_index for p in by_key.get(key, ())):
            r = ground_rules[j]
            lit = r.body[k]
            for fact in new_index[(lit[0], lit[1], len(lit[2]))]:
                budget.spend()
                b = _match(lit, fact, {})
                if b is None:
                    continue
                for b2 in _join(r.body[:k] + r.body[k + 1:], b, index, budget):
                    for b3 in (_bindings_for_head(r, b2, domain_list, budget) if ranging[j]
                               else (b2,)):
                        for h in r.head:
                            add(_instance(h, b3))
    return known


def _join(lits, binding, index, budget):
    if not lits:
        yield binding
        return
    lit, rest = lits[0], lits[1:]
    args = tuple(binding.get(a) if isinstance(a, Var) else a for a in lit[2])
    if None not in args:
        # every argument known: the one fact that can match is looked up, not scanned for
        # (`known` holds exactly what `index` lists); the work counted is still the scan's,
        # so that the work limit falls where it always did
        budget.spend(len(index.get((lit[0], lit[1], len(lit[2])), ())))
        if (lit[0], lit[1], args) in index.known:
            yield from _join(rest, binding, index, budget)
        return
    for fact in list(index.get((lit[0], lit[1], len(lit[2])), ())):
        budget.spend()
        b = _match(lit, fact, binding)
        if b is not None:
            yield from _join(rest, b, index, budget)


def _bindings_for_head(rule: Rule, binding: dict, domain, budget):
    """Variables of the head that no condition bound range over every individual."""
    free = sorted({a for h in rule.head for a in h[2] if isinstance(a, Var) and a not in binding},
                  key=lambda v: v.name)
    if not free:
        yield binding
        return

    def extend(i, b):
        if i == len(free):
            yield b
            return
        for c in domain:
            budget.spend()
            yield from extend(i + 1, {**b, free[i]: c})
    yield from extend(0, binding)


def _instance(lit: Literal, binding: dict) -> tuple:
    positive, pred, args = lit
    return positive, pred, tuple(binding.get(a, a) if isinstance(a, Var) else a for a in args)


def ask_forward(axioms: list[Formula], query: Formula, limit: int = WORK_LIMIT) -> str:
    """True, False, Unknown or Inconsistent; Unsupported outside the fragment; Timeout past
    the work limit."""
    try:
        # a rule whose condition is false (`dumpus(_) :- false.`) says nothing: no rule
        rules = []
        for f in axioms:
            _, body, head = implication_parts(f)
            if not _vacuous_body(body):
                rules.append(Rule(_literals(body), _literals(head)))
        goal = _literal(query)
    except Unsupported:
        return "Unsupported"
    if any(isinstance(a, Var) for a in goal[2]):
        return "Unsupported"       # a question about every individual is not a literal
    facts = [h for r in rules if not r.body and not _has_vars(r.head) for h in r.head]
    rules = [r for r in rules if r.body or _has_vars(r.head)]
    # The individuals matter only to a head variable no condition binds: the domain is
    # gathered (from every axiom, as always) only for a program that has one.
    domain: set = set()
    if any(_unbound_head_var(r) for r in rules):
        domain = {c for f in list(axioms) + [query] for c in constants(f)}
    try:
        known = derive(facts, rules, domain, limit)
    except TimeoutError:
        return "Timeout"
    sign, pred, args = goal
    pos = (sign, pred, args) in known
    neg = (not sign, pred, args) in known
    if pos and neg:
        return "Inconsistent"
    return "True" if pos else "False" if neg else "Unknown"


def _unbound_head_var(rule: Rule) -> bool:
    bound = {a for lit in rule.body for a in lit[2] if isinstance(a, Var)}
    return any(isinstance(a, Var) and a not in bound for h in rule.head for a in h[2])


def _has_vars(lits) -> bool:
    return any(isinstance(a, Var) for lit in lits for a in lit[2])


def _vacuous(f: Formula) -> bool:
    """`∀x (⊥ → ...)`, or a condition with a conjunct ⊥: true of everything, derives nothing."""
    return _vacuous_body(implication_parts(f)[1])


def _vacuous_body(body: Formula) -> bool:
    if type(body) is Atom or type(body) is Top:
        return False
    parts = body.args if isinstance(body, And) else (body,)
    return any(isinstance(p, Bottom) for p in parts)
