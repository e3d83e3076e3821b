"""Formulas as models lay them out in LaTeX and in plain text: a generator of layouts.

A problem's formulas (unary and binary predicates, one-letter constants such as `b` for
Beethoven and `v` for Vienna, nested quantifiers) are written in LaTeX or Unicode by sedac's
own writer, then laid out as a reply: an `enumerate` of `\\item $...$`, an `align*` with
`&(1)\\quad F && \\text{sentence}\\\\` rows or `\\text{P1:}\\;& F\\\\` rows, an `array` of `P1: & F`,
numbered Unicode lines; a long formula broken over two lines after a connective, before one,
or on an `& {}\\land ...` row; a paragraph declaring the predicates first (`$W(x)$: $x$ is a
wild turkey`); the conclusion as `\\noindent\\textbf{Conclusion:} $C$`, `\\text{C:}\\;& C` or a
`Conclusion:` line. Every layout must read to the same formulas and the same question, and
say nothing of the layout but that it is not logic (communication codes only).
"""
from __future__ import annotations

import itertools
import re

import pytest

from sedac import notations
from sedac.fol import And, Atom, Const, Exists, Forall, Implies, Not, Or, Var
from sedac.readers import read_program

x, y = Var("x"), Var("y")
b, s, v = Const("b"), Const("s"), Const("v")


def A(p, *args):
    return Atom(p, args)


PREMISES = [
    A("music_piece", s),
    Forall((x,), Forall((y,), Implies(And((A("music_piece", y), A("writes", x, y))), A("composer", x)))),
    A("writes", b, s),
    And((A("orchestra", v), A("leads", b, v))),
    Forall((x,), Implies(A("orchestra", x), Exists((y,), And((A("conductor", y), A("leads", y, x)))))),
    Forall((x,), Implies(A("wild_turkey", x), Or((A("eastern", x), A("osceola", x), A("goulds", x),
                                                   A("merriams", x), A("rio_grande", x))))),
    Not(A("eastern", b)),
]
QUESTION = A("composer", b)
SENTENCES = ["Symphony No. 9 is a music piece.", "Composers write music pieces.",
             "Beethoven wrote Symphony No. 9.", "Vienna is an orchestra that Beethoven leads.",
             "Orchestras are led by conductors.",
             "A wild turkey is an Eastern, Osceola, Goulds, Merriams or Rio Grande turkey.",
             "Beethoven is not eastern."]
LONG = {1, 4, 5}          # the formulas a model breaks over two lines
DECLARE = [r"$\mathit{MusicPiece}(x)$: $x$ is a music piece",
           r"$\mathit{Writes}(x,y)$ -- $x$ writes $y$", r"$\mathit{Composer}(x)$: $x$ is a composer"]


def _latex(f) -> str:
    return notations.write(f, "latex", {})


def _unicode(f) -> str:
    return notations.write(f, "unicode", {})


def _break(text: str, how: str) -> list[str]:
    """`text` over two lines at its middle connective: `after` it, `before` it, or `row`
    (an align row of its own, `& {}\\land ...`)."""
    ops = [m for m in re.finditer(r" (\\land|\\lor|\\rightarrow|∧|∨|→) ", text)]
    if not ops:
        return [text]
    m = ops[len(ops) // 2]
    head, op, tail = text[:m.start()], m.group(1), text[m.end():]
    if how == "after":
        return [f"{head} {op}", f"      {tail}"]
    if how == "before":
        return [head, f"      {op} {tail}"]
    return [head + r"\\", f"      & {{}}{op} {tail}"]


def reply(layout: str, broken: str, declare: bool, conclusion: str) -> str:
    out = ["Here is the formalization."]
    if declare:
        out += [r"\noindent\textbf{Vocabulary.} " + DECLARE[0] + ";"] + [d + ";" for d in DECLARE[1:]] + [""]
    rows = []
    for k, (f, sent) in enumerate(zip(PREMISES, SENTENCES), start=1):
        text = _unicode(f) if layout == "numbered" else _latex(f)
        lines = _break(text, broken) if k - 1 in LONG and broken != "none" else [text]
        if layout == "numbered":
            lines = [ln for ln in lines if not ln.endswith("\\\\")] if broken == "row" else lines
            if broken == "row":
                lines = _break(text, "before")
            lines[0] = f"{k}. {lines[0]}"
        elif layout == "enumerate":
            if broken == "row":
                lines = _break(text, "before")
            lines[0] = r"  \item $" + lines[0]
            lines[-1] += "$"
        elif layout == "align-quad":
            lines[0] = rf"&({k})\quad " + lines[0]
            lines[-1] += r" && \text{" + sent + r"}\\"
        elif layout == "align-text":
            lines[0] = rf"  \text{{P{k}:}}\;& " + lines[0]
            lines[-1] += r"\\"
        elif layout == "array":
            lines[0] = f"P_{k}: & " + lines[0]
            lines[-1] += r" \\"
        rows += lines
    wrap = {"enumerate": (r"\begin{enumerate}", r"\end{enumerate}"),
            "align-quad": (r"\begin{align*}", r"\end{align*}"),
            "align-text": (r"\begin{align*}", r"\end{align*}"),
            "array": (r"\[", r"\]"), "numbered": ("Premises:", "")}[layout]
    if layout == "array":
        out += [wrap[0], r"\begin{array}{ll}"] + rows + [r"\end{array}", wrap[1]]
    else:
        out += [wrap[0]] + rows + ([wrap[1]] if wrap[1] else [])
    q = _unicode(QUESTION) if layout == "numbered" else _latex(QUESTION)
    if conclusion == "bold":
        out += ["", r"\noindent\textbf{Conclusion:} " + (q if layout == "numbered" else f"${q}$")]
    elif conclusion == "label":
        out += ["", f"Conclusion: {q if layout == 'numbered' else '$' + q + '$'}"]
    else:
        out += ["", r"\paragraph{Conclusion}", f"\\[ {q} \\]" if layout != "numbered" else q]
    return "\n".join(out) + "\n"


LAYOUTS = ("enumerate", "align-quad", "align-text", "array", "numbered")
BROKEN = ("none", "after", "before", "row")
CASES = list(itertools.product(LAYOUTS, BROKEN, (False, True), ("bold", "label", "section")))


@pytest.mark.parametrize("layout, broken, declare, conclusion", CASES)
def test_every_layout_reads_to_the_same_formulas(layout, broken, declare, conclusion):
    text = reply(layout, broken, declare, conclusion)
    prog = read_program(text, "reply.fol", "fol")
    said = [d for d in prog.diagnostics if d.category != "communication"]
    assert not said, (text, [(d.code, d.span.line, d.message) for d in said])
    statements = [c.formula for _, c in prog.statements]
    queries = [c.formula for _, c in prog.queries]
    assert statements == PREMISES, text
    assert queries == [QUESTION], text


def test_a_gloss_after_a_broken_formula_is_its_own():
    text = reply("align-quad", "after", False, "bold")
    prog = read_program(text, "reply.fol", "fol")
    glosses = [prog.gloss.get(i) for i, _ in prog.statements]
    # (a gloss pairs with its clause by the names it mentions: `Writes(b, s)` and "Beethoven
    # wrote ..." share none, and the one-letter names say nothing)
    assert [glosses[k] for k in sorted(LONG | {0})] == [SENTENCES[k] for k in sorted(LONG | {0})]


def test_a_one_letter_name_is_a_variable_only_where_the_file_quantifies_it():
    prog = read_program("Premises:\n∀w (Fish(w) → Swims(w))\nSwims(w) → Wet(w)\nLeads(b, v)\n"
                        "Cat(x) → Animal(x)\n", "p.fol", "fol")
    w = Var("w")
    assert [c.formula for _, c in prog.statements] == [
        Forall((w,), Implies(A("fish", w), A("swims", w))),
        Forall((w,), Implies(A("swims", w), A("wet", w))),
        A("leads", b, v), Forall((x,), Implies(A("cat", x), A("animal", x)))]
    assert [d.code for d in prog.diagnostics] == ["Y004", "Y004"]


def test_a_fixed_layout_reads_back_the_same():
    """The safe fixes make the layout comments; the text they write reads to the same formulas."""
    from sedac.engine import allowed_fixes, apply_fixes
    for layout, broken in (("align-quad", "row"), ("enumerate", "after"), ("numbered", "before")):
        text = reply(layout, broken, True, "bold")
        prog = read_program(text, "reply.fol", "fol")
        fixed = apply_fixes(text, allowed_fixes(prog.diagnostics, unsafe=False))
        assert fixed != text
        again = read_program(fixed, "reply.fol", "fol")
        assert [c.formula for _, c in again.statements] == PREMISES, fixed
        assert [c.formula for _, c in again.queries] == [QUESTION], fixed
        assert not [d for d in again.diagnostics if d.category != "communication"], fixed


def test_a_latex_array_with_roman_labels_and_a_broken_implication():
    """`(\\mathrm{A1}) & ...` labels an array row (not `a1 ∧ ...`), `\\Rightarrow` at a line's
    end goes on to the next, and a prose line ending in a colon is no formula."""
    text = ("Formalisation (sans-serif names):\n\n$$\n\\begin{array}{rl}\n"
            "(\\mathrm{A1}) & \\forall x.\\ \\mathsf{Wumpus}(x) \\Rightarrow \\neg \\mathsf{Red}(x) \\\\\n"
            "(\\mathrm{A2}) & \\forall x.\\ \\mathsf{Cat}(x) \\Rightarrow\n    \\mathsf{Wumpus}(x) \\\\\n"
            "(\\mathrm{A3}) & \\mathsf{Cat}(\\mathsf{tom}) \\\\\n\\end{array}\n$$\n")
    prog = read_program(text, "reply.fol", "fol")
    assert not [d for d in prog.diagnostics if d.category != "communication"], prog.diagnostics
    tom = Const("tom")
    assert [c.formula for _, c in prog.statements] == [
        Forall((x,), Implies(A("wumpus", x), Not(A("red", x)))),
        Forall((x,), Implies(A("cat", x), A("wumpus", x))), A("cat", tom)]


@pytest.mark.parametrize("heading", ("Premises", "Premises:", "**Premises**", "### Premises"))
@pytest.mark.parametrize("label", ("P{k:<3}", "P{k} ", "({k}) ", "{k}. "))
def test_twelve_labelled_premises_under_a_heading_with_or_without_its_colon(heading, label):
    """Labels aligned in a column (`P9  F` over `P10 F`, one space once the number has two
    digits) and a heading alone on its line without its colon (`Premises`, `Conclusion`):
    the same formulas, no premise `premises`."""
    chain = [A(f"k{i}", x) for i in range(13)]
    premises = [Forall((x,), Implies(chain[i], chain[i + 1])) for i in range(12)]
    rows = [label.format(k=k) + " " + _unicode(f) for k, f in enumerate(premises, start=1)]
    conclusion = heading.replace("Premises", "Conclusion")
    text = "\n".join([heading] + rows + ["", conclusion, _unicode(A("k12", Const("sam"))), ""])
    prog = read_program(text, "reply.fol", "fol")
    assert not [d for d in prog.diagnostics if d.category != "communication"], prog.diagnostics
    assert [c.formula for _, c in prog.statements] == premises, text
    assert [c.formula for _, c in prog.queries] == [A("k12", Const("sam"))], text


@pytest.mark.parametrize("label", ("({k})", "P{k}", "F{k}", "R{k}:"))
@pytest.mark.parametrize("per_line", (2, 3))
@pytest.mark.parametrize("bullet", ("", "- "))
def test_labelled_formulas_side_by_side_on_a_line(label, per_line, bullet):
    """`(1) A(c)  (2) B(c)  (3) ∀x (...)` and columns (`P1  Blue(a)     P7  Big(b)`): each
    labelled formula is a clause of its own, with its own span; the safe fixes keep them."""
    from sedac.engine import allowed_fixes, apply_fixes
    c = Const("c")
    premises = [A(f"p{i}", c) for i in range(5)] + [Forall((x,), Implies(A("p0", x), A("q", x)))]
    cells = [label.format(k=k) + " " + _unicode(f) for k, f in enumerate(premises, start=1)]
    rows = ["  ".join(cells[i:i + per_line]) for i in range(0, len(cells), per_line)]
    text = "\n".join(["Premises:"] + [bullet + r for r in rows] + ["", "Conclusion: " + _unicode(A("q", c)), ""])
    prog = read_program(text, "reply.fol", "fol")
    assert not [d for d in prog.diagnostics if d.category != "communication"], (text, prog.diagnostics)
    assert sorted(map(repr, (cl.formula for _, cl in prog.statements))) == sorted(map(repr, premises)), text
    for _, cl in prog.statements:
        assert text[cl.span.start:cl.span.end] == cl.text
    fixed = apply_fixes(text, allowed_fixes(prog.diagnostics, unsafe=False))
    again = read_program(fixed, "reply.fol", "fol")
    assert sorted(map(repr, (cl.formula for _, cl in again.statements))) == sorted(map(repr, premises)), fixed
