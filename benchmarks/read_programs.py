"""Programs read per second: Prolog from the generator, and the real LLM corpora."""
from __future__ import annotations

import json
import time

from _common import LLM_CORPORA, PROLOG_LLM_CORPORA, ROOT

from sedac.readers import read_program


def main():
    programs = []
    for f in sorted((ROOT / "corpora" / "prontoqa").glob("*hop.json")):
        programs += [ex["test_example"]["prolog"] for ex in json.loads(f.read_text()).values()]
    programs = programs * 5
    read_program(programs[0], "warm-up", "prolog")
    start = time.perf_counter()
    clauses = sum(len(read_program(p, "p.pl", "prolog").clauses) for p in programs)
    s = time.perf_counter() - start
    print(f"generated Prolog: {len(programs)} programs, {clauses} clauses in {s:.2f} s: "
          f"{len(programs) / s:.0f} programs/s, {clauses / s:.0f} clauses/s")
    real = []
    for f in LLM_CORPORA:
        real += [r["raw_logic_programs"][0] for r in json.loads(f.read_text())]
    replies = [json.loads(line)["raw_output"] for f in PROLOG_LLM_CORPORA
               for line in f.read_text().splitlines() if line.strip()] * 10
    for what, texts, path in (("real LLM programs (Pyke and FOL text, with English lines)", real, "p"),
                              ("today's Prolog replies (Markdown, comments, wrappers)", replies,
                               "reply.pl")):
        start = time.perf_counter()
        for p in texts:
            read_program(p, path)
        s = time.perf_counter() - start
        print(f"{what}: {len(texts)} in {s:.2f} s: {len(texts) / s:.0f} programs/s")
    big = "cat(tom). dog(X) :- cat(X).\n" * 380000
    start = time.perf_counter()
    n = len(read_program(big, "big.pl", "prolog").clauses)
    s = time.perf_counter() - start
    print(f"one 10 MB Prolog file: {n} clauses in {s:.1f} s")


if __name__ == "__main__":
    main()
