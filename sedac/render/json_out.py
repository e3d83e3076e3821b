"""The JSON document of CONTRACT.md."""
from __future__ import annotations

import json

from . import statistics


def render(reports, **_) -> str:
    doc = {"version": 1, "files": [r.to_json() for r in reports],
           "statistics": statistics(reports)}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
