"""The names a reply gives its abbreviated constants: `$b$ = Beethoven`, `b: Beethoven`,
`d (Diamond Mine)`, `vms = Vienna Music Society`, `% Constants: d = Diamond Mine, w = WWE`.

Models shorten the individuals of a story to a letter or two and say once, in prose or a
comment, whom each stands for. Against gold formulas that name them in full
(`diamondmine`), that sentence is the only evidence of which constant is which.
"""
from __future__ import annotations

import re

from ..fol import constants
from .names import norm

# what follows the constant (its closing quote or dollar aside): `=`, `:`, a dash, an
# opening bracket, a table's bar, "stands for", "denotes", "is the"
_SAYS = (r"[`'\"”$*]*\s*(?:=|:|—|–|-{1,2}|\(|\||\bstands for\b|\bdenotes\b|\brefers to\b|\bis\s+(?=the\b))"
         r"\s*(?:the\s+|an?\s+)?[`'\"“*]*")
# a proper name: capitalised words, with the small words names keep (`Symphony No. 9`,
# `Vienna Music Society`, `Iga Świątek`, `Coco Gauff`, `the Creed Brothers`)
_NAME = r"([A-Z][\w.'’\\{}-]*(?:[ \t]+(?:[A-Z0-9][\w.'’\\{}-]*|of|the|de|la|von|van|and|No\.?))*"
# or a common noun of up to four words (`e (the bald eagle)`, `b: bear`): the alignment
# takes it only where it is the very name of an individual of the ground truth
_SMALL = r"(?!(?:and|or|for|is|are|who|which|that|with)\b)[a-z][\w'’-]*"
_NAME += rf"|{_SMALL}(?:[ \t]+{_SMALL}){{0,3}})"


def legend(text: str, constants) -> dict[str, str]:
    """{constant: the name the reply gives it} for the program's `constants` (names as read:
    lower case) that some line of `text` introduces; the first introduction wins."""
    out: dict[str, str] = {}
    for c in sorted(constants, key=len, reverse=True):
        if len(c) > 6 or not c.isascii():
            continue            # a constant written out needs no legend
        written = r"(?:\\mathit\{|\\mathrm\{|\\text\{)?" + re.escape(c) + r"\}?"
        if len(c) > 1:
            written = "(?i:" + written + ")"
        pat = re.compile(r"(?<![\w\\])\$?" + written + r"\$?" + _SAYS + _NAME)
        m = pat.search(text)
        if m is not None:
            name = m.group(1).rstrip(".")
            if name.lower() != c.lower():
                out[c] = name
    return out


def named_constants(program, truth) -> dict[str, str]:
    """{program constant: the ground truth's individual} for the constants the truth does
    not have whose legend gives the very name of one it has that the program does not use
    (`e` (the bald eagle) for `bald_eagle`)."""
    formulas = [c.formula for _, c in program.statements + program.queries]
    mine = {c.name for f in formulas for c in constants(f)}
    theirs = {c.name for f in truth.axioms + ([truth.question] if truth.question is not None else [])
              for c in constants(f)}
    by_norm = {norm(c): c for c in theirs - mine}
    return {c: by_norm[norm(n)] for c, n in legend(program.text or "", mine - theirs).items()
            if norm(n) in by_norm}
