"""SARIF 2.1.0: one run, the tool with every rule, results with locations and fixes."""
from __future__ import annotations

import json

from .. import __version__
from ..codes import CODES

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _region(span) -> dict:
    return {"startLine": span.line, "startColumn": span.column,
            "endLine": span.end_line, "endColumn": max(span.end_column, 1)}


def render(reports, **_) -> str:
    rules = [{"id": c.code, "name": c.code,
              "shortDescription": {"text": c.summary},
              "properties": {"category": c.category, "fix": c.fix}}
             for c in CODES.values()]
    index = {c.code: i for i, c in enumerate(CODES.values())}
    results = []
    for r in reports:
        for d in r.diagnostics:
            res = {"ruleId": d.code, "ruleIndex": index.get(d.code, 0),
                   "level": "warning" if d.category == "omission" else "error",
                   "message": {"text": d.message},
                   "locations": [{"physicalLocation": {
                       "artifactLocation": {"uri": r.path},
                       "region": _region(d.span)}}],
                   "properties": {"category": d.category, "status": d.status}}
            if d.fix is not None and d.fix.applicability != "display-only":
                span = d.fix.span or d.span
                res["fixes"] = [{"description": {"text": f"{d.fix.applicability} fix ({d.fix.rule})"},
                                 "artifactChanges": [{"artifactLocation": {"uri": r.path},
                                                      "replacements": [{
                                                          "deletedRegion": _region(span),
                                                          "insertedContent": {"text": d.fix.replacement}}]}]}]
            results.append(res)
    doc = {"$schema": SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "sedac", "version": __version__,
                                         "informationUri": "https://pypi.org/project/sedac/",
                                         "rules": rules}},
                     "results": results}]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
