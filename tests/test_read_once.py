"""A reply is read once per reader: the reader that chose the language gives the program it
read (`Reader.reread`) when its reading never asked the vocabulary hint, a line's parse is
remembered across the readers that parse it (`grammar.parse_line`), and the section
formats' `coverage_bound` leaves out the lines no reading makes a clause of (bare headings,
declarations under `Predicates:`), so that a Pyke program is not also read as FOL text."""
from __future__ import annotations

import random

import pytest
from lark.exceptions import UnexpectedInput

from sedac import readers
from sedac.grammar import PARSE_MEMORY, _parsed, lark_parser, parse_line
from sedac.readers.base import Reader
from sedac.truth import truth_from_text

PROBLEM = ("Every cat is an animal. Animals are not small. Tom is a cat. Bob is a dog. "
           "Dogs are animals.\nTrue or false: Tom is not small.")

# Lines about declarations sections, and the lines around them that may close one.
PIECES = [
    "Predicates:", "predicates:", "Predicates :", "**Predicates:**", "# Predicates:",
    "Predicates: Cat($x, bool)", "Cat($x, bool) ::: Is x a cat?", "Cat(x) ::: x is a cat",
    "Big($x, bool)", "Cat(Tom, bool)", "Cat(tom)", "Cat(x, y) ::: x likes y",
    "Cat($x, True) >>> Animal($x, True)", "∀x (Cat(x) → Animal(x))", "Animal(Tom, True)",
    "Facts:", "Rules:", "Query:", "Premises:", "Conclusion:", "Question:", "Answer:",
    "", "```", "```fol", "```pyke", "| Cat(x) | a cat |", "|---|---|", "- Cat(tom)",
    "Cat(Tom, True) ::: Tom is a cat.", "Animal(x) → Big(x)", "Tom is a cat.",
    "Is it true that Tom is a cat?", "------", "Cat($x, bool) # noqa", "Cat ($x , bool)",
    "Cat(x) & Dog(x)", "¬Big(tom)", "Tom(x)", "Cat($x, bool) ::: Question: is x a cat?",
]


def _texts(n: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        lines = [rng.choice(PIECES) for _ in range(rng.randint(1, 16))]
        out.append("\n".join(lines) + rng.choice(("\n", "")))
    return out


TEXTS = _texts(400)


@pytest.fixture(scope="module")
def hint():
    return truth_from_text(PROBLEM).vocab


def _fresh(monkeypatch, text, path, hint):
    with monkeypatch.context() as m:
        m.setattr(Reader, "reread", lambda self, *a, **k: None)
        return readers.read_program(text, path, vocab_hint=hint)


def test_the_section_bounds_hold_on_declarations_sections():
    broken = []
    for text in TEXTS:
        sample = readers._sample(text)
        for lang in ("pyke", "fol"):
            cls = readers._readers()[lang]
            bound, got = cls(None).coverage_bound(sample), cls(None).coverage(sample)
            if got > bound:
                broken.append((lang, bound, got, text))
    assert not broken, broken[:3]


@pytest.mark.parametrize("ext_lang", [None, "pyke", "fol", "prolog"])
def test_the_choice_is_that_of_every_reader_on_declarations(ext_lang):
    differ = [text for text in TEXTS
              if readers.read_as(text, ext_lang) != readers.read_as(text, ext_lang, exhaustive=True)]
    assert not differ, differ[:3]


def test_a_pyke_program_with_declarations_is_not_read_as_fol_too():
    text = ("Predicates:\nCat($x, bool) ::: Is x a cat?\nAnimal($x, bool) ::: Is x an animal?\n"
            "Small($x, bool) ::: Is x small?\n\nFacts:\nCat(Tom, True)\n\nRules:\n"
            "Cat($x, True) >>> Animal($x, True)\nAnimal($x, True) >>> Small($x, False)\n\n"
            "Query:\nSmall(Tom, False)\n")
    assert "fol" not in readers._coverages_needed(text, None)
    assert readers.read_as(text, None) == readers.read_as(text, None, exhaustive=True) == ("pyke", "")


def _read_watched(monkeypatch, text, path, hint):
    """`read_program`, and for each `Reader.reread` it made whether the first reading was kept."""
    calls = []
    real = Reader.reread

    def spy(self, *a, **k):
        got = real(self, *a, **k)
        calls.append(got is not None)
        return got
    with monkeypatch.context() as m:
        m.setattr(Reader, "reread", spy)
        return readers.read_program(text, path, vocab_hint=hint), calls


def test_the_program_kept_is_the_program_read_again(monkeypatch, hint):
    kept = 0
    for text in TEXTS[::3]:
        for path in ("<stdin>", "p.pyke", "p.fol"):
            a, calls = _read_watched(monkeypatch, text, path, hint)
            b = _fresh(monkeypatch, text, path, hint)
            assert a == b and repr(a) == repr(b), (text, path)
            kept += any(calls)
    assert kept > 50        # the reuse happens (else this test tests nothing)


def test_a_reading_that_asks_the_hint_is_read_again(hint):
    # a Prolog name that negates a word the hint knows (`small`): its reading depends on it
    text = "cat(tom).\nnot_small(X) :- cat(X).\n?- not_small(tom).\n"
    made: dict = {}
    readers._language(text, "<stdin>", "auto", False, made)
    assert made["prolog"].reread(text, "<stdin>", hint) is None
    # a Prolog program that asks nothing of the hint is kept
    text = "cat(tom).\nanimal(X) :- cat(X).\n?- animal(tom).\n"
    made = {}
    readers._language(text, "<stdin>", "auto", False, made)
    assert made["prolog"].reread(text, "<stdin>", hint) is not None
    # a Pyke program that never asks it is kept, under its own path and with the hint
    text = "Facts:\nCat(Tom, True)\n\nQuery:\nCat(Tom, True)\n"
    made = {}
    readers._language(text, "x.txt", "auto", False, made)
    prog = made["pyke"].reread(text, "x.txt", hint)
    assert prog is not None and prog.path == "x.txt" and made["pyke"].vocab_hint is hint
    assert made["pyke"].reread(text, "x.txt", hint) is None      # given once


def test_parse_line_is_the_parse_and_remembers_errors():
    parser = lark_parser("pyke")
    for line in ("Cat(Tom, True)", "Cat($x, True) >>> Animal($x, True)"):
        assert parse_line(parser, line) == parser.parse(line)
        assert parse_line(parser, line) is parse_line(parser, line)
    for bad in ("Cat(Tom, True", ">>> >>>"):
        with pytest.raises(UnexpectedInput) as first:
            parser.parse(bad)
        for _ in range(2):
            with pytest.raises(UnexpectedInput) as again:
                parse_line(parser, bad)
            assert type(again.value) is type(first.value)
            assert str(again.value) == str(first.value)
        # what is kept holds no frames of its callers (no traceback, no interrupted error)
        kept = _parsed[(parser, bad)][1]
        assert kept.__traceback__ is None and kept.__context__ is None


def test_parse_line_is_bounded():
    parser = lark_parser("pyke")
    for i in range(PARSE_MEMORY + 50):
        parse_line(parser, f"Cat(T{i}, True)")
    assert len(_parsed) <= PARSE_MEMORY


# Prolog and Pyke lines whose reading asks the hint a question (`Reader.ask_hint`): a wrapper's
# name that may be a word of the text, a name that negates a word, a built-in's name, a
# variable spelled like a name, an English clause with a verb.
PROLOG_PIECES = [
    "cat(tom).", "animal(X) :- cat(X).", "?- animal(tom).", "not_small(X) :- animal(X).",
    "small(bob).", "?- not_small(tom).", "non_small(tom).", "answer(true) :- animal(tom), !.",
    "answer(false).", "?- answer(A).", "main :- animal(tom).", "number(X) :- cat(X).",
    "atom(tom).", "dog(Bob).", "?- cat(Tom).", "cat(X).", "small_false(X) :- dog(X).",
    "query(yes) :- small(tom).", "likes(bob, tom).", "% a comment", "```prolog", "```",
    "Tom is a cat.", "chases(X, Y) :- cat(X), dog(Y).", "animal(Max).", "\\+ small(X) :- cat(X).",
]
PYKE_PIECES = [
    "Facts:", "Rules:", "Query:", "Cat(Tom, True)", "Bob likes the cat && Cat(Tom, True)",
    "Bob does not like the cat", "Tom chases the dog", "Cat($x, True) >>> Animal($x, True)",
    "Bob is big && not kind", "Likes(Bob, Cat, True)", "Small(Tom, False)",
]
FOL_PIECES = ["Premises:", "Conclusion:", "∀x (Cat(x) → Animal(x))", "Cat(tom)", "Tom is a cat.",
              "Bob likes the cat.", "¬Small(tom)", "Dogs are animals.", "Small(bob) ::: Bob is small."]
PROBLEMS = [PROBLEM, "Bob likes the cat. If someone likes the cat then they are kind. Bob is big. "
                     "The cat chases the dog.\nTrue or false: Bob is kind."]


def _variants(pieces, n, seed):
    rng = random.Random(seed)
    return ["\n".join(rng.choice(pieces) for _ in range(rng.randint(1, 10))) + "\n"
            for _ in range(n)]


@pytest.mark.parametrize("pieces", [PROLOG_PIECES, PYKE_PIECES, FOL_PIECES])
def test_a_reading_whose_hint_answers_alike_is_kept(monkeypatch, pieces):
    """The program kept when the hint answers the reading's questions as no hint did is the
    program a reader made with the hint reads, for every variant and both hints."""
    kept = again = 0
    hints = [truth_from_text(p).vocab for p in PROBLEMS]
    for text in _variants(pieces, 150, 11):
        for hint in hints:
            a, calls = _read_watched(monkeypatch, text, "<stdin>", hint)
            b = _fresh(monkeypatch, text, "<stdin>", hint)
            assert a == b and repr(a) == repr(b), text
            kept += any(calls)
            again += bool(calls) and not any(calls)
    assert kept > 30 and (again > 5 or pieces is not PROLOG_PIECES)   # both cases happen
