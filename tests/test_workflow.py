"""Linter habits: noqa suppression, `sedac rule CODE`, repeated --select."""
from __future__ import annotations

import json
import subprocess
import sys

import sedac


def sedac_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "sedac", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


PROGRAM = ("cat(tom). dog(rex).\nmammal(X) :- cats(X).   % noqa: R5\nmammal(X) :- dogs(X).\n"
           "fish(X) :- cat(X). % noqa\n:- dynamic dogs/1.\n?- mammal(tom).\n")


def test_noqa_silences_its_line_its_fix_is_not_made_and_unused_ones_are_reported():
    report = sedac.check(PROGRAM, path="p.pl")
    assert [(d.code, d.span.line) for d in report.diagnostics] == [("E008", 1), ("R5", 3)]
    assert report.noqa == {"used": [2], "unused": [4]}
    fixed = report.fixed_program()
    assert "mammal(X) :- cats(X).   % noqa: R5" in fixed       # silenced: not rewritten
    assert "mammal(X) :- dog(X)." in fixed and "cats/1" in fixed.splitlines()[0]
    everything = sedac.check(PROGRAM.replace("% noqa: R5", "% noqa: shallow-semantic"), path="p.pl")
    assert [d.code for d in everything.diagnostics] == ["E008", "R5"]


def test_noqa_in_the_line_formats():
    report = sedac.check("Facts:\nCats(Tom, True) # noqa: R6\nQuery:\nCat(Tom, True)\n", path="p.pyke")
    assert report.diagnostics == [] and report.noqa == {"used": [2], "unused": []}
    assert report.answer["open_world"] == "Unknown"     # `cats(tom)` as written says nothing of cat


def test_rule_prints_its_documentation(tmp_path):
    r = sedac_cli("rule", "R5", cwd=tmp_path)
    assert r.returncode == 0
    assert r.stdout.splitlines()[:3] == ["R5 (plural-noun-body)", "category: shallow-semantic",
                                         "fix: safe (applied by --fix)"]
    assert "Anti-pattern:" in r.stdout and "Best practice:" in r.stdout
    r = sedac_cli("rule", "e008", cwd=tmp_path)
    assert r.returncode == 0 and "dynamic" in r.stdout
    r = sedac_cli("rule", "X9", cwd=tmp_path)
    assert r.returncode == 2 and "unknown code" in r.stderr


def test_repeated_select_adds_up(tmp_path):
    (tmp_path / "p.pl").write_text("cats(tom).\nmammal(X) :- cats(X).\n?- mammal(tom).\n")
    r = sedac_cli("check", "p.pl", "--select", "R5", "--select", "R6", "--output-format", "json",
                  cwd=tmp_path)
    assert sorted(d["code"] for d in json.loads(r.stdout)["files"][0]["diagnostics"]) == ["R5", "R6"]
    r = sedac_cli("check", "p.pl", "--select", "R5,R6", "--ignore", "R6", "--output-format", "json",
                  cwd=tmp_path)
    assert [d["code"] for d in json.loads(r.stdout)["files"][0]["diagnostics"]] == ["R5"]


def test_check_a_folder_recurses_pairs_texts_and_excludes(tmp_path):
    from sedac.corpus import read_corpus
    from .conftest import corpus
    problems = read_corpus(corpus("prolog-llm/think-then-code.jsonl"))[:20]
    for k, p in enumerate(problems):
        folder = tmp_path / "runs" / f"batch{k % 3}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{p.id}.pl").write_text(p.program)
        (folder / f"{p.id}.txt").write_text(p.text)
    (tmp_path / "runs" / "old").mkdir()
    (tmp_path / "runs" / "old" / "junk.pl").write_text("not a program at all\n")
    (tmp_path / "runs" / "notes.md").write_text("# notes\n")
    import time
    start = time.perf_counter()
    r = sedac_cli("check", "runs", "--exclude", "old", "--output-format", "json", "--exit-zero",
                  cwd=tmp_path)
    seconds = time.perf_counter() - start
    files = json.loads(r.stdout)["files"]
    assert r.returncode == 0, r.stderr
    assert len(files) == 20 and {f["mode"] for f in files} == {"full"}      # each with its text
    assert all(f["answer"]["open_world"] == p.answer for f, p in
               zip(sorted(files, key=lambda f: f["path"].rsplit("/", 1)[1]),
                   sorted(problems, key=lambda p: f"{p.id}.pl")))
    assert seconds < 30, seconds                      # one process: about 2 s here
    r = sedac_cli("check", "runs", cwd=tmp_path)
    assert r.returncode == 2 and "junk.pl" in r.stderr


def test_show_fixes_quiet_and_the_answer_version(tmp_path):
    (tmp_path / "p.pl").write_text("cat(tom).\nmammal(X) :- cats(X).\n?- mammal(tom).\n")
    r = sedac_cli("check", "p.pl", "--show-fixes", cwd=tmp_path)
    assert "    fix (safe): mammal(X) :- cat(X)." in r.stdout
    assert "closed world True, forward True (after safe fixes)" in r.stdout
    r = sedac_cli("check", "p.pl", "--quiet", cwd=tmp_path)
    assert r.stdout.splitlines() == [
        "p.pl:2:1: R5 [shallow-semantic] plural noun body: `∀X (cats(X) → mammal(X))` means "
        "`∀X (cat(X) → mammal(X))` [*]"]
    r = sedac_cli("check", "p.pl", "--fix", "--show-fixes", cwd=tmp_path)
    assert "Fixed 1 diagnostic:" in r.stdout and "- p.pl: 1 x R5" in r.stdout
    r = sedac_cli("check", "p.pl", "--mode", "syntax", cwd=tmp_path)
    assert "(after syntax repairs)" in r.stdout


def test_settings_are_found_from_each_files_folder_upwards(tmp_path):
    program = "cats(tom).\nmammal(X) :- cats(X).\n?- mammal(tom).\n"
    (tmp_path / "a" / "deep").mkdir(parents=True)
    (tmp_path / "b").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "a" / "sedac.toml").write_text('ignore = ["R6"]\n')
    (tmp_path / "b" / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.sedac]\n'
                                                   'select = ["R6"]\n')
    (tmp_path / "a" / "deep" / "p.pl").write_text(program)
    (tmp_path / "b" / "p.pl").write_text(program)
    r = sedac_cli("check", "../a/deep/p.pl", "../b/p.pl", "--output-format", "json",
                  cwd=tmp_path / "elsewhere")
    got = {f["path"]: sorted(d["code"] for d in f["diagnostics"]) for f in json.loads(r.stdout)["files"]}
    assert got == {"../a/deep/p.pl": ["R5"], "../b/p.pl": ["R6"]}
    r = sedac_cli("check", "../a/deep/p.pl", "--ignore", "R5", "--output-format", "json",
                  cwd=tmp_path / "elsewhere")              # a flag wins over the file
    assert [d["code"] for d in json.loads(r.stdout)["files"][0]["diagnostics"]] == ["R6"]


def test_terminal_output_has_colour_and_snippets_and_piped_output_is_plain(tmp_path):
    from sedac.render.text import render
    report = sedac.check("cat(tom).\nmammal(X) :- cats(X).\n?- mammal(tom).\n", path="p.pl")
    lines = render([report], color=False, snippets=True).splitlines()
    at = lines.index("p.pl:2:1: R5 [shallow-semantic] plural noun body: `∀X (cats(X) → mammal(X))` "
                     "means `∀X (cat(X) → mammal(X))` [*]")
    assert lines[at + 1:at + 4] == ["   |", " 2 | mammal(X) :- cats(X).", "   | " + "^" * 21]
    assert "\033[" in render([report], color=True, snippets=True)
    (tmp_path / "p.pl").write_text(report.program.text)
    r = sedac_cli("check", "p.pl", cwd=tmp_path)       # a pipe: no colour, no snippet
    assert "\033[" not in r.stdout and " | " not in r.stdout


def test_hidden_fix_count_is_what_unsafe_fixes_applies(tmp_path):
    from pathlib import Path
    import re
    examples = Path(__file__).resolve().parents[1] / "examples"
    for name in ("wren", "alex"):
        (tmp_path / f"{name}.pl").write_text((examples / f"{name}.pl").read_text())
        (tmp_path / f"{name}.txt").write_text((examples / f"{name}.txt").read_text())
        r = sedac_cli("check", f"{name}.pl", "--nl", f"{name}.txt", cwd=tmp_path)
        hidden = int(re.search(r"(\d+) hidden fix", r.stdout).group(1))
        safe = json.loads(sedac_cli("check", f"{name}.pl", "--nl", f"{name}.txt", "--output-format",
                                    "json", cwd=tmp_path).stdout)["files"][0]["diagnostics"]
        unsafe = json.loads(sedac_cli("check", f"{name}.pl", "--nl", f"{name}.txt", "--unsafe-fixes",
                                      "--output-format", "json", cwd=tmp_path).stdout)["files"][0]["diagnostics"]
        done = lambda ds: sum(d["status"] in ("fixed", "dropped") for d in ds)  # noqa: E731
        assert hidden == done(unsafe) - done(safe) > 0, name
