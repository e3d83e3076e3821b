"""The language decision reads only with the readers that can change it, and chooses what
reading with every reader chooses (`readers._coverages_needed`, each reader's
`coverage_bound`); `benchmarks/detect_same.py` checks the same on every corpus."""
from __future__ import annotations

import random

import pytest

from sedac import readers
from sedac.errors import SedacError

EXTS = {None: "<stdin>", "prolog": "p.pl", "tptp": "p.p", "pyke": "p.pyke", "fol": "p.fol",
        "prover9": "p.p9", "linc": "p.linc", "smtlib": "p.smt2"}

# Lines of every language, of replies around them, and of lines that read in several.
PIECES = {
    "prolog": ["cat(tom).", "animal(X) :- cat(X).", "big(X) :-\n    cat(X),\n    \\+ small(X).",
               "% every cat is an animal.", "?- animal(tom).", ":- dynamic small/1.",
               "likes(bob, X) :- cat(X). eats(X, fish) :- cat(X).", "query :- animal(tom)."],
    "fol": ["∀x (Cat(x) → Animal(x))", "Cat(tom)", "¬Big(tom) ::: Tom is not big.",
            "forall x (Cat(x) -> Animal(x))", "Premises:", "Conclusion:", "exists x (Cat(x) & Big(x))",
            "Cat(tom) ∧ ¬Dog(tom)"],
    "pyke": ["Facts:", "Rules:", "Cat($x, True) >>> Animal($x, True)", "Cat(Tom, True)",
             "Query:", "Animal(Tom, True) ::: Tom is an animal.", "Predicates:", "Big($x, bool)"],
    "tptp": ["fof(a1, axiom, cat(tom)).", "fof(a2, axiom, ![X]: (cat(X) => animal(X))).",
             "fof(c, conjecture, animal(tom)).", "cnf(c1, axiom, cat(tom))."],
    "prover9": ["formulas(assumptions).", "cat(tom).", "all x (cat(x) -> animal(x)).",
                "end_of_list.", "formulas(goals).", "animal(tom).", "set(prolog_style_variables)."],
    "smtlib": ["(declare-const tom Int)", "(declare-fun Cat (Int) Bool)", "(assert (Cat tom))",
               "(check-sat)", "(assert (forall ((x Int)) (=> (Cat x) (Animal x))))",
               "(define-fun big () Bool true)", "(get-value ((Cat tom)))"],
    "linc": ["TEXT: Tom is a cat.", "FOL: Cat(tom)", "TEXT: Every cat is an animal.",
             "FOL: all x. (Cat(x) -> Animal(x))", "<EVALUATE>", "</EVALUATE>"],
    "reply": ["Here is the program:", "```prolog", "```", "```", "**Premises:**", "1. cat(tom).",
              "The answer is True.", "", "Tom is a cat. Every cat is an animal.", "# a comment",
              "- Cat(tom)", "```smt2", "```fol", "Let me think step by step."],
}


def _texts(n: int, seed: int = 21) -> list[str]:
    rng = random.Random(seed)
    langs = list(PIECES)
    out = []
    for _ in range(n):
        chosen = rng.sample(langs, rng.choice((1, 1, 2, 3)))
        lines = [rng.choice(PIECES[rng.choice(chosen)]) for _ in range(rng.randint(1, 14))]
        out.append("\n".join(lines) + rng.choice(("\n", "", "\n\n")))
    for lang, pieces in PIECES.items():          # each language alone, every line of it
        out.append("\n".join(pieces) + "\n")
    return out


TEXTS = _texts(160)


def test_every_bound_holds_for_every_generated_text():
    broken = []
    for text in TEXTS:
        sample = readers._sample(text)
        for lang, cls in readers._readers().items():
            bound = cls(None).coverage_bound(sample)
            if bound is not None:
                got = cls(None).coverage(sample)
                if got > bound:
                    broken.append((lang, bound, got, text))
    assert not broken, broken[:3]


def test_the_bounds_skip_readers_on_a_plain_program():
    # what the decision is for: on a clean `.pl` file only the Prolog reader reads
    text = "cat(tom).\nanimal(X) :- cat(X).\n"
    assert set(readers._coverages_needed(text, "prolog")) == {"prolog"}
    # and a text of another language is still read by that language's reader
    assert "tptp" in readers._coverages_needed("fof(a, axiom, cat(tom)).\n", "prolog")


@pytest.mark.parametrize("ext_lang", list(EXTS))
def test_the_choice_is_that_of_every_reader(ext_lang):
    differ = [text for text in TEXTS
              if readers.read_as(text, ext_lang) != readers.read_as(text, ext_lang, exhaustive=True)]
    assert not differ, differ[:3]


def _language(text, path, strict, exhaustive, monkeypatch):
    if exhaustive:
        full = readers.read_as
        monkeypatch.setattr(readers, "read_as", lambda t, e, exhaustive=False: full(t, e, True))
    try:
        return readers._language(text, path, "auto", strict)
    except SedacError as e:
        return ("refused", str(e))
    finally:
        monkeypatch.undo()


def test_the_read_programs_are_the_same(monkeypatch):
    for text in TEXTS[::4]:
        for path in ("p.pl", "<stdin>", "p.fol"):
            old = _language(text, path, True, True, monkeypatch)
            assert _language(text, path, True, False, monkeypatch) == old, (text, path)
            if old[0] != "refused":
                a = readers.read_program(text, path, strict=True)
                b = readers.read_with(readers.reader_for(old[0]), text, path)
                assert [c.formula for c in a.clauses] == [c.formula for c in b.clauses]
