"""Z3, in process.

sedac's formulas are function-free. When the axioms are universal and the goal's
negation has only outer existentials (the Bernays-Schönfinkel class, where every
PrOntoQA question lies), satisfiability equals that of the Herbrand expansion over
the constants plus one fresh element per Skolem constant, so the problem is
grounded and Z3 answers a propositional question: exact, and much faster than
quantifier instantiation. Anything else goes to Z3's quantified solver.

A session keeps one solver per problem: every axiom is asserted once behind a
selector literal, each question is a `check` under assumptions, and the unsat core
of the selectors is the set of axioms the proof needs.

Within the grounded fragment a session first decides each question with
`sedac.atp.ground` (unit propagation and DPLL on the same grounding, no Z3 terms built):
that answer is final for a question asked without evidence, and for a refuted one (Z3
then builds the countermodel only if it is read); a proved question asked with evidence
goes on to Z3 for its unsat core. Verdicts are Z3's statuses either way.

Modules: `z3terms` (Z3 terms, context, models), `fragment` (sizes, slicing), `standin` (the
ground procedure in Z3's place), `ground` (with `ground_clauses` and `dpll`).
"""
from __future__ import annotations

from typing import Sequence

from ..fol import Formula
from .base import (COUNTER_SATISFIABLE, CONTRADICTORY_AXIOMS, DEFAULT_TIME_LIMIT, ERROR, GAVE_UP,
                   THEOREM, TIMEOUT, Prover, Session, Stopwatch, Verdict)
from .fragment import (_PLACEHOLDER, _Slicer, _count_outer_exists, _has_eq,  # noqa: F401
                       _quantified_vars, _renamed, _scan, _slice_of, _survey, ground_size, _binders)
from .equality import satisfiable_with_equality
from .ground import GroundSolver
from .smt import SmtTranslator
from .ground_clauses import Form
from .z3prepare import GROUND_LIMIT, QuestionShapes  # noqa: F401
from .standin import _UNSET, GroundStandIn, _LateCore  # noqa: F401
from .z3terms import (_SKOLEM_NAMES, SKOLEM_PREFIX, NotGroundable, _Grounder,  # noqa: F401
                      _LazyZ3, _context, _countermodel)

z3 = _LazyZ3(globals())

# Up to this many ground instances, a question too big for Z3 and outside the sliced
# fragment is the ground procedure's alone (`Z3Session._entails_big`), before E.
BIG_GROUND_LIMIT = 400_000
# From this many axioms on, a proved question's unsat core is the ground procedure's
# (`GroundSolver.core`, a minimal core as Z3's is); smaller problems ask Z3.
CORE_AT = 100


class Z3Prover(Prover):
    name = "z3"

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        return Z3Session(self)._entails(list(axioms), goal, time_limit)

    def session(self) -> "Z3Session":
        return Z3Session(self)


class Z3Session(QuestionShapes, GroundStandIn, Session):
    """One problem's incremental solver; discarded with the problem."""

    def __init__(self, prover: Z3Prover, whole: bool = False):
        """`whole`: ground every question whole (a slice of a sliced problem is small)."""
        super().__init__(prover)
        self._whole = whole
        self._universe: tuple[str, ...] = ()
        self._prepared_cache: dict = {}
        self._canon: dict[Formula, Formula] = {}     # formula -> its alpha-canonical form
        self._alpha_keys: dict = {}                  # formula -> `alpha_key`
        self._stated: dict = {}                      # axioms key -> their canonical forms
        self._binder_counts: dict[Formula, int] = {}
        self._slices = _Slicer(self)
        self._shapes: dict[tuple, tuple] = {}
        self._facts: dict[Formula, tuple] = {}
        # The ground procedure answers the questions that need no evidence (those of a
        # slice's session are Z3's, as they are small).
        self._fast = self._fast_kind = not whole
        self._z3_only = False      # (while Z3's own countermodel is made)
        self._model_read = False   # (while a countermodel is read)
        self._reset(())

    def _reset(self, universe: tuple[str, ...]):
        self._universe = universe
        self._universe_set = frozenset(universe)
        self._skolems = sum(1 for e in universe if e.startswith(SKOLEM_PREFIX))
        self._covered: dict = {}
        self._z3_state = None     # (grounder, solver): built when Z3 is first asked
        self._selectors: dict[Formula, z3.BoolRef] = {}
        self._goal_selectors: dict[Formula, z3.BoolRef] = {}
        self._axiom_sets: dict[tuple, list] = {}
        self._timeout = None
        self._ground: GroundSolver | None = None
        # every question this universe's solver would have been asked had the ground
        # procedure answered none of them, in order, as (axioms key, goal, time limit);
        # the solver has been asked the first `_done` (`_replay`)
        self._history: list[tuple] = []
        self._done = 0
        self._epoch = getattr(self, "_epoch", 0) + 1

    def close(self) -> None:
        for s in self._slices._sessions.values():     # (each slice's session is a cycle too)
            s.close()
        self._slices.__dict__.clear()
        super().close()

    # Z3 itself (the module, its context, this universe's solver) is made when a question
    # first needs it: the ground procedure answers most questions, and a check whose every
    # question it answers never loads libz3 (about a tenth of a second at start).
    @property
    def ctx(self) -> z3.Context:
        return _context()

    def _z3(self) -> tuple:
        state = self._z3_state
        if state is None:
            solver = z3.Solver(ctx=self.ctx)
            solver.set("core.minimize", True)
            solver.set("phase_selection", 0)  # prefer false: small, readable countermodels
            state = self._z3_state = (_Grounder(self.ctx, self._universe), solver)
        return state

    @property
    def _grounder(self) -> _Grounder:
        return self._z3()[0]

    @property
    def _solver(self) -> z3.Solver:
        return self._z3()[1]

    def _selector(self, table: dict, f: Formula, prefix: str, goal: bool) -> z3.BoolRef:
        sel = table.get(f)
        if sel is None:
            g, skolems, _ = self._prepared(f, goal)
            if g.__class__ is Form:
                g = g.nnf()
            sel = z3.Bool(f"{prefix}{len(table)}", self.ctx)
            names = [f"{SKOLEM_PREFIX}{i}" for i in range(1, skolems + 1)]
            ref = self.ctx.ref()
            body = self._grounder.raw(g, {}, names)
            try:
                imp = z3.Z3_mk_implies(ref, sel.ast, body)
                z3.Z3_inc_ref(ref, imp)
            finally:
                z3.Z3_dec_ref(ref, body)
            try:
                z3.Z3_solver_assert(ref, self._solver.solver, imp)
            finally:
                z3.Z3_dec_ref(ref, imp)
            table[f] = sel
        return sel

    def _core_ids(self) -> set[int]:
        vec = z3.AstVector(z3.Z3_solver_get_unsat_core(self.ctx.ref(), self._solver.solver), self.ctx)
        ref = self.ctx.ref()
        return {z3.Z3_get_ast_id(ref, vec.vector and z3.Z3_ast_vector_get(ref, vec.vector, i))
                for i in range(len(vec))}

    def _entails(self, axioms: list[Formula], goal: Formula, time_limit: float,
                 evidence: bool = True) -> Verdict:
        watch = Stopwatch()
        key = self.key(axioms)     # (once: each step below reads it)
        if not self._whole and self._too_big(axioms, goal, None, key):
            # Too big to ground whole: slice it by individual when the fragment allows
            # (exact), else hand it to a method that does not ground.
            sliced = self._slices.entails(axioms, goal, time_limit, evidence)
            if sliced is not None:
                return sliced
            if not self._too_big(axioms, goal, BIG_GROUND_LIMIT, key):
                decided = self._entails_big(axioms, goal, evidence, watch)
                if decided is not None:
                    return decided
            return self._entails_unbounded(axioms, goal, time_limit, watch)
        try:
            if not evidence and (self._fast or len(axioms) >= CORE_AT and not self._z3_only) \
                    and self._stated_early(axioms, goal, key):
                return Verdict(THEOREM, "z3", watch.seconds)
            skolems = self._ground_universe(axioms, goal, key)
            if not evidence and (self._fast or len(axioms) >= CORE_AT and not self._z3_only) \
                    and self._states(key, goal):
                # the ground procedure's answer below, without its search: a goal among the
                # axioms is a theorem (asked without evidence, nothing else is read of it)
                self._grow_base(axioms, key)
                return Verdict(THEOREM, "z3", watch.seconds)
            if self._model_read and self._fast_kind:
                # a countermodel read of a question the ground procedure refuted: the
                # least model when propagation alone finds one (Z3's, which prefers false,
                # on a Horn problem); Z3 is asked, as it was, when it is needed
                model = self._least_model(axioms, goal, key, skolems)
                if model is not None:
                    self._history.append((key, goal, time_limit))
                    return Verdict(COUNTER_SATISFIABLE, "z3", watch.seconds,
                                   model_fn=lambda: model)
            if self._fast or len(axioms) >= CORE_AT and not self._z3_only:
                # The ground decision procedure answers, exactly (in a slice's session too
                # when the slice is big: thousands of rules, each question Z3's, cost the
                # size of the slice; this one touches only what the question reaches). A question without
                # evidence ends there; a refuted one gets its countermodel when it is read
                # (most never are); a proved one needs an unsat core: the ground
                # procedure's when the problem has only one minimal core, else Z3's.
                decided = self._decide_ground(axioms, goal, key, skolems, watch)
                if decided is not None and (not evidence or decided.refuted):
                    if not evidence:
                        return decided
                    asked = list(axioms)
                    return Verdict(COUNTER_SATISFIABLE, "z3", decided.seconds,
                                   model_fn=lambda: self._z3_model(asked, goal, time_limit))
                if decided is not None and not self._ground.consistent(
                        key, lambda: [self._prepared(a, False)[0] for a in axioms]):
                    # axioms unsatisfiable alone: ContradictoryAxioms, whatever the goal, with
                    # a minimal core of the axioms by deletion in their order (Z3 said Theorem
                    # or ContradictoryAxioms as its core, chosen by its history, held the goal)
                    used = self._ground.axioms_core(
                        key, axioms, lambda: [self._prepared(a, False)[0] for a in axioms])
                    if used is not None:
                        if self._fast_kind:
                            self._history.append((key, goal, time_limit))
                        return Verdict(CONTRADICTORY_AXIOMS, "z3", watch.seconds, used=used)
                if decided is not None and len(axioms) >= CORE_AT:
                    # a big problem's proof: its core from the ground clauses connected to
                    # the goal (Z3's core costs the size of the whole problem, quadratic over
                    # a chain of steps asked one by one)
                    used = self._ground.core(
                        key, axioms, lambda: [self._prepared(a, False)[0] for a in axioms],
                        self._ground.formula_clauses(self._prepared(goal, True)[0],
                                                     _SKOLEM_NAMES[:skolems]))
                    if used is not None:
                        return Verdict(THEOREM, "z3", watch.seconds, used=used)
                elif decided is not None and self._fast and self._ground.consistent(
                        key, lambda: [self._prepared(a, False)[0] for a in axioms]):
                    # a small problem's proof from consistent axioms: a Theorem whose core
                    # is found when it is read (most never are): the ground procedure's
                    # when the problem has one minimal core (an exact minimisation such as
                    # Z3's has no other to find), else Z3's, asked as it would have been
                    self._history.append((key, goal, time_limit))
                    return _LateCore(THEOREM, "z3", watch.seconds, self._late_core(
                        key, goal, skolems, len(self._history) - 1))
            if not self._fast_kind:
                return self._ask_z3(axioms, goal, key, time_limit, evidence, watch)
            self._replay()
            v = self._ask_z3(axioms, goal, key, time_limit, evidence, watch)
            self._history.append((key, goal, time_limit))
            self._done = len(self._history)
            return v
        except NotGroundable:
            decided = self._entails_equal(axioms, goal, evidence, watch)
            if decided is not None:
                return decided
            return self._entails_quantified(axioms, goal, time_limit, watch)

    def _entails_equal(self, axioms, goal, evidence, watch) -> Verdict | None:
        """A question with an equality, in the fragment `sedac.atp.equality` grounds: its
        answer is the quantified solver's, which gives a refutation no countermodel; a proof
        asked with evidence is that solver's (its core). None when it is not decided so."""
        about = [self._about(f) for f in axioms] + [self._about(goal)]
        if not any(eq for _, _, _, eq in about):
            return None
        names = frozenset().union(*(n for n, _, _, _ in about))
        sat = satisfiable_with_equality(axioms, goal, names)
        if sat is None or (not sat and evidence):   # (a proof's core is Z3's)
            return None
        return Verdict(COUNTER_SATISFIABLE if sat else THEOREM, "z3", watch.seconds)

    def _z3_at(self, history: list, at: int, epoch: int, universe) -> Verdict:
        """Z3's answer, with evidence, to `history[at]` from a solver asked `history[:at]`
        before it: this session's own solver when it has not gone past it, else a new one
        of that universe asked them again."""
        key, goal, time_limit = history[at]
        if epoch == self._epoch and self._done <= at:
            while self._done < at:
                k, g, t = history[self._done]
                self._ask_z3(k.items, g, k, t, True, Stopwatch())
                self._done += 1
            v = self._ask_z3(key.items, goal, key, time_limit, True, Stopwatch())
            self._done += 1
            return v
        shadow = type(self)(self.prover)
        shadow._prepared_cache = self._prepared_cache
        shadow._reset(universe)
        for k, g, t in history[:at]:
            shadow._ask_z3(k.items, g, k, t, True, Stopwatch())
        return shadow._ask_z3(key.items, goal, key, time_limit, True, Stopwatch())

    def _replay(self) -> None:
        """Ask Z3 the questions the ground procedure answered in its place since this
        universe's solver was made, in their order: Z3's answer to a question (a core among
        several, a countermodel) depends on what its solver was asked before, and is the
        same as if every earlier question had been Z3's."""
        history = self._history
        while self._done < len(history):
            key, goal, time_limit = history[self._done]
            self._ask_z3(key.items, goal, key, time_limit, True, Stopwatch())
            self._done += 1

    def _ask_z3(self, axioms, goal, key, time_limit, evidence, watch) -> Verdict:
        """The question asked of this universe's solver, under assumptions."""
        found = self._axiom_sets.get(key)
        if found is None:
            sels = [self._selector(self._selectors, a, "ax", False) for a in axioms]
            arr = (z3.Ast * (len(sels) + 1))()      # the assumptions, goal slot last
            for i, a in enumerate(sels):
                arr[i] = a.as_ast()
            index: dict[int, list[int]] = {}
            for i, sel in enumerate(sels):
                index.setdefault(sel.get_id(), []).append(i)
            found = self._axiom_sets[key] = (sels, arr, index)
        sels, arr, sel_index = found
        gsel = self._selector(self._goal_selectors, goal, "goal", True)
        timeout = max(1, int(time_limit * 1000))
        if timeout != self._timeout:
            self._solver.set("timeout", timeout)
            self._timeout = timeout
        arr[len(sels)] = gsel.as_ast()
        result = z3.CheckSatResult(z3.Z3_solver_check_assumptions(
            self.ctx.ref(), self._solver.solver, len(sels) + 1, arr))
        if result == z3.unsat:
            if not evidence:
                return Verdict(THEOREM, "z3", watch.seconds)
            ids = self._core_ids()
            used = tuple(sorted(j for i in ids for j in sel_index.get(i, ())))
            # Without the negated goal in the core, the axioms alone are contradictory.
            status = THEOREM if gsel.get_id() in ids else CONTRADICTORY_AXIOMS
            return Verdict(status, "z3", watch.seconds, used=used)
        if result == z3.sat:
            if not evidence:
                return Verdict(COUNTER_SATISFIABLE, "z3", watch.seconds)
            m = self._solver.model()
            atoms = self._grounder.names
            universe = self._universe
            return Verdict(COUNTER_SATISFIABLE, "z3", watch.seconds,
                           model_fn=lambda: _countermodel(m, atoms, universe))
        reason = self._solver.reason_unknown()
        status = TIMEOUT if "timeout" in reason or "canceled" in reason else GAVE_UP
        return Verdict(status, "z3", watch.seconds, detail=reason)

    def _ground_universe(self, axioms: list[Formula], goal: Formula, key) -> int:
        """The goal's outer existentials, the universe grown (reset) when the question's
        individuals or Skolem elements are not all in it (`key`: the axioms'); raises
        NotGroundable outside the grounded fragment."""
        _, skolems, names = self._prepared(goal, True)
        covered = self._covered.get(key)
        if covered is None:   # do the axioms' individuals lie in the universe? (per key)
            ext = self._extends.get(key)
            prev = self._covered.get(ext[0]) if ext is not None else None
            ax_names = frozenset().union(*(self._prepared(a, False)[2] for a in
                                           (axioms[ext[1]:] if prev is not None else axioms)))
            covered = self._covered[key] = (prev is not False) and ax_names <= self._universe_set
        missing = not covered or not names <= self._universe_set
        if missing or skolems > self._skolems or not self._universe:
            # (a universe is never empty: a session asked before any `declare` about
            # formulas without individuals grounds them over one unnamed element)
            self._reset(self._universe_for(axioms + [goal], skolems))
            self._covered[key] = True
        return skolems

    def _z3_model(self, axioms: list[Formula], goal: Formula, time_limit: float):
        """The countermodel of a question the ground procedure refuted (asked when read)."""
        fast, self._fast, self._z3_only, self._model_read = self._fast, False, True, True
        try:
            return self._entails(axioms, goal, time_limit, True).model
        finally:
            self._fast, self._z3_only, self._model_read = fast, False, False

    def _entails_unbounded(self, axioms, goal, time_limit, watch) -> Verdict:
        """A problem above the grounding bound: the E prover when it is installed (saturation
        needs no grounding), else Z3's quantifier instantiation; both under the time limit."""
        from .tptp_subprocess import EProver
        if EProver.available():
            return EProver().entails(axioms, goal, time_limit)
        return self._entails_quantified(axioms, goal, time_limit, watch)

    def _entails_quantified(self, axioms, goal, time_limit, watch) -> Verdict:
        ctx = self.ctx
        smt = SmtTranslator(z3, ctx)
        s = z3.Solver(ctx=ctx)
        s.set("timeout", max(1, int(time_limit * 1000)))
        sels = []
        try:
            for i, a in enumerate(axioms):
                sel = z3.Bool(f"qax{i}", ctx)
                s.add(z3.Implies(sel, smt.formula(a), ctx))
                sels.append(sel)
            s.add(z3.Not(smt.formula(goal), ctx))
            result = s.check(*sels)
        except z3.Z3Exception as e:
            return Verdict(ERROR, "z3", watch.seconds, detail=str(e))
        if result == z3.unsat:
            core = set(map(str, s.unsat_core()))
            used = tuple(i for i, sel in enumerate(sels) if str(sel) in core)
            return Verdict(THEOREM, "z3", watch.seconds, used=used)
        if result == z3.sat:
            return Verdict(COUNTER_SATISFIABLE, "z3", watch.seconds)
        reason = s.reason_unknown()
        status = TIMEOUT if "timeout" in reason or "canceled" in reason else GAVE_UP
        return Verdict(status, "z3", watch.seconds, detail=reason)
