"""The names a reply gives its abbreviated constants (`sedac.align.legend`), and the
alignment that uses them against gold formulas that spell the individuals out."""
from __future__ import annotations

import pytest

from sedac.align.legend import legend


@pytest.mark.parametrize("text, consts, want", [
    ("Constants: $s$ = Symphony No. 9, $b$ = Beethoven, $v$ = Vienna Music Society.",
     {"s", "b", "v"}, {"s": "Symphony No. 9", "b": "Beethoven", "v": "Vienna Music Society"}),
    ("% Constants: d = Diamond Mine, w = WWE, r = Roderick Strong,\n%   n = Ivy Nile",
     {"d", "w", "r", "n"}, {"d": "Diamond Mine", "w": "WWE", "r": "Roderick Strong", "n": "Ivy Nile"}),
    ("Constant: $t$ (Tom).", {"t"}, {"t": "Tom"}),
    ("  vms   - Vienna Music Society\n  b9 -- the Ninth", {"vms", "b9"}, {"vms": "Vienna Music Society",
                                                               "b9": "Ninth"}),
    # not a legend: a sentence about the constant, a name that is its own spelling
    ("Here kiki is an animal. Subway: Subway.", {"kiki", "subway"}, {}),
])
def test_a_legend_names_each_abbreviation(text, consts, want):
    assert legend(text, consts) == want


def test_the_alignment_maps_a_letter_onto_the_gold_individual_its_legend_names():
    from sedac.align import align
    from sedac.gold import truth_from_gold
    from sedac.readers import read_program
    record = {"premises": ["Diamond Mine is a stable formed in WWE.", "Roderick Strong leads Diamond Mine."],
              "premises-FOL": ["Stable(diamondmine) ∧ FormedIn(diamondmine, wwe)",
                               "Leads(roderickstrong, diamondmine)"],
              "conclusion": "Roderick Strong leads a stable.", "conclusion-FOL": "∃x (Stable(x) ∧ Leads(roderickstrong, x))",
              "label": "True"}
    text = ("Constants: $d$ = Diamond Mine, $w$ = WWE, $r$ = Roderick Strong.\n\n"
            "1. $\\mathit{Stable}(d) \\land \\mathit{FormedIn}(d, w)$\n2. $\\mathit{Leads}(r, d)$\n\n"
            "Conclusion: $\\exists x\\,(\\mathit{Stable}(x) \\land \\mathit{Leads}(r, x))$\n")
    al = align(read_program(text, "p.fol", "fol"), truth_from_gold(record))
    assert al.consts == {"d": "diamondmine", "w": "wwe", "r": "roderickstrong"}


@pytest.mark.parametrize("text, consts, want", [
    ("Let me write it in FOL, with constants `e` (the bald eagle), `b` (bear), `c` (cat).",
     {"e", "b", "c"}, {"e": "bald eagle", "b": "bear", "c": "cat"}),
    ("Let e = the bald eagle, b = the bear.", {"e", "b"}, {"e": "bald eagle", "b": "bear"}),
    ("where $e$ stands for the bald eagle and $b$ for the bear", {"e"}, {"e": "bald eagle"}),
    ("| e | the bald eagle |\n| b | the bear |", {"e", "b"}, {"e": "bald eagle", "b": "bear"}),
    ("Here e is the bald eagle; b: bear", {"e", "b"}, {"e": "bald eagle", "b": "bear"}),
    # a sentence about a constant names nothing (`b is a box`)
    ("b is a box, and the cat is big.", {"b"}, {}),
])
def test_a_legend_names_an_individual_by_its_common_noun(text, consts, want):
    assert legend(text, consts) == want


STORY = ("The bald eagle is round. The bear needs the bald eagle. If something is round then "
         "it needs the bear. If something needs the bear then it is kind.")
LEGENDS = ("Constants: `e` (the bald eagle), `b` (the bear).",
           "Let e = the bald eagle and b = the bear.",
           "% e: bald eagle, b: bear",
           "Here $e$ denotes the bald eagle and $b$ denotes the bear.",
           "**Premises** (e = the bald eagle, b = the bear)",
           "Premises (e the bald eagle, b the bear):",
           "Constants e and b for the bald eagle and the bear.",
           "Let e, b be the bald eagle and the bear.")
FORMULAS = ("Round(e)", "Needs(b, e)", "∀x (Round(x) → Needs(x, b))", "∀x (Needs(x, b) → Kind(x))")


@pytest.mark.parametrize("said", LEGENDS)
def test_against_the_text_a_legend_maps_its_letters_onto_the_individuals_it_names(said):
    """With a text for ground truth, the letters a reply's legend explains are the text's
    individuals: no premise is wrong, the question is the text's, and the fix keeps the
    reply's own letters."""
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    reply = said + "\n\n" + "\n".join(FORMULAS) + "\n\nConclusion: Kind(e)\n"
    rep = analyse(read_program(reply, "p.fol", "fol"),
                  truth_from_text(STORY + " The bald eagle is kind."), "full", "z3")
    wrong = [d.code for d in rep.diagnostics if d.category not in ("communication",)]
    assert not wrong, [(d.code, d.message) for d in rep.diagnostics]
    assert rep.answer["open_world"] == "True"
    fixed = rep.fixed_program(unsafe=True)
    assert "Needs(b, e)" in fixed and "bald_eagle" not in fixed


def test_against_the_text_letters_no_legend_names_are_mapped_by_the_premises_structure():
    """Without a legend, the premises' structure pairs `e` with the bald eagle and `b` with
    the bear (`sedac.align.abbrev`): no premise is wrong, the fix keeps the letters."""
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    reply = "\n".join(FORMULAS) + "\n\nConclusion: Kind(e)\n"
    rep = analyse(read_program(reply, "p.fol", "fol"),
                  truth_from_text(STORY + " The bald eagle is kind."), "full", "z3")
    assert not [d for d in rep.diagnostics if d.category != "communication"], rep.diagnostics
    assert rep.answer["open_world"] == "True"
    assert "Needs(b, e)" in rep.fixed_program(unsafe=True)


def test_against_the_text_a_name_near_the_texts_word_is_left_to_the_shallow_rules():
    """`Wumpuses(x)` is near the text's `wumpus`: no abbreviation to map, the shallow rule
    names it (R6) as before."""
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    reply = "∀x (Wumpuses(x) → Red(x))\nWumpuses(sam)\n\nConclusion: Red(sam)\n"
    rep = analyse(read_program(reply, "p.fol", "fol"),
                  truth_from_text("Every wumpus is red. Sam is a wumpus."), "full", "z3")
    assert rep.alignment is None or not (rep.alignment.get("predicates") or {})
    assert any(d.code.startswith("R") for d in rep.diagnostics), [d.code for d in rep.diagnostics]


CHAIN = "Every zumpus is a dumpus. Dumpuses are red. Sally is a zumpus."


@pytest.mark.parametrize("said, where", [
    ("Legend: Z = zumpus, D = dumpus", "after"), ("Legend: Z: zumpus; D: dumpus.", "before"),
    ("| Symbol | Meaning |\n|---|---|\n| Z | zumpus |\n| D | dumpus |", "before"),
    ("Z(x): x is a zumpus\nD(x) -- x is a dumpus", "before"),
    ("(single letters are the kinds: Z = zumpuses, D = dumpuses)", "after"),
    ("Legend: s = Sally. Kinds by initial letter: Z zumpus, D dumpus.", "before"),
])
def test_against_the_text_a_legend_maps_its_letters_onto_the_words_it_names(said, where):
    """One-letter predicates a legend explains (before or after the formulas, in either
    case) are the text's words: no premise is wrong and the answer is the text's."""
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    sally = "s" if "s = Sally" in said else "sally"
    formulas = f"∀x (Z(x) → D(x))\n∀x (D(x) → Red(x))\nZ({sally})\n\nConclusion: Red({sally})\n"
    reply = (said + "\n\n" + formulas) if where == "before" else (formulas + "\n" + said + "\n")
    rep = analyse(read_program(reply, "p.fol", "fol"), truth_from_text(CHAIN), "full", "z3")
    wrong = [d for d in rep.diagnostics if d.category != "communication"]
    assert not wrong, [(d.code, d.message) for d in wrong]
    assert rep.answer["open_world"] == "True"


def _bare_word_legends():
    """`**Y**(x) young`: a predicate's legend that gives the bare word, in the decorations,
    separators and closings models write."""
    for deco in ("", "**", "`", "$"):
        for sep in ("", ":", " =", " —", " --"):
            for end in (",", ";", ".", ""):
                yield (f"Predicates: {deco}Kd{deco}(x){sep} kind{end} {deco}Yg{deco}(x){sep} young{end}\n"
                       f"{deco}Nd{deco}(x,y){sep} x needs y{end}")


@pytest.mark.parametrize("said", list(_bare_word_legends()))
def test_a_predicate_legend_may_give_the_bare_word(said):
    """The mouse is kind and young: the premises' structure cannot tell `Kd` from `Yg`
    (both said once, of one individual); the legend's bare words do."""
    from sedac.align.legend import named_predicates
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    reply = said + "\n\nKd(m)\nYg(m)\nNd(m, e)\n\nConclusion: Yg(m)\n"
    truth = truth_from_text("The mouse is kind. The mouse is young. The mouse needs the bald eagle. "
                            "The bald eagle is kind.")
    got = named_predicates(read_program(reply, "p.fol", "fol"), truth)
    assert {(k.lower(), n): v[0] for (k, n), v in got.items()} == {
        ("kd", 1): "kind", ("yg", 1): "young", ("nd", 2): "needs"}, said


@pytest.mark.parametrize("line", ["∀x (Kd(x) → young(x))", "Kd(x) ∧ kind(x)", "Kd(x) :- kind(x).",
                                  "Kd(x) is kind and", "Kd(x) and"])
def test_a_formula_is_no_bare_word_legend(line):
    from sedac.align.legend import named_predicates
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    reply = "% " + line + "\n\nKd(m)\n\nConclusion: Kd(m)\n"
    got = named_predicates(read_program(reply, "p.fol", "fol"), truth_from_text("The mouse is kind."))
    assert not got or line.startswith("Kd(x) is"), got
