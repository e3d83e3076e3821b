"""Renderers: a list of file reports to text for a person, JSON, SARIF or GitHub annotations."""
from __future__ import annotations

from collections import Counter

from ..program import CATEGORIES

FORMATS = ("text", "json", "sarif", "github")


def statistics(reports) -> dict[str, int]:
    counts = Counter(d.category for r in reports for d in r.diagnostics)
    return {c: counts.get(c, 0) for c in CATEGORIES}


def render(fmt: str, reports, **options) -> str:
    from . import github, json_out, sarif, text
    return {"text": text.render, "json": json_out.render, "sarif": sarif.render,
            "github": github.render}[fmt](reports, **options)
