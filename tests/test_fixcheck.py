"""The fix engine checks its own fixes: a fixed text is read back with the same reader, and a
fix that loses or changes a formula no applied fix names is withheld with a note (F001),
the file left untouched where nothing safe remains (exit 1). The faulty fixes here are
planted on purpose (their tests say so): sedac's own rules make none on the corpora."""
from __future__ import annotations

from dataclasses import replace

import pytest
from click.testing import CliRunner

from sedac import cli, engine
from sedac.api import check
from sedac.fixcheck import alpha_key
from sedac.fol import Atom, Forall, Implies, Var
from sedac.program import Diagnostic, Fix

TEXT = "Tom is a cat. Every cat is a mammal. Rex is a dog. True or false: Tom is a mammal."
PROGRAM = "cat(tom)\nmammal(X) :- cat(X).\ndog(rex).\n?- mammal(tom).\n"


def _planted(report, clause: int, through: int, replacement: str, code="R1") -> Diagnostic:
    """A faulty safe fix, planted: it names clause `clause` but replaces the text up to the
    end of clause `through`."""
    p = report.program
    c = p.clauses[clause]
    span = p.index.span(c.span.start, p.clauses[through].span.end)
    return Diagnostic(code, "shallow-semantic", "planted", c.span,
                      fix=Fix("safe", replacement, "planted", span), clause=clause)


def test_alpha_key_ignores_bound_variable_names_only():
    x, y = Var("X"), Var("Y")
    f = Forall((x,), Implies(Atom("cat", (x,)), Atom("mammal", (x,))))
    g = Forall((y,), Implies(Atom("cat", (y,)), Atom("mammal", (y,))))
    h = Forall((y,), Implies(Atom("mammal", (y,)), Atom("cat", (y,))))
    assert alpha_key(f) == alpha_key(g) != alpha_key(h)


def test_a_planted_fix_that_loses_a_clause_is_withheld_and_the_others_applied():
    report = check(PROGRAM, nl=TEXT)
    good = [d for d in report.diagnostics if d.fix is not None and d.fix.applicability == "safe"]
    assert [d.code for d in good] == ["Y003"]          # the missing full stop
    report.diagnostics.append(_planted(report, 1, 2, "mammal(X) :- cat(X)."))
    fixed, withheld, notes = report.verified()
    assert [d.fix.rule for d in withheld] == ["planted"]
    assert [n.code for n in notes] == ["F001"] and "dog(rex)" in notes[0].message
    assert fixed == PROGRAM.replace("cat(tom)\n", "cat(tom).\n")   # Y003 still applied
    assert withheld[0].status == "non-fixable"
    assert report.fixed_program() == fixed


def test_a_fix_that_only_rewrites_what_it_names_passes():
    report = check(PROGRAM, nl=TEXT)
    report.diagnostics.append(_planted(report, 2, 2, "dog(rex).  % kept"))
    fixed, withheld, notes = report.verified()
    assert not withheld and not notes and "% kept" in fixed


def test_many_good_fixes_and_one_bad_one_withhold_only_the_bad_one():
    lines = [f"p{i}(a)" for i in range(40)]          # 20 missing full stops (Y003)
    program = "".join(line + ("." if i % 2 == 0 else "") + "\n" for i, line in enumerate(lines))
    report = check(program)
    assert sum(d.code == "Y003" for d in report.diagnostics) == 20
    report.diagnostics.append(_planted(report, 21, 23, "p21(a)."))
    fixed, withheld, notes = report.verified()
    assert len(withheld) == 1 and [n.code for n in notes] == ["F001"]
    assert fixed == "".join(f"{line}.\n" for line in lines)   # every Y003 applied


def test_check_fix_withholds_a_planted_fix_and_says_so(tmp_path, monkeypatch):
    """The CLI path, with a planted faulty rule (analyse wrapped to add it)."""
    path = tmp_path / "prog.pl"
    program = "cat(tom).\nmammal(X) :- cat(X).\ndog(rex).\n?- mammal(tom).\n"
    path.write_text(program)
    real = engine.analyse

    def planted_analyse(*args, **kwargs):
        report = real(*args, **kwargs)
        report.diagnostics.append(_planted(report, 1, 2, "mammal(X) :- cat(X)."))
        engine.set_statuses(report.diagnostics, report.unsafe_fixes)
        return report
    monkeypatch.setattr(engine, "analyse", planted_analyse)
    result = CliRunner().invoke(cli.main, ["check", str(path), "--fix"])
    assert result.exit_code == 1, result.output
    assert "F001" in result.output and "withheld" in result.output
    assert path.read_text() == program                  # nothing safe remained: untouched
    result = CliRunner().invoke(cli.main, ["check", str(path), "--diff"])
    assert result.exit_code == 1 and result.output.strip() == ""


def test_real_fixes_pass_the_check_and_are_idempotent():
    program = "Cat(tom)\nmammal(X) :- cat(X)\n?- mammal(tom)\n"
    report = check(program, nl=TEXT.replace(" Rex is a dog.", ""))
    fixed, withheld, notes = report.verified()
    assert fixed != program and not withheld and not notes
    again = check(fixed, nl=TEXT.replace(" Rex is a dog.", ""))
    assert again.fixed_program() == fixed


SENTENCES = [("Every cat is a mammal.", "forall x (Cat(x) -> Mammal(x))"),
             ("Mammals are not cold.", "forall x (Mammal(x) -> ~Cold(x))"),
             ("Tom is a cat.", "Cat(tom)")]


@pytest.mark.parametrize("joint", [" -> ", " => ", " : ", " | ", "  ==>  "])
def test_a_fix_never_leaves_a_file_without_logic(tmp_path, joint):
    """Lines a reader cannot separate (the sentence before its formula) must not all be made
    comments by safe fixes: either the fixed file still holds logic, or nothing is written
    and the fixes are withheld (F001)."""
    text = "".join(f"{s}{joint}{f}\n" for s, f in SENTENCES)
    path = tmp_path / "p.fol"
    path.write_text(text, encoding="utf-8")
    nl = tmp_path / "p.txt"
    nl.write_text(" ".join(s for s, _ in SENTENCES) + "\nTrue or false: Tom is not cold.\n",
                  encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["check", str(path), "--nl", str(nl), "--fix"])
    assert result.exit_code in (0, 1), result.output
    after = path.read_text(encoding="utf-8")
    if after == text:
        return
    again = check(after, path="p.fol", nl=nl.read_text(encoding="utf-8"))
    assert again.program.clauses, after
