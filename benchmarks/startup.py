"""Start-up time of the `sedac` command: each command end to end, process start included.

    python3 benchmarks/startup.py [-n RUNS] [--cold] [--python PATH]

Every command runs RUNS times as a subprocess (`python -m sedac ...` of this tree, with
`PYTHONPATH` set to it) on small files the script writes in a temporary folder; it prints,
per command, the wall time (min and median) and the CPU time of the child (user + sys,
median), which the other processes on a shared machine disturb less than the wall time.
The load average is printed before and after. `--cold` gives every run an empty cache
folder (`SEDAC_CACHE_DIR`), so that it measures a first run; by default the runs share one
cache folder, warmed once before timing (what a user sees from the second run on).
`--new-text` keeps that warm cache but gives every run of a command with a problem text a
program and text never seen before (a new name: `cat(zvelik).` and `Zvelik is a cat. ...`),
so that the DCG's answers are not in the cache (`swipl.remembered`) and SWI-Prolog starts:
what a user sees on a new problem.

The interpreter is this one's real executable, not a shim (a pyenv shim alone adds about
a quarter of a second to any command); `python -c pass` is the floor.

Bytecode: by default every run reads the modules' bytecode from a private
`PYTHONPYCACHEPREFIX` folder written by the warm-up run, as an installed package has it
(`pip install` compiles it). `--bytecode as-is` keeps the environment's own setting: with
`PYTHONDONTWRITEBYTECODE=1` and no `__pycache__` beside the sources, every run compiles every
module of sedac again (`setup.sh` precompiles them).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FILES = {
    "one.pl": "cat(tom).\nanimal(X) :- cat(X).\n",
    "one.txt": "Tom is a cat. Every cat is an animal.\n",
    "x.fol": "∀x (Cat(x) → Animal(x))\nCat(tom)\n",
    "wren.pl": "integer(X) :- fruity(X).\ninteger(wren).\n?- fruity(wren).\n",
    "wren.txt": "Each integer is not fruity. Wren is an integer.\n"
                "True or false: Wren is not fruity.\n",
}

COMMANDS = [
    ("python -c pass (floor)", None, ["-c", "pass"]),
    ("python -S -c pass", None, ["-S", "-c", "pass"]),
    ("sedac --version", "m", ["--version"]),
    ("sedac --help", "m", ["--help"]),
    ("check one.pl", "m", ["check", "one.pl"]),
    ("check one.pl --nl one.txt", "m", ["check", "one.pl", "--nl", "one.txt"]),
    ("check x.fol", "m", ["check", "x.fol"]),
    ("ask wren.pl --nl wren.txt", "m", ["ask", "wren.pl", "--nl", "wren.txt"]),
]


def _run(argv: list[str], cwd: str, env: dict) -> tuple[float, float, int]:
    """Wall seconds, child CPU seconds (user + sys) and exit code of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def _fresh(argv: list[str], tmp: str, i: int) -> list[str]:
    """`argv` with its program and text replaced by a pair of the same shape about a name
    no earlier run used."""
    import random
    rng = random.Random(f"{os.getpid()} {time.time_ns()} {i}")
    name = rng.choice("bdfgklmnprstvz") + "".join(rng.choice("aeiou") + rng.choice("lmnrstvz")
                                                  for _ in range(3))
    out = []
    for a in argv:
        if a.endswith((".pl", ".txt")) and Path(tmp, a).is_file():
            text = Path(tmp, a).read_text(encoding="utf-8")
            for old in ("tom", "wren"):
                text = text.replace(old, name).replace(old.capitalize(), name.capitalize())
            a = f"new-{i}-{a}"
            Path(tmp, a).write_text(text, encoding="utf-8")
        out.append(a)
    return out


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=10)
    ap.add_argument("--cold", action="store_true",
                    help="an empty cache folder for every run (first-run times)")
    ap.add_argument("--python", default=os.path.realpath(sys.executable),
                    help="the interpreter to run (default: this one's real executable)")
    ap.add_argument("--new-text", action="store_true",
                    help="warm cache, but a program and problem text never seen before for "
                         "every run (the DCG's answers not cached: SWI-Prolog starts)")
    ap.add_argument("--only", metavar="TEXT", help="only the commands whose name contains TEXT")
    ap.add_argument("--bytecode", choices=["prefix", "as-is"], default="prefix",
                    help="prefix: bytecode cached in a private folder (default); as-is: the "
                         "environment's own setting")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="sedac-startup-") as tmp:
        for name, text in FILES.items():
            Path(tmp, name).write_text(text, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
        env.pop("SEDAC_DEBUG", None)
        if args.bytecode == "prefix":
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp, "pyc"))
        shared_cache = Path(tmp, "cache")
        print(f"python {args.python}, {args.runs} runs each, "
              f"{'cold' if args.cold else 'warm'} cache{', new texts' if args.new_text else ''}, bytecode {args.bytecode}"
              f"{' (PYTHONDONTWRITEBYTECODE=' + os.environ['PYTHONDONTWRITEBYTECODE'] + ')' if args.bytecode == 'as-is' and 'PYTHONDONTWRITEBYTECODE' in os.environ else ''}; "
              f"load average before: {_load()}")
        print(f"{'command':<28} {'exit':>4} {'min ms':>8} {'median ms':>10} {'cpu ms':>8}")
        for name, kind, argv in COMMANDS:
            if args.only and args.only not in name:
                continue
            full = [args.python] + (["-m", "sedac"] if kind == "m" else []) + argv
            walls, cpus, codes = [], [], set()
            run_env = dict(env, SEDAC_CACHE_DIR=str(shared_cache))
            _run(full, tmp, run_env)     # warm the caches, the bytecode and the file system
            for i in range(args.runs):
                if args.cold:
                    run_env = dict(env, SEDAC_CACHE_DIR=str(Path(tmp, f"cold-{i}-{len(name)}")))
                run_argv = full
                if args.new_text and "--nl" in argv:
                    run_argv = _fresh(full, tmp, i)
                wall, cpu, code = _run(run_argv, tmp, run_env)
                walls.append(wall)
                cpus.append(cpu)
                codes.add(code)
            print(f"{name:<28} {','.join(map(str, sorted(codes))):>4} {1000 * min(walls):8.0f} "
                  f"{1000 * statistics.median(walls):10.0f} {1000 * statistics.median(cpus):8.0f}")
        print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()
