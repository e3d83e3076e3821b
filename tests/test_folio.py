"""Gold first-order logic as ground truth (FOLIO): reading and auditing the gold, aligning a
program's names with it, premise verdicts, repairs the gold confirms."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict

import pytest

from sedac.atp import get_prover
from sedac.engine import analyse
from sedac.gold import audit, truth_from_gold
from sedac.readers import read_program

from .conftest import DATA, ROOT, corpus

RECORD = {
    "id": "made_up_1",
    "premises": ["If people perform in talent shows, they are engaged.",
                 "People either perform in talent shows or are inactive.",
                 "Bonnie wrote Poems.",
                 "Bonnie is neither inactive nor a student."],
    "premises-FOL": ["∀x (TalentShows(x) → Engaged(x))",
                     "∀x (TalentShows(x) ∨ Inactive(x))",
                     "WrittenBy(poems, bonnie)",
                     "¬Inactive(bonnie) ∧ ¬Students(bonnie)"],
    "conclusion": "Bonnie is engaged.",
    "conclusion-FOL": "Engaged(bonnie)",
    "label": "True",
}

# The model's own names, an argument order of its own, and two slips of connective.
PROGRAM = """Predicates:
Perform(x) ::: x performs in talent shows.
Engaged(x) ::: x is engaged.
Write(x, y) ::: x wrote y.
Premises:
∀x (Perform(x) → Engaged(x)) ::: If people perform in talent shows, they are engaged.
∀x (Perform(x) ⊕ Inactive(x)) ::: People either perform in talent shows or are inactive.
Write(bonnie, poems) ::: Bonnie wrote Poems.
¬(Inactive(bonnie) ∧ Student(bonnie)) ::: Bonnie is neither inactive nor a student.
Conclusion:
Engaged(bonnie) ::: Bonnie is engaged.
"""


def _report(record=RECORD, program=PROGRAM, unsafe=True):
    truth = truth_from_gold(record)
    prog = read_program(program, "p.fol", "fol", vocab_hint=truth.vocab)
    return analyse(prog, truth, "full", "z3", unsafe_fixes=unsafe)


def test_the_alignment_maps_names_arguments_and_plurals_by_meaning():
    rep = _report()
    preds = rep.alignment["predicates"]
    assert preds["perform/1"] == "talent_shows"          # shares no spelling: shape and gloss
    assert preds["write/2"] == "written_by (arguments 2, 1)"
    assert preds["student/1"] == "students"
    assert rep.alignment["confidence"] >= 0.5


def test_verdicts_name_each_premise_and_the_gold_confirms_the_repairs():
    rep = _report()
    verdict = {v["premise"]: v["verdict"] for v in rep.verdicts if "premise" in v}
    assert verdict == {1: "equivalent", 2: "stronger", 3: "equivalent", 4: "weaker"}
    codes = {d.span.line: d.code for d in rep.diagnostics if d.category == "deep-semantic"}
    assert codes[7] == "D13"                       # ⊕ for the gold's ∨
    assert codes[9] in ("D14", "D17")              # "neither ... nor" as ¬(A ∧ B)
    fixed = rep.fixed_program(unsafe=True).split("\n")
    # a repair is written in the program's own names and order, never the gold's
    assert fixed[6].startswith("∀x (Perform(x) ∨ Inactive(x)) :::")
    assert fixed[8].split(" :::")[0] in ("¬(Inactive(bonnie) ∨ Student(bonnie))",
                                        "¬Inactive(bonnie) ∧ ¬Student(bonnie)")
    assert not any("talent_shows" in line.split(":::")[0].lower() for line in fixed)
    assert rep.answer["open_world"] == "True"


def test_a_premise_the_gold_does_not_support_stays_with_its_verdict():
    program = PROGRAM.replace("∀x (Perform(x) → Engaged(x))", "∀x (Engaged(x) → Student(x))")
    rep = _report(program=program)
    d000 = [d for d in rep.diagnostics if d.code == "D000"]
    assert d000 and d000[0].fix is None          # reported, never dropped
    assert "∀x (Engaged(x) → Student(x))" in rep.fixed_program(unsafe=True)


def test_gold_slips_are_reported_never_a_crash():
    record = dict(RECORD, **{"premises-FOL": ["∀x (TalentShows(x) → Engaged(x)))",
                                              "TalentShows(x) ∨ Inactive(x)", "", "Engaged(bonnie"]})
    truth = truth_from_gold(record)
    problems = [s["problem"] for s in truth.slips]
    assert any("no quantifier" in p for p in problems)
    assert any("empty" in p for p in problems)
    assert len(truth.unparsed) == 3 and len(truth.facts) == 1
    result = audit(truth, "True", get_prover("z3").session())
    assert result["agrees"] is False and "do not read" in result["why"]


def test_the_audit_finds_a_gold_that_disagrees_with_its_label():
    session = get_prover("z3").session()
    assert audit(truth_from_gold(RECORD), "True", session)["agrees"] is True
    wrong = audit(truth_from_gold(dict(RECORD, label="False")), "False", session)
    assert wrong["agrees"] is False and wrong["entails"] == "True"


def test_check_takes_a_folio_record_as_truth(tmp_path):
    data = tmp_path / "gold.jsonl"
    data.write_text(json.dumps(RECORD) + "\n" + json.dumps(dict(RECORD, id="other")) + "\n")
    prog = tmp_path / "p.fol"
    prog.write_text(PROGRAM)

    def run(*args):
        return subprocess.run([sys.executable, "-m", "sedac", "check", str(prog), *args],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
    ok = run("--truth", f"{data}#made_up_1", "--output-format", "json")
    assert ok.returncode == 1, ok.stderr
    file = json.loads(ok.stdout)["files"][0]
    assert file["alignment"]["predicates"]["perform/1"] == "talent_shows"
    assert {v["verdict"] for v in file["verdicts"]} >= {"equivalent", "weaker"}
    for spec, why in ((f"{data}#nope", "no record with id"), (str(data), "name one as")):
        bad = run("--truth", spec)
        assert bad.returncode == 2 and why in bad.stderr and "Traceback" not in bad.stderr


def test_problems_only_accuracy_is_the_share_of_sound_golds():
    from sedac.corpus import read_corpus
    from sedac.evaluate import evaluate_problem, summarize
    problems = read_corpus(corpus("folio/folio-validation.jsonl"))
    records = [evaluate_problem(p) for p in problems]
    summary = summarize(records, 0.0)
    gold = summary["gold_audit"]
    assert summary["failed"] == 0 and gold["records"] == len(problems) == 204
    assert gold["agrees"] >= 180
    for condition in ("raw", "syntax", "full"):
        assert summary["conditions"][condition]["open_world"]["correct"] == gold["agrees"]
    assert all(d["why"] for d in gold["disagrees"])


def test_premise_verdicts_checked_by_eye():
    """Each case was read by a person: the program's premise, the gold's, the verdict and why
    (tests/data/folio_verdicts.json)."""
    from sedac.corpus import read_corpus
    cases = json.loads((DATA / "folio_verdicts.json").read_text(encoding="utf-8"))
    assert len(cases) >= 50 and all(c["reason"] for c in cases)
    problems = {p.id: p for p in read_corpus(corpus("folio/FOLIO_dev_gpt-4.jsonl"))}
    wanted = defaultdict(dict)
    for c in cases:
        wanted[c["id"]][c["premise"]] = c["verdict"]
    for pid, expected in wanted.items():
        p = problems[pid]
        truth = truth_from_gold(p.gold)
        rep = analyse(read_program(p.program, pid, "auto", vocab_hint=truth.vocab), truth, "full",
                      "z3", unsafe_fixes=True, answer=False)
        got = {v["premise"]: v["verdict"] for v in rep.verdicts if "premise" in v}
        for premise, verdict in expected.items():
            assert got.get(premise) == verdict, (pid, premise)
