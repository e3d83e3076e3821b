"""Theorem provers behind one interface.

`get_prover("auto")` is the fastest available decision procedure (Z3 in process);
`get_prover("z3,eprover")` runs each question through both and raises a
`ProverError` when two determinate verdicts disagree.
"""
from __future__ import annotations

from typing import Sequence

from ..errors import ProverError
from ..fol import Formula, to_tptp
from .base import (DEFAULT_TIME_LIMIT, STATUSES, Countermodel, Prover, Session, Verdict,
                   as_consistency)

# Each backend's module and class, imported when the backend is named (the external
# provers' modules bring `subprocess` and their own parsers, which a Z3 check never uses).
_BACKENDS = {"z3": ("z3prover", "Z3Prover"), "eprover": ("tptp_subprocess", "EProver"),
             "vampire": ("tptp_subprocess", "VampireProver"), "cvc5": ("cvc5prover", "Cvc5Prover"),
             "prover9": ("prover9", "Prover9")}


def backend(name: str) -> type[Prover] | None:
    """The prover class named `name`, or None."""
    if name not in _BACKENDS:
        return None
    import importlib
    module, cls = _BACKENDS[name]
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls)


def __getattr__(name: str):
    if name == "BACKENDS":     # {name: class}, every backend imported
        return {n: backend(n) for n in _BACKENDS}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class CrossCheck(Prover):
    """Asks every backend; the first one's evidence is kept, any disagreement is an error."""

    def __init__(self, provers: list[Prover]):
        self.provers = provers
        self.name = ",".join(p.name for p in provers)

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        verdicts = [p.entails(axioms, goal, time_limit) for p in self.provers]
        return _agree(verdicts, goal)

    def session(self) -> "CrossSession":
        return CrossSession(self)


class CrossSession(Session):
    def __init__(self, prover: CrossCheck):
        super().__init__(prover)
        self.sessions = [p.session() for p in prover.provers]

    def _entails(self, axioms, goal, time_limit, evidence=True):
        return _agree([s.entails(axioms, goal, time_limit, evidence) for s in self.sessions], goal)


def _agree(verdicts: list[Verdict], goal: Formula) -> Verdict:
    decided = [v for v in verdicts if v.determinate]
    if len({v.holds for v in decided}) > 1:
        said = ", ".join(f"{v.prover} says {v.status}" for v in verdicts)
        raise ProverError(f"provers disagree on {to_tptp(goal)}: {said}")
    return decided[0] if decided else verdicts[0]


def available_provers() -> list[str]:
    return [name for name in _BACKENDS if backend(name).available()]


def get_prover(spec: str = "auto") -> Prover:
    """A prover from a name, `auto`, or a comma-separated list to cross-check."""
    names = [n.strip() for n in (spec or "auto").split(",") if n.strip()]
    provers = []
    for name in names:
        if name == "auto":
            name = "z3"
        cls = backend(name)
        if cls is None:
            raise ProverError(f"unknown prover {name!r} (known: {', '.join(_BACKENDS)}, auto)")
        if not cls.available():
            raise ProverError(f"prover {name!r} is not installed on this machine")
        provers.append(cls())
    if not provers:
        raise ProverError("no prover named")
    return provers[0] if len(provers) == 1 else CrossCheck(provers)


__all__ = ["BACKENDS", "CrossCheck", "Countermodel", "DEFAULT_TIME_LIMIT", "Prover",
           "STATUSES", "Session", "Verdict", "as_consistency", "available_provers",
           "get_prover"]
