"""The `Prover` interface: entailment and consistency with SZS statuses and evidence."""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..fol import FALSE, Formula

THEOREM = "Theorem"
COUNTER_SATISFIABLE = "CounterSatisfiable"
SATISFIABLE = "Satisfiable"
UNSATISFIABLE = "Unsatisfiable"
CONTRADICTORY_AXIOMS = "ContradictoryAxioms"
TIMEOUT = "Timeout"
GAVE_UP = "GaveUp"
ERROR = "Error"

STATUSES = (THEOREM, COUNTER_SATISFIABLE, SATISFIABLE, UNSATISFIABLE, CONTRADICTORY_AXIOMS,
            TIMEOUT, GAVE_UP, ERROR)
DEFAULT_TIME_LIMIT = 10.0


@dataclass(frozen=True)
class Countermodel:
    """A finite model: its domain and the extension of every predicate."""

    domain: tuple[str, ...]
    extension: dict[str, frozenset[tuple[str, ...]]] = field(default_factory=dict)

    def holds(self, pred: str, *args: str) -> bool:
        return tuple(args) in self.extension.get(pred, frozenset())

    def describe(self) -> str:
        """`wren is fruity and integer; i1 is brown; nothing else holds`.

        Elements the problem does not name are called i1, i2, ...; an element with
        no property is left to the closing `nothing else holds`."""
        parts = []
        for element in self.domain:
            props = sorted(p for p, ext in self.extension.items() if (element,) in ext)
            if props:
                parts.append(f"{self.name(element)} is {_and(props)}")
        for p, ext in sorted(self.extension.items()):
            for tup in sorted(ext):
                if len(tup) == 0:
                    parts.append(f"{p} holds")
                elif len(tup) > 1:
                    parts.append(f"{p}({', '.join(self.name(e) for e in tup)})")
        if not parts:
            return f"a domain of {len(self.domain)} individual(s) where nothing holds"
        return "; ".join(parts) + "; nothing else holds"

    def name(self, element: str) -> str:
        """A readable name: the constant, or i1, i2... for unnamed individuals."""
        if not element.startswith("$"):
            return element
        unnamed = [e for e in self.domain if e.startswith("$")]
        return f"i{unnamed.index(element) + 1}"

    def to_json(self) -> dict:
        return {"domain": [self.name(e) for e in self.domain],
                "extension": {p: sorted([self.name(e) for e in t] for t in ext)
                              for p, ext in sorted(self.extension.items()) if ext},
                "text": self.describe()}


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True)
class Verdict:
    """A prover's answer. `used` holds indices into the axioms of an unsat core."""

    status: str
    prover: str
    seconds: float = 0.0
    used: tuple[int, ...] | None = None
    model_fn: Callable[[], Countermodel] | None = field(default=None, repr=False, compare=False)
    detail: str = ""

    @property
    def model(self) -> Countermodel | None:
        """The countermodel, built on first use (most callers never need it)."""
        if self.model_fn is None:
            return None
        cache = self.__dict__.get("_model")
        if cache is None:
            cache = self.model_fn()
            object.__setattr__(self, "_model", cache)
        return cache

    @property
    def has_evidence(self) -> bool:
        """A proof with its core, a refutation with its model, or no evidence to be had."""
        if self.holds:
            return self.used is not None or self.prover != "z3"
        if self.refuted:
            return self.model_fn is not None or self.prover != "z3"
        return True

    @property
    def holds(self) -> bool:
        """The entailment (or unsatisfiability) was proved."""
        return self.status in (THEOREM, UNSATISFIABLE, CONTRADICTORY_AXIOMS)

    @property
    def refuted(self) -> bool:
        return self.status in (COUNTER_SATISFIABLE, SATISFIABLE)

    @property
    def determinate(self) -> bool:
        return self.holds or self.refuted


def as_consistency(v: Verdict) -> Verdict:
    """Read a verdict on `axioms |= false` as a verdict on consistency."""
    status = {THEOREM: UNSATISFIABLE, CONTRADICTORY_AXIOMS: UNSATISFIABLE,
              COUNTER_SATISFIABLE: SATISFIABLE}.get(v.status, v.status)
    return Verdict(status, v.prover, v.seconds, v.used, v.model_fn, v.detail)


class Prover(ABC):
    """Decides `axioms |= goal` and the consistency of a set of formulas."""

    name: str = "prover"

    @abstractmethod
    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        ...

    def consistent(self, axioms: Sequence[Formula],
                   time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        """`Satisfiable` or `Unsatisfiable` (entailment of falsity, renamed)."""
        return as_consistency(self.entails(axioms, FALSE, time_limit))

    def session(self) -> "Session":
        """A per-problem view with a cache; nothing in it outlives the problem."""
        return Session(self)

    @classmethod
    def available(cls) -> bool:
        return True


class AxiomsKey:
    """A list of axioms as a dictionary key whose hash is computed once: a problem with
    thousands of axioms asks thousands of questions of the same list."""

    __slots__ = ("items", "hash")

    def __init__(self, items: tuple):
        self.items = items
        self.hash = hash(items)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, AxiomsKey) and self.hash == other.hash
                                 and self.items == other.items)


class Session:
    """Caches verdicts for one problem. Backends may override for incrementality."""

    def __init__(self, prover: Prover):
        self.prover = prover
        self.calls = 0
        self.cache_hits = 0
        self._cache: dict[tuple, Verdict] = {}
        self._recent: dict[int, tuple] = {}
        self._last: tuple = ((), -1, None)    # the last list asked (most often asked again)
        self._interned: dict[AxiomsKey, AxiomsKey] = {}
        # key -> (the key of a list it extends, that list's length): the same list object
        # asked again after it grew (a chain's steps so far), so that a backend may extend
        # what it built for the shorter one instead of building it again
        self._extends: dict[AxiomsKey, tuple[AxiomsKey, int]] = {}

    def key(self, axioms: Sequence[Formula]) -> AxiomsKey:
        """The key of an axiom list: the same list object asked again costs nothing, and
        equal lists share one key object (so that keys compare by identity)."""
        last = self._last
        if last[0] is axioms and last[1] == len(axioms):
            return last[2]
        hit = self._recent.get(id(axioms))
        if hit is not None and hit[0] is axioms and hit[1] == len(axioms):
            self._last = hit
            return hit[2]
        k = AxiomsKey(tuple(axioms))
        k = self._interned.setdefault(k, k)
        if hit is not None and hit[0] is axioms and hit[1] < len(axioms) and k is not hit[2] \
                and k.items[:hit[1]] == hit[2].items:
            self._extends.setdefault(k, (hit[2], hit[1]))
        if len(self._recent) > 16:
            self._recent.clear()
        # (holding the list keeps its id)
        self._recent[id(axioms)] = self._last = (axioms, len(axioms), k)
        return k

    def entails(self, axioms: Sequence[Formula], goal: Formula,
                time_limit: float = DEFAULT_TIME_LIMIT, evidence: bool = True) -> Verdict:
        """`evidence=False` says the caller reads neither `used` nor `model`, so a backend
        may skip computing them."""
        key = (self.key(axioms), goal)
        hit = self._cache.get(key)
        if hit is not None and (not evidence or hit.has_evidence):
            self.cache_hits += 1
            return hit
        self.calls += 1
        v = self._entails(axioms if isinstance(axioms, list) else list(axioms), goal, time_limit,
                          evidence)
        self._cache[key] = v
        return v

    def _entails(self, axioms: list[Formula], goal: Formula, time_limit: float,
                 evidence: bool = True) -> Verdict:
        return self.prover.entails(axioms, goal, time_limit)

    def close(self) -> None:
        """The problem is done: let go of everything the session holds. Its caches hold
        verdicts whose lazy evidence refers back to the session, so a session left to itself
        is a reference cycle that waits for the garbage collector, and in a run of many
        problems those collections walk every problem's questions again (a tenth of a
        PrOntoQA run's time). Evidence a verdict has not computed before this is not
        available after it; the counts `calls` and `cache_hits` stay."""
        calls, hits = self.calls, self.cache_hits
        self.__dict__.clear()
        self.calls, self.cache_hits = calls, hits

    def declare(self, formulas) -> None:
        """A hint: the formulas this problem's questions will be made of (backends may
        prepare for them once instead of on each question)."""

    def consistent(self, axioms: Sequence[Formula],
                   time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
        return as_consistency(self.entails(axioms, FALSE, time_limit, evidence=False))


class Stopwatch:
    def __init__(self):
        self.start = time.perf_counter()

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start
