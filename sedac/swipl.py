"""The one SWI-Prolog engine of the process, behind a lock.

pyswip is not thread-safe and SWI-Prolog keeps global state, so every use goes
through `run`, which holds the lock, guards the goal with an inference limit and
returns plain Python values. Syntax errors never reach stderr: programs are read
term by term with `read_term/3` inside `catch/3`.
"""
from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from .errors import SedacError

GRAMMAR_DIR = Path(__file__).parent / "grammar"
INFERENCE_LIMIT = 2_000_000
_lock = threading.RLock()


def quote(atom: str) -> str:
    """A Prolog quoted atom."""
    return "'" + atom.replace("\\", "\\\\").replace("'", "\\'") + "'"


def plist(items) -> str:
    return "[" + ",".join(items) + "]"


@lru_cache(maxsize=None)
def engine():
    try:
        from pyswip import Prolog
    except Exception as e:  # missing libswipl, broken install
        raise SedacError(f"SWI-Prolog is not usable through pyswip ({e}); "
                         "install it with `apt-get install -y swi-prolog-nox`") from None
    with _lock:
        p = Prolog()
        for name in ("nl.pl", "closed_world.pl"):
            path = GRAMMAR_DIR / name
            list(p.query(f"load_files({quote(str(path))}, [silent(true)])"))
        return p


def run(goal: str, limit: int = INFERENCE_LIMIT) -> dict | None:
    """The first solution of `goal` as a dict of variable bindings, or None.

    A goal that exceeds the inference limit, or raises, gives None.
    """
    p = engine()
    with _lock:
        wrapped = (f"catch(call_with_inference_limit(({goal}), {limit}, SedacR), _, fail), "
                   f"SedacR \\== inference_limit_exceeded")
        for sol in p.query(wrapped, maxresult=1):
            sol = dict(sol)
            sol.pop("SedacR", None)
            return sol
        return None
