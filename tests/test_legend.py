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
