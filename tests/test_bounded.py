"""Time and memory stay bounded: grounding is sized before it is built, big problems of
individuals are sliced (exactly), others go to a prover that does not ground."""
from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from sedac.atp import z3prepare
from sedac.atp.z3prover import Z3Prover, ground_size
from sedac.engine import answer_open
from sedac.readers import read_program
from sedac.readers.tptp import parse_formula


# Runs sedac's command line in a fresh process that prints its own peak memory (KB) last.
DRIVER = """
import resource, sys
from sedac.cli import main
try:
    main(args=sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
sys.stdout.flush()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def _run(args: list[str], cwd, timeout: int = 300):
    """(stdout, seconds, peak KB) of one sedac command in its own process."""
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", DRIVER, *args], capture_output=True, text=True,
                       cwd=cwd, timeout=timeout)
    seconds = time.perf_counter() - start
    return r.stdout, seconds, int(r.stderr.strip().splitlines()[-1])


def _check(tmp_path, text: str, timeout: int = 120):
    path = tmp_path / "big.pl"
    path.write_text(text)
    out, seconds, peak_kb = _run(["ask", str(path), "--output-format", "json"], tmp_path, timeout)
    import json
    return json.loads(out), seconds, peak_kb


def test_ground_size_is_computed_not_built():
    f = parse_formula("! [X, Y, Z] : ((path(X, Y) & edge(Y, Z)) => path(X, Z))")
    assert ground_size([f], 300) == 300 ** 3
    assert ground_size([parse_formula("cat(tom)")], 10 ** 6) == 1


def test_twenty_thousand_facts_answer_fast_and_small(tmp_path):
    rng = random.Random(3)
    preds = [f"p{i}" for i in range(50)]
    lines = [f"{rng.choice(preds)}(c{i})." for i in range(20000)]
    lines += [f"{preds[i + 1]}(X) :- {preds[i]}(X)." for i in range(49)] + ["?- p49(c5)."]
    got, seconds, peak_kb = _check(tmp_path, "\n".join(lines) + "\n")
    assert got["open_world"] == "True" and got["closed_world"] == "True"
    assert peak_kb < 1024 * 1024, peak_kb              # under 1 GB
    assert seconds < 60, seconds                        # (about 3 s here)


def test_long_path_with_a_three_variable_rule_is_proved(tmp_path):
    n = 150
    lines = [f"edge(n{i}, n{i + 1})." for i in range(n)]
    lines += ["path(X, Y) :- edge(X, Y).", "path(X, Z) :- path(X, Y), edge(Y, Z).",
              f"?- path(n0, n{n})."]
    got, seconds, peak_kb = _check(tmp_path, "\n".join(lines) + "\n")
    assert got["open_world"] == "True" and got["closed_world"] == "True"
    assert peak_kb < 1024 * 1024 and seconds < 60


def _random_monadic(rng: random.Random) -> str:
    preds = [f"q{i}" for i in range(5)]
    consts = [f"k{i}" for i in range(6)]
    lines = []
    for _ in range(rng.randint(3, 12)):
        p = rng.choice(preds)
        lines.append(f"{'neg_' if rng.random() < 0.2 else ''}{p}({rng.choice(consts)}).")
    for _ in range(rng.randint(1, 6)):
        a, b = rng.sample(preds, 2)
        lines.append(f"{'neg_' if rng.random() < 0.3 else ''}{b}(X) :- {a}(X).")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(6))
def test_slicing_gives_the_answers_of_whole_grounding(seed, monkeypatch):
    """Slicing by individual is exact: with the bound set to 0 every question is sliced,
    and every answer equals the one of the whole ground problem."""
    rng = random.Random(seed)
    prover = Z3Prover()
    for _ in range(15):
        program = read_program(_random_monadic(rng), "p.pl", "prolog")
        axioms = program.axioms
        questions = [parse_formula(f"{p}({c})") for p in ("q0", "q3") for c in ("k0", "k5")]
        questions.append(parse_formula("! [X] : (q0(X) => q1(X))"))
        monkeypatch.setattr(z3prepare, "GROUND_LIMIT", 10 ** 9)
        whole = [answer_open(axioms, q, prover.session()) for q in questions]
        monkeypatch.setattr(z3prepare, "GROUND_LIMIT", 0)
        sliced = [answer_open(axioms, q, prover.session()) for q in questions]
        assert sliced == whole, program.text


def test_full_sedac_on_twenty_thousand_sentences_is_linear(tmp_path):
    import itertools
    import string
    names = ["Q" + "".join(p) for p in itertools.product(string.ascii_lowercase, repeat=4)][:20000]
    (tmp_path / "t.txt").write_text(" ".join(f"{n} is a cat." for n in names)
                                    + " Every cat is a mammal.\nTrue or false: Qaaaf is a mammal.\n")
    (tmp_path / "p.pl").write_text("".join(f"cat({n.lower()}).\n" for n in names)
                                   + "mammal(X) :- cat(X).\n?- mammal(qaaaf).\n")
    out, seconds, peak_kb = _run(["check", "p.pl", "--nl", "t.txt", "--output-format", "json"],
                                 tmp_path)
    import json
    doc = json.loads(out)["files"][0]
    assert doc["diagnostics"] == []
    assert doc["answer"]["open_world"] == "True"
    assert peak_kb < 1024 * 1024, peak_kb
    assert seconds < 120, seconds                       # (about 6 s here; 88 s and 1.3 GB before)
