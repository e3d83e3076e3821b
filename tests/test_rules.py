"""The rewrite and derivation rules, case by case from tests/data/rules.json."""
from __future__ import annotations

import pytest

from sedac.readers.tptp import parse_formula
from sedac.rules import BY_CODE, REGISTRY, equivalence_key, propose, rewrite_formula
from sedac.truth import truth_from_text


def test_rule(rule_case):
    vocab = truth_from_text(rule_case["text"]).vocab
    f = parse_formula(rule_case["formula"])
    rewritten, codes = rewrite_formula(f, vocab)
    assert rewritten == parse_formula(rule_case["rewrite"])
    assert codes == rule_case["codes"]
    proposed = propose(f, vocab)
    if "candidates" in rule_case:
        # D1-D3 (closed under composition) give exactly these
        got = {equivalence_key(g) for g, codes in proposed.items()
               if all(c in ("D1", "D2", "D3") or c.startswith("R") for c in codes)}
        want = {equivalence_key(parse_formula(c)) for c in rule_case["candidates"]}
        assert got == want
    keys = {equivalence_key(g): codes for g, codes in proposed.items()}
    for inc in rule_case.get("includes", ()):
        codes = keys.get(equivalence_key(parse_formula(inc["candidate"])))
        assert codes is not None and inc["rule"] in codes, inc
    for exc in rule_case.get("excludes", ()):
        assert equivalence_key(parse_formula(exc)) not in keys, exc


def test_registry_codes_are_unique_and_complete():
    codes = [r.code for r in REGISTRY]
    assert len(codes) == len(set(codes))
    assert set(codes) == {f"R{i}" for i in range(1, 12)} | {f"D{i}" for i in range(1, 24)}
    assert all(BY_CODE[c].doc for c in codes), "every rule documents itself"


def test_propose_deduplicates_contrapositives():
    vocab = truth_from_text("Every cat is a dog.").vocab
    cands = propose(parse_formula("! [X] : (cat(X) => dog(X))"), vocab)
    keys = [equivalence_key(c) for c in cands]
    assert len(keys) == len(set(keys))
    # `dog => ~cat` is the contrapositive of `cat => ~dog`: only one of them is proposed
    a = equivalence_key(parse_formula("! [X] : (cat(X) => ~ dog(X))"))
    b = equivalence_key(parse_formula("! [X] : (dog(X) => ~ cat(X))"))
    assert a == b and a in keys


def test_partial_mode_vocabulary_without_text_reads_only_what_the_program_shows():
    from sedac.truth import program_vocabulary
    from sedac.fol import predicates
    from sedac.shallow import applied_terms
    shows = [parse_formula(t) for t in ("blue(cats)", "cat(tom)", "! [X] : (even_number(X) => odd(X))",
                                        "brown(negative)", "teacher(james)")]
    preds = {p for f in shows for p, _ in predicates(f)}
    v = program_vocabulary(preds, {"cats", "tom", "negative", "james"}, None,
                           applied=applied_terms(shows))
    assert rewrite_formula(parse_formula("blue(cats)"), v)[1] == ["R2"]     # `cat` is a class
    assert rewrite_formula(parse_formula("blue(tom)"), v)[1] == []
    assert rewrite_formula(parse_formula("! [X] : (even(X) => loud(X))"), v)[0] == \
        parse_formula("! [X] : (even_number(X) => loud(X))")               # `even_number` is
    assert rewrite_formula(parse_formula("brown(negative)"), v)[1] == []    # no `negative_number`
    assert rewrite_formula(parse_formula("teacher(james)"), v)[1] == []     # `jame` is no class
    # what only general knowledge reads so is a guess: the guessing vocabulary, for suggestions
    g = program_vocabulary({"dogs", "blue", "teacher"}, {"dogs", "james", "negative"}, None,
                           guess=True)
    assert rewrite_formula(parse_formula("blue(dogs)"), g)[1] == ["R2"]
    assert rewrite_formula(parse_formula("brown(negative)"), g)[1] == ["R4"]
    assert rewrite_formula(parse_formula("teacher(james)"), g)[1] == []


def test_r10_without_text_reads_the_common_builtin_names():
    from sedac.truth import program_vocabulary
    v = program_vocabulary({"is_number", "num", "is_integer", "fruity", "is_cat"}, {"stella"}, None)
    for name, word in (("is_number", "number"), ("num", "number"), ("is_integer", "integer")):
        assert rewrite_formula(parse_formula(f"{name}(stella)"), v) == \
            (parse_formula(f"{word}(stella)"), ["R10"])
    assert rewrite_formula(parse_formula("is_cat(stella)"), v)[1] == []   # needs the text


CONNECTIVE_CASES = [   # (rule, formula, a candidate it proposes), in FOL-text notation
    ("D13", "∀x (Rabbit(x) ∨ Squirrel(x))", "∀x (Rabbit(x) ⊕ Squirrel(x))"),
    ("D13", "Young(rose) ⊕ Student(rose)", "Young(rose) ∨ Student(rose)"),
    ("D14", "¬(FromEarth(marvin) ∧ FromMars(marvin))", "¬(FromEarth(marvin) ∨ FromMars(marvin))"),
    ("D15", "∀x (Mammal(x) → Teeth(x))", "∃x (Mammal(x) ∧ Teeth(x))"),
    ("D16", "∀x (Show(x) → Download(x))", "∀x (Show(x) ↔ Download(x))"),
    ("D17", "¬(Human(m) ∧ Alien(m))", "¬Human(m) ∧ ¬Alien(m)"),
    ("D18", "∀x (Man(x) → (Kind(x) ⊕ Evil(x)))", "∀x (Kind(x) ⊕ Evil(x))"),
    ("D18", "∀x (Animal(x) ↔ (Monkey(x) ∨ Bird(x)))", "∀x (Monkey(x) ∨ Bird(x))"),
    ("D19", "∀x (¬Podcast(x) ∧ Novel(x))", "∀x (Novel(x) → ¬Podcast(x))"),
    ("D19", "Rich(tom) ∧ Happy(tom)", "Rich(tom) → Happy(tom)"),
    ("D20", "∀x (Orchestra(x) → ∃y (Conductor(y) ∧ Lead(y, x)))",
     "∀x ∀y ((Orchestra(x) ∧ Lead(y, x)) → Conductor(y))"),
    ("D21", "∀x (Wedding(x) → ∃y Child(y))", "∀x (Wedding(x) → Child(x))"),
    ("D22", "(Work(mary) ∧ Earn(mary)) ⊕ ¬Earn(mary)", "(Work(mary) ∧ Earn(mary)) → ¬Earn(mary)"),
    ("D23", "∀x (CityIn(x, butte) → ¬CityIn(x, pierre))", "∀x (CityIn(butte, x) → ¬CityIn(pierre, x))"),
]


@pytest.mark.parametrize("code,formula,candidate", CONNECTIVE_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CONNECTIVE_CASES)])
def test_connective_rules_propose_against_a_formal_truth_only(code, formula, candidate):
    from sedac.readers.foltext import parse_formula_text
    from sedac.truth import vocabulary_from_formulas
    f, want = parse_formula_text(formula), parse_formula_text(candidate)
    formal = vocabulary_from_formulas([f, want])
    formal.formal = True            # as `gold.truth_from_gold` makes it
    got = {equivalence_key(g): codes for g, codes in propose(f, formal).items()}
    assert code in got.get(equivalence_key(want), ()), (code, sorted(map(str, got)))
    # the grammar's texts never need them: a text's vocabulary does not fire them
    text = truth_from_text("Every cat is a dog.").vocab
    assert not any(c in codes for codes in propose(f, text).values()
                   for c in ("D13", "D14", "D15", "D16", "D17", "D18", "D19", "D20", "D21",
                             "D22", "D23"))
