"""A corpus record's `query` may be the question or the bare statement it asks about
(CONTRACT.md): both score alike. A question sedac cannot read makes the problem `failed`
with its reason, never a silent null."""
from __future__ import annotations

import json
import re

from sedac.corpus import question_sentence, read_corpus
from sedac.evaluate import run_eval, summarize

from .conftest import ROOT, corpus

PREFIX = re.compile(r"^(?:.*\?\s*|true or false\s*:\s*)", re.I)


def bare(question: str) -> str:
    """The statement a question asks about: `True or false: X.` -> `X.`"""
    s = PREFIX.sub("", question.strip())
    return s if s.endswith(".") else s + "."


def _jsonl(tmp_path, name, problems, phrase) -> str:
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(json.dumps({
        "id": p.id, "context": p.context, "query": phrase(p.question), "answer": p.answer,
        **({"raw_output": p.program} if p.program else {})}) + "\n" for p in problems))
    return str(path)


def _scores(path):
    records = run_eval(read_corpus(path))
    s = summarize(records, 0.0)
    return s, records


def _compare(tmp_path, problems):
    asked, _ = _scores(_jsonl(tmp_path, "question", problems, lambda q: q))
    said, records = _scores(_jsonl(tmp_path, "bare", problems, bare))
    assert said["failed"] == asked["failed"] == 0, [r.get("failed") for r in records]
    assert said["conditions"] == asked["conditions"]
    return said


def test_bare_statement_records_score_as_their_question_form(tmp_path):
    # 50 problems of the project's own ProofWriter corpus (True, False and Unknown alike),
    # their `query` once the question, once the bare statement
    problems = []
    for name in ("attributes-d0", "relations-d0", "attributes-d5", "relations-d3"):
        problems += read_corpus(ROOT / "corpora" / "proofwriter" / f"{name}.json")[:13]
    problems = problems[:50]
    assert len(problems) == 50 and {p.answer for p in problems} == {"True", "False", "Unknown"}
    assert all(bare(p.question) != p.question for p in problems)
    s = _compare(tmp_path, problems)
    # ProofWriter's gold answers are forward chaining's (no contraposition)
    assert all(s["conditions"][c]["forward"]["accuracy"] == 1.0 for c in s["conditions"])


def test_bare_statements_with_llm_programs(tmp_path):
    problems = read_corpus(corpus("prolog-llm/code-only.jsonl"))[:10]
    s = _compare(tmp_path, problems)
    assert s["conditions"]["full"]["open_world"]["accuracy"] == 1.0


def test_question_sentence_keeps_questions_and_asks_statements():
    assert question_sentence("The tiger eats the dog.") == "True or false: The tiger eats the dog."
    for q in ("True or false: Rex is blue.", "Is the following statement true or false? Rex is blue.",
              "Based on the above information, is the following statement true, false, or "
              "unknown? Rex is blue.", "Is Rex blue?"):
        assert question_sentence(q) == q


def test_a_question_sedac_cannot_read_fails_with_its_reason(tmp_path):
    path = tmp_path / "odd.jsonl"
    rows = [{"id": "ok", "context": "Rex is a cat. Every cat is blue.",
             "query": "Rex is blue.", "answer": "True"},
            {"id": "odd", "context": "Rex is a cat. Every cat is blue.",
             "query": "Would you say that Rex is blue?", "answer": "True"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    records = run_eval(read_corpus(path))
    by_id = {r["id"]: r for r in records}
    assert "failed" not in by_id["ok"] and by_id["ok"]["correct"]["full"]["open_world"]
    assert "Would you say" in by_id["odd"]["failed"]
    assert summarize(records, 0.0)["failed"] == 1
