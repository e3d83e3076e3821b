"""Prover9 reads a free name starting with u-z as a variable: an individual of the problem
spelled so (`tumpus(wren).`) says that everything is a tumpus. Generated from the project's
problems with their individuals renamed to u-z names: the writer spells them as names
(`Wren`), a reply that writes them lower-case gets Y013 and a fix back to the writer's text."""
from __future__ import annotations

import re

import pytest

from sedac.codes import CODES
from sedac.corpus import read_corpus
from sedac.engine import analyse
from sedac.readers import read_program
from sedac.truth import truth_from_text

from . import reply_variants as R
from .conftest import ROOT
from .test_reply_variants import PROBLEMS, PROVER, WORLDS, _problem

U_Z = ["wren", "vera", "uma", "yara", "zed", "xena"]


def _renamed(rel: str, k: int):
    """The problem with its individuals renamed to names starting with u-z."""
    p = read_corpus(ROOT / "corpora" / rel)[k]
    names = sorted(truth_from_text(p.text).vocab.names)
    subs = dict(zip(names, U_Z))
    text = re.sub(r"\b(" + "|".join(n.capitalize() for n in names) + r")\b",
                  lambda m: subs[m.group(1).lower()].capitalize(), p.text)
    truth = truth_from_text(text)
    _, expected = _problem(rel, k)          # renaming changes no answer
    return truth, expected, sorted(subs.values())


def _spoil(text: str, names, only_first: bool = False) -> str:
    pat = re.compile(r"\b(" + "|".join(n.capitalize() for n in names) + r")\b")
    return pat.sub(lambda m: m.group(1).lower(), text, count=1 if only_first else 0)


@pytest.mark.parametrize("rel,k", PROBLEMS)
def test_an_individual_spelled_as_a_prover9_variable_is_named_and_fixed(rel, k):
    truth, expected, names = _renamed(rel, k)
    good = R.reply(truth, "prover9", markdown=False)
    assert "Y013" in CODES
    # the writer spells u-z individuals as names: its text reads back without Y013
    back = read_program(good, "reply.in", "prover9", vocab_hint=truth.vocab)
    assert not [d for d in back.diagnostics if d.code == "Y013"]
    assert {w: analyse(back, truth, "full", PROVER).answer[w] for w in WORLDS} == expected
    bad = _spoil(good, names)
    assert bad != good
    prog = read_program(bad, "reply.in", "prover9", vocab_hint=truth.vocab)
    y = [d for d in prog.diagnostics if d.code == "Y013"]
    spoiled_lines = {n for n, (a, b) in enumerate(zip(bad.split("\n"), good.split("\n")), 1) if a != b}
    assert {d.span.line for d in y} == spoiled_lines
    assert all(d.fix is not None and d.fix.applicability == "safe" for d in y)
    report = analyse(prog, truth, "full", PROVER)
    assert {w: report.answer[w] for w in WORLDS} == expected
    fixed, _, notes = report.verified()
    assert not notes
    assert fixed == good


@pytest.mark.parametrize("rel,k", PROBLEMS)
def test_a_name_used_elsewhere_as_a_constant_is_named_without_the_problem(rel, k):
    truth, _, names = _renamed(rel, k)
    good = R.reply(truth, "prover9", markdown=False)
    bad = _spoil(good, names, only_first=True)
    prog = read_program(bad, "reply.in", "prover9")         # no vocabulary: the program's own
    y = [d for d in prog.diagnostics if d.code == "Y013"]
    if good.count(re.search(r"\b(" + "|".join(n.capitalize() for n in names) + r")\b", good).group(1)) > 1:
        assert len(y) == 1 and y[0].fix is not None


def test_a_variable_that_names_nothing_is_left_alone():
    text = "formulas(assumptions).\nall x (p(x) -> q(x)).\np(wren).\nq(y).\nend_of_list.\n" \
           "formulas(goals).\nq(Alex).\nend_of_list.\n"
    prog = read_program(text, "reply.in", "prover9")
    assert not [d for d in prog.diagnostics if d.code == "Y013"]
    styled = "set(prolog_style_variables).\nformulas(assumptions).\np(wren).\nq(Wren).\nend_of_list.\n"
    prog = read_program(styled, "reply.in", "prover9")
    assert not [d for d in prog.diagnostics if d.code == "Y013"]
