"""A reply written as YAML (`sedac.reply_yaml`, through `sedac.reply_json.unwrap`): the
formulas in its scalars are read where they are written, in every shape, quoting style,
layout, fence and notation a model uses, and a fix is written into the YAML only where the
document stays the same YAML (PyYAML, when installed, checks that; sedac does not use it)."""
from __future__ import annotations

import itertools

import pytest

TEXT = "Every dog is an animal. Every animal is alive. Rex is a dog."
NOTATIONS = {
    "unicode": ("∀x (Dog(x) → Animal(x))", "∀x (Animal(x) → Alive(x))", "Dog(rex)", "Alive(rex)"),
    "ascii": ("forall x (Dog(x) -> Animal(x))", "forall x (Animal(x) -> Alive(x))", "Dog(rex)",
              "Alive(rex)"),
    "nltk": ("all x.(dog(x) -> animal(x))", "all x.(animal(x) -> alive(x))", "dog(rex)", "alive(rex)"),
}
SENTENCES = ("Every dog is an animal.", "Every animal is alive.", "Rex is a dog.", "Rex is alive.")


def _scalar(s: str, style: str) -> str:
    if style == "double":
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if style == "single":
        return "'" + s.replace("'", "''") + "'"
    return s


def _list(key: str, items, style: str, indent: int, dash_at_key: bool) -> str:
    pad = " " * (0 if dash_at_key else indent)
    if style == "block":
        return f"{key}: |\n" + "".join(" " * indent + s + "\n" for s in items)
    if style == "flow":
        return f"{key}: [" + ", ".join(_scalar(s, "double") for s in items) + "]\n"
    return f"{key}:\n" + "".join(f"{pad}- {_scalar(s, style)}\n" for s in items)


def document(shape: str, f, style: str, indent: int = 2, dash_at_key: bool = False) -> str:
    premises, goal = list(f[:3]), f[3]
    one = "double" if style in ("block", "flow") else style
    if shape == "premises":
        return _list("premises", premises, style, indent, dash_at_key) + \
            f"conclusion: {_scalar(goal, one)}\n"
    if shape == "axioms-goal":
        return "# the translation\n" + _list("axioms", premises, style, indent, dash_at_key) + \
            f"goal: {_scalar(goal, one)}  # to prove\nanswer: True\n"
    if shape == "facts-rules":
        return _list("rules", premises[:2], style, indent, dash_at_key) + \
            _list("facts", premises[2:], style, indent, dash_at_key) + f"query: {_scalar(goal, one)}\n"
    pad = " " * indent
    if shape == "pairs":            # a list of sentence/formula mappings
        return "translations:\n" + "".join(
            f"{pad}- nl: {s}\n{pad}  fol: {_scalar(x, one)}\n" for s, x in zip(SENTENCES, premises)) + \
            f"conclusion:\n{pad}nl: {SENTENCES[3]}\n{pad}fol: {_scalar(goal, one)}\n"
    if shape == "list":             # a top-level list of mappings
        return "".join(f"- sentence: {s}\n  formula: {_scalar(x, one)}\n"
                       for s, x in zip(SENTENCES, premises)) + \
            f"- question: {SENTENCES[3]}\n  formula: {_scalar(goal, one)}\n"
    raise ValueError(shape)


STYLES = ("double", "single", "block", "flow", "plain")   # plain: unquoted scalars


def replies():
    for shape, notation, style, layout, fence in itertools.product(
            ("premises", "axioms-goal", "facts-rules", "pairs", "list"), NOTATIONS, STYLES,
            ("indent2", "indent4", "dash-at-key"), ("none", "yaml", "yml", "tilde", "plain")):
        if shape in ("pairs", "list") and style in ("block", "flow"):
            continue            # (their formulas are scalars of mappings: the quoting styles)
        if shape == "facts-rules" and style == "plain" and fence in ("none", "plain"):
            continue            # (unfenced `Facts:`/`Rules:` lists are the plain layout: not YAML)
        doc = document(shape, NOTATIONS[notation], style, 4 if layout == "indent4" else 2,
                       layout == "dash-at-key")
        if fence == "yaml":
            doc = "Here is the translation as YAML:\n\n```yaml\n" + doc + "```\n\nThe conclusion follows."
        elif fence == "yml":
            doc = "```YML\n" + doc + "```\n"
        elif fence == "tilde":
            doc = "The translation:\n~~~ yaml\n" + doc + "~~~\n"
        elif fence == "plain":
            doc = "---\n" + doc + "...\n"
        yield pytest.param(doc, id=f"{shape}-{notation}-{style}-{layout}-{fence}")


def _read(reply: str):
    from sedac.readers import read_program
    return read_program(reply, "<reply>", "auto", strict=True)


@pytest.mark.parametrize("reply", list(replies()))
def test_a_yaml_reply_is_read_from_its_scalars(reply):
    from sedac.engine import analyse
    from sedac.truth import truth_from_text
    program = _read(reply)
    rep = analyse(program, truth_from_text(TEXT + " Rex is alive."), "full", "z3")
    assert rep.answer["open_world"] == "True", [(d.code, d.message) for d in rep.diagnostics]
    wrong = [d for d in rep.diagnostics if d.category not in ("communication", "omission")]
    assert not wrong, [(d.code, d.message) for d in wrong]
    assert len(program.statements) == 3 and len(program.queries) == 1, \
        [(c.kind, c.text) for c in program.clauses]
    for c in program.clauses:                        # each clause points into the YAML itself
        assert reply[c.span.start:c.span.end] == c.text, (c.text, reply[c.span.start:c.span.end])


def test_plain_lists_under_a_label_are_not_taken_for_yaml():
    """`Premises:` over `- ∀x ...` lines is the layout the reply layer reads already."""
    from sedac.reply_json import unwrap
    assert unwrap("Premises:\n- ∀x (Dog(x) → Animal(x))\n- Dog(rex)\nConclusion: Animal(rex)\n") is None
    assert unwrap("Premises:\n- P1: ∀x (Dog(x) → Animal(x))\n- P2: Dog(rex)\n- C: Animal(rex)\n") is None


@pytest.mark.parametrize("data", ["name: rex\nage: 3\n", 'dogs:\n  - "rex"\n  - "fido"\n',
                                  'title: "A (short) note"\nauthor: me\n'])
def test_yaml_data_is_no_program(data):
    from sedac.reply_json import unwrap
    assert unwrap(data) is None


def _fixed(reply: str):
    from sedac.engine import analyse
    from sedac.truth import truth_from_text
    rep = analyse(_read(reply), truth_from_text("Every dog is an animal. Rex is a dog. Rex is an animal."),
                  "full", "z3")
    text, _, notes = rep.verified(False)
    return text, rep.diagnostics + notes


@pytest.mark.parametrize("style", ["double", "single", "plain-pairs", "block", "plain-fenced",
                                   "plain-fenced-comment"])
def test_a_fix_inside_a_scalar_keeps_the_document_the_same_yaml(style):
    if style == "plain-pairs":
        reply = ("translations:\n  - nl: Every dog is an animal.\n    fol: ∀x (Dogs(x) → Animal(x))\n"
                 "  - nl: Rex is a dog.\n    fol: 'Dogs(rex)'\nconclusion: \"Animal(rex)\"\n")
    elif style.startswith("plain-fenced"):     # a ```yaml fence over unquoted scalars
        note = "# the premises\n" if style.endswith("comment") else ""
        reply = ("```yaml\n" + note + _list("premises", ["∀x (Dogs(x) → Animal(x))", "Dogs(rex)"], "plain",
                                             2, False) + "conclusion: Animal(rex)\n```\n")
    elif style == "block":
        reply = "premises: |\n  ∀x (Dogs(x) → Animal(x))\n  Dogs(rex)\nconclusion: \"Animal(rex)\"\n"
    else:
        reply = _list("premises", ["∀x (Dogs(x) → Animal(x))", "Dogs(rex)"], style, 2, False) + \
            f"conclusion: {_scalar('Animal(rex)', style)}\n"
    fixed, diags = _fixed(reply)
    assert any(d.code.startswith("R") for d in diags), [(d.code, d.message) for d in diags]
    assert "Dogs" not in fixed and fixed.count("Dog(") == 2, fixed
    again, diags2 = _fixed(fixed)
    assert again == fixed, again                  # a second --fix changes nothing
    yaml = pytest.importorskip("yaml")
    if style.startswith("plain-fenced"):
        reply, fixed = ("".join(x for x in t.splitlines(True) if "```" not in x) for t in (reply, fixed))
    before, after = yaml.safe_load(reply), yaml.safe_load(fixed)
    assert set(before) == set(after)
    assert str(after).replace("Dog(", "Dogs(") == str(before)


def test_a_fix_of_an_escaped_scalar_is_withheld_and_the_document_kept():
    reply = 'premises:\n  - "\\u2200x (Dogs(x) \\u2192 Animal(x))"\n  - "Dog(rex)"\nconclusion: "Animal(rex)"\n'
    fixed, diags = _fixed(reply)
    assert fixed == reply
    assert any(d.code == "F001" and "YAML document" in d.message for d in diags), \
        [(d.code, d.message) for d in diags]


def test_prose_around_a_yaml_block_and_comments_in_it():
    reply = ("Sure, here it is:\n\n```yaml\n# premises first\npremises:\n  - \"∀x (Dog(x) → Animal(x))\"  # sentence 1\n"
             "  - \"Dog(rex)\"\nconclusion: \"Animal(rex)\"\n```\n")
    fixed, diags = _fixed(reply)
    inside = [d for d in diags if d.category == "communication" and 4 <= d.span.line <= 7]
    assert all(d.fix is None for d in inside), inside
    doc = reply[reply.index("# premises"):reply.index("```\n", 30)]
    assert doc in fixed                              # the document is left as it is
    assert any(d.code.startswith("C") and d.fix is not None for d in diags)   # the prose is not
