"""Time of full SEDAC per problem (read, ground truth, rules, prover, answers), with its
breakdown by phase.

The breakdown is attributed here, not in the analysis core: the benchmark wraps the
functions that begin each phase (`read_program`, `truth_from_text`, the prover session's
`entails`, Z3's grounding and `check`, the rules' `propose`, the closed-world and forward
answers, ...) and charges each call's time, less that of the phases it calls, to its own
phase (exclusive time, like a profiler's). With `--no-breakdown` nothing is wrapped.

    python3 benchmarks/sedac_time.py --problems 40 --provers z3
"""
from __future__ import annotations

import argparse
import statistics
import time

CLOCK = time.perf_counter     # `--cpu`: time.process_time (the figures hold on a loaded machine)

from _common import CORPORA, LLM_CORPORA, PROLOG_LLM_CORPORA, describe_ms

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import analyse
from sedac.evaluate import settle_collector
from sedac.readers import read_program
from sedac.truth import truth_from_text

PROOFWRITER = CORPORA / "logic-lm" / "ProofWriter_dev_gpt-3.5-turbo.json"

# the phases of the breakdown, in the order they are printed
PHASES = ("read", "truth", "readings", "shallow", "grounding", "prover", "rules", "answers",
          "closed", "forward", "omissions", "fixcheck", "other")


class Attribution:
    """Exclusive time per phase: each wrapped call's time, less its wrapped callees'."""

    def __init__(self):
        self.totals = dict.fromkeys(PHASES, 0.0)
        self._stack: list[list] = []     # [phase, time spent in wrapped callees]
        self._undo: list = []

    def wrap(self, owner, attr: str, phase: str) -> None:
        inner = getattr(owner, attr)
        if isinstance(owner, type) and isinstance(owner.__dict__.get(attr), staticmethod):
            inner = owner.__dict__[attr].__func__
        me = self

        def timed(*a, **k):
            frame = [phase, 0.0]
            me._stack.append(frame)
            start = CLOCK()
            try:
                return inner(*a, **k)
            finally:
                spent = CLOCK() - start
                me._stack.pop()
                me.totals[phase] += spent - frame[1]
                if me._stack:
                    me._stack[-1][1] += spent

        self._undo.append((owner, attr, owner.__dict__[attr] if isinstance(owner, type)
                           else getattr(owner, attr)))
        setattr(owner, attr, timed)

    def take(self) -> dict:
        out, self.totals = self.totals, dict.fromkeys(PHASES, 0.0)
        return out

    def install(self) -> None:
        import z3

        import sedac.atp.base as base
        import sedac.atp.z3prover as z3p
        import sedac.engine as engine
        import sedac.evaluate as evaluate
        import sedac.fixcheck as fixcheck
        import sedac.shallow as shallow
        w = self.wrap
        w(engine, "align", "readings")
        w(engine.Shallow, "rewrite", "shallow")
        w(engine, "_full_sedac", "rules")
        w(engine, "_omissions", "omissions")
        w(engine, "answer_open", "answers")
        w(engine, "_answer_evidence", "answers")
        w(engine, "ask_closed", "closed")
        w(engine, "ask_forward", "forward")
        w(fixcheck, "verify_fixes", "fixcheck")
        w(base.Session, "entails", "prover")
        w(z3p.Z3Session, "_selector", "grounding")
        w(z3p.Z3Session, "_reset", "grounding")
        w(z3, "Z3_solver_check_assumptions", "prover")
        # a proof's core is found when it is read (by the rules or the answer's evidence),
        # a countermodel when it is read: the prover's time wherever it is read
        import sedac.atp.ground as ground
        w(ground.GroundSolver, "unique_core", "prover")
        w(ground.GroundSolver, "core", "prover")
        w(ground.GroundSolver, "axioms_core", "prover")
        w(z3p.Z3Session, "_z3_at", "prover")
        w(z3p.Z3Session, "_z3_model", "prover")
        del evaluate, shallow

    def uninstall(self) -> None:
        for owner, attr, old in reversed(self._undo):
            setattr(owner, attr, old)
        self._undo.clear()


def run_one(p, prover, attribution: Attribution | None, fixed: bool):
    """(seconds, prover calls, {phase: seconds}) of one problem."""
    start = CLOCK()
    if attribution is not None:
        t0 = CLOCK()
        truth = truth_from_text(p.text)
        t1 = CLOCK()
        prog = read_program(p.program, p.id, vocab_hint=truth.vocab)
        t2 = CLOCK()
    else:
        truth = truth_from_text(p.text)
        prog = read_program(p.program, p.id, vocab_hint=truth.vocab)
    report = analyse(prog, truth, "full", prover, unsafe_fixes=True)
    if fixed:
        report.verified(unsafe=True)
    report.close()          # (the session analyse made, closed as eval closes each problem's)
    seconds = CLOCK() - start
    settle_collector()      # (the collector's policy of an eval process, after its first problem)
    phases = None
    if attribution is not None:
        phases = attribution.take()
        phases["truth"] += t1 - t0
        phases["read"] += t2 - t1
        phases["other"] = seconds - sum(v for k, v in phases.items() if k != "other")
    return seconds, report.prover_calls, phases


def breakdown_line(name: str, times: list, phases: list[dict]) -> str:
    med = 1000 * statistics.median(times)
    parts = [f"{ph} {1000 * statistics.mean(d[ph] for d in phases):.2f}"
             for ph in PHASES if any(d[ph] for d in phases)]
    return f"  {name:<34} median {med:6.2f} ms | mean ms: " + ", ".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problems", type=int, default=100, help="problems per corpus")
    ap.add_argument("--provers", default="z3,eprover")
    ap.add_argument("--no-breakdown", action="store_true",
                    help="time only (nothing wrapped): the figures without attribution overhead")
    ap.add_argument("--fixed", action="store_true",
                    help="also read the fixed program back (`sedac.fixcheck`), as eval does")
    ap.add_argument("--skip-prolog", action="store_true")
    ap.add_argument("--cpu", action="store_true",
                    help="CPU time of the process (Z3 and SWI-Prolog run in it) instead of wall "
                         "time: the figures of a machine other jobs share")
    args = ap.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    llm = [(f.name if f.parent.name == "logic-lm" else f"{f.parent.name}/{f.name}",
            read_corpus(f)[:args.problems]) for f in LLM_CORPORA]
    sets = [("6 LLM corpora", llm),
            ("ProofWriter GPT-3.5", [(PROOFWRITER.name, read_corpus(PROOFWRITER)[:args.problems])])]
    if not args.skip_prolog:
        sets.append(("today's Prolog replies",
                     [(f.name, read_corpus(f)) for f in PROLOG_LLM_CORPORA]))
    attribution = None if args.no_breakdown else Attribution()
    for name in args.provers.split(","):
        prover = get_prover(name)
        if attribution is not None:
            attribution.install()
        try:
            for what, corpora in sets:
                times, calls, phases, lines = [], [], [], []
                for cname, problems in corpora:
                    ct, cp = [], []
                    for p in problems:
                        s, n, ph = run_one(p, prover, attribution, args.fixed)
                        ct.append(s)
                        calls.append(n)
                        if ph is not None:
                            cp.append(ph)
                    times += ct
                    phases += cp
                    if len(corpora) > 1:
                        lines.append(breakdown_line(cname, ct, cp) if cp else
                                     f"  {cname:<34} median {1000 * statistics.median(ct):6.2f} ms")
                print(f"{name}: {len(times)} problems of {what}, full SEDAC with answers: "
                      f"{describe_ms(times)}; {sum(calls) / len(calls):.0f} prover calls per problem")
                for line in lines:
                    print(line)
                if phases:
                    print(breakdown_line("all", times, phases))
        finally:
            if attribution is not None:
                attribution.uninstall()


if __name__ == "__main__":
    main()
