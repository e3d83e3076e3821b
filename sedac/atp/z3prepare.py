"""What a Z3 session knows of a question before it asks it: the constants and widths of its
formulas, whether grounding it would be too big, the universe it needs, each formula prepared
for grounding (its clause templates, or its NNF), and whether the goal is one of the axioms up
to its bound variables' names (then no search is needed).

A mixin of `Z3Session` (`sedac.atp.z3prover`): it reads the session's caches (`_facts`,
`_shapes`, `_extends`, `_prepared_cache`, `_canon`, `_stated`, `_alpha_keys`, ...), which the
session makes.
"""
from __future__ import annotations

from collections import Counter

from ..fol import Formula, negate, nnf
from .alpha import alpha_key, canonical
from .fragment import _binders, _count_outer_exists, _has_eq, _survey
from .templates import prepared_form
from .z3terms import SKOLEM_PREFIX, NotGroundable

# The most ground instances one question may have before sedac stops grounding it whole:
# past it, grounding costs more than slicing (benchmarks/scaling.py). Bigger problems of
# individuals and unary predicates are sliced by individual, which is exact; others go to
# E (or, without E, Z3's quantifier instantiation) under the time limit.
GROUND_LIMIT = 20_000


class QuestionShapes:
    """The preparation half of a Z3 session (see the module's docstring)."""

    def _about(self, f: Formula) -> tuple[frozenset[str], int, int, bool]:
        """(f's constant names, the variables one ground instance binds, its outer
        existentials, whether it has an equality), computed once per formula of the problem."""
        hit = self._facts.get(f)
        if hit is None:
            names: set[str] = set()
            eq, width = _survey(f, names)
            hit = self._facts[f] = (frozenset(names), width, _count_outer_exists(f), eq)
        return hit

    def _too_big(self, axioms: list[Formula], goal: Formula, limit: int | None = None,
                 key=None) -> bool:
        """Whether grounding this question would pass `limit` (sized, not built; by default
        GROUND_LIMIT, read when asked). `key`: the axioms' key, when the caller has it."""
        if limit is None:
            limit = GROUND_LIMIT
        if key is None:
            key = self.key(axioms)
        shape = self._shapes.get(key)
        if shape is None:
            ext = self._extends.get(key)
            prev = self._shapes.pop(ext[0], None) if ext is not None else None
            facts, of = self._facts.get, self._about
            about = [(facts(a) or of(a))[:3]
                     for a in (axioms[ext[1]:] if prev is not None else axioms)]
            names = frozenset().union(*(n for n, _, _ in about))
            widths = Counter(w for _, w, _ in about)
            if prev is not None:       # the list grew: the shorter one's shape and the rest's
                names, widths = prev[0] | names, prev[1] + widths
            shape = self._shapes[key] = (names, widths, {})
        names, widths, sizes = shape
        gnames, gwidth, gexists, _ = self._facts.get(goal) or self._about(goal)
        universe = len(names) + (len(gnames - names) if gnames else 0) + 1 + gexists
        size = sizes.get(universe)      # (the axioms' instances over a universe of that size)
        if size is None:
            size = sizes[universe] = sum(n * universe ** w for w, n in widths.items())
        return size + universe ** gwidth > limit

    def _universe_for(self, formulas: list[Formula], skolems: int) -> tuple[str, ...]:
        names: set[str] = set(self._universe or ())
        for f in formulas:
            names.update(self._about(f)[0])
        names.update(f"{SKOLEM_PREFIX}{i}" for i in range(1, max(skolems, 1) + 1))
        return tuple(sorted(names))

    def declare(self, formulas) -> None:
        """Grow the universe once for every constant the problem will mention (and one
        unnamed individual; more when a goal needs them)."""
        formulas = list(formulas)
        universe = self._universe_for(formulas, 1)
        # (`ground_size`, from the widths `_universe_for` has just surveyed)
        if not self._whole and sum(len(universe) ** self._about(f)[1]
                                   for f in formulas) > GROUND_LIMIT:
            return   # such problems are sliced or handed on, question by question
        if universe != self._universe:
            self._reset(universe)

    def _prepared(self, f: Formula, goal: bool) -> tuple[Formula, int, frozenset[str]]:
        """(NNF of f, or of its negation for a goal; outer existentials), cached;
        raises NotGroundable for formulas outside the grounded fragment."""
        key = (f, goal)
        hit = self._prepared_cache.get(key)
        if hit is None:
            about = self._about(f)
            form = None if about[3] else prepared_form(f, goal)
            if form is not None:
                # the templates read from f itself (no canonical form, no NNF built)
                hit = self._prepared_cache[key] = (form, len(form.skolems), about[0])
                return hit
            c = self._canonical(f)
            if c is not f:
                if c not in self._facts and f in self._facts:
                    self._facts[c] = self._facts[f]     # (what an alpha-variant mentions)
                # an alpha-variant is prepared as its canonical form (the same ground clauses
                # and Z3 terms: grounding binds variables to elements, whatever their names)
                try:
                    hit = self._prepared(c, goal)
                except NotGroundable as e:
                    hit = NotGroundable(*e.args)     # (kept without e's traceback)
                self._prepared_cache[key] = hit
                if isinstance(hit, NotGroundable):
                    raise NotGroundable(*hit.args)
                return hit
            about = self._about(f)
            g = nnf(negate(f)) if goal else nnf(f)
            if about[3] and _has_eq(g):      # (an equality of f's that NNF keeps)
                hit = NotGroundable("equality")
            else:
                n = _count_outer_exists(g)
                if (not goal and n) or n > 4:
                    hit = NotGroundable("existential")
                else:
                    hit = (g, n, about[0])
            self._prepared_cache[key] = hit
        if isinstance(hit, NotGroundable):
            # a new error each time: the one kept never gets a traceback (which would hold
            # the frames of every question that raised it, and the session through them)
            raise NotGroundable(*hit.args)
        return hit

    def _canonical(self, f: Formula) -> Formula:
        c = self._canon.get(f)
        if c is None:
            c = self._canon[f] = canonical(f)
        return c

    def _states(self, key, goal: Formula) -> bool:
        """Whether `goal` is one of the axioms of `key`, up to its bound variables' names
        (then `axioms |= goal` holds, whatever else the axioms say)."""
        stated = self._stated.get(key)
        if stated is None:
            ext = self._extends.get(key)
            prev = self._stated.get(ext[0]) if ext is not None else None
            if prev is not None:       # the list grew: the shorter one's and the new axioms'
                stated = prev.union(self._alpha(a) for a in key.items[ext[1]:])
            else:
                stated = frozenset(self._alpha(a) for a in key.items)
            self._stated[key] = stated
        return (self._alpha_keys.get(goal) or self._alpha(goal)) in stated

    def _alpha(self, f: Formula):
        """f's key up to its bound variables' names (`alpha_key`), computed once per formula."""
        k = self._alpha_keys.get(f)
        if k is None:
            k = self._alpha_keys[f] = alpha_key(f)
        return k

    def _stated_early(self, axioms: list[Formula], goal: Formula, key=None) -> bool:
        """The stated-goal answer below, before the goal is prepared, where its preparation
        would change nothing: the axioms' individuals are in the universe, and so are the
        goal's, its negation needs no more Skolem elements than the universe has and no
        equality is in it (so no reset, no `NotGroundable`)."""
        if key is None:
            key = self.key(axioms)
        if self._covered.get(key) is not True:
            return False
        names, _, _, eq = self._facts.get(goal) or self._about(goal)
        if eq or not names <= self._universe_set:
            return False
        n = self._binder_counts.get(goal)
        if n is None:
            n = self._binder_counts[goal] = _binders(goal)
        if n > min(self._skolems, 4) or not self._states(key, goal):
            return False
        self._grow_base(axioms, key)
        return True
