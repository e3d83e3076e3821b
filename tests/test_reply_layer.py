"""The reply layer: one separation of prose, headings, labels, glosses and fences from the
logic, for every language; the language chosen by reading; `--fix` keeps every formula and
reads its own output back the same way."""
from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pytest

from sedac.fol import describe
from sedac.readers import read_program

from .conftest import ROOT

PREMISES = [("∀x (Numpus(x) → Metallic(x))", "Every numpus is metallic."),
            ("∀x (Wumpus(x) → ¬Large(x))", "Wumpuses are not large."),
            ("∀x (Numpus(x) → Wumpus(x))", "Numpuses are wumpuses."),
            ("∀x ((Red(x) ∧ Big(x)) → Kind(x))", "Red, big things are kind."),
            ("Numpus(rex)", "Rex is a numpus.")]
QUERY = ("¬Large(rex)", "Rex is not large.")

NUMBERING = [lambda i: "", lambda i: f"{i}. ", lambda i: f"P{i}: ", lambda i: f"[{i}] ",
             lambda i: f"({'abcde'[i - 1]}) ", lambda i: "- ", lambda i: f"- F{i}. ",
             lambda i: f"**P{i}.** "]
GLOSSES = [lambda f, s: f, lambda f, s: f"{f} — {s}", lambda f, s: f"{f} -- {s}",
           lambda f, s: f"{f}  % {s}", lambda f, s: f'{f}, "{s}"', lambda f, s: f"{f}\n   *{s}*",
           lambda f, s: f"{f} ::: {s}"]
HEADINGS = [("", "**Conclusion**"), ("**Premises:**", "**Statement to evaluate:**"),
            ("### Premises", "### Conclusion"), ("Premises:", "Conclusion:")]
PROSE = [("", ""), ("Here is the formalization in first-order logic.\n",
                    "\nSo the premises entail the statement, which is **true**.\n"
                    "- Numpus(rex) gives Wumpus(rex) (3)\n")]
FENCES = [None, "", "fol", "text"]


def _plain():
    text = "Premises:\n" + "\n".join(f for f, _ in PREMISES) + f"\nConclusion:\n{QUERY[0]}\n"
    return _formulas(read_program(text, "plain.fol"))


def _formulas(prog):
    return ([describe(c.formula) for c in prog.clauses if c.kind == "statement" and c.formula],
            [describe(c.formula) for c in prog.clauses if c.kind == "query" and c.formula])


def _variant(number, gloss, headings, prose, fence) -> str:
    head, concl = headings
    body = "\n".join(gloss(number(i) + f, s) for i, (f, s) in enumerate(PREMISES, start=1))
    query = gloss(QUERY[0], QUERY[1])
    if head == "" and concl == "**Conclusion**" and number(1) == "":
        concl = "Statement:"
    if fence is not None:
        body = f"```{fence}\n{body}\n```"
        query = f"```{fence}\n{query}\n```"
    parts = [prose[0], head, "", body, "", concl, "", query, prose[1]]
    return "\n".join(p for p in parts if p is not None) + "\n"


def _variants():
    combos = itertools.product(range(len(NUMBERING)), range(len(GLOSSES)), range(len(HEADINGS)),
                               range(len(PROSE)), range(len(FENCES)))
    for k, (n, g, h, p, f) in enumerate(combos):
        if k % 7 == 0 or (h == 3 and p == 0):      # a spread of the combinations
            yield pytest.param(n, g, h, p, f, id=f"n{n}-g{g}-h{h}-p{p}-f{f}")


@pytest.mark.parametrize("n,g,h,p,f", list(_variants()))
def test_layout_variants_read_the_same_formulas(n, g, h, p, f):
    text = _variant(NUMBERING[n], GLOSSES[g], HEADINGS[h], PROSE[p], FENCES[f])
    prog = read_program(text, "reply.fol", strict=True)
    assert prog.lang == "fol"
    assert _formulas(prog) == _plain(), text
    others = [d for d in prog.diagnostics if d.category != "communication"]
    assert not others, (text, others)


def _run(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "sedac", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120, env=env)


REPRO = ("Here is the problem in first-order logic.\n\n**Premises**\n\n```\n"
         + "\n".join(f"∀x (P{i}(x) → P{i + 1}(x))" for i in range(18)) + "\nP0(rex)\n```\n\n"
         "**Conclusion**\n\n```\n¬Large(rex)\n```\n")


def test_fol_reply_keeps_its_formulas_after_fix_and_fix_is_idempotent(tmp_path):
    path = tmp_path / "x.fol"
    path.write_text(REPRO)
    r = _run("check", "x.fol", "--fix", cwd=tmp_path)
    assert r.returncode in (0, 1), r.stderr
    once = path.read_text()
    for i in range(18):
        assert f"∀x (P{i}(x) → P{i + 1}(x))" in once.split("\n")
    assert "¬Large(rex)" in once.split("\n")
    assert len(once.split("\n")) == len(REPRO.split("\n"))     # no line deleted
    prog = read_program(once, "x.fol", strict=True)
    assert _formulas(prog) == _formulas(read_program(REPRO, "x.fol"))
    assert len(prog.clauses) == 20 and prog.clauses[-1].kind == "query"
    r = _run("check", "x.fol", cwd=tmp_path)
    assert r.returncode != 2, r.stderr
    _run("check", "x.fol", "--fix", cwd=tmp_path)
    assert path.read_text() == once


PROLOG_REPLY = ("Here's a Prolog translation.\n\n```prolog\n% Facts\nnumpus(rex).\n"
                "wumpus(X) :- numpus(X).\n```\n\nThe query:\n\n```prolog\n?- wumpus(rex).\ntrue.\n```\n\n"
                "**What it returns:** `true`, so the statement is true.\n")


def test_prolog_reply_fixed_output_reads_back_the_same(tmp_path):
    path = tmp_path / "r.pl"
    path.write_text(PROLOG_REPLY)
    before = _formulas(read_program(PROLOG_REPLY, "r.pl", strict=True))
    r = _run("check", "r.pl", "--fix", cwd=tmp_path)
    assert r.returncode in (0, 1), r.stderr
    once = path.read_text()
    assert _formulas(read_program(once, "r.pl", strict=True)) == before
    assert _run("check", "r.pl", cwd=tmp_path).returncode != 2
    _run("check", "r.pl", "--fix", cwd=tmp_path)
    assert path.read_text() == once


PROVER9 = ("% Sally is a wumpus.\nformulas(assumptions).\n  all x (wumpus(x) -> -orange(x)).   % not orange\n"
           "  wumpus(sally).\nend_of_list.\n\nformulas(goals).\n  -orange(sally).\nend_of_list.\n")
TPTP = ("% premises\nfof(a1, axiom, ! [X] : (wumpus(X) => ~ orange(X))).\nfof(a2, axiom, wumpus(sally)).\n"
        "fof(goal, conjecture, ~ orange(sally)).\n")


@pytest.mark.parametrize("name,text,lang", [("p.fol", PROVER9, "prover9"), ("t.pl", TPTP, "tptp"),
                                            ("t.fol", TPTP, "tptp")])
def test_content_decides_over_the_extension_with_a_note(name, text, lang):
    prog = read_program(text, name, strict=True)
    assert prog.lang == lang
    assert [d.code for d in prog.diagnostics if d.code == "C007"] == ["C007"]
    assert len(prog.queries) == 1 and len(prog.statements) == 2


def test_extension_wins_a_tie_and_lang_is_decisive():
    facts = "cat(tom).\ndog(rex).\n"          # Prolog and Prover9 both read facts
    assert read_program(facts, "f.pl", strict=True).lang == "prolog"
    assert read_program(facts, "f.p9", strict=True).lang == "prover9"
    assert read_program(TPTP, "t.pl", "prolog").lang == "prolog"


def test_prose_evaluation_after_the_program_is_not_read():
    text = ("**Premises:**\n\n1. ∀x (A(x) → B(x))\n2. A(rex)\n\n**Statement to evaluate:**\n\nB(rex)\n\n"
            "**Evaluation:**\n\n- A(rex) (2)\n- B(rex)\n\nSo the premises entail B(rex).\n")
    prog = read_program(text, "e.fol", strict=True)
    assert _formulas(prog) == (["∀x (a(x) → b(x))", "a(rex)"], ["b(rex)"])


@pytest.mark.parametrize("form", ["{f}   [{s}]", '{f}   "{s}"', "{f}   <- {s}", "{f}   : {s}",
                                  "{f}\t“{s}”"])
def test_a_gloss_set_off_after_spaces_is_cut_and_kept(form):
    from sedac.reply import candidate
    for f, s in (("Kind(anne)", "Anne is kind."),
                 ("forall x (Furry(x) -> Kind(x))", "Furry people are kind."),
                 ("Dumpus(x) -> ~Luminous(x)", "Every dumpus is not luminous.")):
        line = form.format(f=f, s=s)
        lo, hi, gloss, _ = candidate(line, 0)
        assert (line[lo:hi], gloss) == (f, s), line
    text = "Premises:\n" + form.format(f="Kind(anne)", s="Anne is kind.") + "\nConclusion:\nKind(anne)\n"
    prog = read_program(text, "reply.txt", "fol")
    assert [c.text for c in prog.clauses] == ["Kind(anne)", "Kind(anne)"]
    assert prog.gloss.get(0) == "Anne is kind."
    assert not [d for d in prog.diagnostics if d.code in ("E001", "C002")]


@pytest.mark.parametrize("line", ["fof(a, axiom, ! [X] : (cat(X) => animal(X))).",
                                  "animal(X) :- cat(X) ; dog(X).",
                                  "p(X) <- q(X).", "Kind(anne) : kind"])
def test_logic_that_looks_like_a_weak_gloss_mark_is_not_cut(line):
    from sedac.reply import candidate
    lo, hi, gloss, _ = candidate(line, 0)
    assert not gloss or not gloss[0].isupper(), (line, gloss)


_NAMES = ("cat", "dog", "wumpus", "red_thing")
_WORDED = ("{a}", "not {a}", "{a} or {b}", "{a} and not {b}", "not {a} and {b}", "{a} or not {b}")


@pytest.mark.parametrize("first,second", itertools.product(_WORDED, _WORDED))
def test_a_formula_in_words_beside_another_is_a_premise_not_its_gloss(first, second):
    """`cat` then `not cat`: lower-case names between connectives read as a sentence, and
    the second line shares the first's names, but no word of it is English: both are
    premises (making one a comment as the other's gloss would drop it)."""
    for a, b in itertools.permutations(_NAMES, 2):
        text = "Premises:\n" + first.format(a=a, b=b) + "\n" + second.format(a=a, b=b) + "\n"
        prog = read_program(text, "p.fol")
        assert len(prog.clauses) == 2, (text, [d.message for d in prog.diagnostics])
        assert all(c.formula is not None for c in prog.clauses), text


@pytest.mark.parametrize("gloss", ["Tom is a cat.", "Tom is a cat", "Every cat is not a dog",
                                   "Cats are mammals", "Tom is not a dog"])
def test_a_sentence_in_english_beside_its_formula_is_still_not_a_premise(gloss):
    text = "Premises:\nCat(tom)\n∀x (Cat(x) → Mammal(x))\n" + gloss + "\n"
    prog = read_program(text, "p.fol")
    assert [c.formula for c in prog.clauses][:2] == [c.formula for c in read_program(
        "Premises:\nCat(tom)\n∀x (Cat(x) → Mammal(x))\n", "p.fol").clauses]
    assert not any(c.note != "english" and c.text.strip() == gloss for c in prog.clauses[2:])
