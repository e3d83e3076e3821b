"""Look at the HTML report as a person would: evaluate a corpus with `--html`, then let
Debian's headless Chromium (`apt-get install chromium`) screenshot the index and one
problem page (one that full SEDAC repaired, with deep fixes).

    python3 benchmarks/report_screenshots.py [CORPUS] [--out DIR]
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "logic-lm" / \
    "ProofWriter_dev_gpt-3.5-turbo.json"


def shot(browser: str, page: Path, png: Path, height: int) -> None:
    subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size=1300,{height}", f"--screenshot={png}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(DEFAULT))
    ap.add_argument("--out", default="/tmp/sedac-report")
    a = ap.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("needs Debian's chromium: apt-get install -y chromium")
    out = Path(a.out)
    subprocess.run([sys.executable, "-m", "sedac", "eval", a.corpus, "--jobs", "2", "--out",
                    str(out), "--html", "--figure-format", "svg"], check=True, capture_output=True)
    records = [json.loads(l) for l in (out / "results.jsonl").read_text().splitlines()]
    k = next((i for i, r in enumerate(records) if "correct" in r
              and not r["correct"]["raw"]["forward"] and r["correct"]["full"]["forward"]
              and any(c.startswith("D") for c in r["codes"])), 0)
    shot(browser, out / "report" / "index.html", out / "index.png", 1600)
    shot(browser, out / "report" / "problems" / f"p{k + 1:05d}.html", out / "problem.png", 2400)
    print(f"wrote {out / 'index.png'} and {out / 'problem.png'} ({records[k]['id']})")


if __name__ == "__main__":
    main()
