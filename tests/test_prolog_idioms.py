"""Prolog as today's models write it: each idiom read for what it means (tests/data/prolog_idioms.json).

A case gives a program (and, for full SEDAC, the problem text) and what sedac must make of
it: the diagnostic codes (none where the idiom is fine), the question it asks and its
open-world answer, where diagnostics point, and the file after safe fixes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import sedac
from sedac.fol import describe
from sedac.readers import detect

CASES = json.loads((Path(__file__).parent / "data" / "prolog_idioms.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_idiom(case):
    report = sedac.check(case["program"], nl=case.get("text"), path=f"{case['id']}.pl")
    codes = sorted(d.code for d in report.diagnostics if d.category != "omission")
    assert codes == sorted(case["codes"]), [(d.code, d.span.line, d.message) for d in report.diagnostics]
    assert report.answer["query"] == case["query"]
    assert report.answer["open_world"] == case["open_world"]
    for code, lines in case.get("lines", {}).items():
        assert sorted(d.span.line for d in report.diagnostics if d.code == code) == lines
    if "fixed" in case:
        assert report.fixed_program() == case["fixed"]
    if "formulas" in case:
        got = {describe(f) for f in report.formulas("safe")}
        assert set(case["formulas"]) <= got, got
    if "lang" in case:
        assert detect(case["program"]) == case["lang"]
