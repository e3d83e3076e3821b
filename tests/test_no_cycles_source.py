"""No function of sedac makes a reference cycle out of closures each time it runs: a nested
function that calls itself (or calls one that calls it back) holds its own cell, so it and
everything it sees wait for the garbage collector (see tests/test_no_cycles.py). Write it
as a module function or a method, or `del` its name once it is done."""
from __future__ import annotations

import ast

from .conftest import ROOT


def _cyclic_closures(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for outer in ast.walk(tree):
        if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        inner = {n.name: n for n in ast.walk(outer)
                 if n is not outer and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        deleted = {t.id for n in ast.walk(outer) if isinstance(n, ast.Delete)
                   for t in n.targets if isinstance(t, ast.Name)}
        calls = {name: {x.id for x in ast.walk(fn) if isinstance(x, ast.Name)
                        and isinstance(x.ctx, ast.Load) and x.id in inner}
                 for name, fn in inner.items()}
        for name in inner:
            seen, todo = set(), list(calls[name])
            while todo:
                k = todo.pop()
                if k not in seen:
                    seen.add(k)
                    todo += calls[k]
            if name in seen and name not in deleted:
                found.append((inner[name].lineno, f"{outer.name}.{name}"))
    return found


def test_the_scan_finds_a_self_calling_closure():
    src = ("def f(x):\n    def walk(y):\n        return walk(y - 1) if y else 0\n    return walk(x)\n"
           "def g(x):\n    def a(y):\n        return b(y)\n    def b(y):\n        return a(y)\n"
           "    return a(x)\n"
           "def h(x):\n    def go(y):\n        return go(y)\n    try:\n        return go(x)\n"
           "    finally:\n        del go\n")
    assert [n for _, n in _cyclic_closures(ast.parse(src))] == ["f.walk", "g.a", "g.b"]


def test_no_function_of_sedac_makes_a_cycle_of_closures():
    found = [f"{path.relative_to(ROOT)}:{line} {name}"
             for path in sorted((ROOT / "sedac").rglob("*.py"))
             for line, name in _cyclic_closures(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, found
