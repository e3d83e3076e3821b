"""A reply written as a Z3 Python script (`sedac.reply_z3`): read with `ast`, never run; its
assertions are the program's statements and the claim it checks its question, in every way
of declaring, asserting and checking a model writes; and a fix is written back as z3py (the
script still parses) or withheld with a note."""
from __future__ import annotations

import ast
import itertools

import pytest

TEXT = "Every dog is an animal. Every animal is alive. Rex is a dog."


def _decls(style: str, z: str) -> str:
    q = '"' if style == "double" else "'"
    head = "import z3\n\n" if z else "from z3 import *\n\n"
    out = head + f"Obj = {z}DeclareSort({q}Obj{q})\n"
    for p in ("Dog", "Animal", "Alive"):
        out += f"{p} = {z}Function({q}{p}{q}, Obj, {z}BoolSort())\n"
    if style == "consts":
        out += f"rex, x = {z}Consts({q}rex x{q}, Obj)\n"
    else:
        out += f"rex = {z}Const({q}rex{q}, Obj)\nx = {z}Const({q}x{q}, Obj)\n"
    return out


def _premises(form: str, z: str) -> tuple[list[str], str]:
    """(the premises as z3py expressions, how the script asserts them)."""
    f1 = f"{z}ForAll([x], {z}Implies(Dog(x), Animal(x)))"
    f2 = f"{z}ForAll(x, {z}Implies(Animal(x), Alive(x)))" if form != "wrapped" else \
        f"{z}ForAll([x],\n          {z}Implies(Animal(x),\n                  Alive(x)))"
    f3 = "Dog(rex)"
    exprs = [f1, f2, f3]
    if form in ("each", "wrapped"):
        return exprs, "".join(f"s.add({e})\n" for e in exprs)
    if form == "one-add":
        return exprs, "s.add(" + ", ".join(exprs) + ")\n"
    if form == "list":
        return exprs, "premises = [\n" + "".join(f"    {e},  # premise\n" for e in exprs) + "]\ns.add(premises)\n"
    if form == "named":
        return exprs, "".join(f"p{i} = {e}\n" for i, e in enumerate(exprs, 1)) + "s.add(p1, p2, p3)\n"
    raise ValueError(form)


def _check(form: str, z: str, goal: str = "Alive(rex)") -> str:
    if form == "negated-goal":
        return f"goal = {goal}\ns.add({z}Not(goal))\nif s.check() == {z}unsat:\n    print('True')\nelse:\n    print('Unknown')\n"
    if form == "prove":
        return f"conclusion = {goal}\n{z}prove(conclusion)\n"
    if form == "push-pop":
        return (f"claim = {goal}\ns.push()\ns.add({z}Not(claim))\nproved = s.check() == {z}unsat\ns.pop()\n"
                f"s.push()\ns.add(claim)\nrefuted = s.check() == {z}unsat\ns.pop()\n"
                "print('True' if proved else 'False' if refuted else 'Unknown')\n")
    if form == "inline":
        return f"s.add({z}Not({goal}))\nresult = s.check()\nprint('True' if result == {z}unsat else 'Unknown')\n"
    raise ValueError(form)


def script(decl: str, premises: str, check: str, z: str) -> str:
    _, adds = _premises(premises, z)
    return _decls(decl, z) + f"\ns = {z}Solver()\n" + adds + "\n" + _check(check, z)


def replies():
    for decl, premises, check, z, fence in itertools.product(
            ("single", "double", "consts"), ("each", "one-add", "list", "named", "wrapped"),
            ("negated-goal", "prove", "push-pop", "inline"), ("", "z3."),
            ("none", "python", "untagged", "prose")):
        if fence in ("untagged", "prose") and decl != "single":
            continue
        text = script(decl, premises, check, z)
        if fence == "python":
            text = "Here is the Z3 encoding:\n\n```python\n" + text + "```\n\nRunning it prints True."
        elif fence == "untagged":
            text = "```\n" + text + "```\n"
        elif fence == "prose":          # a bare script with the model's prose around it
            text = "Sure! Here is the Z3 code:\n\n" + text + "\nRunning it prints True, so the answer is True.\n"
        yield pytest.param(text, id=f"{decl}-{premises}-{check}-{'z3.' if z else 'star'}-{fence}")


def _read(reply: str):
    from sedac.readers import read_program
    return read_program(reply, "<reply>", "auto", strict=True)


@pytest.mark.parametrize("reply", list(replies()))
def test_a_z3py_script_is_read_as_its_assertions_and_its_claim(reply):
    from sedac.engine import analyse
    from sedac.truth import truth_from_text
    program = _read(reply)
    assert len(program.statements) == 3 and len(program.queries) == 1, \
        [(c.kind, c.text) for c in program.clauses]
    rep = analyse(program, truth_from_text(TEXT + " Rex is alive."), "full", "z3")
    assert rep.answer["open_world"] == "True", [(d.code, d.message) for d in rep.diagnostics]
    wrong = [d for d in rep.diagnostics if d.category not in ("communication", "omission")]
    assert not wrong, [(d.code, d.message) for d in wrong]


def test_two_solvers_one_given_the_negated_claim():
    reply = _decls("single", "") + (
        "premises = [ForAll([x], Implies(Dog(x), Animal(x))), ForAll([x], Implies(Animal(x), Alive(x))), Dog(rex)]\n"
        "s1 = Solver()\ns1.add(premises)\ns1.add(Not(Alive(rex)))\n"
        "s2 = Solver()\ns2.add(premises)\ns2.add(Alive(rex))\n"
        "print(s1.check(), s2.check())\n")
    program = _read(reply)
    assert len(program.statements) == 3 and len(program.queries) == 1, \
        [(c.kind, c.text) for c in program.clauses]


def test_a_negated_premise_is_no_question_without_a_test_for_unsat():
    reply = _decls("single", "") + "s = Solver()\ns.add(Dog(rex))\ns.add(Not(Alive(rex)))\nprint(s.check())\n"
    program = _read(reply)
    assert len(program.statements) == 2 and not program.queries


def test_the_script_is_never_run(tmp_path):
    marker = tmp_path / "ran"
    reply = _decls("single", "") + f"open({str(marker)!r}, 'w').write('x')\ns = Solver()\ns.add(Dog(rex))\n"
    _read(reply)
    assert not marker.exists()


def _fixed(reply: str, text: str, unsafe: bool = True):
    from sedac.engine import analyse
    from sedac.truth import truth_from_text
    rep = analyse(_read(reply), truth_from_text(text), "full", "z3")
    fixed, _, notes = rep.verified(unsafe)
    return fixed, rep.diagnostics + notes


@pytest.mark.parametrize("premises", ["each", "one-add", "list", "named", "wrapped"])
@pytest.mark.parametrize("z", ["", "z3."])
def test_a_deep_fix_is_written_back_as_z3py(premises, z):
    """A reversed rule (D3) fixed in z3py, in the script's own names and variables."""
    reply = script("single", premises, "negated-goal", z).replace(
        "Implies(Dog(x), Animal(x))", "Implies(Animal(x), Dog(x))")
    fixed, diags = _fixed(reply, TEXT + " Rex is alive.")
    assert any(d.code == "D3" for d in diags), [(d.code, d.message) for d in diags]
    ast.parse(fixed)                                  # still a script
    assert f"{z}ForAll([x], {z}Implies(Dog(x), Animal(x)))" in fixed, fixed
    assert fixed.replace(f"{z}ForAll([x], {z}Implies(Dog(x), Animal(x)))", "") == \
        reply.replace(f"{z}ForAll([x], {z}Implies(Animal(x), Dog(x)))", "")   # nothing else changed
    again, _ = _fixed(fixed, TEXT + " Rex is alive.")
    assert again == fixed                             # a second --fix changes nothing


def _dogs(declared: str) -> str:
    return _decls("single", "").replace("Dog = Function('Dog', Obj, BoolSort())", declared) + \
        "s = Solver()\ns.add(ForAll([x], Implies(Dogs(x), Animal(x))))\ns.add(Dogs(rex))\n" \
        "goal = Animal(rex)\nprove(goal)\n"


def test_a_safe_fix_in_declared_names_is_written():
    reply = _dogs("Dog = Function('Dog', Obj, BoolSort())\nDogs = Function('Dogs', Obj, BoolSort())")
    fixed, diags = _fixed(reply, "Every dog is an animal. Rex is a dog. Rex is an animal.", unsafe=False)
    assert "s.add(ForAll([x], Implies(Dog(x), Animal(x))))" in fixed and "s.add(Dog(rex))" in fixed, fixed
    ast.parse(fixed)


def test_a_fix_that_needs_a_name_the_script_lacks_is_withheld_with_a_note():
    reply = _dogs("Dogs = Function('Dogs', Obj, BoolSort())")
    fixed, diags = _fixed(reply, "Every dog is an animal. Rex is a dog. Rex is an animal.", unsafe=False)
    assert fixed == reply
    notes = [d for d in diags if d.code == "F001"]
    assert notes and all("z3py script" in d.message for d in notes), [(d.code, d.message) for d in diags]


def test_prose_around_a_fenced_script_is_commented_and_the_script_kept():
    body = script("single", "each", "negated-goal", "")
    reply = "Sure! Here is my Z3 code:\n\n```python\n" + body + "```\n"
    fixed, diags = _fixed(reply, TEXT + " Rex is alive.", unsafe=False)
    assert body in fixed
    inside = [d for d in diags if d.fix is not None and 4 <= d.span.line <= 3 + body.count("\n")]
    assert not inside, inside


def test_the_prose_around_a_bare_script_is_made_python_comments():
    body = script("single", "each", "negated-goal", "")
    reply = "Sure! Here is the Z3 code:\n\n" + body + "\nIt prints True.\n"
    fixed, diags = _fixed(reply, TEXT + " Rex is alive.", unsafe=False)
    assert body in fixed and fixed != reply
    ast.parse(fixed)                       # the fixed reply is the script, and it runs
    again, _ = _fixed(fixed, TEXT + " Rex is alive.", unsafe=False)
    assert again == fixed


# ---------------------------------------------------------------- a vocabulary built by Python

_NAMES = ("Dog", "Animal", "Alive")


def _built_decls(decl: str) -> str:
    """The predicates declared by the script's own Python, not one `Function` a name."""
    out = "from z3 import *\n\nObj = DeclareSort('Obj')\nrex = Const('rex', Obj)\nx = Const('x', Obj)\n"
    if decl == "dict":
        return out + "names = ['Dog', 'Animal', 'Alive']\nP = {n: Function(n, Obj, BoolSort()) for n in names}\n"
    if decl == "helper":
        return out + ("def preds(*names):\n    return [Function(n, Obj, BoolSort()) for n in names]\n\n"
                      "Dog, Animal, Alive = preds('Dog', 'Animal', 'Alive')\n")
    if decl == "map-lambda":
        return out + "F = lambda name: Function(name, Obj, BoolSort())\nDog, Animal, Alive = map(F, 'Dog Animal Alive'.split())\n"
    if decl == "dict-fstring":
        return out + "P = {}\nfor n in ['Dog', 'Animal', 'Alive']:\n    pass\n" \
            "P = dict((n, Function(f'{n}', Obj, BoolSort())) for n in ['Dog', 'Animal', 'Alive'])\n"
    raise ValueError(decl)


def _built_premises(decl: str, form: str) -> str:
    def p(name, arg):
        return f"P['{name}']({arg})" if decl.startswith("dict") else f"{name}({arg})"
    f1 = f"ForAll([x], Implies({p('Dog', 'x')}, {p('Animal', 'x')}))"
    f2 = f"ForAll(x, Implies({p('Animal', 'x')}, {p('Alive', 'x')}))"
    f3 = p("Dog", "rex")
    if form == "each":
        return f"s.add({f1})\ns.add({f2})\ns.add({f3})\n"
    if form == "helper-fn":                   # a function that builds each rule
        arg = (lambda n: f"'{n}'") if decl.startswith("dict") else (lambda n: n)
        body = f"ForAll([x], Implies({p('a', 'x')}, {p('b', 'x')}))".replace("P['a']", "P[a]") \
            .replace("P['b']", "P[b]")
        return (f"def every(a, b):\n    return {body}\n\n"
                f"s.add(every({arg('Dog')}, {arg('Animal')}))      # Every dog is an animal.\n"
                f"s.add(every({arg('Animal')}, {arg('Alive')}))    # Every animal is alive.\n"
                f"s.add({f3})\n")
    if form == "pairs-loop":                  # (sentence, formula) pairs, added in a loop
        return (f"premises = [\n    ('Every dog is an animal.', {f1}),\n"
                f"    ('Every animal is alive.', {f2}),\n    ('Rex is a dog.', {f3}),\n]\n"
                "for _, f in premises:\n    s.add(f)\n")
    if form == "concat":                      # two lists added together
        return f"rules = [{f1},\n         {f2}]\nfacts = [{f3}]\ns.add(rules + facts)\n"
    raise ValueError(form)


def built_replies():
    for decl, form, check, fence in itertools.product(
            ("dict", "helper", "map-lambda", "dict-fstring"), ("each", "helper-fn", "pairs-loop", "concat"),
            ("negated-goal", "push-pop", "inline"), ("none", "python")):
        goal = "P['Alive'](rex)" if decl.startswith("dict") else "Alive(rex)"
        text = _built_decls(decl) + "\ns = Solver()\n" + _built_premises(decl, form) + "\n" + \
            _check(check, "", goal)
        if fence == "python":
            text = "The encoding:\n\n```python\n" + text + "```\n\nIt prints True."
        yield pytest.param(text, id=f"{decl}-{form}-{check}-{fence}")


@pytest.mark.parametrize("reply", list(built_replies()))
def test_a_script_whose_python_builds_its_vocabulary_is_read(reply):
    ast.parse(reply.split("```python\n")[-1].split("```")[0])      # (the generator writes Python)
    test_a_z3py_script_is_read_as_its_assertions_and_its_claim(reply)


@pytest.mark.parametrize("decl", ["dict", "helper"])
def test_a_fix_inside_an_expression_built_by_a_helper_is_withheld(decl):
    reply = _built_decls(decl) + "\ns = Solver()\n" + _built_premises(decl, "helper-fn") + "\n" + \
        _check("negated-goal", "", "P['Alive'](rex)" if decl == "dict" else "Alive(rex)")
    reply = reply.replace("s.add(every('Dog', 'Animal'))", "s.add(every('Animal', 'Dog'))") \
        .replace("s.add(every(Dog, Animal))", "s.add(every(Animal, Dog))")
    fixed, diags = _fixed(reply, TEXT + " Rex is alive.")
    assert any(d.code == "D3" for d in diags), [(d.code, d.message) for d in diags]
    ast.parse(fixed)
    assert fixed == reply, fixed          # (the helper's call has no z3py spelling of the fix)
    assert any(d.code == "F001" for d in diags), [(d.code, d.message) for d in diags]


@pytest.mark.parametrize("python", ["xs = list(range(100000000))\n", "x = 'a'\nfor i in range(60):\n    x = x + x\n",
                                    "def f(n):\n    return f(n)\ny = f(1)\n",
                                    "xs = list(range(10000))\nys = [n for n in xs for m in xs]\n",
                                    "w = '{:>900000000}'.format('a')\n"])
def test_the_scripts_own_python_never_makes_sedac_build_a_huge_value(python):
    import time
    reply = _decls("single", "") + python + "s = Solver()\ns.add(Dog(rex))\n"
    t0 = time.perf_counter()
    program = _read(reply)
    assert time.perf_counter() - t0 < 5
    assert [c.text for _, c in program.statements] == ["Dog(rex)"]


# ---------------------------------------------------------------- a clause the script never had

def _without_a_question(layout: str, z: str, premises: str) -> str:
    _, adds = _premises(premises, z)
    body = _decls("single", z) + f"\ns = {z}Solver()\n" + adds + f"print(s.check())\n"
    if layout == "python":
        return "Here is the Z3 encoding:\n\n```python\n" + body + "```\n\nIt prints sat."
    if layout == "prose":
        return "Sure! Here is the Z3 code:\n\n" + body + "\nIt prints sat."
    return body if layout == "bare" else body.rstrip("\n")


@pytest.mark.parametrize("layout", ["bare", "bare-no-newline", "python", "prose"])
@pytest.mark.parametrize("z", ["", "z3."])
@pytest.mark.parametrize("premises", ["each", "list"])
def test_a_question_the_script_never_asks_is_not_added_beside_it(layout, z, premises):
    """The text asks a question the script never checks (Q001). Its fix would add a clause of
    FOL after the script, where Python breaks on it and sedac's reading of the script never
    sees it: withheld with a note, and the script is still a script."""
    reply = _without_a_question(layout, z, premises)
    fixed, diags = _fixed(reply, TEXT + " True or false: Rex is alive.")
    assert any(d.code == "Q001" for d in diags), [(d.code, d.message) for d in diags]
    notes = [d for d in diags if d.code == "F001" and "Q001" in d.message]
    assert notes and "outside the reply's z3py script" in notes[0].message, \
        [(d.code, d.message) for d in diags]
    assert "alive(rex)" not in fixed.lower().replace("alive(rex))", "")   # no clause added
    script_part = fixed.split("```python\n")[1].split("```")[0] if layout == "python" else fixed
    ast.parse(script_part)
    again, _ = _fixed(fixed, TEXT + " True or false: Rex is alive.")
    assert again == fixed


# ---------------------------------------------------------------- a script sedac cannot read

_UNREAD = {
    # Booleans named per individual in a loop: no formula sedac can spell in place
    "per-individual": "from z3 import *\npeople = ['rex', 'fido']\nV = {}\n"
                      "for p in people:\n    for q in ['dog', 'animal']:\n"
                      "        V[p, q] = Bool(f'{p}_{q}')\ns = Solver()\n"
                      "for p in people:\n    s.add(Implies(V[p, 'dog'], V[p, 'animal']))\n"
                      "s.add(V['rex', 'dog'])\nprint(s.check(Not(V['rex', 'animal'])))\n",
    # a table of triples, each made a rule in a loop through a dict of predicates
    "triples-loop": "from z3 import *\n\nThing = DeclareSort('Thing')\nrex = Const('rex', Thing)\n"
                    "x = Const('x', Thing)\n\ntable = [\n    ('dog', 'animal', True),\n"
                    "    ('animal', 'alive', True),\n]\nnames = {a for a, _, _ in table} | "
                    "{b for _, b, _ in table}\npred = {}\nfor n in sorted(names):\n    pred.setdefault(n, Function(n, Thing, BoolSort()))\n\n"
                    "s = Solver()\nfor a, b, yes in table:\n    head = pred[b](x) if yes else Not(pred[b](x))\n"
                    "    s.add(ForAll([x], Implies(pred[a](x), head)))\n\n"
                    "s.add(pred['dog'](rex))          # Rex is a dog.\n\n"
                    "claim = pred['alive'](rex)       # Rex is alive.\n\n"
                    "if s.check(Not(claim)) == unsat:\n    print('True')\nelse:\n    print('Unknown')\n",
    # plain Python booleans, no solver at all
    "plain-python": "facts = {('dog', 'rex')}\nrules = [('dog', 'animal')]\nchanged = True\n"
                    "while changed:\n    changed = False\n    for a, b in rules:\n"
                    "        for p, x in list(facts):\n            if p == a and (b, x) not in facts:\n"
                    "                facts.add((b, x))\n                changed = True\n"
                    "print(('animal', 'rex') in facts)\n",
}


@pytest.mark.parametrize("kind", sorted(_UNREAD))
@pytest.mark.parametrize("layout", ["python", "prose-fenced", "prose-bare", "prose-arrows"])
def test_the_prose_around_a_script_sedac_cannot_read_is_left_as_it_is(kind, layout):
    """sedac reads no logic in the script: the lines around it are not judged prose and made
    comments (a guess); the file is left as it is, with a note, and stays what it was."""
    body = _UNREAD[kind]
    reply = {"python": "```python\n" + body + "```\n",
             "prose-fenced": "Here is a script that decides it.\n\n```python\n" + body +
                             "```\n\nIt prints True, so the statement follows.",
             "prose-bare": "Here is a script that decides it.\n\n" + body +
                           "\nIt prints True, so the statement follows.",
             # (prose that reads like logic: a chain of arrows)
             "prose-arrows": "Here is a compact script over `(subject, property)` pairs.\n\n"
                             "```python\n" + body + "```\n\nIt prints `True`: dog → animal → "
                             "alive, so Rex is alive."}[layout]
    from sedac.readers import read_program
    try:
        program = read_program(reply, "<reply>", "auto", strict=True)
    except Exception:
        return                       # refused as it is: nothing to write either
    if program.clauses:
        pytest.skip("sedac reads this script now: the case is covered by the tests above")
    fixed, diags = _fixed(reply, TEXT + " True or false: Rex is alive.", unsafe=False)
    assert fixed == reply, [(d.code, d.message) for d in diags]
