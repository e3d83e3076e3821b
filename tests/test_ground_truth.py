"""The DCG and the vocabulary on every problem of the shared corpora and of our generator."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import answer_open
from sedac.nl import nl_to_fof, parse_sentences
from sedac.vocab import pluralize, singularize, vocabulary_from_text

from .conftest import ROOT, corpus

SHARED = ["prontoqa/v1-false/1hop.json", "prontoqa/v1-false/2hop.json",
          "prontoqa/v1-false/3hop.json", "prontoqa/ood-false/1hop.json",
          "prontoqa/ood-false/2hop.json", "prontoqa/ood-false/3hop.json",
          "logic-lm/ProntoQA_dev.json"]


@pytest.mark.parametrize("word,singular", [
    ("wumpuses", "wumpus"), ("sterpuses", "sterpus"), ("impuses", "impus"), ("wumpus", "wumpus"),
    ("butterflies", "butterfly"), ("lepidopterans", "lepidopteran"), ("sheep", "sheep"),
    ("mice", "mouse"), ("nervous", "nervous"), ("prime_numbers", "prime_number"),
    ("mersenne_primes", "mersenne_prime")])
def test_singular(word, singular):
    assert singularize(word) == singular


@pytest.mark.parametrize("word", ["wumpus", "sterpus", "butterfly", "mouse", "sheep", "cat",
                                  "prime_number"])
def test_plural_round_trip(word):
    assert singularize(pluralize(word)) == word


def test_vocabulary_comes_from_the_text_first():
    v = vocabulary_from_text(["Sheep are opaque.", "Each cow is a sheep.", "Wumpuses are nervous.",
                              "Max is a wumpus.", "Impuses are sterpuses."])
    assert v.plurals["sheep"] == "sheep" and v.plurals["wumpuses"] == "wumpus"
    assert v.plurals["sterpuses"] == "sterpus" and v.plurals["impuses"] == "impus"
    assert "nervous" in v.adjectives and "opaque" in v.adjectives
    assert v.names == {"max"}


def _answer(truth, session):
    return answer_open(truth.axioms, truth.question.formula, session)


def _check_file(path: Path):
    problems = read_corpus(path)
    prover = get_prover("z3")
    sentences = steps = 0
    for p in problems:
        g = nl_to_fof(p.text, p.chain)
        assert not g.unparsed, (p.id, [s.text for s in g.unparsed])
        sentences += len(g.sentences)
        if p.chain:
            parsed = parse_sentences(p.chain, g.vocab)
            assert all(x is not None for x in parsed), (p.id, p.chain)
            steps += len(parsed)
        got = answer_open(g.axioms, g.question.formula, prover.session())
        assert got == p.answer, (p.id, got, p.answer)
    return len(problems), sentences, steps


@pytest.mark.parametrize("rel", SHARED)
def test_every_shared_problem_parses_and_answers_its_gold(rel):
    n, sentences, steps = _check_file(corpus(rel))
    assert n in (100, 180, 500) and sentences > n


def test_every_generated_problem_parses_answers_and_its_prolog_is_clean():
    import sedac
    files = sorted((ROOT / "corpora" / "prontoqa").glob("*hop.json"))
    assert len(files) == 10
    total = 0
    for f in files:
        total += _check_file(f)[0]
        raw = json.loads(f.read_text())
        for key, ex in raw.items():
            t = ex["test_example"]
            report = sedac.check(t["prolog"], nl=f"{t['question']}\n{t['query']}")
            assert report.diagnostics == [], (f.name, key, report.diagnostics)
            assert report.answer["open_world"] == t["answer"]
            assert report.answer["closed_world"] == t["answer"]
    assert total == 200


def test_unparsable_sentence_is_reported_with_its_position():
    g = nl_to_fof("Every cat is a dog.\nThe moon is made of cheese. Rex is a cat.\nTrue or false: Rex is a dog.")
    bad = g.unparsed
    assert [(s.index, s.line, s.column, s.text) for s in bad] == [
        (2, 2, 1, "The moon is made of cheese.")]
    assert len(g.axioms) == 2 and g.question.formula is not None


def test_generator_is_deterministic():
    from sedac.generator import generate
    a = generate(seed=3, per_setting=2)
    b = generate(seed=3, per_setting=2)
    assert [p.prolog for ps in a.values() for p in ps] == [p.prolog for ps in b.values() for p in ps]
    assert {(o, k) for o, k in a} == {(o, k) for o in ("false", "fictional") for k in range(1, 6)}
