"""The command line as users and CI call it: output formats, exit codes, fixes, bad input."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def sedac(*args, cwd=None, stdin=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, input=stdin, timeout=timeout)


@pytest.fixture
def wren(tmp_path):
    for name in ("wren.pl", "wren.txt", "alex.pl", "alex.txt"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def test_check_json_syntax_mode_on_design_programs(wren):
    r = sedac("check", "wren.pl", "alex.pl", "--mode", "syntax", "--output-format", "json", cwd=wren)
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    assert doc["version"] == 1 and len(doc["files"]) == 2
    by_file = {f["path"]: f for f in doc["files"]}
    w = [(d["line"], d["code"], d["category"]) for d in by_file["wren.pl"]["diagnostics"]]
    assert w == [(1, "K001", "knowledge"), (2, "E008", "other-syntax"), (2, "Y009", "symbol"),
                 (3, "Y009", "symbol"), (4, "Y009", "symbol")]
    a = [(d["line"], d["code"], d["category"]) for d in by_file["alex.pl"]["diagnostics"]]
    assert a == [(1, "K002", "knowledge"), (2, "E008", "other-syntax"), (4, "Y009", "symbol"),
                 (7, "Y009", "symbol"), (8, "Y009", "symbol"), (9, "Y009", "symbol"),
                 (11, "K001", "knowledge"), (13, "N001", "natural-language")]
    for f in doc["files"]:
        assert f["mode"] == "syntax" and f["lang"] == "prolog"
        for d in f["diagnostics"]:
            assert set(d) == {"code", "category", "message", "line", "column", "end_line",
                              "end_column", "status", "fix", "evidence"}
    assert doc["statistics"]["knowledge"] == 3 and doc["statistics"]["natural-language"] == 1
    assert by_file["alex.pl"]["answer"]["query"] == "large(alex)"


def test_fix_diff_shows_syntax_repairs_and_writes_nothing(wren):
    before = (wren / "alex.pl").read_text()
    r = sedac("check", "alex.pl", "--mode", "syntax", "--fix", "--diff", cwd=wren)
    assert r.returncode == 1
    assert "-alex is large." in r.stdout and "+?- large(alex)." in r.stdout
    assert "+% composite(X) :- number(X), \\+prime(X)." in r.stdout
    assert (wren / "alex.pl").read_text() == before


def test_fix_writes_atomically_and_is_idempotent(wren):
    os.chmod(wren / "wren.pl", 0o640)
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--fix", "--unsafe-fixes", cwd=wren)
    fixed = (wren / "wren.pl").read_text()
    assert "neg_fruity(X) :- is_integer(X)." in fixed and "brown(X) :- negative_number(X)." in fixed
    assert "?- \\+fruity(wren)." in fixed
    assert oct((wren / "wren.pl").stat().st_mode & 0o777) == oct(0o640)
    assert not list(wren.glob("*.sedac-tmp"))
    assert r.returncode == 0, r.stdout      # everything found was fixed by --fix
    assert "Found 9 diagnostics (9 fixed, 0 remaining)." in r.stdout
    r2 = sedac("check", "wren.pl", "--nl", "wren.txt", "--fix", "--unsafe-fixes", cwd=wren)
    assert (wren / "wren.pl").read_text() == fixed
    assert r2.returncode == 0 and "All checks passed!" in r2.stdout
    # without --unsafe-fixes the deep errors of the original stay: exit 1
    shutil.copy(EXAMPLES / "wren.pl", wren / "again.pl")
    r4 = sedac("check", "again.pl", "--nl", "wren.txt", "--fix", cwd=wren)
    assert r4.returncode == 1 and "hidden fixes" in r4.stdout
    # the fixed program loads in SWI-Prolog and answers the question
    r3 = sedac("ask", "wren.pl", "--output-format", "json", cwd=wren)
    assert json.loads(r3.stdout) == {"query": "¬fruity(wren)", "open_world": "True",
                                     "closed_world": "True"}


def test_sarif_shape(wren):
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--output-format", "sarif", cwd=wren)
    doc = json.loads(r.stdout)
    assert doc["version"] == "2.1.0" and doc["$schema"].endswith("sarif-2.1.0.json")
    run = doc["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "sedac" and driver["rules"]
    ids = [rule["id"] for rule in driver["rules"]]
    assert len(ids) == len(set(ids))
    assert run["results"]
    for res in run["results"]:
        assert res["ruleId"] in ids and ids[res["ruleIndex"]] == res["ruleId"]
        assert res["level"] in ("error", "warning", "note")
        assert res["message"]["text"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"] == "wren.pl"
        region = loc["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert region["endLine"] >= region["startLine"]


def test_github_annotations(wren):
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--output-format", "github", cwd=wren)
    lines = r.stdout.splitlines()
    assert lines and all(l.startswith(("::error file=wren.pl,line=", "::warning file=wren.pl,line="))
                         for l in lines)
    assert any("title=D1 deep-semantic::D1 negate conclusion" in l for l in lines)


def test_select_ignore_statistics_exit_zero_and_output_file(wren):
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--select", "R,deep-semantic",
              "--output-format", "json", cwd=wren)
    got = sorted(d["code"] for d in json.loads(r.stdout)["files"][0]["diagnostics"])
    assert got == ["D000", "D1", "R4"]
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--ignore", "omission,Q,K,D,R,Y,E",
              "--exit-zero", "--statistics", cwd=wren)
    assert r.returncode == 0 and "All checks passed!" in r.stdout
    r = sedac("check", "wren.pl", "--statistics", "--output-file", "out.txt", cwd=wren)
    assert r.stdout == "" and "R4" in (wren / "out.txt").read_text()
    r = sedac("check", "wren.pl", "--select", "X9", cwd=wren)
    assert r.returncode == 2 and "unknown code" in r.stderr


def test_rules_lists_every_code():
    r = sedac("rules")
    assert r.returncode == 0
    for code in ["R1", "R9", "D1", "D3", "D000", "K001", "N001", "C001", "Y001", "O001", "Q001"]:
        assert any(line.startswith(code + " ") for line in r.stdout.splitlines())


@pytest.mark.parametrize("name,content,reason", [
    ("missing.pl", None, "no such file"),
    ("binary.pl", b"\x00\x01\x02ELF", "binary data"),
    ("latin1.pl", "caf\xe9(x).\n".encode("latin-1"), "not UTF-8"),
])
def test_unreadable_input_is_one_line_and_exit_2(tmp_path, name, content, reason):
    if content is not None:
        (tmp_path / name).write_bytes(content)
    r = sedac("check", name, cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and name in r.stderr and reason in r.stderr
    assert "Traceback" not in r.stderr


def test_directory_empty_big_and_deep_inputs(tmp_path):
    (tmp_path / "dir").mkdir()
    r = sedac("check", "dir", cwd=tmp_path)
    assert r.returncode == 2 and "directory" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "empty.pl").write_text("")
    r = sedac("check", "empty.pl", cwd=tmp_path)
    assert r.returncode == 0 and "All checks passed!" in r.stdout
    (tmp_path / "big.pl").write_text("cat(tom). dog(X) :- cat(X).\n" * 380000)  # ~10 MB
    # (760,000 clauses: about 2 minutes alone, more on a shared machine; the bound is for a hang)
    r = sedac("check", "big.pl", "--mode", "syntax", "--output-format", "json", cwd=tmp_path,
              timeout=1200)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    (tmp_path / "deep.pl").write_text("p(" * 10000 + "a" + ")" * 10000 + ".\nq(b).\n")
    r = sedac("check", "deep.pl", "--output-format", "json", cwd=tmp_path)
    diags = json.loads(r.stdout)["files"][0]["diagnostics"]
    assert r.returncode == 1 and diags[0]["code"] == "E002" and diags[0]["line"] == 1
    (tmp_path / "quote.pl").write_text("p('unterminated).\nq(a).\n")
    r = sedac("check", "quote.pl", "--output-format", "json", cwd=tmp_path)
    doc = json.loads(r.stdout)["files"][0]
    assert r.returncode == 1 and doc["diagnostics"][0]["code"] == "E001"


def test_bad_problem_text_and_truth_file(wren):
    (wren / "bad.txt").write_bytes(b"\xff\xfe")
    r = sedac("check", "wren.pl", "--nl", "bad.txt", cwd=wren)
    assert r.returncode == 2 and "bad.txt" in r.stderr and "UTF-8" in r.stderr
    (wren / "bad.p").write_text("fof(a, axiom, p(a).\n")
    r = sedac("check", "wren.pl", "--truth", "bad.p", cwd=wren)
    assert r.returncode == 2 and "bad.p:1" in r.stderr
    r = sedac("check", "wren.pl", "--mode", "full", cwd=wren)
    assert r.returncode == 2 and "--nl" in r.stderr


def test_truth_file_as_ground_truth(wren):
    (wren / "truth.p").write_text(
        "fof(s1, axiom, ! [X] : (integer(X) => ~ fruity(X))).\n"
        "fof(s2, axiom, ! [X] : (negative_number(X) => brown(X))).\n"
        "fof(s3, axiom, integer(wren)).\nfof(q, conjecture, ~ fruity(wren)).\n")
    r = sedac("check", "wren.pl", "--truth", "truth.p", "--output-format", "json", cwd=wren)
    f = json.loads(r.stdout)["files"][0]
    assert f["mode"] == "full"
    assert {d["code"] for d in f["diagnostics"]} >= {"D1", "D000", "Q002"}


def test_nl2fol_and_prove(wren):
    r = sedac("nl2fol", "wren.txt", cwd=wren)
    assert r.returncode == 0
    assert "fof(s1, axiom, ! [X] : (integer(X) => ~ fruity(X)))." in r.stdout
    assert "fof(question, conjecture, ~ fruity(wren))." in r.stdout
    (wren / "q.p").write_text(r.stdout)
    for prover in ("z3", "eprover"):
        p = sedac("prove", "q.p", "--prover", prover, cwd=wren)
        assert p.stdout.splitlines()[0] == "% SZS status Theorem for q", p.stdout + p.stderr
    j = json.loads(sedac("nl2fol", "wren.txt", "--output-format", "json", cwd=wren).stdout)
    assert [s["index"] for s in j["sentences"]] == [1, 2, 3, 4]
    assert j["sentences"][3]["kind"] == "question"
    (wren / "cs.p").write_text("fof(a, axiom, cat(tom)).\nfof(g, conjecture, dog(tom)).\n")
    p = sedac("prove", "cs.p", cwd=wren)
    assert p.stdout.startswith("% SZS status CounterSatisfiable for cs")
    assert "countermodel: tom is cat" in p.stdout


def test_ask_closed_and_open(wren):
    (wren / "p.pl").write_text("cat(tom).\n\\+blue(X) :- cat(X).\nloop(X) :- loop2(X).\n"
                               "loop2(X) :- loop(X).\n?- blue(tom).\n")
    r = sedac("ask", "p.pl", "--output-format", "json", cwd=wren)
    got = json.loads(r.stdout)
    assert {k: got[k] for k in ("query", "open_world", "closed_world")} == {
        "query": "blue(tom)", "open_world": "False", "closed_world": "False"}
    assert [f["code"] for f in got["fixes"]] == ["E008", "Y005"]   # what the answer rests on
    r = sedac("ask", "p.pl", "--query", "loop(tom)", "--semantics", "closed", cwd=wren)
    assert r.returncode == 0 and "closed world: False" in r.stdout


def test_json_output_validates_against_the_contract_schema(wren, tmp_path):
    import jsonschema
    schema = json.loads((Path(__file__).parent / "data" / "check.schema.json").read_text())
    import sedac.corpus as c
    from .conftest import corpus
    llm = c.read_corpus(corpus("open-llm-fol/ProntoQA_dev_Llama-2-7b.json"))[:5]
    for i, p in enumerate(llm):
        (wren / f"l{i}.fol").write_text(p.program)
    files = ["wren.pl", "alex.pl"] + [f"l{i}.fol" for i in range(5)]
    for extra in ([], ["--nl", "wren.txt"], ["--mode", "syntax"], ["--unsafe-fixes", "--nl", "alex.txt"]):
        r = sedac("check", *files, "--output-format", "json", *extra, cwd=wren)
        jsonschema.validate(json.loads(r.stdout), schema)


def test_export_tptp_reproduces_verdicts_with_e(wren):
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--export-tptp", "tptp", cwd=wren)
    assert r.returncode == 1
    problems = sorted((wren / "tptp").glob("*.p"))
    assert {p.name.split("-")[2] for p in problems} == {"D1", "D000"}
    for p in problems:
        expected = p.read_text().splitlines()[1].split()[-1]
        out = sedac("prove", str(p), "--prover", "eprover", cwd=wren).stdout.splitlines()[0]
        assert out.split()[3] == expected


def test_pyproject_settings_and_flags_override_them(wren):
    (wren / "pyproject.toml").write_text('[tool.sedac]\nignore = ["K", "omission", "Y", "E"]\n'
                                         'output-format = "json"\n')
    r = sedac("check", "wren.pl", "--nl", "wren.txt", cwd=wren)
    codes = sorted(d["code"] for d in json.loads(r.stdout)["files"][0]["diagnostics"])
    assert codes == ["D000", "D1", "Q002", "R4"]
    r = sedac("check", "wren.pl", "--nl", "wren.txt", "--output-format", "text", "--ignore", "D",
              cwd=wren)
    assert "K001" in r.stdout and "D1 " not in r.stdout
    (wren / "pyproject.toml").write_text('[tool.sedac]\nselct = ["R"]\n')
    r = sedac("check", "wren.pl", cwd=wren)
    assert r.returncode == 2 and "unknown setting `selct`" in r.stderr
