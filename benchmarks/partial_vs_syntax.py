"""Partial SEDAC (shallow fixes, no text) is never worse than syntax repairs alone.

Usage:
    python3 benchmarks/partial_vs_syntax.py --out /tmp/pvs            # run every corpus, then compare
    python3 benchmarks/partial_vs_syntax.py --from /tmp/pvs           # compare earlier runs only
    python3 benchmarks/partial_vs_syntax.py --out /tmp/pvs --before /tmp/old   # and show the old table

Each corpus is evaluated (`sedac eval CORPUS --out OUT/NAME`, one at a time) and its
`summary.json` gives syntax and partial accuracy per semantics; `results.jsonl` the problems
where partial is wrong and syntax right (the shallow rules' losses), listed with the codes
that fired. The exit code is 1 when partial < syntax anywhere.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from _common import CORPORA, ROOT

SEMANTICS = ("open_world", "closed_world", "forward")


def corpora() -> list[Path]:
    lm = CORPORA / "logic-lm"
    out = [lm / f"{d}_dev_{m}.json" for d in ("ProntoQA", "ProofWriter") for m in ("gpt-4", "gpt-3.5-turbo")]
    out += sorted((CORPORA / "open-llm-fol").glob("*.json"))
    out += sorted((CORPORA / "prolog-llm").glob("*.jsonl"))
    out += sorted((CORPORA / "reply-zoo").glob("*.jsonl"))
    out += sorted((CORPORA / "folio").glob("FOLIO_dev_gpt-*.jsonl"))
    return [p for p in out if p.exists()]


def name_of(corpus: Path) -> str:
    return f"{corpus.parent.name}-{corpus.stem}"


def run(corpus: Path, out: Path, jobs: int) -> None:
    subprocess.run([sys.executable, "-m", "sedac", "eval", str(corpus), "--jobs", str(jobs),
                    "--out", str(out)], cwd=ROOT, check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=1800)


def compare(folder: Path) -> dict:
    """{semantics: (syntax, partial)} accuracies, and the losses: problems partial gets wrong
    that syntax gets right."""
    summary = json.loads((folder / "summary.json").read_text())
    table = {w: (summary["conditions"]["syntax"][w]["accuracy"],
                 summary["conditions"]["partial"][w]["accuracy"]) for w in SEMANTICS}
    losses = []
    results = folder / "results.jsonl"
    if results.exists():
        for line in results.read_text().splitlines():
            r = json.loads(line)
            if "failed" in r:
                continue
            lost = [w for w in SEMANTICS if r["correct"]["syntax"][w] and not r["correct"]["partial"][w]]
            if lost:
                codes = sorted({c for d in r.get("diagnostics", ()) for c in [d["code"]]
                                if c.startswith("R")})
                losses.append({"id": r["id"], "semantics": lost, "shallow_codes": codes})
    return {"table": table, "losses": losses, "problems": summary.get("problems")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, help="run every corpus into OUT/NAME first")
    ap.add_argument("--from", dest="src", type=Path, help="compare the runs already in this folder")
    ap.add_argument("--before", type=Path, help="an earlier folder of runs, shown beside")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--losses", action="store_true", help="list each problem partial loses")
    args = ap.parse_args()
    folder = args.out or args.src
    if folder is None:
        ap.error("give --out (run) or --from (compare)")
    if args.out:
        for c in corpora():
            run(c, args.out / name_of(c), args.jobs)
    worse = False
    head = f"{'corpus':42s} {'n':>4s} " + " ".join(f"{w + ' syn/part':>24s}" for w in SEMANTICS)
    print(head + ("   before (partial)" if args.before else ""))
    for c in corpora():
        d = folder / name_of(c)
        if not (d / "summary.json").exists():
            print(f"{name_of(c):42s} (no run)")
            continue
        res = compare(d)
        cells = []
        for w in SEMANTICS:
            s, p = res["table"][w]
            mark = " <" if p < s else "  "
            worse |= p < s
            cells.append(f"{s:10.3f} / {p:.3f}{mark}".rjust(24))
        line = f"{name_of(c):42s} {res['problems'] or 0:4d} " + " ".join(cells)
        if args.before and (args.before / name_of(c) / "summary.json").exists():
            old = compare(args.before / name_of(c))["table"]
            line += "   " + " ".join(f"{old[w][1]:.3f}" for w in SEMANTICS)
        print(line)
        if args.losses:
            for loss in res["losses"]:
                print(f"    partial loses {loss['id']} ({', '.join(loss['semantics'])}); "
                      f"shallow codes {loss['shallow_codes']}")
    print("partial >= syntax everywhere" if not worse else "partial < syntax somewhere (marked <)")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
