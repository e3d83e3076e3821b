"""A safe fix never guesses (issue 22, point 2; issue 20, point 5).

Without a text, a shallow rewrite is applied only when the program itself shows its reading;
with a text, only when the text entails its result. Otherwise it is a display-only
suggestion. Cases are generated from a few names and classes, not listed one by one.
"""
from __future__ import annotations

import itertools

import pytest

import sedac
from sedac.corpus import Problem
from sedac.evaluate import SEMANTICS, evaluate_problem
from sedac.vocab import pluralize

NAMES_IN_S = ["james", "charles", "agnes", "lucas", "thomas", "jones"]
CLASSES = [("vumpus", "wumpus", "bright"), ("tumpus", "rompus", "cold"), ("cat", "mammal", "furry")]


def fixed_answer(text: str, **kw) -> tuple[sedac.FileReport, dict]:
    """The report, and the answer of the program its safe fixes write."""
    report = sedac.check(text, **kw)
    fixed = report.fixed_program()
    again = sedac.check(fixed, **kw)
    return report, again.answer


@pytest.mark.parametrize("name", NAMES_IN_S)
def test_a_name_ending_in_s_is_an_individual_not_a_plural(name):
    prog = f"teacher({name}).\nkind(X) :- teacher(X).\n?- kind({name}).\n"
    report, answer = fixed_answer(prog, path="p.pl")
    assert report.fixed_program() == prog
    assert not [d for d in report.diagnostics if d.fix and d.fix.applicability == "safe"
                and d.category == "shallow-semantic"]
    assert answer["open_world"] == "True" and answer["closed_world"] == "True"


def test_a_plural_the_program_shows_is_still_fixed():
    prog = "cat(tom).\nblue(cats).\n?- blue(tom).\n"
    report, answer = fixed_answer(prog, path="p.pl")
    assert [d.code for d in report.diagnostics if d.fix and d.fix.applicability == "safe"] == ["R2"]
    assert answer["open_world"] == "True"


def test_a_plural_only_general_knowledge_reads_is_a_suggestion():
    prog = "blue(cats).\nfurry(tom).\n?- furry(tom).\n"
    report = sedac.check(prog, path="p.pl")
    r2 = [d for d in report.diagnostics if d.code == "R2"]
    assert r2 and r2[0].fix.applicability == "display-only" and r2[0].status == "non-fixable"
    assert "suggestion" in r2[0].message
    assert report.fixed_program() == prog


def pyke(name: str, cls: str, sup: str, prop: str, positive: bool = True) -> tuple[str, str]:
    tv = "True" if positive else "False"
    text = (f"Every {cls} is a {sup}. Each {sup} is {prop}. {name.title()} is "
            f"{'' if positive else 'not '}a {cls}. True or false: {name.title()} is {prop}.")
    prog = (f"Predicates:\n{cls.title()}($x, bool)\n{sup.title()}($x, bool)\n{prop.title()}($x, bool)\n"
            f"Facts:\n{name.title()}({cls.title()}, {tv})\n"
            f"Rules:\n{cls.title()}($x, True) >>> {sup.title()}($x, True)\n"
            f"{sup.title()}($x, True) >>> {prop.title()}($x, True)\n"
            f"Query:\n{prop.title()}({name.title()}, True)\n")
    return text, prog


@pytest.mark.parametrize("name,classes", list(itertools.product(["polly", "rex", "wren"], CLASSES)))
def test_a_pyke_fact_with_name_and_class_swapped_is_read_the_right_way(name, classes):
    text, prog = pyke(name, *classes)
    for nl in (text, None):      # with the text it is checked; without, the program shows it
        report, answer = fixed_answer(prog, nl=nl, path="p.pyke")
        assert answer["open_world"] == "True", (nl is not None, report.fixed_program())
        assert f"{classes[0].title()}({name.title()}, True)" in report.fixed_program()
        assert ">>> " + name.title() not in report.fixed_program()


def test_with_a_text_a_rewrite_the_text_does_not_entail_is_a_suggestion():
    text = "Every cat is red. Tom is a cat. True or false: Tom is blue."
    prog = "blue(cat).\ncat(tom).\n?- blue(tom).\n"
    report = sedac.check(prog, nl=text, path="p.pl")
    r3 = [d for d in report.diagnostics if d.code == "R3"]
    assert r3 and r3[0].fix.applicability == "display-only"
    assert "blue(X) :- cat(X)" not in report.fixed_program()


def problems():
    """Programs with the shallow anti-patterns, right and wrong ones, against their texts."""
    out = []
    for k, (name, (cls, sup, prop)) in enumerate(itertools.product(["polly", "james"], CLASSES)):
        text, prog = pyke(name, cls, sup, prop)
        ctx, q = text.rsplit(" True or false: ", 1)
        out.append(Problem(f"pyke{k}", ctx, "True or false: " + q, "True", prog))
        out.append(Problem(f"prolog{k}", ctx, "True or false: " + q, "True",
                           f"{cls}({name}).\n{sup}(X) :- {cls}(X).\n{prop}(X) :- {sup}(X).\n"
                           f"?- {prop}({name}).\n"))
        out.append(Problem(f"plural{k}", ctx, "True or false: " + q, "True",
                           f"{cls}({name}).\n{sup}(X) :- {cls}(X).\n{prop}({pluralize(sup)}).\n"
                           f"?- {prop}({name}).\n"))
    return out


def test_partial_is_never_worse_than_syntax_on_generated_problems():
    for p in problems():
        r = evaluate_problem(p)
        for w in SEMANTICS:
            assert r["correct"]["partial"][w] >= r["correct"]["syntax"][w], (p.id, w, r["answers"])
