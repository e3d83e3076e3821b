"""First-order formulas as immutable values.

Every node is a frozen, slotted dataclass with structural equality and hashing.
Children are tuples, so a formula can be a dict key or a set member. The module
also holds the pure transformations the rest of sedac needs (substitution,
negation, negation normal form, closure) and one printer per output language.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
import re
from typing import Callable, Iterator, Mapping, Union


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

    def __hash__(self):
        h = self._hash
        if h is None:
            h = hash((tag,) + tuple(getattr(self, n) for n in names))
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

def children(f: Formula) -> tuple[Formula, ...]:
    if isinstance(f, Not):
        return (f.arg,)
    if isinstance(f, (And, Or)):
        return f.args
    if isinstance(f, (Implies, Iff, Xor)):
        return (f.left, f.right)
    if isinstance(f, (Forall, Exists)):
        return (f.body,)
    return ()


def subformulas(f: Formula) -> Iterator[Formula]:
    stack = [f]
    while stack:
        g = stack.pop()
        yield g
        stack.extend(children(g))


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
    return frozenset(t for t in _terms(f) if isinstance(t, Const))


def predicates(f: Formula) -> frozenset[tuple[str, int]]:
    if type(f) is Atom:
        return frozenset(((f.pred, len(f.args)),))
    return frozenset((g.pred, len(g.args)) for g in subformulas(f) if isinstance(g, Atom))


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

def substitute(f: Formula, mapping: Mapping[Var, Term]) -> Formula:
    """Replace free variables; bound variables shadow the mapping."""
    if not mapping:
        return f

    def s(t):
        if isinstance(t, Func):
            return Func(t.name, tuple(s(a) for a in t.args))
        return mapping.get(t, t) if isinstance(t, Var) else t
    if isinstance(f, Atom):
        return Atom(f.pred, tuple(s(a) for a in f.args))
    if isinstance(f, Eq):
        return Eq(s(f.left), s(f.right))
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


# ------------------------------------------------------------------- printers

_TPTP_BIN = {Implies: "=>", Iff: "<=>", Xor: "<~>"}


def _tptp_name(name: str, upper: bool) -> str:
    if upper:
        ok = name[:1].isupper() and name.replace("_", "a").isalnum()
        return name if ok else "V" + "".join(c if c.isalnum() else "_" for c in name)
    ok = name[:1].islower() and name.replace("_", "a").isalnum() and name.isascii()
    if ok:
        return name
    return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


def tptp_term(t: Term) -> str:
    if isinstance(t, Func):
        return f"{_tptp_name(t.name, False)}({','.join(tptp_term(a) for a in t.args)})"
    return _tptp_name(t.name, isinstance(t, Var))


def to_tptp(f: Formula) -> str:
    """TPTP FOF formula syntax (no `fof(...)` wrapper)."""
    return render(f, TPTP)


def tptp_problem(axioms, conjecture: Formula | None = None, names=None) -> str:
    """A whole TPTP FOF problem; `names` optionally labels the axioms."""
    lines = []
    for i, a in enumerate(axioms):
        name = names[i] if names else f"a{i + 1}"
        lines.append(f"fof({name}, axiom, {to_tptp(a)}).")
    if conjecture is not None:
        lines.append(f"fof(goal, conjecture, {to_tptp(conjecture)}).")
    return "\n".join(lines) + "\n"


_P9_BIN = {Implies: "->", Iff: "<->"}


def _p9_name(name: str, variable: bool, prolog_style: bool = True) -> str:
    """A Prover9 symbol: with `set(prolog_style_variables)`, variables start upper-case and
    everything else lower-case; without it (Prover9's default), variables start with u-z."""
    clean = re.sub(r"[^A-Za-z0-9_]", "_", name) or "x"
    if variable:
        if prolog_style:
            return clean if clean[:1].isupper() else "V" + clean
        low = clean.lower()
        return low if low[:1] in "uvwxyz" else "x" + low
    if not prolog_style and clean[:1] in "uvwxyz":
        return clean[:1].upper() + clean[1:]    # (`wren` would be a variable there: Y013)
    return clean if clean[:1].islower() else "n_" + clean


def prover9_term(t: Term, prolog_style: bool = True) -> str:
    if isinstance(t, Func):
        return f"{_p9_name(t.name, False)}({','.join(prover9_term(a, prolog_style) for a in t.args)})"
    return _p9_name(t.name, isinstance(t, Var), prolog_style)


def to_prover9(f: Formula, prolog_style: bool = True) -> str:
    """Prover9's formula syntax: variables as `set(prolog_style_variables)` has them, or
    (`prolog_style` false) Prover9's default, names starting with u-z."""
    return render(f, PROVER9 if prolog_style else PROVER9_DEFAULT)


_UNI_BIN = {Implies: "→", Iff: "↔", Xor: "⊕"}


def to_unicode(f: Formula) -> str:
    """The FOL text notation of Logic-LM style programs (`∀x (A(x) → ¬B(x))`)."""
    return render(f, UNICODE)


# ------------------------------------------------------------ one renderer, many notations

@dataclass(frozen=True)
class Notation:
    """How a syntax spells each connective; `render` does the rest. `quant(q, vars, body)`
    gets `q` True for ∀, the variables as text and the body already wrapped."""

    term: Callable
    pred: Callable
    top: str
    bottom: str
    neg: str                         # the prefix of a negation
    and_: str
    or_: str
    binary: dict                     # Implies/Iff/Xor -> operator; Xor absent: -(a <-> b)
    quant: Callable
    eq: str = "{} = {}"
    neq: str = "{} != {}"
    args: str = ","
    bare: tuple = (Atom, Top, Bottom, Not)     # written without brackets when nested
    body_bare: tuple = (Atom, Top, Bottom, Not, Forall, Exists)


def render(f: Formula, n: Notation) -> str:
    def wrap(g: Formula, bare=n.bare) -> str:
        s = text(g)
        return s if isinstance(g, bare) else f"({s})"

    def text(g: Formula) -> str:
        if isinstance(g, Atom):
            name = n.pred(g.pred)
            return f"{name}({n.args.join(n.term(a) for a in g.args)})" if g.args else name
        if isinstance(g, Eq):
            return n.eq.format(n.term(g.left), n.term(g.right))
        if isinstance(g, Top):
            return n.top
        if isinstance(g, Bottom):
            return n.bottom
        if isinstance(g, Not):
            if isinstance(g.arg, Eq):
                return n.neq.format(n.term(g.arg.left), n.term(g.arg.right))
            return n.neg + wrap(g.arg)
        if isinstance(g, And):
            return n.and_.join(wrap(a) for a in g.args)
        if isinstance(g, Or):
            return n.or_.join(wrap(a) for a in g.args)
        if isinstance(g, (Implies, Iff, Xor)):
            op = n.binary.get(type(g))
            if op is None:      # no exclusive or: the negated equivalence
                return f"{n.neg}({wrap(g.left)} {n.binary[Iff]} {wrap(g.right)})"
            return f"{wrap(g.left)} {op} {wrap(g.right)}"
        if isinstance(g, (Forall, Exists)):
            return n.quant(isinstance(g, Forall), [n.term(v) for v in g.vars],
                           wrap(g.body, n.body_bare))
        raise TypeError(f"not a formula: {g!r}")
    return text(f)


TPTP = Notation(tptp_term, lambda p: _tptp_name(p, False), "$true", "$false", "~ ", " & ", " | ",
                _TPTP_BIN, lambda q, vs, b: f"{'!' if q else '?'} [{','.join(vs)}] : {b}",
                bare=(Atom, Top, Bottom, Not, Forall, Exists))
PROVER9 = Notation(prover9_term, lambda p: _p9_name(p, False), "$T", "$F", "-", " & ", " | ",
                   _P9_BIN, lambda q, vs, b: " ".join(f"{'all' if q else 'exists'} {v}" for v in vs)
                   + f" {b}", body_bare=())
PROVER9_DEFAULT = replace(PROVER9, term=lambda t: prover9_term(t, False))
UNICODE = Notation(term_text, lambda p: p, "⊤", "⊥", "¬", " ∧ ", " ∨ ", _UNI_BIN,
                   lambda q, vs, b: "".join(f"{'∀' if q else '∃'}{v} " for v in vs) + b,
                   neq="¬({} = {})", args=", ", body_bare=(Atom, Top, Bottom, Not))


def _prolog_atom(name: str) -> str:
    if name[:1].islower() and name.replace("_", "a").isalnum() and name.isascii():
        return name
    return "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _prolog_term(t: Term, varnames: dict[Var, str]) -> str:
    if isinstance(t, Var):
        if t not in varnames:
            base = t.name[:1].upper() + t.name[1:] if t.name[:1].isalpha() else "V"
            if not base.replace("_", "a").isalnum() or not base[:1].isupper():
                base = "V"
            name, i = base, 1
            while name in varnames.values():
                i += 1
                name = f"{base}{i}"
            varnames[t] = name
        return varnames[t]
    if isinstance(t, Func):
        return f"{_prolog_atom(t.name)}({', '.join(_prolog_term(a, varnames) for a in t.args)})"
    return _prolog_atom(t.name)


def _prolog_goal(f: Formula, varnames: dict[Var, str]) -> str:
    if isinstance(f, Atom):
        if not f.args:
            return _prolog_atom(f.pred)
        args = ", ".join(_prolog_term(a, varnames) for a in f.args)
        return f"{_prolog_atom(f.pred)}({args})"
    if isinstance(f, Eq):
        return f"{_prolog_term(f.left, varnames)} = {_prolog_term(f.right, varnames)}"
    if isinstance(f, Top):
        return "true"
    if isinstance(f, Bottom):
        return "fail"
    if isinstance(f, Not):
        inner = _prolog_goal(f.arg, varnames)
        return f"\\+ {inner}" if isinstance(f.arg, Atom) else f"\\+ ({inner})"
    if isinstance(f, And):
        return ", ".join(_prolog_wrap(a, varnames, And) for a in f.args)
    if isinstance(f, Or):
        return "; ".join(_prolog_wrap(a, varnames, Or) for a in f.args)
    raise ValueError(f"no Prolog goal for {to_tptp(f)}")


def _prolog_wrap(f: Formula, varnames, parent) -> str:
    s = _prolog_goal(f, varnames)
    if isinstance(f, Or) and parent is And:
        return f"({s})"
    return s


class NotAClause(ValueError):
    """The formula has no Prolog clause form (a disjunctive head, an existential...)."""


def to_prolog(f: Formula) -> str:
    """A formula of the clause shapes as one Prolog clause, ending in a full stop.

    `![X]: (b => h)` becomes `h :- b.`; a negated head `~h` is written `\\+h`, as
    LLM prompts ask for; the loadable form used by the closed-world engine is
    produced separately (see `sedac.closed_world`).
    """
    parts = implication_parts(f)
    vs, body, head = parts
    varnames: dict[Var, str] = {}
    if isinstance(head, Not) and isinstance(head.arg, Atom):
        head_s = "\\+" + _prolog_goal(head.arg, varnames)
    elif isinstance(head, Atom):
        head_s = _prolog_goal(head, varnames)
    else:
        raise NotAClause(f"no Prolog clause for {to_tptp(f)}")
    try:
        body_s = None if isinstance(body, Top) else _prolog_goal(body, varnames)
    except ValueError as e:
        raise NotAClause(str(e)) from None
    if body_s is None:
        return f"{head_s}."
    return f"{head_s} :- {body_s}."


def describe(f: Formula) -> str:
    """A short readable form for messages: the Unicode notation."""
    return to_unicode(f)
