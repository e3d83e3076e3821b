"""Issue 18's reply classes, generated (tests/reply_variants.py) from the problems of the
project's own corpora, in every language that writes them: a gloss however it is written is
the clause's gloss; a question named only in prose (or only by the problem) is the question;
several blocks of one language are chosen among (premises and conclusion apart, a corrected
attempt, pasted solver output). Each variant gets the plain form's answers and no diagnostic
beyond layout notes; its safe fixes pass the read-back check, a second `--fix` changes
nothing, and the fixed file entails every text sentence the reply did."""
from __future__ import annotations


import pytest

from sedac.atp import get_prover
from sedac.engine import analyse
from sedac.readers import read_program

from . import reply_variants as R
from .conftest import own_problem

PROBLEMS = [("prontoqa/fictional-3hop.json", 0), ("proofwriter/attributes-d3.json", 2)]
WORLDS = ("open_world", "closed_world", "forward")
PROVER = get_prover("z3")


def _problem(rel: str, k: int):
    _, truth, expected = own_problem(rel, k)
    return truth, expected


def _entailed(program, truth) -> set[int]:
    session = PROVER.session()
    return {f.index for f in truth.facts
            if session.entails(program.axioms, f.formula, evidence=False).holds}


def _check(text: str, lang: str, truth, expected, allowed=frozenset()):
    program = read_program(text, "reply.txt", "auto", vocab_hint=truth.vocab, strict=True)
    assert program.lang == lang, (program.lang, text)
    report = analyse(program, truth, "full", PROVER)
    assert {w: report.answer[w] for w in WORLDS} == expected, text
    logic = sorted(d.code for d in report.diagnostics if d.category != "communication")
    assert set(logic) <= allowed, (logic, [d.message for d in report.diagnostics], text)
    fixed, withheld, notes = report.verified()
    assert not notes, [n.message for n in notes]
    if fixed != text:
        back = read_program(fixed, "reply.txt", lang, vocab_hint=truth.vocab)
        again = analyse(back, truth, "full", PROVER)
        assert again.fixed_program() == fixed, (text, fixed)       # a second --fix: nothing
        assert _entailed(back, truth) >= _entailed(program, truth), (text, fixed)
        assert {w: again.answer[w] for w in WORLDS} == expected, fixed
    return program, report


@pytest.mark.parametrize("gloss", [g for g in R.GLOSSES if g != "none"])
@pytest.mark.parametrize("lang", R.LANGS)
def test_a_gloss_however_written_is_the_clauses_gloss(lang, gloss):
    for rel, k in PROBLEMS:
        truth, expected = _problem(rel, k)
        for markdown in (False, True):
            text = R.reply(truth, lang, gloss=gloss, markdown=markdown)
            program, _ = _check(text, lang, truth, expected)
            if lang == "tptp":
                continue           # a TPTP clause's gloss is its name (the writer's)
            if gloss in ("colons", "sentence", "beside") and lang not in ("fol", "pyke") or \
                    gloss == "table" and lang != "fol":
                continue           # (styles of the line-based formats only)
            said = {f.text for f in truth.facts} | {R.statement_of(truth.question_text) + "."}
            glosses = [program.gloss.get(i) for i, c in enumerate(program.clauses)
                       if c.formula is not None]
            assert all(g in said for g in glosses), (glosses, text)
            # each clause its own sentence: the gloss reads, through the text's grammar, as
            # the clause's formula
            for i, c in enumerate(program.clauses):
                f = next((f for f in truth.facts if f.text == program.gloss.get(i)), None)
                if f is not None and c.kind == "statement":
                    assert PROVER.session().entails([c.formula], f.formula, evidence=False).holds, \
                        (c.text, f.text)


@pytest.mark.parametrize("ask", [f"prose-{i}" for i in range(len(R.PROSE))])
@pytest.mark.parametrize("lang", R.LANGS)
def test_a_question_named_only_in_prose_is_the_question(lang, ask):
    for rel, k in PROBLEMS:
        truth, expected = _problem(rel, k)
        for markdown in (False, True):
            text = R.reply(truth, lang, gloss="before", ask=ask, markdown=markdown)
            program, report = _check(text, lang, truth, expected)
            assert [c.note for c in program.clauses if c.kind == "query"] == ["prose"], text
            assert "C008" in {d.code for d in report.diagnostics}
            # without the problem text too (partial SEDAC reads the question the same way)
            alone = analyse(read_program(text, "reply.txt", lang), None, "partial", PROVER)
            assert alone.answer["open_world"] == expected["open_world"], text


@pytest.mark.parametrize("lang", R.LANGS)
def test_a_question_only_the_problem_asks_is_asked_with_a_note(lang):
    for rel, k in PROBLEMS:
        truth, expected = _problem(rel, k)
        text = R.reply(truth, lang, ask="none")
        program, report = _check(text, lang, truth, expected, allowed={"Q001"})
        assert not program.queries
        assert [d.code for d in report.diagnostics if d.category == "query"] == ["Q001"]


@pytest.mark.parametrize("blocks", ["split", "corrected", "output"])
@pytest.mark.parametrize("lang", R.LANGS)
def test_blocks_of_one_language_are_chosen_among(lang, blocks):
    for rel, k in PROBLEMS:
        truth, expected = _problem(rel, k)
        for ask in ("goal", "prose-0"):
            text = R.reply(truth, lang, gloss="before", ask=ask, blocks=blocks)
            program, report = _check(text, lang, truth, expected)
            notes = [d.message for d in report.diagnostics if d.code == "C006"]
            if blocks == "corrected":
                assert any("replaces" in m and "read from the block at line" in m for m in notes), notes
            if blocks == "output":
                assert any("solver output" in m for m in notes), notes
            # the clauses read are the program's, once each
            assert len(program.statements) == len(truth.facts), text


@pytest.mark.parametrize("lang", ["fol", "linc", "prolog"])
def test_a_conclusion_block_repeating_a_premise_replaces_nothing(lang):
    """The question is one of the premises (ProofWriter asks such), in a block of its own:
    both blocks are read, the premises block is no attempt the conclusion corrects."""
    from sedac.readers import reader_for
    truth, _ = _problem(*PROBLEMS[1])
    w = reader_for(lang)
    fact = truth.facts[0]
    if lang == "linc":
        pairs = [f"TEXT: {f.text}\nFOL: {w.write(f.formula)}" for f in truth.facts]
        premises, conclusion = "\n".join(pairs), pairs[0]
    elif lang == "fol":
        premises = "\n".join(w.write(f.formula) for f in truth.facts)
        conclusion = w.write(fact.formula)
    else:
        premises = "\n".join(w.write(f.formula) for f in truth.facts)
        conclusion = w.write(fact.formula, "query")
    text = (f"**Premises**\n\n```\n{premises}\n```\n\n**Conclusion**\n\n```\n{conclusion}\n```\n\n"
            "The conclusion is the first premise: True.\n")
    program = read_program(text, "reply.txt", lang, vocab_hint=truth.vocab)
    assert len(program.statements) == len(truth.facts), [d.message for d in program.diagnostics]
    assert [c.formula for _, c in program.queries] == [fact.formula]
    assert not [d for d in program.diagnostics if "replaces" in d.message]
