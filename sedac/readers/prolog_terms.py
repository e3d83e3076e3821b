"""Prolog terms as the reader parses them, with where each name starts in the clause.

`sedac/grammar/prolog.lark` is parsed with `_ToTerm` as its transformer: the terms are
built while parsing (no tree), and an atom, a variable or a compound keeps the offset
of its name in the clause text (`pos`, not part of equality), so that a fix can edit one
goal of a clause and leave the rest of it byte for byte.
"""
from __future__ import annotations

from dataclasses import dataclass, field



@dataclass(frozen=True, slots=True)
class PVar:
    name: str
    pos: int = field(default=-1, compare=False)


@dataclass(frozen=True, slots=True)
class PAtom:
    name: str
    pos: int = field(default=-1, compare=False)


@dataclass(frozen=True, slots=True)
class PNum:
    text: str


@dataclass(frozen=True, slots=True)
class PStr:
    text: str


@dataclass(frozen=True, slots=True)
class PComp:
    name: str
    args: tuple
    pos: int = field(default=-1, compare=False)


def _unquote(tok: str) -> str:
    body = tok[1:-1]
    return body.replace("''", "'").replace("\\'", "'").replace("\\\\", "\\")


def _start(tok) -> int:
    pos = getattr(tok, "start_pos", None)
    return -1 if pos is None else pos


def _inline(cls):
    """Each rule's method called with the rule's children as its arguments (what lark's
    `v_args(inline=True)` does), for a parser built with the instance as its transformer:
    lark calls a transformer's method named after a rule with the list of its children, and
    keeps a tree for a rule without one (`args`). A class of its own, not a subclass of
    lark's `Transformer`: a file the fast path reads whole never imports lark."""
    for name, f in list(vars(cls).items()):
        if not name.startswith("_") and callable(f):
            setattr(cls, name, (lambda f: lambda self, children: f(self, *children))(f))
    return cls


@_inline
class _ToTerm:
    def atom(self, tok):
        return PAtom(_unquote(tok) if tok.type == "QATOM" else str(tok), _start(tok))

    def compound(self, tok, args):
        name = _unquote(tok) if tok.type == "QATOM" else str(tok)
        return PComp(name, tuple(args.children), _start(tok))

    def var(self, tok):
        return PVar(str(tok), _start(tok))

    def number(self, tok):
        return PNum(str(tok))

    def string(self, tok):
        return PStr(str(tok)[1:-1])

    def paren(self, t):
        return t

    def empty_list(self):
        return PAtom("[]")

    def list(self, bracket, args, tail=None):
        return PComp("[|]", tuple(args.children) + ((tail,) if tail is not None else ()),
                     _start(bracket))

    def curly(self, t):
        return PComp("{}", (t,))

    def cut(self):
        return PAtom("!")

    def rule(self, h, b):
        return PComp(":-", (h, b))

    def directive(self, b):
        return PComp(":-", (b,))

    def query(self, b):
        return PComp("?-", (b,))

    def disj(self, a, b):
        return PComp(";", (a, b))

    def ifthen(self, a, b):
        return PComp("->", (a, b))

    def conj(self, a, b):
        return PComp(",", (a, b))

    def naf(self, a):
        return PComp("\\+", (a,))

    def compare(self, a, op, b):
        return PComp(str(op), (a, b))

    def arith(self, a, op, b=None):
        if b is None:  # ** and ^ carry no operator token
            return PComp("**", (a, op))
        return PComp(str(op), (a, b))

    def negnum(self, a):
        return PComp("-", (a,))

    def start(self, t):
        return t


TO_TERM = _ToTerm()


def term_text(t) -> str:
    if isinstance(t, PVar):
        return t.name
    if isinstance(t, (PAtom, PNum)):
        return t.name if isinstance(t, PAtom) else t.text
    if isinstance(t, PStr):
        return f'"{t.text}"'
    if len(t.args) == 2 and (not t.name[0].isalpha() or t.name in ("is", "mod", "rem")):
        return f"{term_text(t.args[0])} {t.name} {term_text(t.args[1])}"
    return f"{t.name}({', '.join(term_text(a) for a in t.args)})"


CHAINS = frozenset({",", ";", "|"})   # read flat: `a, b, c` is one level, however long


def term_depth(t, limit: int) -> int:
    """How deep `t` nests (an atom is 1), counted without recursion; stops past `limit`."""
    best, stack = 0, [(t, 1)]
    while stack:
        u, d = stack.pop()
        if d > best:
            best = d
            if best > limit:
                return best
        if isinstance(u, PComp):
            chain = u.name in CHAINS
            stack.extend((a, d if chain and isinstance(a, PComp) and a.name == u.name else d + 1)
                         for a in u.args)
    return best


def term_end(text: str, pos: int) -> int:
    """The offset just after the term whose name starts at `pos` in `text`: its name, and
    its arguments when an opening bracket follows the name (quotes, 0'c and comments
    inside are skipped)."""
    n = len(text)
    i = pos
    if i < n and text[i] == "[":
        pass                    # a list: to its closing bracket
    elif i < n and text[i] in "'\"`":
        i = _after_quoted(text, i)
    else:
        while i < n and (text[i].isalnum() or text[i] == "_"):
            i += 1
    if i >= n or text[i] not in "([":
        return i
    depth = 0
    while i < n:
        ch = text[i]
        if ch in "'\"`":
            if ch == "'" and i >= 1 and text[i - 1] == "0" and (i < 2 or not text[i - 2].isalnum()):
                i += 2          # 0'c, a character code
                continue
            i = _after_quoted(text, i)
            continue
        if ch == "%":
            nl = text.find("\n", i)
            i = n if nl == -1 else nl
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j == -1 else j + 2
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def _after_quoted(text: str, i: int) -> int:
    q, j, n = text[i], i + 1, len(text)
    while j < n:
        if text[j] == "\\":
            j += 2
            continue
        if text[j] == q:
            if j + 1 < n and text[j + 1] == q:   # '' inside a quoted atom
                j += 2
                continue
            return j + 1
        j += 1
    return n
