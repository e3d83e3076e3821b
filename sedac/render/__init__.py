"""Renderers: a list of file reports to text for a person, JSON, SARIF or GitHub annotations."""
from __future__ import annotations

from collections import Counter

from ..program import CATEGORIES

FORMATS = ("text", "json", "sarif", "github")


def statistics(reports) -> dict[str, int]:
    counts = Counter(d.category for r in reports for d in r.diagnostics)
    return {c: counts.get(c, 0) for c in CATEGORIES}


def render(fmt: str, reports, **options) -> str:
    from importlib import import_module     # only the renderer asked for is loaded
    module = {"text": "text", "json": "json_out", "sarif": "sarif", "github": "github"}[fmt]
    return import_module(f".{module}", __name__).render(reports, **options)
