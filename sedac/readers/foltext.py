"""First-order logic text: `∀x (Jompus(x) → ¬Shy(x)) ::: Jompuses are not shy.`

Sections `Predicates:` (ignored), `Premises:` and `Conclusion:` (the question). A formula
may be written in any notation of `sedac.notations` (Unicode, ASCII words and symbols,
LaTeX); the reader records which one the file uses, with its own spellings and names, on the
program (`notation`, `spelling`), and `write` writes a fix in it.
Names are aligned with the canonical ones (`Wumpus` -> `wumpus`); a lower-case
one-letter name that no quantifier binds is a variable whose quantifier is missing when it
is `x`, `y` or `z` or the file quantifies over it elsewhere, else a constant (`Leads(b, v)`).
"""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from .. import notations
from ..fol import (FALSE, TRUE, And, Atom, Const, Eq, Exists, Forall, Formula, Implies, Not, Var, Xor,
                   free_vars, subformulas, to_unicode)
from ..grammar import HERE, build_lark, parse_line
from ..notations import Style, latex_name, read_quantifier
from .base import tree_connective
from .sections import SectionReader, Unreadable, camel_to_snake

# A one-letter name no quantifier of its formula binds: a variable whose quantifier is
# missing when it is `x`, `y` or `z` or the file quantifies over that letter elsewhere;
# otherwise a constant (`Writes(b, s)`, `Leads(b, v)`: "$b$ = Beethoven").
_FREE_VAR = re.compile(r"^[xyz]$")
_LETTER = re.compile(r"^[a-z]$")
_QUANTIFIED = re.compile(
    r"(?:[∀∃]|\\(?:forall|exists)(?![A-Za-z])|(?<![\w\\])(?:"
    + "|".join(sorted({re.escape(q) for t in notations.SPELLINGS.values() for op in ("forall", "exists")
                       for q in t.get(op, ()) if q[0].isalpha()}, key=len, reverse=True))
    + r")(?![\w(]))\s*\(?\s*([a-z])(?![\w(])")   # (`forall x, v != x`: `v` is no variable of it)
_NAME = r"(?!(?:not|NOT)(?!\w))([A-Za-z_]\w*)"
_FRULE = re.compile(r"^(∀|forall(?=\s))\s*([a-z])\s*\(\s*" + _NAME + r"\(\2\)\s*(→|->)\s*(¬|~)?"
                    + _NAME + r"\(\2\)\s*\)$")
_FFACT = re.compile(r"^(¬|~)?" + _NAME + r"\(([A-Za-z_]\w+)\)$")
_LATEX = re.compile(r"\\[A-Za-z]")
_CONNECTIVES = {"neg", "conj", "disj", "imp", "iff", "xor", "neq", "top", "bottom"}


@lru_cache(maxsize=None)
def parser(strict: bool = False) -> Lark:
    """The LALR parser of `fol.lark` with the notations' operator terminals; `strict`, with
    the one-letter `A`, `E`, `T`, `F` as names only."""
    text = (HERE / "fol.lark").read_text(encoding="utf-8") + notations.lark_terminals(strict)
    return build_lark(text, "fol-strict" if strict else "fol")


# a one-letter operator (`A x.`, `Ex`, `T`) that may be a name instead
_ONE_LETTER = re.compile(r"(?<![\w$'])(?:[" + "".join(sorted(notations.LETTER_QUANTIFIERS))
                         + r"][a-z]?\d*'*|[" + "".join(sorted(notations.ONE_LETTER - notations.LETTER_QUANTIFIERS))
                         + r"])(?![\w'(])")


# a name that opens with a quantifier's letter (`Ea(f)`, `Ax(y)`)
_LETTER_NAME = re.compile(r"(?<![\w$'])[" + "".join(sorted(notations.LETTER_QUANTIFIERS)) + r"][a-z]\w*\(")


# A variable or a constant made once per name (a bounded memo): terms are frozen and equal by
# their name, so sharing one changes no formula, while its kept hash and its identity serve
# every formula that names it (the prover's and the rules' keys compare them).
_var = lru_cache(maxsize=4096)(Var)
_const = lru_cache(maxsize=4096)(Const)


class _NotAQuantifier(Exception):
    """`A x ...`, `E y ...` whose body never uses the variable: the letter is a name."""


def parse_formula_text(text: str, style: Style | None = None) -> Formula:
    """One formula in any notation, as a formula (its free variables left free), read as a
    file of that one formula is: a free one-letter name is a variable when it is `x`, `y` or
    `z` or the formula quantifies over it, else a constant. Lark's `UnexpectedInput` or
    `Unreadable` when it is none. `style` collects how it is written."""
    reader = FolReader()
    reader._quantified = quantified_letters(text)
    return reader._read_formula(text, style or Style())


def quantified_letters(text: str) -> frozenset[str]:
    """The one-letter variables some quantifier of `text` names."""
    return frozenset(v for m in _QUANTIFIED.finditer(text) for v in re.findall(r"[a-z]", m.group(1)))


def _mentioned(f: Formula) -> set[str]:
    """The names of the variables `f` writes (free, bound, or quantified): what the text of a
    quantifier's body shows of its variable."""
    out = set()
    for g in subformulas(f):
        if isinstance(g, (Forall, Exists)):
            out.update(v.name for v in g.vars)
        out.update(v.name for v in free_vars(g))
    return out


def _copy_style(style: Style):
    return (dict(style.votes), {k: dict(v) for k, v in style.ops.items()}, dict(style.quant_form),
            dict(style.names), style.capitals, style.lowers)


def _restore_style(style: Style, saved):
    (style.votes, style.ops, style.quant_form, style.names, style.capitals,
     style.lowers) = saved


class FolReader(SectionReader):
    lang = "fol"
    grammar = "fol"
    statement_sections = ("premises",)
    query_sections = ("conclusion", "conclusions", "question")

    _style: Style | None = None

    # the letters a file quantifies over (None: one formula on its own, every letter a variable)
    _quantified: frozenset | None = None

    def read(self, text, path="<program>"):
        self._style = Style()
        self._quantified = quantified_letters(text)
        try:
            prog = super().read(text, path)
        finally:
            self._quantified = None
        prog.notation = self._style.notation
        prog.spelling.update(self._style.spelling())
        return prog

    def _parse(self, stmt, section):
        if self._style is None:
            self._style = Style()
        return self._read_formula(stmt, self._style), []

    def tries(self, stmt: str) -> bool:
        """`reads`, noting nothing of the file's style: the reply layer tries pieces of
        lines that may be no statement (`Cats are mammals. -> F`: is `F` logic?), and what
        the style says decides how every fix is written."""
        style = self._style
        saved = _copy_style(style) if style is not None else None
        try:
            return self.reads(stmt)
        finally:
            if style is None:
                self._style = None
            else:
                _restore_style(style, saved)

    def _read_formula(self, stmt: str, style: Style) -> Formula:
        self._style = style
        if "~" in stmt and _LATEX.search(stmt):
            stmt = stmt.replace("~", " ")   # LaTeX's unbreakable space
        fast = self.fast(stmt, "")
        if fast is not None:
            return fast[0]
        if not _ONE_LETTER.search(stmt):
            try:
                return self._start(parse_line(parser(), stmt))
            except (UnexpectedInput, _NotAQuantifier) as e:
                # `Ea(f)`, `Ea(b, c)`: the name `Ea`, not `E a (...)`
                if not _LETTER_NAME.search(stmt):
                    raise
                return self._as_names(stmt, e)
        # `A x.`, `Ex (...)`, `T` are operators where they read as such, and otherwise names:
        # read with them as operators, then (a parse error, or a letter quantifier whose
        # variable its body never uses) with them as names; the first error is the one told.
        # (what the first reading noted of the file's style is noted again by the second)
        saved = _copy_style(style)
        try:
            return self._start(parse_line(parser(), stmt))
        except (UnexpectedInput, _NotAQuantifier) as e:
            first = e
        _restore_style(style, saved)
        return self._as_names(stmt, first)

    def _as_names(self, stmt: str, first: Exception) -> Formula:
        """`stmt` read with its one-letter operators as names (the strict grammar); when that
        fails too, the first reading's error is the one told (a strict reading's own error
        when the first found only a letter quantifier that binds nothing)."""
        try:
            return self._start(parse_line(parser(strict=True), stmt))
        except UnexpectedInput:
            if isinstance(first, _NotAQuantifier):
                raise
            raise first from None

    def fast(self, stmt, section):
        style = self._style
        m = _FRULE.match(stmt)
        if m:
            x = _var(m.group(2))
            body, head = camel_to_snake(m.group(3)), camel_to_snake(m.group(6))
            if style is not None:
                for s in m.group(1, 4, 5):
                    if s:
                        style.saw(s)
                style.saw_quantifier("space")
                style.saw_pred(m.group(3), body)
                style.saw_pred(m.group(6), head)
            head_atom = Atom(head, (x,))
            return Forall((x,), Implies(Atom(body, (x,)),
                                        Not(head_atom) if m.group(5) else head_atom)), []
        m = _FFACT.match(stmt)
        if m:
            pred, const = camel_to_snake(m.group(2)), camel_to_snake(m.group(3))
            if style is not None:
                if m.group(1):
                    style.saw(m.group(1))
                style.saw_pred(m.group(2), pred)
                style.saw_const(m.group(3), const)
            atom = Atom(pred, (_const(const),))
            return (Not(atom) if m.group(1) else atom), []
        return None

    def convert(self, tree, section):
        if self._style is None:
            self._style = Style()
        return self._start(tree), []

    def _start(self, tree) -> Formula:
        """A line's formula; facts listed with commas (`Nice(anne), Young(anne)`) are their
        conjunction. A comma between other formulas (`P(a), Q(a) → R(a)`) has no one reading."""
        parts = [self._f(k, frozenset()) for k in tree.children]
        if len(parts) == 1:
            return parts[0]
        if not all(isinstance(p.arg if isinstance(p, Not) else p, (Atom, Eq)) for p in parts):
            raise Unreadable("other-syntax", "E001", "a comma between formulas that are not all "
                             "facts: neither a conjunction nor a list is sure")
        return And(tuple(parts))

    def _f(self, t, bound: frozenset[str]) -> Formula:
        if isinstance(t, Token):     # a bare name, inlined by the grammar
            return self._atom(t, [], bound)
        d = t.data
        kids = [k for k in t.children if isinstance(k, Tree)]
        if d in _CONNECTIVES:
            for k in t.children:
                if isinstance(k, Token) and k.type not in ("IDENT", "TEXNAME", "NUMBER"):
                    self._style.saw(str(k))
        conn = tree_connective(d, kids, lambda k: self._f(k, bound))
        if conn is not None:
            return conn
        if d == "xor":
            out = self._f(kids[0], bound)
            for k in kids[1:]:
                out = Xor(out, self._f(k, bound))
            return out
        if d in ("quant", "quant_paren"):
            tok = t.children[0]
            is_all, names, spelling, form = read_quantifier(str(tok))
            if d == "quant_paren":
                form = "paren"         # `(∀x)v`: the parentheses apart from the token
            self._style.saw(spelling)
            self._style.saw_quantifier(form)
            body = self._f(t.children[1], bound | set(names))
            if spelling in notations.LETTER_QUANTIFIERS:
                used = _mentioned(body)
                if any(n not in used for n in names):
                    raise _NotAQuantifier(spelling)
            for name in reversed(names):
                body = (Forall if is_all else Exists)((_var(name),), body)
            return body
        if d == "atom":
            return self._atom(t.children[0], t.children[1:], bound)
        if d == "prop":
            return self._atom(t.children[0], [], bound)
        if d in ("eq", "neq"):
            left, _, right = t.children
            eq = Eq(self._term(left, bound), self._term(right, bound))
            return Not(eq) if d == "neq" else eq
        if d in ("top", "bottom"):
            return TRUE if d == "top" else FALSE
        raise Unreadable("other-syntax", "E001", f"unexpected `{d}`")

    def _atom(self, name_tok, args, bound) -> Atom:
        if any(isinstance(a, Tree) for a in args):
            raise Unreadable("other-syntax", "E003", "a predicate nested inside another: "
                             "the logic has no function symbols")
        written = self._written(name_tok)
        name = camel_to_snake(written)
        self._style.saw_pred(written, name)
        return Atom(name, tuple(self._term(a, bound) for a in args))

    def _written(self, tok) -> str:
        if tok.type == "TEXNAME":
            self._style.saw_latex_name()
            return latex_name(str(tok))
        return str(tok)

    def _term(self, tok, bound: frozenset[str]):
        written = self._written(tok)
        if written in bound or _FREE_VAR.match(written) or \
                (_LETTER.match(written) and (self._quantified is None or written in self._quantified)):
            return _var(written)
        if tok.type == "NUMBER":
            return _const(written)
        name = camel_to_snake(written)
        self._style.saw_const(written, name)
        return _const(name)

    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        if program is not None and program.lang == self.lang and program.notation:
            name, spelling = program.notation, program.spelling
        elif self._style is not None and self._style.votes:
            name, spelling = self._style.notation, self._style.spelling()
        else:
            name = spelling = None
        text = notations.write(formula, name, spelling) if name else to_unicode(formula)
        return f"{text} ::: {gloss}" if gloss else text
