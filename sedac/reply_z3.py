"""A reply written as a Z3 Python script (z3py): its logic is in the solver's assertions.

    from z3 import *
    Obj = DeclareSort('Obj')
    Dog = Function('Dog', Obj, BoolSort())
    rex, x = Const('rex', Obj), Const('x', Obj)
    s = Solver()
    s.add(ForAll([x], Implies(Dog(x), Animal(x))))
    s.add(Dog(rex))
    s.add(Not(Animal(rex)))
    print(s.check())          # unsat: it follows

`mask` reads such a script with Python's `ast`, never running it, and unwraps it the way
`sedac.reply_json` unwraps a JSON document: into text of the same length, line for line,
that the reply layer reads as first-order formulas where the script writes them. The code
around them (imports, declarations, `s = Solver()`, `s.add(`, prints) becomes spaces, and
each asserted expression is spelled in place in FOL notation with the characters it has:
`Implies(A, B)` reads `       (A→ B)`, `And(A, B)` `   (A∧ B)`, `Not(A)` `  ¬(A)`,
`ForAll([x, y], B)` `       ∀x ∀y ( B)`, `a == b` `a  = b`.

What the script asserts (`s.add(...)`, `s.append`, `s.assert_and_track`, directly or through a
name or a list it assigned) are its statements; the claim it checks is its question: what
`prove(...)` proves, the assumptions of `s.check(...)`, what it asserts inside a
`push()`/`pop()` block, or the last assertion before its first `check()` when that is a
negation and the script tests for `unsat` (a negated claim is read back un-negated; a name
such as `goal` defined once and asserted negated in one check and as it is in another is one
question, read where it is defined). Everything else is the script's workings.

A fix is written back into the script as z3py (`write`): only a fix of one asserted
expression whose new formula uses the script's own declared predicates, constants and
variables; any other (a comment-out, a clause added, a name the script never declares) is
withheld, so the fixed file is still a script that runs.
"""
from __future__ import annotations

import ast
import re

HINT = re.compile(r"^[ \t]*(?:from z3 import|import z3\b)|\b(?:DeclareSort|BoolSort)\(|\bSolver\(\)",
                  re.M)
_QUERY_NAMES = re.compile(r"(?i)^(?:goal|conclusion|query|hypothesis|question|conjecture|target|"
                          r"claim|to_?prove|theorem|statement)s?(?:_?\d+)?$")
_CONNECTIVES = {"And": "∧", "Or": "∨", "Xor": "⊕", "Implies": "→"}
_QUANTIFIERS = {"ForAll": "∀", "Exists": "∃"}
_ADDS = frozenset({"add", "append", "assert_and_track", "insert", "assert_exprs"})
_SOLVERS = frozenset({"Solver", "SolverFor", "SimpleSolver", "Optimize"})


class _Untranslatable(Exception):
    pass


class Script:
    """What `mask` read of one script: its declared names and its asserted expressions."""

    def __init__(self):
        self.preds: dict[str, int] = {}        # python name -> arity (Bool-valued functions)
        self.consts: set[str] = set()          # Const / Consts names
        self.bools: set[str] = set()           # Bool / Bools names
        self.funcs: set[str] = set()           # functions to other sorts
        self.bound: list[str] = []             # the names its quantifiers bind, in order
        self.aliases: set[str] = {"z3"}        # the names the z3 module is imported as
        self.prefix = ""                       # how the script calls z3 (`z3.` after `import z3`)
        self.imported: set[str] | None = set()   # the names `from z3 import ...` gave (None: all)
        self.statements: list[tuple[int, int]] = []     # (start, end) of each read expression
        self.queries: list[tuple[int, int]] = []


def _strings(node) -> list[str]:
    return [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


class _Reader:
    def __init__(self, text: str, lo: int, body: str, script: Script):
        self.text, self.script = text, script
        self.starts = [0]
        self.lines = body.split("\n")
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.lo = lo
        self.solvers: set[str] = set()
        self.formulas: dict[str, ast.AST] = {}     # name -> the expression assigned to it
        self.lists: dict[str, list] = {}            # name -> the expressions of a list
        self.adds: list[tuple[ast.AST, int, int]] = []   # (expression, push depth, check count)
        self.asked: list[ast.AST] = []              # prove(...), check(...) assumptions
        self.loops: dict[str, list] = {}            # a loop variable -> what it stands for
        self.depth = 0
        self.checks = 0
        self.unsat = False

    def name(self, node) -> str:
        """The z3 name a call or value is (`And`, `z3.And`, `Z.And` after `import z3 as Z`)."""
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in self.script.aliases:
            return node.attr
        return ""

    def at(self, line: int, col: int) -> int:
        """The offset in the reply of an `ast` position (a column counts UTF-8 bytes)."""
        s = self.lines[line - 1]
        return self.lo + self.starts[line - 1] + len(s.encode()[:col].decode(errors="ignore"))

    def span(self, node) -> tuple[int, int]:
        return self.at(node.lineno, node.col_offset), self.at(node.end_lineno, node.end_col_offset)

    # -------------------------------------------------------------- statements

    def walk(self, stmts) -> None:
        for st in stmts:
            if isinstance(st, ast.Import):
                for a in st.names:
                    if a.name == "z3":
                        self.script.aliases.add(a.asname or "z3")
                        self.script.prefix = self.script.prefix or (a.asname or "z3") + "."
            elif isinstance(st, ast.ImportFrom) and st.module == "z3":
                names = {a.asname or a.name for a in st.names}
                if "*" in names:
                    self.script.prefix, self.script.imported = "", None
                elif self.script.imported is not None:
                    self.script.imported |= names
            if isinstance(st, (ast.Assign, ast.AnnAssign)):
                self.assign(st)
            elif isinstance(st, ast.Expr):
                self.expr(st.value)
            elif isinstance(st, (ast.If, ast.While)):
                self.expr(st.test)
                self.walk(st.body)
                self.walk(st.orelse)
            elif isinstance(st, (ast.With, ast.For, ast.FunctionDef, ast.Try)):
                if isinstance(st, ast.For):
                    self.loop(st.target, st.iter)
                self.walk(st.body)
                if isinstance(st, ast.Try):
                    for h in st.handlers:
                        self.walk(h.body)
                    self.walk(st.finalbody)
            elif isinstance(st, ast.Return) and st.value is not None:
                self.expr(st.value)

    def loop(self, target, it) -> None:
        """`for f in premises:` (or `for _, f in premises:` over pairs): the loop variable
        stands for each expression of the list, or the same part of each tuple of it."""
        items = self.lists.get(it.id) if isinstance(it, ast.Name) else \
            list(it.elts) if isinstance(it, (ast.List, ast.Tuple)) else None
        if items is None:
            return
        if isinstance(target, ast.Name):
            self.loops[target.id] = items
        elif isinstance(target, ast.Tuple):
            for k, t in enumerate(target.elts):
                if isinstance(t, ast.Name) and all(isinstance(e, ast.Tuple) and
                                                   len(e.elts) == len(target.elts) for e in items):
                    self.loops[t.id] = [e.elts[k] for e in items]

    def assign(self, st) -> None:
        targets = st.targets if isinstance(st, ast.Assign) else [st.target]
        value = st.value
        if value is None:
            return
        if isinstance(value, ast.Call):
            f = self.name(value.func)
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            tuples = [e.id for t in targets if isinstance(t, (ast.Tuple, ast.List)) for e in t.elts
                      if isinstance(e, ast.Name)]
            if f == "Function":
                bool_valued = bool(value.args) and isinstance(value.args[-1], ast.Call) and \
                    self.name(value.args[-1].func) == "BoolSort"
                for n in names:
                    if bool_valued:
                        self.script.preds[n] = len(value.args) - 2
                    else:
                        self.script.funcs.add(n)
                return
            if f in ("Const", "Consts"):
                self.script.consts.update(names + tuples)
                return
            if f in ("Bool", "Bools"):
                self.script.bools.update(names + tuples)
                return
            if f in _SOLVERS or (isinstance(value.func, ast.Attribute) and value.func.attr == "solver"):
                self.solvers.update(names)
                return
            if f in ("DeclareSort", "BoolSort", "EnumSort", "Datatype"):
                return
        self.expr(value)
        for t in targets:
            if isinstance(t, ast.Name):
                if isinstance(value, (ast.List, ast.Tuple)):
                    self.lists[t.id] = list(value.elts)
                else:
                    self.formulas[t.id] = value

    def expr(self, node) -> None:
        """Record the solver calls in an expression evaluated for its effect or its value."""
        for sub in ast.walk(node):
            if self.name(sub) == "unsat":
                self.unsat = True
            if not isinstance(sub, ast.Call):
                continue
            f = sub.func
            if isinstance(f, ast.Attribute) and self.name(f.value) in self.solvers | {"s", "solver"}:
                if f.attr in _ADDS:
                    args = sub.args[:1] if f.attr == "assert_and_track" else sub.args
                    for a in args:
                        self.adds.append((a, self.depth, self.checks, self.name(f.value)))
                elif f.attr == "push":
                    self.depth += 1
                elif f.attr == "pop":
                    self.depth = max(0, self.depth - 1)
                elif f.attr == "check":
                    self.checks += 1
                    self.asked.extend(sub.args)
            elif self.name(f) == "prove" and sub.args:
                self.asked.append(sub.args[0])

    # -------------------------------------------------------------- the program

    def expand(self, node) -> list:
        """The expressions a solver argument stands for (a name, a list, `*premises`)."""
        if isinstance(node, ast.Starred):
            node = node.value
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.expand(node.left) + self.expand(node.right)      # `facts + rules`
        if isinstance(node, ast.Name) and node.id in self.loops:
            return [x for e in self.loops[node.id] for x in self.expand(e)]
        if isinstance(node, (ast.List, ast.Tuple)):
            return [x for e in node.elts for x in self.expand(e)]
        if isinstance(node, ast.Name):
            if node.id in self.lists:
                return [x for e in self.lists[node.id] for x in self.expand(e)]
            if node.id in self.formulas:
                return [self.formulas[node.id]]
        return [node]

    def claim(self, node):
        """The claim a checked expression tests: `Not(goal)` asks `goal`."""
        if isinstance(node, ast.Call) and self.name(node.func) == "Not" and len(node.args) == 1:
            return self.claim(node.args[0])
        if isinstance(node, ast.Name) and node.id in self.formulas:
            return self.formulas[node.id]
        return node

    def roles(self):
        """(statements, queries): the expressions the script asserts and the ones it asks."""
        asked = [self.claim(a) for a in self.asked]
        premises = []
        for a, depth, checks, solver in self.adds:
            if depth > 0:
                asked.append(self.claim(a))
            elif isinstance(a, ast.Name) and _QUERY_NAMES.match(a.id) and a.id in self.formulas:
                asked.append(self.formulas[a.id])
            elif isinstance(a, ast.Call) and self.name(a.func) == "Not" and len(a.args) == 1 and \
                    isinstance(a.args[0], ast.Name) and _QUERY_NAMES.match(a.args[0].id):
                asked.append(self.claim(a))
            else:
                premises.append(a)
        if not asked:
            # two solvers, each given the premises and last the claim, one of them negated
            last = {}
            for a, depth, checks, solver in self.adds:
                last[solver] = a
            claims = {ast.dump(self.claim(a)) for a in last.values()}
            if len(last) >= 2 and len(claims) == 1 and any(
                    isinstance(a, ast.Call) and self.name(a.func) == "Not" for a in last.values()):
                asked.append(self.claim(next(iter(last.values()))))
                premises = [p for p in premises if not any(p is a for a in last.values())]
        if not asked and self.unsat:
            before = [a for a, depth, checks, solver in self.adds if checks == 0]
            last = before[-1] if before else None
            if isinstance(last, ast.Call) and self.name(last.func) == "Not" and \
                    any(p is last for p in premises):
                premises = [p for p in premises if p is not last]
                asked.append(self.claim(last))
        # each expression once: a claim asked both ways, premises given to two solvers
        seen: set = set()
        queries = []
        for q in asked:
            key = ast.dump(q)
            if key not in seen:
                seen.add(key)
                queries.append(q)
        asked_nodes = {id(q) for q in queries}
        done: set = set()
        statements = []
        for p in premises:
            for e in self.expand(p):
                if id(e) not in done and id(e) not in asked_nodes:
                    done.add(id(e))
                    statements.append(e)
        return statements, queries

    # -------------------------------------------------------------- spelling

    def spell(self, node, out: list[str]) -> None:
        """Spell the expression `node` in FOL notation into `out`, in place (its characters
        are already copied there); `_Untranslatable` when it is no formula of the logic."""
        s = self.script
        if isinstance(node, ast.Name):
            if node.id in s.bools or node.id in s.consts:
                return
            raise _Untranslatable(node.id)
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            raise _Untranslatable("constant")
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and \
                isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            for side in (node.left, node.comparators[0]):
                if not (isinstance(side, ast.Name) and side.id in s.consts):
                    raise _Untranslatable("comparison")
            a = self.span(node.left)[1]
            b = self.span(node.comparators[0])[0]
            k = self.text.index("=" if isinstance(node.ops[0], ast.Eq) else "!=", a, b)
            out[k:k + 2] = [" ", "="] if isinstance(node.ops[0], ast.Eq) else [" ", "≠"]
            return
        if not isinstance(node, ast.Call) or node.keywords:
            raise _Untranslatable("expression")
        f = self.name(node.func)
        fa, fb = self.span(node.func)
        if f in s.preds:
            if len(node.args) != s.preds[f]:
                raise _Untranslatable("arity")
            for a in node.args:
                if not (isinstance(a, ast.Name) and a.id in s.consts):
                    raise _Untranslatable("argument")
            return
        if f == "Not" and len(node.args) == 1:
            for k in range(fa, fb - 1):
                out[k] = " "
            out[fb - 1] = "¬"
            self.spell(node.args[0], out)
            return
        if f in _CONNECTIVES and node.args and (f != "Implies" or len(node.args) == 2) and \
                (f != "Xor" or len(node.args) == 2):
            for k in range(fa, fb):
                out[k] = " "
            for x, y in zip(node.args, node.args[1:]):
                self._gap(self.span(x)[1], self.span(y)[0], ",", _CONNECTIVES[f], out)
            for a in node.args:
                if isinstance(a, ast.Starred):
                    raise _Untranslatable("starred")
                self.spell(a, out)
            return
        if f in _QUANTIFIERS and len(node.args) == 2:
            bound, body = node.args
            names = bound.elts if isinstance(bound, (ast.List, ast.Tuple)) else [bound]
            if not names or not all(isinstance(n, ast.Name) and n.id in s.consts for n in names):
                raise _Untranslatable("bound variables")
            s.bound.extend(n.id for n in names if n.id not in s.bound)
            ba, bb = self.span(bound)
            for k in range(fa, ba):
                if out[k] != "\n":
                    out[k] = " "
            q = _QUANTIFIERS[f]
            if not isinstance(bound, (ast.List, ast.Tuple)):
                out[ba - 1] = q
            else:
                out[ba] = q                       # `[` -> `∀`
                out[bb - 1] = " "                 # `]`
                if isinstance(bound, ast.Tuple) and self.text[ba] != "(":
                    raise _Untranslatable("bare tuple")
                for x, y in zip(names, names[1:]):
                    xa, ya = self.span(x)[1], self.span(y)[0]
                    for k in range(xa, ya):
                        if out[k] != "\n":
                            out[k] = " "
                    out[ya - 1] = q
            self._gap(bb, self.span(body)[0], ",", "(", out)
            self.spell(body, out)
            return
        raise _Untranslatable(f or "call")

    def _gap(self, a: int, b: int, sep: str, symbol: str, out: list[str]) -> None:
        """Between two arguments: blank it (comments too) and put `symbol` where `sep` is."""
        k = self.text.find(sep, a, b)
        if k == -1:
            raise _Untranslatable("separator")
        for j in range(a, b):
            if out[j] != "\n":
                out[j] = " "
        out[k] = symbol


def _room(text: str, a: int, b: int, lo: int, hi: int, spans) -> tuple[int, int] | None:
    """Where on the line of an expression text[a:b] its formula may be written: from the
    line's indentation (or `a`, when other code comes first) to its end (or `b`, when code
    follows), never over another expression read."""
    start = text.rfind("\n", lo, a) + 1 if text.rfind("\n", lo, a) >= 0 else lo
    end = text.find("\n", a, hi)
    end = hi if end == -1 else end
    others = [(x, y) for x, y in spans if (x, y) != (a, b) and x < end and start < y]
    if any(x < a < y or x < b <= y for x, y in others):
        return None
    left = max([y for x, y in others if y <= a] + [start])
    left += len(text[left:a]) - len(text[left:a].lstrip())
    right = min([x for x, y in others if x >= b] + [end])
    if right < b:
        right = min(b, end)
    return left, right


_IMPORT = re.compile(r"^[ \t]*(?:from z3 import|import z3\b)")


def bare_span(text: str, tries: int = 30) -> tuple[int, int] | None:
    """The (start, end) of the script in a reply that is one unfenced z3py script, perhaps
    with prose before its imports and after its last line: the longest run of lines from its
    first import (or the start) that parses as Python, found dropping lines at the end."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if _IMPORT.match(line)), 0)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for end in range(len(lines), max(start, len(lines) - tries), -1):
        if not lines[end - 1].strip() and end < len(lines):
            continue
        try:
            ast.parse("\n".join(lines[start:end]))
        except (SyntaxError, ValueError):
            continue
        return offsets[start], offsets[end] - 1 if end < len(lines) else len(text)
    return None


def mask(text: str, lo: int, hi: int, out: list[str], plain: list, values: list,
         scripts: list | None = None) -> bool:
    """Write into `out` the unwrapped form of the z3py script text[lo:hi]; False when it
    does not parse as Python or asserts nothing. `values` gets each asserted expression (key
    `premises`) and each claim checked (key `goal`); `scripts` gets `(lo, hi, Script)`."""
    body = text[lo:hi]
    try:
        tree = ast.parse(body)
    except (SyntaxError, ValueError):
        return False
    script = Script()
    reader = _Reader(text, lo, body, script)
    reader.walk(tree.body)
    statements, queries = reader.roles()
    from .reply_z3_eval import Values
    try:
        built = Values(tree, script.aliases)
    except RecursionError:
        built = None
    if built is not None:         # the names its own Python declares (`P = lambda n: ...`)
        for n, v in built.names("pred").items():
            script.preds.setdefault(n, v.arity)
        script.consts.update(built.names("const"))
        script.bools.update(built.names("bool"))
    if not statements and not queries:
        return False
    mine = list(text[lo:hi])
    for k in range(len(mine)):
        if mine[k] != "\n":
            mine[k] = " "
    shown: list[tuple[int, int, str]] = []
    nodes = [(n, "premises") for n in statements] + [(n, "goal") for n in queries]
    spans = [reader.span(n) for n, _ in nodes]
    built_at: set = set()
    for (node, key), (a, b) in zip(nodes, spans):
        spelled = list(text)
        try:
            reader.spell(node, spelled)
        except _Untranslatable:
            room = _room(text, a, b, lo, hi, spans)
            f = built.formula(node) if built is not None and room is not None else None
            if f is not None and len(f) <= room[1] - room[0]:
                # built by the script's own Python (`every('dog', 'animal')`): its formula,
                # written where the expression's line has room; no fix is written into it
                mine[room[0] - lo:room[0] - lo + len(f)] = list(f)
                shown.append((room[0], room[0] + len(f), key))
                built_at.add(room[0])
                continue
            # written as it is: the reader says what it cannot read
        mine[a - lo:b - lo] = spelled[a:b]
        shown.append((a, b, key))
    out[lo:hi] = mine
    for a, b, key in sorted(shown):
        values.append((a, b, (key,), None))
        if a not in built_at:
            (script.statements if key == "premises" else script.queries).append((a, b))
    if scripts is not None:
        scripts.append((lo, hi, script))
    return True


# writing a fix back as z3py lives in `reply_z3_write`; its names are importable from here
from .reply_z3_write import rewrite, write  # noqa: E402,F401
