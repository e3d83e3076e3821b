"""The ground procedure (`sedac.atp.ground`) answering a Z3 session's questions in Z3's
place: a decision without Z3 terms, the least model of a Horn question as its countermodel,
the big questions Z3's grounding would not take, and a proof's core found when it is read.
The answers are Z3's: the session replays to Z3 what Z3 would have been asked whenever
Z3's own evidence is needed (`Z3Session._replay`, `_z3_at`)."""
from __future__ import annotations

from .base import COUNTER_SATISFIABLE, THEOREM, Countermodel, Verdict
from .ground import GroundSolver, Unsupported
from .z3terms import _SKOLEM_NAMES, SKOLEM_PREFIX, NotGroundable


class _LateCore(Verdict):
    """A proof whose unsat core (`used`) is computed on first read."""

    def __init__(self, status: str, prover: str, seconds: float, find):
        for name, value in (("status", status), ("prover", prover), ("seconds", seconds),
                            ("model_fn", None), ("detail", ""), ("_find", find)):
            object.__setattr__(self, name, value)

    @property
    def used(self) -> tuple | None:
        hit = self.__dict__.get("_used", _UNSET)
        if hit is _UNSET:
            hit = self._find()
            object.__setattr__(self, "_used", hit)
        return hit


_UNSET = object()


class GroundStandIn:
    """`Z3Session`'s methods that ask the ground procedure (a mixin: the state is the
    session's)."""

    def _late_core(self, key, goal, skolems, at: int):
        """The function that finds the core of the proof `self._history[at]` when asked."""
        ground, history, epoch, universe = self._ground, self._history, self._epoch, self._universe

        def core() -> tuple | None:
            axioms = list(key.items)

            def prepared():
                return [self._prepared(a, False)[0] for a in axioms]
            if key not in ground._bases:      # (given up for a longer list since)
                ground.base(key, prepared())
            # a minimal core by deletion in the axioms' order: the same whatever was asked
            # before (Z3's, asked only past the ground procedure's budget, is its history's)
            used = ground.core(key, axioms, prepared, ground.formula_clauses(
                self._prepared(goal, True)[0], _SKOLEM_NAMES[:skolems]))
            if used is not None:
                return used
            return self._z3_at(history, at, epoch, universe).used
        return core

    def _entails_big(self, axioms, goal, evidence, watch) -> Verdict | None:
        """A question too big for Z3's grounding (GROUND_LIMIT) and outside the sliced
        fragment (binary facts: `likes(a, b)` with rules over them), decided by the ground
        procedure alone when its grounding stays under BIG_GROUND_LIMIT: unit propagation
        is linear in the ground clauses, the axiom list is grounded and propagated once
        for all its questions, and each question touches only what it reaches (E was
        given the whole problem for every question). The answer is exact (the same
        grounding Z3 decides on a smaller problem); a proof's axioms are the ground
        procedure's minimal core; a refutation carries no countermodel (as E's did not).
        None when it gives the question back (outside the fragment, past its budget)."""
        try:
            key = self.key(axioms)
            skolems = self._ground_universe(axioms, goal, key)
            decided = self._decide_ground(axioms, goal, key, skolems, watch)
            if decided is None or not evidence or decided.refuted:
                return decided
            used = self._ground.core(
                key, axioms, lambda: [self._prepared(a, False)[0] for a in axioms],
                self._ground.formula_clauses(self._prepared(goal, True)[0],
                                             _SKOLEM_NAMES[:skolems]))
        except NotGroundable:
            return None
        if used is None:
            return None
        return Verdict(THEOREM, "z3", watch.seconds, used=used)

    def _least_model(self, axioms, goal, key, skolems) -> Countermodel | None:
        """The least model of the question's ground clauses when unit propagation reaches
        one with no choice left (every clause not yet true keeps a literal that is false
        by default); None otherwise, and outside the fragment."""
        g = self._ground
        if g is None:
            g = self._ground = GroundSolver(self._universe)
        try:
            if key not in g._bases:
                g.base(key, [self._prepared(a, False)[0] for a in axioms])
            extra = g.formula_clauses(self._prepared(goal, True)[0], _SKOLEM_NAMES[:skolems])
            true = g.least_model(key, axioms, extra)
        except Unsupported:
            return None
        if true is None:
            return None
        ext: dict[str, set] = {}
        for pred, args in true:
            ext.setdefault(pred, set()).add(args)
        domain = tuple(sorted(self._universe, key=lambda e: (e.startswith(SKOLEM_PREFIX), e)))
        return Countermodel(domain, {p: frozenset(v) for p, v in ext.items()})

    def _grow_base(self, axioms, key) -> None:
        """Extend the ground state of the list `key`'s extends to `key` when there is one
        (what `_decide_ground` does first), for a question answered without it: a list grown
        step by step keeps costing its growth, not its length."""
        g = self._ground
        if g is None or key in g._bases:
            return
        ext = self._extends.get(key)
        if ext is not None and ext[0] in g._bases:
            try:
                g.extend(ext[0], key, [self._prepared(a, False)[0] for a in axioms[ext[1]:]])
            except Unsupported:
                pass

    def _decide_ground(self, axioms, goal, key, skolems, watch) -> Verdict | None:
        """`Theorem` or `CounterSatisfiable` from `sedac.atp.ground` on this session's
        grounding (the same universe, the same Skolem elements), without building Z3 terms;
        None when it gives the question back (past its search budget)."""
        g = self._ground
        if g is None:
            g = self._ground = GroundSolver(self._universe)
        try:
            if key not in g._bases:
                ext = self._extends.get(key)
                if ext is not None and ext[0] in g._bases:   # the list grew: extend its base
                    g.extend(ext[0], key, [self._prepared(a, False)[0] for a in axioms[ext[1]:]])
                else:
                    g.base(key, [self._prepared(a, False)[0] for a in axioms])
            extra = g.formula_clauses(self._prepared(goal, True)[0], _SKOLEM_NAMES[:skolems])
            sat = g.satisfiable(key, axioms, extra)
        except Unsupported:
            return None
        if sat is None:
            return None
        return Verdict(COUNTER_SATISFIABLE if sat else THEOREM, "z3", watch.seconds)

