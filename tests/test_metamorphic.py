"""The metamorphic suite: equivalence-preserving variants of a program (tests/variants.py:
another language, clause order, comments, glosses before or after, Markdown wrapping,
numbering, other FOL notations) get the same answers, the same diagnostics but for layout
notes (communication), and fixes sedac's fix check lets through (no F001/F002 note) that a
second `--fix` leaves as they are."""
from __future__ import annotations

from collections import Counter

import pytest

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import analyse
from sedac.readers import read_program
from sedac.readers.markdown import blocks
from sedac.truth import truth_from_text

from . import variants as V
from .conftest import corpus, own_problem

# problems of the project's own corpora: PrOntoQA (negation, 3 and 5 hops) and ProofWriter
# (attributes with negation, relations)
OWN = [("prontoqa/fictional-3hop.json", 0), ("prontoqa/false-5hop.json", 1),
       ("proofwriter/attributes-d3.json", 2), ("proofwriter/relations-d2.json", 0)]
EXTENSION = {"prolog": ".pl", "pyke": ".pyke", "fol": ".fol", "tptp": ".p", "prover9": ".p9",
             "linc": ".linc"}
WORLDS = ("open_world", "closed_world", "forward")
PROVER = get_prover("z3")


def _problem(rel: str, k: int):
    return own_problem(rel, k)


def _layout_only(report) -> Counter:
    """The report's diagnostics that say something about the logic (not its layout)."""
    return Counter(d.code for d in report.diagnostics if d.category != "communication")


def _check(text: str, lang: str, truth, path: str):
    program = read_program(text, path, "auto" if path.endswith(EXTENSION[lang]) else lang,
                           vocab_hint=truth.vocab, strict=True)
    assert program.lang == lang
    report = analyse(program, truth, "full", PROVER)
    fixed, withheld, notes = report.verified()
    assert not notes, [n.message for n in notes]
    if fixed != text:   # a second --fix changes nothing
        again = analyse(read_program(fixed, path, lang, vocab_hint=truth.vocab), truth, "full",
                        PROVER)
        assert again.fixed_program() == fixed
    return report


def _params():
    out = []
    for v in V.variants():
        out.append(pytest.param(v, id=v.name))
    return out


@pytest.mark.parametrize("variant", _params())
def test_variants_of_the_ground_truth_answer_alike_with_no_diagnostics(variant):
    for rel, k in OWN:
        p, truth, expected = _problem(rel, k)
        text = V.write(truth, variant)
        path = "reply.txt" if variant.markdown else "program" + EXTENSION[variant.lang]
        report = _check(text, variant.lang, truth, path)
        got = {w: report.answer[w] for w in WORLDS}
        assert got == expected, (rel, variant.name, text)
        assert not _layout_only(report), (rel, variant.name, dict(_layout_only(report)), text)


# LLM programs of the shared corpora that full SEDAC answers right: their variants too
SHARED = ["prolog-llm/code-only.jsonl", "prolog-llm/think-then-code.jsonl",
          "logic-lm/ProntoQA_dev_gpt-4.json", "reply-zoo/solver-formats.jsonl"]
KINDS = ["shuffled", "commented", "markdown"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rel", SHARED)
def test_variants_of_llm_programs_answer_alike(rel, kind):
    problems = [p for p in read_corpus(corpus(rel)) if p.program][:6]
    compared = 0
    for p in problems:
        truth = truth_from_text(p.text)
        if not truth.facts or truth.question is None:
            continue
        program = read_program(p.program, p.id, "auto", vocab_hint=truth.vocab)
        base = analyse(program, truth, "full", PROVER)
        if kind == "markdown" and (program.lang != "prolog" or blocks(p.program)):
            continue    # (Markdown around other languages needs the reply layer)
        if kind == "shuffled":
            text = V.shuffled(program, seed=len(p.id))
        elif kind == "commented":
            text = V.commented(program)
        else:
            text = V.in_markdown(p.program, program.lang)
        variant = read_program(text, p.id, program.lang, vocab_hint=truth.vocab)
        report = analyse(variant, truth, "full", PROVER)
        assert {w: report.answer.get(w) for w in WORLDS} == \
            {w: base.answer.get(w) for w in WORLDS}, (p.id, kind, text)
        assert _layout_only(report) == _layout_only(base), (p.id, kind, text)
        compared += 1
    assert compared or kind != "shuffled"
