"""Grounding for the ground prover: NNF formulas to clauses of integer literals over one
finite universe (`GroundClauses`), with a Tseitin variable for a disjunction of big
conjunctions, and a formula `∃ȳ ∀x̄ body` instantiated from its clause templates without
walking the formula again for each tuple of elements."""
from __future__ import annotations

from itertools import product

from ..fol import And, Atom, Bottom, Const, Exists, Forall, Formula, Not, Or, Top, Var, negate, nnf


TSEITIN_AT = 8           # a disjunct of more clauses than this gets its own variable


class Unsupported(Exception):
    """The formula lies outside the ground fragment (the caller's `NotGroundable`)."""


def instances(universe, variables, env: dict):
    """The environments of a universal's body: `env` with `variables` bound to every tuple
    of the universe (both grounders, this one and Z3's, expand `∀` so)."""
    for values in product(universe, repeat=len(variables)):
        inner = dict(env)
        inner.update(zip(variables, values))
        yield inner


def witnesses(variables, env: dict, skolems: list | None, error=None) -> dict:
    """The environment of an outer existential's body: each variable bound to the next
    reserved element (consumed from `skolems`); `error` (default `Unsupported`) when the
    existential is not outer or the elements run out."""
    error = error or Unsupported
    if skolems is None:
        raise error("existential under a universal or a disjunction")
    inner = dict(env)
    for v in variables:
        if not skolems:
            raise error("more existentials than reserved elements")
        inner[v] = skolems.pop(0)
    return inner


class Form:
    """A prepared formula (a question's negated goal, or an axiom) as `templates` reads it:
    its clause templates (`key`: width and templates, what `GroundClauses` instantiates;
    formulas with the same templates share their clauses), the Skolem names they use, and
    its NNF formula, built on first use (the form Z3's grounder takes)."""

    __slots__ = ("source", "negated", "skolems", "key", "_nnf")

    def __init__(self, source: Formula, negated: bool, skolems: tuple, key: tuple):
        self.source, self.negated, self.skolems, self.key = source, negated, skolems, key
        self._nnf = None

    def nnf(self) -> Formula:
        g = self._nnf
        if g is None:
            g = self._nnf = nnf(negate(self.source)) if self.negated else nnf(self.source)
        return g


class GroundClauses:
    """The atoms and clauses of formulas grounded over one finite universe (cached per
    formula)."""

    def __init__(self, universe: tuple[str, ...]):
        self.universe = universe
        self.atoms: dict[tuple, int] = {}
        self.count = 0
        self._clauses: dict[tuple, list] = {}     # (formula, skolem names) -> its clauses

    def _var(self) -> int:
        self.count += 1
        return self.count

    def atom(self, pred: str, args: tuple) -> int:
        key = (pred, args)
        v = self.atoms.get(key)
        if v is None:
            v = self.atoms[key] = self._var()
        return v

    def _cnf(self, f: Formula, env: dict, skolems: list | None) -> list[tuple]:
        if isinstance(f, Atom):
            return [(self.atom(f.pred, tuple(env[a] if isinstance(a, Var) else a.name
                                             for a in f.args)),)]
        if isinstance(f, Not):
            a = f.arg
            if not isinstance(a, Atom):
                raise Unsupported("negation of a compound formula (not NNF)")
            return [(-self.atom(a.pred, tuple(env[t] if isinstance(t, Var) else t.name
                                              for t in a.args)),)]
        if isinstance(f, Top):
            return []
        if isinstance(f, Bottom):
            return [()]
        if isinstance(f, And):
            out = []
            for a in f.args:
                out += self._cnf(a, env, skolems)
            return out
        if isinstance(f, Or):
            acc: list[tuple] = [()]
            for a in f.args:
                part = self._cnf(a, env, None)
                if not part:
                    return []                      # a true disjunct: the disjunction is true
                if len(part) > 1 and len(acc) * len(part) > TSEITIN_AT:
                    t = self._var()                # t -> part
                    self._extra.extend((-t,) + c for c in part)
                    part = [(t,)]
                acc = [x + y for x in acc for y in part]
            return acc
        if isinstance(f, Forall):
            out = []
            for inner in instances(self.universe, f.vars, env):
                out += self._cnf(f.body, inner, None)
            return out
        if isinstance(f, Exists):
            return self._cnf(f.body, witnesses(f.vars, env, skolems), skolems)
        raise Unsupported(f"unexpected node {type(f).__name__}")

    _extra: list = None    # the Tseitin definitions of the formula being grounded

    def _instantiate(self, width: int, templates: list) -> list[tuple]:
        """The clauses of a universal formula's `_template` over this universe: each
        clause template once per tuple of elements (`instances`' order)."""
        atoms = self.atoms
        out = []
        combos = product(self.universe, repeat=width) if width else ((),)
        for values in combos:
            for ct, plain in templates:
                lits = []
                for sign, pred, spec in ct:
                    # (without a variable, every argument is an element's name already)
                    args = tuple([values[a] if a.__class__ is int else a for a in spec]) \
                        if width else spec
                    k = (pred, args)
                    v = atoms.get(k)
                    if v is None:
                        self.count += 1
                        v = atoms[k] = self.count
                    lits.append(v if sign else -v)
                c = tuple(lits)
                if plain and width < 2:
                    out.append(c)        # no two literals can meet (one variable, distinct)
                else:
                    c = _clean(c)
                    if c is not None:
                        out.append(c)
        return out

    def formula_clauses(self, f: Formula, skolems: tuple[str, ...] = ()) -> list[tuple]:
        """The clauses of the NNF formula `f` (its outer existentials named by `skolems`),
        with the Tseitin definitions they need; cached. Raises Unsupported outside the
        fragment."""
        if f.__class__ is Form:
            if skolems == f.skolems:     # (its templates, shared by formulas that have them)
                hit = self._clauses.get(f.key)
                if hit is None:
                    hit = self._clauses[f.key] = self._instantiate(*f.key)
                return hit
            f = f.nnf()
        key = (f, skolems)
        hit = self._clauses.get(key)
        if hit is not None:
            return hit
        tmpl = _template(f, skolems)
        if tmpl is not None:
            out = self._clauses[key] = self._instantiate(*tmpl)
            return out
        self._extra = []
        try:
            out = []
            for c in self._cnf(f, {}, list(skolems)) + self._extra:
                c = _clean(c)
                if c is not None:
                    out.append(c)
        finally:
            self._extra = None
        self._clauses[key] = out
        return out


TEMPLATE_CLAUSES = 32     # a universal's body of more clauses than this is grounded by `_cnf`


def _template(f: Formula, skolems: tuple = ()):
    """(width, [(clause template, plain)]) of an NNF formula `∃ȳ ∀x̄ body` whose body is
    quantifier-free (either prefix may be empty): its clauses with x̄ as positions into a
    tuple of elements and ȳ as the reserved elements `skolems` (in order, as `witnesses`
    binds them); a literal is (positive, pred, args), an argument a position or an
    element's name. Instantiated over a universe without walking the formula again.
    `plain`: no two literals of one predicate (so that no instance repeats one or has its
    complement). None for anything else (`_cnf` grounds it)."""
    pos: dict = {}
    left = list(skolems)
    while isinstance(f, Exists):
        for v in f.vars:
            if not left or v in pos:
                return None
            pos[v] = left.pop(0)
        f = f.body
    vs: tuple = ()
    while isinstance(f, Forall):
        vs += f.vars
        f = f.body
    if len(set(vs)) != len(vs) or any(v in pos for v in vs):
        return None
    pos.update((v, i) for i, v in enumerate(vs))
    clauses = _body_cnf(f, pos)
    if clauses is None:
        return None
    out = []
    for c in clauses:
        preds = [p for _, p, _ in c]
        out.append((c, len(set(preds)) == len(preds)))
    return len(vs), out


def _literal(a, sign: bool, pos: dict):
    spec = []
    for t in a.args:
        if isinstance(t, Var):
            i = pos.get(t)
            if i is None:
                return None
            spec.append(i)
        elif isinstance(t, Const):
            spec.append(t.name)
        else:
            return None
    return (sign, a.pred, tuple(spec))


def _body_cnf(f: Formula, pos: dict):
    """The clauses (tuples of template literals) of a quantifier-free NNF formula; None
    outside that fragment or past TEMPLATE_CLAUSES."""
    if isinstance(f, Atom):
        lit = _literal(f, True, pos)
        return None if lit is None else [(lit,)]
    if isinstance(f, Not):
        if not isinstance(f.arg, Atom):
            return None
        lit = _literal(f.arg, False, pos)
        return None if lit is None else [(lit,)]
    if isinstance(f, Top):
        return []
    if isinstance(f, Bottom):
        return [()]
    if isinstance(f, (And, Or)):
        return join_cnf((_body_cnf(a, pos) for a in f.args), isinstance(f, And))
    return None


def join_cnf(parts, conjunctive: bool) -> list | None:
    """The clauses of the conjunction (or, not `conjunctive`, the disjunction) of `parts`,
    each the clause list of one operand or None where it has none; read in order and only as
    far as needed (a part without clauses ends a disjunction, true), and None past
    TEMPLATE_CLAUSES clauses."""
    if conjunctive:
        out: list = []
        for part in parts:
            if part is None:
                return None
            out += part
        return out if len(out) <= TEMPLATE_CLAUSES else None
    acc: list[tuple] = [()]
    for part in parts:
        if part is None:
            return None
        if not part:
            return []
        acc = [x + y for x in acc for y in part]
        if len(acc) > TEMPLATE_CLAUSES:
            return None
    return acc


def _clean(c: tuple) -> tuple | None:
    """A clause without repeated literals; None for a tautology."""
    s = set(c)
    if any(-l in s for l in s):
        return None
    return c if len(s) == len(c) else tuple(sorted(s, key=c.index))

