"""Helpers shared by the benchmark scripts."""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "corpora"
sys.path.insert(0, str(ROOT))

LLM_CORPORA = [CORPORA / "logic-lm" / f"ProntoQA_dev_{m}.json" for m in ("gpt-4", "gpt-3.5-turbo")] + \
    [CORPORA / "open-llm-fol" / f"ProntoQA_dev_{m}.json"
     for m in ("Llama-2-7b", "Llama-2-13b", "Llama-2-70b", "Mistral-7B")]
PROLOG_LLM_CORPORA = [CORPORA / "prolog-llm" / f"{c}.jsonl"
                      for c in ("zero-shot", "code-only", "one-shot", "think-then-code")]
PROBLEM_CORPORA = sorted((CORPORA / "prontoqa").glob("*/*.json")) + [CORPORA / "logic-lm" / "ProntoQA_dev.json"]


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    k = min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))
    return values[k]


def describe_ms(values):
    return (f"median {1000 * statistics.median(values):.2f} ms, "
            f"p95 {1000 * percentile(values, 0.95):.2f} ms, max {1000 * max(values):.2f} ms")
