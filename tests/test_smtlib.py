"""SMT-LIB 2: the reader and writer (`sedac/readers/smtlib*.py`), on generated problems of the
project's corpora, on hand-written replies in the styles models use, through the CLI, and
on hostile input. Z3's own SMT-LIB interpreter checks that what sedac writes runs and
answers as sedac says."""
from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import z3

from sedac.api import check
from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import answer_open
from sedac.fol import negate, rename_preds, to_tptp
from sedac.readers import detect, read_program, reader_for
from sedac.readers.sexpr import read_forms
from sedac.readers.smtlib import SmtlibReader
from sedac.readers.smtlib_names import smtlib_program
from sedac.readers.tptp import parse_formula
from sedac.rules import equivalence_key
from sedac.truth import truth_from_text

from .conftest import corpus

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data" / "smtlib"
STYLES = ("push", "plain", "assuming", "both")


def sedac(*args, cwd=None, stdin=None):
    """`python -m sedac` on this checkout's code (PYTHONPATH: from another directory an
    installed sedac would be imported instead)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=300, input=stdin, env=env)


def z3_says(text: str) -> list[str]:
    """The answers of Z3's SMT-LIB interpreter to a file's `check-sat`s; fails on any error
    in the file but a `get-model` after `unsat` (no model is available then)."""
    ctx = z3.Context()
    try:
        out = z3.Z3_eval_smtlib2_string(ctx.ref(), text)
    except z3.Z3Exception as e:
        out = e.value.decode() if isinstance(e.value, bytes) else str(e.value)
        errors = [line for line in out.splitlines() if line.startswith("(error")]
        assert all("not available" in line for line in errors), errors
    return [w for w in out.split() if w in ("sat", "unsat", "unknown")]


def z3_answer(text: str) -> str:
    """The three-valued answer of a file that refutes the question, then its negation."""
    got = z3_says(text)
    return {("unsat", "sat"): "True", ("sat", "unsat"): "False", ("sat", "sat"): "Unknown",
            ("unsat", "unsat"): "Inconsistent"}.get(tuple(got[-2:]), str(got))


def keys(prog):
    return [(c.kind, equivalence_key(c.formula)) for c in prog.clauses if c.formula is not None]


def problems(per_file: int = 3):
    files = sorted(glob.glob(str(ROOT / "corpora" / "*" / "*.json")))
    assert files
    for path in files:
        for p in read_corpus(path)[:per_file]:
            t = truth_from_text(p.text)
            if not t.unparsed and t.question is not None:
                yield p, t


# ------------------------------------------------------------------ the scanner

def test_the_scanner_keeps_spans_comments_quoted_symbols_and_strings():
    text = '; head\n(assert (|bald eagle| x)) ; tail\n(echo "a ""q"" (")\n'
    forms = read_forms(text)
    assert [text[f.start:f.end] for f in forms.forms] == ["(assert (|bald eagle| x))",
                                                          '(echo "a ""q"" (")']
    atom = forms.forms[0].items[1].items[0]
    assert (atom.text, atom.kind, text[atom.start:atom.end]) == ("bald eagle", "quoted", "|bald eagle|")
    assert forms.forms[1].items[1].text == 'a "q" ('
    assert [c.text for c in forms.comments] == ["head", "tail"]
    assert not forms.junk


# ------------------------------------------------------------------ reading

SIG = ("(declare-sort E 0)\n(declare-fun Cat (E) Bool)\n(declare-fun Mammal (E) Bool)\n"
       "(declare-fun Likes (E E) Bool)\n(declare-const tom E)\n(declare-const bob E)\n"
       "(declare-const rain Bool)\n(declare-fun wet () Bool)\n")


@pytest.mark.parametrize("smt, tptp", [
    ("(and (Cat tom) (or (Mammal tom) rain) (not wet))", "cat(tom) & (mammal(tom) | rain) & ~ wet"),
    ("(=> (Cat tom) (Mammal tom) wet)", "cat(tom) => (mammal(tom) => wet)"),
    ("(= rain wet)", "rain <=> wet"),
    ("(xor rain wet)", "rain <~> wet"),
    ("(= tom bob)", "tom = bob"),
    ("(distinct tom bob)", "tom != bob"),
    ("(ite rain wet (Cat tom))", "(rain => wet) & (~ rain => cat(tom))"),
    ("(forall ((x E) (y E)) (=> (Likes x y) (Likes y x)))", "![X,Y]: (likes(X,Y) => likes(Y,X))"),
    ("(exists ((X E)) (! (and (Cat X) (Mammal X)) :named e1))", "?[X]: (cat(X) & mammal(X))"),
    ("(let ((c (Cat tom)) (who bob)) (=> c (Likes tom who)))", "cat(tom) => likes(tom,bob)"),
    ("(|Likes| tom |bob|)", "likes(tom,bob)"),
])
def test_the_connectives_read_as_their_formulas(smt, tptp):
    prog = SmtlibReader().read(SIG + f"(assert {smt})\n")
    assert not prog.diagnostics, prog.diagnostics
    [clause] = prog.clauses
    assert equivalence_key(clause.formula) == equivalence_key(parse_formula(tptp))
    assert clause.text == f"(assert {smt})" and clause.span.line == 9


GOAL = "(Mammal tom)"
FACTS = "(assert (Cat tom))\n(assert (forall ((x E)) (=> (Cat x) (Mammal x))))\n"


@pytest.mark.parametrize("tail, query", [
    ("(push 1)\n(assert (not (Mammal tom)))\n(check-sat)\n(pop 1)\n", "mammal(tom)"),
    ("(assert (not (Mammal tom)))\n(check-sat)\n(get-model)\n", "mammal(tom)"),
    ("; the negated goal\n(assert (Mammal tom))\n(check-sat)\n", "~ mammal(tom)"),
    ("(check-sat-assuming ((not (Mammal tom))))\n", "mammal(tom)"),
    ("(declare-const goal Bool)\n(assert (= goal (Mammal tom)))\n(check-sat-assuming ((not goal)))\n",
     "mammal(tom)"),
    ("(define-fun goal () Bool (Mammal tom))\n(check-sat-assuming ((not goal)))\n"
     "(check-sat-assuming (goal))\n", "mammal(tom)"),
    ("(push)\n(assert (not (Mammal tom)))\n(check-sat)\n(pop)\n(push)\n(assert (Mammal tom))\n"
     "(check-sat)\n(pop)\n", "mammal(tom)"),
    ("(push 1)\n(assert (Cat bob))\n(assert (not (Mammal bob)))\n(check-sat)\n(pop 1)\n",
     "~ (cat(bob) & ~ mammal(bob))"),
])
def test_each_way_of_asking_gives_the_query(tail, query):
    prog = SmtlibReader().read(SIG + FACTS + tail)
    assert not prog.diagnostics, prog.diagnostics
    assert [c.kind for c in prog.clauses][:2] == ["statement", "statement"]
    asked = [c.formula for c in prog.clauses if c.kind == "query"]
    assert asked and equivalence_key(asked[0]) == equivalence_key(parse_formula(query))
    assert len([c for c in prog.clauses if c.kind == "statement"]) == 2


def test_a_negative_fact_before_check_sat_is_a_statement_when_it_is_the_only_one():
    prog = SmtlibReader().read(SIG + "(assert (not (Cat tom)))\n(check-sat)\n")
    assert [c.kind for c in prog.clauses] == ["statement"]
    prog = SmtlibReader().read(SIG + FACTS + "(check-sat)\n")
    assert [c.kind for c in prog.clauses] == ["statement", "statement"]


def test_comments_are_glosses_and_labels_are_dropped():
    text = (SIG + "; Premise 1: Tom is a cat.\n(assert (Cat tom))\n"
            "(assert (forall ((x E)) (=> (Cat x) (Mammal x)))) ; \"Every cat is a mammal.\"\n"
            "; header\n\n\n\n(assert (Cat bob))\n(assert (! (Cat tom) :named |Tom is a cat.|))\n"
            "(assert (! (Cat bob) :named b2))\n")
    prog = SmtlibReader().read(text)
    assert prog.gloss == {0: "Tom is a cat.", 1: "Every cat is a mammal.", 3: "Tom is a cat."}


@pytest.mark.parametrize("smt, code, category", [
    ("(declare-fun owner (E) E)\n(assert (Cat (owner tom)))", "E003", "other-syntax"),
    ("(declare-fun age (E) Int)\n(assert (> (age tom) 3))", "K001", "knowledge"),
    ("(assert (= tom 7))", "K001", "knowledge"),
    ("(assert (forall ((b Bool)) (or b (not b))))", "E001", "other-syntax"),
    ("(assert (Cat tom bob))", "E001", "other-syntax"),
    ("(assert (Cat tom) (Cat bob))", "E001", "other-syntax"),
    ("(frobnicate tom)", "P005", "other-syntax"),
    ("(declare-datatypes () ((Color red green)))", "P005", "other-syntax"),
    ("(assert ((_ extract 0 0) tom))", "E001", "other-syntax"),
])
def test_what_is_outside_the_logic_is_a_diagnostic(smt, code, category):
    prog = SmtlibReader().read(SIG + smt + "\n(assert (Cat tom))\n")
    assert [(d.code, d.category) for d in prog.diagnostics] == [(code, category)]
    assert [c.formula for c in prog.clauses] == [parse_formula("cat(tom)")]


def test_names_align_with_the_other_readers():
    text = ("(declare-sort U 0)\n(declare-fun BaldEagle () U)\n(declare-const |the cow| U)\n"
            "(declare-fun is-big (U) Bool)\n(declare-fun ChasesAlot (U U) Bool)\n"
            "(assert (is-big BaldEagle))\n(assert (ChasesAlot |the cow| BaldEagle))\n")
    prog = SmtlibReader().read(text)
    assert [c.formula for c in prog.clauses] == [parse_formula("is_big(bald_eagle)"),
                                                 parse_formula("chases_alot(the_cow, bald_eagle)")]


# ------------------------------------------------------------------ writing

def test_the_writer_spells_names_and_sorts_as_the_file_does():
    text = ("(declare-sort Thing 0)\n(declare-fun IsBig (Thing) Bool)\n(declare-const |the cow| Thing)\n"
            "(assert (IsBig |the cow|))\n(check-sat)\n")
    prog = SmtlibReader().read(text)
    w = SmtlibReader()
    f = parse_formula("![X]: (is_big(X) => ~ small(X))")
    assert w.write(f, "statement", program=prog) == \
        "(assert (forall ((X Thing)) (=> (IsBig X) (not (Small X)))))"
    assert w.write(parse_formula("is_big(the_cow)"), "query", program=prog) == \
        "(push 1)\n(assert (not (IsBig |the cow|)))\n(check-sat)\n(pop 1)"
    [d] = w.finish(prog, [prog.clauses[0].formula, f], [])
    assert d.code == "P006" and d.fix.replacement == "(declare-fun Small (Thing) Bool)\n"
    assert d.span.line == 4


def test_generated_problems_read_back_in_every_style_and_z3_answers_as_sedac():
    """The project's PrOntoQA and ProofWriter problems, written by the writer in each way of
    asking; read back, they are the ground truth; Z3 running the file answers as sedac."""
    session = get_prover("z3").session()
    count = 0
    for p, t in problems():
        want = [("statement", equivalence_key(f)) for f in t.axioms] + \
            [("query", equivalence_key(t.question))]
        for k, style in enumerate(STYLES):
            text = smtlib_program(t.axioms, t.question, [f.text for f in t.facts],
                                  upper=k % 2 == 0, refutation=style)
            prog = read_program(text, "p.smt2", vocab_hint=t.vocab)
            assert not prog.diagnostics, (p.id, style, prog.diagnostics)
            got = keys(prog)
            extra = [("query", equivalence_key(negate(t.question)))] if style == "both" else []
            assert got == want + extra, (p.id, style)
            assert prog.gloss[0] == t.facts[0].text
            if style == "both":
                assert z3_answer(text) == answer_open(t.axioms, t.question, session), p.id
        count += 1
    assert count >= 40


def test_read_write_read_gives_the_same_formulas():
    """Every clause replaced in place by what the writer makes of it (as a fix does)."""
    w = SmtlibReader()
    for p, t in problems(2):
        text = smtlib_program(t.axioms, t.question, refutation="plain")
        prog = read_program(text, "p.smt2")
        out = text
        for c in sorted(prog.clauses, key=lambda c: -c.span.start):
            out = out[:c.span.start] + w.write(c.formula, c.kind, program=prog) + out[c.span.end:]
        again = read_program(out, "p.smt2")
        assert keys(again) == keys(prog), p.id
        assert z3_says(out)      # Z3 loads it


def _text_names(f, vocab):
    return rename_preds(f, {p: vocab.alias_of(p, n) for p, n in _preds(f) if vocab.alias_of(p, n)})


def _preds(f):
    from sedac.fol import predicates
    return predicates(f)


def test_one_problem_in_prolog_tptp_and_smtlib_reads_to_the_same_formulas():
    prolog = reader_for("prolog")
    compared = 0
    for p, t in problems():
        lines = [prolog.write(f) for f in t.axioms] + [prolog.write(t.question, "query")]
        if None in lines:
            continue
        tptp = "".join(f"fof(a{i}, axiom, {to_tptp(f)}).\n" for i, f in enumerate(t.axioms)) + \
            f"fof(goal, conjecture, {to_tptp(t.question)}).\n"
        read = [read_program(text, name, vocab_hint=t.vocab, strict=True) for name, text in (
            ("p.pl", "\n".join(lines) + "\n"), ("p.p", tptp),
            ("p.smt2", smtlib_program(t.axioms, t.question, refutation="plain")))]
        got = [[(c.kind, equivalence_key(_text_names(c.formula, t.vocab))) for c in prog.clauses
                if c.formula is not None] for prog in read]
        assert got[0] == got[1] == got[2], p.id
        compared += 1
    assert compared >= 40


# ------------------------------------------------------------------ hand-written replies

REPLIES = [   # file, corpus, problem, the diagnostics expected
    ("prontoqa_1_named.smt2", "ProntoQA_dev", "ProntoQA_1", []),
    ("prontoqa_2_assuming.smt2", "ProntoQA_dev", "ProntoQA_2", []),
    ("proofwriter_att_int.smt2", "ProofWriter_dev", "ProofWriter_AttNoneg-OWA-D5-1041_Q1",
     ["K001", "K001"]),
    ("proofwriter_rel_plain.smt2", "ProofWriter_dev", "ProofWriter_RelNeg-OWA-D5-81_Q11", []),
    ("proofwriter_rel_reply.md", "ProofWriter_dev", "ProofWriter_RelNoneg-OWA-D5-949_Q8",
     ["C002", "C001", "C001", "C002"]),
]


@pytest.mark.parametrize("name, corpus_name, pid, codes", REPLIES, ids=[r[0] for r in REPLIES])
def test_hand_written_replies_read_and_answer_right(name, corpus_name, pid, codes):
    problem = {p.id: p for p in read_corpus(corpus(f"logic-lm/{corpus_name}.json"))}[pid]
    text = (DATA / name).read_text()
    path = "<stdin>" if name.endswith(".md") else name
    report = check(text, nl=problem.text, path=path)
    assert report.lang == "smtlib"
    assert [d.code for d in report.diagnostics] == codes
    t = truth_from_text(problem.text)
    assert report.query == t.question
    assert report.answer["open_world"] == problem.answer
    assert report.answer["forward"] == problem.answer
    fixed = report.fixed_program()
    assert z3_says(fixed)          # what --fix writes still runs in Z3


# ------------------------------------------------------------------ the CLI

TEXT = ("The bald eagle chases the cow. If something chases the cow then it is big. "
        "Big things are not young.\n"
        "Based on the above information, is the following statement true, false, or unknown? "
        "The bald eagle is not young.\n")
GOOD = """(set-logic UF)
(declare-sort Animal 0)
(declare-const BaldEagle Animal)
(declare-const Cow Animal)
(declare-fun Chases (Animal Animal) Bool)
(declare-fun Big (Animal) Bool)
(declare-fun Young (Animal) Bool)
; The bald eagle chases the cow.
(assert (Chases BaldEagle Cow))
; If something chases the cow then it is big.
(assert (forall ((x Animal)) (=> (Chases x Cow) (Big x))))
; Big things are not young.
(assert (forall ((x Animal)) (=> (Big x) (not (Young x)))))
(push 1)
(assert (Young BaldEagle))
(check-sat)
(pop 1)
(push 1)
(assert (not (Young BaldEagle)))
(check-sat)
(pop 1)
"""


def test_cli_is_clean_on_a_right_translation_and_fixes_a_flipped_negation(tmp_path):
    (tmp_path / "p.txt").write_text(TEXT)
    (tmp_path / "good.smt2").write_text(GOOD)
    r = sedac("check", "good.smt2", "--nl", "p.txt", "--output-format", "json", cwd=tmp_path)
    doc = json.loads(r.stdout)["files"][0]
    assert r.returncode == 0 and doc["diagnostics"] == [], r.stdout
    assert doc["lang"] == "smtlib"
    assert doc["answer"]["open_world"] == "True" == z3_answer(GOOD)

    flipped = GOOD.replace("(=> (Big x) (not (Young x)))", "(=> (Big x) (Young x))")
    (tmp_path / "bad.smt2").write_text(flipped)
    assert z3_answer(flipped) == "False"
    r = sedac("check", "bad.smt2", "--nl", "p.txt", "--output-format", "json", cwd=tmp_path)
    doc = json.loads(r.stdout)["files"][0]
    assert r.returncode == 1
    [d] = doc["diagnostics"]
    assert d["category"] == "deep-semantic" and d["code"] in ("D1", "D2") and d["line"] == 13, d
    r = sedac("check", "bad.smt2", "--nl", "p.txt", "--fix", "--unsafe-fixes", cwd=tmp_path)
    fixed = (tmp_path / "bad.smt2").read_text()
    assert r.returncode == 0, r.stdout + r.stderr
    assert z3_answer(fixed) == "True"
    assert "; Big things are not young.\n" in fixed and fixed.startswith("(set-logic UF)\n")
    r = sedac("check", "bad.smt2", "--nl", "p.txt", "--fix", cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "bad.smt2").read_text() == fixed


def test_cli_adds_a_missing_query_and_its_declarations(tmp_path):
    (tmp_path / "p.txt").write_text(TEXT)
    lacking = GOOD.split("(push 1)")[0].replace("(declare-fun Young (Animal) Bool)\n", "") \
        .replace("(assert (forall ((x Animal)) (=> (Big x) (not (Young x)))))\n", "")
    (tmp_path / "q.smt2").write_text(lacking)
    r = sedac("check", "q.smt2", "--nl", "p.txt", "--fix", "--unsafe-fixes", cwd=tmp_path)
    fixed = (tmp_path / "q.smt2").read_text()
    assert "Q001" in r.stdout and "P006" in r.stdout, r.stdout
    assert "(declare-fun Young (Animal) Bool)" in fixed
    z3_says(fixed)           # loads: every symbol declared
    assert read_program(fixed, "q.smt2").queries


def test_the_language_is_recognised_bare_fenced_and_by_extension(tmp_path):
    assert detect(GOOD) == "smtlib"
    for tag in ("smt2", "smtlib", "lisp", "smt", ""):
        reply = f"Here it is:\n```{tag}\n" + GOOD + "```\nDone (Z3 says unsat).\n"
        assert detect(reply) == "smtlib"
        prog = read_program(reply, "<stdin>", strict=True)
        assert [d.code for d in prog.diagnostics] == ["C002", "C001", "C001", "C002"]
        assert len(prog.statements) == 3 and len(prog.queries) == 2
    (tmp_path / "p.txt").write_text(TEXT)
    (tmp_path / "x.smt2").write_text(GOOD)
    r = sedac("ask", "x.smt2", "--nl", "p.txt", "--output-format", "json", cwd=tmp_path)
    assert json.loads(r.stdout)["open_world"] == "True", r.stdout + r.stderr


# ------------------------------------------------------------------ hostile input

HOSTILE = {
    "deep.smt2": "(assert " + "(" * 100_000 + "p" + ")" * 100_000 + ")\n",
    "deepnot.smt2": "(declare-const p Bool)\n(assert " + "(not " * 100_000 + "p" + ")" * 100_000 + ")\n",
    "open.smt2": "(declare-const p Bool)\n(assert (and p p)\n(assert p)\n(check-sat)\n",
    "close.smt2": "(declare-const p Bool)\n(assert p))\n)\n(check-sat)\n",
    "unknown.smt2": "(declare-const p Bool)\n(frobnicate p)\n(assert p)\n(check-sat)\n(get-info :x)\n",
    "bar.smt2": "(declare-const p Bool)\n(assert |p)\n",
    "string.smt2": '(echo "abc)\n(assert p)\n',
    "wide.smt2": "(assert (and " + "p " * 100_000 + "))\n",
    "garbage.smt2": "(((((\x00\x01 ))) ; \n" * 1000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_gives_diagnostics_or_one_line_never_a_traceback(tmp_path, name):
    (tmp_path / name).write_text(HOSTILE[name])
    r = sedac("check", name, cwd=tmp_path)
    assert "Traceback" not in r.stderr and r.returncode in (0, 1, 2), r.stderr
    assert r.returncode != 2 or len(r.stderr.strip().splitlines()) == 1, r.stderr
    if r.returncode == 1 and name != "garbage.smt2":
        r = sedac("check", name, "--fix", cwd=tmp_path)
        assert "Traceback" not in r.stderr
        z3_says((tmp_path / name).read_text().replace("(frobnicate", "; ("))


def test_prose_alone_in_an_smt2_file_is_refused_in_one_line(tmp_path):
    (tmp_path / "prose.smt2").write_text("I could not translate this problem.\n")
    r = sedac("check", "prose.smt2", cwd=tmp_path)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def test_get_value_is_read_as_the_query_and_diagnosed():
    prog = SmtlibReader().read(SIG + FACTS + "(check-sat)\n(get-value ((Mammal tom)))\n")
    [q] = prog.queries
    assert q[1].formula == parse_formula("mammal(tom)")
    [d] = prog.diagnostics
    assert d.code == "Q003" and d.fix.applicability == "unsafe"
    fixed = prog.text[:d.span.start] + d.fix.replacement + prog.text[d.span.end:]
    again = SmtlibReader().read(fixed)
    assert not again.diagnostics and [c.formula for _, c in again.queries] == [q[1].formula]
    assert z3_says(fixed) == ["sat", "unsat"]


def test_a_symbol_used_before_its_declaration_is_named():
    text = ("(declare-sort E 0)\n(declare-fun Cat (E) Bool)\n(assert (Cat tom))\n"
            "(declare-const tom E)\n(assert (Cat tom))\n")
    prog = SmtlibReader().read(text)
    [d] = prog.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("P006", 3, 14) and "line 4" in d.message
    with pytest.raises(AssertionError):        # Z3 reports an error
        z3_says(text)


def test_let_bindings_that_double_at_each_level_stop_with_a_diagnostic():
    lets = "".join(f"(let ((a{i} (and a{i - 1} a{i - 1}))) " for i in range(1, 60)).replace("a0", "p")
    text = "(declare-const p Bool)\n(assert " + lets + "a59" + ")" * 59 + ")\n(assert p)\n"
    prog = SmtlibReader().read(text)
    assert [d.code for d in prog.diagnostics] == ["E002"]
    assert [c.formula for c in prog.clauses] == [parse_formula("p")]


@pytest.mark.parametrize("datatype", ["(declare-datatypes () ((Entity tom bob)))",
                                      "(declare-datatypes ((Entity 0)) (((tom) (bob))))",
                                      "(declare-datatype Entity ((tom) (bob)))"])
def test_a_datatypes_constructors_are_individuals_and_never_declared_again(datatype):
    text = datatype + "\n(declare-fun Cat (Entity) Bool)\n(assert (Cat tom))\n(assert (not (Cat bob)))\n"
    r = SmtlibReader()
    prog = r.read(text)
    assert [d.code for d in prog.diagnostics] == ["P005"]     # its closed domain is not read
    assert [c.formula for c in prog.clauses] == [parse_formula("cat(tom)"), parse_formula("~ cat(bob)")]
    [d] = r.finish(prog, [parse_formula("mammal(tom)")], [parse_formula("cat(bob)")])
    assert d.fix.replacement == "(declare-fun Mammal (Entity) Bool)\n"
    fixed = text.replace("(assert (Cat tom))", d.fix.replacement + "(assert (Mammal tom))")
    assert z3_says(fixed + "(check-sat)\n") == ["sat"]
