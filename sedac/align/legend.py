"""The names a reply gives its abbreviated constants: `$b$ = Beethoven`, `b: Beethoven`,
`d (Diamond Mine)`, `vms = Vienna Music Society`, `% Constants: d = Diamond Mine, w = WWE`.

Models shorten the individuals of a story to a letter or two and say once, in prose or a
comment, whom each stands for. Against gold formulas that name them in full
(`diamondmine`), that sentence is the only evidence of which constant is which.
"""
from __future__ import annotations

import re

# what follows the constant: `=`, `:`, a dash, an opening bracket, "stands for", "denotes"
_SAYS = r"\s*(?:=|:|—|–|-{1,2}|\(|\bstands for\b|\bdenotes\b)\s*(?:the\s+)?[`'\"“]*"
# a proper name: capitalised words, with the small words names keep (`Symphony No. 9`,
# `Vienna Music Society`, `Iga Świątek`, `Coco Gauff`, `the Creed Brothers`)
_NAME = r"([A-Z][\w.'’\\{}-]*(?:[ \t]+(?:[A-Z0-9][\w.'’\\{}-]*|of|the|de|la|von|van|and|No\.?))*)"


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
