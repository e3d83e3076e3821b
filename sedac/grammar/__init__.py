"""Grammars: lark grammars for the readers and the SWI-Prolog DCG for problem text."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark

HERE = Path(__file__).parent


@lru_cache(maxsize=None)
def lark_parser(name: str, transformer=None) -> Lark:
    """The LALR parser of `sedac/grammar/NAME.lark`, built once per process.

    With a `transformer` (an instance, shared), the parser builds the result as it
    parses instead of making a tree first: several times faster on large programs."""
    text = (HERE / f"{name}.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", maybe_placeholders=False, transformer=transformer)


def max_nesting(text: str) -> int:
    """The deepest bracket nesting in `text` (a cheap guard before recursive code)."""
    depth = best = 0
    for ch in text:
        if ch in "([{":
            depth += 1
            if depth > best:
                best = depth
        elif ch in ")]}" and depth:
            depth -= 1
    return best


@lru_cache(maxsize=None)
def swipl_builtins() -> frozenset[tuple[str, int]]:
    """SWI-Prolog's system predicates (name, arity): a program may not define them."""
    out = set()
    for line in (Path(__file__).parent / "swipl_builtins.txt").read_text().splitlines():
        if line.startswith("%") or "/" not in line:
            continue
        name, _, arity = line.rpartition("/")
        out.add((name.strip("'"), int(arity)))
    return frozenset(out)
