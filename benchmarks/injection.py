"""Detection and correction precision/recall on the generator's injected errors."""
from __future__ import annotations

import json

from _common import ROOT

from sedac.injection import score_record, summarize_scores


def main():
    path = ROOT / "corpora" / "prontoqa" / "injected.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    full = summarize_scores([score_record(r, "full") for r in records])
    shallow = [r for r in records if r["injected"][0]["category"] == "shallow-semantic"]
    partial = summarize_scores([score_record(r, "partial") for r in shallow])
    for cat in ("shallow-semantic", "deep-semantic"):
        print(f"full SEDAC, {cat}: {json.dumps(full[cat])}")
    print(f"full SEDAC, false alarms on correct clauses: {full['false_alarms_total']}")
    print(f"partial SEDAC, shallow-semantic: {json.dumps(partial['shallow-semantic'])}")
    print(f"partial SEDAC, false alarms: {partial['false_alarms_total']}")
    print("by kind (full):", json.dumps(full["by_kind"]))


if __name__ == "__main__":
    main()
