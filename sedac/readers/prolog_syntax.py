"""Prolog's text cut into clauses (`_split_clauses`, at the full stops that end them, linear
in the text) and each clause parsed: the common shapes (facts, rules with a conjunction of
literals, simple queries) by a fast path, every other by the lark grammar
`sedac/grammar/prolog.lark`.
"""
from __future__ import annotations

import re


from ..grammar import lark_parser, parse_line
from .prolog_terms import PAtom, PComp, PVar, TO_TERM


def _skip_layout(text: str, i: int, end: int) -> int:
    """The first offset from `i` that is neither white space nor a comment."""
    while i < end:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "%":
            nl = text.find("\n", i, end)
            i = end if nl == -1 else nl + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2, end)
            i = end if j == -1 else j + 2
        else:
            break
    return i


_SPLIT_STOP = re.compile(r"['\"`%/()\[\]{}.]")


def _split_clauses(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, terminated) pieces: each ends after a full stop that ends a clause.

    A full stop ends a clause when followed by white space, `%` or the end of the
    text, and is not inside a quoted item or a comment; linear in the text.
    """
    out = []
    i, n, start = 0, len(text), 0
    depth = 0
    stop = _SPLIT_STOP.search
    while i < n:
        m = stop(text, i)      # the other characters change nothing
        if m is None:
            break
        i = m.start()
        ch = text[i]
        if ch in "'\"`":
            j = text.find(ch, i + 1)
            while j != -1 and text[j - 1] == "\\":
                j = text.find(ch, j + 1)
            nl = text.find("\n", i + 1)
            if j == -1 or (nl != -1 and nl < j):
                i = nl if nl != -1 else n  # unterminated: stop at the line's end
                continue
            i = j + 1
            continue
        if ch == "%":
            nl = text.find("\n", i)
            i = nl if nl != -1 else n
            continue
        if ch == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = j + 2 if j != -1 else n
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "." and (i + 1 == n or text[i + 1].isspace() or text[i + 1] == "%"):
            prev = text[i - 1] if i else ""
            univ = text[i - 2:i + 1] == "=.."    # `T =.. L`: the operator, not an end
            if not univ and not (prev.isdigit() and i + 1 < n and text[i + 1].isdigit()):
                out.append((start, i + 1, True))
                start = i + 1
                depth = 0
        i += 1
    if text[start:].strip():
        out.append((start, n, False))
    return out


_NAME = r"[a-z][A-Za-z0-9_]*"
_ARG = r"(?:[a-z][A-Za-z0-9_]*|[A-Z_][A-Za-z0-9_]*)"
_LIT = rf"(?:\\\+\s*)?{_NAME}(?:\(\s*{_ARG}(?:\s*,\s*{_ARG})*\s*\))?"
_SIMPLE = re.compile(rf"^\s*(\?-\s*)?({_LIT})\s*(?::-\s*({_LIT}(?:\s*,\s*{_LIT})*))?\s*\.\s*$")
_LIT_PARTS = re.compile(rf"(\\\+\s*)?({_NAME})(?:\(([^()]*)\))?")


def _fast_literal(text: str):
    m = _LIT_PARTS.fullmatch(text.strip())
    neg, name, args = m.group(1), m.group(2), m.group(3)
    if args is None:
        t = PAtom(name)
    else:
        t = PComp(name, tuple(PVar(a) if a[0].isupper() or a[0] == "_" else PAtom(a)
                              for a in (x.strip() for x in args.split(","))))
    return PComp("\\+", (t,)) if neg else t


def _fast_parse(body: str):
    """The common clause shapes (facts, rules with a conjunction of literals, simple
    queries) without the general parser, which costs ten times more per clause."""
    m = _SIMPLE.match(body)
    if m is None:
        return None
    head = _fast_literal(m.group(2))
    if m.group(1):
        if m.group(3):
            return None
        return PComp("?-", (head,))
    if not m.group(3):
        return head
    lits = [_fast_literal(x) for x in re.findall(_LIT, m.group(3))]
    body_t = lits[-1]
    for lit in reversed(lits[:-1]):
        body_t = PComp(",", (lit, body_t))
    return PComp(":-", (head, body_t))


def _parse(body: str):
    fast = _fast_parse(body)
    if fast is not None:
        return fast, None
    from lark.exceptions import (LarkError, UnexpectedCharacters, UnexpectedEOF,
                                 UnexpectedInput, UnexpectedToken)
    try:
        return parse_line(lark_parser("prolog", TO_TERM), body), None
    except UnexpectedCharacters as e:
        return None, f"unexpected `{body[e.pos_in_stream]}` at column {e.column}"
    except UnexpectedToken as e:
        if e.token.type == "$END":
            return None, "clause ends early: an unbalanced bracket or a missing argument"
        return None, f"unexpected `{e.token}` at column {e.column}"
    except UnexpectedEOF:
        return None, "clause ends early: an unbalanced bracket or a missing argument"
    except (UnexpectedInput, LarkError, RecursionError) as e:
        return None, f"not Prolog ({type(e).__name__})"
