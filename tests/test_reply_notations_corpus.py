"""ProofWriter problems (relations, negations, conjunctive rules) written as a model writes
them in the three notations of the reply layer's newest readers, from the text's own
meaning (sedac's ground truth, never a gold label): YAML (`sedac.reply_yaml`), a z3py
script (`sedac.reply_z3`) and a Prolog data encoding for a meta-interpreter
(`sedac.align.represent`). Each reads back as exactly the text: every sentence said, no
diagnostic but communication, the question asked."""
from __future__ import annotations

import json

import pytest

from tests.conftest import corpus

PROBLEMS = range(0, 120, 10)


def _problem(i: int):
    from sedac.truth import truth_from_text
    records = json.loads(corpus("logic-lm/ProofWriter_dev.json").read_text())
    r = records[i]
    text = r["context"] + "\n" + r["question"]
    truth = truth_from_text(text)
    if truth.question is None or len(truth.axioms) != len(truth.facts):
        pytest.skip("the grammar does not read every sentence of this problem")
    return text, truth


def _yaml(truth) -> str:
    from sedac.fol_print import to_unicode
    out = "premises:\n"
    for f in truth.facts:
        out += f"  - nl: {f.text}\n    fol: \"{to_unicode(f.formula)}\"\n"
    return out + f"conclusion: \"{to_unicode(truth.question)}\"\n"


def _z3(truth) -> str:
    from sedac.fol import constants, predicates
    from sedac.reply_z3 import Script, write
    forms = [f.formula for f in truth.facts] + [truth.question]
    preds = sorted({pa for f in forms for pa in predicates(f)})
    consts = sorted({c.name for f in forms for c in constants(f)})
    script = Script()
    script.preds = {p: n for p, n in preds}
    script.consts = set(consts) | {"x", "y", "z"}
    script.bound = ["x", "y", "z"]
    script.prefix, script.imported = "", None
    out = "from z3 import *\n\nThing = DeclareSort('Thing')\n"
    for p, n in preds:
        out += f"{p} = Function('{p}', {', '.join(['Thing'] * n)}, BoolSort())\n"
    out += f"{', '.join(consts)} = Consts('{' '.join(consts)}', Thing)\n" if len(consts) > 1 else \
        f"{consts[0]} = Const('{consts[0]}', Thing)\n"
    out += "x, y, z = Consts('x y z', Thing)\n\ns = Solver()\n"
    for f in truth.facts:
        body = write(f.formula, script)
        assert body is not None, f.formula
        out += f"s.add({body})  # {f.text}\n"
    goal = write(truth.question, script)
    return out + f"\ngoal = {goal}\ns.push()\ns.add(Not(goal))\nproved = s.check() == unsat\ns.pop()\n" \
        "s.push()\ns.add(goal)\nrefuted = s.check() == unsat\ns.pop()\n" \
        "print('True' if proved else 'False' if refuted else 'Unknown')\n"


def _encoded(truth) -> str | None:
    from sedac.fol import And, Atom, Forall, Implies, Not

    def term(lit, names):
        s = isinstance(lit, Not)
        a = lit.arg if s else lit
        if not isinstance(a, Atom):
            return None
        args = ", ".join(names.get(t.name, t.name) for t in a.args)
        return f"{'neg' if s else 'pos'}({a.pred}({args}))"

    out = ""
    for f in truth.facts:
        g = f.formula
        vs = g.vars if isinstance(g, Forall) else ()
        body = g.body if isinstance(g, Forall) else g
        names = {v.name: v.name.upper() for v in vs}
        if isinstance(body, Implies):
            parts = body.left.args if isinstance(body.left, And) else (body.left,)
            items = [term(p, names) for p in parts]
            head = term(body.right, names)
            if head is None or None in items:
                return None
            out += f"rule({head}, [{', '.join(items)}]).\n"
        else:
            t = term(body, names)
            if t is None:
                return None
            out += f"fact({t}).\n"
    out += ("\nholds(G) :- fact(G).\nholds(H) :- rule(H, Body), all_hold(Body).\n"
            "all_hold([]).\nall_hold([G|Gs]) :- holds(G), all_hold(Gs).\n\n")
    q = term(truth.question, {})
    return out + f"main :- ( holds({q}) -> write(true) ; write(unknown) ), nl.\n"


def _check(reply: str, text: str, truth, path: str = "<reply>"):
    from sedac.engine import analyse
    from sedac.readers import read_program
    program = read_program(reply, path, "auto", strict=True)
    rep = analyse(program, truth, "full", "z3")
    wrong = [d for d in rep.diagnostics if d.category not in ("communication",)]
    assert not wrong, [(d.code, d.message) for d in wrong]
    assert rep.query is not None
    return rep


@pytest.mark.parametrize("i", PROBLEMS)
def test_a_proofwriter_problem_in_yaml(i):
    text, truth = _problem(i)
    _check(_yaml(truth), text, truth)


@pytest.mark.parametrize("i", PROBLEMS)
def test_a_proofwriter_problem_as_a_z3py_script(i):
    text, truth = _problem(i)
    rep = _check(_z3(truth), text, truth)
    assert len(rep.program.statements) == len(truth.facts)


@pytest.mark.parametrize("i", PROBLEMS)
def test_a_proofwriter_problem_as_a_data_encoding(i):
    text, truth = _problem(i)
    reply = _encoded(truth)
    if reply is None:
        pytest.skip("a formula with no rule(Head, Body) form")
    _check(reply, text, truth, "x.pl")
