"""The grounded fragment: what a formula mentions, how big its grounding would be (sized,
not built), and the slicing of big unary problems by individual (`_Slicer`)."""
from __future__ import annotations

from typing import Sequence

from ..fol import (And, Atom, Bottom, Const, Eq, Exists, Forall, Formula, Iff, Implies, Not, Or,
                   Top, Var, Xor, constants, map_atoms, predicates, subformulas)
from .base import CONTRADICTORY_AXIOMS, Verdict


def _scan(f: Formula, names: set) -> bool:
    """Add the names of `f`'s constants to `names`; whether `f` has an equality (one walk
    over the formula, where `constants` and `subformulas` take several)."""
    if isinstance(f, Atom):
        for t in f.args:
            if isinstance(t, Const):
                names.add(t.name)
            elif not isinstance(t, Var):
                names.update(c.name for c in constants(f))
        return False
    if isinstance(f, Eq):
        names.update(c.name for c in constants(f))
        return True
    if isinstance(f, Not):
        return _scan(f.arg, names)
    if isinstance(f, (And, Or)):
        eq = False
        for a in f.args:
            eq = _scan(a, names) or eq
        return eq
    if isinstance(f, (Implies, Iff, Xor)):
        return _scan(f.right, names) | _scan(f.left, names)
    if isinstance(f, (Forall, Exists)):
        return _scan(f.body, names)
    return False


def _survey(f: Formula, names: set) -> tuple[bool, int]:
    """`_scan` and `_quantified_vars` in one walk: the names of `f`'s constants added to
    `names`; (whether `f` has an equality, the variables one ground instance binds)."""
    cls = f.__class__
    if cls is Atom:
        for t in f.args:
            tc = t.__class__
            if tc is Const:
                names.add(t.name)
            elif tc is not Var:
                names.update(c.name for c in constants(f))
        return False, 0
    if cls is Forall or cls is Exists:
        eq, n = _survey(f.body, names)
        return eq, len(f.vars) + n
    if cls is Not:
        return _survey(f.arg, names)
    if cls is And or cls is Or:
        eq, n = False, 0
        for a in f.args:
            e, m = _survey(a, names)
            eq = eq or e
            if m > n:
                n = m
        return eq, n
    if cls is Implies or cls is Iff or cls is Xor:
        e1, n1 = _survey(f.right, names)
        e2, n2 = _survey(f.left, names)
        return e1 or e2, max(n1, n2)
    if cls is Eq:
        names.update(c.name for c in constants(f))
        return True, 0
    return _scan(f, names), _quantified_vars(f)


def _binders(f: Formula) -> int:
    """The variables `f`'s quantifiers bind, counted as often as NNF writes them (both sides
    of an equivalence twice): at least the outer existentials of `nnf(¬f)`."""
    cls = f.__class__
    if cls is Forall or cls is Exists:
        return len(f.vars) + _binders(f.body)
    if cls is Not:
        return _binders(f.arg)
    if cls is And or cls is Or:
        return sum(_binders(a) for a in f.args)
    if cls is Implies:
        return _binders(f.left) + _binders(f.right)
    if cls is Iff or cls is Xor:
        return 2 * (_binders(f.left) + _binders(f.right))
    return 0


def _has_eq(f: Formula) -> bool:
    return any(isinstance(g, Eq) for g in subformulas(f))


def _count_outer_exists(f: Formula) -> int:
    if isinstance(f, Exists):
        return len(f.vars) + _count_outer_exists(f.body)
    if isinstance(f, And):
        return sum(_count_outer_exists(a) for a in f.args)
    return 0


def _quantified_vars(f: Formula) -> int:
    """How many variables one ground instance of `f` binds (nested quantifiers multiply)."""
    if isinstance(f, (Forall, Exists)):
        return len(f.vars) + _quantified_vars(f.body)
    if isinstance(f, (And, Or)):
        return max((_quantified_vars(a) for a in f.args), default=0)
    if isinstance(f, Not):
        return _quantified_vars(f.arg)
    if isinstance(f, (Implies, Iff, Xor)):
        return max(_quantified_vars(f.left), _quantified_vars(f.right))
    return 0


def ground_size(formulas: Sequence[Formula], universe: int) -> int:
    """The number of ground instances grounding `formulas` over `universe` elements
    would build: computed before anything is built."""
    return sum(universe ** _quantified_vars(f) for f in formulas)


def _slice_of(f: Formula):
    """("rule", None) for a formula of one variable and no individual, ("fact", c) for a
    formula about the one individual c, None for anything else; atoms must be unary."""
    if isinstance(f, (Top, Bottom)):
        return ("rule", None)
    if isinstance(f, Atom) and len(f.args) == 1 and isinstance(f.args[0], Const):
        return ("fact", f.args[0].name)     # most axioms of a big problem: its facts
    if any(n != 1 for _, n in predicates(f)) or _has_eq(f):
        return None
    consts = constants(f)
    if not consts:
        body = f.body if isinstance(f, (Forall, Exists)) and len(f.vars) == 1 else None
        if body is not None and _quantified_vars(body) == 0:
            return ("rule", None)
        return None
    if len(consts) == 1 and _quantified_vars(f) == 0:
        return ("fact", next(iter(consts)).name)
    return None


class _Slicer:
    """Entailment for theories of unary predicates whose formulas each speak of one
    individual or of one variable: the ground theory splits into independent slices, one
    per individual, so `T |= q(c)` holds iff the slice of c with the rules proves it, or
    some other slice is contradictory. Each slice is small; slices alike up to their
    individual share one consistency check."""

    def __init__(self, owner: "Z3Session"):
        self.owner = owner
        self._kinds: dict[Formula, tuple | None] = {}
        self._contradiction: dict = {}
        self._splits: dict = {}
        self._sessions: dict[tuple, "Z3Session"] = {}

    def kind(self, f: Formula):
        if f not in self._kinds:
            self._kinds[f] = _slice_of(f)
        return self._kinds[f]

    def entails(self, axioms: list[Formula], goal: Formula, time_limit: float,
                evidence: bool) -> Verdict | None:
        gk = self.kind(goal)
        if gk is None:
            return None
        key = self.owner.key(axioms)
        split = self._splits.get(key, False)
        if split is False:
            split = self._splits[key] = self._split(axioms)
        if split is None:
            return None
        rules, facts, ruled = split
        c = gk[1]
        mine = rules + facts.get(c, [])
        # A slice is asked with its individual renamed to a placeholder: slices alike up to
        # their individual (most of them, in a big problem) share one small solver. The
        # rules speak of no individual (renamed, they are themselves): one list of them for
        # every question, so that a question about no individual (a rule the text may
        # entail) costs no pass over them (it did: quadratic over a program's rules).
        shaped = ruled if c is None else \
            ruled + [_renamed(axioms[i], c) for i in facts.get(c, [])]
        v = self._session(rules, axioms, ruled)._entails(
            shaped, _renamed(goal, c) if c is not None else goal, time_limit, evidence)
        if v.holds or not v.refuted:
            used = tuple(mine[j] for j in v.used) if v.used is not None else None
            return Verdict(v.status, v.prover, v.seconds, used, v.model_fn, v.detail)
        bad = self._contradictory(axioms, rules, facts, time_limit)
        if bad is not None:
            return Verdict(CONTRADICTORY_AXIOMS, "z3", v.seconds, used=bad)
        return v

    def _split(self, axioms: list[Formula]):
        """(indices of the rules, indices of each individual's facts), or None when some
        axiom does not fit the sliced fragment."""
        rules: list[int] = []
        facts: dict[str, list[int]] = {}
        for i, a in enumerate(axioms):
            k = self.kind(a)
            if k is None:
                return None
            if k[0] == "rule":
                rules.append(i)
            else:
                facts.setdefault(k[1], []).append(i)
        return rules, facts, [axioms[i] for i in rules]

    def _session(self, rules: list[int], axioms: list[Formula], ruled=None) -> "Z3Session":
        """The solver of the slices of these rules. Every slice shares it: the rules are
        grounded once, each slice's facts are added beside them under their own selectors
        and each question assumes only its own slice's (a solver per slice would ground
        the rules once per individual)."""
        key = self.owner.key(ruled if ruled is not None else [axioms[i] for i in rules])
        s = self._sessions.get(key)
        if s is not None and len(s._axiom_sets) > 64:   # memory: keep the grounded rules only
            for table in (s._axiom_sets, s._covered, s._interned, s._recent, s._stated):
                table.clear()
            s._last = ((), -1, None)
        if s is None:
            if len(self._sessions) > 64:
                self._sessions.clear()
            s = self._sessions[key] = type(self.owner)(self.owner.prover, whole=True)
        return s

    def _contradictory(self, axioms, rules, facts, time_limit) -> tuple | None:
        """The axioms of a contradictory slice, or None (cached per axiom set)."""
        key = self.owner.key(axioms)
        if key in self._contradiction:
            return self._contradiction[key]
        found = None
        seen: set = set()
        ruled = [axioms[i] for i in rules]      # (renamed, a rule is itself)
        for c, idx in facts.items():
            shape = frozenset(_renamed(axioms[i], c) for i in idx)
            if shape in seen:
                continue
            seen.add(shape)
            part = rules + idx
            shaped = ruled + [_renamed(axioms[i], c) for i in idx]
            v = self._session(rules, axioms, ruled)._entails(shaped, Bottom(), time_limit, False)
            if v.holds:
                found = tuple(part)
                break
        self._contradiction[key] = found
        return found


def _renamed(f: Formula, c: str) -> Formula:
    """`f` about the individual c, with c replaced by a placeholder (the slice's shape)."""
    return map_atoms(f, lambda a: Atom(a.pred, tuple(_PLACEHOLDER if isinstance(t, Const)
                                                     and t.name == c else t for t in a.args)))


_PLACEHOLDER = Const("the_individual")

