"""English morphology of sedac's symbols: singular and plural nouns, verbs' third person.

A morphology that knows nonce words (`wumpuses` -> `wumpus`, and `wumpus` stays `wumpus`),
and `inflect` for real English irregulars (`mice`). These are pure functions of a word; what
a problem's own text says of its words (`sedac.vocab`) decides first.
"""
from __future__ import annotations

import re
from functools import lru_cache

# Singular words that end in -s and must never lose it.
_KEEP_S = re.compile(r"(us|ss|ous|is|ics|ys|as)$")


@lru_cache(maxsize=None)
def _inflect():
    import inflect
    return inflect.engine()


_IRREGULAR = {"mice": "mouse", "geese": "goose", "people": "person", "men": "man",
              "women": "woman", "children": "child", "feet": "foot", "teeth": "tooth",
              "oxen": "ox", "lice": "louse", "wolves": "wolf", "leaves": "leaf",
              "knives": "knife", "lives": "life", "halves": "half", "calves": "calf"}
_UNCHANGED = frozenset({"sheep", "fish", "deer", "moose", "species", "series", "salmon",
                        "trout", "bison", "swine", "aircraft"})
_IRREGULAR_PLURAL = {v: k for k, v in _IRREGULAR.items()}


def _singular_by_rule(word: str) -> str:
    """The singular of a plural word, by a morphology that also knows nonce words.

    `inflect` is asked only about words no rule here covers: it would turn the
    nonce singular `wumpus` into `wumpu`, and importing it takes seconds.
    """
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _UNCHANGED or not word.endswith("s") or _KEEP_S.search(word):
        return word
    if word.endswith("uses") or word.endswith("sses"):
        return word[:-2]
    if re.search(r"(x|ch|sh|zz)es$", word):
        return word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("oes"):
        return _inflect().singular_noun(word) or word[:-1]
    return word[:-1]



_SEPARATORS = re.compile(r"[_\s]+")


def split_words(name: str) -> list[str]:
    """`prime_number` -> [prime, number] (a new list: callers may change it)."""
    return list(split_name(name))


@lru_cache(maxsize=65536)
def split_name(name: str) -> tuple[str, ...]:
    """`split_words` as a tuple, kept by name: a pure function of it."""
    return tuple(w for w in _SEPARATORS.split(name) if w)


@lru_cache(maxsize=65536)
def singularize(name: str) -> str:
    """`prime_numbers` -> `prime_number`, `wumpuses` -> `wumpus` (no text needed)."""
    words = split_words(name.lower())
    if not words:
        return name
    words[-1] = _singular_by_rule(words[-1])
    return "_".join(words)


@lru_cache(maxsize=65536)
def pluralize(name: str) -> str:
    """`wumpus` -> `wumpuses`, `butterfly` -> `butterflies`, `prime_number` -> `prime_numbers`."""
    words = split_words(name)
    last = words[-1]
    if last in _IRREGULAR_PLURAL:
        words[-1] = _IRREGULAR_PLURAL[last]
    elif last in _UNCHANGED:
        pass
    elif _SIBILANT.search(last):
        words[-1] = last + "es"
    elif _CONSONANT_Y.search(last):
        words[-1] = last[:-1] + "ies"
    else:
        words[-1] = last + "s"
    return "_".join(words)


_SIBILANT = re.compile(r"(s|x|ch|sh|z)$")
_CONSONANT_Y = re.compile(r"[^aeiou]y$")


def looks_plural(name: str) -> bool:
    return singularize(name) != name.lower()


def symbol(words) -> str:
    """The canonical predicate symbol of a (possibly compound) noun."""
    if isinstance(words, str):
        words = split_words(words)
    return "_".join(w.lower() for w in words)


def third_person(base: str) -> str:
    """`chase` -> `chases`, `watch` -> `watches`, `carry` -> `carries`."""
    if re.search(r"(s|x|ch|sh|z|o)$", base):
        return base + "es"
    if re.search(r"[^aeiou]y$", base):
        return base[:-1] + "ies"
    return base + "s"


def _base_of(third: str, bases: set[str]) -> str:
    for cand in (third[:-1], third[:-2], third[:-3] + "y"):
        if cand in bases:
            return cand
    if re.search(r"(ss|x|ch|sh|z)es$", third):
        return third[:-2]
    if re.search(r"[^aeiou]ies$", third):
        return third[:-3] + "y"
    return third[:-1]

