"""The first-order notations people write, as tables of spellings over one grammar.

A notation is a table: for each operator, the spellings it accepts, the first being the one
its writer uses. The FOL-text grammar's operator terminals are built from all the tables
(`lark_terminals`), so a formula in any of them reads to the same `fol` formula, and
`notation(name, ...)` makes the `fol.Notation` that writes one in a table's spellings (and in
a file's own: its arrows, its quantifier form, its names), so every reader has its writer.
Adding a notation is adding a table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .fol import Atom, Bottom, Iff, Implies, Not, Notation, Top, Var, Xor, render

OPS = ("forall", "exists", "not", "and", "or", "imp", "iff", "xor", "neq", "top", "bottom")

SPELLINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "unicode": {
        "forall": ("∀",), "exists": ("∃",), "not": ("¬",), "and": ("∧",), "or": ("∨",),
        "imp": ("→", "⇒", "⟶", "⊃"), "iff": ("↔", "⟷", "⇔", "≡"), "xor": ("⊕", "⊻"),
        "neq": ("≠",), "top": ("⊤",), "bottom": ("⊥",),
    },
    "ascii": {
        # `A`/`E` (`A x.`, `Ax (...)`, `(E y)`) are quantifiers only before a bound variable
        # and a formula that uses it (LETTER_QUANTIFIERS); elsewhere they are names.
        "forall": ("forall", "all", "Forall", "FORALL", "ALL", "ForAll", "All", "for all",
                   "For all", "A"),
        "exists": ("exists", "some", "Exists", "EXISTS", "SOME", "Some", "there exists",
                   "There exists", "E"),
        "not": ("~", "-", "!", "not", "NOT", "Not"),
        "and": ("&", "and", "^", "&&", "/\\", "AND", "And"),
        "or": ("|", "or", "v", "||", "\\/", "OR", "Or"),
        "imp": ("->", "=>", "implies", "-->", "==>", "IMPLIES", "Implies"),
        "iff": ("<->", "<=>", "iff", "<-->", "<==>", "IFF", "Iff"),
        "xor": ("xor", "XOR", "<+>", "Xor"),
        "neq": ("!=", "/=", "~=", "=/="),
        # a truth value is one where a formula stands alone: `T(x)`, `true = x` are names
        "top": ("$true", "$T", "true", "True", "TRUE", "T"),
        "bottom": ("$false", "$F", "false", "False", "FALSE", "F"),
    },
    "latex": {
        "forall": ("\\forall",), "exists": ("\\exists",), "not": ("\\neg", "\\lnot", "\\sim"),
        "and": ("\\land", "\\wedge", "\\&"), "or": ("\\lor", "\\vee"),
        "imp": ("\\rightarrow", "\\to", "\\Rightarrow", "\\implies", "\\longrightarrow",
                "\\Longrightarrow", "\\supset"),
        "iff": ("\\leftrightarrow", "\\iff", "\\Leftrightarrow", "\\longleftrightarrow",
                "\\Longleftrightarrow", "\\equiv"),
        "xor": ("\\oplus", "\\veebar"), "neq": ("\\neq", "\\ne"), "top": ("\\top",),
        "bottom": ("\\bot",),
    },
}

LATEX_NAME = re.compile(r"\\(?:mathit|mathrm|mathsf|mathtt|mathbf|mathnormal|text|textit|textrm"
                        r"|textsf|texttt|textbf|operatorname)\s*\{([^{}]*)\}")
# LaTeX's spacing and sizing commands, which say nothing about the formula.
LATEX_IGNORED = (r"\\[,;:! ]|\\q?quad(?![A-Za-z])|\\(?:left|right)[.]"
                 r"|\\(?:left|right|[bB]igg?[lrm]?|displaystyle)(?![A-Za-z])")


def _owner() -> dict[str, tuple[str, str]]:
    out = {}
    for name, table in SPELLINGS.items():
        for op, spellings in table.items():
            for s in spellings:
                out.setdefault(s, (name, op))
    return out


OWNER = _owner()     # a spelling -> (its notation, its operator)


def _alternation(spellings) -> str:
    """A regex for any of `spellings`, the longest first; a spelling ending in a letter must
    end a word there (`\\to` is not the start of `\\top`, `v` not that of `vumpus`)."""
    out = []
    for s in sorted(set(spellings), key=lambda s: (-len(s), s)):
        pat = re.escape(s)
        if s[-1:].isalnum():
            pat += r"(?![A-Za-z0-9_])"
        out.append(pat)
    return "(?:" + "|".join(out) + ")"


def spellings_of(op: str, strict: bool = False) -> list[str]:
    """Every table's spellings of `op`; `strict`, without the one-letter ones that are
    operators only in context (`A`, `E`, `T`, `F`: a name elsewhere)."""
    return [s for table in SPELLINGS.values() for s in table[op]
            if not (strict and s in ONE_LETTER)]


# One capital letter that is a quantifier (`A x.`, `Ax (P(x))`, `(E y)`) only before a bound
# variable and a formula that uses it (the reader checks the use and otherwise reads the
# line again with `strict` terminals, where they are names), and the truth values `T`/`F`.
LETTER_QUANTIFIERS = frozenset({"A", "E"})
ONE_LETTER = LETTER_QUANTIFIERS | {"T", "F"}


def _words(*ops: str) -> list[str]:
    return [s for op in ops for s in spellings_of(op) if s[:1].isalpha() and s not in ONE_LETTER]


def _not_keyword() -> str:
    """A lookahead that refuses an operator word where a variable's name would stand
    (`∀x, not P(x)`: `not` is no second variable)."""
    return r"(?!" + _alternation(_words("not", "forall", "exists", "top", "bottom")) + ")"


def _body_start() -> str:
    """What a quantifier's body starts with (a lookahead's alternatives)."""
    return (r"[(\[{¬∀∃⊤⊥$]|!(?!=)|~(?!=)|-(?![->])|\\(?!neq?(?![A-Za-z]))|[A-Z]|[a-z]\w*\s*\("
            r"|" + _alternation(_words("not", "forall", "exists", "top", "bottom")))


def quantifier_regex(strict: bool = False) -> str:
    """A quantifier with its variables: `∀x`, `forall x`, `\\forall x`, `∀x,y`, `∀x y`,
    `ALL x`, and (unless `strict`) the one-letter `A x`, `Ax`, `E y`."""
    q = _alternation([s for s in spellings_of("forall") + spellings_of("exists")
                      if s not in LETTER_QUANTIFIERS])
    var = r"[A-Za-z][a-z0-9_']*"
    nk = _not_keyword()
    # `∀x y P(x, y)`: a second variable after a space is one letter and is followed by what a
    # quantifier's body starts with, so that `∀x p` keeps its body `p`.
    extra = r"\s+" + nk + r"[a-z]\d*'*(?![\w(])"
    body = r"(?=(?:" + extra + r")*\s*(?:[.:]|" + _body_start() + "))"
    # `∀x, y`: a variable after a comma is no predicate's name (`all x, P(x)`)
    listed = r"\s*,\s*" + _listed_var()
    general = q + r"\s*" + var + r"(?:" + listed + "|" + extra + body + ")*"
    if strict:
        return general
    # `A x`, `Ax`, `E y1`: one lower-case letter (and digits), then a separator or a body
    lvar = r"[a-z]\d*'*(?![\w'])"
    letter = (_alternation_bare(LETTER_QUANTIFIERS) + r"\s*" + lvar + r"(?:\s*,\s*" + lvar
              + r")*(?=\s*(?:[.:,]|" + _body_start() + "))")
    return "(?:" + general + "|" + letter + ")"


def _alternation_bare(spellings) -> str:
    return "(?:" + "|".join(re.escape(s) for s in sorted(spellings, key=lambda s: (-len(s), s))) + ")"


def _listed_var() -> str:
    """A variable after a comma (`∀x, y P(x, y)`): no operator word nor predicate, and followed
    by more of the list or a body (`all x, P(x)`, `all x, cat`: the comma is a separator)."""
    return (_not_keyword() + r"[A-Za-z][a-z0-9_']*(?![\w'(])(?=\s*(?:[,.:]|" + _body_start()
            + "))")


def _separator() -> str:
    """A quantifier's dot, colon or comma: its scope is then everything to its right. A comma
    followed by one more variable is the list's (`∀x, y`), not a separator."""
    return r"\s*(?:[.:]|,(?!\s*" + _listed_var() + "))"


def lark_terminals(strict: bool = False) -> str:
    """The grammar's operator terminals, from the tables (appended to `fol.lark`); `strict`
    leaves out the one-letter spellings that are operators only in context."""
    def lark_re(pattern: str) -> str:
        return "/" + pattern.replace("/", "\\/") + "/"
    lines = []
    names = {"not": "NOT", "and": "AND", "or": "OR", "imp": "IMP", "iff": "IFF", "xor": "XOR",
             "neq": "NEQ", "top": "TOP", "bottom": "BOTTOM"}
    for op, term in names.items():
        pattern = _alternation(spellings_of(op, strict))
        if op in ("top", "bottom"):
            # a truth value stands alone: `T(x)`, `true = x` are a predicate and a term
            pattern += r"(?!\s*(?:\(|=(?![>=])|!=|/=|~=))"
        lines.append(f"{term}.2: {lark_re(pattern)}")
    quant = quantifier_regex(strict)
    lines.append(f"QUANT.2: {lark_re(quant)}")
    lines.append(f"QDOT.3: {lark_re(quant + _separator())}")
    # Prover9's and Otter's `(all x)`, `(all x y)`, `(exists x)`, before a formula
    spell = [s for s in spellings_of("forall", strict) + spellings_of("exists", strict)
             if s not in LETTER_QUANTIFIERS]
    letters = [] if strict else sorted(LETTER_QUANTIFIERS)
    paren = (r"\(\s*(?:" + _alternation(spell) + ("|" + _alternation_bare(letters) if letters else "")
             + r")\s*[A-Za-z][a-z0-9_']*(?:\s*,?\s*" + _not_keyword()
             + r"[a-z]\d*'*(?![\w'(]))*\s*\)(?=\s*(?:[(\[{¬∀∃⊤⊥$\\!~]|-(?![->])|(?!"
             + _alternation(_words("and", "or", "imp", "iff", "xor")) + r")\w))")
    lines.append(f"PQUANT.4: {lark_re(paren)}")
    lines.append(f"TEXNAME.2: {lark_re(LATEX_NAME.pattern)}")
    lines.append(f"%ignore {lark_re(LATEX_IGNORED)}")
    return "\n".join(lines) + "\n"


_QUANT_SPLIT = re.compile(r"^(\(\s*)?(" + _alternation(
    [s for s in spellings_of("forall") + spellings_of("exists") if s not in LETTER_QUANTIFIERS])
    + "|" + _alternation_bare(LETTER_QUANTIFIERS) + r")(\s*)(.*?)\s*([.:,)]?)$", re.S)


def read_quantifier(token: str) -> tuple[bool, list[str], str, str]:
    """A quantifier token's (is it ∀, its variables, its spelling, its form: `space`, `dot`,
    `colon`, `comma`, `paren`, or `attached` for `Ax`)."""
    m = _QUANT_SPLIT.match(token.strip())
    paren, spelling, gap, rest, sep = m.groups()
    names = [v for v in re.split(r"[\s,]+", rest) if v]
    if paren:
        form = "paren"
    elif sep:
        form = {".": "dot", ":": "colon", ",": "comma"}[sep]
    else:
        form = "attached" if not gap and spelling[-1:].isalpha() else "space"
    return OWNER[spelling][1] == "forall", names, spelling, form


def latex_name(token: str) -> str:
    """The name inside `\\mathit{...}` and its kin, `\\_` as `_`, spaces as `_`."""
    inner = LATEX_NAME.match(token).group(1)
    return re.sub(r"\s+", "_", inner.replace("\\_", "_").strip()) or "_"


# What makes a line look like a formula in some notation, for language detection: a
# spelling no prose or other language uses (not `-`, `!`, `v`, `^`, `|`, nor the words
# `and`, `or`, `not`, `all`, `some`), a word quantifier before its variable, or a LaTeX name.
_AMBIGUOUS = {"-", "!", "v", "^", "|", "&", "and", "or", "not", "all", "some", "AND", "OR", "NOT",
              "ALL", "SOME", "=>", "->", "-->", "==>", "~", "implies", "iff", "xor", "IFF", "XOR",
              "IMPLIES", "$T", "$F", "!=", "/=", "~=", "&&", "||"}
FORMULA_HINT = re.compile(
    "|".join(re.escape(s) + (r"(?![A-Za-z])" if s[-1:].isalpha() else "")
             for s in sorted(OWNER, key=len, reverse=True)
             if s not in _AMBIGUOUS and not s[:1].isalpha())
    # a word quantifier (any of the tables' spellings) before its variable and a bracket or
    # separator, a one-letter one before one letter and a formula (`A x. P`, `Ex (`), the
    # prefix form `(all x)`
    + r"|\b(?:forall|exists)\s+[a-z]\w*\s*[(.:]|(?<![\w$])" + _alternation([s for s in _words("forall", "exists")])
    + r"\s+[a-z]\d*'*\s*[(.:,]|(?<![\w$'])[AE] ?[a-z]\d*(?: ?[.:]\s*| \(|\()\s*[A-Za-z(~!¬-]"
    + r"|\(\s*" + _alternation(_words("forall", "exists")) + r"\s+[a-z]\d*'*\s*\)|" + LATEX_NAME.pattern)


# ------------------------------------------------------------------- writing

def snake_to_camel(name: str) -> str:
    """`talent_show` -> `TalentShow`: how a file with capitalised predicates writes one."""
    return "".join(p[:1].upper() + p[1:] for p in name.split("_")) or name


@dataclass
class Style:
    """What a file's formulas show of how they are written: the notation whose spellings
    they use most, the spelling of each operator, the quantifier form, and its names as
    written (`wumpus` -> `Wumpus`). A reader fills it in; `notation()` writes in it."""

    votes: dict[str, int] = field(default_factory=dict)
    ops: dict[str, dict[str, int]] = field(default_factory=dict)
    quant_form: dict[str, int] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    capitals: int = 0
    lowers: int = 0

    def saw(self, spelling: str):
        owner = OWNER.get(spelling)
        if owner is None:
            return
        name, op = owner
        self.votes[name] = self.votes.get(name, 0) + 1
        counts = self.ops.setdefault(op, {})
        counts[spelling] = counts.get(spelling, 0) + 1

    def saw_latex_name(self):
        self.votes["latex"] = self.votes.get("latex", 0) + 1

    def saw_quantifier(self, form: str):
        self.quant_form[form] = self.quant_form.get(form, 0) + 1

    def saw_pred(self, written: str, name: str):
        if name not in self.names:
            self.names[name] = written
        if written[:1].isupper():
            self.capitals += 1
        else:
            self.lowers += 1

    def saw_const(self, written: str, name: str):
        self.names.setdefault("c:" + name, written)

    @property
    def notation(self) -> str:
        if not self.votes:
            return "unicode"
        return max(SPELLINGS, key=lambda n: (self.votes.get(n, 0), n == "unicode"))

    def spelling(self) -> dict[str, str]:
        """The file's own spelling of each operator it wrote (the most frequent), keyed
        `@and` and the like, `@quant` its quantifier form (space, dot, colon, paren), `@case`
        its predicates' (upper, lower), and its names as written (`wumpus` -> `Wumpus`, and
        `c:bald_eagle` -> `baldEagle` for a constant): a name never has `@` or `:`."""
        out = dict(self.names)
        for op, counts in self.ops.items():
            best = max(counts, key=counts.get)
            if OWNER[best][0] == self.notation:
                out["@" + op] = best
        if self.quant_form:
            out["@quant"] = max(self.quant_form, key=self.quant_form.get)
        out["@case"] = "upper" if self.capitals > self.lowers else "lower"
        return out


def notation(name: str = "unicode", spelling: dict[str, str] | None = None) -> Notation:
    """The `fol.Notation` that writes in table `name`, with a file's own operator spellings,
    quantifier form and names as written (`spelling`, as `Style.spelling` gives it; a name the
    file never wrote is capitalised or not as the file's predicates are)."""
    spelling = spelling or {}
    # the names are looked up in `spelling` itself (a copy without its `@` keys was a scan
    # of every name of the program for each formula written); a name never starts with `@`
    names = spelling
    table = SPELLINGS[name]

    def word(op: str, default: str = "") -> str:
        own = spelling.get("@" + op)
        return own if own else (table[op][0] if table[op] else default)

    upper = spelling.get("@case") == "upper"
    latex = name == "latex"

    def wrap_name(s: str) -> str:
        return "\\mathit{" + s.replace("_", "\\_") + "}" if latex else s

    def pred(p: str) -> str:
        own = names.get(p) if not p.startswith("@") else None
        return wrap_name(own or (snake_to_camel(p) if upper else p))

    def term(t) -> str:
        if isinstance(t, Var):
            return t.name
        return wrap_name(names.get("c:" + t.name, t.name))

    form = spelling.get("@quant", "space")
    fa, ex = word("forall"), word("exists")

    def quant(q: bool, vs: list[str], body: str) -> str:
        sym = fa if q else ex
        if sym in LETTER_QUANTIFIERS and not all(
                re.fullmatch(r"[a-z]\d*'*", v)
                and re.search(r"(?<![\w'])" + re.escape(v) + r"(?![\w'])", body) for v in vs):
            # `A x p`, `A X (...)` are no quantifiers: `forall x p`
            sym = table["forall" if q else "exists"][0]
        sep = "" if not sym[-1:].isalpha() or (form == "attached" and sym in LETTER_QUANTIFIERS) \
            else " "
        if form == "paren":
            return "".join(f"({sym}{sep}{v})" for v in vs) + body
        if form in ("dot", "colon", "comma"):
            mark = {"dot": ".", "colon": ":", "comma": ","}[form]
            return "".join(f"{sym}{sep}{v}{mark} " for v in vs) + body
        if latex:
            return "".join(f"{sym} {v}\\, " for v in vs).rstrip() + body
        return "".join(f"{sym}{sep}{v} " for v in vs) + body

    not_ = word("not")
    neg = not_ + (" " if not_[-1:].isalpha() else "")
    binary = {Implies: word("imp"), Iff: word("iff")}
    if word("xor"):
        binary[Xor] = word("xor")
    return Notation(term, pred, word("top", "⊤"), word("bottom", "⊥"), neg,
                    f" {word('and')} ", f" {word('or')} ", binary, quant,
                    neq=f"{{}} {word('neq', '!=')} {{}}", args=", ",
                    bare=(Atom, Top, Bottom, Not),
                    body_bare=(Atom, Top, Bottom, Not))


ASCII = notation("ascii")
LATEX = notation("latex")


def write(formula, name: str = "unicode", spelling=None) -> str:
    """`formula` in notation `name` (see `notation`)."""
    return render(formula, notation(name, spelling))


__all__ = ["SPELLINGS", "OPS", "FORMULA_HINT", "Style", "notation", "write", "ASCII", "LATEX", "lark_terminals",
           "read_quantifier", "latex_name", "snake_to_camel"]
