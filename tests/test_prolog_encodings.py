"""A Prolog program that encodes its logic as data for a meta-interpreter
(`fact(pos(red(bob)))`, `rule(pos(big(X)), [pos(red(X)), neg(cold(X))])`, `holds/1`): read as
the logic it encodes (`sedac.align.represent`, one more representation), the interpreter's
own clauses never read as premises, the question asked through it read as the literal; and
a fix written back in the encoding, so the fixed file still loads and runs the same way."""
from __future__ import annotations

import itertools
import subprocess

import pytest

TEXT = ("Bob is red. Bob is not cold. Anne is cold. All red things are kind. "
        "If something is kind and not cold then it is big.")
QUESTION = "Bob is big."

INTERPRETERS = {
    "all-hold": "holds(G) :- fact(G).\nholds(H) :- rule(H, Body), all_hold(Body).\n"
                "all_hold([]).\nall_hold([G|Gs]) :- holds(G), all_hold(Gs).\n",
    "forall": "holds(G) :- fact(G).\nholds(H) :- rule(H, Body), forall(member(B, Body), holds(B)).\n",
    "maplist": "prove(G) :- fact(G).\nprove(H) :- rule(H, Body), maplist(prove, Body).\n",
}


def _lit(pred: str, arg: str, sign: str, wrap: str) -> str:
    if wrap == "triple":          # a literal in another representation, inside the encoding
        t = f"triple({arg}, is, {pred})"
        return t if sign == "+" else f"neg({t})"
    if wrap == "prop":
        return f"prop({arg}, {pred}, {'true' if sign == '+' else 'false'})"
    if wrap == "pos-neg":
        return f"{'pos' if sign == '+' else 'neg'}({pred}({arg}))"
    return f"{pred}({arg})" if sign == "+" else f"neg({pred}({arg}))"


def program(wrap: str, interp: str, ask: str, layout: str) -> str:
    def L(p, a, s="+"):
        return _lit(p, a, s, wrap)
    facts = [L("red", "bob"), L("cold", "bob", "-"), L("cold", "anne")]
    rules = [(L("kind", "X"), [L("red", "X")]), (L("big", "X"), [L("kind", "X"), L("cold", "X", "-")])]
    sep = "\n" if layout == "blank-lines" else ""
    out = "% facts\n" if layout != "bare" else ""
    bare = wrap in ("triple", "prop")     # (facts in their own representation, called as goals)
    out += "".join(f"{f}.\n" if bare else f"fact({f}).\n" for f in facts) + sep
    if layout != "bare":
        out += "% rules\n"
    out += "".join(f"rule({h}, [{', '.join(b)}]).\n" for h, b in rules) + sep
    out += (INTERPRETERS[interp].replace(":- fact(G)", ":- call(G)") if bare else INTERPRETERS[interp]) + sep
    name = "prove" if interp == "maplist" else "holds"
    goal = f"{name}({L('big', 'bob')})"
    if ask == "query":
        out += f"?- {goal}.\n"
    elif ask == "main":
        out += f"main :- ( {goal} -> write(true) ; write(false) ), nl.\n"
    elif ask == "init":         # the goal inline in an initialization directive
        out += f":- initialization(( {goal} -> writeln(true) ; writeln(false) )).\n"
    return out


def programs():
    for wrap, interp, ask, layout in itertools.product(
            ("pos-neg", "neg-only", "triple", "prop"), INTERPRETERS, ("query", "main", "init"),
            ("comments", "blank-lines", "bare")):
        yield pytest.param(program(wrap, interp, ask, layout), id=f"{wrap}-{interp}-{ask}-{layout}")


def _read(text: str):
    from sedac.readers import read_program
    return read_program(text, "x.pl", "auto", strict=True)


def _report(text: str):
    from sedac.engine import analyse
    from sedac.truth import truth_from_text
    return analyse(_read(text), truth_from_text(f"{TEXT} {QUESTION}"), "full", "z3")


@pytest.mark.parametrize("text", list(programs()))
def test_an_encoded_program_is_read_as_the_logic_it_encodes(text):
    rep = _report(text)
    assert rep.answer["open_world"] == "True", [(d.code, d.message) for d in rep.diagnostics]
    wrong = [d for d in rep.diagnostics if d.category not in ("communication", "omission")
             and d.code != "E009"]          # (the warning that initialization runs on load)
    assert not wrong, [(d.code, d.message) for d in wrong]
    assert not [d for d in rep.diagnostics if d.code == "O001"], "a sentence the encoding says was missed"
    absorbed = rep.program.reading.absorbed
    for n, line in enumerate(text.split("\n"), start=1):   # the interpreter is never a premise
        if line.startswith(("holds(", "prove(", "all_hold(")):
            assert n in absorbed, (n, line, absorbed)


def _fixed(text: str):
    rep = _report(text)
    fixed, _, notes = rep.verified(True)
    return fixed, rep.diagnostics + notes


@pytest.mark.parametrize("wrap", ["pos-neg", "neg-only", "triple", "prop"])
@pytest.mark.parametrize("interp", list(INTERPRETERS))
def test_a_fix_is_written_in_the_encoding_and_the_program_still_runs(wrap, interp, tmp_path):
    good = program(wrap, interp, "main", "comments")
    bad = good.replace(f"{_lit('cold', 'bob', '-', wrap)}).", f"{_lit('cold', 'bob', '+', wrap)}).") \
        .replace(f"rule({_lit('kind', 'X', '+', wrap)}, [{_lit('red', 'X', '+', wrap)}])",
                 f"rule({_lit('red', 'X', '+', wrap)}, [{_lit('kind', 'X', '+', wrap)}])")
    assert bad != good
    fixed, diags = _fixed(bad)
    assert fixed == good, (fixed, [(d.code, d.message) for d in diags])
    again, _ = _fixed(fixed)
    assert again == fixed                        # a second --fix changes nothing
    path = tmp_path / "fixed.pl"
    path.write_text(fixed)
    run = subprocess.run(["swipl", "-q", "-g", f"consult('{path}'), main", "-t", "halt"],
                         capture_output=True, text=True, timeout=30)
    assert run.stdout.strip() == "true", run


def test_a_fix_the_encoding_cannot_say_is_not_written_plainly():
    """A disjunctive fact has no `rule(Head, Body)` form: never a plain clause the interpreter
    would not see."""
    from sedac.align.readings import to_program
    from sedac.fol import Atom, Const, Or
    rep = _report(program("pos-neg", "all-hold", "query", "comments"))
    f = Or((Atom("red", (Const("anne"),)), Atom("kind", (Const("anne"),))))
    back = to_program(f, rep.program)
    assert back == f or "rule" in str(back) or "fact" in str(back)


def test_the_safe_fix_of_an_encoded_file_changes_nothing_it_should_not():
    """`--fix` on a correct encoded file with an interpreter writes nothing (the file's
    clauses are data and machinery, none prose)."""
    text = program("pos-neg", "all-hold", "main", "comments") + ":- initialization(main).\n"
    rep = _report(text)
    fixed, _, _ = rep.verified(False)
    assert fixed == text


REPORTERS = {       # a three-valued answer over the interpreter: its machinery, never a premise
    "cuts": "answer(pos(A), true) :- {p}(pos(A)), !.\nanswer(pos(A), false) :- {p}(neg(A)), !.\n"
            "answer(neg(A), true) :- {p}(neg(A)), !.\nanswer(neg(A), false) :- {p}(pos(A)), !.\n"
            "answer(_, unknown).\n",
    "if-then": "status(L, V) :- ( {p}(pos(L)) -> V = yes ; {p}(neg(L)) -> V = no ; V = unknown ).\n",
    "not": "truth(not(G), true) :- {p}(neg(G)).\ntruth(G, true) :- {p}(pos(G)).\ntruth(_, unknown).\n",
}


ASKED = {"cuts": "answer(pos(big(bob)), V)", "if-then": "status(big(bob), V)", "not": "truth(big(bob), V)"}


@pytest.mark.parametrize("interp,reporter,ask", list(itertools.product(
    INTERPRETERS, REPORTERS, ("query", "main", "init-reporter", "query-reporter", "main-reporter"))))
def test_a_reporter_over_literal_variables_is_the_interpreters(interp, reporter, ask):
    text = program("pos-neg", interp, ask if ask in ("query", "main") else "none", "comments")
    name = "prove" if interp == "maplist" else "holds"
    extra = REPORTERS[reporter].replace("{p}", name)
    text = text.replace("% rules\n", extra + "% rules\n")
    asked = ASKED[reporter]              # the question put to the reporter itself
    if ask == "init-reporter":
        text += f':- initialization(( {asked}, format("Bob is big: ~w~n", [V]) )).\n'
    elif ask == "query-reporter":
        text += f"?- {asked}.\n"
    elif ask == "main-reporter":
        text += f"main :- {asked}, write(V), nl.\n"
    rep = _report(text)
    assert rep.answer["open_world"] == "True", [(d.code, d.message) for d in rep.diagnostics]
    wrong = [d for d in rep.diagnostics if d.category not in ("communication", "omission")
             and d.code != "E009"]
    assert not wrong, [(d.code, d.message) for d in wrong]
    absorbed = rep.program.reading.absorbed
    for n, line in enumerate(text.split("\n"), start=1):
        if line.startswith(("answer(", "status(", "truth(")):
            assert n in absorbed, (n, line, absorbed)
