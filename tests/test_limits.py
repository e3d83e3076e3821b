"""Limits grow with the input, and the ones sedac hits anyway are said (issue 22, point 3).

Texts and programs are generated (nonce nouns, chains of any length), not looked up.
"""
from __future__ import annotations

import gc
import itertools
import json
import time

import sedac
from sedac.closed_world import ask_closed
from sedac.fol import Atom, Const, Forall, Implies, Var
from sedac.render import render
from sedac.truth import truth_from_text

X = Var("X")


def nonce_nouns(n: int) -> list[str]:
    """n distinct PrOntoQA-like nonce nouns (`blablampus`)."""
    onsets = ["bl", "gr", "st", "tr", "fl", "pl", "kr", "sn", "dr", "zw", "qu", "sk"]
    vowels = ["a", "e", "i", "o", "u", "ai", "ou", "ee"]
    words = (a + v + b + w + "mpus" for a, v, b, w in itertools.product(onsets, vowels, onsets, vowels))
    return list(itertools.islice(words, n))


def chain_problem(n: int) -> tuple[str, str]:
    """A text of n `Every a is a b.` sentences over n + 1 nouns, a fact and a question, and
    its exact Prolog translation."""
    nouns = nonce_nouns(n + 1)
    text = " ".join([f"Every {nouns[i]} is a {nouns[i + 1]}." for i in range(n)]
                    + [f"Polly is a {nouns[0]}.", f"True or false: Polly is a {nouns[n]}."])
    prog = "\n".join([f"{nouns[i + 1]}(X) :- {nouns[i]}(X)." for i in range(n)]
                     + [f"{nouns[0]}(polly).", f"?- {nouns[n]}(polly)."]) + "\n"
    return text, prog


def test_a_text_of_500_distinct_nouns_is_read_to_its_last_sentence():
    text, _ = chain_problem(500)
    truth = truth_from_text(text)
    assert truth.unparsed == [] and truth.limits == {}
    assert len(truth.facts) == 501 and truth.question is not None


def test_reading_grows_linearly_with_the_text():
    """Four times the sentences (and nouns) cost about four times as long, not sixteen."""
    from sedac import nl

    def once(n):
        text, _ = chain_problem(n)
        # (parses are kept for the lexicon the grammar holds: another test of the same
        # text would make this one's small size free)
        nl._STATE.update(lexicon=None, parses={})
        start = time.process_time()
        truth = truth_from_text(text)
        assert truth.unparsed == []
        return time.process_time() - start

    def seconds(n):
        # The collector is kept out: in the whole suite the heap holds every earlier test's
        # objects, and one full collection of it inside a timing costs more than the parse.
        gc.collect()
        gc.disable()
        try:
            return min(once(n) for _ in range(2))
        finally:
            gc.enable()
    seconds(50)   # the engine starts
    small, large = seconds(400), seconds(1600)
    assert large < 10 * small + 0.5


def test_a_grammar_budget_hit_is_counted_and_said(monkeypatch):
    """With the budget shrunk to nothing (the real grammar, a tiny budget), every sentence is
    left unread: counted in the truth, noted in check's text and JSON, and never passed."""
    from sedac import nl
    monkeypatch.setattr(nl, "INFERENCE_LIMIT", 10)
    monkeypatch.setattr(nl, "PER_WORD", 0)
    monkeypatch.setattr(nl, "PER_ENTRY", 0)
    text, prog = chain_problem(6)
    truth = truth_from_text(text)
    assert truth.limits == {"grammar": 8} and len(truth.unparsed) == 8
    report = sedac.check(prog, nl=text, path="p.pl")
    assert report.limits["grammar"] == 8
    out = render("text", [report])
    assert "note: L001 8 sentences of the text not read" in out
    assert "All checks passed!" not in out
    doc = json.loads(render("json", [report]))
    assert doc["files"][0]["limits"]["grammar"] == 8


def test_a_text_sedac_only_partly_understands_is_never_all_checks_passed():
    text = "Every cat is a dog. Some cats are blue or green. Tom is a cat. True or false: Tom is a dog."
    report = sedac.check("dog(X) :- cat(X).\ncat(tom).\n?- dog(tom).\n", nl=text, path="p.pl")
    assert report.diagnostics == []
    out = render("text", [report])
    assert "All checks passed!" not in out and "1 sentence of the text not understood" in out


def chain_program(facts: int, predicates: int) -> list:
    """A 5-step chain p0 -> ... -> p5, `p0(c1)`, and `facts` other facts over `predicates`
    predicates."""
    ax = [Forall((X,), Implies(Atom(f"p{i}", (X,)), Atom(f"p{i + 1}", (X,)))) for i in range(5)]
    ax += [Atom(f"q{j % predicates}", (Const(f"c{j}"),)) for j in range(facts)]
    return ax + [Atom("p0", (Const("c1"),))]


def test_closed_world_budget_grows_with_the_program():
    for facts in (4_000, 16_000):
        for predicates in (1, facts):
            ax = chain_program(facts, predicates)
            start = time.perf_counter()
            assert ask_closed(ax, Atom("p5", (Const("c1"),))) == "True", (facts, predicates)
            assert ask_closed(ax, Atom("p5", (Const("c2"),))) == "False", (facts, predicates)
            assert time.perf_counter() - start < 30


def test_a_closed_world_budget_hit_is_said(monkeypatch):
    """With the closed world's budget shrunk (the real SWI-Prolog, a tiny budget), the answer
    is Timeout, never False, and the file says so (L002)."""
    from sedac import closed_world
    monkeypatch.setattr(closed_world, "INFERENCE_LIMIT", 5)
    monkeypatch.setattr(closed_world, "PER_CLAUSE", 0)
    _, prog = chain_problem(8)
    report = sedac.check(prog, path="p.pl")
    assert report.answer["closed_world"] == "Timeout"
    assert report.limits.get("closed_world") == 1
    out = render("text", [report])
    assert "note: L002" in out and "All checks passed!" not in out
