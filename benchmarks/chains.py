"""Time per chain of verify-chain, on gold chains and on mutations."""
from __future__ import annotations

import time

from _common import CORPORA, ROOT, describe_ms

from sedac.atp import get_prover
from sedac.chains import chains_from_problems, mutated_chains, verify_chain
from sedac.corpus import read_corpus


def timed(chains, prover):
    times = []
    for c in chains:
        start = time.perf_counter()
        verify_chain(c, prover)
        times.append(time.perf_counter() - start)
    return times


def main():
    prover = get_prover("z3")
    gold = [c for f in sorted((CORPORA / "prontoqa").glob("*/*.json"))
            for c in chains_from_problems(read_corpus(f))]
    print(f"gold chains ({len(gold)}): {describe_ms(timed(gold, prover))}")
    own = [c for f in sorted((ROOT / "corpora" / "prontoqa").glob("*hop.json"))
           for c in chains_from_problems(read_corpus(f))]
    muts = mutated_chains(own, 200)
    print(f"mutated chains ({len(muts)}): {describe_ms(timed(muts, prover))}")


if __name__ == "__main__":
    main()
