"""A formula, then the sentence it states, on one line: a generator of layouts.

Asked to "comment each formula", models write the formula first and its meaning after it,
set off by a colon after the code, brackets, a full stop or comma and a new sentence, a
column of spaces, or a comment mark: `` `Cold(anne)`: Anne is cold.``, `` `Cold(anne)`
(Anne is cold)``, `Cold(anne). Anne is cold.`, `Cold(anne)        anne is cold`,
`Cold(anne) // Anne is cold`. Every layout, in two notations and with every numbering,
must read to the same formulas and question, with the sentence as its formula's gloss.
"""
from __future__ import annotations

import itertools

import pytest

from sedac import notations
from sedac.readers import read_program
from tests.test_lead_glosses import ASKED, PREMISES, QUESTION, SENTENCES

# (before the formula, between it and the sentence, after the sentence)
FORMS = {
    "code-colon": ("`", "`: ", ""),
    "code-brackets": ("`", "` (", ")"),
    "code-brackets-stop": ("`", "` (", ")."),
    "brackets": ("", " (", ")"),
    "stop": ("", ". ", ""),
    "comma": ("", ", ", ""),
    "colon": ("", ": ", ""),
    "columns": ("", "        ", ""),
    "slashes": ("", " // ", ""),
    "dash": ("", " — ", ""),
    "code-dash": ("`", "` — ", ""),
    "code-comma-lower": ("`", "`, ", ""),
}
NUMBERING = ("", "{k}. ", "- ", "({k})  ", "P{k}: ")
LABELS = ("Question: ", "Conclusion: ", "**Question:** ")


def _sentence(s: str, form: str) -> str:
    if form in ("columns", "code-comma-lower"):
        return s[0].lower() + s[1:].rstrip(".")     # (a column of comments, in lower case)
    if form.endswith("brackets") or form == "code-brackets-stop":
        return s.rstrip(".")
    return s


def reply(notation: str, form: str, numbering: str, label: str) -> str:
    before, between, after = FORMS[form]
    out = ["Each formula with what it means:", ""]
    for k, (f, s) in enumerate(zip(PREMISES, SENTENCES), start=1):
        out.append(numbering.format(k=k) + before + notations.write(f, notation, {}) + between
                   + _sentence(s, form) + after)
    out += ["", label + before + notations.write(QUESTION, notation, {}) + between
            + _sentence(ASKED, form) + after, "", "It follows from 4 and 3."]
    return "\n".join(out) + "\n"


CASES = list(itertools.product(("unicode", "ascii"), FORMS, NUMBERING, LABELS))


@pytest.mark.parametrize("notation, form, numbering, label", CASES[::7])
def test_a_sentence_after_its_formula_is_its_gloss(notation, form, numbering, label):
    text = reply(notation, form, numbering, label)
    prog = read_program(text, "reply.fol", "fol")
    said = [d for d in prog.diagnostics if d.category != "communication"]
    assert not said, (text, [(d.code, d.span.line, d.message) for d in said])
    assert [c.formula for _, c in prog.statements] == PREMISES, text
    assert [c.formula for _, c in prog.queries] == [QUESTION], text
    glosses = [prog.gloss.get(i, "").rstrip(".").lower() for i, _ in prog.statements]
    assert glosses == [s.rstrip(".").lower() for s in SENTENCES], text


def test_every_generated_layout_reads_the_same():
    wrong = []
    for case in CASES:
        prog = read_program(reply(*case), "reply.fol", "fol")
        if [c.formula for _, c in prog.statements] != PREMISES or \
                [c.formula for _, c in prog.queries] != [QUESTION]:
            wrong.append(case)
    assert not wrong, (len(wrong), len(CASES), wrong[:10])


@pytest.mark.parametrize("line, formula", [
    ("∀x (Aa(x) →   Bb(x))", "∀x (aa(x) → bb(x))"),      # spaces inside a formula
    ("A(c). B(c).", None),                               # two formulas, no sentence
    ("(1) A(c)   (2) B(c)", None),                       # side by side
])
def test_what_is_no_sentence_is_never_cut_as_one(line, formula):
    prog = read_program(line + "\n", "p.fol", "fol")
    assert not prog.gloss, (line, prog.gloss)
    if formula is not None:
        assert [notations.write(c.formula, "unicode", {}).lower() for _, c in prog.statements] == [formula]


@pytest.mark.parametrize("line", ["Bow(x): x plays the violin.", "-- Mentor(x, y): x taught y.",
                                  "`Kind(x)`: x is kind"])
def test_a_predicate_described_by_its_variables_is_no_statement(line):
    """`P(x): x ...` declares what P means; read as `P(x)` with a gloss it would say ∀x P(x)."""
    prog = read_program(line + "\nBow(mia)\n", "p.fol", "fol")
    assert [c.text for _, c in prog.statements] == ["Bow(mia)"], [c.text for c in prog.clauses]
