"""sedac as a reward function for training models that translate problems into logic.

Two entry points with the signatures the trainers call:

- `compute_score(data_source, solution_str, ground_truth, extra_info=None)`, verl's custom
  reward function (`custom_reward_function.path` / `.name` in its config). `solution_str`
  is the model's reply; `ground_truth` is the gold answer (`True`/`False`/`Unknown`, or
  Logic-LM's `A`/`B`/`C`), or a dict `{"answer", "context", "question"}`; the problem text
  comes from `extra_info` (`context` and `question`, or `text`) when `ground_truth` is not a
  dict. It returns a dict whose `score` is the reward, with the parts it was made of.
- `reward(prompts, completions, **kwargs)`, a reward function of TRL's GRPOTrainer. TRL
  passes every column of the dataset as a keyword list: this one reads `context` and
  `question` (or `text`) and `answer`; completions may be strings or chat messages. It
  returns one float per completion.

The score (0 to 1), from what sedac measures on the reply:

    0.1  the reply reads as a logic program at all (any language sedac reads)
    0.6  the program as written answers the question right (raw)
    0.2  x (1 - errors / 10, at least 0): errors are sedac's diagnostics of all categories
    0.1  after full SEDAC the program answers right (its errors were repairable)

A reply that is no program scores 0. The semantics is forward chaining when the gold can be
Unknown (ProofWriter; `data_source` containing "proofwriter") and the open world otherwise.
Each call is bounded: past `timeout` seconds (default 20) the worker is stopped and the
score is 0 with the reason `timeout`; the next call starts a fresh worker.

`score_batch(items, jobs=N)` scores many replies at once on the process pool, or on Ray
(`backend="ray"`), as `sedac eval` does.
"""
from __future__ import annotations

import atexit
import pickle
import struct
import threading

DEFAULT_TIMEOUT = 20.0
WEIGHTS = {"reads": 0.1, "raw": 0.6, "clean": 0.2, "full": 0.1}
_LETTER = {"A": "True", "B": "False", "C": "Unknown"}


def _gold(value) -> str:
    v = str(value).strip()
    return _LETTER.get(v, v.capitalize() if v.lower() in ("true", "false", "unknown") else v)


def _problem(data_source, solution_str, ground_truth, extra_info):
    from .corpus import Problem
    info = dict(extra_info or {})
    if isinstance(ground_truth, dict):
        info = {**info, **ground_truth}
        gold = ground_truth.get("answer")
    else:
        gold = ground_truth
    context = info.get("context") or info.get("text") or ""
    question = info.get("question") or info.get("query") or ""
    if not context:
        raise ValueError("the problem text is missing: give extra_info['context'] and "
                         "['question'] (or ground_truth as a dict with them)")
    return Problem(id=str(info.get("id", "reply")), context=context, question=question,
                   answer=_gold(gold), program=solution_str, source=str(data_source or ""))


def _semantics(data_source, gold: str) -> str:
    return "forward" if gold == "Unknown" or "proofwriter" in str(data_source).lower() \
        else "open_world"


def score_record(record: dict, semantics: str) -> dict:
    """The reward of one `evaluate_problem` record, with its parts."""
    if "failed" in record:
        return {"score": 0.0, "reason": f"sedac failed: {record['failed']}"}
    reads = record.get("lang") is not None and not record.get("not_a_program")
    if not reads:
        return {"score": 0.0, "reason": "not a program"}
    errors = sum(v for k, v in record["errors"].items())
    raw = bool(record["correct"]["raw"][semantics])
    full = bool(record["correct"]["full"][semantics])
    parts = {"reads": WEIGHTS["reads"], "raw": WEIGHTS["raw"] * raw,
             "clean": WEIGHTS["clean"] * max(0.0, 1 - errors / 10), "full": WEIGHTS["full"] * full}
    return {"score": round(sum(parts.values()), 6), "parts": parts, "semantics": semantics,
            "raw_correct": raw, "full_correct": full, "errors": record["errors"],
            "answer": record["answers"]["raw"][semantics], "reason": "scored"}


def _not_a_program(problem) -> str | None:
    """Why a reply is no program at all (empty, prose, JSON...), or None."""
    from .readers import not_a_program
    reply = problem.program or ""
    return "empty reply" if not reply.strip() else not_a_program(reply)


def _evaluate(problem) -> dict:
    from .errors import SedacError
    from .evaluate import evaluate_problem
    why = _not_a_program(problem)
    if why:
        return {"lang": None, "not_a_program": why}
    try:
        return evaluate_problem(problem)
    except SedacError as e:
        return {"lang": None, "not_a_program": str(e)}


# ------------------------------------------------------------------ bounded calls

class _Worker:
    """One long-lived process (`python -m sedac.reward`) that evaluates replies, its
    SWI-Prolog engine warm; stopped and replaced when a call runs past its time. A plain
    subprocess, so the trainer's own main module is never imported again."""

    def __init__(self):
        self.lock = threading.Lock()
        self.proc = None

    def _start(self):
        import subprocess
        import sys
        self.proc = subprocess.Popen([sys.executable, "-m", "sedac.reward"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None

    def call(self, problem, timeout: float) -> dict | None:
        """The record, or None when the time ran out."""
        import select
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self._start()
            try:
                _send(self.proc.stdin, problem)
                ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
                if not ready:
                    self.stop()
                    return None
                return _receive(self.proc.stdout)
            except (OSError, EOFError, pickle.UnpicklingError):
                self.stop()
                return {"failed": "the worker process died"}


def _send(stream, obj) -> None:
    data = pickle.dumps(obj)
    stream.write(struct.pack(">Q", len(data)) + data)
    stream.flush()


def _receive(stream):
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError
    (n,) = struct.unpack(">Q", head)
    data = stream.read(n)
    if len(data) < n:
        raise EOFError
    return pickle.loads(data)


def _serve() -> None:
    import sys
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            problem = _receive(inp)
        except EOFError:
            return
        try:
            record = _evaluate(problem)
        except Exception as e:   # reported as the score's reason, never raised in a trainer
            record = {"failed": f"{type(e).__name__}: {e}"}
        _send(out, record)


_WORKER = _Worker()
atexit.register(_WORKER.stop)


def compute_score(data_source, solution_str, ground_truth, extra_info=None,
                  timeout: float = DEFAULT_TIMEOUT) -> dict:
    """verl's custom reward function: a dict with `score` (0 to 1) and its parts."""
    try:
        problem = _problem(data_source, solution_str, ground_truth, extra_info)
    except ValueError as e:
        return {"score": 0.0, "reason": str(e)}
    record = _WORKER.call(problem, timeout)
    if record is None:
        return {"score": 0.0, "reason": f"timeout: no verdict within {timeout:g} s"}
    return score_record(record, _semantics(data_source, problem.answer))


def _text(completion) -> str:
    """A completion as TRL passes it: a string, or chat messages (the assistant's text)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict):
        return str(completion.get("content", ""))
    if isinstance(completion, (list, tuple)):
        return "\n".join(_text(m) for m in completion
                         if not isinstance(m, dict) or m.get("role", "assistant") == "assistant")
    return str(completion)


def reward(prompts, completions, **kwargs) -> list[float]:
    """TRL GRPOTrainer's reward function: one float per completion. The dataset's columns
    `context` and `question` (or `text`) and `answer` arrive as keyword lists."""
    n = len(completions)
    answers = kwargs.get("answer") or kwargs.get("ground_truth") or [None] * n
    out = []
    for i, completion in enumerate(completions):
        info = {k: kwargs[k][i] for k in ("context", "question", "text", "id")
                if isinstance(kwargs.get(k), (list, tuple)) and len(kwargs[k]) == n}
        source = kwargs.get("data_source", [""] * n)[i] if isinstance(kwargs.get("data_source"), list) else ""
        out.append(float(compute_score(source, _text(completion), answers[i], info)["score"]))
    return out


def score_batch(items: list[dict], jobs: int = 2, backend: str = "process",
                address: str | None = None) -> list[dict]:
    """Score many replies at once: each item has `data_source`, `solution_str`,
    `ground_truth`, `extra_info` as `compute_score` takes them."""
    from .evaluate import run_eval
    problems, semantics, early = [], [], {}
    for k, it in enumerate(items):
        try:
            p = _problem(it.get("data_source"), it.get("solution_str"), it.get("ground_truth"),
                         it.get("extra_info"))
        except ValueError as e:
            early[k] = {"score": 0.0, "reason": str(e)}
            continue
        if _not_a_program(p):
            early[k] = {"score": 0.0, "reason": "not a program"}
            continue
        problems.append((k, p))
        semantics.append(_semantics(it.get("data_source"), p.answer))
    records = run_eval([p for _, p in problems], jobs=jobs, backend=backend, address=address)
    out = [None] * len(items)
    for (k, _), rec, sem in zip(problems, records, semantics):
        out[k] = score_record(rec, sem)
    for k, v in early.items():
        out[k] = v
    return out


if __name__ == "__main__":
    _serve()
