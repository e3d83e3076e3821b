"""Whether two `sedac eval --out` runs said the same: their `results.jsonl`, record by
record, byte for byte apart from timing fields (keys named `seconds`, `*_seconds`, `time`,
`*_ms`, at any depth; today's records have none).

    python3 benchmarks/same_results.py BEFORE AFTER     # folders of eval outputs

BEFORE and AFTER are either two `--out` folders or two folders of them (one sub-folder per
corpus, matched by name). Prints, per corpus, the records compared and those that differ,
with the first differing keys of each; exit code 1 when anything differs.

A record that differs only in the countermodel of a D000 diagnostic (its
`evidence.countermodel` and the model its message quotes) is counted apart: Z3's choice of
a model depends on everything its process asked before (one Z3 context per process), so
the same problem evaluated alone, with `--limit` or with `--jobs 2` can show another valid
countermodel even with unchanged code. `--allow-countermodels` accepts those (exit 0).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def timing(key: str) -> bool:
    return key in ("seconds", "time") or key.endswith(("_seconds", "_ms"))


def untimed(value):
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not timing(k)}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def differing(a, b, at: str = "") -> list[str]:
    """The paths at which two JSON values differ (first ones only)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append(f"{at}.{k}")
            else:
                out += differing(a[k], b[k], f"{at}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in differing(x, y, f"{at}[{i}]")]
    return [] if a == b else [at or "."]


def countermodel_only(record: dict, paths: list[str]) -> bool:
    """Whether every difference lies in a D000 diagnostic's countermodel or message."""
    diags = record.get("diagnostics", [])
    for p in paths:
        if not p.startswith(".diagnostics["):
            return False
        i = int(p[len(".diagnostics["):p.index("]")])
        rest = p[p.index("]") + 1:]
        if i >= len(diags) or diags[i].get("code") != "D000" or not (
                rest.startswith(".evidence.countermodel") or rest == ".message"):
            return False
    return bool(paths)


def compare(before: Path, after: Path) -> tuple[int, list[str], int]:
    """(records compared, descriptions of the differences, how many of them are
    countermodels only)."""
    old = before.read_text(encoding="utf-8").splitlines()
    new = after.read_text(encoding="utf-8").splitlines()
    notes, models = [], 0
    if len(old) != len(new):
        notes.append(f"{len(old)} records before, {len(new)} after")
    for i, (x, y) in enumerate(zip(old, new)):
        if x == y:
            continue
        rx, ry = json.loads(x), json.loads(y)
        if json.dumps(untimed(rx), sort_keys=True) == json.dumps(untimed(ry), sort_keys=True):
            continue
        paths = differing(untimed(rx), untimed(ry))
        if countermodel_only(rx, paths):
            models += 1
        notes.append(f"record {i + 1} ({rx.get('id')}): " + ", ".join(paths[:5]))
    return min(len(old), len(new)), notes, models


def pairs(before: Path, after: Path):
    if (before / "results.jsonl").exists():
        yield before.name, before / "results.jsonl", after / "results.jsonl"
        return
    for d in sorted(p for p in before.iterdir() if (p / "results.jsonl").exists()):
        yield d.name, d / "results.jsonl", after / d.name / "results.jsonl"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--allow-countermodels", action="store_true",
                    help="accept records that differ only in a D000 countermodel")
    args = ap.parse_args()
    bad = 0
    for name, b, a in pairs(args.before, args.after):
        if not a.exists():
            print(f"{name}: missing in {args.after}")
            bad += 1
            continue
        n, notes, models = compare(b, a)
        print(f"{name}: {n} records, {len(notes)} differ ({models} only in a countermodel)"
              if notes else f"{name}: {n} records, identical")
        for note in notes[:10]:
            print("   ", note)
        bad += bool(notes) and not (args.allow_countermodels and models == len(notes))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
