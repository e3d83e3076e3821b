"""One deep clause does not reject a file (issue 22, point 5): a clause that nests past
the readers' limit (100,000 nested `\\+`, brackets, lists, terms; in Prolog and TPTP) is
that clause's E002, commented out by its fix, and every other clause is read; in bounded
time, through the command line (a fresh process with its deep stack)."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from .conftest import ROOT

DEPTH = 100_000
PROLOG = {
    "negations": "\\+ " * DEPTH + "q",
    "negations-in-brackets": "\\+ (" * DEPTH + "q" + ")" * DEPTH,
    "brackets": "(" * DEPTH + "q" + ")" * DEPTH,
    "terms": "q(" + "f(" * DEPTH + "a" + ")" * DEPTH + ")",
    "lists": "q(" + "[" * DEPTH + "a" + "]" * DEPTH + ")",
    "if-then": "(q -> " * DEPTH + "true" + ")" * DEPTH,
}
TPTP = {
    "negations": "~ " * DEPTH + "cat(tom)",
    "negations-in-brackets": "~ (" * DEPTH + "cat(tom)" + ")" * DEPTH,
}


def _check(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    # the child's CPU time: bounded work, which a loaded machine's wall clock is not
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, "-m", "sedac", "check", name, "--output-format", "json"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})   # this checkout's sedac
    assert r.returncode == 1, (r.returncode, r.stderr[-500:])
    doc = json.loads(r.stdout)["files"][0]
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return doc, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("shape", sorted(PROLOG))
def test_a_deep_prolog_clause_is_its_own_diagnostic(tmp_path, shape):
    text = f"cat(tom).\np :- {PROLOG[shape]}.\nmammal(X) :- cat(X).\n?- mammal(tom).\n"
    doc, seconds = _check(tmp_path, "deep.pl", text)
    deep = [d for d in doc["diagnostics"] if d["line"] == 2]
    assert [d["code"] for d in deep] in (["E002"], ["E003"]), doc["diagnostics"]   # E003: f(f(...))
    assert deep[0]["fix"]["replacement"].startswith("% p :- ")
    assert doc["answer"]["open_world"] == "True" and doc["answer"]["closed_world"] == "True"
    assert doc["fixed_program"].startswith("cat(tom).\n% p :- ")
    assert doc["fixed_program"].endswith("\nmammal(X) :- cat(X).\n?- mammal(tom).\n")
    assert seconds < 60


@pytest.mark.parametrize("shape", sorted(TPTP))
def test_a_deep_tptp_item_is_its_own_diagnostic(tmp_path, shape):
    text = (f"fof(a1, axiom, cat(tom)).\nfof(a2, axiom, {TPTP[shape]}).\n"
            "fof(a3, axiom, ![X]: (cat(X) => mammal(X))).\nfof(c, conjecture, mammal(tom)).\n")
    doc, seconds = _check(tmp_path, "deep.p", text)
    assert [d["code"] for d in doc["diagnostics"]] == ["E002"]
    assert doc["diagnostics"][0]["line"] == 2
    assert doc["answer"]["open_world"] == "True"
    assert seconds < 60


def test_a_bad_tptp_item_leaves_the_others_read(tmp_path):
    text = ("fof(a1, axiom, cat(tom)).\nfof(a2, axiom, cat(tom).\n"
            "fof(a3, axiom, ![X]: (cat(X) => mammal(X))).\nfof(c, conjecture, mammal(tom)).\n")
    doc, _ = _check(tmp_path, "bad.p", text)
    assert [(d["code"], d["line"]) for d in doc["diagnostics"]] == [("E001", 2)]
    assert doc["answer"]["open_world"] == "True"


def test_a_long_flat_body_is_still_read(tmp_path):
    """Depth is nesting, not length: a 20,000-goal body is one level of `,`."""
    text = "cat(tom).\np :- " + ", ".join(["q"] * 20000) + ".\n?- cat(tom).\n"
    doc, _ = _check(tmp_path, "wide.pl", text)
    assert not [d for d in doc["diagnostics"] if d["code"] in ("E001", "E002")]
    assert doc["answer"]["closed_world"] == "True"
