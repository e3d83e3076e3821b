"""`sedac eval --jobs 2` against `--backend ray` on this machine, and what a million problems
would take. Each run is a fresh `sedac eval` process (start-up included); the per-problem
cost is the difference between a large and a small run, so start-up cancels out.

    python3 benchmarks/scale_out.py [--problems 600]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "logic-lm" / \
    "ProofWriter_dev_gpt-3.5-turbo.json"


def run(args: list[str], n: int) -> float:
    with tempfile.TemporaryDirectory() as out:
        env = {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
        start = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "sedac", "eval", str(CORPUS), "--limit", str(n),
                            "--out", out, *args], capture_output=True, text=True, env=env)
        seconds = time.perf_counter() - start
        assert r.returncode == 0, r.stderr[-2000:]
        assert json.loads(Path(out, "summary.json").read_text())["failed"] == 0
    return seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problems", type=int, default=600)
    a = ap.parse_args()
    small = 24
    rows = []
    for name, args in (("--jobs 2", ["--jobs", "2"]), ("--backend ray (2 actors)",
                                                        ["--backend", "ray", "--jobs", "2"])):
        t_small = min(run(args, small) for _ in range(2))
        t_big = run(args, a.problems)
        per = (t_big - t_small) / (a.problems - small)
        rows.append((name, t_small, t_big, per))
    print(f"{a.problems} ProofWriter problems (GPT-3.5's programs, full SEDAC, three semantics), "
          f"2 cores:")
    print(f"{'backend':28s} {'start-up':>10s} {'total':>9s} {'per problem':>12s} {'problems/s':>11s}")
    for name, t_small, t_big, per in rows:
        startup = t_small - small * per
        print(f"{name:28s} {startup:9.1f}s {t_big:8.1f}s {1000 * per:10.1f}ms {1 / per:10.1f}")
    per_worker = rows[1][3] * 2        # two actors share two cores: one actor's cost per problem
    print(f"\nOne worker (one core) takes {1000 * per_worker:.0f} ms per problem; a million problems:")
    for workers in (2, 16, 64, 256, 1024):
        hours = 1_000_000 * per_worker / workers / 3600
        print(f"  {workers:5d} workers: {hours:8.2f} h")


if __name__ == "__main__":
    main()
