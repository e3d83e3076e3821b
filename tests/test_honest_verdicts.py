"""A prover's Timeout is not an answer; an exceeded limit is not False (issue: bounded and honest)."""
from __future__ import annotations

import sedac
from sedac import closed_world
from sedac.atp.base import TIMEOUT, Prover, Verdict
from sedac.atp.z3prover import Z3Prover
from sedac.engine import analyse
from sedac.readers import read_program
from sedac.truth import truth_from_text

TEXT = "Every cat is a mammal. Tom is a cat.\nTrue or false: Tom is a mammal."


class _FakeTimeoutProver(Prover):
    """A fake prover (only the code around the prover is under test): it answers every
    question with Timeout, as a real prover does on a problem too big for its time limit."""

    name = "fake-timeout"

    def entails(self, axioms, goal, time_limit=10.0):
        return Verdict(TIMEOUT, self.name, time_limit, detail="timeout")


def test_fake_prover_timeout_drops_nothing_and_answers_timeout():
    truth = truth_from_text(TEXT)
    program = read_program("mammal(X) :- cat(X).\ncat(tom).\n?- mammal(tom).\n", "p.pl",
                           vocab_hint=truth.vocab)
    report = analyse(program, truth, "full", _FakeTimeoutProver(), unsafe_fixes=True)
    assert [d.code for d in report.diagnostics] == []           # no D000, no O001
    assert report.fixed_program() == program.text
    assert report.answer["open_world"] == "Timeout"
    assert report.answer["closed_world"] == "True"
    assert {u["status"] for u in report.undecided} == {"Timeout"}
    assert len(report.undecided) == 2 + 2                       # two clauses, two sentences


def test_real_verdicts_still_drop_what_the_text_refutes():
    truth = truth_from_text(TEXT)
    program = read_program("mammal(X) :- cat(X).\ncat(tom).\ndog(tom).\n?- mammal(tom).\n",
                           "p.pl", vocab_hint=truth.vocab)
    report = analyse(program, truth, "full", Z3Prover(), unsafe_fixes=True)
    assert [(d.code, d.span.line) for d in report.diagnostics] == [("D000", 3)]
    assert report.undecided == [] and report.answer["open_world"] == "True"


def test_closed_world_query_with_a_variable_is_existential():
    assert sedac.ask("cat(tom).\n?- cat(X).\n") == {
        "query": "∃X cat(X)", "open_world": "True", "closed_world": "True"}
    assert sedac.ask("cat(tom).\n?- dog(X).\n")["closed_world"] == "False"


def test_closed_world_undefined_under_the_well_founded_semantics():
    got = sedac.ask("p(X) :- q(X), \\+ p(X).\nq(a).\n?- p(a).\n")
    assert got["closed_world"] == "Undefined"
    # negation that is not circular still answers True or False
    assert sedac.ask("a(X) :- b(X), \\+ c(X).\nb(x).\n?- a(x).\n")["closed_world"] == "True"


def test_closed_world_inference_limit_is_timeout_not_false(monkeypatch):
    program = "".join(f"p{i + 1}(X) :- p{i}(X).\n" for i in range(200)) + "p0(a).\n?- p200(a).\n"
    assert sedac.ask(program)["closed_world"] == "True"
    monkeypatch.setattr(closed_world, "INFERENCE_LIMIT", 50)
    monkeypatch.setattr(closed_world, "PER_CLAUSE", 0)    # the budget's share per clause too
    assert sedac.ask(program)["closed_world"] == "Timeout"


def _cli(*args, cwd):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "sedac", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_ask_lists_its_fixes_warns_and_raw_answers_as_written(tmp_path):
    import json
    from pathlib import Path
    examples = Path(__file__).resolve().parents[1] / "examples"
    (tmp_path / "wren.pl").write_text((examples / "wren.pl").read_text())
    (tmp_path / "wren.txt").write_text((examples / "wren.txt").read_text())
    r = _cli("ask", "wren.pl", "--nl", "wren.txt", cwd=tmp_path)
    assert "fixed wren.pl:2: D1 " in r.stdout and "fixed wren.pl:4: D000 " in r.stdout
    assert r.stdout.splitlines()[-2:] == ["open world:   True", "closed world: True"]
    r = _cli("ask", "wren.pl", "--raw", "--output-format", "json", cwd=tmp_path)
    assert json.loads(r.stdout) == {"query": "fruity(wren)", "open_world": "Unknown",
                                    "closed_world": "False"}
    (tmp_path / "moon.txt").write_text("Each integer is not fruity. The moon is made of cheese. "
                                       "Wren is an integer.\nTrue or false: Wren is not fruity.\n")
    r = _cli("ask", "wren.pl", "--nl", "moon.txt", "--output-format", "json", cwd=tmp_path)
    assert "moon.txt:1: warning: sentence 2 not understood" in r.stderr
    got = json.loads(r.stdout)
    assert got["unparsed"][0]["text"] == "The moon is made of cheese."
    # a sentence sedac did not understand is no evidence: nothing is dropped as "not in the text"
    assert not [f for f in got["fixes"] if f["code"] == "D000"]


def test_closed_world_asks_universal_and_implication_questions_as_prolog_can():
    from sedac.closed_world import ask_closed
    from sedac.readers.tptp import parse_formula as f
    axioms = [f("wumpus(max)"), f("! [X] : (wumpus(X) => ~ hot(X))"), f("dull(wren)")]
    assert ask_closed(axioms, f("! [X] : (wumpus(X) => ~ hot(X))")) == "True"     # forall/2
    assert ask_closed(axioms, f("! [X] : (wumpus(X) => hot(X))")) == "False"
    assert ask_closed(axioms, f("dull(wren) => $false")) == "False"               # \+ dull(wren)
    assert ask_closed(axioms, f("dull(max) => $false")) == "True"
