"""Shared fixtures. The real corpora are read from ../shared/corpora, never copied here."""
from __future__ import annotations

import json
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


def pytest_generate_tests(metafunc):
    """Data-driven cases: a test asking for `rule_case` runs once per case in
    tests/data/rules.json, named by its id."""
    if "rule_case" in metafunc.fixturenames:
        cases = json.loads((DATA / "rules.json").read_text(encoding="utf-8"))
        metafunc.parametrize("rule_case", cases, ids=[c["id"] for c in cases])
