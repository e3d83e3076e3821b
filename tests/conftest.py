"""Shared fixtures. The real corpora are read from ../shared/corpora, never copied here."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "corpora"
DATA = Path(__file__).resolve().parent / "data"


def corpus(rel: str) -> Path:
    path = CORPORA / rel
    if not path.exists():
        pytest.skip(f"shared corpus {rel} is not beside this checkout")
    return path


OWN = ROOT / "corpora"    # the project's own generated corpora (`sedac corpus generate`)


def own_records(name: str = "proofwriter/attributes-d2.json", limit: int | None = None) -> list[dict]:
    """Logic-LM records of one of the project's own ProofWriter corpora, each with a right
    Pyke translation (its ground truth, written by the Pyke reader) as its program."""
    records = json.loads((OWN / name).read_text(encoding="utf-8"))[:limit]
    for r in records:
        r["raw_logic_programs"] = [pyke_translation(r["context"] + "\n" + r["question"])]
    return records


def pyke_translation(text: str) -> str:
    """The ground truth of a problem text as a program in Logic-LM's Pyke format."""
    from sedac.readers.pyke import pyke_text
    from sedac.truth import truth_from_text
    t = truth_from_text(text)
    lines = [pyke_text(f.formula) for f in t.facts]
    assert None not in lines and t.question is not None, text
    return "\n".join(["Facts:", *[l for l in lines if ">>>" not in l], "Rules:",
                      *[l for l in lines if ">>>" in l], "Query:",
                      pyke_text(t.question, "query")]) + "\n"


def pytest_generate_tests(metafunc):
    """Data-driven cases: a test asking for `rule_case` runs once per case in
    tests/data/rules.json, named by its id."""
    if "rule_case" in metafunc.fixturenames:
        cases = json.loads((DATA / "rules.json").read_text(encoding="utf-8"))
        metafunc.parametrize("rule_case", cases, ids=[c["id"] for c in cases])


WORLDS = ("open_world", "closed_world", "forward")


@lru_cache(maxsize=None)
def own_problem(rel: str, k: int):
    """Problem `k` of the project's own corpus `rel`, its ground truth, and the answers the
    truth itself gives in the three semantics (what every variant of it must answer)."""
    from sedac.atp import get_prover
    from sedac.corpus import read_corpus
    from sedac.engine import answer_both
    from sedac.truth import truth_from_text
    p = read_corpus(OWN / rel)[k]
    truth = truth_from_text(p.text)
    expected = answer_both(truth.axioms, truth.question, get_prover("z3").session(), "all")
    return p, truth, {w: expected[w] for w in WORLDS}
