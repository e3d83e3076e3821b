"""Grammars: lark grammars for the readers and the SWI-Prolog DCG for problem text."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark

HERE = Path(__file__).parent
LARK_OPTIONS = {"parser": "lalr", "maybe_placeholders": False}


@lru_cache(maxsize=None)
def lark_parser(name: str, transformer=None) -> Lark:
    """The LALR parser of `sedac/grammar/NAME.lark`, built once per process.

    With a `transformer` (an instance, shared), the parser builds the result as it
    parses instead of making a tree first: several times faster on large programs."""
    text = (HERE / f"{name}.lark").read_text(encoding="utf-8")
    return build_lark(text, name, transformer)


def build_lark(text: str, label: str, transformer=None) -> Lark:
    """The LALR parser of grammar `text`, its tables read from the user's cache
    (`sedac.cache`) when an earlier process built them, else built and cached.

    The entry's name is a hash of the grammar text, the options and lark's and Python's
    versions, and the entry starts with the same hash, so an entry is only ever the tables
    of this very grammar: the parser is the same with or without the cache. An entry that
    does not load is ignored (and rebuilt)."""
    import io
    import lark
    from .. import cache
    digest = cache.key(text, repr(sorted(LARK_OPTIONS.items())), lark.__version__)
    name = f"lark-{label}-{digest}.pickle"
    header = f"sedac-lark {digest}\n".encode()
    data = cache.read_bytes(name)
    if data is not None and data.startswith(header):
        try:
            parser = lark.Lark.__new__(lark.Lark)
            # (`Lark.load` is `_load` without options: the transformer is one of those a
            # saved parser may be loaded with, as lark's own `cache=` option does)
            return parser._load(io.BytesIO(data[len(header):]), transformer=transformer)
        except Exception:    # an entry of another lark, truncated or damaged: rebuild
            pass
    parser = lark.Lark(text, transformer=transformer, **LARK_OPTIONS)
    if cache.folder() is not None:
        out = io.BytesIO()
        out.write(header)
        parser.save(out, exclude_options=("transformer",))
        cache.write_bytes(name, out.getvalue())
    return parser


PARSE_MEMORY = 4096     # the statements whose parse a process remembers (`parse_line`)
_parsed: dict = {}


def parse_line(parser: Lark, text: str):
    """`parser.parse(text)`, remembered for the last PARSE_MEMORY texts, syntax errors
    (lark's `UnexpectedInput`) too, which are raised again: a reply's lines are parsed by
    the reply layer and by the reader, by the readers that decide its language and by the
    one that reads it. The result is shared: callers read trees, never change them. (A
    cache keyed by the parser, built once per process, and the text; other errors, such
    as a `RecursionError`, are not remembered.) An error is raised as a copy of the one
    remembered, of its class and with its attributes (position, token, expected)."""
    key = (parser, text)
    hit = _parsed.get(key)
    if hit is None:
        from lark.exceptions import UnexpectedInput
        try:
            hit = (True, parser.parse(text))
        except UnexpectedInput as e:
            # kept without what would keep its callers alive (their frames, through the
            # traceback and the exception it interrupted)
            e.__context__ = e.__cause__ = None
            hit = (False, e.with_traceback(None))
        if len(_parsed) >= PARSE_MEMORY:
            del _parsed[next(iter(_parsed))]
        _parsed[key] = hit
    if hit[0]:
        return hit[1]
    kept = hit[1]          # raised as a copy: the one kept never gets a traceback
    error = type(kept).__new__(type(kept))
    error.__dict__.update(kept.__dict__)
    error.args = kept.args
    try:
        raise error
    finally:
        del error      # (this frame, in the error's traceback, would otherwise keep it: a cycle)


_BRACKETS = re.compile(r"[()\[\]{}]")


def max_nesting(text: str) -> int:
    """The deepest bracket nesting in `text` (a cheap guard before recursive code)."""
    depth = best = 0
    for ch in _BRACKETS.findall(text):     # (the other characters change nothing)
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
