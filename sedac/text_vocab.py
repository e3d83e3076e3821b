"""The vocabulary a problem's text shows: its sentences, their words, and each word's class
(noun, plural, adjective, name; ProofWriter's entities and verbs) read from the positions
it stands in."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .morphology import _KEEP_S, _base_of, singularize, symbol, third_person

if TYPE_CHECKING:
    from .vocab import Vocabulary


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


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*")


def words(sentence: str) -> list[str]:
    """The lower-case words the DCG reads (punctuation dropped)."""
    found = _WORD.findall(sentence)     # (ASCII words, lower-cased at once: none has a space)
    return " ".join(found).lower().split(" ") if found else found


def tokens(sentence: str) -> list[str]:
    return _WORD.findall(_QUESTION.sub("", sentence))


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
    return bool(words_) and FUNCTION_WORDS.isdisjoint(words_)


def _at(low: list[str], word: str) -> int:
    """The first position of `word` in `low`, or -1."""
    try:
        return low.index(word)
    except ValueError:
        return -1


def vocabulary_from_text(sents: list[str]) -> Vocabulary:
    """Classify the words of PrOntoQA and ProofWriter sentences by the positions they stand
    in; a sentence with a function word in such a position adds nothing (see FUNCTION_WORDS)."""
    from .vocab import Vocabulary
    v = Vocabulary(from_text=True)
    pending: list[list[str]] = []  # objects of `are`: plural noun or adjective
    toks = [tokens(s) for s in sents]
    lows = [" ".join(ws).lower().split(" ") if ws else [] for ws in toks]   # (ASCII words)
    nouns, names, plurals = v.nouns, v.names, v.plurals
    for low, relational in zip(lows, _relations(v, toks, lows)):
        if len(low) < 3 or relational:
            continue
        i = _at(low, "is")
        if i > 1 and low[0] in ("every", "each", "all"):
            if not (_content(low[1:i]) and _object_ok(low[i + 1:])):
                continue
            nouns.add("_".join(low[1:i]))
            _object(v, low[i + 1:])
        elif i == 1:
            if not (_content(low[:1]) and _object_ok(low[2:])):
                continue
            names.add(low[0])
            _object(v, low[2:])
        else:
            i = _at(low, "are")
            if i < 0:
                continue
            start = 1 if low[0] == "all" else 0
            if not (_content(low[start:i]) and _object_ok(low[i + 1:])):
                continue
            plurals["_".join(low[start:i])] = None  # resolved below
            obj = low[i + 1:]
            if obj and obj[0] == "not":
                obj = obj[1:]
            if obj:
                pending.append(obj)
    for pl in list(plurals):
        if plurals[pl] is None:
            plurals[pl] = _singular_in(v, pl)
    for obj in pending:
        name = "_".join(obj)
        if len(obj) > 1 or name in plurals:
            plurals.setdefault(name, _singular_in(v, name))
        elif singularize(name) in nouns and singularize(name) != name:
            plurals[name] = singularize(name)
        elif name in nouns and name not in v.adjectives:  # sheep
            plurals[name] = name
        elif name in v.adjectives or not _plural_shape(name):
            v.adjectives.add(name)
        else:
            plurals[name] = _singular_in(v, name)
    nouns.update(plurals.values())
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
        v.nouns.add("_".join(rest[1:]))
    else:
        v.adjectives.add("_".join(rest))


# ------------------------------------------------------------ ProofWriter's words

GENERIC = ("things", "people")        # `Big things are kind.`, `Kind people are red.`
_RELATIONAL_STARTS = ("if", "the", "something", "someone")


def _relations(v: Vocabulary, sents: list[list[str]], lows: list[list[str]] | None = None
               ) -> list[bool]:
    """ProofWriter's words: verbs (the word before an object, `chases the cat`, and after
    `does not`), entities (capitalised names, and `the` with the words up to a verb, `is`,
    `and`, `then` or the end), adjectives (after `is`/`are [not]`, and before `things` or
    `people`). Which sentences are relational (their words are classified here).
    `lows`: the sentences' words lower-cased, when the caller has them."""
    bases: set[str] = set()
    thirds: set[str] = set()
    if lows is None:
        lows = [[w.lower() for w in ws] for ws in sents]
    for low in lows:
        if "not" not in low:
            continue
        for i in range(len(low) - 2):
            if low[i] in ("does", "do") and low[i + 1] == "not" and low[i + 2] not in FUNCTION_WORDS:
                bases.add(low[i + 2])
    for ws, low in zip(sents, lows):
        for i in range(1, len(low) - 1):
            nxt = ws[i + 1]
            if not (nxt == "the" or nxt[:1].isupper() and nxt.lower() not in FUNCTION_WORDS):
                continue
            w = low[i]
            if w in FUNCTION_WORDS or low[i - 1] in ("not", "is", "are"):
                continue
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
        relational = bool(low) and (low[0] in _RELATIONAL_STARTS or not verb_forms.isdisjoint(low)
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
        if verbs:
            present = set(low)
            v.verbs.update({t: b for t, b in verbs.items() if t in present or b in present})
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
