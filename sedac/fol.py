"""First-order formulas as immutable values.

Every node is a frozen, slotted dataclass with structural equality and hashing.
Children are tuples, so a formula can be a dict key or a set member. The module
also holds the pure transformations the rest of sedac needs (substitution,
negation, negation normal form, closure); its printers, one per output language, are in
`fol_print` and re-exported here.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Iterator, Mapping, Union


def node(cls):
    """A frozen, slotted dataclass whose hash is computed once and kept.

    Formulas are dict keys on hot paths (prover caches, rule saturation); a plain
    frozen dataclass would rehash the whole tree on every lookup.
    """
    cls.__annotations__["_hash"] = "int | None"
    cls._hash = field(default=None, init=False, repr=False, compare=False, hash=False)
    dc = dataclass(frozen=True, slots=True)(cls)
    names = tuple(f.name for f in fields(dc) if f.name != "_hash")
    tag = dc.__name__
    # (one field: its value; more: the tuple of their values; none: nothing)
    parts = attrgetter(*names) if names else (lambda self: ())

    def __hash__(self):
        h = self._hash
        if h is None:
            h = hash((tag, parts(self)))
            object.__setattr__(self, "_hash", h)
        return h

    dc.__hash__ = __hash__
    return dc


@node
class Var:
    name: str


@node
class Const:
    name: str


@node
class Func:
    """A function application `f(t1, ..., tn)`: only `sedac prove` reads these (and hands
    them to E or Prover9); programs and texts are function-free."""
    name: str
    args: tuple = ()


Term = Union[Var, Const, Func]


def term_text(t) -> str:
    """A term as `name` or `f(a, b)`."""
    if isinstance(t, Func):
        return f"{t.name}({', '.join(term_text(a) for a in t.args)})"
    return t.name


def _leaves(t) -> Iterator[Term]:
    if isinstance(t, Func):
        yield t
        for a in t.args:
            yield from _leaves(a)
    else:
        yield t


def has_functions(f) -> bool:
    return any(isinstance(t, Func) for t in _terms(f))


@node
class Atom:
    pred: str
    args: tuple[Term, ...] = ()


@node
class Eq:
    left: Term
    right: Term


@node
class Not:
    arg: "Formula"


@node
class And:
    args: tuple["Formula", ...]


@node
class Or:
    args: tuple["Formula", ...]


@node
class Implies:
    left: "Formula"
    right: "Formula"


@node
class Iff:
    left: "Formula"
    right: "Formula"


@node
class Xor:
    left: "Formula"
    right: "Formula"


@node
class Forall:
    vars: tuple[Var, ...]
    body: "Formula"


@node
class Exists:
    vars: tuple[Var, ...]
    body: "Formula"


@node
class Top:
    pass


@node
class Bottom:
    pass


TRUE = Top()
FALSE = Bottom()

Formula = Union[Atom, Eq, Not, And, Or, Implies, Iff, Xor, Forall, Exists, Top, Bottom]
Literal = Union[Atom, Not]


# ---------------------------------------------------------------- constructors

def conj(parts) -> Formula:
    """A conjunction, flattened; `TRUE` for no parts, the part itself for one."""
    flat: list[Formula] = []
    for p in parts:
        if isinstance(p, And):
            flat.extend(p.args)
        elif not isinstance(p, Top):
            flat.append(p)
    if not flat:
        return TRUE
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def disj(parts) -> Formula:
    flat: list[Formula] = []
    for p in parts:
        if isinstance(p, Or):
            flat.extend(p.args)
        elif not isinstance(p, Bottom):
            flat.append(p)
    if not flat:
        return FALSE
    return flat[0] if len(flat) == 1 else Or(tuple(flat))


def exists(vars_, body: Formula) -> Formula:
    vs = tuple(v for v in vars_ if v in free_vars(body))
    return Exists(vs, body) if vs else body


def negate(f: Formula) -> Formula:
    """The negation of `f`, without stacking double negations."""
    if isinstance(f, Not):
        return f.arg
    if isinstance(f, Top):
        return FALSE
    if isinstance(f, Bottom):
        return TRUE
    return Not(f)


# ------------------------------------------------------------------- queries

def _no_children(f) -> tuple:
    return ()


# each node class's children, looked up by its exact type (the classes are final: a
# chain of `isinstance` tests costs more, and `children` is asked of every node of a walk)
_CHILDREN = {Not: lambda f: (f.arg,), And: attrgetter("args"), Or: attrgetter("args"),
             Implies: attrgetter("left", "right"), Iff: attrgetter("left", "right"),
             Xor: attrgetter("left", "right"), Forall: lambda f: (f.body,),
             Exists: lambda f: (f.body,)}


def children(f: Formula) -> tuple[Formula, ...]:
    return _CHILDREN.get(type(f), _no_children)(f)


def subformulas(f: Formula) -> Iterator[Formula]:
    stack = [f]
    get, none = _CHILDREN.get, _no_children
    while stack:
        g = stack.pop()
        yield g
        stack.extend(get(type(g), none)(g))


def _terms(f: Formula) -> Iterator[Term]:
    for g in subformulas(f):
        if isinstance(g, Atom):
            for a in g.args:
                yield from _leaves(a)
        elif isinstance(g, Eq):
            yield from _leaves(g.left)
            yield from _leaves(g.right)


def free_vars(f: Formula) -> frozenset[Var]:
    if isinstance(f, Atom):
        return frozenset(t for a in f.args for t in _leaves(a) if isinstance(t, Var))
    if isinstance(f, Eq):
        return frozenset(t for a in (f.left, f.right) for t in _leaves(a) if isinstance(t, Var))
    if isinstance(f, (Forall, Exists)):
        return free_vars(f.body) - frozenset(f.vars)
    out: frozenset[Var] = frozenset()
    for c in children(f):
        out |= free_vars(c)
    return out


def constants(f: Formula) -> frozenset[Const]:
    if type(f) is Atom and all(type(a) is not Func for a in f.args):   # (most formulas: facts)
        return frozenset(a for a in f.args if type(a) is Const)
    out = set()
    for g in subformulas(f):
        kind = type(g)
        if kind is Atom or kind is Eq:
            for a in (g.args if kind is Atom else (g.left, g.right)):
                if type(a) is Const:
                    out.add(a)
                elif type(a) is Func:
                    out.update(t for t in _leaves(a) if type(t) is Const)
    return frozenset(out)


def predicates(f: Formula) -> frozenset[tuple[str, int]]:
    if type(f) is Atom:
        return frozenset(((f.pred, len(f.args)),))
    return frozenset((g.pred, len(g.args)) for g in subformulas(f) if type(g) is Atom)


def closure(f: Formula) -> Formula:
    """Universal closure, variables in order of first appearance."""
    fv = free_vars(f)
    if not fv:
        return f
    order: list[Var] = []
    for t in _ordered_terms(f):
        if isinstance(t, Var) and t in fv and t not in order:
            order.append(t)
    return Forall(tuple(order), f)


def _ordered_terms(f: Formula) -> Iterator[Term]:
    if isinstance(f, Atom):
        for a in f.args:
            yield from _leaves(a)
    elif isinstance(f, Eq):
        yield from _leaves(f.left)
        yield from _leaves(f.right)
    else:
        for c in children(f):
            yield from _ordered_terms(c)


# ------------------------------------------------------------ transformations

def _substitute_term(t: Term, mapping: Mapping[Var, Term]) -> Term:
    # (a module function, not a closure: a closure that calls itself is a reference cycle,
    # garbage the collector must find, made at every call)
    if isinstance(t, Func):
        return Func(t.name, tuple(_substitute_term(a, mapping) for a in t.args))
    return mapping.get(t, t) if isinstance(t, Var) else t


def substitute(f: Formula, mapping: Mapping[Var, Term]) -> Formula:
    """Replace free variables; bound variables shadow the mapping."""
    if not mapping:
        return f
    if isinstance(f, Atom):
        return Atom(f.pred, tuple(_substitute_term(a, mapping) for a in f.args))
    if isinstance(f, Eq):
        return Eq(_substitute_term(f.left, mapping), _substitute_term(f.right, mapping))
    if isinstance(f, Not):
        return Not(substitute(f.arg, mapping))
    if isinstance(f, And):
        return And(tuple(substitute(a, mapping) for a in f.args))
    if isinstance(f, Or):
        return Or(tuple(substitute(a, mapping) for a in f.args))
    if isinstance(f, (Implies, Iff, Xor)):
        return type(f)(substitute(f.left, mapping), substitute(f.right, mapping))
    if isinstance(f, (Forall, Exists)):
        inner = {k: v for k, v in mapping.items() if k not in f.vars}
        return type(f)(f.vars, substitute(f.body, inner))
    return f


def rename_preds(f: Formula, mapping: Mapping[str, str]) -> Formula:
    """Rename predicate symbols (used to align names across formats)."""
    return map_atoms(f, lambda a: Atom(mapping.get(a.pred, a.pred), a.args))


def replace_terms(f: Formula, mapping: Mapping) -> Formula:
    """Replace the arguments of atoms that are keys of `mapping` (constants by constants,
    `the_bald_eagle` by `bald_eagle`, or a constant by a variable); no quantifier is added."""
    if not mapping:
        return f
    return map_atoms(f, lambda a: Atom(a.pred, tuple(mapping.get(t, t) for t in a.args)))


def map_atoms(f: Formula, fn, equalities: bool = False) -> Formula:
    """Replace every atom `a` by `fn(a)` (a formula), and every equality too with
    `equalities`; a double negation that this makes (`~not_p` read as `~~p`) is removed."""
    if isinstance(f, Atom) or equalities and isinstance(f, Eq):
        return fn(f)
    if isinstance(f, Not):
        inner = map_atoms(f.arg, fn, equalities)
        return inner.arg if isinstance(inner, Not) and not isinstance(f.arg, Not) else Not(inner)
    if isinstance(f, (And, Or)):
        return type(f)(tuple(map_atoms(a, fn, equalities) for a in f.args))
    if isinstance(f, (Implies, Iff, Xor)):
        return type(f)(map_atoms(f.left, fn, equalities), map_atoms(f.right, fn, equalities))
    if isinstance(f, (Forall, Exists)):
        return type(f)(f.vars, map_atoms(f.body, fn, equalities))
    return f


def nnf(f: Formula, positive: bool = True) -> Formula:
    """Negation normal form: only And, Or, quantifiers and literals remain."""
    if isinstance(f, (Atom, Eq)):
        return f if positive else Not(f)
    if isinstance(f, Top):
        return TRUE if positive else FALSE
    if isinstance(f, Bottom):
        return FALSE if positive else TRUE
    if isinstance(f, Not):
        return nnf(f.arg, not positive)
    if isinstance(f, And):
        parts = tuple(nnf(a, positive) for a in f.args)
        return conj(parts) if positive else disj(parts)
    if isinstance(f, Or):
        parts = tuple(nnf(a, positive) for a in f.args)
        return disj(parts) if positive else conj(parts)
    if isinstance(f, Implies):
        return nnf(Or((Not(f.left), f.right)), positive)
    if isinstance(f, Iff):
        both = And((Implies(f.left, f.right), Implies(f.right, f.left)))
        return nnf(both, positive)
    if isinstance(f, Xor):
        return nnf(Iff(f.left, f.right), not positive)
    if isinstance(f, Forall):
        body = nnf(f.body, positive)
        return Forall(f.vars, body) if positive else Exists(f.vars, body)
    if isinstance(f, Exists):
        body = nnf(f.body, positive)
        return Exists(f.vars, body) if positive else Forall(f.vars, body)
    raise TypeError(f"not a formula: {f!r}")


def implication_parts(f: Formula) -> tuple[tuple[Var, ...], Formula, Formula] | None:
    """`![X]: (b => h)` as (vars, b, h); a bare literal or closed fact as ((), TRUE, f).
    Nested quantifiers are one prefix: `∀x ∀y (b → h)` is `∀x y (b → h)`."""
    vs: tuple[Var, ...] = ()
    while isinstance(f, Forall):
        vs, f = vs + f.vars, f.body
    if isinstance(f, Implies):
        return vs, f.left, f.right
    return vs, TRUE, f


# The printers live in `fol_print`; they are part of this module's interface.
from .fol_print import (  # noqa: E402  (they need the node classes above)
    NotAClause,
    Notation,
    PROVER9,
    PROVER9_DEFAULT,
    TPTP,
    UNICODE,
    describe,
    prover9_term,
    render,
    to_prolog,
    to_prover9,
    to_tptp,
    to_unicode,
    tptp_problem,
    tptp_term,
    _prolog_atom,  # closed_world writes queries and clauses with these
    _prolog_goal,
    _prolog_term,
)
