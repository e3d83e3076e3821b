"""Machine instructions per problem of full SEDAC, counted by valgrind (callgrind): a measure
that does not move with the host. This machine's CPU time for the same code changes by a
quarter from hour to hour (other tenants, clock), so two versions of sedac timed an hour
apart cannot be compared; their instruction counts can (repeated runs agree to about 0.1%).

    python3 benchmarks/instructions.py                       # 60 problems of each corpus
    python3 benchmarks/instructions.py --problems 100 --corpora open-llm-fol/ProntoQA_dev_Llama-2-7b.json

Each corpus is counted twice, in fresh processes that do the same start-up and warm-up
(imports, the first 20 problems of the corpus): once with no further problem, once with
N more (problems 20 .. 20+N, as `sedac_time.run_one` runs them). The difference over N is
the count per problem. Python's hash seed is fixed (PYTHONHASHSEED=0) so that dictionary
layouts, and so the counts, repeat. Under valgrind a run is about 50 times slower: 60
problems of a corpus take some 30 s.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import CORPORA, LLM_CORPORA

HERE = Path(__file__).resolve().parent
WARM = 20

# what one counted process runs (a corpus, a number of problems after the warm-up)
_CHILD = """
import sys
sys.path.insert(0, {here!r})
from _common import CORPORA
from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac_time import run_one
problems = read_corpus(CORPORA / {corpus!r})
prover = get_prover("z3")
for p in problems[:{warm}] + problems[{warm}:{warm} + {n}]:
    run_one(p, prover, None, False)
"""


def count(corpus: str, n: int) -> int:
    """The instructions of one process that warms up and runs `n` problems of `corpus`."""
    script = _CHILD.format(here=str(HERE), corpus=corpus, warm=WARM, n=n)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             os.path.realpath(sys.executable), "-c", script],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    m = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if run.returncode != 0 or m is None:
        raise SystemExit(f"valgrind failed on {corpus}: {run.stderr.strip()[-400:]}")
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--problems", type=int, default=60, help="problems per corpus, after the warm-up")
    ap.add_argument("--corpora", default=",".join(
        str(f.relative_to(CORPORA)) for f in LLM_CORPORA),
        help="corpus files under ../shared/corpora, comma-separated")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    for corpus in args.corpora.split(","):
        if not (CORPORA / corpus).exists():
            print(f"{corpus}: not found under {CORPORA}; skipped")
            continue
        base, more = count(corpus, 0), count(corpus, args.problems)
        print(f"{corpus:<44} {(more - base) / args.problems / 1e6:8.2f} M instructions per problem "
              f"({args.problems} problems)", flush=True)


if __name__ == "__main__":
    main()
