"""Every ASCII spelling of first-order logic people write is an entry of the spelling tables
(`sedac.notations`) over the one FOL-text grammar, read where it can only be an operator and
a name elsewhere, and written back by the file's own writer.

The generator takes problems of the project's own corpora (their ground truth, as formulas),
writes each formula with random choices from the ASCII table (a new choice for every line:
keywords in any case, `A x.`, `Ax`, `(all x y)`, `x.`/`x:`/`x,`, `->`/`=>`/`-->`/`IMPLIES`,
`~`/`!`/`-`/`not`, `T`/`true`/`$true` ...) and requires the same formulas read back and the
same answers under the three semantics.
"""
from __future__ import annotations

import random

import pytest

from sedac import notations
from sedac.atp import get_prover
from sedac.engine import analyse
from sedac.fol import (FALSE, TRUE, And, Atom, Const, Eq, Exists, Forall, Iff, Implies, Not, Or,
                       Var, Xor, substitute)
from sedac.notations import SPELLINGS, Style
from sedac.readers import read_program
from sedac.readers.foltext import FolReader, parse_formula_text

from .conftest import own_problem
from .test_notations import _nested

FORMS = ("space", "dot", "colon", "comma", "paren", "attached")
WORLDS = ("open_world", "closed_world", "forward")
PROBLEMS = [("prontoqa/fictional-3hop.json", 0), ("prontoqa/false-5hop.json", 1),
            ("prontoqa/fictional-5hop.json", 2), ("proofwriter/attributes-d3.json", 2),
            ("proofwriter/attributes-d5.json", 0), ("proofwriter/relations-d2.json", 0),
            ("proofwriter/relations-d5.json", 1)]
PROVER = get_prover("z3")


def ascii_spelling(rng: random.Random) -> dict[str, str]:
    """One random choice from each entry of the ASCII table, a quantifier form and a case."""
    out = {"@" + op: rng.choice(spellings) for op, spellings in SPELLINGS["ascii"].items()
           if spellings}
    out["@quant"] = rng.choice(FORMS)
    out["@case"] = rng.choice(["upper", "lower"])
    return out


def lower_vars(f):
    """`f` with its bound variables in lower case (`∀X` -> `∀x`): the ground truth's are
    Prolog's capitals, and `A x.`, `Ax` bind lower-case letters."""
    if isinstance(f, (Forall, Exists)):
        new = tuple(Var(v.name.lower()) for v in f.vars)
        return type(f)(new, substitute(lower_vars(f.body), dict(zip(f.vars, new))))
    if isinstance(f, Not):
        return Not(lower_vars(f.arg))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(lower_vars(a) for a in f.args))
    if isinstance(f, (Implies, Iff, Xor)):
        return type(f)(lower_vars(f.left), lower_vars(f.right))
    return f


def respelled(truth, seed: int) -> tuple[str, list]:
    """The problem's ground truth as a FOL-text program, each line spelled anew at random
    from the ASCII table, its variables in either case (glosses in the format's own `:::`);
    with the formulas it says."""
    rng = random.Random(seed)
    lines, want = ["Premises:"], []
    items = [(fact.formula, " ::: " + fact.text) for fact in truth.facts]
    for k, (f, gloss) in enumerate(items + [(truth.question, "")]):
        if k == len(items):
            lines.append("Conclusion:")
        if rng.random() < 0.6:
            f = lower_vars(f)
        lines.append(notations.write(f, "ascii", ascii_spelling(rng)) + gloss)
        want.append(f)
    return "\n".join(lines) + "\n", want


def _problem(rel: str, k: int):
    _, truth, expected = own_problem(rel, k)
    return truth, expected


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rel, k", PROBLEMS)
def test_respelled_ground_truth_reads_back_and_answers_alike(rel, k, seed):
    truth, expected = _problem(rel, k)
    text, want = respelled(truth, seed * 1000 + k)
    for line, f in zip([ln for ln in text.split("\n") if ln and not ln.endswith(":")], want):
        assert parse_formula_text(line.partition(" ::: ")[0]) == _nested(f), line
    program = read_program(text, "program.fol", "auto", vocab_hint=truth.vocab)
    assert program.lang == "fol" and program.notation == "ascii", text
    assert [c.formula for c in program.clauses] == [_nested(f) for f in want], text
    assert not [d for d in program.diagnostics if d.code[0] in "EY"], text
    report = analyse(program, truth, "full", PROVER)
    assert {w: report.answer[w] for w in WORLDS} == expected, text


# ------------------------------------------------------------------ each spelling, parsed

x, y = Var("x"), Var("y")
CAT, RED = Atom("cat", (x,)), Atom("red", (x,))
RULE = Forall((x,), Implies(CAT, Not(RED)))


@pytest.mark.parametrize("text", [
    "ALL x (Cat(x) -> ~Red(x))", "All x. Cat(x) => !Red(x)", "FORALL x: Cat(x) --> -Red(x)",
    "ForAll x (Cat(x) IMPLIES NOT Red(x))", "forall x, Cat(x) -> not Red(x)",
    "all x, Cat(x) -> ~Red(x)", "A x. Cat(x) -> ~Red(x)", "A x (Cat(x) -> ~Red(x))",
    "Ax (Cat(x) -> ~Red(x))", "Ax. Cat(x) -> ~Red(x)", "A x: Cat(x) -> ~Red(x)",
    "A x, Cat(x) -> ~Red(x)", "(all x)(Cat(x) -> ~Red(x))", "(all x) (Cat(x) -> -Red(x))",
    "(A x)(Cat(x) -> ~Red(x))", "(ALL x)(Cat(x) => ~Red(x))", "all x (cat(x) -> -red(x))",
    "For all x, Cat(x) -> ~Red(x)", "for all x: Cat(x) Implies Not Red(x)",
    "forall x (Cat(x) -> Not(Red(x)))",
    "forall x (Cat(x) -> (Red(x) -> F))", "forall x (Cat(x) -> (Red(x) -> false))",
    "forall x (Cat(x) -> (Red(x) -> FALSE))", "forall x (Cat(x) -> (Red(x) -> $F))",
])
def test_universal_spellings(text):
    want = RULE
    if "->" in text and "F" in text.upper().split("->")[-1] or "$F" in text:
        want = Forall((x,), Implies(CAT, Implies(RED, FALSE)))
    assert parse_formula_text(text) == want, text


@pytest.mark.parametrize("text", [
    "EXISTS x (Cat(x) & Red(x))", "exists x. Cat(x) && Red(x)", "Exists x: Cat(x) /\\ Red(x)",
    "some x (Cat(x) AND Red(x))", "SOME x, Cat(x) & Red(x)", "Some x. Cat(x) and Red(x)",
    "E x. Cat(x) & Red(x)", "E x (Cat(x) & Red(x))", "Ex (Cat(x) & Red(x))",
    "(exists x)(Cat(x) & Red(x))", "(E x)(Cat(x) & Red(x))", "(some x) (Cat(x) & Red(x))",
    "There exists x: Cat(x) And Red(x)", "there exists x, Cat(x) & Red(x)",
])
def test_existential_spellings(text):
    assert parse_formula_text(text) == Exists((x,), And((CAT, RED))), text


@pytest.mark.parametrize("text", [
    "(all x y)(R(x, y) -> S(y, x))", "(all x, y)(R(x, y) -> S(y, x))",
    "(all x)(all y)(R(x, y) -> S(y, x))", "all x all y (R(x, y) -> S(y, x))",
    "ALL x ALL y. R(x, y) -> S(y, x)", "A x A y. R(x, y) -> S(y, x)", "Ax Ay (R(x, y) -> S(y, x))",
    "forall x, y, R(x, y) -> S(y, x)", "forall x, y. R(x, y) -> S(y, x)",
    "FORALL x y: R(x, y) -> S(y, x)",
])
def test_several_variables(text):
    r, s = Atom("r", (x, y)), Atom("s", (y, x))
    assert parse_formula_text(text) == Forall((x,), Forall((y,), Implies(r, s))), text


@pytest.mark.parametrize("a, b", [
    ("P(rex) -> Q(rex)", "P(rex) => Q(rex)"), ("P(rex) -> Q(rex)", "P(rex) --> Q(rex)"),
    ("P(rex) -> Q(rex)", "P(rex) IMPLIES Q(rex)"), ("P(rex) -> Q(rex)", "P(rex) implies Q(rex)"),
    ("P(rex) <-> Q(rex)", "P(rex) <=> Q(rex)"), ("P(rex) <-> Q(rex)", "P(rex) IFF Q(rex)"),
    ("P(rex) & Q(rex)", "P(rex) && Q(rex)"), ("P(rex) & Q(rex)", "P(rex) /\\ Q(rex)"),
    ("P(rex) & Q(rex)", "P(rex) AND Q(rex)"), ("P(rex) | Q(rex)", "P(rex) || Q(rex)"),
    ("P(rex) | Q(rex)", "P(rex) \\/ Q(rex)"), ("P(rex) | Q(rex)", "P(rex) OR Q(rex)"),
    ("P(rex) | Q(rex)", "P(rex) v Q(rex)"), ("P(rex) xor Q(rex)", "P(rex) XOR Q(rex)"),
    ("P(rex) xor Q(rex)", "P(rex) Xor Q(rex)"), ("P(rex) xor Q(rex)", "P(rex) <+> Q(rex)"),
    ("P(rex) & Q(rex)", "P(rex) And Q(rex)"), ("P(rex) | Q(rex)", "P(rex) Or Q(rex)"),
    ("P(rex) -> Q(rex)", "P(rex) Implies Q(rex)"), ("P(rex) -> Q(rex)", "P(rex) ==> Q(rex)"),
    ("P(rex) <-> Q(rex)", "P(rex) <==> Q(rex)"), ("P(rex) <-> Q(rex)", "P(rex) Iff Q(rex)"),
    ("P(rex) <-> Q(rex)", "P(rex) <--> Q(rex)"), ("~P(rex)", "Not P(rex)"),
    ("~P(rex)", "Not(P(rex))"), ("x != y", "x =/= y"), ("x != y", "x /= y"),
    ("x != y", "~(x = y)"),
    ("~P(rex)", "!P(rex)"), ("~P(rex)", "-P(rex)"), ("~P(rex)", "not P(rex)"),
    ("~P(rex)", "NOT P(rex)"), ("~P(rex)", "~ P(rex)"),
    ("P(rex) -> $true", "P(rex) -> T"), ("P(rex) -> $true", "P(rex) -> true"),
    ("P(rex) -> $true", "P(rex) -> TRUE"), ("P(rex) -> $true", "P(rex) -> True"),
    ("P(rex) -> $false", "P(rex) -> F"), ("P(rex) -> $false", "P(rex) => false"),
    ("P(rex) -> $false", "P(rex) ==> False"),
])
def test_connective_spellings(a, b):
    assert parse_formula_text(a) == parse_formula_text(b), (a, b)


def test_one_letter_operators_are_names_where_no_operator_fits():
    """`A`, `E`, `T`, `F` and `v` are also the names people give predicates and propositions:
    an operator only where one fits, and a one-letter quantifier only before a variable its
    body uses."""
    a, e = Atom("a", (x,)), Atom("e", (x,))
    assert parse_formula_text("forall x (A(x) -> E(x))") == Forall((x,), Implies(a, e))
    assert parse_formula_text("A(rex) & E(rex)") == And((Atom("a", (Const("rex"),)),
                                                         Atom("e", (Const("rex"),))))
    assert parse_formula_text("A v B") == Or((Atom("a"), Atom("b")))
    assert parse_formula_text("E -> A") == Implies(Atom("e"), Atom("a"))
    assert parse_formula_text("A & E") == And((Atom("a"), Atom("e")))
    assert parse_formula_text("T(rex) | F(rex)") == Or((Atom("t", (Const("rex"),)),
                                                        Atom("f", (Const("rex"),))))
    assert parse_formula_text("E x E(x)") == Exists((x,), e)        # quantifier, then a name
    assert parse_formula_text("A x A(x)") == Forall((x,), a)
    assert parse_formula_text("Ex (x)") == Atom("ex", (x,))         # nothing uses x: a name
    assert parse_formula_text("Axiom(rex)") == Atom("axiom", (Const("rex"),))
    assert parse_formula_text("Exciting(x) -> T") == Implies(Atom("exciting", (x,)), TRUE)
    assert parse_formula_text("true = x") == Eq(Const("true"), x)     # a term, not ⊤
    assert parse_formula_text("T") == TRUE and parse_formula_text("F") == FALSE
    assert parse_formula_text("~T | F") == Or((Not(TRUE), FALSE))
    # quantifier words are never a second variable: `all x, not P(x)`, `all x, P(x)`
    assert parse_formula_text("all x, not Cat(x)") == Forall((x,), Not(CAT))
    assert parse_formula_text("all x, cat") == Forall((x,), Atom("cat"))
    with pytest.raises(Exception):
        parse_formula_text("A x (T)")      # a vacuous one-letter quantifier is no formula


def test_sentence_ending_period_and_dot_separator():
    """`x.` after a quantifier is its dot; a decimal name keeps its point."""
    assert parse_formula_text("all x. Cat(x)") == Forall((x,), CAT)
    assert parse_formula_text("A x.Cat(x)") == Forall((x,), CAT)
    assert parse_formula_text("Costs(rex, y42.3billion)") == \
        Atom("costs", (Const("rex"), Const("y42.3billion")))


@pytest.mark.parametrize("line, form", [
    ("A x. Cat(x) -> ~Red(x)", "A x. "), ("Ax (Cat(x) -> ~Red(x))", "Ax "),
    ("(all x)(Cat(x) -> ~Red(x))", "(all x)"), ("ALL x (Cat(x) -> ~Red(x))", "ALL x "),
    ("forall x, Cat(x) -> ~Red(x)", "forall x, "), ("E x. Cat(x) & ~Red(x)", None),
])
def test_a_fix_is_written_in_the_files_quantifier_form(line, form):
    """A missing quantifier (Y004) is fixed in the file's own spelling and form."""
    program = f"Premises:\n{line}\n{line}\nDog(x) -> Animal(x)\n"
    prog = read_program(program, "p.fol", "fol")
    (d,) = [d for d in prog.diagnostics if d.code == "Y004"]
    fix = d.fix.replacement
    assert parse_formula_text(fix) == Forall((x,), Implies(Atom("dog", (x,)), Atom("animal", (x,))))
    if form is not None:
        assert fix.startswith(form), fix
    else:      # a file whose only quantifier is `E`: the universal is the table's `forall`
        assert fix.startswith("forall x. "), fix
    assert prog.notation == "ascii"


def test_the_style_records_letter_and_prefix_quantifiers():
    for text, quant, spelling in [("Ax (Cat(x))", "attached", "A"), ("A x. Cat(x)", "dot", "A"),
                                  ("(all x y)(R(x, y))", "paren", "all"),
                                  ("all x, Cat(x)", "comma", "all"),
                                  ("E y: Cat(y)", "colon", "E")]:
        style = Style()
        parse_formula_text(text, style)
        got = style.spelling()
        assert got["@quant"] == quant, text
        assert spelling in (got.get("@forall"), got.get("@exists")), (text, got)
        assert style.notation == "ascii"


def test_a_vacuous_quantifier_is_never_written_with_a_letter():
    """`A x p` would read as names: the writer says `forall x p`."""
    for form in FORMS:
        spelling = {"@forall": "A", "@exists": "E", "@quant": form}
        for f in (Forall((x,), Atom("p")), Exists((x,), Forall((x,), TRUE)),
                  Forall((x,), Iff(CAT, Xor(RED, Atom("q"))))):
            text = notations.write(f, "ascii", spelling)
            assert parse_formula_text(text) == f, text


def test_a_program_mixing_spellings_reads_as_one_notation():
    text = ("Premises:\nALL x (Cat(x) -> Animal(x))\nA x. Dog(x) => Animal(x)\n"
            "(all x)(Bird(x) --> -Fish(x))\nAx (Fish(x) IMPLIES NOT Bird(x))\nCat(rex)\n"
            "Conclusion:\nE x. Animal(x) && ~Fish(x)\n")
    prog = FolReader().read(text, "p.fol")
    assert prog.notation == "ascii" and not prog.diagnostics
    assert len(prog.clauses) == 6 and prog.clauses[-1].kind == "query"
    assert prog.clauses[-1].formula == Exists((x,), And((Atom("animal", (x,)),
                                                         Not(Atom("fish", (x,))))))


def test_facts_listed_with_commas_are_their_conjunction():
    anne = Const("anne")
    assert parse_formula_text("Nice(anne), ~Red(anne), Young(anne)") == And((
        Atom("nice", (anne,)), Not(Atom("red", (anne,))), Atom("young", (anne,))))
    prog = read_program("Premises:\nNice(anne), Young(anne)\nConclusion:\nNice(anne)\n", "p.fol", "fol")
    assert not prog.diagnostics and len(prog.clauses) == 2
    # a comma between formulas that are not facts has no one reading: a syntax error
    for text in ("Cat(rex), Dog(rex) -> Animal(rex)", "forall x (Cat(x)), Dog(rex)"):
        prog = read_program(f"Premises:\n{text}\n", "p.fol", "fol")
        assert [d.code for d in prog.diagnostics] == ["E001"] and not prog.clauses, text
