"""A reply whose logic is in the strings of a Python script (`sedac.reply_python`): the
strings a script assigns are read where they are written, in the forms scripts for NLTK's
and other provers' interfaces take; the strings it only passes to calls are its workings;
and a fix never leaves a script that no longer runs."""
from __future__ import annotations

import ast
import itertools

import pytest

TEXT = "Every dog is an animal. Every animal is alive. Rex is a dog."
PREMISES = ("all x.(dog(x) -> animal(x))", "all x.(animal(x) -> alive(x))", "dog(rex)")
GOAL = "alive(rex)"


def _quoted(s: str, quote: str) -> str:
    return f"{quote}{s}{quote}" if quote != "r'" else f"r'{s}'"


def script(form: str, quote: str, goal_form: str) -> str:
    q = [_quoted(p, quote) for p in PREMISES]
    head = "from nltk.sem import Expression\nfrom nltk.inference import Prover9\n\nread = Expression.fromstring\n\n"
    if form == "list-of-calls":
        body = "premises = [\n" + "".join(f"    read({p}),\n" for p in q) + "]\n"
    elif form == "list-of-strings":
        body = "assumptions = [" + ", ".join(q) + "]\npremises = [read(s) for s in assumptions]\n"
    elif form == "appends":
        body = "kb = []\n" + "".join(f"kb.append(read({p}))\n" for p in q)
    elif form == "triple":
        body = 'lines = """\n' + "\n".join(PREMISES) + '\n""".strip().splitlines()\npremises = [read(l) for l in lines]\n'
    else:
        raise ValueError(form)
    g = _quoted(GOAL, quote)
    if goal_form == "goal":
        body += f"goal = read({g})\n"
    elif goal_form == "conclusion":
        body += f"conclusion = {g}\n"
    body += "\nprover = Prover9()\nif prover.prove(goal if 'goal' in dir() else read(conclusion), premises):\n" \
            "    print('True')\nelif prover.prove(read('-alive(rex)'), premises):\n    print('False')\n" \
            "else:\n    print('Unknown')\n"
    return head + body


def replies():
    for form, quote, goal_form, fence in itertools.product(
            ("list-of-calls", "list-of-strings", "appends", "triple"), ("'", '"', "r'"),
            ("goal", "conclusion"), ("python", "py")):
        text = f"Here is the script:\n\n```{fence}\n{script(form, quote, goal_form)}```\n\nIt prints True."
        yield pytest.param(text, id=f"{form}-{quote}-{goal_form}-{fence}")


@pytest.mark.parametrize("reply", list(replies()))
def test_the_strings_a_script_assigns_are_its_program(reply):
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    program = read_program(reply, "<reply>", "auto", strict=True)
    assert len(program.statements) == 3 and len(program.queries) == 1, \
        [(c.kind, c.text) for c in program.clauses]
    rep = analyse(program, truth_from_text(TEXT + " Rex is alive."), "full", "z3")
    assert rep.answer["open_world"] == "True", [(d.code, d.message) for d in rep.diagnostics]
    # (the script's own check, `read('-alive(rex)')`, is no premise)
    assert all("-alive" not in c.text for c in program.clauses)


def test_a_fix_keeps_the_script_a_script():
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    reply = "```python\n" + script("list-of-calls", "'", "goal").replace("dog(rex)", "dogs(rex)") + "```\n"
    rep = analyse(read_program(reply, "<reply>", "auto", strict=True), truth_from_text(TEXT), "full", "z3")
    assert any(d.code.startswith("R") for d in rep.diagnostics), [(d.code, d.message) for d in rep.diagnostics]
    fixed = rep.fixed_program(unsafe=True)
    code = fixed.split("```python\n", 1)[1].split("```", 1)[0]
    ast.parse(code)                                   # the script still parses
    assert "read('dog(rex)')" in code and "```python" in fixed, fixed


def test_a_script_that_restates_a_block_of_formulas_is_not_read_twice():
    from sedac.readers import read_program
    reply = "Premises:\n\n```\n" + "\n".join(PREMISES) + "\n```\n\nGoal:\n\n```\n" + GOAL + \
        "\n```\n\n```python\n" + script("list-of-calls", "'", "goal") + "```\n"
    program = read_program(reply, "<reply>", "auto", strict=True)
    assert len(program.statements) == 3, [c.text for c in program.clauses]


@pytest.mark.parametrize("code", [
    # (a z3py script that asserts something is a program: `tests/test_reply_z3.py`)
    "import z3\nx = z3.Bool('x')\ns = z3.Solver()\nprint(s.check())\n",
    "names = ['rex', 'fido']\nprint(len(names))\n",
])
def test_a_script_without_formulas_in_its_strings_is_no_program(code):
    from sedac.reply_json import unwrap
    assert unwrap("```python\n" + code + "```\n") is None
