"""Wall time of `sedac eval` on all six LLM corpora (3,000 programs) with --jobs 2."""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time

from _common import LLM_CORPORA


def main():
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "sedac", "eval", *map(str, LLM_CORPORA),
                            "--jobs", "2", "--out", out], capture_output=True, text=True)
        wall = time.perf_counter() - start
        summary = json.loads(r.stdout)
    print(f"{summary['problems']} programs, failed {summary['failed']}: {wall:.1f} s wall "
          f"({summary['seconds']:.1f} s inside eval), exit {r.returncode}")


if __name__ == "__main__":
    main()
