"""verify-chain: gold chains are T1; generated mutations land in their intended class."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sedac.chains import Chain, chains_from_problems, mutated_chains, verify_chain
from sedac.corpus import read_corpus

from .conftest import ROOT, corpus

CONTEXT = ("Cows are vertebrates. Every vertebrate is a carnivore. Each snake is blue. "
           "Carnivores are not blue. Rex is a cow.")


@pytest.mark.parametrize("rel", ["prontoqa/v1-false/1hop.json", "prontoqa/v1-false/2hop.json",
                                 "prontoqa/v1-false/3hop.json", "prontoqa/ood-false/1hop.json",
                                 "prontoqa/ood-false/2hop.json", "prontoqa/ood-false/3hop.json"])
def test_every_gold_chain_is_t1_with_every_step_true(rel):
    chains = chains_from_problems(read_corpus(corpus(rel)))
    assert len(chains) in (100, 180)
    for c in chains:
        r = verify_chain(c)
        assert r["class"] == "T1", (c.id, r)
        assert all(s["label"] == "True" for s in r["steps"])


def test_labels_path_and_evidence():
    steps = ["Rex is a cow.", "Rex is a carnivore.", "Rex is small.", "Rex is blue.",
             "The moon is made of cheese.", "Carnivores are not blue.", "Rex is not blue."]
    r = verify_chain(Chain("x", CONTEXT, "True or false: Rex is blue.", "False", steps, "False"))
    labels = [s["label"] for s in r["steps"]]
    assert labels == ["True", "True", "Unknown", "False", "Unparsed", "True", "True"]
    assert [s["on_path"] for s in r["steps"]] == [True, True, False, False, False, True, False]
    assert r["valid_path"] and r["class"] == "T2" and r["translation_failures"] == 1
    jump = r["steps"][1]["evidence"]   # a carnivore, straight from a cow: two premises skipped
    assert [m["sentence"] for m in jump["missing_premises"]] == [1, 2]
    assert r["steps"][3]["evidence"]["refuted_by"]
    assert r["steps"][2]["evidence"]["countermodel"]["extension"]["cow"] == [["rex"]]


def test_inconsistent_premises_are_error():
    r = verify_chain(Chain("e", "Rex is a cow. Every cow is blue. Rex is not blue.",
                           "True or false: Rex is blue.", "True", ["Rex is a cow."], "True"))
    assert r["class"] == "Error" and r["steps"][0]["label"] == "Error"


def test_mutations_are_classified_as_intended():
    golds = []
    for f in sorted((ROOT / "corpora" / "prontoqa").glob("*hop.json")):
        golds += chains_from_problems(read_corpus(f))
    chains = mutated_chains(golds, per_class=200)
    assert len(chains) == 1200
    sample = chains[::6]   # 200, every class
    wrong = [(c.id, r["class"]) for c in sample for r in [verify_chain(c)] if r["class"] != c.intended]
    assert wrong == []


def test_cli_json_and_command_line_chain(tmp_path):
    (tmp_path / "p.txt").write_text(CONTEXT + "\nTrue or false: Rex is blue.\n")
    (tmp_path / "steps.txt").write_text("Rex is a cow.\nRex is a vertebrate.\nRex is blue.\n")
    r = subprocess.run([sys.executable, "-m", "sedac", "verify-chain", "--text", "p.txt", "--steps",
                        "steps.txt", "--gold", "False", "--predicted", "True", "--output-format",
                        "json"], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    chain = doc["chains"][0]
    assert chain["class"] == "F2" and not chain["answer_correct"]
    assert [s["label"] for s in chain["steps"]] == ["True", "True", "False"]
    assert doc["summary"]["F2"] == 1 and set(doc["summary"]) == {"T1", "T2", "T3", "T4", "F1", "F2", "Error"}


def test_jsonl_chains(tmp_path):
    rows = [{"id": "ok", "context": CONTEXT, "query": "True or false: Rex is blue.", "answer": "False",
             "chain": ["Rex is a cow.", "Cows are vertebrates.", "Rex is a vertebrate.",
                       "Every vertebrate is a carnivore.", "Rex is a carnivore.",
                       "Carnivores are not blue.", "Rex is not blue."], "predicted": "False"},
            {"id": "lucky", "context": CONTEXT, "query": "True or false: Rex is blue.",
             "answer": "False", "chain": ["Rex is a cow.", "Rex is not blue."], "predicted": "False"}]
    (tmp_path / "c.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    r = subprocess.run([sys.executable, "-m", "sedac", "verify-chain", "c.jsonl", "--output-format",
                        "json"], capture_output=True, text=True, cwd=tmp_path)
    doc = json.loads(r.stdout)
    assert [c["class"] for c in doc["chains"]] == ["T1", "T3"]
    assert doc["summary"]["T1"] == 1 and doc["summary"]["T3"] == 1
