"""Time and peak memory of `sedac check` against the size of the program.

Three families, each program generated: facts (1k to 40k facts over 50 classes, with a
chain of 49 unary rules), rules (100 to 1,000 unary rules over 1,000 facts), and paths (a
chain of 30 to 300 edges with the three-variable `path` rule). Each run is a fresh
process; its peak resident memory is its own. Prints a table and draws
`benchmarks/scaling.png` (or the path given with --png).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

DRIVER = """
import resource, sys
from sedac.cli import main
try:
    main(args=sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


TIMEOUT = 600


def facts_program(n: int) -> str:
    rng = random.Random(n)
    preds = [f"p{i}" for i in range(50)]
    lines = [f"{rng.choice(preds)}(c{i})." for i in range(n)]
    lines += [f"{preds[i + 1]}(X) :- {preds[i]}(X)." for i in range(49)] + ["?- p49(c5)."]
    return "\n".join(lines) + "\n"


def rules_program(n: int) -> str:
    lines = [f"r0(c{i})." for i in range(1000)]
    lines += [f"r{i + 1}(X) :- r{i}(X)." for i in range(n)] + [f"?- r{n}(c7)."]
    return "\n".join(lines) + "\n"


def path_program(n: int) -> str:
    lines = [f"edge(n{i}, n{i + 1})." for i in range(n)]
    lines += ["path(X, Y) :- edge(X, Y).", "path(X, Z) :- path(X, Y), edge(Y, Z).",
              f"?- path(n0, n{n})."]
    return "\n".join(lines) + "\n"


FAMILIES = {
    "facts": (facts_program, [1000, 5000, 10000, 20000, 40000]),
    "rules": (rules_program, [100, 250, 500, 1000]),
    "path": (path_program, [30, 100, 150, 300]),
}


def measure(text: str, folder: Path) -> dict:
    path = folder / "program.pl"
    path.write_text(text)
    start = time.perf_counter()
    try:
        r = subprocess.run([sys.executable, "-c", DRIVER, "check", str(path), "--output-format",
                            "json", "--exit-zero"], capture_output=True, text=True, cwd=ROOT,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"seconds": float("nan"), "peak_mb": float("nan"), "bytes": len(text.encode()),
                "open_world": f"(over {TIMEOUT} s)", "closed_world": None}
    seconds = time.perf_counter() - start
    try:
        peak_mb = int(r.stderr.strip().splitlines()[-1]) / 1024
        answer = json.loads(r.stdout)["files"][0].get("answer", {})
    except (ValueError, IndexError, KeyError):
        last = r.stderr.strip().splitlines()[-2:] if r.stderr.strip() else ["no output"]
        return {"seconds": seconds, "peak_mb": float("nan"), "bytes": len(text.encode()),
                "open_world": f"(failed: {' '.join(last)[:80]})", "closed_world": None}
    return {"seconds": seconds, "peak_mb": peak_mb, "bytes": len(text.encode()),
            "open_world": answer.get("open_world"), "closed_world": answer.get("closed_world")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--png", default=str(Path(__file__).with_name("scaling.png")))
    args = ap.parse_args()
    results: dict[str, list] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for family, (make, sizes) in FAMILIES.items():
            for n in sizes:
                m = measure(make(n), Path(tmp))
                results.setdefault(family, []).append((n, m))
                print(f"{family:5s} {n:6d}: {m['seconds']:6.2f} s, peak {m['peak_mb']:6.0f} MB, "
                      f"{m['bytes'] / 1024:7.0f} KB, open world {m['open_world']}, "
                      f"closed world {m['closed_world']}", flush=True)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(2, 3, figsize=(12, 6.5))
    for col, (family, rows) in enumerate(results.items()):
        sizes = [n for n, _ in rows]
        axes[0][col].plot(sizes, [m["seconds"] for _, m in rows], "o-")
        axes[1][col].plot(sizes, [m["peak_mb"] for _, m in rows], "o-", color="tab:orange")
        axes[0][col].set_title(f"{family}: time (s)")
        axes[1][col].set_title(f"{family}: peak memory (MB)")
        axes[1][col].set_xlabel({"facts": "facts", "rules": "rules", "path": "path nodes"}[family])
        for ax in (axes[0][col], axes[1][col]):
            ax.set_ylim(bottom=0)
            ax.grid(alpha=0.3)
    fig.suptitle("sedac check: time and peak memory against program size")
    fig.tight_layout()
    fig.savefig(args.png, dpi=110)
    print(f"figure: {args.png}")


if __name__ == "__main__":
    main()
