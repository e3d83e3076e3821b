"""Lines of a reply the reply layer (`sedac.reply`) reads apart: Markdown table rows
(`| Tom is a cat. | Cat(tom) |`: the cell that reads is the logic, the sentence beside it
its gloss), sentences beside the formula they speak of (a gloss, not an English premise)
and a sentence before its formula on one line (`Cats are mammals. -> forall x (...)`).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .glosses import sentence

if TYPE_CHECKING:
    from .reply_layout import Line

def glosses(said: str, ln: Line, text: str) -> bool:
    """Whether sentence `said` speaks of the formula on line `ln` (`sedac.glosses.pairs`)."""
    from .glosses import PAIRS, names_of, pairs
    if ln.role != "logic" or sentence(ln.text):
        return False
    return pairs(said, names_of(text[ln.lo:ln.hi])) >= PAIRS


TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
TABLE_RULE = re.compile(r"^\s*\|?(\s*:?-{2,}:?\s*\|)+\s*(:?-{2,}:?\s*)?$")
FOREIGN_COMMENT = re.compile(r"^\s*(%|--|//|;)")


def row(ln: Line, s: str, logic_of, reads, kind, section) -> bool:
    """A Markdown table row (`| Tom is a cat. | Cat(tom) |`): its cell that reads is the
    logic (the sentence beside it its gloss, a `Conclusion` cell its label), a rule or a
    header row is layout. Whether the row holds logic."""
    from .reply_lines import _QUERY_LABEL
    ln.section = section
    if TABLE_RULE.match(s):
        ln.role, ln.why = "prose", "a table's rule, not code"
        return False
    bars = [i for i, ch in enumerate(s) if ch == "|" and (i == 0 or s[i - 1] != "\\")]
    cells = [(a + 1, b) for a, b in zip(bars, bars[1:])]
    found, label = None, None
    for a, b in cells:
        lo, hi, _, lab = logic_of(s[a:b], ln.start + a)
        piece = s[lo - ln.start:hi - ln.start]
        if found is None and piece.strip() and not sentence(piece) and reads(piece):
            found = (lo, hi)
        elif _QUERY_LABEL.match(s[a:b].strip().strip("*_")) and len(s[a:b].split()) <= 3:
            label = "query"
    if found is None:
        ln.role, ln.why = "prose", "a table's header or prose, not code"
        return False
    ln.lo, ln.hi = found
    glosses = [sentence(s[a:b]) for a, b in cells if not a <= found[0] - ln.start < b]
    ln.gloss = next((g for g in glosses if g), "")
    ln.kind = label or (kind if kind in ("statement", "query") else None) or "statement"
    return True


# What sets a sentence off from the formula after it: an arrow, a colon, a dash, a bar, an
# equals sign (`Tom is a cat. -> Cat(tom)`, `Tom is a cat: Cat(tom)`, `... | Cat(tom)`,
# `... == Cat(tom)`), or, after the sentence's stop, a wide space, a TeX dollar or a
# backtick (`Tom is a cat.  Cat(tom)`, `**Tom is a cat.** `Cat(tom)``)
LEAD_SEP = re.compile(r"[ \t]*(?:-{1,3}>|={1,2}>|[→⇒⟹⟶↦⟼]|::?|[—–]|-{2,3}|={1,3}|≡|\|)[ \t]*"
                      r"|(?<=[.!?\"”*_])(?:\t|  |[ \t]*(?=[$`]|\\\())[ \t]*"
                      # (one space after the stop, before a quantifier or an atom)
                      r"|(?<=[.!?\"”*_])[ \t]+(?=[∀∃¬]|[A-Za-z]\w*\()")
LEAD_HAS = re.compile(r"[A-Za-z][.!?\"”*_]*[ \t]*(?:[-=]*>|[→⇒⟹⟶↦⟼:—–|=≡]|--|\t|  |[ \t][$`])"
                      r"|[A-Za-z][.!?][\"”*_]*[ \t]+(?:[∀∃¬]|[A-Za-z]\w*\()")
_FORMULA = re.compile(r"[(∀∃→¬∧∨⊕↔⇒~&|]|->|=>|\\[a-z]")
# a sentence has none of these; a longer piece of the line will not either
_NO_SENTENCE = re.compile(r"[()\[\]{}$`<>→⇒⟹⟶↦⟼∀∃¬∧∨\\]")
# the label of the question before its sentence (`Question — Sam is cold: ...`, `Q. ...`)
_ASKS = re.compile(r"^(?:question|query|conclusion|goal|hypothesis|claim|to prove|prove|q)\b\s*"
                   r"(?:[—–:.)-]+|\*\*)\s*", re.I)


def lead(s: str, base: int, found, candidate, reads):
    """(lo, hi, gloss, label) of a line that opens with the sentence its formula states
    (`Cats are mammals. -> forall x (...)`, `Sam is a cat: Cat(sam)`), or None: the
    first separator after which the rest reads, before which is a sentence. `found` is the
    line's `candidate`, which does not read as a whole (so `rain and wind -> wet`, a
    formula of words, is never cut)."""
    start = found[0] - base
    for m in LEAD_SEP.finditer(s, start):
        piece = s[start:m.start()]
        label = None
        asks = _ASKS.match(piece.lstrip("*_ "))
        if asks:
            piece, label = piece.lstrip("*_ ")[asks.end():], "query"
        if _NO_SENTENCE.search(piece) or m.end() >= len(s):
            return None
        said = sentence(piece) if m.start() > start else None
        if not said:
            continue
        rest = candidate(s[m.end():], base + m.end())
        logic = s[rest[0] - base:rest[1] - base]
        # (the formula has a bracket or a connective: after `b: bear` is no formula `bear`)
        if _FORMULA.search(logic) and reads(logic):
            return rest[0], rest[1], said, found[3] or label or rest[3]
    return None


# a label of one of several formulas on a line: at its start (after a bullet) or after a
# wide space: `(1) `, `P7 `, `F3 `, `R2. `
_SIDE_LABEL = re.compile(r"(?:^[ \t]*(?:[-*•][ \t]+)?|(?<=\S)[ \t]{2,})(\(\d{1,3}\)|[A-Z]{1,2}\d{1,3}[.:)]?)[ \t]+(?=\S)")


_CAPITAL_DIGIT = re.compile(r"[A-Z]{1,2}\d")
_DIGIT = re.compile(r"\d")


def several(ln: Line, s: str, reads) -> bool:
    """Whether line `ln` (text `s`) holds several labelled formulas side by side (`(1) A(c)
    (2) B(c)  (3) ∀x (...)`, `P1  Blue(a)        P7  Big(b)`): two labels or more, and what
    follows each reads as a formula while the line as a whole does not. Sets `ln.parts`."""
    if s.count("(") < 2 and not _CAPITAL_DIGIT.search(s) or not _DIGIT.search(s):
        return False     # (every label has a digit)
    labels = list(_SIDE_LABEL.finditer(s))
    if len(labels) < 2 or labels[0].start() > len(s) - len(s.lstrip()) + 2:
        return False
    parts = []
    for m, nxt in zip(labels, labels[1:] + [None]):
        lo, hi = m.end(), nxt.start() if nxt is not None else len(s.rstrip())
        piece = s[lo:hi].rstrip()
        if not piece or not reads(piece):
            return False
        parts.append((ln.start + lo, ln.start + lo + len(piece)))
    if reads(s.strip()):
        return False
    ln.parts, ln.lo, ln.hi = parts, parts[0][0], parts[-1][1]
    return True
