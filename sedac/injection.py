"""Scoring sedac on programs with recorded injected errors (see `generator.inject`).

An injected error is *detected* when a diagnostic of its category stands on its
line, and *corrected* when the clause sedac writes there means what the original
clause meant. A diagnostic of a semantic category on a line where nothing was
injected is a false alarm: full SEDAC must never change a correct clause.
"""
from __future__ import annotations

from collections import defaultdict

from .api import check
from .readers.prolog import PrologReader
from .rules import equivalence_key

CATEGORIES = ("shallow-semantic", "deep-semantic")


def _meaning(clause_text: str):
    prog = PrologReader().read(clause_text, "<clause>")
    return [equivalence_key(c.formula) for c in prog.clauses if c.kind == "statement"]


def score_record(rec: dict, mode: str = "full") -> dict:
    """Per injection: detected, corrected; plus false alarms on correct lines."""
    text = f"{rec['context']}\n{rec['query']}"
    report = check(rec["raw_output"], nl=text if mode == "full" else None, mode=mode,
                   unsafe_fixes=True, path=rec["id"])
    fixed_lines = report.fixed_program().splitlines()
    by_line = defaultdict(list)
    for d in report.diagnostics:
        by_line[d.span.line].append(d)
    out = {"injections": [], "false_alarms": []}
    injected_lines = {i["line"] for i in rec["injected"]}
    for inj in rec["injected"]:
        ds = [d for d in by_line.get(inj["line"], []) if d.category == inj["category"]]
        fixed = fixed_lines[inj["line"] - 1] if inj["line"] <= len(fixed_lines) else ""
        corrected = bool(ds) and _meaning(fixed) == _meaning(inj["original"])
        out["injections"].append({**inj, "detected": bool(ds), "corrected": corrected,
                                  "codes": [d.code for d in ds], "fixed": fixed})
    for line, ds in by_line.items():
        if line in injected_lines:
            continue
        for d in ds:
            if d.category in CATEGORIES + ("symbol", "natural-language", "communication",
                                           "knowledge", "other-syntax"):
                out["false_alarms"].append({"line": line, "code": d.code, "message": d.message})
    return out


def summarize_scores(scores: list[dict]) -> dict:
    """Detection and correction precision and recall per category."""
    table = {}
    for cat in CATEGORIES:
        inj = [i for s in scores for i in s["injections"] if i["category"] == cat]
        alarms = [a for s in scores for a in s["false_alarms"]
                  if a["code"][0] in ("R" if cat == "shallow-semantic" else "D")]
        detected = sum(i["detected"] for i in inj)
        corrected = sum(i["corrected"] for i in inj)
        table[cat] = {
            "injected": len(inj), "detected": detected, "corrected": corrected,
            "false_alarms": len(alarms),
            "detection_recall": round(detected / len(inj), 4) if inj else None,
            "detection_precision": round(detected / (detected + len(alarms)), 4)
            if detected + len(alarms) else None,
            "correction_recall": round(corrected / len(inj), 4) if inj else None,
            "correction_precision": round(corrected / (detected + len(alarms)), 4)
            if detected + len(alarms) else None,
        }
    by_kind = defaultdict(lambda: [0, 0, 0])
    for s in scores:
        for i in s["injections"]:
            k = by_kind[i["kind"]]
            k[0] += 1
            k[1] += i["detected"]
            k[2] += i["corrected"]
    table["by_kind"] = {k: {"injected": v[0], "detected": v[1], "corrected": v[2]}
                        for k, v in sorted(by_kind.items())}
    table["false_alarms_total"] = sum(len(s["false_alarms"]) for s in scores)
    return table
