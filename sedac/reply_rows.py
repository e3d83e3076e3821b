"""Lines of a reply the reply layer (`sedac.reply`) reads apart: Markdown table rows
(`| Tom is a cat. | Cat(tom) |`: the cell that reads is the logic, the sentence beside it
its gloss) and sentences beside the formula they speak of (a gloss, not an English premise).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .glosses import sentence

if TYPE_CHECKING:
    from .reply import Line

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
    from .reply import _QUERY_LABEL
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
