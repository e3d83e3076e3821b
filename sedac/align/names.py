"""The words of a symbol's name: lemmas from spaCy's English lookup table (`shows` ->
`show`), a program's own description of its predicates (`Perform(x) ::: x performs ...`),
and the normal forms the alignment compares names and sentences by.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..fol import Formula, constants, predicates

_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_STOP = frozenset("x y z a an the is are be of in on at to and or not who that which with "
                  "for as by its it their they has have do does".split())
_PRED_GLOSS = re.compile(r"^\s*([A-Za-z_][\w']*)\s*\(([^()]*)\)\s*:::\s*(.+)$")
# the same description as a comment (`% perform(X): X performs in talent shows.`, `; ...`,
# `# ... - ...`, `-- ...`), a bullet or a number allowed after the mark
_COMMENT_GLOSS = re.compile(r"^\s*(?:%+|#+|//+|;+|--+)\s*(?:[-*•]\s+|\d{1,3}[.)]\s+)?"
                            r"([A-Za-z_][\w']*)\s*\(([^()]*)\)\s*(?::::|:|-|—|–|=|means)\s*(.+)$")
_NOT_ALNUM = re.compile(r"[^a-z0-9]")
_NO_GLOSS = re.compile(r"[∀∃→¬∧∨↔⊕()]|->|=>|:-")
NEGATIVE = frozenset({"no", "not", "non", "never", "without", "lack", "un"})


@lru_cache(maxsize=1)
def _lemmas():
    """spaCy's English lemma lookup table (`sedac.align.lemmas`: read in buckets, when asked)."""
    from .lemmas import load
    return load()


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    w = word.lower()
    found = _lemmas().get(w)
    if found:
        return found
    from ..vocab import singularize
    return singularize(w)


@lru_cache(maxsize=65536)
def words(name: str) -> frozenset[str]:
    """The lemmas of a symbol's words: `TalentShows` / `talent_shows` -> {talent, show}."""
    parts = [p for chunk in re.split(r"[_\W]+", name) for p in _WORD.findall(chunk)] or [name]
    return frozenset(lemma(p) for p in parts if p.lower() not in _STOP and len(p) > 1)


def norm_sentence(s: str) -> set[str]:
    return {lemma(w) for w in re.findall(r"[A-Za-z]+", s) if w.lower() not in _STOP}


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def symbol_words(f: Formula) -> set[str]:
    out: set[str] = set()
    for p, _ in predicates(f):
        out |= words(p)
    for c in constants(f):
        out |= words(c.name)
    return out


def predicate_glosses(text: str) -> dict[tuple[str, int], str]:
    """The program's own description of its predicates (`Perform(x) ::: x performs ...`, or
    as a comment: `% perform(X): X performs ...`)."""
    from ..readers.sections import camel_to_snake
    out = {}
    for line in text.split("\n"):
        m = _PRED_GLOSS.match(line)
        if m is None:
            m = _COMMENT_GLOSS.match(line)
            if m is None or _NO_GLOSS.search(m.group(3)) or len(m.group(3).split()) < 2:
                continue
        if all(re.fullmatch(r"\s*[A-Za-z]\w*\s*", a) for a in m.group(2).split(",")):
            out.setdefault((camel_to_snake(m.group(1)), len(m.group(2).split(","))), m.group(3))
    return out


@lru_cache(maxsize=65536)
def norm(c: str) -> str:
    return _NOT_ALNUM.sub("", c.lower())


def similar(a: str, b: str) -> bool:
    """Whether two symbols' names may name one thing: they share a word's lemma, or their
    spellings differ by a slip (`alligator`, `aligator`)."""
    return bool(words(a) & words(b)) or slip(a, b)


@lru_cache(maxsize=65536)
def slip(a: str, b: str) -> bool:
    """Whether two names' spellings differ by a slip (`alligator`, `aligator`)."""
    x, y = norm(a), norm(b)
    lx, ly = len(x), len(y)
    # (the ratio is at most 2·min/(lx + ly), and at most the shared letters' share: both
    # bounds are read before the matching blocks are)
    if min(lx, ly) < 5 or 2.0 * min(lx, ly) / (lx + ly) < 0.85:
        return False
    from difflib import SequenceMatcher
    m = SequenceMatcher(None, x, y)
    return m.quick_ratio() >= 0.85 and m.ratio() >= 0.85
