"""A sentence before the formula it states, on the formula's own line: a generator of layouts.

Models asked to "translate each sentence" often write the sentence first and the formula
after it: `Cats are mammals. -> forall x (Cat(x) -> Mammal(x))`, `"Tom is a cat": Cat(tom)`,
`1. Tom is a cat. — Cat(tom)`, `Tom is a cat.  $Cat(tom)$`, with the question in the same
form after `Question:`. Every layout below, in three notations (Unicode, ASCII, LaTeX) and
with every separator, numbering and quoting, must read to the same formulas and question,
with each sentence as its formula's gloss, and say nothing but that prose is not logic.
"""
from __future__ import annotations

import itertools

import pytest

from sedac import notations
from sedac.fol import And, Atom, Const, Forall, Implies, Not, Var
from sedac.readers import read_program

x, polly = Var("x"), Const("polly")


def A(p, *args):
    return Atom(p, args)


PREMISES = [
    Forall((x,), Implies(A("vumpus", x), Not(A("wooden", x)))),
    Forall((x,), Implies(A("vumpus", x), A("numpus", x))),
    Forall((x,), Implies(A("numpus", x), A("opaque", x))),
    A("numpus", polly),
]
SENTENCES = ["Vumpuses are not wooden.", "Each vumpus is a numpus.", "Numpuses are opaque.",
             "Polly is a numpus."]
QUESTION, ASKED = A("opaque", polly), "Polly is opaque."

SEPARATORS = (" -> ", " => ", " → ", " ⟹ ", " ↦ ", " ⟶ ", " ---> ", ": ", " : ", " — ", " -- ",
              " = ", " == ", "==  ", " :: ", " | ", "\t", "   ", " ")
NUMBERING = ("", "{k}. ", "- ", "P{k}: ", "S{k}. ", "({k}) ", "**{k}.** ")
QUOTING = ("plain", "quoted", "italic", "no-period", "bold-code")
LABELS = ("Question: ", "Conclusion: ", "Query: ", "Question — ", "Q. ", "Q) ")
WIDE = ("\t", "   ", "==  ", " ")


def _formula(f, notation: str, quoting: str = "plain") -> str:
    if quoting == "bold-code" and notation != "latex":
        return "`" + notations.write(f, notation, {}) + "`"
    if notation == "latex":
        return "$" + notations.write(f, "latex", {}) + "$"
    return notations.write(f, notation, {})


def _said(sentence: str, quoting: str) -> str:
    if quoting == "quoted":
        return f'"{sentence}"'
    if quoting == "italic":
        return f"*{sentence}*"
    if quoting == "no-period":
        return sentence.rstrip(".")
    if quoting == "bold-code":
        return f"**{sentence}**"
    return sentence


def reply(notation: str, sep: str, numbering: str, quoting: str, label: str) -> str:
    out = ["Here is each sentence with its formula:", ""]
    for k, (f, sent) in enumerate(zip(PREMISES, SENTENCES), start=1):
        out.append(numbering.format(k=k) + _said(sent, quoting) + sep + _formula(f, notation, quoting))
    out += ["", label + _said(ASKED, quoting) + sep + _formula(QUESTION, notation, quoting)]
    return "\n".join(out) + "\n"


def _cases():
    for notation, sep, numbering, quoting, label in itertools.product(
            ("unicode", "ascii", "latex"), SEPARATORS, NUMBERING, QUOTING, LABELS):
        if quoting == "no-period" and sep in WIDE:
            continue          # (a wide space sets off only a sentence that ends)
        if sep == " " and notation == "ascii" and quoting not in ("bold-code",):
            continue          # (`Tom is a cat. forall x ...`: one space before a word, prose)
        if quoting == "bold-code" and (sep != " " and sep not in (" — ", " -> ") or notation == "latex"):
            continue          # (`**Tom is a cat.** `Cat(tom)``: the code's backticks are its mark)
        yield notation, sep, numbering, quoting, label


CASES = list(_cases())


@pytest.mark.parametrize("notation, sep, numbering, quoting, label", CASES[::41])
def test_a_sentence_before_its_formula_is_its_gloss(notation, sep, numbering, quoting, label):
    text = reply(notation, sep, numbering, quoting, label)
    prog = read_program(text, "reply.fol", "fol")
    said = [d for d in prog.diagnostics if d.category != "communication"]
    assert not said, (text, [(d.code, d.span.line, d.message) for d in said])
    assert [c.formula for _, c in prog.statements] == PREMISES, text
    assert [c.formula for _, c in prog.queries] == [QUESTION], text
    glosses = [prog.gloss.get(i, "") for i, _ in prog.statements]
    assert [g.strip('"*') for g in glosses] == [_said(s, "no-period" if quoting == "no-period" else "plain")
                                                for s in SENTENCES], text


def test_every_generated_layout_reads_the_same():
    """A third of the generated layouts at once (the parametrised test above samples others)."""
    wrong = []
    for case in CASES[1::3]:
        prog = read_program(reply(*case), "reply.fol", "fol")
        if [c.formula for _, c in prog.statements] != PREMISES or \
                [c.formula for _, c in prog.queries] != [QUESTION]:
            wrong.append(case)
    assert not wrong, (len(wrong), len(CASES), wrong[:10])


def test_a_formula_that_reads_whole_keeps_its_words():
    """A formula of words (`rain and wind -> wet`) is not a sentence before a formula: the
    whole line reads, so nothing of it becomes a gloss."""
    prog = read_program("rain and wind -> wet\nrain\nwind\nQuestion: wet\n", "p.fol", "fol")
    assert prog.statements[0][1].formula == Implies(And((A("rain"), A("wind"))), A("wet"))
    assert not prog.gloss


@pytest.mark.parametrize("notation", ("unicode", "ascii"))
def test_the_fixed_reply_reads_back_the_same(notation):
    """The safe fixes make the sentences comments, and the text they write reads to the same
    formulas (the user's file keeps its meaning)."""
    from sedac.engine import allowed_fixes, apply_fixes
    text = reply(notation, " -> ", "{k}. ", "plain", "Question: ")
    prog = read_program(text, "reply.fol", "fol")
    fixed = apply_fixes(text, allowed_fixes(prog.diagnostics, unsafe=False))
    again = read_program(fixed, "reply.fol", "fol")
    assert [c.formula for _, c in again.statements] == PREMISES, fixed
    assert [c.formula for _, c in again.queries] == [QUESTION], fixed
