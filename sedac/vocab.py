"""Words: singular and plural nouns, adjective forms of compound nouns, proper nouns.

Decisions come from the problem's own vocabulary first (a word the text uses as a
singular noun is a singular noun, whatever a dictionary says) and only then from
general rules: a morphology that knows nonce words (`wumpuses` -> `wumpus`, and
`wumpus` stays `wumpus`) and `inflect` for real English irregulars (`mice`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

# Head nouns that form compound nouns whose modifier LLMs use alone as an adjective
# (`even` for `even number`), and the modifiers seen in PrOntoQA's ontologies.
COMPOUND_HEADS = ("number", "prime")
KNOWN_COMPOUNDS = frozenset({
    "even_number", "odd_number", "prime_number", "composite_number", "natural_number",
    "real_number", "negative_number", "positive_number", "whole_number", "rational_number",
    "irrational_number", "complex_number", "imaginary_number", "mersenne_prime",
})
# Singular words that end in -s and must never lose it.
_KEEP_S = re.compile(r"(us|ss|ous|is|ics|ys|as)$")
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


def _guessable_plural(plural: str, singular: str) -> bool:
    """Whether general knowledge alone may suggest `plural` is a noun's plural: a noun of
    PrOntoQA's word lists or a nonce noun (`wumpuses`); `tidies` may be a verb."""
    last = split_words(singular)[-1] if split_words(singular) else singular
    return singular in KNOWN_NOUNS or last in KNOWN_NOUNS or plural.endswith("puses")


def split_words(name: str) -> list[str]:
    return [w for w in re.split(r"[_\s]+", name) if w]


@lru_cache(maxsize=65536)
def singularize(name: str) -> str:
    """`prime_numbers` -> `prime_number`, `wumpuses` -> `wumpus` (no text needed)."""
    words = split_words(name.lower())
    if not words:
        return name
    words[-1] = _singular_by_rule(words[-1])
    return "_".join(words)


def pluralize(name: str) -> str:
    """`wumpus` -> `wumpuses`, `butterfly` -> `butterflies`, `prime_number` -> `prime_numbers`."""
    words = split_words(name)
    last = words[-1]
    if last in _IRREGULAR_PLURAL:
        words[-1] = _IRREGULAR_PLURAL[last]
    elif last in _UNCHANGED:
        pass
    elif re.search(r"(s|x|ch|sh|z)$", last):
        words[-1] = last + "es"
    elif re.search(r"[^aeiou]y$", last):
        words[-1] = last[:-1] + "ies"
    else:
        words[-1] = last + "s"
    return "_".join(words)


def looks_plural(name: str) -> bool:
    return singularize(name) != name.lower()


def symbol(words) -> str:
    """The canonical predicate symbol of a (possibly compound) noun."""
    if isinstance(words, str):
        words = split_words(words)
    return "_".join(w.lower() for w in words)


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


# ------------------------------------------------------------ from the text

_STOP = re.compile(r"[.!]")
_LETTER = re.compile(r"[A-Za-z]")
_QUESTION = re.compile(r"^\s*(true or false:|is the following statement true or false\?|"
                       r"(based on the above information, )?is the following statement true, "
                       r"false, or unknown\?)\s*", re.I)


def sentences(text: str) -> list[tuple[int, str]]:
    """Sentences of a problem text with their character offsets.

    A sentence ends at `.` or `!` before white space or the end; the `?` of
    Logic-LM's question prefix does not end one.
    """
    out = []
    i, n = 0, len(text)
    while i < n:   # one pass: a sentence never spans a full stop, so each run is seen once
        j = _STOP.search(text, i)
        end = j.start() if j else n
        p = i
        while p < end and text[p].isspace():
            p += 1
        if p < end:
            if j is None:
                found = text[p:n]
            elif end + 1 == n or text[end + 1].isspace():
                found = text[p:end + 1]
            else:
                found = ""    # `3.5`, `e.g`: a stop inside a word ends no sentence here
            s = found.strip()
            if s and _LETTER.search(s):
                out.append((p, s))
        i = end + 1
    return out


def words(sentence: str) -> list[str]:
    """The lower-case words the DCG reads (punctuation dropped)."""
    return [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9'-]*", sentence)]


def tokens(sentence: str) -> list[str]:
    s = _QUESTION.sub("", sentence)
    return re.findall(r"[A-Za-z][A-Za-z0-9'-]*", s)


# Words that are never a name, a class or a property: a sentence that puts one where the
# grammar expects those (`Some cats are blue.`, `Nothing is blue.`, `Tom is a cat or a dog.`,
# `Every animal that is a cat is furry.`) gives the lexicon nothing, so the grammar reports
# it as not understood instead of misreading it.
FUNCTION_WORDS = frozenset("""
a an the some no none nothing something everything anything nobody someone everyone anyone
somebody everybody most many few several any all every each both either neither that which
who whom whose where when while or and but nor if then else than because so it its they them
their there this these those he she him her his i we you me us our your is are was were be
been being am has have had do does did not never very also only just of to in on at by with
from for as into onto about over under
true false conclusion conclusions statement statements premise premises answer question query
following above given
""".split())   # (the last lines: words about the problem, `The conclusion is true.`, never of it)


def _content(words_: list[str]) -> bool:
    return bool(words_) and not any(w in FUNCTION_WORDS for w in words_)


def vocabulary_from_text(sents: list[str]) -> Vocabulary:
    """Classify the words of PrOntoQA and ProofWriter sentences by the positions they stand
    in; a sentence with a function word in such a position adds nothing (see FUNCTION_WORDS)."""
    v = Vocabulary(from_text=True)
    pending: list[list[str]] = []  # objects of `are`: plural noun or adjective
    relational = {id(s) for s, ws in zip(sents, _relations(v, [tokens(s) for s in sents])) if ws}
    for sent in sents:
        ws = tokens(sent)
        low = [w.lower() for w in ws]
        if len(ws) < 3 or id(sent) in relational:
            continue
        if low[0] in ("every", "each", "all") and "is" in low and low.index("is") > 1:
            i = low.index("is")
            if not (_content(low[1:i]) and _object_ok(low[i + 1:])):
                continue
            v.nouns.add(symbol(low[1:i]))
            _object(v, low[i + 1:])
        elif "is" in low and low.index("is") == 1:
            if not (_content(low[:1]) and _object_ok(low[2:])):
                continue
            v.names.add(low[0])
            _object(v, low[2:])
        elif "are" in low:
            i = low.index("are")
            start = 1 if low[0] == "all" else 0
            if not (_content(low[start:i]) and _object_ok(low[i + 1:])):
                continue
            subj = symbol(low[start:i])
            v.plurals[subj] = None  # resolved below
            obj = low[i + 1:]
            if obj and obj[0] == "not":
                obj = obj[1:]
            if obj:
                pending.append(obj)
    for pl in list(v.plurals):
        if v.plurals[pl] is None:
            v.plurals[pl] = _singular_in(v, pl)
    for obj in pending:
        name = symbol(obj)
        if len(obj) > 1 or name in v.plurals:
            v.plurals.setdefault(name, _singular_in(v, name))
        elif singularize(name) in v.nouns and singularize(name) != name:
            v.plurals[name] = singularize(name)
        elif name in v.nouns and name not in v.adjectives:  # sheep
            v.plurals[name] = name
        elif name in v.adjectives or not _plural_shape(name):
            v.adjectives.add(name)
        else:
            v.plurals[name] = _singular_in(v, name)
    v.nouns.update(v.plurals.values())
    return v


def _plural_shape(word: str) -> bool:
    return word.endswith("s") and not _KEEP_S.search(word) or word.endswith("uses")


def _singular_in(v: Vocabulary, plural: str) -> str:
    if plural in v.nouns:  # sheep
        return plural
    s = singularize(plural)
    return s


def _object_ok(rest: list[str]) -> bool:
    """Whether what follows `is`/`are` is a class or a property the grammar can read."""
    if rest and rest[0] == "not":
        rest = rest[1:]
    if rest and rest[0] in ("a", "an"):
        rest = rest[1:]
    return _content(rest)


def _object(v: Vocabulary, rest: list[str]):
    if rest and rest[0] == "not":
        rest = rest[1:]
    if not rest:
        return
    if rest[0] in ("a", "an"):
        v.nouns.add(symbol(rest[1:]))
    else:
        v.adjectives.add(symbol(rest))


# ------------------------------------------------------------ ProofWriter's words

GENERIC = ("things", "people")        # `Big things are kind.`, `Kind people are red.`
_RELATIONAL_STARTS = ("if", "the", "something", "someone")


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


def _relations(v: Vocabulary, sents: list[list[str]]) -> list[bool]:
    """ProofWriter's words: verbs (the word before an object, `chases the cat`, and after
    `does not`), entities (capitalised names, and `the` with the words up to a verb, `is`,
    `and`, `then` or the end), adjectives (after `is`/`are [not]`, and before `things` or
    `people`). Which sentences are relational (their words are classified here)."""
    bases: set[str] = set()
    thirds: set[str] = set()
    lows = [[w.lower() for w in ws] for ws in sents]
    for low in lows:
        for i in range(len(low) - 2):
            if low[i] in ("does", "do") and low[i + 1] == "not" and low[i + 2] not in FUNCTION_WORDS:
                bases.add(low[i + 2])
    for ws, low in zip(sents, lows):
        for i in range(1, len(low) - 1):
            w, nxt = low[i], ws[i + 1]
            if w in FUNCTION_WORDS or low[i - 1] in ("not", "is", "are"):
                continue
            if nxt == "the" or nxt[:1].isupper() and nxt.lower() not in FUNCTION_WORDS:
                if low[i - 1] in ("they", "people", "things"):
                    bases.add(w)
                elif w.endswith("s"):
                    thirds.add(w)
    verbs = {t: _base_of(t, bases) for t in thirds}
    for b in bases:
        if b not in verbs.values():
            verbs[third_person(b)] = b
    verb_forms = set(verbs) | set(verbs.values())
    stops = set(FUNCTION_WORDS) | verb_forms
    out = []
    for ws, low in zip(sents, lows):
        relational = bool(low) and (low[0] in _RELATIONAL_STARTS or any(w in verb_forms for w in low)
                                    or any(g in low for g in GENERIC))
        if not relational:
            out.append(False)
            continue
        out.append(True)
        if low[0] == "if" and "then" in low and "and" in low[:low.index("then")]:
            v.joined = True
        for g in GENERIC:
            if g in low and len([w for w in low[:low.index(g)] if w not in ("all", "and")]) > 1:
                v.joined = True
        v.verbs.update({t: b for t, b in verbs.items() if t in low or b in low})
        for i, w in enumerate(low):
            if w == "the":
                j = i + 1
                while j < len(low) and low[j] not in stops:
                    j += 1
                if j > i + 1:
                    phrase = low[i:j]
                    v.entities[" ".join(phrase)] = symbol(phrase[1:])
                    v.names.add(symbol(phrase[1:]))
            elif ws[i][:1].isupper() and w not in FUNCTION_WORDS and (i > 0 or len(low) > 1 and (
                    low[1] in ("is", "does") or low[1] in verbs)):
                v.names.add(w)
        for i, w in enumerate(low):
            if w in ("is", "are"):
                j = i + 1
                while j < len(low):
                    if low[j] == "not":
                        j += 1
                    if j < len(low) and low[j] not in FUNCTION_WORDS and low[j] not in verb_forms \
                            and (j + 1 == len(low) or low[j + 1] in ("and", "then")):
                        v.adjectives.add(low[j])
                    if j + 1 < len(low) and low[j + 1] == "and":
                        j += 2
                    else:
                        break
        for g in GENERIC:
            if g in low:
                start = 1 if low[0] == "all" else 0
                for w in low[start:low.index(g)]:
                    if w != "and" and w not in FUNCTION_WORDS:
                        v.adjectives.add(w)
    return out
