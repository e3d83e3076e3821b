"""Logic-LM's Pyke-like format and FOL text: reading, the taxonomy, name alignment."""
from __future__ import annotations

import sedac
from sedac.fol import to_tptp
from sedac.readers import read_program

PYKE = """Predicates:
Rompus($x, bool) ::: Does x belong to Rompus?
Facts:
Rompuses($x, True) >>> Small($x, False)
Yumpus(Max, True)
Max is a rompus.
Rules:
Rompus($x, True) && Yumpus($x, True) >>> Not(Hot($x, True))
Query:
Small(Max, False)
Problem:
Something else entirely.
"""

FOL = """Predicates:
Wumpus(x) ::: x is a wumpus
Premises:
∀x (Wumpus(x) → ¬Red(x)) ::: Wumpuses are not red.
Wumpus(x) → Impus(x) ::: Wumpuses are impuses.
Wumpus(Max) ::: Max is a wumpus.
Max is an impus.
∀x (Jompus(x) → ∃y Rompus(y)) ::: odd but well formed
Conclusion:
True ::: Max is not red.
------
"""


def _codes(prog):
    return [(d.span.line, d.code, d.category) for d in prog.diagnostics]


def test_pyke_reading_and_taxonomy():
    prog = read_program(PYKE, "p.pyke")
    assert prog.lang == "pyke"
    assert _codes(prog) == [(4, "P001", "other-syntax"), (6, "N001", "natural-language"),
                            (8, "Y010", "symbol"), (11, "C004", "communication")]
    assert [to_tptp(c.formula) for c in prog.clauses] == [
        "! [Vx] : (rompuses(Vx) => ~ small(Vx))", "yumpus(max)", "rompus(max)",
        "! [Vx] : ((rompus(Vx) & yumpus(Vx)) => ~ hot(Vx))", "~ small(max)"]
    assert prog.clauses[-1].kind == "query"


def test_fol_reading_and_taxonomy():
    prog = read_program(FOL, "p.fol")
    assert prog.lang == "fol"
    assert _codes(prog) == [(5, "Y004", "symbol"), (7, "N001", "natural-language"),
                            (10, "N001", "natural-language")]
    assert [to_tptp(c.formula) for c in prog.clauses] == [
        "! [Vx] : (wumpus(Vx) => ~ red(Vx))", "! [Vx] : (wumpus(Vx) => impus(Vx))",
        "wumpus(max)", "impus(max)", "! [Vx] : (jompus(Vx) => ? [Vy] : rompus(Vy))", "~ red(max)"]
    assert prog.gloss[0] == "Wumpuses are not red."


def test_name_alignment_across_formats():
    text = "Rompuses are not small. Max is a rompus.\nTrue or false: Max is not small."
    pyke = sedac.check("Facts:\nRompuses($x, True) >>> Small($x, False)\nRompus(Max, True)\n"
                       "Query:\nSmall(Max, False)\n", nl=text)
    prolog = sedac.check("\\+small(X) :- rompuses(X).\nrompus(max).\n?- \\+small(max).\n", nl=text)
    fol = sedac.check("Premises:\n∀x (Rompuses(x) → ¬Small(x))\nRompus(max)\nConclusion:\n¬Small(max)\n",
                      nl=text)
    for report in (pyke, prolog, fol):
        shallow = [d for d in report.diagnostics if d.category == "shallow-semantic"]
        assert [d.code for d in shallow] == ["R5"], report.path
        assert report.answer["open_world"] == "True"
        assert [d for d in report.diagnostics if d.category in ("deep-semantic", "omission")] == []
    assert "Rompus($x, True) >>> Small($x, False)" in pyke.fixed_program()
    assert "∀x (Rompus(x) → ¬Small(x))" in fol.fixed_program()   # the file capitalises
