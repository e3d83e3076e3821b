"""The lexicon and the sentences reach the grammar as text (`lexicon_text/6`,
`sentences_text/2`) where they can: the parses are the same as with the lexicon written as
Prolog terms, for generated vocabularies with awkward words (quotes, backslashes, spaces
in a symbol, non-ASCII), and a field with a control character goes as terms."""
from __future__ import annotations

import random

import pytest

from sedac import nl
from sedac.vocab import Vocabulary, vocabulary_from_text

ODD = ["o'neil", "back\\slash", "two words", "ünïcode", "x9", "a-b", "'", "\\", "é"]


def _variants(n: int):
    rnd = random.Random(21)
    heads = ["wumpus", "cat", "prime number", "dog", "zumpus", "bald eagle", "mouse"]
    adjs = ["blue", "small", "hot", "kind", "red", "big"]
    names = ["rex", "alex", "sam", "fae", "bob"]
    for _ in range(n):
        ns = rnd.sample(heads, 3)
        sents = [f"Every {ns[0]} is a {ns[1]}.", f"Each {ns[1]} is {rnd.choice(adjs)}.",
                 f"{ns[1].capitalize()}s are not {rnd.choice(adjs)}.",
                 f"{rnd.choice(names).capitalize()} is a {ns[0]}.",
                 f"The {ns[2]} chases the {ns[0]}.", "If someone is big and red then they are kind.",
                 f"True or false: {rnd.choice(names).capitalize()} is not {rnd.choice(adjs)}."]
        v = vocabulary_from_text(sents)
        for word in rnd.sample(ODD, 3):       # words the text does not show, in every role
            v.adjectives.add(word)
            v.names.add(word + "n")
            v.nouns.add(word.replace(" ", "_") + "_k")
            v.entities[f"the {word}"] = word
            v.verbs[word + "s"] = word
        yield sents, v


def _parse(sents, v, monkeypatch, terms: bool):
    nl._STATE.update(lexicon=None, parses={})
    with monkeypatch.context() as m:
        if terms:
            m.setattr(nl, "_lexicon_text", lambda vocab, entries=None: None)
        m.setenv("SEDAC_CACHE_DIR", "off")
        return nl.parse_sentences_limited(sents, v)


@pytest.mark.parametrize("k", range(3))
def test_text_and_terms_give_the_same_parses(k, monkeypatch):
    variants = list(_variants(12))[4 * k:4 * k + 4]
    for sents, v in variants:
        assert nl._lexicon_text(v) is not None
        as_text = _parse(sents, v, monkeypatch, terms=False)
        as_terms = _parse(sents, v, monkeypatch, terms=True)
        assert as_text == as_terms
        assert sum(r is not None for r in as_text[0]) >= 4, as_text


def test_a_control_character_goes_as_terms():
    v = Vocabulary(from_text=True, adjectives={"blue", "bad\tword"}, names={"rex"})
    assert nl._lexicon_text(v) is None
    assert nl._lexicon_text(Vocabulary(from_text=True, adjectives={"blue"}, names={"rex"}))
    out = nl.parse_sentences(["Rex is blue.", "Rex is not blue."], v)
    assert [r[0] if r else None for r in out] == ["statement", "statement"]


def test_empty_lexicon_and_empty_sentences():
    v = Vocabulary(from_text=True)
    assert nl._lexicon_text(v) == ""
    assert nl.parse_sentences(["", "Rex is blue."], v) == [None, None]


def _inferences(goal: str) -> int:
    from sedac import swipl
    out = swipl.run_text(f"statistics(inferences, I0), {goal}, statistics(inferences, I1), "
                         "D is I1 - I0, atom_number(SedacOut, D)", limit=10**9, needs=("nl",))
    return int(out)


@pytest.mark.parametrize("n,width", [(0, 1), (3, 1), (40, 2), (400, 1), (50, 300)])
def test_setting_a_lexicon_costs_no_more_than_its_bound(n, width):
    """`nl._sets_within` counts on setting a lexicon (read from its text or written as
    terms) costing at most SET_BASE inferences and SET_PER_ENTRY an entry, whatever the
    entries' words: long words or many of them to an entry cost no more."""
    v = Vocabulary(from_text=True)
    for i in range(n):
        long = "_".join(f"w{i}x{k}" for k in range(width))
        v.nouns.add(f"n{i}_{long}")
        v.plurals[f"n{i}_{long}s"] = f"n{i}_{long}"
        v.plurals[f"n{i}_{long}es"] = f"n{i}_{long}"
        v.adjectives.add(f"a{i}{long}")
        v.names.add(f"m{i}{long}")
        v.entities[f"the e{i} {long.replace('_', ' ')}"] = f"e{i}_{long}"
        v.verbs[f"v{i}{long}s"] = f"v{i}{long}"
    bound = nl.SET_BASE + nl.SET_PER_ENTRY * sum(map(len, nl._lexicon_entries(v)))
    prep, goal = nl._lexicon_call(v)
    assert prep != "true"
    assert _inferences(f"{prep}, {goal}") <= bound
    assert _inferences(nl._lexicon_goal(v)) <= bound


def test_a_sentence_read_with_the_lexicon_held_parses_as_with_its_own(monkeypatch):
    """A sentence whose words the lexicon the grammar holds gives the entries its own lexicon
    gives them is parsed with the held one (it is not set again): the parse is the one its
    own lexicon gives, and so is that of a sentence whose words it gives other entries."""
    monkeypatch.setenv("SEDAC_CACHE_DIR", "off")
    held_used = 0
    for sents, v in _variants(6):
        alone = sents + ["Rex is blue.", "Every cat is a dog.", "Blue things are big."]
        nl._STATE.update(lexicon=None, parses={})
        own = [nl.parse_sentences_limited([s], vocabulary_from_text([s])) for s in alone]
        for s, expected in zip(alone, own):
            nl._STATE.update(lexicon=None, parses={})
            nl.parse_sentences_limited(sents, v)
            held = nl._STATE["lexicon"]
            assert nl.parse_sentences_limited([s], vocabulary_from_text([s])) == expected, s
            held_used += nl._STATE["lexicon"] == held
    assert held_used >= 10
