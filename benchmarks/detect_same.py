"""The language decision with every reader and with only the readers that can change it
(`readers._coverages_needed`) choose the same, on every text of every corpus.

    python3 benchmarks/detect_same.py [--limit N]

Texts: every string (8 characters or more, deduplicated) of every JSON / JSON Lines file of
`../shared/corpora` (reply-zoo, prolog-llm, folio, logic-lm, open-llm-fol, prontoqa), of
the project's `corpora/` and of `/work/heldout/*.jsonl` (their `raw_output`s and the rest:
problem texts too, which must be refused alike). Each text is decided with no extension and
with each language's extension, both ways; it counts

- differences in the chosen language or the note (`read_as`; the read program is
  `read_with` of the chosen reader, so the same choice is the same program);
- texts where a reader's `coverage_bound` is below its coverage (a bound that does not
  hold: the proof in its docstring is wrong), with an example.

Both must be 0. A reader's coverage is computed once per text and remembered (it is a pure
function of the sample), so that the 8 decisions of a text cost one reading per reader.
"""
from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sedac import readers                          # noqa: E402

EXT = {None: "<stdin>", "prolog": "p.pl", "tptp": "p.p", "pyke": "p.pyke", "fol": "p.fol",
       "prover9": "p.p9", "linc": "p.linc", "smtlib": "p.smt2"}


def _strings(o):
    if isinstance(o, str):
        yield o
    elif isinstance(o, dict):
        for v in o.values():
            yield from _strings(v)
    elif isinstance(o, list):
        for v in o:
            yield from _strings(v)


def corpus_texts() -> list[str]:
    files = sorted(glob.glob(str(ROOT / "../shared/corpora/**/*"), recursive=True)) \
        + sorted(glob.glob(str(ROOT / "corpora/**/*"), recursive=True)) \
        + sorted(glob.glob("/work/heldout/*.jsonl"))
    seen, out = set(), []
    for f in files:
        if not f.endswith((".json", ".jsonl")):
            continue
        text = Path(f).read_text(encoding="utf-8")
        objs = [json.loads(line) for line in text.splitlines() if line.strip()] \
            if f.endswith(".jsonl") else [json.loads(text)]
        for o in objs:
            for s in _strings(o):
                if len(s) >= 8 and s not in seen:
                    seen.add(s)
                    out.append(s)
    return out


class _Remembered:
    """`Reader.coverage` remembered per (reader class, sample), and each bound checked."""

    def __init__(self):
        self.memo: dict = {}
        self.broken: list = []
        self.bounds = 0

    def install(self):
        memo = self.memo
        original = {cls: cls.coverage for cls in readers._readers().values()}

        def coverage(reader, text):
            key = (type(reader), text)
            if key not in memo:
                memo[key] = original[type(reader)](reader, text)
            return memo[key]
        for cls in readers._readers().values():
            cls.coverage = coverage
        scores, hints = readers.scores, {}

        def remembered_scores(text):       # a pure function of the text, asked 8 times
            if text not in hints:
                hints.clear()
                hints[text] = scores(text)
            return hints[text]
        readers.scores = remembered_scores

    def check_bounds(self, text: str):
        sample = readers._sample(text)
        for lang, cls in readers._readers().items():
            reader = cls(None)
            bound = reader.coverage_bound(sample)
            if bound is None:
                continue
            self.bounds += 1
            got = reader.coverage(sample)
            if got > bound:
                self.broken.append((lang, bound, got, text[:200]))


def decide_both(text: str) -> list[str]:
    """The differences between the two decisions of `text`, for every extension. (`_language`,
    what `read_program` reads with, uses the changed code only through `read_as(text,
    EXTENSIONS.get(ext))`: the same `read_as` is the same language, note and program;
    `tests/test_detect_same.py` compares `_language` and the programs too.)"""
    out = []
    for ext_lang in EXT:
        old = readers.read_as(text, ext_lang, exhaustive=True)
        new = readers.read_as(text, ext_lang)
        if old != new:
            out.append(f"read_as ext={ext_lang}: {old} != {new}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="only the first N texts")
    args = ap.parse_args(argv)
    texts = corpus_texts()
    if args.limit:
        texts = texts[:args.limit]
    rem = _Remembered()
    rem.install()
    start = time.perf_counter()
    differ = 0
    for k, text in enumerate(texts):
        rem.memo.clear()
        rem.check_bounds(text)
        diffs = decide_both(text)
        if diffs:
            differ += 1
            if differ <= 5:
                print("DIFFERENT:", diffs, repr(text[:200]))
    print(f"{len(texts)} texts x {len(EXT)} extensions in {time.perf_counter() - start:.0f} s: "
          f"{differ} texts decided differently; {len(rem.broken)} bounds below the coverage "
          f"(of {rem.bounds} checked)")
    for b in rem.broken[:5]:
        print("BOUND BROKEN:", b)
    return 1 if differ or rem.broken else 0


if __name__ == "__main__":
    sys.exit(main())
