"""A gold compound name that spells a program relation with its object and the program's class
(`AnimalsLovedByTourists(x)` for `Animal(x)` beside `LovedBy(x, tourists)`): read as a fold
when the prover finds the paired premises more equivalent under it (sedac/align/compound.py).
Built here in several spellings; Z3 decides."""
from __future__ import annotations

import pytest

from sedac.engine import analyse
from sedac.gold import truth_from_gold
from sedac.readers import read_program

SPELLINGS = [   # class, relation, its object, a source class, a property, an individual
    ("Animal", "LovedBy", "tourists", "Quokka", "Fluffy", "koala"),
    ("Student", "TaughtBy", "experts", "Freshman", "Clever", "ann"),
    ("Book", "WrittenBy", "poets", "Sonnet", "Short", "ode"),
]


def _case(cls, rel, obj, src, prop, ind, with_class=True):
    gold = f"{cls}s{rel}{obj.capitalize()}"
    record = {"id": "m", "premises": [f"All {src}s are {cls}s {rel} {obj}.",
                                      f"If {cls}s are {rel} {obj}, they are {prop}.",
                                      f"{ind} is a {src}."],
              "premises-FOL": [f"∀x ({src}(x) → {gold}(x))", f"∀x ({gold}(x) → {prop}(x))",
                               f"{src}({ind})"],
              "conclusion": f"{ind} is {prop}.", "conclusion-FOL": f"{prop}({ind})",
              "label": "True"}
    second = (f"∀x ({cls}(x) → ({rel}(x, {obj}) → {prop}(x)))" if with_class
              else f"∀x ({rel}(x, {obj}) → {prop}(x))")
    program = ("Predicates:\n" + (f"{cls}(x) ::: x is a {cls.lower()}.\n" if with_class else "")
               + f"{rel}(x, y) ::: x is {rel} y.\n"
               f"Premises:\n∀x ({src}(x) → {rel}(x, {obj})) ::: {record['premises'][0]}\n"
               f"{second} ::: {record['premises'][1]}\n"
               f"{src}({ind}) ::: {record['premises'][2]}\n"
               f"Conclusion:\n{prop}({ind}) ::: {record['conclusion']}\n")
    truth = truth_from_gold(record)
    prog = read_program(program, "p.fol", "fol", vocab_hint=truth.vocab)
    return analyse(prog, truth, "full", "z3", unsafe_fixes=True), rel


@pytest.mark.parametrize("spelling", SPELLINGS, ids=[s[0] for s in SPELLINGS])
def test_a_compound_gold_name_is_the_relation_with_its_object(spelling):
    rep, rel = _case(*spelling)
    from sedac.readers.sections import camel_to_snake
    folds = rep.alignment.get("arguments_as_predicates", {})
    assert f"{camel_to_snake(rel)}/2" in folds, rep.alignment
    assert rep.alignment["confidence"] >= 0.5
    # the class the gold name restates is a condition the gold does not have: dropped (D18),
    # and the repair is written in the program's own relation
    assert any(d.code == "D18" and d.span.line == 6 for d in rep.diagnostics)
    fixed = rep.fixed_program(unsafe=True).split("\n")[5].split(" :::")[0]
    assert f"{rel}(x, {spelling[2]})" in fixed and spelling[0] + "(" not in fixed
    assert rep.answer["open_world"] == "True"


@pytest.mark.parametrize("spelling", SPELLINGS[:1], ids=[SPELLINGS[0][0]])
def test_no_class_of_the_program_no_compound_fold(spelling):
    """The gold name's extra word (`Animals`) must be a class of the program's own."""
    rep, rel = _case(*spelling, with_class=False)
    assert "arguments_as_predicates" not in rep.alignment or \
        "loved_by/2" not in rep.alignment["arguments_as_predicates"]


def test_conjunctions_that_share_a_conjunct_meet():
    """A gold sentence the program split over premises (or premises it joined): the pair shares
    a conjunct up to entailment, so its symbols meet (for the alignment's confidence), though
    neither premise entails the other (its verdict stays `unrelated`)."""
    from sedac.align.compound import overlapping
    from sedac.atp import get_prover
    from sedac.readers.foltext import parse_formula_text as f
    session = get_prover("z3").session()
    assert overlapping(f("City(helena) ∧ In(helena, montana)"),
                       f("In(butte, montana) ∧ In(helena, montana) ∧ In(missoula, montana)"), session)
    assert overlapping(f("Rich(tom) ∧ Tall(tom)"), f("∀x Tall(x) ∧ Old(ann)"), session)
    assert not overlapping(f("City(helena) ∧ In(helena, montana)"),
                           f("In(butte, montana) ∧ In(missoula, montana)"), session)
    assert not overlapping(f("In(helena, montana)"), f("In(helena, montana) → City(helena)"),
                           session)
    # a valid conjunct meets everything: it is no evidence
    assert not overlapping(f("(Rich(tom) ∨ ¬Rich(tom)) ∧ Tall(tom)"), f("Old(ann) ∧ Young(bob)"),
                           session)


def test_a_split_sentence_counts_for_the_alignment_but_keeps_its_verdict():
    record = {"id": "m", "premises": ["Montana includes Butte and Helena.", "Pierre is not in Montana.",
                                      "Whatever is in Montana is in the US."],
              "premises-FOL": ["In(butte, montana) ∧ In(helena, montana)", "¬In(pierre, montana)",
                               "∀x (In(x, montana) → In(x, us))"],
              "conclusion": "Helena is in the US.", "conclusion-FOL": "In(helena, us)",
              "label": "True"}
    program = ("Premises:\nCity(butte) ∧ In(butte, montana) ::: Montana includes Butte and Helena.\n"
               "City(helena) ∧ In(helena, montana) ::: Helena is a city in Montana.\n"
               "¬In(pierre, montana) ::: Pierre is not in Montana.\n"
               "∀x (In(x, montana) → In(x, us)) ::: Whatever is in Montana is in the US.\n"
               "Conclusion:\nIn(helena, us) ::: Helena is in the US.\n")
    truth = truth_from_gold(record)
    rep = analyse(read_program(program, "p.fol", "fol", vocab_hint=truth.vocab), truth, "full",
                  "z3", unsafe_fixes=True)
    verdict = {v["premise"]: v["verdict"] for v in rep.verdicts if "premise" in v}
    assert verdict[1] == "unrelated"
    assert rep.alignment["related"] == rep.alignment["paired"]
    assert rep.answer["open_world"] == "True"
