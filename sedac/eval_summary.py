"""The summary and tables of an evaluated corpus: accuracy per condition and semantics,
errors per category, the gold audit, and the files `sedac eval --out` writes (results.jsonl,
summary.json, stats.csv, the figures); `sedac compare` lays several summaries side by side.

What each condition is (`CONDITIONS`, `DEFINITIONS`) lives here, beside the summary that
names them; `sedac.evaluate` evaluates the problems (and re-exports these names).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from .engine import SEMANTICS as ANSWER_SEMANTICS
from .program import CATEGORIES

CONDITIONS = ("raw", "syntax", "partial", "full")
ERROR_CATEGORIES = tuple(c for c in CATEGORIES if c != "omission")
SEMANTICS = ANSWER_SEMANTICS["all"]

# What each condition is, as `summary.json` says it (`condition_definitions`).
DEFINITIONS = {
    "raw": "what a standard pipeline runs: for a chat reply, its fenced logic blocks as "
           "written, concatenated (for a bare program, the program as written), read with no "
           "repair and given to the solvers as-is; a block with a syntax error the solver "
           "rejects answers nothing (tolerated: what the solver itself skips or accepts, "
           "such as a pasted `true.` line SWI-Prolog reports and skips, rules under `Facts:`, "
           "free variables)",
    "syntax": "the whole reply after sedac's syntax repairs",
    "partial": "after the syntax repairs and the shallow rewrites (no problem text used)",
    "full": "after full SEDAC with the problem text, answering the text's question",
}


def run_metadata(corpora: list[str], prover: str) -> dict:
    """What a paper needs to say how a summary was made."""
    import datetime
    from . import __version__
    return {"sedac_version": __version__, "prover": prover,
            "semantics": list(SEMANTICS), "corpus": [str(c) for c in corpora],
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def summarize(records: list[dict], seconds: float, meta: dict | None = None) -> dict:
    ok = [r for r in records if "failed" not in r]
    n = len(records)
    conditions = {}
    for c in CONDITIONS:
        conditions[c] = {}
        for w in SEMANTICS:
            right = sum(1 for r in ok if r["correct"][c][w])
            conditions[c][w] = {"accuracy": round(right / n, 4) if n else 0.0, "correct": right}
    errors = Counter()
    for r in ok:
        errors.update(r["errors"])
    with_errors = sum(1 for r in ok if any(r["errors"][c] for c in ERROR_CATEGORIES))
    wrong_full = [r for r in ok if not r["correct"]["full"]["open_world"]]
    reasons = Counter()
    for r in wrong_full:
        for m in r.get("reason", {}).get("missing", []):
            reasons[m["status"]] += 1
    wrong_forward = [r for r in ok if not r["correct"]["full"]["forward"]]
    forward_reasons = Counter(m["status"] for r in wrong_forward
                              for m in r.get("reason", {}).get("missing", []))
    out = {**(meta or {}), "problems": n, "failed": n - len(ok), "seconds": round(seconds, 2),
           "conditions": conditions, "condition_definitions": dict(DEFINITIONS),
           "errors": {c: errors.get(c, 0) for c in CATEGORIES},
            "instances_with_errors": with_errors,
            # the limits sedac hit (L001-L003), summed over the problems: never silent
            "limits": dict(sum((Counter(r.get("limits", {})) for r in ok), Counter())),
            "full_wrong": {"problems": len(wrong_full),
                           "explained": sum(1 for r in wrong_full if r.get("reason", {}).get("missing")),
                           "missing_sentences": dict(reasons)},
            "full_wrong_forward": {"problems": len(wrong_forward),
                                   "explained": sum(1 for r in wrong_forward
                                                    if r.get("reason", {}).get("missing")),
                                   "missing_sentences": dict(forward_reasons)}}
    gold = gold_summary(ok, conditions)
    if gold:
        out["gold_audit"] = gold
    return out


def gold_summary(records: list[dict], conditions: dict) -> dict | None:
    """For problems whose truth is gold FOL: how many golds agree with their own label, the
    others with the reason, and each condition's accuracy on the sound golds alone (a wrong
    answer where the gold contradicts its label is the gold's error, counted apart)."""
    audited = [r for r in records if "gold_audit" in r]
    if not audited:
        return None
    sound = [r for r in audited if r["gold_audit"].get("agrees")]
    for c in CONDITIONS:
        for w in SEMANTICS:
            right = sum(1 for r in sound if r["correct"][c][w])
            conditions[c][w]["accuracy_sound_gold"] = round(right / len(sound), 4) if sound else 0.0
    pairs = [v for r in records for v in r.get("verdicts", []) if "premise" in v]
    paired = [v for v in pairs if v["verdict"] != "missing"]
    le_scored = [v for v in paired if v.get("le") is not None]
    disagree = [v for v in le_scored if v["le"] != (v["verdict"] == "equivalent")]
    metrics = {"gold_premises": len(pairs), "paired": len(paired),
               "equivalent": round(sum(v["verdict"] == "equivalent" for v in pairs) / len(pairs), 4)
               if pairs else 0.0,
               "le": round(sum(bool(v.get("le")) for v in pairs) / len(pairs), 4) if pairs else 0.0,
               "verdicts": dict(Counter(v["verdict"] for v in pairs)),
               "le_disagrees": len(disagree),
               "le_disagreements": [{"program": v["program"], "gold": v["gold"],
                                     "verdict": v["verdict"], "le": v["le"]} for v in disagree[:20]]}
    return {"records": len(audited), "agrees": len(sound), "premises": metrics,
            "undecided": [r["id"] for r in audited if r["gold_audit"].get("agrees") is None],
            "disagrees": [{"id": r["id"], "why": r["gold_audit"].get("why", ""),
                           "entails": r["gold_audit"].get("entails"),
                           "label": r["gold_audit"].get("label")}
                          for r in audited if r["gold_audit"].get("agrees") is False]}


def write_outputs(out: Path, records: list[dict], summary: dict, title: str = "",
                  figure_format: str = "png") -> None:
    from .files import output_folder, write_atomic
    out = output_folder(str(out), "--out folder")
    write_atomic(str(out / "results.jsonl"),
                 "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records))
    write_atomic(str(out / "summary.json"), json.dumps(summary, indent=2) + "\n")
    write_atomic(str(out / "stats.csv"), stats_csv(records))
    from .plots import write_figures
    write_figures(out, records, summary, title, figure_format)


def stats_csv(records: list[dict]) -> str:
    """One row per problem: its id and corpus, its errors per category, and whether each
    condition answered it right under each semantics (1/0; empty for a failed problem)."""
    correct = [f"{c}_{w}" for c in CONDITIONS for w in SEMANTICS]
    rows = ["id,source," + ",".join(CATEGORIES) + "," + ",".join(correct)]
    for r in records:
        errs = r.get("errors", {})
        marks = ["" if "correct" not in r else str(int(bool(r["correct"][c][w])))
                 for c in CONDITIONS for w in SEMANTICS]
        rows.append(_csv(r["id"]) + "," + _csv(r.get("source", "")) + ","
                    + ",".join(str(errs.get(c, 0)) for c in CATEGORIES) + "," + ",".join(marks))
    return "\n".join(rows) + "\n"


def _csv(s: str) -> str:
    s = str(s)
    return '"' + s.replace('"', '""') + '"' if any(ch in s for ch in ',"\n') else s


def compare_rows(summaries: list[tuple[str, dict]]) -> list[tuple[str, list[list[str]]]]:
    """The paper's tables for several evaluated corpora: (title, rows), the first row the
    header."""
    names = [n for n, _ in summaries]
    tables = []
    acc = [["condition"] + names]
    for c in CONDITIONS:
        cells = []
        for _, s in summaries:
            cs = s["conditions"][c]
            cells.append(" / ".join(f"{cs[w]['accuracy']:.3f}" for w in SEMANTICS if w in cs))
        acc.append([c] + cells)
    worlds = [w for w in SEMANTICS if all(w in s["conditions"]["raw"] for _, s in summaries)]
    tables.append((f"Answer accuracy ({' / '.join(w.replace('_', ' ') for w in worlds)})", acc))
    err = [["category"] + names]
    for cat in CATEGORIES:
        err.append([cat] + [f"{100 * s['errors'][cat] / max(1, s['problems']):.1f}"
                            for _, s in summaries])
    err.append(["instances w/ errors"] + [f"{100 * s['instances_with_errors'] / max(1, s['problems']):.1f}"
                                          for _, s in summaries])
    tables.append(("Errors per 100 problems", err))
    for key, label in (("full_wrong", "open world"), ("full_wrong_forward", "forward")):
        if not all(key in s for _, s in summaries):
            continue
        wrong = [["", *names],
                 ["wrong after full SEDAC"] + [str(s[key]["problems"]) for _, s in summaries],
                 ["of them explained"] + [str(s[key]["explained"]) for _, s in summaries]]
        statuses = sorted({k for _, s in summaries for k in s[key].get("missing_sentences", {})})
        for st in statuses:
            wrong.append([f"needed sentences {st}"] +
                         [str(s[key].get("missing_sentences", {}).get(st, 0)) for _, s in summaries])
        tables.append((f"Wrong after full SEDAC ({label}) and explained", wrong))
    return tables


def compare_table(summaries: list[tuple[str, dict]], fmt: str = "text") -> str:
    """The tables side by side, as text, Markdown, LaTeX or CSV."""
    out = []
    for title, rows in compare_rows(summaries):
        if fmt == "markdown":
            out += [f"**{title}**", "", "| " + " | ".join(rows[0]) + " |",
                    "|" + "---|" * len(rows[0])]
            out += ["| " + " | ".join(r) + " |" for r in rows[1:]] + [""]
        elif fmt == "latex":
            esc = _latex
            out += [f"% {title}", "\\begin{tabular}{l" + "r" * (len(rows[0]) - 1) + "}",
                    "\\hline", " & ".join(esc(x) for x in rows[0]) + " \\\\", "\\hline"]
            out += [" & ".join(esc(x) for x in r) + " \\\\" for r in rows[1:]]
            out += ["\\hline", "\\end{tabular}", ""]
        elif fmt == "csv":
            out += [_csv("table") + "," + ",".join(_csv(x) for x in rows[0])]
            out += [_csv(title) + "," + ",".join(_csv(x) for x in r) for r in rows[1:]]
        else:
            width = max(12, *(len(x) for r in rows for x in r[1:]))
            first = max(len(r[0]) for r in rows) + 2
            out += [title]
            out += [r[0].ljust(first) + "".join(x.rjust(width + 2) for x in r[1:]) for r in rows]
            out += [""]
    return "\n".join(out).rstrip("\n") + "\n"


def _latex(s: str) -> str:
    for a, b in (("\\", "\\textbackslash{}"), ("&", "\\&"), ("%", "\\%"), ("_", "\\_"),
                 ("#", "\\#")):
        s = s.replace(a, b)
    return s
