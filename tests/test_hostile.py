"""Hostile and oversized input, generated here (nothing large is stored): one bad file never
stops a run, user files are written only where they should be, deep input is read, and
text processing stays linear."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from sedac.readers import detect, not_a_program
from sedac.readers.markdown import line_roles
from sedac.readers.prolog import _split_clauses
from sedac.vocab import sentences


def sedac(*args, cwd, timeout=300):
    return subprocess.run([sys.executable, "-m", "sedac", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


GOOD = "cat(tom).\nmammal(X) :- cat(X).\n?- mammal(tom).\n"


def test_one_bad_file_among_many_is_reported_and_the_others_are_checked(tmp_path):
    (tmp_path / "a.pl").write_text(GOOD)
    (tmp_path / "late.pl").write_bytes(b"cat(tom).\n" * 1000 + b"\x00dog(rex).\n")
    (tmp_path / "latin.pl").write_bytes("caf\xe9(x).\n".encode("latin-1"))
    (tmp_path / "b.pl").write_text(GOOD.replace("cat(X)", "cats(X)"))
    r = sedac("check", "a.pl", "late.pl", "missing.pl", "latin.pl", "b.pl", "--output-format", "json",
              cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "late.pl:1001: binary data" in r.stderr and "missing.pl: no such file" in r.stderr
    assert "latin.pl:1: not UTF-8" in r.stderr and "3 of 5 files could not be checked" in r.stderr
    files = json.loads(r.stdout)["files"]
    assert [f["path"] for f in files] == ["a.pl", "b.pl"]
    assert [d["code"] for d in files[1]["diagnostics"]] == ["R5"]


def test_fix_through_a_symbolic_link_fixes_its_target(tmp_path):
    (tmp_path / "real.pl").write_text(GOOD.replace("cat(X)", "cats(X)"))
    os.symlink("real.pl", tmp_path / "link.pl")
    r = sedac("check", "link.pl", "--fix", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert os.path.islink(tmp_path / "link.pl")
    assert (tmp_path / "real.pl").read_text() == GOOD


def test_output_paths_that_would_destroy_inputs_or_are_files(tmp_path):
    (tmp_path / "p.pl").write_text(GOOD)
    (tmp_path / "t.txt").write_text("Tom is a cat. Every cat is a mammal.\nTrue or false: Tom is a mammal.")
    for target in ("p.pl", "t.txt"):
        r = sedac("check", "p.pl", "--nl", "t.txt", "--output-file", target, cwd=tmp_path)
        assert r.returncode == 2 and "names an input file" in r.stderr
    assert (tmp_path / "p.pl").read_text() == GOOD
    (tmp_path / "afile").write_text("x")
    r = sedac("check", "p.pl", "--nl", "t.txt", "--export-tptp", "afile", cwd=tmp_path)
    assert r.returncode == 2 and "not a folder" in r.stderr and "Traceback" not in r.stderr
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "1", "context": "Tom is a cat.", "query": "True or false: Tom is a cat.",
                                  "answer": "True", "raw_output": "cat(tom).\n?- cat(tom).\n"}) + "\n")
    r = sedac("eval", "c.jsonl", "--out", "afile", cwd=tmp_path)
    assert r.returncode == 2 and "not a folder" in r.stderr and "Traceback" not in r.stderr


def test_long_bodies_and_deep_negations_are_read_not_rejected(tmp_path):
    body = ", ".join(f"p{i}(X)" for i in range(500))
    text = (f"q(X) :- {body}.\n" + "r(a) :- " + "\\+ " * 1000 + "p(a).\n"
            + "s(a) :- " + "\\+(" * 1000 + "p(a)" + ")" * 1000 + ".\n" + "p0(a).\n?- q(a).\n")
    (tmp_path / "deep.pl").write_text(text)
    r = sedac("check", "deep.pl", "--output-format", "json", cwd=tmp_path)
    assert "Traceback" not in r.stderr and r.returncode in (0, 1), r.stderr
    doc = json.loads(r.stdout)["files"][0]
    assert not [d for d in doc["diagnostics"] if d["code"] in ("E001", "E002")]
    assert doc["answer"]["open_world"] == "Unknown"


ADVERSARIAL = [
    "x" * 200_000 + ".y",
    "(" * 100_000 + ")" * 100_000 + ".y",
    "a." * 100_000,
    " " * 200_000 + ".",
    "Every " * 40_000 + "cat.",
    "```" + "prolog\n" * 50_000,
    "% " + ">>> " * 50_000 + "\n" + "p(" + "a, " * 60_000 + "b).\n",
]


@pytest.mark.parametrize("k", range(len(ADVERSARIAL)))
def test_text_processing_is_linear_on_adversarial_input(k):
    text = ADVERSARIAL[k]
    start = time.process_time()     # this process's CPU: a shared machine's queue is not ours
    sentences(text)
    _split_clauses(text)
    detect(text)
    not_a_program(text)
    line_roles(text)
    assert time.process_time() - start < 5.0


def test_check_of_adversarial_files_ends_quickly(tmp_path):
    (tmp_path / "adv.txt").write_text("Every cat is a dog. " + "(" * 100_000 + ")" * 100_000
                                      + ".y Tom is a cat.\nTrue or false: Tom is a dog.\n")
    (tmp_path / "adv.pl").write_text("cat(tom).\n" + "x" * 100_000 + ".y\n" + "% " + ">>> " * 30_000
                                     + "\n?- cat(tom).\n")
    start = time.perf_counter()
    r = sedac("check", "adv.pl", "--nl", "adv.txt", cwd=tmp_path)
    assert r.returncode in (0, 1) and "Traceback" not in r.stderr
    assert time.perf_counter() - start < 60


LINE_FORMATS = [
    ("pyke", "Facts:\n" + "Cat(" + "a, " * 60_000 + "b, True)\n"),
    ("pyke", "Rules:\n" + "Cat($x, True) && " * 20_000 + ">>> Dog($x, True)\n"),
    ("pyke", "Facts:\n" + "x" * 200_000 + "\n"),
    ("fol", "Premises:\n" + "∀x (" * 3_000 + "Cat(x)" + ")" * 3_000 + "\n"),
    ("fol", "Premises:\n" + "Cat(x) ∧ " * 30_000 + "Dog(x) ::: " + "a " * 50_000 + "\n"),
    ("fol", "Premises:\n" + "(" * 100_000 + "\n"),
    ("tptp", "fof(a, axiom, " + "~ " * 50_000 + "p).\n"),
    ("pyke", "Facts:\n" + "Likes(a, not " * 30_000 + "\n"),
    ("pyke", "Facts:\n" + "P(x) = " * 30_000 + "\n"),
    ("linc", "FOL:\t" + "-" * 100_000 + "P(a)\n"),
    ("linc", "TEXT:\t" + "a " * 100_000 + "\nFOL:\t" + "all x. " * 20_000 + "P(x)\n"),
    ("prover9", "formulas(assumptions).\n" + "p(a) & " * 30_000 + "q(b).\nend_of_list.\n"),
    ("prover9", "formulas(assumptions).\n" + "x" * 200_000 + "\n"),
]


@pytest.mark.parametrize("k", range(len(LINE_FORMATS)))
def test_every_reader_is_linear_on_adversarial_lines(k):
    from sedac.readers import read_program
    lang, text = LINE_FORMATS[k]
    start = time.process_time()     # this process's CPU: a shared machine's queue is not ours
    read_program(text, "x", lang)
    assert time.process_time() - start < 10.0
