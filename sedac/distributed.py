"""`sedac eval --backend ray`: problems evaluated by Ray actors, on this machine or a cluster.

Each actor is one Python process that keeps its SWI-Prolog engine and its prover state
alive across the batches it is given (starting SWI-Prolog and importing the provers costs
about a second; a problem costs milliseconds). Results stream back as batches finish and
are put back in input order, so `results.jsonl` is byte for byte what `--jobs` writes.

A batch whose actor dies, or that runs past `task_timeout` seconds (its actor is then
killed), is retried once on a fresh actor; a problem that fails twice is recorded in
`results.jsonl` with the reason (`failed`), never dropped.
"""
from __future__ import annotations

import time

from .errors import SedacError

BATCH = 8
DEFAULT_TASK_TIMEOUT = 600.0


def ray_installed() -> None:
    """A one-line error when Ray is missing (without importing it: importing reads settings
    that `run_eval_ray` sets first)."""
    import importlib.util
    try:
        found = importlib.util.find_spec("ray") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        raise SedacError("--backend ray needs Ray: pip install 'sedac[ray]'")


def ray_module(loopback: bool = False):
    """Ray, imported; with `loopback`, set to stay on 127.0.0.1 (a local runtime, or a
    cluster on this machine's loopback): Ray otherwise swaps 127.0.0.1 for the address of
    the machine's network interface."""
    import os
    ray_installed()
    if loopback:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    try:
        import ray
    except ImportError as e:
        raise SedacError(f"--backend ray needs Ray: pip install 'sedac[ray]' ({e})") from None
    return ray


def _loopback(address: str | None) -> bool:
    return not address or address.rsplit(":", 1)[0] in ("127.0.0.1", "localhost", "[::1]")


def _actor_class(ray):
    @ray.remote(num_cpus=1, max_restarts=0)
    class Evaluator:
        """One worker process: evaluates batches of problems with one warm engine."""

        def run(self, batch, prover):
            from sedac.evaluate import _worker
            return [(i, _worker((p, prover))) for i, p in batch]

        def pid(self):
            import os
            return os.getpid()
    return Evaluator


def run_eval_ray(problems: list, prover: str = "auto", workers: int | None = None,
                 address: str | None = None, progress=None,
                 task_timeout: float = DEFAULT_TASK_TIMEOUT, actor=None) -> list[dict]:
    """Evaluate problems on Ray in input order. Without `address` a local Ray runtime is
    started for the run (and stopped after it); with one, the run joins that cluster.
    `actor` replaces the evaluating actor class (tests give one that crashes or hangs)."""
    ray = ray_module(loopback=_loopback(address))
    started_here = not ray.is_initialized()
    if started_here:
        import os
        os.environ.setdefault("RAY_DEDUP_LOGS", "0")
        kwargs = dict(include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            if address:
                if _loopback(address):
                    kwargs["_node_ip_address"] = "127.0.0.1"
                ray.init(address=address, **kwargs)
            else:
                ray.init(address="local", num_cpus=workers, _node_ip_address="127.0.0.1", **kwargs)
        except Exception as e:   # a wrong address, a cluster that is not there
            raise SedacError(f"cannot start or join Ray ({address or 'local'}): "
                             f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    try:
        n = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        return _run(ray, problems, prover, n, progress, task_timeout, actor)
    finally:
        if started_here:
            ray.shutdown()


def _run(ray, problems, prover, n, progress, task_timeout, actor=None) -> list[dict]:
    Evaluator = actor or _actor_class(ray)
    batches = [[(i, problems[i]) for i in range(k, min(k + BATCH, len(problems)))]
               for k in range(0, len(problems), BATCH)]
    pending = list(range(len(batches)))[::-1]      # batch indices still to send (a stack)
    tries = [0] * len(batches)
    results: list[dict | None] = [None] * len(problems)
    idle = [Evaluator.remote() for _ in range(min(n, len(batches)) or 1)]
    running: dict = {}                              # ref -> (batch index, actor, start)
    done = 0
    while pending or running:
        while pending and idle:
            b = pending.pop()
            actor = idle.pop()
            tries[b] += 1
            ref = actor.run.remote(batches[b], prover)
            running[ref] = (b, actor, time.monotonic())
        ready, _ = ray.wait(list(running), num_returns=1, timeout=1.0)
        now = time.monotonic()
        for ref in ready:
            b, actor, _ = running.pop(ref)
            try:
                for i, rec in ray.get(ref):
                    results[i] = rec
                idle.append(actor)
                done += len(batches[b])
                if progress:
                    progress(done, len(problems))
            except Exception as e:      # the actor died (RayActorError) or the task failed
                why = f"worker lost: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                done += _retry_or_fail(ray, b, batches, tries, pending, results, why, progress,
                                       done, len(problems))
                idle.append(Evaluator.remote())
        for ref, (b, actor, start) in list(running.items()):
            if now - start > task_timeout:
                running.pop(ref)
                ray.kill(actor, no_restart=True)
                why = f"time limit: the batch ran past {task_timeout:g} s"
                done += _retry_or_fail(ray, b, batches, tries, pending, results, why, progress,
                                       done, len(problems))
                idle.append(Evaluator.remote())
    return results      # every slot is filled: a problem is evaluated or failed with a reason


def _retry_or_fail(ray, b, batches, tries, pending, results, why, progress, done, total) -> int:
    """A lost batch is sent again once; after that each of its problems is recorded as
    failed with the reason. The number of problems settled now."""
    if tries[b] < 2:
        pending.append(b)
        return 0
    for i, p in batches[b]:
        results[i] = {"id": p.id, "source": p.source, "gold": p.answer,
                      "failed": f"{why} (tried twice)"}
    if progress:
        progress(done + len(batches[b]), total)
    return len(batches[b])
