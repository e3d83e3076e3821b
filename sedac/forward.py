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

from .fol import And, Atom, Bottom, Const, Formula, Not, Top, Var, constants, implication_parts

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
        if isinstance(a, _V):
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


class _V(int):
    """A variable of a rule, as `derive` works on them: a negative number (the individuals
    are the others), hashed and compared as one, with its name for the order of a rule's
    head variables."""


def derive(facts: list[Literal], rules: list[Rule], domain: set,
           limit: int = WORK_LIMIT) -> set[tuple]:
    """Every literal forward chaining derives: (positive, pred, args) with ground args.
    Semi-naive: a rule is tried only with at least one condition met by a new literal.

    The terms are numbered first (equal terms one number, each variable a `_V`): the
    matching, the joins and the sets of literals then hash and compare numbers, not terms
    (whose hash and equality are Python code, called millions of times on thousands of
    rules); the order of every step, and so the work counted, is the terms' own."""
    known, terms, _, back = _numbered_derive(facts, rules, domain, limit)
    return {(s, p, tuple(back[a] if isinstance(a, _V) else terms[a] for a in args))
            for s, p, args in known}


def _numbered_derive(facts, rules, domain, limit):
    """(the literals derived, on numbers; the terms by number; the numbers by term; the
    variables by number): `derive` before its literals are written back in terms (a caller
    that asks of one literal numbers it instead)."""
    terms: list = []
    ids: dict = {}              # a term -> its number (a constant by its name: see below)
    back: dict = {}             # each variable's number -> the variable
    names: dict = {}            # a constant's name -> its number

    def number(t):
        if type(t) is Const:
            # (two constants are equal when their names are: a string hashes and compares
            # in C, a dataclass in Python)
            i = names.get(t.name)
            if i is None:
                i = names[t.name] = ids[t] = len(terms)
                terms.append(t)
            return i
        i = ids.get(t)
        if i is None:
            if isinstance(t, Var):
                i = _V(-1 - len(back))
                i.name = t.name
                back[i] = t
            else:
                i = len(terms)
                terms.append(t)
            ids[t] = i
        return i

    def lit(x):
        return x[0], x[1], tuple(number(a) for a in x[2])
    known = _derive([lit(x) for x in facts],
                    [Rule(tuple(lit(x) for x in r.body), tuple(lit(x) for x in r.head))
                     for r in rules],
                    [number(c) for c in domain],
                    [number(c) for c in sorted(domain, key=lambda c: c.name)], limit)
    return known, terms, ids, back


def _derive(facts: list[Literal], rules: list[Rule], domain: list, domain_list: list,
            limit: int) -> set[tuple]:
    """`derive` on numbered terms (`domain` in the order of the domain's set, `domain_list`
    in the order of the individuals' names)."""
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
    # each condition of each rule by its key, in rule order: a round tries the rules a new
    # literal can meet, in the order a pass over every rule would (rules x rounds was the
    # cost of a program of thousands of rules); and whether a rule's head has a variable
    # its conditions leave unbound (only those range over the domain)
    by_key: dict[tuple, list[tuple[int, int]]] = defaultdict(list)
    ranging = []
    for j, r in enumerate(ground_rules):
        for k, lit in enumerate(r.body):
            by_key[(lit[0], lit[1], len(lit[2]))].append((j, k))
        bound = {a for lit in r.body for a in lit[2] if isinstance(a, _V)}
        ranging.append(any(isinstance(a, _V) and a not in bound for h in r.head for a in h[2]))
    plans = {}      # (rule, condition) -> how a literal meeting it is joined (`_plan`)
    get = index.get
    while delta:
        new, delta[:] = list(delta), []
        new_index: dict[tuple, list[tuple]] = defaultdict(list)
        for lit in new:
            new_index[(lit[0], lit[1], len(lit[2]))].append(lit[2])
        for j, k in sorted(p for key in new_index for p in by_key.get(key, ())):
            r = ground_rules[j]
            lit = r.body[k]
            plan = plans.get((j, k))
            if plan is None:
                plan = plans[(j, k)] = _plan(r, k, ranging[j])
            facts_met = new_index[(lit[0], lit[1], len(lit[2]))]
            if plan[0] is not None:
                # the common case, direct: each step as the general one below takes it (the
                # work of the match, then the lookup's; the same literals added in the same
                # order), without its calls
                other_key, sign, pred, other, heads = plan
                left = budget.left
                for fact in facts_met:
                    left -= 1 + (len(get(other_key, ())) if other_key else 0)
                    if left < 0:
                        budget.left = left
                        raise TimeoutError
                    if not other_key or \
                            (sign, pred, fact if other is None else other(fact)) in known:
                        for hs, hp, ha, hkey in heads:
                            h = (hs, hp, fact if ha is None else ha(fact))
                            if h not in known:
                                known.add(h)
                                index[hkey].append(h[2])
                                delta.append(h)
                budget.left = left
                continue
            rest = plan[1]
            for fact in facts_met:
                budget.spend()
                b = _match(lit, fact, {})
                if b is None:
                    continue
                for b2 in _join(rest, b, index, budget):
                    for b3 in (_bindings_for_head(r, b2, domain_list, budget) if ranging[j]
                               else (b2,)):
                        for h in r.head:
                            add(_instance(h, b3))
    return known


def _plan(rule: Rule, k: int, ranging: bool) -> tuple:
    """How `_derive` joins a literal meeting condition k of `rule`: (None, the other
    conditions) in general; directly, when the condition's arguments are distinct variables
    (it meets every literal of its key) and they bind everything else, with at most one
    other condition (`big(X) ∧ kind(X) → red(X)`): (the other's key, sign, predicate, its
    arguments made from the literal's, the heads so made), the key `()` when there is none
    (`wumpus(X) → zumpus(X)`)."""
    lit = rule.body[k]
    rest = rule.body[:k] + rule.body[k + 1:]
    args = lit[2]
    if ranging or len(rest) > 1 or not all(isinstance(a, _V) for a in args) or \
            len(set(args)) != len(args):
        return None, rest
    at = {a: i for i, a in enumerate(args)}
    if not all(a in at for lt in rest + rule.head for a in lt[2] if isinstance(a, _V)):
        return None, rest
    heads = tuple((h[0], h[1], _maker(h[2], args, at), (h[0], h[1], len(h[2])))
                  for h in rule.head)
    if not rest:
        return (), None, None, None, heads
    o = rest[0]
    return (o[0], o[1], len(o[2])), o[0], o[1], _maker(o[2], args, at), heads


def _maker(args: tuple, met: tuple, at: dict):
    """A function of a literal's arguments (bound to `at`'s variables, the arguments `met`)
    to `args`'s; None when they are the literal's own."""
    if args == met:
        return None
    if not any(isinstance(a, _V) for a in args):
        return lambda fact: args
    if len(args) == 1:
        i = at[args[0]]
        return lambda fact: (fact[i],)
    parts = tuple((True, at[a]) if isinstance(a, _V) else (False, a) for a in args)
    return lambda fact: tuple(fact[v] if var else v for var, v in parts)


def _join(lits, binding, index, budget):
    if not lits:
        yield binding
        return
    lit, rest = lits[0], lits[1:]
    args = tuple(binding.get(a) if isinstance(a, _V) else a for a in lit[2])
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
    free = sorted({a for h in rule.head for a in h[2] if isinstance(a, _V) and a not in binding},
                  key=lambda v: v.name)
    if not free:
        yield binding
        return
    yield from _extend(0, binding, free, domain, budget)


def _extend(i: int, b: dict, free: list, domain, budget):
    if i == len(free):
        yield b
        return
    for c in domain:
        budget.spend()
        yield from _extend(i + 1, {**b, free[i]: c}, free, domain, budget)


def _instance(lit: Literal, binding: dict) -> tuple:
    positive, pred, args = lit
    return positive, pred, tuple(binding.get(a, a) if isinstance(a, _V) else a for a in args)


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
        known, _, ids, _ = _numbered_derive(facts, rules, domain, limit)
    except TimeoutError:
        return "Timeout"
    sign, pred, args = goal
    # the goal in numbers: a term no axiom has is in no literal derived
    numbered = tuple(ids.get(a) for a in args)       # (every constant met is in `ids`)
    if None in numbered:
        return "Unknown"
    pos = (sign, pred, numbered) in known
    neg = (not sign, pred, numbered) in known
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
