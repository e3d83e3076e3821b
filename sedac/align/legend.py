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
_SMALL = r"(?!(?:and|or|for|is|are|be|who|which|that|with)\b)[a-z][\w'’-]+"
_NAME += rf"|{_SMALL}(?:[ \t]+{_SMALL}){{0,3}})"


def legend(text: str, constants) -> dict[str, str]:
    """{constant: the name the reply gives it} for the program's `constants` (names as read:
    lower case) that some line of `text` introduces; the first introduction wins."""
    return {c: names[0] for c, names in legends(text, constants).items()}


# parallel lists: `Constants e, m, s, t for the bald eagle, mouse, squirrel and tiger`
_SYMS = r"[A-Za-z]{1,3}\d?"
_PARALLEL = re.compile(rf"(?<![\w\\])({_SYMS}(?:\s*,\s*{_SYMS})+(?:\s*,?\s*and\s+{_SYMS})?|{_SYMS}\s+and\s+{_SYMS})\s+"
                       r"(?:for|stand for|stands for|denote|are|be|name|represent|=)\s+(?:the\s+)?([^.;:()\n]+)")


def _parallel(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for m in _PARALLEL.finditer(text):
        syms = [x for x in re.split(r"\s*,\s*|\s+and\s+", m.group(1)) if x]
        names = [re.sub(r"^(?:the|an?)\s+", "", x.strip()) for x in
                 re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(2)) if x.strip()]
        if len(syms) == len(names) >= 2:
            for sym, name in zip(syms, names):
                out.setdefault(sym, []).append(name)
    return out


_SYM = r"([A-Za-z][A-Za-z0-9_]{0,5})"
_WRITTEN = r"(?:\\mathit\{|\\mathrm\{|\\text\{)?" + _SYM + r"\}?"
# (each a lookahead, so that one introduction never hides the next)
_SAID = re.compile(r"(?<![\w\\])(?=\$?" + _WRITTEN + r"\$?" + _SAYS + _NAME + ")")
# or a list of pairs after a label: `Kinds: V vumpus, I impus.`, `(a Anne, b Bob)`
_LISTED = re.compile(r"(?:(?<=[:,;(])|(?<=[:,;(][ \t]))(?=" + _WRITTEN + r"[ \t]+(?:the[ \t]+)?" + _NAME
                     + r"(?=[ \t]*(?:[,;.)·|/]|$)))", re.M)
# or a table's row with the word first: `| yumpus | Yu |`
_REVERSE = re.compile(r"(?<=\|)(?=[ \t]*(?:the[ \t]+)?" + _NAME + r"[ \t]*\|[ \t]*[`$]?" + _WRITTEN
                      + r"[`$]?[ \t]*\|)")


def _introductions(text: str) -> list[tuple[str, str]]:
    """(symbol as written, the name it is given) of every introduction in `text`, in order."""
    found = [(m.start(), m.group(1), m.group(2)) for p in (_SAID, _LISTED) for m in p.finditer(text)]
    if "|" in text:
        found += [(m.start(), m.group(2), m.group(1)) for m in _REVERSE.finditer(text)]
    return [(sym, name) for _, sym, name in sorted(found, key=lambda x: x[0])]


def legends(text: str, constants) -> dict[str, list[str]]:
    """{constant: every name some line of `text` gives it, in the text's order}. A one-letter
    constant is written as it is (`e`, not `E`); a longer one in either case."""
    wanted = {c for c in constants if len(c) <= 6 and c.isascii()}   # (written out: no legend)
    if not wanted:
        return {}
    by_written: dict[str, list[str]] = {}
    for sym, name in _introductions(text):
        by_written.setdefault(sym if len(sym) == 1 else sym.lower(), []).append(name.rstrip("."))
    parallel = _parallel(text) if "," in text or " and " in text else {}
    out: dict[str, list[str]] = {}
    for c in sorted(wanted, key=len, reverse=True):
        names = list(by_written.get(c if len(c) == 1 else c.lower(), []))
        names += parallel.get(c, []) + (parallel.get(c.upper(), []) if len(c) == 1 else [])
        # (`f = Fae. Kinds: ...`: a stop may end the name, or be its own, `Symphony No. 9`)
        names = [m for n in names for m in dict.fromkeys((n, n.split(". ")[0].rstrip(".")))]
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


# a predicate declared by what it says of its variables: `R(x): x is round`, `Z(x) = x is a
# zumpus`, `| Ch(x, y) | x chases y |`, `S(x,y) -- x sees y`
# `zumpus(x) = x is a zumpus`, `S(x,y) -- x sees y`, or the bare word alone: `**Y**(x) young,`
# `N(x): nice;` `L(x, y) likes` (a word the line's punctuation, its end or the next
# declaration closes)
_DECLARED = (r"[`$*]*\s*\(\s*([a-z])\s*(?:,\s*([a-z])\s*)?\)[`$*]*\s*(?::::|:|=|≡|↔|⇔|—|–|-{1,2}|\|)?\s*"
             r"(?:means\s+(?:that\s+)?|iff\s+)?(?:\1\s+(?:(?:is|are)\s+(?:an?\s+|the\s+)?([a-z][\w-]+)|"
             r"([a-z][\w-]+)\s+\2\b)|[`*_]*(?!(?:is|are|and|or|if|iff|means)\b)([a-z][\w-]+)[`*_]*"
             r"(?=[ \t]*(?:[,;.|)]|$)|[ \t]+[`$*]*[A-Za-z]\w*[`$*]*\())")


def _forms(word: str) -> tuple[str, ...]:
    """A word of a legend as the text's vocabulary may have it (`zumpuses`: `zumpus`;
    `chase`: `chases`)."""
    w = word.lower()
    return (w, singularize(w), w + "s", w + "es")


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
    text = program.text or ""
    found = legends(text, set(spelled))
    declared: dict = {}      # (spelling, arity) -> the words its declaration gives it
    for w in spelled:
        written = re.escape(w) if len(w) == 1 else "(?i:" + re.escape(w) + ")"
        for m in re.finditer(r"(?<![\w\\])" + written + _DECLARED, text, re.M):
            n, word = (2, m.group(4)) if m.group(2) else (1, m.group(3))
            word = word or m.group(5)
            if word:
                declared.setdefault((w, n), []).append(word)
    out = {}
    for (p, n) in sorted(mine - theirs):
        words = [word for w in spelled if spelled[w] == p
                 for word in declared.get((w, n), []) + found.get(w, [])]
        hit = next((h for word in words for form in _forms(word)
                    if (h := by_norm.get((norm(form), n))) is not None), None)
        if hit is not None:
            out[(p, n)] = (hit, tuple(range(n)))
    return out
