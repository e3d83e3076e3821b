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
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..fol import (And, Atom, Bottom, Const, Eq, Exists, Forall, Formula, Iff, Implies, Not, Or,
                   Top, Var, Xor, constants, map_atoms, negate, nnf, predicates, subformulas)
from .ground import GroundSolver, Unsupported, instances, witnesses
from .smt import SmtTranslator
from .base import (COUNTER_SATISFIABLE, ERROR, GAVE_UP, THEOREM, TIMEOUT, Countermodel,
                   DEFAULT_TIME_LIMIT, Prover, Session, Stopwatch, Verdict,
                   CONTRADICTORY_AXIOMS)


class _LazyZ3:
    """The `z3` module, imported on first use: loading libz3 costs tens of milliseconds at
    start, and a `check` without a text, or `--version`, asks no question of it."""

    def __getattr__(self, name: str):
        import z3 as module
        globals()["z3"] = module      # from now on the name is the module itself
        return getattr(module, name)


z3 = _LazyZ3()

SKOLEM_PREFIX = "$sk"
_SKOLEM_NAMES = tuple(f"{SKOLEM_PREFIX}{i}" for i in range(1, 5))   # (at most 4: `_prepared`)


class NotGroundable(Exception):
    pass


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


def _has_eq(f: Formula) -> bool:
    return any(isinstance(g, Eq) for g in subformulas(f))


class _Grounder:
    """NNF formulas to propositional Z3 terms over a fixed finite universe.

    Built through Z3's C API on raw terms, each holding one reference while its parent is
    made (the Python wrappers cost more than the solving on these small problems); Z3
    shares equal terms, so the terms are those the wrappers would build."""

    def __init__(self, ctx: z3.Context, universe: tuple[str, ...]):
        self.ctx = ctx
        self.universe = universe
        self.atoms: dict[tuple[str, tuple[str, ...]], z3.BoolRef] = {}
        self.names: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._sort = z3.BoolSort(ctx)

    def atom(self, pred: str, args: tuple[str, ...]) -> z3.BoolRef:
        key = (pred, args)
        b = self.atoms.get(key)
        if b is None:
            name = f"{pred}({','.join(args)})"
            ref = self.ctx.ref()
            b = z3.BoolRef(z3.Z3_mk_const(ref, z3.Z3_mk_string_symbol(ref, name),
                                          self._sort.ast), self.ctx)
            self.atoms[key] = b
            self.names[name] = key
        return b

    def ground(self, f: Formula, env: dict[Var, str], skolems: list[str] | None):
        """`skolems` lists names for outer existentials; None once under a universal."""
        p = self.raw(f, env, skolems)
        try:
            return z3.BoolRef(p, self.ctx)
        finally:
            z3.Z3_dec_ref(self.ctx.ref(), p)

    def raw(self, f: Formula, env: dict[Var, str], skolems: list[str] | None):
        """The term of `f` as a raw Z3 AST; the caller owns one reference to it."""
        ref = self.ctx.ref()
        if isinstance(f, Atom):
            p = self.atom(f.pred, tuple(env[a] if isinstance(a, Var) else a.name
                                        for a in f.args)).ast
        elif isinstance(f, Top):
            p = z3.Z3_mk_true(ref)
        elif isinstance(f, Bottom):
            p = z3.Z3_mk_false(ref)
        elif isinstance(f, Not):
            c = self.raw(f.arg, env, None)
            p = z3.Z3_mk_not(ref, c)
            z3.Z3_inc_ref(ref, p)
            z3.Z3_dec_ref(ref, c)
            return p
        elif isinstance(f, And):
            return self._nary(z3.Z3_mk_and, True, [self.raw(a, env, skolems) for a in f.args])
        elif isinstance(f, Or):
            return self._nary(z3.Z3_mk_or, False, [self.raw(a, env, None) for a in f.args])
        elif isinstance(f, Forall):
            out = [self.raw(f.body, inner, None) for inner in instances(self.universe, f.vars, env)]
            return self._nary(z3.Z3_mk_and, True, out)
        elif isinstance(f, Exists):
            return self.raw(f.body, witnesses(f.vars, env, skolems, NotGroundable), skolems)
        else:
            raise NotGroundable(f"unexpected node {type(f).__name__}")
        z3.Z3_inc_ref(ref, p)
        return p

    def _nary(self, fn, empty: bool, parts: list):
        """An n-ary node of raw parts (their references passed on to it); `empty`: the
        value of a node without parts (as `BoolVal`)."""
        ref = self.ctx.ref()
        if not parts:
            p = z3.Z3_mk_true(ref) if empty else z3.Z3_mk_false(ref)
        else:
            arr = (z3.Ast * len(parts))(*parts)
            p = fn(ref, len(parts), arr)
        z3.Z3_inc_ref(ref, p)
        for c in parts:
            z3.Z3_dec_ref(ref, c)
        return p


def _count_outer_exists(f: Formula) -> int:
    if isinstance(f, Exists):
        return len(f.vars) + _count_outer_exists(f.body)
    if isinstance(f, And):
        return sum(_count_outer_exists(a) for a in f.args)
    return 0




_CONTEXT: list = []


def _context() -> z3.Context:
    """One Z3 context per process (creating one costs milliseconds); solvers are per problem."""
    if not _CONTEXT:
        _CONTEXT.append(z3.Context())
    return _CONTEXT[0]


def _countermodel(m: z3.ModelRef, atoms: dict[str, tuple], universe: tuple[str, ...]) -> Countermodel:
    """The model's extension of every ground atom (computed only when asked for), read
    through Z3's C API (the Python wrappers cost more than the model on these problems)."""
    by_name = atoms
    ext: dict[str, set] = {}
    ctx = m.ctx.ref()
    model = m.model
    for i in range(z3.Z3_model_get_num_consts(ctx, model)):
        # atoms the model leaves unassigned are false
        d = z3.Z3_model_get_const_decl(ctx, model, i)
        key = by_name.get(z3.Z3_get_symbol_string(ctx, z3.Z3_get_decl_name(ctx, d)))
        if key is None:
            continue
        value = z3.Z3_model_get_const_interp(ctx, model, d)
        if value is not None and z3.Z3_get_bool_value(ctx, value) == z3.Z3_L_TRUE:
            ext.setdefault(key[0], set()).add(key[1])
    domain = tuple(sorted(universe, key=lambda e: (e.startswith(SKOLEM_PREFIX), e)))
    return Countermodel(domain, {p: frozenset(v) for p, v in ext.items()})


# The most ground instances one question may have before sedac stops grounding it whole:
# past it, grounding costs more than slicing (benchmarks/scaling.py). Bigger problems of
# individuals and unary predicates are sliced by individual, which is exact; others go to
# E (or, without E, Z3's quantifier instantiation) under the time limit.
GROUND_LIMIT = 20_000
# Up to this many ground instances, a question too big for Z3 and outside the sliced
# fragment is the ground procedure's alone (`Z3Session._entails_big`), before E.
BIG_GROUND_LIMIT = 400_000
# From this many axioms on, a proved question's unsat core is the ground procedure's
# (`GroundSolver.core`, a minimal core as Z3's is); smaller problems ask Z3.
CORE_AT = 100


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
            for table in (s._axiom_sets, s._covered, s._interned, s._recent):
                table.clear()
        if s is None:
            if len(self._sessions) > 64:
                self._sessions.clear()
            s = self._sessions[key] = Z3Session(self.owner.prover, whole=True)
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


class Z3Prover(Prover):
    name = "z3"

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        return Z3Session(self)._entails(list(axioms), goal, time_limit)

    def session(self) -> "Z3Session":
        return Z3Session(self)


class Z3Session(Session):
    """One problem's incremental solver; discarded with the problem."""

    def __init__(self, prover: Z3Prover, whole: bool = False):
        """`whole`: ground every question whole (a slice of a sliced problem is small)."""
        super().__init__(prover)
        self._whole = whole
        self._universe: tuple[str, ...] = ()
        self._prepared_cache: dict = {}
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

    def _about(self, f: Formula) -> tuple[frozenset[str], int, int, bool]:
        """(f's constant names, the variables one ground instance binds, its outer
        existentials, whether it has an equality), computed once per formula of the problem."""
        hit = self._facts.get(f)
        if hit is None:
            names: set[str] = set()
            eq = _scan(f, names)
            hit = self._facts[f] = (frozenset(names), _quantified_vars(f),
                                    _count_outer_exists(f), eq)
        return hit

    def _too_big(self, axioms: list[Formula], goal: Formula, limit: int = GROUND_LIMIT) -> bool:
        """Whether grounding this question would pass `limit` (sized, not built)."""
        key = self.key(axioms)
        shape = self._shapes.get(key)
        if shape is None:
            ext = self._extends.get(key)
            prev = self._shapes.pop(ext[0], None) if ext is not None else None
            about = [self._about(a)[:3] for a in (axioms[ext[1]:] if prev is not None else axioms)]
            names = frozenset().union(*(n for n, _, _ in about))
            widths = Counter(w for _, w, _ in about)
            if prev is not None:       # the list grew: the shorter one's shape and the rest's
                names, widths = prev[0] | names, prev[1] + widths
            shape = self._shapes[key] = (names, widths)
        names, widths = shape
        gnames, gwidth, gexists, _ = self._about(goal)
        extra = sum(1 for c in gnames if c not in names)
        universe = len(names) + extra + 1 + gexists
        size = sum(n * universe ** w for w, n in widths.items()) + universe ** gwidth
        return size > limit

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
        if not self._whole and ground_size(formulas, len(universe)) > GROUND_LIMIT:
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
            raise hit
        return hit

    def _selector(self, table: dict, f: Formula, prefix: str, goal: bool) -> z3.BoolRef:
        sel = table.get(f)
        if sel is None:
            g, skolems, _ = self._prepared(f, goal)
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
        if not self._whole and self._too_big(axioms, goal):
            # Too big to ground whole: slice it by individual when the fragment allows
            # (exact), else hand it to a method that does not ground.
            sliced = self._slices.entails(axioms, goal, time_limit, evidence)
            if sliced is not None:
                return sliced
            if not self._too_big(axioms, goal, BIG_GROUND_LIMIT):
                decided = self._entails_big(axioms, goal, evidence, watch)
                if decided is not None:
                    return decided
            return self._entails_unbounded(axioms, goal, time_limit, watch)
        try:
            key, skolems = self._ground_universe(axioms, goal)
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
            return self._entails_quantified(axioms, goal, time_limit, watch)

    def _late_core(self, key, goal, skolems, at: int):
        """The function that finds the core of the proof `self._history[at]` when asked."""
        ground, history, epoch, universe = self._ground, self._history, self._epoch, self._universe

        def core() -> tuple | None:
            axioms = list(key.items)

            def prepared():
                return [self._prepared(a, False)[0] for a in axioms]
            if key not in ground._bases:      # (given up for a longer list since)
                ground.base(key, prepared())
            used = ground.unique_core(key, axioms, prepared, ground.formula_clauses(
                self._prepared(goal, True)[0], _SKOLEM_NAMES[:skolems]))
            if used is not None:
                return used
            return self._z3_at(history, at, epoch, universe).used
        return core

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
        shadow = Z3Session(self.prover)
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

    def _ground_universe(self, axioms: list[Formula], goal: Formula) -> tuple:
        """(the axioms' key, the goal's outer existentials), the universe grown (reset) when
        the question's individuals or Skolem elements are not all in it; raises
        NotGroundable outside the grounded fragment."""
        _, skolems, names = self._prepared(goal, True)
        key = self.key(axioms)
        covered = self._covered.get(key)
        if covered is None:   # do the axioms' individuals lie in the universe? (per key)
            ext = self._extends.get(key)
            prev = self._covered.get(ext[0]) if ext is not None else None
            ax_names = frozenset().union(*(self._prepared(a, False)[2] for a in
                                           (axioms[ext[1]:] if prev is not None else axioms)))
            covered = self._covered[key] = (prev is not False) and ax_names <= self._universe_set
        missing = not covered or any(n not in self._universe_set for n in names)
        if missing or skolems > self._skolems:
            self._reset(self._universe_for(axioms + [goal], skolems))
            self._covered[key] = True
        return key, skolems

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
            key, skolems = self._ground_universe(axioms, goal)
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

    def _z3_model(self, axioms: list[Formula], goal: Formula, time_limit: float):
        """The countermodel of a question the ground procedure refuted (asked when read)."""
        fast, self._fast, self._z3_only, self._model_read = self._fast, False, True, True
        try:
            return self._entails(axioms, goal, time_limit, True).model
        finally:
            self._fast, self._z3_only, self._model_read = fast, False, False

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
