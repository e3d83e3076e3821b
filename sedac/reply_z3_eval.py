"""What a z3py script's own Python builds, worked out without running it (`sedac.reply_z3`).

Models write the vocabulary of a script with Python rather than one declaration a name:

    P = {n: Function(n, U, BoolSort()) for n in names}
    Dog, Cat = preds('Dog', 'Cat')           # def preds(*ns): return [Function(n, ...) ...]
    dog, cat = map(lambda n: Function(n, U, BoolSort()), "dog cat".split())
    def every(a, b): return ForAll(x, Implies(P[a](x), P[b](x)))
    s.add(every('dog', 'animal'))

`Values` evaluates such a script's top-level assignments and function definitions over a
small, pure subset of Python (literals, names, subscripts, comprehensions, f-strings,
`split`, `map`, `zip`, `range`, calls of its own functions and lambdas that return a value)
and z3's constructors, into symbolic values: a declared function or constant, and formulas
as FOL text (`∀x (dog(x) → animal(x))`). Nothing is executed: a statement outside the
subset leaves the names it assigns unknown. Its names tell `reply_z3` which Python names are
predicates and constants (so an expression in them is spelled in place, and a fix written in
them), and `formula` gives the FOL text of an asserted expression spelled otherwise
(`every('dog', 'animal')`, `P['dog'](rex)`).
"""
from __future__ import annotations

import ast

_MAX_STEPS = 20000        # work done evaluating one script (a loop over a long range stops)


class _No(Exception):
    """The expression is outside the subset (or its value is not known)."""


class Sym:
    """A z3 value: `kind` is 'pred' (a Bool-valued function, `arity`), 'func', 'const',
    'bool' (a Boolean constant), 'sort', or 'formula' (`text` in FOL notation)."""

    __slots__ = ("kind", "name", "arity", "text")

    def __init__(self, kind: str, name: str = "", arity: int = 0, text: str = ""):
        self.kind, self.name, self.arity, self.text = kind, name, arity, text

    def fol(self) -> str:
        if self.kind == "formula":
            return self.text
        if self.kind in ("bool", "const"):
            return self.name
        raise _No()


class _Fn:
    def __init__(self, args: ast.arguments, body, env: dict, lam: bool):
        self.args, self.body, self.env, self.lam = args, body, env, lam


_CONNECTIVES = {"And": " ∧ ", "Or": " ∨ ", "Xor": " ⊕ ", "Implies": " → "}


class Values:
    def __init__(self, tree: ast.Module, aliases: set[str]):
        self.aliases = aliases
        self.env: dict = {}
        self.steps = 0
        for st in tree.body:
            try:
                self.statement(st, self.env)
            except (_No, RecursionError, TypeError, ValueError, KeyError, IndexError,
                    AttributeError, ZeroDivisionError):
                for t in _assigned(st):
                    self.env.pop(t, None)

    # ------------------------------------------------------------------ the script's names

    def names(self, kind: str) -> dict:
        """The Python names bound to a z3 value of `kind`: name -> the value."""
        return {n: v for n, v in self.env.items() if isinstance(v, Sym) and v.kind == kind}

    def formula(self, node) -> str | None:
        """The FOL text of the expression `node` in the script's final names, or None."""
        try:
            v = self.value(node, self.env)
            if isinstance(v, Sym) and v.kind in ("formula", "bool"):
                return v.fol()
        except (_No, RecursionError, TypeError, ValueError, KeyError, IndexError,
                AttributeError, ZeroDivisionError):
            pass
        return None

    # ------------------------------------------------------------------ statements

    def statement(self, st, env: dict):
        self.steps += 1
        if self.steps > _MAX_STEPS:
            raise _No()
        if isinstance(st, ast.Assign):
            v = self.value(st.value, env)
            for t in st.targets:
                self.bind(t, v, env)
        elif isinstance(st, ast.AnnAssign) and st.value is not None:
            self.bind(st.target, self.value(st.value, env), env)
        elif isinstance(st, ast.FunctionDef):
            env[st.name] = _Fn(st.args, st.body, env, False)
        elif isinstance(st, ast.Return):
            raise _Return(self.value(st.value, env) if st.value is not None else None)
        elif isinstance(st, ast.If) and env is not self.env:
            branch = st.body if self.value(st.test, env) else st.orelse
            for s in branch:
                self.statement(s, env)
        elif isinstance(st, (ast.Expr, ast.Pass, ast.Import, ast.ImportFrom)) and env is self.env:
            return                  # (a call for its effect: the solver's, read by `reply_z3`)
        elif isinstance(st, (ast.Pass,)):
            return
        else:
            raise _No()

    def bind(self, target, v, env: dict):
        if isinstance(target, ast.Name):
            env[target.id] = v
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = list(v)
            if len(items) != len(target.elts):
                raise _No()
            for t, x in zip(target.elts, items):
                self.bind(t, x, env)
        else:
            raise _No()

    # ------------------------------------------------------------------ expressions

    def values(self, nodes, env: dict) -> list:
        """The values of a list of expressions, a starred one (`*xs`) spread in place."""
        out: list = []
        for e in nodes:
            if isinstance(e, ast.Starred):
                out.extend(self.value(e.value, env))
            else:
                out.append(self.value(e, env))
        return out

    def value(self, node, env: dict):
        self.steps += 1
        if self.steps > _MAX_STEPS:
            raise _No()
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            if node.id in self.env:
                return self.env[node.id]
            if node.id in ("True", "False", "None"):
                return {"True": True, "False": False, "None": None}[node.id]
            raise _No()
        if isinstance(node, (ast.List, ast.Tuple)):
            out = self.values(node.elts, env)
            return out if isinstance(node, ast.List) else tuple(out)
        if isinstance(node, ast.Dict):
            return {self.value(k, env): self.value(v, env) for k, v in zip(node.keys, node.values)
                    if k is not None}
        if isinstance(node, ast.JoinedStr):
            parts = []
            for p in node.values:
                if isinstance(p, ast.Constant):
                    parts.append(str(p.value))
                elif isinstance(p, ast.FormattedValue) and p.format_spec is None:
                    x = self.value(p.value, env)
                    if not isinstance(x, (str, int)):
                        raise _No()
                    parts.append(str(x))
                else:
                    raise _No()
            return "".join(parts)
        if isinstance(node, ast.Subscript):
            base = self.value(node.value, env)
            key = self.value(node.slice, env)
            if isinstance(base, (list, tuple, str)) and isinstance(key, list):
                raise _No()
            return base[tuple(key) if isinstance(key, list) else key]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            a, b = self.value(node.left, env), self.value(node.right, env)
            if isinstance(a, Sym) or isinstance(b, Sym) or \
                    hasattr(a, "__len__") and hasattr(b, "__len__") and len(a) + len(b) > 100000:
                raise _No()
            return a + b
        if isinstance(node, ast.BoolOp) or isinstance(node, ast.UnaryOp) and \
                isinstance(node.op, ast.Not):
            if isinstance(node, ast.UnaryOp):
                x = self.value(node.operand, env)
                if isinstance(x, Sym):
                    raise _No()
                return not x
            vals = [self.value(v, env) for v in node.values]
            if any(isinstance(x, Sym) for x in vals):
                raise _No()
            return all(vals) if isinstance(node.op, ast.And) else any(vals)
        if isinstance(node, ast.IfExp):
            test = self.value(node.test, env)
            if isinstance(test, Sym):
                raise _No()
            return self.value(node.body if test else node.orelse, env)
        if isinstance(node, (ast.ListComp, ast.DictComp, ast.GeneratorExp)):
            return self.comprehension(node, env)
        if isinstance(node, ast.Lambda):
            return _Fn(node.args, node.body, env, True)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and \
                isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            a, b = self.value(node.left, env), self.value(node.comparators[0], env)
            if isinstance(a, Sym) and isinstance(b, Sym) and a.kind == b.kind == "const":
                return Sym("formula", text=f"{a.name} {'=' if isinstance(node.ops[0], ast.Eq) else '≠'} {b.name}")
            if isinstance(a, Sym) or isinstance(b, Sym):
                raise _No()
            return a == b if isinstance(node.ops[0], ast.Eq) else a != b
        if isinstance(node, ast.Call):
            return self.call(node, env)
        raise _No()

    def comprehension(self, node, env: dict):
        out: list = []
        self._generate(node, 0, dict(env), out)
        return dict(out) if isinstance(node, ast.DictComp) else out

    def _generate(self, node, k: int, local: dict, out: list) -> None:
        """The values of `node`'s generators from the k-th on, appended to `out`."""
        if k == len(node.generators):
            if isinstance(node, ast.DictComp):
                out.append((self.value(node.key, local), self.value(node.value, local)))
            else:
                out.append(self.value(node.elt, local))
            return
        g = node.generators[k]
        for item in list(self.value(g.iter, local)):
            self.bind(g.target, item, local)
            if all(not isinstance(c := self.value(test, local), Sym) and c for test in g.ifs):
                self._generate(node, k + 1, local, out)

    def z3name(self, func) -> str:
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                func.value.id in self.aliases:
            return func.attr
        return ""

    def call(self, node: ast.Call, env: dict):
        f = node.func
        # a method of a Python value: `"a b".split()`, `n.capitalize()`, `d.items()`
        if isinstance(f, ast.Attribute) and not (isinstance(f.value, ast.Name) and
                                                 f.value.id in self.aliases):
            obj = self.value(f.value, env)
            args = [self.value(a, env) for a in node.args]
            if isinstance(obj, str) and f.attr in ("split", "strip", "lower", "upper",
                                                    "capitalize", "title", "replace"):
                return getattr(obj, f.attr)(*args)
            if isinstance(obj, dict) and f.attr in ("items", "keys", "values", "get"):
                r = getattr(obj, f.attr)(*args)
                return r if f.attr == "get" else list(r)
            raise _No()
        name = self.z3name(f)
        if name and name not in env and name not in self.env:
            return self.z3(name, node, env)
        fn = self.value(f, env)
        args = self.values(node.args, env)
        kwargs = {k.arg: self.value(k.value, env) for k in node.keywords if k.arg}
        if isinstance(fn, _Fn):
            return self.apply(fn, args, kwargs)
        if isinstance(fn, Sym) and fn.kind == "pred":
            if len(args) != fn.arity or not all(isinstance(a, Sym) and a.kind == "const"
                                                for a in args):
                raise _No()
            return Sym("formula", text=f"{fn.name}({', '.join(a.name for a in args)})")
        raise _No()

    def apply(self, fn: _Fn, args: list, kwargs: dict):
        local = dict(fn.env) if fn.env is not self.env else {}
        params = fn.args.args
        defaults = fn.args.defaults
        for i, p in enumerate(params):
            if i < len(args):
                local[p.arg] = args[i]
            elif p.arg in kwargs:
                local[p.arg] = kwargs[p.arg]
            elif i >= len(params) - len(defaults):
                local[p.arg] = self.value(defaults[i - (len(params) - len(defaults))], self.env)
            else:
                raise _No()
        if fn.args.vararg is not None:
            local[fn.args.vararg.arg] = tuple(args[len(params):])
        elif len(args) > len(params):
            raise _No()
        if fn.lam:
            return self.value(fn.body, local)
        try:
            for st in fn.body:
                if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
                    continue       # a docstring
                self.statement(st, local)
        except _Return as r:
            return r.value
        raise _No()               # (a function called for its effect)

    def z3(self, name: str, node: ast.Call, env: dict):
        args = self.values(node.args, env)
        if name in ("map", "zip", "range", "list", "tuple", "len", "sorted", "enumerate", "dict"):
            if name == "map":
                fn, *its = args
                if isinstance(fn, _Fn):
                    return [self.apply(fn, list(xs), {}) for xs in zip(*its)]
                raise _No()
            if any(isinstance(a, Sym) for a in args) or \
                    name == "range" and any(not isinstance(a, int) or abs(a) > 10000 for a in args):
                raise _No()
            r = {"zip": zip, "range": range, "list": list, "tuple": tuple, "len": len,
                 "sorted": sorted, "enumerate": enumerate, "dict": dict}[name](*args)
            return list(r) if name in ("zip", "range", "enumerate") else r
        if name in ("DeclareSort", "BoolSort", "IntSort"):
            return Sym("sort", str(args[0]) if args else name)
        if name == "Function":
            if len(args) < 2 or not all(isinstance(a, Sym) and a.kind == "sort" for a in args[1:]):
                raise _No()
            boolean = args[-1].name == "BoolSort"
            return Sym("pred" if boolean else "func", str(args[0]), len(args) - 2)
        if name in ("Const", "Bool"):
            if not args or not isinstance(args[0], str):
                raise _No()
            return Sym("const" if name == "Const" else "bool", args[0])
        if name in ("Consts", "Bools"):
            if not args or not isinstance(args[0], str):
                raise _No()
            return [Sym("const" if name == "Consts" else "bool", n) for n in args[0].split()]
        if name == "Not" and len(args) == 1:
            return Sym("formula", text=f"¬({_fol(args[0])})")
        if name in _CONNECTIVES and args and (name not in ("Implies", "Xor") or len(args) == 2):
            if len(args) == 1 and isinstance(args[0], (list, tuple)):
                args = list(args[0])
            return Sym("formula", text="(" + _CONNECTIVES[name].join(_fol(a) for a in args) + ")")
        if name in ("ForAll", "Exists") and len(args) == 2:
            bound, body = args
            vs = bound if isinstance(bound, (list, tuple)) else [bound]
            if not vs or not all(isinstance(v, Sym) and v.kind == "const" for v in vs):
                raise _No()
            q = "∀" if name == "ForAll" else "∃"
            return Sym("formula", text=" ".join(q + v.name for v in vs) + f" ({_fol(body)})")
        raise _No()


class _Return(Exception):
    def __init__(self, value):
        self.value = value


def _fol(v) -> str:
    if not isinstance(v, Sym):
        raise _No()
    return v.fol()


def _assigned(st) -> list[str]:
    out = []
    for node in ast.walk(st) if isinstance(st, (ast.Assign, ast.AnnAssign, ast.FunctionDef)) else ():
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.append(node.id)
    if isinstance(st, ast.FunctionDef):
        out.append(st.name)
    return out
