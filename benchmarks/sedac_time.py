"""Time of full SEDAC per problem (read, ground truth, rules, prover, answers)."""
from __future__ import annotations

import argparse
import time

from _common import LLM_CORPORA, PROLOG_LLM_CORPORA, describe_ms

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import analyse
from sedac.readers import read_program
from sedac.truth import truth_from_text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problems", type=int, default=100, help="problems per corpus")
    ap.add_argument("--provers", default="z3,eprover")
    args = ap.parse_args()
    sets = [("6 LLM corpora", [p for f in LLM_CORPORA for p in read_corpus(f)[:args.problems]]),
            ("today's Prolog replies", [p for f in PROLOG_LLM_CORPORA for p in read_corpus(f)])]
    for (what, problems), name in ((s, n) for s in sets for n in args.provers.split(",")):
        prover = get_prover(name)
        times, calls = [], []
        for p in problems:
            start = time.perf_counter()
            truth = truth_from_text(p.text)
            prog = read_program(p.program, p.id, vocab_hint=truth.vocab)
            report = analyse(prog, truth, "full", prover, unsafe_fixes=True)
            times.append(time.perf_counter() - start)
            calls.append(report.prover_calls)
        print(f"{name}: {len(problems)} problems of {what}, full SEDAC with answers: "
              f"{describe_ms(times)}; {sum(calls) / len(calls):.0f} prover calls per problem")


if __name__ == "__main__":
    main()
