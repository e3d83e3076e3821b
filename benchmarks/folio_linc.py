"""LINC's own FOLIO translations, checked by sedac against FOLIO's gold FOL.

LINC (Olausson et al. 2023) released every generation of its FOLIO runs: for each of 182
validation problems, ten samples of `TEXT:`/`FOL:` pairs (NLTK syntax), the answers its
Prover9 step gave, and the gold labels. This script

1. scores LINC's released answers faithfully (per sample, and by majority of the ten with
   `Error` left out, as LINC's own results file does),
2. finds each problem's FOLIO record (by its premise sentences) and runs sedac on LINC's
   first sample with the gold FOL as ground truth: raw, syntax, partial and full accuracy.

Give it a checkout of LINC's repository (`outputs/` is read) and FOLIO's validation set:

    python3 benchmarks/folio_linc.py PATH/TO/linc --folio ../shared/corpora/folio/folio-validation.jsonl
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sedac.corpus import Problem          # noqa: E402
from sedac.evaluate import evaluate_problem, summarize   # noqa: E402

MODELS = {"gpt-4": "gpt-4-0613", "gpt-3.5": "gpt-3.5-turbo-16k-0613"}
_TEXT = re.compile(r"^TEXT:\s*(.*)$", re.M)
_LABEL = {"True": "True", "False": "False", "Uncertain": "Unknown"}


def _key(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


def released(outputs: Path, model: str) -> tuple[list, list, list]:
    stem = f"{MODELS[model]}_folio-neurosymbolic-8shot"
    read = lambda part: json.loads((outputs / f"{stem}_{part}.json").read_text())   # noqa: E731
    return read("generations_raw"), read("generations_prc"), read("references")


def linc_scores(answers: list, refs: list) -> dict:
    per = sum(sum(a == r for a in s) / len(s) for s, r in zip(answers, refs)) / len(refs)
    maj = 0
    for s, r in zip(answers, refs):
        votes = Counter(a for a in s if a != "Error")
        maj += bool(votes) and votes.most_common(1)[0][0] == r
    return {"per_sample": round(per, 4), "majority_of_10": round(maj / len(refs), 4),
            "problems": len(refs)}


def records(raw: list, refs: list, folio: list[dict]) -> tuple[list[Problem], int]:
    by_conclusion: dict = {}
    for r in folio:
        by_conclusion.setdefault(_key(r["conclusion"]), []).append(r)
    out, unmatched = [], 0
    for n, (samples, ref) in enumerate(zip(raw, refs)):
        texts = _TEXT.findall(samples[0])
        if len(texts) < 2:
            unmatched += 1
            continue
        premises, conclusion = texts[:-1], texts[-1]
        # the record with this conclusion whose premises share most sentences with LINC's
        mine = {_key(t) for t in premises}
        found = sorted(by_conclusion.get(_key(conclusion), []),
                       key=lambda r: -len(mine & {_key(t) for t in r["premises"]}))
        if not found or not mine & {_key(t) for t in found[0]["premises"]}:
            unmatched += 1
            continue
        gold = found[0]
        out.append(Problem(id=f"linc_{n}", context=" ".join(gold["premises"]),
                           question=gold["conclusion"], answer=_LABEL.get(ref, ref),
                           program=samples[0], source="linc", gold=gold))
    return out, unmatched


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("linc", help="a checkout of LINC's repository")
    ap.add_argument("--folio", default="../shared/corpora/folio/folio-validation.jsonl")
    ap.add_argument("--model", choices=sorted(MODELS), default="gpt-4")
    args = ap.parse_args(argv)
    outputs = Path(args.linc) / "outputs"
    raw, answers, refs = released(outputs, args.model)
    print(f"LINC's released {args.model} answers:", json.dumps(linc_scores(answers, refs)))
    folio = [json.loads(line) for line in Path(args.folio).read_text().splitlines() if line.strip()]
    problems, unmatched = records(raw, refs, folio)
    start = time.perf_counter()
    results = [evaluate_problem(p) for p in problems]
    summary = summarize(results, time.perf_counter() - start)
    print(f"sedac on LINC's first sample ({len(problems)} problems matched to FOLIO records, "
          f"{unmatched} not), gold FOL as ground truth, {summary['seconds']} s:")
    for condition, worlds in summary["conditions"].items():
        ow = worlds["open_world"]
        print(f"  {condition:8} open world {ow['accuracy']:.3f}   on sound golds "
              f"{ow.get('accuracy_sound_gold', 0):.3f}")
    print(f"  failed {summary['failed']}; golds agreeing with their label "
          f"{summary.get('gold_audit', {}).get('agrees')}/{len(problems)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
