"""Reports a paper can use, and sedac in a repository of translations: summary metadata,
stats.csv, `eval --compare --format`, figures, the HTML report, and the pre-commit hook."""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest


from .conftest import own_records

ROOT = Path(__file__).resolve().parents[1]
PW, PQ = "proofwriter_own", "injected"     # the corpus names the summaries use


def sedac(*args, cwd=None, timeout=600):
    return subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=timeout)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One eval of two of the project's own corpora (30 problems each: ProofWriter problems
    with right Pyke translations, PrOntoQA problems with programs with injected errors),
    with the HTML report and SVG figures."""
    tmp = tmp_path_factory.mktemp("eval")
    records = own_records("proofwriter/relations-d1.json") + own_records("proofwriter/attributes-d4.json")
    (tmp / f"{PW}.json").write_text(json.dumps(records))
    out = tmp / "out"
    r = sedac("eval", tmp / f"{PW}.json", ROOT / "corpora" / "prontoqa" / f"{PQ}.jsonl",
              "--limit", "30", "--jobs", "2", "--out", out, "--html", "--figure-format", "svg")
    assert r.returncode == 0, r.stderr
    return out


def test_summary_records_how_it_was_made_and_each_corpus_apart(run):
    s = json.loads((run / "summary.json").read_text())
    assert s["sedac_version"] and s["prover"] == "auto" and s["date"].endswith("Z")
    assert s["semantics"] == ["open_world", "closed_world", "forward"]
    assert [Path(c).name for c in s["corpus"]] == [f"{PW}.json", f"{PQ}.jsonl"]
    parts = s["by_corpus"]
    assert set(parts) == {PW, PQ}
    assert sum(p["problems"] for p in parts.values()) == s["problems"] == 60
    for name, part in parts.items():
        own = json.loads((run / name / "summary.json").read_text())
        assert own["problems"] == 30 and [Path(c).stem for c in own["corpus"]] == [name]
        assert own["conditions"] == part["conditions"]
        assert len((run / name / "results.jsonl").read_text().splitlines()) == 30


def test_stats_csv_has_source_and_correctness_per_condition_and_semantics(run):
    rows = list(csv.DictReader(io.StringIO((run / "stats.csv").read_text())))
    assert len(rows) == 60
    assert {r["source"] for r in rows} == {PW, PQ}
    results = [json.loads(l) for l in (run / "results.jsonl").read_text().splitlines()]
    for row, rec in zip(rows, results):
        assert row["id"] == rec["id"]
        for c in ("raw", "syntax", "partial", "full"):
            for w in ("open_world", "closed_world", "forward"):
                assert row[f"{c}_{w}"] == str(int(rec["correct"][c][w]))
        assert int(row["deep-semantic"]) == rec["errors"]["deep-semantic"]


def test_figures_are_vector_and_name_their_corpus(run):
    for name in ("errors_by_category", "category_correlation", "accuracy_by_condition"):
        svg = (run / f"{name}.svg").read_text()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg
        own = (run / PQ / f"{name}.svg").read_text()
        assert PQ in own       # the title names the corpus
    # a category that never occurs is blank (NaN), not a perfect 1.00 with itself
    from sedac.plots import _correlation
    m = _correlation([[0, 1, 0, 0, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 3, 0, 0, 0]])
    assert m[0][0] != m[0][0] and abs(m[1][1] - 1.0) < 1e-9


SUMMARY = {"problems": 10, "failed": 0, "instances_with_errors": 3,
           "conditions": {c: {"open_world": {"accuracy": 0.5}, "closed_world": {"accuracy": 0.4},
                              "forward": {"accuracy": 0.6}} for c in ("raw", "syntax", "partial", "full")},
           "errors": {c: 1 for c in ("symbol", "natural-language", "communication", "knowledge",
                                     "other-syntax", "shallow-semantic", "deep-semantic",
                                     "omission", "query")},
           "full_wrong": {"problems": 4, "explained": 4, "missing_sentences": {"absent from the program": 5}},
           "full_wrong_forward": {"problems": 3, "explained": 3, "missing_sentences": {}}}


@pytest.mark.parametrize("fmt, marks", [
    ("text", ["Answer accuracy (open world / closed world / forward)", "0.500 / 0.400 / 0.600",
              "wrong after full SEDAC", "needed sentences absent from the program"]),
    ("markdown", ["| condition | m1 | m2 |", "|---|---|---|", "| raw | 0.500 / 0.400 / 0.600 |"]),
    ("latex", ["\\begin{tabular}{lrr}", "raw & 0.500 / 0.400 / 0.600 & 0.500 / 0.400 / 0.600 \\\\",
               "shallow-semantic & 10.0"]),
    ("csv", ["table,condition,m1,m2", "Errors per 100 problems,deep-semantic,10.0,10.0"]),
])
def test_compare_formats(tmp_path, fmt, marks):
    for name in ("m1", "m2"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "summary.json").write_text(json.dumps(SUMMARY))
    r = sedac("eval", "--format", fmt, "--figure", tmp_path / "models.pdf",
              "--compare", tmp_path / "m1", tmp_path / "m2")
    assert r.returncode == 0, r.stderr
    for m in marks:
        assert m in r.stdout, (m, r.stdout)
    assert (tmp_path / "models.pdf").read_bytes()[:5] == b"%PDF-"
    if fmt == "csv":
        assert all(len(row) == 4 for row in csv.reader(io.StringIO(r.stdout)))


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.imgs, self.rows = [], [], 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "img":
            self.imgs.append(a["src"])
        if tag == "tr" and "data-cats" in a:
            self.rows += 1


def test_html_report_links_every_problem_and_shows_each_diagnostic_at_its_line(run):
    index = run / "report" / "index.html"
    p = _Links()
    p.feed(index.read_text())
    assert p.rows == 60
    pages = [l for l in p.links if l.startswith("problems/")]
    assert len(pages) == 60 and all((index.parent / l).exists() for l in pages)
    assert all((index.parent / i).resolve().exists() for i in p.imgs) and len(p.imgs) == 3
    results = [json.loads(l) for l in (run / "results.jsonl").read_text().splitlines()]
    k = next(i for i, r in enumerate(results) if r["diagnostics"])
    page = (index.parent / pages[k]).read_text()
    for d in results[k]["diagnostics"]:
        assert f"<b>{d['code']}</b>" in page
    assert "<h2>Problem text</h2>" in page and "<h2>Answers</h2>" in page
    assert ("The fixed program (diff)" in page) == (results[k]["fixed_program"] != results[k]["program"])
    r = sedac("report", run)                      # the same, from the command
    assert r.returncode == 0 and "report/index.html" in r.stdout


def test_report_of_a_folder_that_is_no_eval_output_is_a_clear_error(tmp_path):
    r = sedac("report", tmp_path)
    assert r.returncode == 2 and "not an eval output folder" in r.stderr


def _git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"})


def test_pre_commit_hook_runs_sedac_on_a_commit(tmp_path):
    """The real pre-commit tool installs sedac from this repository's .pre-commit-hooks.yaml
    (at its committed HEAD) into its own environment and runs it on a commit."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if head.returncode != 0:
        pytest.fail("the sedac checkout is not a git repository")
    repo = tmp_path / "translations"
    repo.mkdir()
    _git("init", "-q", cwd=repo)
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {ROOT}\n  rev: {head.stdout.strip()}\n  hooks:\n  - id: sedac\n")
    (repo / "p.txt").write_text("Tom is a cat. Cats are mammals.\nTrue or false: Tom is a mammal.\n")
    (repo / "p.pl").write_text("cat(tom).\nmammals(X) :- cat(X).\n?- mammal(tom).\n")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    pc = [sys.executable, "-m", "pre_commit"]
    r = subprocess.run(pc + ["install"], cwd=repo, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    _git("add", ".", cwd=repo)
    r = subprocess.run(["git", "commit", "-q", "-m", "translations"], cwd=repo, env=env,
                       capture_output=True, text=True, timeout=1200)
    assert r.returncode != 0, r.stdout + r.stderr           # the hook stops the commit
    assert "p.pl:2:1: R6" in r.stdout + r.stderr, r.stdout + r.stderr
    (repo / "p.pl").write_text("cat(tom).\nmammal(X) :- cat(X).\n?- mammal(tom).\n")
    _git("add", ".", cwd=repo)
    r = subprocess.run(["git", "commit", "-q", "-m", "translations"], cwd=repo, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "sedac (logic programs written by LLMs)" in r.stdout + r.stderr
