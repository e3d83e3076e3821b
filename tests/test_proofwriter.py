"""ProofWriter: the grammar, forward chaining, the readers of its programs, Prover9, and the
accuracy sedac reaches on Logic-LM's real GPT-4 and GPT-3.5 translations."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import answer_open
from sedac.forward import ask_forward
from sedac.generator import generate_proofwriter, generate_proofwriter_problem
from sedac.readers import read_program
from sedac.readers.pyke import rescue_pyke
from sedac.readers.tptp import parse_formula
from sedac.rules import equivalence_key
from sedac.truth import truth_from_text

from .conftest import corpus, own_records

ROOT = Path(__file__).resolve().parents[1]


def sedac(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


# ------------------------------------------------------------------ ground truth

def test_the_grammar_reads_every_dev_sentence_and_forward_chaining_gives_every_gold_answer():
    problems = read_corpus(corpus("logic-lm/ProofWriter_dev.json"))
    assert len(problems) == 600
    sentences = 0
    answers = {"True": 0, "False": 0, "Unknown": 0}
    for p in problems:
        t = truth_from_text(p.text)
        assert not t.unparsed, (p.id, t.unparsed)
        assert t.question is not None, p.id
        sentences += len(t.facts) + 1
        got = ask_forward(t.axioms, t.question)
        assert got == p.answer, (p.id, got, p.answer)
        answers[got] += 1
    assert sentences == 11690
    assert answers == {"True": 200, "False": 200, "Unknown": 200}


def test_both_wordings_and_every_verb_form_read_as_one_formula():
    text = ("The bald eagle does not chase Bob. If someone is big and they do not chase the "
            "bald eagle then they are kind. If something is big and it does not chase the bald "
            "eagle then it is kind. All red, big things are not kind. Red, big people are not "
            "kind. If Bob is big and not red then Bob visits the bald eagle.")
    t = truth_from_text(text)
    assert not t.unparsed
    f = [x.formula for x in t.facts]
    assert f[0] == parse_formula("~ chases(bald_eagle, bob)")
    assert f[1] == f[2] == parse_formula("! [X] : ((big(X) & ~ chases(X, bald_eagle)) => kind(X))")
    assert f[3] == f[4] == parse_formula("! [X] : ((red(X) & big(X)) => ~ kind(X))")
    assert f[5] == parse_formula("(big(bob) & ~ red(bob)) => visits(bob, bald_eagle)")


def test_generated_problems_read_back_as_generated_and_answer_their_gold():
    made = generate_proofwriter(seed=11, per_setting=6)
    assert all(len(ps) == 6 for ps in made.values())
    for (setting, depth), ps in made.items():
        for p in ps:
            rec = p.to_logic_lm()
            t = truth_from_text(rec["context"] + "\n" + rec["question"])
            assert not t.unparsed, (p.id, t.unparsed)
            assert [equivalence_key(x.formula) for x in t.facts] == \
                [equivalence_key(g) for g in p.formulas], p.id
            assert ask_forward(t.axioms, t.question) == p.answer, p.id


def test_the_bundled_generated_corpus_is_what_the_generator_makes_at_seed_7():
    made = generate_proofwriter(seed=7, per_setting=20)
    for (setting, depth), ps in made.items():
        path = ROOT / "corpora" / "proofwriter" / f"{setting}-d{depth}.json"
        assert json.loads(path.read_text()) == [p.to_logic_lm() for p in ps]
        assert {p.depth for p in ps} == {depth}


def test_generator_is_deterministic():
    a = generate_proofwriter_problem(random.Random(3), "relations", 4, "x")
    b = generate_proofwriter_problem(random.Random(3), "relations", 4, "x")
    assert a == b and a.depth == 4


# ------------------------------------------------------------------ forward chaining

def test_forward_chaining_does_not_contrapose_where_classical_logic_does():
    t = truth_from_text("Erin is not kind. All furry things are kind. "
                        "Based on the above information, is the following statement true, "
                        "false, or unknown? Erin is furry.")
    assert ask_forward(t.axioms, t.question) == "Unknown"
    assert answer_open(t.axioms, t.question, get_prover("z3").session()) == "False"


@pytest.mark.parametrize("axioms, query, answer", [
    (["cold(bob)", "! [X] : (cold(X) => ~ red(X))"], "red(bob)", "False"),
    (["cold(bob)", "! [X] : ((cold(X) & ~ red(X)) => big(X))"], "big(bob)", "Unknown"),
    (["cold(bob)", "~ red(bob)", "! [X] : ((cold(X) & ~ red(X)) => big(X))"], "big(bob)", "True"),
    (["chases(bear, cow)", "! [X] : (chases(X, cow) => big(cow))"], "big(cow)", "True"),
    (["p(a)", "~ p(a)"], "p(a)", "Inconsistent"),
    (["p(a) | q(a)"], "p(a)", "Unsupported"),
    (["! [X] : p(X)", "q(b)"], "p(b)", "True"),
])
def test_forward_answers(axioms, query, answer):
    assert ask_forward([parse_formula(a) for a in axioms], parse_formula(query)) == answer


def test_forward_chaining_is_bounded():
    axioms = [parse_formula(f"p{i}(a)") for i in range(50)] + \
        [parse_formula(f"! [X] : (p{i}(X) => p{i + 1}(X))") for i in range(50)]
    assert ask_forward(axioms, parse_formula("p50(a)"), limit=10) == "Timeout"
    assert ask_forward(axioms, parse_formula("p50(a)")) == "True"


def test_ask_semantics_forward_and_all(tmp_path):
    (tmp_path / "p.pl").write_text("neg_kind(erin).\nkind(X) :- furry(X).\n?- furry(erin).\n")
    r = sedac("ask", "p.pl", "--semantics", "forward", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "forward:      Unknown"
    r = sedac("ask", "p.pl", "--semantics", "all", "--output-format", "json", cwd=tmp_path)
    doc = json.loads(r.stdout)
    assert (doc["open_world"], doc["closed_world"], doc["forward"]) == ("False", "False", "Unknown")


# ------------------------------------------------------------------ readers

@pytest.mark.parametrize("line, formula, code", [
    ("Big(bald eagle, True)", "big(bald_eagle)", "Y011"),
    ("Not(Big(Charlie), True)", "~ big(charlie)", "Y010"),
    ("Likes(mouse, not tiger)", "~ likes(mouse, tiger)", "Y010"),
    ("Visits(tiger, lion) = False", "~ visits(tiger, lion)", "Y012"),
    ("Quiet($x, True) && !Nice($x, True) >>> Smart($x, True)",
     "! [X] : ((quiet(X) & ~ nice(X)) => smart(X))", "Y010"),
    ("Round($x, True) >>> ~Quiet($x, True)", "! [X] : (round(X) => ~ quiet(X))", "Y010"),
    ("Blue($x, True) <<< Red($x, True) && Furry($x, True)",
     "! [X] : ((red(X) & furry(X)) => blue(X))", "P003"),
    ("Fiona is young and not furry >>> Kind(Fiona, True)",
     "(young(fiona) & ~ furry(fiona)) => kind(fiona)", "N001"),
    ("Dog eats rabbit && Likes(rabbit, mouse) >>> Likes(dog, mouse)",
     "(eats(dog, rabbit) & likes(rabbit, mouse)) => likes(dog, mouse)", "N001"),
])
def test_gpt35_drift_in_pyke_is_read_with_its_code(line, formula, code):
    vocab = truth_from_text("The dog eats the rabbit. The rabbit likes the mouse.").vocab
    prog = read_program(f"Rules:\n{line}\n", "p.pyke", "pyke", vocab_hint=vocab)
    assert [equivalence_key(c.formula) for c in prog.clauses] == \
        [equivalence_key(parse_formula(formula))]
    assert code in [d.code for d in prog.diagnostics]


def test_a_line_that_is_no_formula_is_still_refused():
    assert rescue_pyke("Therefore, the statement is false.") is None
    prog = read_program("Facts:\nThe cat is very very green indeed.\n", "p.pyke", "pyke")
    assert not prog.clauses


PROBLEM = ("The bald eagle chases the cow. The cow is big. If something chases the cow then it "
           "is kind.\nBased on the above information, is the following statement true, false, "
           "or unknown? The bald eagle is kind.")
PROGRAMS = {
    "p.pyke": "Facts:\nChases(BaldEagle, Cow, True)\nBig(Cow, True)\nRules:\n"
              "Chases($x, Cow, True) >>> Kind($x, True)\nQuery:\nKind(BaldEagle, True)\n",
    "p.linc": "TEXT:\tThe bald eagle chases the cow.\nFOL:\tChases(BaldEagle, Cow)\n"
              "TEXT:\tThe cow is big.\nFOL:\tBig(Cow)\n"
              "TEXT:\tIf something chases the cow then it is kind.\n"
              "FOL:\tall x. (Chases(x, Cow) -> Kind(x))\n"
              "TEXT:\tThe bald eagle is kind.\nFOL:\tKind(BaldEagle)\n",
    "p.p9": "formulas(assumptions).\nchases(bald_eagle, cow).\nbig(cow).\n"
            "all x (chases(x, cow) -> kind(x)).\nend_of_list.\n"
            "formulas(goals).\nkind(bald_eagle).\nend_of_list.\n",
    "p.pl": "chases(bald_eagle, cow).\nbig(cow).\nkind(X) :- chases(X, cow).\n"
            "?- kind(bald_eagle).\n",
}


def test_names_align_across_pyke_linc_prover9_and_prolog(tmp_path):
    vocab = truth_from_text(PROBLEM).vocab
    read = {}
    for name, text in PROGRAMS.items():
        prog = read_program(text, name, vocab_hint=vocab, strict=True)
        read[name] = [equivalence_key(c.formula) for c in prog.clauses]
    first = next(iter(read.values()))
    assert all(r == first for r in read.values()), read
    (tmp_path / "p.txt").write_text(PROBLEM)
    for name, text in PROGRAMS.items():
        (tmp_path / name).write_text(text)
        r = sedac("check", name, "--nl", "p.txt", "--output-format", "json", cwd=tmp_path)
        doc = json.loads(r.stdout)
        f = doc["files"][0]
        assert r.returncode == 0 and f["diagnostics"] == [], (name, f["diagnostics"])
        assert f["answer"]["forward"] == "True"


def test_a_wrong_argument_in_linc_and_prover9_is_fixed_in_their_own_syntax(tmp_path):
    (tmp_path / "p.txt").write_text(
        "The bald eagle chases the cow. If something chases the cow then the cow is big.\n"
        "Based on the above information, is the following statement true, false, or unknown? "
        "The cow is big.")
    (tmp_path / "p.linc").write_text(
        "TEXT:\tThe bald eagle chases the cow.\nFOL:\tChases(BaldEagle, Cow)\n"
        "TEXT:\tIf something chases the cow then the cow is big.\n"
        "FOL:\tall x. (Chases(x, Cow) -> Big(x))\nTEXT:\tThe cow is big.\nFOL:\tBig(Cow)\n")
    (tmp_path / "p.p9").write_text(
        "% a comment\nformulas(assumptions).\nchases(bald_eagle, cow).\n"
        "all x (chases(x, cow) -> big(x)).  % the argument\nend_of_list.\n"
        "formulas(goals).\nbig(cow).\nend_of_list.\n")
    r = sedac("check", "p.linc", "--nl", "p.txt", "--unsafe-fixes", "--fix", cwd=tmp_path)
    assert "D4" in r.stdout, r.stdout
    assert "FOL:\tall x.(Chases(x,Cow) -> Big(Cow))\n" in (tmp_path / "p.linc").read_text()
    r = sedac("check", "p.p9", "--nl", "p.txt", "--unsafe-fixes", "--fix", cwd=tmp_path)
    text = (tmp_path / "p.p9").read_text()
    assert "all x (chases(x,cow) -> big(cow)).  % the argument\n" in text, text
    assert text.startswith("% a comment\n")
    r = sedac("ask", "p.p9", "--semantics", "all", "--output-format", "json", cwd=tmp_path)
    assert json.loads(r.stdout)["forward"] == "True"


# ------------------------------------------------------------------ Prover9

def test_prover9_agrees_with_z3_and_e_on_the_dev_problems():
    both = get_prover("z3,prover9")
    for p in read_corpus(corpus("logic-lm/ProofWriter_dev.json"))[:25]:
        t = truth_from_text(p.text)
        s = both.session()
        answer_open(t.axioms, t.question, s)   # raises if the two disagree


def test_prove_gives_function_symbols_to_e_and_prover9(tmp_path):
    (tmp_path / "nat.p").write_text(
        "fof(a1, axiom, ![X]: (p(X) => p(s(X)))).\nfof(a2, axiom, p(zero)).\n"
        "fof(a3, axiom, q(s(zero))).\n"
        "fof(g, conjecture, p(s(s(s(zero))))).\n")
    for prover in ("auto", "eprover", "prover9", "eprover,prover9"):
        r = sedac("prove", "nat.p", "--prover", prover, cwd=tmp_path)
        assert r.stdout.startswith("% SZS status Theorem for nat"), (prover, r.stdout, r.stderr)
        assert "% axioms used: a1, a2\n" in r.stdout
    r = sedac("prove", "nat.p", "--prover", "z3", cwd=tmp_path)
    assert r.returncode == 2 and "function symbols" in r.stderr


# ------------------------------------------------------------------ the corpora

def test_prover9_agrees_with_z3_on_the_projects_own_problems():
    both = get_prover("z3,prover9")
    for p in read_corpus(ROOT / "corpora" / "proofwriter" / "relations-d3.json")[:10]:
        t = truth_from_text(p.text)
        answer_open(t.axioms, t.question, both.session())   # raises if the two disagree


def test_eval_of_the_projects_own_problems_and_right_translations(tmp_path):
    (tmp_path / "own.json").write_text(json.dumps(own_records("proofwriter/relations-d2.json")))
    for path in (ROOT / "corpora" / "proofwriter" / "attributes-d3.json", tmp_path / "own.json"):
        out = tmp_path / path.stem
        r = sedac("eval", path, "--jobs", "2", "--out", out)
        assert r.returncode == 0, r.stderr
        s = json.loads((out / "summary.json").read_text())
        assert s["failed"] == 0 and s["problems"] == 20
        assert all(s["conditions"][c]["forward"]["accuracy"] == 1.0 for c in s["conditions"])


def _summary(tmp_path, name):
    out = tmp_path / name
    r = sedac("eval", corpus(f"logic-lm/{name}.json"), "--jobs", "2", "--out", out)
    assert r.returncode == 0, r.stderr
    return json.loads((out / "summary.json").read_text()), \
        [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def test_proofwriter_accuracy_on_the_problems_and_on_gpt4_and_gpt35(tmp_path):
    s, _ = _summary(tmp_path, "ProofWriter_dev")
    assert s["failed"] == 0
    assert all(s["conditions"][c]["forward"]["accuracy"] == 1.0 for c in s["conditions"])
    s, _ = _summary(tmp_path, "ProofWriter_dev_gpt-4")
    assert s["failed"] == 0
    assert s["conditions"]["raw"]["forward"]["accuracy"] >= 0.99
    assert s["conditions"]["full"]["forward"]["accuracy"] >= 0.995
    s, records = _summary(tmp_path, "ProofWriter_dev_gpt-3.5-turbo")
    assert s["failed"] == 0
    assert s["conditions"]["full"]["forward"]["accuracy"] >= 0.92
    wrong = [r for r in records if not r["correct"]["full"]["forward"]]
    assert wrong and all(r["reason"]["missing"] for r in wrong), \
        [r["id"] for r in wrong if not r["reason"]["missing"]]
    assert s["full_wrong_forward"]["explained"] == s["full_wrong_forward"]["problems"] == len(wrong)


def test_linc_and_prover9_fixes_are_idempotent_and_keep_the_rest(tmp_path):
    linc = ("Here is my translation:\n<EVALUATE>\nTEXT:\tFiona is nice.\nFOL:\tNice(Fiona\n"
            "TEXT:\tFiona is cold.\nFOL:\tCold(Fiona)\n</EVALUATE>\n")
    p9 = "% kept\nformulas(assumptions).\nnice(fiona.\ncold(fiona).\nend_of_list.\n"
    for name, text in (("m.linc", linc), ("m.p9", p9)):
        (tmp_path / name).write_text(text)
        r = sedac("check", name, "--fix", cwd=tmp_path)
        once = (tmp_path / name).read_text()
        assert r.returncode == 0 and once != text, r.stdout + r.stderr
        r = sedac("check", name, "--fix", cwd=tmp_path)
        assert (tmp_path / name).read_text() == once and r.returncode == 0, r.stdout
        kept = [l for l in text.splitlines() if "iona" not in l or "Cold" in l or "cold" in l]
        assert all(l in once.splitlines() for l in kept if not l.startswith("Here"))


def test_a_rule_with_a_false_condition_is_no_rule_forward():
    """`dumpus(_) :- false.` (a model's way of saying nothing is a dumpus) is true of
    everything and derives nothing: forward chaining answers around it, not `Unsupported`."""
    from sedac.readers import read_program
    prog = read_program("impus(sally).\ndumpus(_) :- false.\ncold(X) :- impus(X), true.\n"
                        "?- cold(sally).\n", "p.pl")
    axioms = [c.formula for c in prog.clauses if c.formula is not None][:-1]
    query = prog.clauses[-1].formula
    assert ask_forward(axioms, query) == "True"
    assert ask_forward(axioms + [read_program("p(X) :- false, q(X).\n", "q.pl").clauses[0].formula],
                       query) == "True"
