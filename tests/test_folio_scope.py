"""Full SEDAC against gold formulas: the scope rules D19-D23 (a conjunction for an implication,
a relative clause read as an existential, a fresh existential variable, `⊕` for `→`, a relation
read backwards), a repair
that says more than the other gold premises, and a kept premise that makes the program
contradict itself. Each case is built here (gold record and program) in several spellings,
and decided by the real prover (Z3)."""
from __future__ import annotations

import pytest

from sedac.engine import analyse
from sedac.gold import truth_from_gold
from sedac.readers import read_program

# (the names each case is spelled with): a variant is the same problem in other words
NAMES = [
    {"A": "Podcast", "B": "Novel", "R": "Lead", "a": "secrets", "b": "vienna", "c": "beethoven"},
    {"A": "Plane", "B": "Airline", "R": "Own", "a": "boeing", "b": "delta", "c": "mary"},
    {"A": "Cat", "B": "Dog", "R": "Feed", "a": "tom", "b": "rex", "c": "ann"},
]


def _spell(text: str, names: dict) -> str:
    for k in sorted(names, key=len, reverse=True):
        text = text.replace("{" + k + "}", names[k])
    return text


def _record(premises, fols, conclusion, label, names):
    return {"id": "made_up", "premises": [_spell(p, names) for p in premises],
            "premises-FOL": [_spell(f, names) for f in fols],
            "conclusion": _spell(conclusion[0], names),
            "conclusion-FOL": _spell(conclusion[1], names), "label": label}


def _program(lines, question, names):
    body = "\n".join(_spell(f"{f} ::: {s}", names) for f, s in lines)
    return f"Premises:\n{body}\nConclusion:\n{_spell(question, names)} ::: the question\n"


def _check(record, program):
    truth = truth_from_gold(record)
    prog = read_program(program, "p.fol", "fol", vocab_hint=truth.vocab)
    return analyse(prog, truth, "full", "z3", unsafe_fixes=True)


def _deep(rep):
    return {d.span.line: d for d in rep.diagnostics if d.category == "deep-semantic"}


def _line(rep, n):
    return rep.fixed_program(unsafe=True).split("\n")[n - 1].split(" :::")[0]


def _same(a: str, b: str) -> bool:
    from sedac.readers.foltext import parse_formula_text
    return parse_formula_text(a) == parse_formula_text(b)


CASES = {
    # rule: (gold sentences, gold formulas, gold question, label, program premises, question,
    #        the repaired first premise in the program's notation)
    "D19": (["A {A} is not a {B}.", "{a} is a {A}."],
            ["∀x ({A}(x) → ¬{B}(x))", "{A}({a})"],
            ("{a} is not a {B}.", "¬{B}({a})"), "True",
            [("∀x (¬{A}(x) ∧ {B}(x))", "A {A} is not a {B}."), ("{A}({a})", "{a} is a {A}.")],
            # (the candidate `∀x (Novel(x) → ¬Podcast(x))`, written in the gold's direction)
            "¬{B}({a})", "∀x ({A}(x) → ¬{B}(x))"),
    "D20": (["{B}s are {R}ed by {A}s.", "{b} is a {B}.", "{c} {R}s {b}."],
            ["∀x ∀y (({B}(x) ∧ {R}(y, x)) → {A}(y))", "{B}({b})", "{R}({c}, {b})"],
            ("{c} is a {A}.", "{A}({c})"), "True",
            [("∀x ({B}(x) → ∃y ({A}(y) ∧ {R}(y, x)))", "{B}s are {R}ed by {A}s."),
             ("{B}({b})", "{b} is a {B}."), ("{R}({c}, {b})", "{c} {R}s {b}.")],
            "{A}({c})", "∀x ∀y (({B}(x) ∧ {R}(y, x)) → {A}(y))"),
    "D21": (["Every {A} is a {B}.", "{a} is a {A}."],
            ["∀x ({A}(x) → {B}(x))", "{A}({a})"],
            ("{a} is a {B}.", "{B}({a})"), "True",
            [("∀x ({A}(x) → ∃y {B}(y))", "Every {A} is a {B}."), ("{A}({a})", "{a} is a {A}.")],
            "{B}({a})", "∀x ({A}(x) → {B}(x))"),
    "D22": (["If {a} is a {A}, {a} is a {B}.", "{a} is a {A}."],
            ["{A}({a}) → {B}({a})", "{A}({a})"],
            ("{a} is a {B}.", "{B}({a})"), "True",
            [("{A}({a}) ⊕ {B}({a})", "If {a} is a {A}, {a} is a {B}."),
             ("{A}({a})", "{a} is a {A}.")],
            "{B}({a})", "{A}({a}) → {B}({a})"),
    "D23": (["Whatever {a} {R}s, {c} does not {R}.", "{a} {R}s {b}.", "{c} {R}s {a}."],
            ["∀x ({R}({a}, x) → ¬{R}({c}, x))", "{R}({a}, {b})", "{R}({c}, {a})"],
            ("{c} does not {R} {b}.", "¬{R}({c}, {b})"), "True",
            [("∀x ({R}(x, {a}) → ¬{R}(x, {c}))", "Whatever {a} {R}s, {c} does not {R}."),
             ("{R}({a}, {b})", "{a} {R}s {b}."), ("{R}({c}, {a})", "{c} {R}s {a}.")],
            "¬{R}({c}, {b})", "∀x ({R}({a}, x) → ¬{R}({c}, x))"),
}


@pytest.mark.parametrize("code", sorted(CASES))
@pytest.mark.parametrize("names", NAMES, ids=[n["A"] for n in NAMES])
def test_a_scope_rule_repairs_what_the_gold_entails(code, names):
    sentences, fols, question, label, lines, query, repaired = CASES[code]
    record = _record(sentences, fols, question, label, names)
    raw = _check(record, _program(lines, query, names))
    d = _deep(raw).get(2)
    assert d is not None and d.code == code, [(x.code, x.message) for x in raw.diagnostics]
    assert _same(_line(raw, 2), _spell(repaired, names)), _line(raw, 2)
    assert raw.answer["open_world"] == label
    # the same program without the repair answers otherwise: the repair is what decides
    as_written = analyse(read_program(_program(lines, query, names), "p.fol", "fol"),
                         None, "partial", "z3")
    assert as_written.answer["open_world"] != label


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_scope_rule_repairs_nothing_the_gold_does_not_entail(code):
    """The same program against a gold whose first premise says something else: the rule's
    candidate is not entailed, and no repair is made."""
    sentences, fols, question, label, lines, query, _ = CASES[code]
    names = NAMES[0]
    record = _record(sentences, ["∀x ({A}(x) → {R}({a}, x))"] + fols[1:], question, label, names)
    rep = _check(record, _program(lines, query, names))
    assert not any(d.code == code for d in rep.diagnostics)
    assert rep.answer["open_world"] != label


def test_a_repair_whose_conditions_only_its_own_premise_denies_is_a_repair():
    """Gold: `(Job(mary) ∧ Earn(mary)) → ¬(Picky(mary) ∨ Earn(mary))` beside `∀x (Job(x) →
    Earn(x))`: the gold denies the condition, by that premise alone. The program's `⊕` for
    `→`, its own negation of `Picky` kept, still restores it (D22)."""
    record = {"id": "m", "premises": ["Whoever has a job earns.", "If Mary has a job and earns, "
                                      "she is neither picky nor earns.", "Mary is a student."],
              "premises-FOL": ["∀x (Job(x) → Earn(x))",
                               "(Job(mary) ∧ Earn(mary)) → ¬(Picky(mary) ∨ Earn(mary))",
                               "Student(mary)"],
              "conclusion": "Mary has no job.", "conclusion-FOL": "¬Job(mary)", "label": "True"}
    program = ("Premises:\n∀x (Job(x) → Earn(x)) ::: Whoever has a job earns.\n"
               "(Job(mary) ∧ Earn(mary)) ⊕ ¬(¬Picky(mary) ∨ Earn(mary)) ::: If Mary has a job "
               "and earns, she is neither picky nor earns.\n"
               "Student(mary) ::: Mary is a student.\n"
               "Conclusion:\n¬Job(mary) ::: Mary has no job.\n")
    rep = _check(record, program)
    assert _deep(rep)[3].code == "D22"
    assert _same(_line(rep, 3), "(Job(mary) ∧ Earn(mary)) → ¬(¬Picky(mary) ∨ Earn(mary))")
    assert rep.answer["open_world"] == "True"


GOLD = {"id": "m", "premises": ["Everyone who has a wedding has a child.", "John has a wedding.",
                                "Mia loves someone."],
        "premises-FOL": ["∀x (Wedding(x) → Child(x))", "Wedding(john)", "∃x Love(mia, x)"],
        "conclusion": "John has a child.", "conclusion-FOL": "Child(john)", "label": "True"}
PREMISES = ("∀x (Wedding(x) → Child(x)) ::: Everyone who has a wedding has a child.\n"
            "Wedding(john) ::: John has a wedding.\n")


@pytest.mark.parametrize("bad,what", [
    ("∀x ¬Child(x) ::: Nobody has children.", "with the rest"),
    ("∀x (Love(mia, x) ∧ ¬(x = john)) ::: Mia loves someone.", "alone"),
])
def test_a_kept_premise_that_makes_the_program_contradict_itself_is_dropped(bad, what):
    program = f"Premises:\n{PREMISES}{bad}\nConclusion:\nChild(john) ::: John has a child.\n"
    rep = _check(GOLD, program)
    d000 = [d for d in rep.diagnostics if d.code == "D000"]
    assert len(d000) == 1 and d000[0].span.line == 4 and d000[0].fix is not None
    assert "contradicts itself" in d000[0].message
    assert rep.answer["open_world"] == "True"
    fixed = rep.fixed_program(unsafe=True)
    assert bad.split(" :::")[0] not in [line.split(" :::")[0] for line in fixed.split("\n")]
    # as written the program answers `Inconsistent`
    raw = analyse(read_program(program, "p.fol", "fol"), None, "partial", "z3")
    assert raw.answer["open_world"] == "Inconsistent"


def test_a_kept_premise_of_a_consistent_program_stays():
    program = (f"Premises:\n{PREMISES}∀x (Child(x) → Wedding(x)) ::: Mia loves someone.\n"
               "Conclusion:\nChild(john) ::: John has a child.\n")
    rep = _check(GOLD, program)
    d000 = [d for d in rep.diagnostics if d.code == "D000"]
    assert d000 and all(d.fix is None for d in d000)
    assert "∀x (Child(x) → Wedding(x))" in rep.fixed_program(unsafe=True)
