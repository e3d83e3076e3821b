"""Words: singular and plural nouns, adjective forms of compound nouns, proper nouns.

Decisions come from the problem's own vocabulary first (a word the text uses as a
singular noun is a singular noun, whatever a dictionary says) and only then from
general rules (`sedac.morphology`). The vocabulary a text shows is read by
`sedac.text_vocab`; its names are importable from here too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .morphology import (_KEEP_S, _base_of, _inflect, _singular_by_rule, looks_plural,  # noqa: F401
                         pluralize, singularize, split_words, symbol, third_person)
from .text_vocab import (FUNCTION_WORDS, GENERIC, sentences, tokens,  # noqa: F401
                         vocabulary_from_text, words)

# Head nouns that form compound nouns whose modifier LLMs use alone as an adjective
# (`even` for `even number`), and the modifiers seen in PrOntoQA's ontologies.
COMPOUND_HEADS = ("number", "prime")
KNOWN_COMPOUNDS = frozenset({
    "even_number", "odd_number", "prime_number", "composite_number", "natural_number",
    "real_number", "negative_number", "positive_number", "whole_number", "rational_number",
    "irrational_number", "complex_number", "imaginary_number", "mersenne_prime",
})
# Words of the PrOntoQA ontologies: used by text-free (partial) checks only.
KNOWN_NOUNS = frozenset("""
animal ant arthropod butterfly carnivore cat cow crustacean dog feline insect invertebrate
lepidopteran mammal moth sheep snake spider vertebrate whale bird fish mouse
number integer fraction prime_number composite_number even_number odd_number natural_number
real_number negative_number positive_number mersenne_prime
jompus yumpus dumpus wumpus impus tumpus vumpus zumpus rompus numpus sterpus lorpus grimpus
gorpus shumpus lempus brimpus
""".split())
KNOWN_NAMES = frozenset("""
alex fae max polly rex sally sam stella wren tom bob anne charlie dave erin fiona gary harry
""".split())


# Words of PrOntoQA texts that are also SWI-Prolog type tests (`number/1`): programs
# avoid them with another name, which R10 reads back as the word.
BUILTIN_CLASSES = frozenset({"number", "integer", "float", "atom", "string", "callable",
                             "compound", "atomic", "rational"})
ALIAS_ABBREVIATIONS = {"num": "number", "int": "integer", "nat": "natural_number",
                       "natnum": "natural_number", "str": "string", "realnum": "real_number",
                       "flt": "float", "integ": "integer", "numb": "number"}
_ALIAS = re.compile(r"(?:is_an?_|is_|my_|an?_|the_|a_)([a-z]\w*)|([a-z]\w*?)_+|"
                    r"([a-z]\w*?)_?(?:pred|class|type|kind)")


def _guessable_plural(plural: str, singular: str) -> bool:
    """Whether general knowledge alone may suggest `plural` is a noun's plural: a noun of
    PrOntoQA's word lists or a nonce noun (`wumpuses`); `tidies` may be a verb."""
    last = split_words(singular)[-1] if split_words(singular) else singular
    return singular in KNOWN_NOUNS or last in KNOWN_NOUNS or plural.endswith("puses")


def _compounds_by_first(nouns) -> dict:
    """first word -> the compound nouns (`even_number`) that start with it."""
    return _first_by((n.split("_")[0], n) for n in nouns
                     if "_" in n and n.split("_")[-1] in COMPOUND_HEADS)


def _first_by(pairs) -> dict:
    """key -> every value with that key, in order."""
    out: dict = {}
    for k, v in pairs:
        out.setdefault(k, []).append(v)
    return out


_KNOWN_BY_FIRST = _compounds_by_first(KNOWN_COMPOUNDS)


def _first_verb(verbs: dict) -> dict:
    """Either form of a verb -> the first third person (in the verbs' order) it is a form of."""
    out: dict = {}
    for third, base in verbs.items():
        out.setdefault(third, third)
        out.setdefault(base, third)
    return out


@dataclass
class Vocabulary:
    """What is known about the words of one problem (and its program)."""

    nouns: set[str] = field(default_factory=set)          # singular symbols
    plurals: dict[str, str] = field(default_factory=dict)  # plural symbol -> singular
    adjectives: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    from_text: bool = False
    # ProofWriter's relations: entities of several words (`the bald eagle` -> `bald_eagle`)
    # and verbs, by symbol (the third person, `chases`) with their base form (`chase`).
    entities: dict[str, str] = field(default_factory=dict)   # "the bald eagle" -> bald_eagle
    verbs: dict[str, str] = field(default_factory=dict)      # chases -> chase
    # whether the text has rules with several conditions (`If something is big and kind...`,
    # `Red, cold things are round.`): only then can a translation have dropped one (D8)
    joined: bool = False
    # gold formulas for real language (FOLIO): its translations may slip on any
    # connective, so the connective rules (D13-D23) apply
    formal: bool = False
    # Without a text: whether general knowledge (PrOntoQA's word lists, English morphology)
    # may decide what a word is. A vocabulary that guesses (`james` is the plural of `jame`)
    # only suggests; the one shallow fixes are applied with never does (`guess=False`): a
    # word is what the program itself shows it to be.
    guess: bool = True

    # ---------------------------------------------------------- questions
    def singular_of(self, word: str) -> str | None:
        """The singular noun `word` is the plural of, or None."""
        w = word.lower()
        if w in self.plurals:
            return self.plurals[w]
        if w in self.nouns:
            return None
        s = singularize(w)
        if s != w and (s in self.nouns or self.guessing and _guessable_plural(w, s)):
            return s
        return None

    @property
    def guessing(self) -> bool:
        """Whether words the problem does not show may be read by general knowledge."""
        return not self.from_text and self.guess

    def is_noun(self, word: str) -> bool:
        w = word.lower()
        return w in self.nouns or (self.guessing and w in KNOWN_NOUNS)

    def is_name(self, word: str) -> bool:
        w = word.lower()
        return w in self.names or (self.guessing and w in KNOWN_NAMES)

    def noun_of_adjective(self, word: str) -> str | None:
        """The compound noun whose adjective form `word` is (`even` -> `even_number`)."""
        w = word.lower()
        if w in self.adjectives or w in self.nouns:
            return None
        # the compounds by their first word, indexed once: a scan of every noun for each
        # word asked was quadratic in a program of many classes
        found = set(self._index("nouns", lambda: _compounds_by_first(self.nouns)).get(w, ()))
        if self.guessing:
            found.update(_KNOWN_BY_FIRST.get(w, ()))
        return next(iter(found)) if len(found) == 1 else None

    def is_word(self, word: str) -> bool:
        """A noun, adjective or name of the problem (of the program, without a text)."""
        w = word.lower()
        return w in self.nouns or w in self.adjectives or w in self.names or w in self.plurals

    def alias_of(self, word: str, arity: int = 1) -> str | None:
        """The word a name stands for when it was chosen to avoid a Prolog built-in or a
        clash (`num`, `is_number`, `my_number`, `number_` for `number`; with a text, also
        `is_cat` for `cat`), or, for a relation, another form of a verb of the text (`need`
        or `does_need` for `needs`); None otherwise."""
        w = word.lower()
        if arity != 1:
            return self._verb_alias(w)
        if self.from_text and self.is_word(w) or w in BUILTIN_CLASSES:
            return None
        candidates = []
        if w in ALIAS_ABBREVIATIONS:
            candidates.append(ALIAS_ABBREVIATIONS[w])
        m = _ALIAS.fullmatch(w)
        if m:
            base = next(g for g in m.groups() if g)
            candidates.append(ALIAS_ABBREVIATIONS.get(base, base))
        for c in candidates:
            if (c in self.nouns or c in self.adjectives) if self.from_text else c in BUILTIN_CLASSES:
                return c
        return None

    def name_alias(self, name: str) -> str | None:
        """The text's individual a constant spells another way (`the_bald_eagle`,
        `baldeagle`, `BaldEagle` for `bald_eagle`), or None."""
        if not self.from_text or not self.names:
            return None
        w = re.sub(r"[\s-]+", "_", name.strip().lower())
        if w in self.names:
            # a name as written (`'Tom'`, `'bald eagle'`) for the text's `tom`, `bald_eagle`
            return w if w != name else None
        bare = re.sub(r"^(the|a|an)_", "", w).replace("_", "")
        found = self._index("names", lambda: _first_by(
            (n.replace("_", ""), n) for n in self.names)).get(bare, ())
        return found[0] if len(found) == 1 else None

    def _index(self, what: str, build) -> dict:
        """A lookup table over one of the word sets, built once and rebuilt when the set
        grows (they only grow, while the vocabulary is built): each question is then one
        look-up, not a scan of the words."""
        size = len(getattr(self, what))
        hit = self.__dict__.get("_index_" + what)
        if hit is None or hit[0] != size:
            hit = self.__dict__["_index_" + what] = (size, build())
        return hit[1]

    def _verb_alias(self, w: str) -> str | None:
        if not self.verbs or w in self.verbs:
            return None
        w = re.sub(r"^(does_|do_|is_)", "", w)
        return self._index("verbs", lambda: _first_verb(self.verbs)).get(w)

    def merged(self, other: "Vocabulary") -> "Vocabulary":
        return Vocabulary(self.nouns | other.nouns, {**other.plurals, **self.plurals},
                          self.adjectives | other.adjectives, self.names | other.names,
                          self.from_text or other.from_text,
                          {**other.entities, **self.entities}, {**other.verbs, **self.verbs},
                          self.joined or other.joined, self.formal or other.formal,
                          self.guess and other.guess)

