"""The names a reply gives its abbreviated constants: `$b$ = Beethoven`, `b: Beethoven`,
`d (Diamond Mine)`, `vms = Vienna Music Society`, `% Constants: d = Diamond Mine, w = WWE`.

Models shorten the individuals of a story to a letter or two and say once, in prose or a
comment, whom each stands for. Against gold formulas that name them in full
(`diamondmine`), that sentence is the only evidence of which constant is which.
"""
from __future__ import annotations

import re

from ..fol import constants, predicates
from ..vocab import singularize
from .names import norm

# what follows the constant (its closing quote or dollar aside): `=`, `:`, a dash, an
# opening bracket, a table's bar, "stands for", "denotes", "is the"
# (a bracket right after the name is an application, `Z(sally)`, not a legend's `e (...)`)
_SAYS = (r"[`'\"”$*]*(?:\s*(?:=|:|—|–|-{1,2}|\||\bstands for\b|\bdenotes\b|\brefers to\b|\bis\s+(?=the\b))"
         r"|\s+\(|(?<=[`'\"”$*])\()\s*(?:the\s+|an?\s+)?[`'\"“*]*")
# a proper name: capitalised words, with the small words names keep (`Symphony No. 9`,
# `Vienna Music Society`, `Iga Świątek`, `Coco Gauff`, `the Creed Brothers`)
_NAME = r"([A-Z][\w.'’\\{}-]*(?:[ \t]+(?:[A-Z0-9][\w.'’\\{}-]*|of|the|de|la|von|van|and|No\.?))*"
# or a common noun of up to four words (`e (the bald eagle)`, `b: bear`): the alignment
# takes it only where it is the very name of an individual of the ground truth
_SMALL = r"(?!(?:and|or|for|is|are|who|which|that|with)\b)[a-z][\w'’-]+"
_NAME += rf"|{_SMALL}(?:[ \t]+{_SMALL}){{0,3}})"


def legend(text: str, constants) -> dict[str, str]:
    """{constant: the name the reply gives it} for the program's `constants` (names as read:
    lower case) that some line of `text` introduces; the first introduction wins."""
    return {c: names[0] for c, names in legends(text, constants).items()}


def legends(text: str, constants) -> dict[str, list[str]]:
    """{constant: every name some line of `text` gives it, in the text's order}."""
    out: dict[str, list[str]] = {}
    for c in sorted(constants, key=len, reverse=True):
        if len(c) > 6 or not c.isascii():
            continue            # a constant written out needs no legend
        written = r"(?:\\mathit\{|\\mathrm\{|\\text\{)?" + re.escape(c) + r"\}?"
        if len(c) > 1:
            written = "(?i:" + written + ")"
        pat = re.compile(r"(?<![\w\\])\$?" + written + r"\$?" + _SAYS + _NAME)
        names = [m.group(1).rstrip(".") for m in pat.finditer(text)]
        names = [n for n in names if n.lower() != c.lower()]
        if names:
            out[c] = names
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
    out = {}
    for c, names in legends(program.text or "", mine - theirs).items():
        hit = next((by_norm[norm(n)] for n in names if norm(n) in by_norm), None)
        if hit is not None:
            out[c] = hit
    return out


def named_predicates(program, truth) -> dict:
    """{(program predicate, arity): (the ground truth's predicate, identity order)} for the
    predicates the truth does not have whose legend gives the very word of one it has that
    the program does not use (`Z = zumpus` for `Z(x)`; a one-letter name is written in
    either case)."""
    formulas = [c.formula for _, c in program.statements + program.queries]
    mine = {pa for f in formulas for pa in predicates(f)}
    theirs = {pa for f in truth.axioms + ([truth.question] if truth.question is not None else [])
              for pa in predicates(f)}
    by_norm = {(norm(p), n): p for p, n in theirs - mine}
    spelled = {}
    for p, _ in mine - theirs:
        for w in ((p, p.upper()) if len(p) == 1 else (p,)):
            spelled[w] = p
    out = {}
    found = legends(program.text or "", set(spelled))
    for w in spelled:       # `Z(x): x is a zumpus`, `R(x) -- x is red`: a predicate declared
        said = re.findall(r"(?<![\w\\])" + re.escape(w) + r"\s*\(\s*([a-z])\s*\)\s*(?::::|:|=|—|–|-{1,2}|\bmeans\b)"
                          r"\s*\1\s+(?:is|are)\s+(?:an?\s+|the\s+)?([a-z][\w-]+)", program.text or "")
        if said:
            found.setdefault(w, []).extend(word for _, word in said)
    for w, names in found.items():
        p = spelled[w]
        for n in {n for q, n in mine - theirs if q == p}:
            hit = next((h for name in names for h in (by_norm.get((norm(name), n)), by_norm.get(
                (norm(singularize(name.lower())), n))) if h is not None), None)
            if hit is not None and (p, n) not in out:
                out[(p, n)] = (hit, tuple(range(n)))
    return out
