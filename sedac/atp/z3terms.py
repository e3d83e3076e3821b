"""Z3 terms and models over a finite universe: the grounder that builds a question's
propositional terms through Z3's C API, the process's one context, and the reading of a
Z3 model as a `Countermodel`. `z3` itself is imported on first use."""
from __future__ import annotations

from ..fol import And, Atom, Bottom, Exists, Forall, Formula, Not, Or, Top, Var
from .base import Countermodel
from .ground import instances, witnesses


class _LazyZ3:
    """The `z3` module, imported on first use: loading libz3 costs tens of milliseconds at
    start, and a `check` without a text, or `--version`, asks no question of it. Each module
    that uses z3 holds its own, bound to its namespace: the first use there replaces the
    name with the module itself."""

    def __init__(self, namespace: dict | None = None):
        self._namespace = namespace

    def __getattr__(self, name: str):
        import z3 as module
        if self._namespace is not None:
            self._namespace["z3"] = module      # from now on the name is the module itself
        return getattr(module, name)


z3 = _LazyZ3(globals())

SKOLEM_PREFIX = "$sk"
_SKOLEM_NAMES = tuple(f"{SKOLEM_PREFIX}{i}" for i in range(1, 5))   # (at most 4: `_prepared`)


class NotGroundable(Exception):
    pass



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
