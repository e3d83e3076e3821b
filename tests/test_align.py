"""One alignment for both kinds of ground truth (sedac/align/): `align(program, truth,
session)` reads a program's representation against a DCG parse of its text and, against gold
formulas, also maps its names; second names for one gold predicate, the confidence."""
from __future__ import annotations

import pytest

from sedac.align import Alignment, align
from sedac.align.names import similar
from sedac.atp import get_prover
from sedac.engine import analyse
from sedac.gold import truth_from_gold
from sedac.readers import read_program
from sedac.truth import truth_from_text

from .test_folio import PROGRAM, RECORD

PROVER = get_prover("z3")


def _gold(program=PROGRAM, record=RECORD):
    truth = truth_from_gold(record)
    return read_program(program, "p.fol", "fol", vocab_hint=truth.vocab), truth


def test_one_entry_point_reads_a_representation_against_a_text():
    truth = truth_from_text("Every cat is a mammal. Tom is a cat.")
    prog = read_program("is_a(X, mammal) :- is_a(X, cat).\nis_a(tom, cat).\n", "p.pl", "prolog")
    al = align(prog, truth, PROVER.session())
    assert isinstance(al, Alignment)
    assert al.reading is not None and al.program.reading is al.reading
    from sedac.fol import describe
    assert describe(al.program.clauses[0].formula) == "∀X (cat(X) → mammal(X))"
    assert not al.preds and not al.paired           # a text's words are the program's own
    assert al.confidence == 0.0


def test_one_entry_point_maps_names_against_gold_formulas():
    prog, truth = _gold()
    al = align(prog, truth, PROVER.session())
    assert al.reading is None                       # written plainly
    assert al.preds[("perform", 1)][0] == "talent_shows"
    assert al.program is not prog and al.program.unread is not None
    assert al.paired and al.related >= al.equivalent
    assert al.confidence == round(al.related / al.paired, 3)
    # without names (the partial check): the representation only
    assert not align(prog, truth, PROVER.session(), names=False).preds


def test_confidence_counts_a_premise_said_wrongly_in_the_right_symbols():
    # ⊕ for ∨ is stronger than the gold: the symbols meet, the model's connective is wrong
    rep = analyse(*_gold(), "full", "z3")
    al = rep.alignment
    assert al["related"] > al["equivalent"]
    assert al["confidence"] == round(al["related"] / al["paired"], 3)


SECOND_NAME = PROGRAM.replace("¬(Inactive(bonnie) ∧ Student(bonnie))",
                              "¬IsInactive(bonnie) ∧ ¬Student(bonnie)")


def test_a_second_name_for_a_gold_predicate_is_merged_when_the_prover_agrees():
    rep = analyse(*_gold(SECOND_NAME), "full", "z3")
    assert rep.alignment["predicates"]["is_inactive/1"] == "inactive"
    assert "is_inactive/1" not in rep.alignment["unmatched"]
    verdict = {v["premise"]: v["verdict"] for v in rep.verdicts if "premise" in v}
    assert verdict[4] == "equivalent"
    # written back, the program keeps its own first name for the gold's `Inactive`
    assert "∀x (Perform(x) ∨ Inactive(x))" in rep.fixed_program(unsafe=True)


def test_a_second_name_that_would_make_the_program_contradict_itself_stays_apart():
    program = SECOND_NAME.replace("Conclusion:", "Inactive(bonnie) ::: Bonnie is inactive.\n"
                                  "Conclusion:")
    rep = analyse(*_gold(program), "full", "z3")
    assert "is_inactive/1" not in rep.alignment["predicates"]
    assert "is_inactive/1" in rep.alignment["unmatched"]


@pytest.mark.parametrize("a,b,same", [
    ("alligator", "aligator", True),           # a slip of spelling
    ("wear_large_size_clothes", "wear_large_clothes", True),
    ("premiere", "premiered", True),           # one lemma
    ("cat", "car", False), ("student", "teacher", False), ("kind", "evil", False),
])
def test_names_that_may_name_one_thing(a, b, same):
    assert similar(a, b) is same


ARGUMENT = PROGRAM.replace("¬(Inactive(bonnie) ∧ Student(bonnie))",
                           "¬Status(bonnie, inactive) ∧ ¬Student(bonnie)")


def test_an_argument_the_gold_names_as_a_class_is_folded_into_it():
    rep = analyse(*_gold(ARGUMENT), "full", "z3", unsafe_fixes=True)
    folds = rep.alignment["arguments_as_predicates"]
    assert folds["status/2"].startswith("inactive/1")
    assert "status/2" not in rep.alignment["unmatched"]
    verdict = {v["premise"]: v["verdict"] for v in rep.verdicts if "premise" in v}
    assert verdict[4] == "equivalent"
    # the gold's `Inactive` the program also writes as a predicate: fixes keep that spelling
    fixed = rep.fixed_program(unsafe=True)
    assert "∀x (Perform(x) ∨ Inactive(x))" in fixed and "Status(x" not in fixed


def test_a_class_the_gold_writes_as_a_relation_with_a_constant_is_unfolded():
    record = dict(RECORD, **{"premises-FOL": ["∀x (TalentShows(x) → Engaged(x))",
                                              "∀x (TalentShows(x) ∨ Inactive(x))",
                                              "Love(children, bonnie)",
                                              "¬Inactive(bonnie) ∧ ¬Students(bonnie)"],
                             "premises": RECORD["premises"][:2] + ["Children love Bonnie."]
                             + RECORD["premises"][3:]})
    program = PROGRAM.replace("Write(bonnie, poems) ::: Bonnie wrote Poems.",
                              "LovedByChildren(bonnie) ::: Children love Bonnie.")
    rep = analyse(*_gold(program, record), "full", "z3")
    assert rep.alignment["arguments_as_predicates"]["loved_by_children/1"].startswith("love/2")
    verdict = {v["premise"]: v["verdict"] for v in rep.verdicts if "premise" in v}
    assert verdict[3] == "equivalent"


def test_a_constant_that_only_shares_a_word_is_not_folded():
    program = PROGRAM.replace("¬(Inactive(bonnie) ∧ Student(bonnie))",
                              "¬Status(bonnie, inactive_member) ∧ ¬Student(bonnie)")
    rep = analyse(*_gold(program), "full", "z3")
    assert "status/2" not in rep.alignment.get("arguments_as_predicates", {})
