"""`sedac eval --backend ray` against a real local Ray cluster on the loopback address."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sedac.corpus import read_corpus

ROOT = Path(__file__).resolve().parents[1]
OWN = ROOT / "corpora"     # the project's own corpora: the tests need nothing beside the checkout
# Everything stays on 127.0.0.1: Ray reads this when it is imported (else it swaps the
# loopback address for the machine's interface), and token authentication is on.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ["RAY_AUTH_MODE"] = "token"
import ray  # noqa: E402  (in the test extras; .ci/run installs it)
RAY_CLI = [sys.executable, "-c", "import sys; from ray.scripts.scripts import main; "
           "sys.argv[0] = 'ray'; main()"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A Ray head on 127.0.0.1, started and stopped by the test itself."""
    port = _free_port()
    tmp = tmp_path_factory.mktemp("ray")
    # token authentication (set above) is on for the cluster and for whoever joins it
    env = {**os.environ, "RAY_TMPDIR": str(tmp)}
    if not (Path.home() / ".ray" / "auth_token").exists():   # a new machine: make the token
        subprocess.run(RAY_CLI + ["get-auth-token", "--generate"], capture_output=True, env=env,
                       timeout=120, check=True)
    start = subprocess.run(RAY_CLI + ["start", "--head", "--node-ip-address=127.0.0.1",
                            f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
                            "--disable-usage-stats", f"--temp-dir={tmp}"],
                           capture_output=True, text=True, env=env, timeout=300)
    assert start.returncode == 0, start.stdout + start.stderr
    try:
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run(RAY_CLI + ["stop", "--force"], capture_output=True, env=env, timeout=300)


def sedac(*args, timeout=900):
    return subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout)


def _same_apart_from_timing(a: dict, b: dict):
    drop = ("seconds", "date")
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_ray_cluster_writes_exactly_what_the_process_pool_writes(cluster, tmp_path):
    corpus = OWN / "prontoqa" / "injected.jsonl"     # programs with errors of every kind
    r1 = sedac("eval", corpus, "--limit", "48", "--jobs", "2", "--out", tmp_path / "pool")
    r2 = sedac("eval", corpus, "--limit", "48", "--backend", "ray", "--address", cluster,
               "--out", tmp_path / "ray")
    assert r1.returncode == 0 and r2.returncode == 0, r2.stderr
    for name in ("results.jsonl", "stats.csv"):
        assert (tmp_path / "pool" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes()
    a = json.loads((tmp_path / "pool" / "summary.json").read_text())
    b = json.loads((tmp_path / "ray" / "summary.json").read_text())
    assert _same_apart_from_timing(a, b) and b["failed"] == 0


def test_ray_without_address_starts_its_own_runtime(tmp_path):
    r = sedac("eval", OWN / "proofwriter" / "relations-d2.json", "--limit", "10", "--backend", "ray",
              "--jobs", "2", "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "o" / "summary.json").read_text())["problems"] == 10


def _crash_actor(ray, kind):
    @ray.remote(num_cpus=1, max_restarts=0)
    class Faulty:
        """A fake worker (for the code around the evaluator): it dies, or hangs, on the
        batch holding the problem `p3`, and evaluates the others for real."""

        def run(self, batch, prover):
            from sedac.evaluate import _worker
            if any(p.id == "p3" for _, p in batch):
                if kind == "crash":
                    os._exit(1)
                time.sleep(3600)
            return [(i, _worker((p, prover))) for i, p in batch]
    return Faulty


@pytest.mark.parametrize("kind, reason", [("crash", "worker lost"), ("hang", "time limit")])
def test_a_lost_or_slow_batch_is_retried_once_then_reported_with_a_fake_worker(cluster, kind, reason):
    from sedac.corpus import Problem
    from sedac.distributed import BATCH, run_eval_ray
    src = [p for f in sorted((OWN / "proofwriter").glob("*.json")) for p in read_corpus(f)][:2 * BATCH]
    assert len(src) == 2 * BATCH
    problems = [Problem(f"p{i}", p.context, p.question, p.answer, source="t")
                for i, p in enumerate(src)]
    # a loaded machine (load 10 on 2 cores) starts actors and evaluates a batch slowly: the
    # limit is far above what a good batch needs, and only the hanging batch reaches it
    records = run_eval_ray(problems, address=cluster, task_timeout=120 if kind == "crash" else 45,
                           actor=_crash_actor(ray, kind))
    assert len(records) == len(problems) and all(r is not None for r in records)
    bad = [r for r in records if "failed" in r]
    assert [r["id"] for r in bad] == [f"p{i}" for i in range(BATCH)]   # p3's whole batch
    assert all(reason in r["failed"] and "tried twice" in r["failed"] for r in bad)
    assert all(r["correct"]["full"]["forward"] for r in records[BATCH:])


def test_without_ray_the_backend_is_a_one_line_error(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    (tmp_path / "ray.py").write_text("raise ImportError('no ray here')\n")
    r = subprocess.run([sys.executable, "-m", "sedac", "eval", str(OWN / "proofwriter" / "attributes-d1.json"),
                        "--backend", "ray"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0
    assert "pip install 'sedac[ray]'" in r.stderr
