"""The cheap bounds that keep readers out of the language decision (`readers.probes`): the
Prolog reader's (`prolog_bound`: what no parsing clause holds, a variable before a bracket,
a lone colon, a character no token has, and the full stops that can end a clause on a line)
and the fenced blocks left to another language (`foreign_lines`). Each must hold on every
text: generated variants mix clauses, the other formats' lines and those characters on one
line, before and after full stops and comments, inside and outside fences of every tag."""
from __future__ import annotations

import random

import pytest

from sedac import readers
from sedac.readers import probes

# pieces of one line; several may share a line (joined by a space)
PIECES = [
    "cat(tom).", "animal(X) :- cat(X).", "Cat(tom).", "Cat (tom).", "cat(Tom).", "a.", "b",
    "?- animal(tom).", "-? animal(tom).", "? animal(tom)", "big(X) := cat(X).", "p <- q.",
    "p ← q.", "p if q.", "X = Y.", "_G(x).", "isCat(tom).", "0.5", "1.", ":- dynamic p/1.",
    ":- initialization(main).", "main :- cat(tom).", "% Cat(tom).", "% a comment.",
    "Cat($x, True) >>> Animal($x, True)", "Tumpus(Alex, True)", "::: Tom is a cat.",
    "∀x (Cat(x) → Animal(x))", "Cat(tom) ∧ Dog(tom)", "x: cat(tom).", "p :: q.", "$p.",
    "#p.", "&p.", "~p.", "p & q.", "Facts:", "Query:", "Premises:", "Conclusion:",
    "fof(a, axiom, cat(tom)).", "formulas(assumptions).", "end_of_list.", "all x (p(x) -> q(x)).",
    "(assert (Cat tom))", "FOL: Cat(tom)", "Tom is a cat.", "Here is the program:",
    "p(a). Q(b).", "Q(b). p(a).", "p(a). Q(b). r(c).", "p(a) Q(b).", "\\+ Cat(x).", "[a].",
    "{p}.", "p(\"s\").", "p('Q(x)').", "p. /* Q(x) */ q.", "p :- \\+ q, r.",
]
TAGS = ["", "prolog", "fol", "pyke", "prover9", "tptp", "smt2", "python", "latex", "text"]


def _line(rng: random.Random) -> str:
    return " ".join(rng.choice(PIECES) for _ in range(rng.choice((1, 1, 2, 3))))


def _texts(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        lines = [_line(rng) for _ in range(rng.randint(1, 10))]
        if rng.random() < 0.4:           # a fenced block somewhere, of some tag
            i = rng.randint(0, len(lines))
            j = rng.randint(i, len(lines))
            lines[i:j] = [f"```{rng.choice(TAGS)}", *lines[i:j]] + (["```"] if rng.random() < 0.8 else [])
        out.append("\n".join(lines) + rng.choice(("\n", "")))
    return out


TEXTS = _texts(400)


def test_the_prolog_bound_holds_on_every_variant():
    reader = readers.reader_for("prolog")
    broken = []
    for text in TEXTS:
        bound = probes.prolog_bound(text)
        if bound is not None:
            got = reader.coverage(text)
            if got > bound:
                broken.append((bound, got, text))
    assert not broken, broken[:3]


@pytest.mark.parametrize("lang", ["pyke", "fol", "prover9"])
def test_the_bounds_with_fences_hold_on_every_variant(lang):
    reader = readers.reader_for(lang)
    broken = [(text, probes.bound(lang, text), reader.coverage(text)) for text in TEXTS
              if "```" in text and reader.coverage(text) > probes.bound(lang, text)]
    assert not broken, broken[:3]


def test_the_choice_is_that_of_every_reader_on_every_variant():
    differ = []
    for text in TEXTS:
        for ext in (None, "prolog", "fol", "pyke"):
            if readers.read_as(text, ext, exhaustive=True) != readers.read_as(text, ext):
                differ.append((ext, text))
    assert not differ, differ[:3]


def test_the_bound_rules_prolog_out_of_a_pyke_and_a_fol_reply():
    pyke = ("Predicates:\nCat($x, bool) ::: Is x a cat?\nFacts:\nCat(Tom, True) ::: Tom is a cat.\n"
            "Rules:\nCat($x, True) >>> Animal($x, True) ::: Cats are animals.\nQuery:\n"
            "Animal(Tom, True) ::: Tom is an animal.\n")
    fol = ("Premises:\n∀x (Cat(x) → Animal(x)) ::: Cats are animals.\nCat(tom) ::: Tom is a cat.\n"
           "Conclusion:\nAnimal(tom) ::: Tom is an animal.\n")
    for text, lang in ((pyke, "pyke"), (fol, "fol")):
        assert probes.prolog_bound(text) < readers.reader_for(lang).coverage(text)
        assert set(readers._coverages_needed(text, None)) == {lang}
    # and it rules nothing out where Prolog reads: a clause per full stop
    assert probes.prolog_bound("cat(tom).\nanimal(X) :- cat(X).\n") == 4
    assert probes.prolog_bound("p(a). Q(b).") == 2 and probes.prolog_bound("Q(b).") == 0
    assert probes.prolog_bound("cat('Tom').") is None     # a quoted atom may hold anything


def test_a_markdown_prolog_reply_is_read_by_the_prolog_reader_alone():
    text = ("Here is the program.\n\n```prolog\ncat(tom).\nanimal(X) :- cat(X).\n"
            "big(X) :- animal(X).\n?- big(tom).\n```\n")
    assert set(readers._coverages_needed(text, None)) == {"prolog"}
    assert probes.foreign_lines(text, "fol", clausal=False) == {3, 4, 5, 6, 7, 8}
    assert probes.foreign_lines(text, "prolog", clausal=True) == {3, 8}


def test_the_prover9_bound_holds_on_every_variant():
    """Prover9's bound counts the pieces between full stops that hold a name, fenced or not."""
    reader = readers.reader_for("prover9")
    broken = [(text, probes.prover9_bound(text), reader.coverage(text)) for text in TEXTS
              if reader.coverage(text) > probes.prover9_bound(text)]
    assert not broken, broken[:3]


def test_the_prover9_bound_rules_it_out_of_a_reply_of_lone_full_stops():
    # (a Logic-LM reply that opens with `.` and ends its one sentence with a full stop:
    # one piece holds a name, so Prover9 reads at most 2, which the FOL reader's header ties)
    text = (".\nPredicates:\nLarge(x) ::: x is large\nConclusion:\n"
            "Rex is not large ::: Rex is not large.\n------")
    assert probes.prover9_bound(text) == 2
    assert probes.prover9_bound("p(a). q(b).\n.\n. .") == 4
    assert "prover9" not in readers._coverages_needed(text, None)
