"""A reply written as JSON (`sedac.reply_json`): the formulas in its strings are read where
they are written, in every shape, layout, fence and notation a model uses, and a fix is
written into the JSON only where the document stays the same JSON."""
from __future__ import annotations

import itertools
import json

import pytest

TEXT = "Every dog is an animal. Every animal is alive. Rex is a dog."
NOTATIONS = {
    "unicode": ("∀x (Dog(x) → Animal(x))", "∀x (Animal(x) → Alive(x))", "Dog(rex)", "Alive(rex)",
                "¬Alive(rex)"),
    "ascii": ("forall x (Dog(x) -> Animal(x))", "forall x (Animal(x) -> Alive(x))", "Dog(rex)",
              "Alive(rex)", "~Alive(rex)"),
    "nltk": ("all x.(dog(x) -> animal(x))", "all x.(animal(x) -> alive(x))", "dog(rex)", "alive(rex)",
             "-alive(rex)"),
}
SENTENCES = ("Every dog is an animal.", "Every animal is alive.", "Rex is a dog.", "Rex is alive.")


def _document(shape: str, f):
    premises, goal = list(f[:3]), f[3]
    if shape == "premises":
        return {"premises": premises, "conclusion": goal}
    if shape == "axioms-goal":
        return {"axioms": premises, "goal": goal, "answer": "True"}
    if shape == "facts-rules":
        return {"rules": premises[:2], "facts": premises[2:], "query": goal}
    if shape == "pairs":            # a list of sentence/formula objects
        return {"translations": [{"nl": s, "fol": x} for s, x in zip(SENTENCES, premises)],
                "conclusion": {"nl": SENTENCES[3], "fol": goal}}
    if shape == "list":
        return [{"sentence": s, "formula": x} for s, x in zip(SENTENCES, premises)] + \
            [{"question": SENTENCES[3], "formula": goal}]
    raise ValueError(shape)


def replies():
    for shape, notation, indent, ascii_only, fence in itertools.product(
            ("premises", "axioms-goal", "facts-rules", "pairs", "list"), NOTATIONS, (None, 2, 4),
            (False, True), ("none", "json", "plain")):
        doc = json.dumps(_document(shape, NOTATIONS[notation]), indent=indent, ensure_ascii=ascii_only)
        if fence == "json":
            doc = "Here is the translation as JSON:\n\n```json\n" + doc + "\n```\n\nThe conclusion follows."
        elif fence == "plain":
            doc = "```\n" + doc + "\n```"
        yield pytest.param(doc, id=f"{shape}-{notation}-{indent}-{'ascii' if ascii_only else 'utf8'}-{fence}")


@pytest.mark.parametrize("reply", list(replies()))
def test_a_json_reply_is_read_from_its_strings(reply):
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    program = read_program(reply, "<reply>", "auto", strict=True)
    rep = analyse(program, truth_from_text(TEXT + " Rex is alive."), "full", "z3")
    assert rep.answer["open_world"] == "True", [(d.code, d.message) for d in rep.diagnostics]
    wrong = [d for d in rep.diagnostics if d.category not in ("communication", "omission")]
    assert not wrong, [(d.code, d.message) for d in wrong]
    assert len(program.statements) == 3 and len(program.queries) == 1, program.clauses


def test_each_string_of_a_one_line_document_has_its_own_span():
    from sedac.readers import read_program
    reply = json.dumps({"premises": list(NOTATIONS["unicode"][:3]), "conclusion": "Alive(rex)"},
                       ensure_ascii=False)
    program = read_program(reply, "<reply>", "auto", strict=True)
    for c in program.clauses:
        s = c.span
        assert reply[s.start:s.end] == c.text and s.line == 1, (c.text, reply[s.start:s.end])


def _fixed(reply: str, unsafe: bool = False) -> tuple[str, list]:
    from sedac.engine import analyse
    from sedac.readers import read_program
    from sedac.truth import truth_from_text
    rep = analyse(read_program(reply, "<reply>", "auto", strict=True),
                  truth_from_text("Every dog is an animal. Rex is a dog. Rex is an animal."), "full", "z3")
    text, _, notes = rep.verified(unsafe)
    return text, rep.diagnostics + notes


@pytest.mark.parametrize("indent", [None, 2])
def test_a_fix_inside_a_string_keeps_the_document_the_same_json(indent):
    doc = {"premises": ["∀x (Dogs(x) → Animal(x))", "Dogs(rex)"], "conclusion": "Animal(rex)"}
    reply = json.dumps(doc, indent=indent, ensure_ascii=False)
    fixed, diags = _fixed(reply)
    assert any(d.code.startswith("R") for d in diags)
    back = json.loads(fixed)
    assert set(back) == set(doc) and len(back["premises"]) == 2
    assert back["premises"] == ["∀x (Dog(x) → Animal(x))", "Dog(rex)"], fixed


def test_a_fix_of_an_escaped_string_is_withheld_and_the_document_kept():
    doc = {"premises": ["∀x (Dogs(x) → Animal(x))", "Dog(rex)"], "conclusion": "Animal(rex)"}
    reply = json.dumps(doc)                       # (\u2200 ...: the string is not as it reads)
    fixed, diags = _fixed(reply)
    assert fixed == reply
    assert any(d.code == "F001" and "JSON" in d.message for d in diags), [(d.code, d.message) for d in diags]
    assert not any(d.code == "F002" for d in diags)


def test_prose_inside_a_document_is_never_made_a_comment():
    doc = {"explanation": "We translate each sentence.", "premises": ["∀x (Dog(x) → Animal(x))", "Dog(rex)"],
           "conclusion": "Animal(rex)"}
    reply = "Sure:\n" + json.dumps(doc, indent=2, ensure_ascii=False)
    fixed, diags = _fixed(reply)
    assert json.loads(fixed[fixed.index("{"):]) == doc          # the prose above may be a comment
    inside = [d for d in diags if d.category == "communication" and d.span.line > 1]
    assert all(d.fix is None for d in inside), inside


@pytest.mark.parametrize("data", ['{"name": "rex", "age": 3}', '[1, 2, 3]', '{"dogs": ["rex", "fido"]}'])
def test_json_data_is_still_no_program(data):
    from sedac.errors import SedacError
    from sedac.readers import read_program
    with pytest.raises(SedacError, match="JSON"):
        read_program(data, "<reply>", "auto", strict=True)


def test_a_prolog_program_in_json_strings():
    from sedac.readers import read_program
    reply = json.dumps({"facts": ["dog(rex)."], "rules": ["animal(X) :- dog(X)."],
                        "query": "?- animal(rex)."}, indent=2)
    program = read_program(reply, "<reply>", "auto", strict=True)
    assert program.lang == "prolog"
    assert [c.text for c in program.clauses] == ["dog(rex).", "animal(X) :- dog(X).", "?- animal(rex)."]


def test_a_question_in_prolog_json_that_is_no_query_is_no_fact():
    """`"query": "animal(rex)"` written as a clause would be a fact that answers itself."""
    from sedac.readers import read_program
    reply = json.dumps({"facts": ["dog(rex)."], "rules": ["animal(X) :- dog(X)."], "query": "animal(rex)"})
    program = read_program(reply, "<reply>", "auto", strict=True)
    assert all(c.text != "animal(rex)" for c in program.clauses)
