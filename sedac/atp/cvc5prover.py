"""cvc5 through its z3py-style `pythonic` API, with finite model finding so that it
answers satisfiable (non-entailed) questions too. Optional: used when installed."""
from __future__ import annotations

from typing import Sequence

from ..fol import Formula
from .base import (COUNTER_SATISFIABLE, DEFAULT_TIME_LIMIT, ERROR, GAVE_UP, THEOREM, TIMEOUT,
                   Prover, Stopwatch, Verdict)
from .smt import SmtTranslator


class Cvc5Prover(Prover):
    name = "cvc5"

    @classmethod
    def available(cls) -> bool:
        import importlib.util
        return importlib.util.find_spec("cvc5") is not None

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        import cvc5.pythonic as api
        watch = Stopwatch()
        try:
            smt = SmtTranslator(api)
            s = api.Solver()
            s.set("finite-model-find", True)
            s.set("tlimit-per", max(1, int(time_limit * 1000)))
            for a in axioms:
                s.add(smt.formula(a))
            s.add(api.Not(smt.formula(goal)))
            result = s.check()
        except Exception as e:  # the bindings raise their own error types
            return Verdict(ERROR, self.name, watch.seconds, detail=str(e))
        if result == api.unsat:
            return Verdict(THEOREM, self.name, watch.seconds)
        if result == api.sat:
            return Verdict(COUNTER_SATISFIABLE, self.name, watch.seconds)
        reason = str(s.reason_unknown()) if hasattr(s, "reason_unknown") else ""
        status = TIMEOUT if "time" in reason.lower() else GAVE_UP
        return Verdict(status, self.name, watch.seconds, detail=reason)
