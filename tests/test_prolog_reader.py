"""Reading LLM-written Prolog: spans, the syntax taxonomy, repairs, lp_to_fof, bad input."""
from __future__ import annotations

import time

from hypothesis import given, settings, strategies as st

from sedac.fol import to_tptp
from sedac.readers import detect, read_program
from sedac.readers.prolog import PrologReader


def read(text):
    return PrologReader().read(text, "t.pl")


def codes(prog):
    return [(d.span.line, d.code, d.category) for d in prog.diagnostics]


def test_clauses_to_fol_with_spans():
    prog = read("cat(tom).\n\\+blue(X) :- cat(X), small(X).\nmammal(X) :- cat(X) ; dog(X).\n"
                "big(X).\n?- blue(tom).\n")
    got = [(c.span.line, c.kind, to_tptp(c.formula)) for c in prog.clauses]
    assert got == [(1, "statement", "cat(tom)"),
                   (2, "statement", "! [X] : ((cat(X) & small(X)) => ~ blue(X))"),
                   (3, "statement", "! [X] : ((cat(X) | dog(X)) => mammal(X))"),
                   (4, "statement", "! [X] : big(X)"),
                   (5, "query", "blue(tom)")]
    assert codes(prog) == [(2, "Y005", "symbol")]           # a negated head, made loadable
    assert prog.clauses[1].span.column == 1 and prog.clauses[1].span.end_column == 31  # exclusive


def test_not_and_neg_prefix_read_as_negation():
    prog = read("not(red(X)) :- wumpus(X).\nneg_sour(X) :- tumpus(X).\n")
    assert [to_tptp(c.formula) for c in prog.clauses] == [
        "! [X] : (wumpus(X) => ~ red(X))", "! [X] : (tumpus(X) => ~ sour(X))"]


def test_taxonomy_and_repairs():
    text = ("Here is the program:\n```prolog\ncat(tom).\n-? blue(tom).\ndog(X) := cat(X).\n"
            "Alex is a Zumpus\nfoo(( .\nbar(X) :- baz(X)\neven(X) :- 0 is X mod 2.\n```\n")
    prog = read(text)
    assert codes(prog) == [(1, "C006", "communication"), (2, "C001", "communication"),
                           (4, "Y001", "symbol"), (5, "Y002", "symbol"),
                           (6, "N001", "natural-language"), (7, "E001", "other-syntax"),
                           (8, "Y003", "symbol"), (9, "K001", "knowledge"),
                           (10, "C001", "communication")]
    assert [to_tptp(c.formula) for c in prog.clauses] == [
        "cat(tom)", "blue(tom)", "! [X] : (cat(X) => dog(X))", "zumpus(alex)",
        "! [X] : (baz(X) => bar(X))"]


def test_one_bad_clause_never_hides_the_next():
    prog = read("a(x).\nb(( .\nc(y).\nd(z) :- .\ne(w).\n")
    assert [to_tptp(c.formula) for c in prog.clauses] == ["a(x)", "c(y)", "e(w)"]
    assert [d.code for d in prog.diagnostics] == ["E001", "E001"]


def test_english_line_as_question_and_knowledge_lines():
    prog = read("composite(X) :- number(X), \\+prime(X).\nlarge(X) :- \\+negative(X), fraction(X).\n"
                "even(X) :- number(X), X mod 2 =:= 0.\nalex is large.\n")
    assert codes(prog) == [(1, "K002", "knowledge"), (3, "K001", "knowledge"),
                           (4, "N001", "natural-language")]
    assert prog.queries[0][1].formula.pred == "large"


def test_quoted_atoms_comments_and_decimals():
    prog = read("% a comment\n'Alex'(x). /* block */ p(\"two words\").\nq(X) :- r(X). % trailing\n")
    assert [to_tptp(c.formula) for c in prog.clauses] == [
        "'Alex'(x)", "p('two words')", "! [X] : (r(X) => q(X))"]


def test_bad_inputs_never_raise_and_never_hang():
    cases = ["", "\n\n", "(" * 10000 + "a" + ")" * 10000 + ".", "p('unterminated).\nq(a).\n",
             "p(\"x).", ")))", ":- .", "?- .", "\x00\x01", "p(a) :- \\+ .", "[1,2|X].",
             "a. " * 200000]
    for text in cases:
        start = time.perf_counter()
        prog = read(text)
        assert time.perf_counter() - start < 30
        assert isinstance(prog.diagnostics, list)
    deep = read("(" * 10000 + "a" + ")" * 10000 + ".")
    assert deep.diagnostics[0].code == "E002"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_arbitrary_text_gives_diagnostics_not_exceptions(text):
    prog = read_program(text, "fuzz.pl", "prolog")
    for d in prog.diagnostics:
        assert d.span.line >= 1 and d.span.column >= 1


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcXY()_,.:-?\\+;' \n%\"", max_size=200))
def test_prolog_like_text_gives_diagnostics_not_exceptions(text):
    for lang in ("prolog", "pyke", "fol"):
        read_program(text, "fuzz", lang)


def test_detect_languages():
    assert detect("cat(tom).\n?- cat(tom).") == "prolog"
    assert detect("Facts:\nCat(Tom, True)\nQuery:\nCat(Tom, True)") == "pyke"
    assert detect("Premises:\n∀x (Cat(x) → Animal(x)) ::: Cats are animals.") == "fol"
    assert detect("fof(a, axiom, cat(tom)).") == "tptp"


def test_names_written_as_variables():
    prog = read("yumpus(Max).\nwumpus(X) :- yumpus(X).\nbig(X).\nfoo(Stella, Y).\n?- wumpus(Max).\n")
    assert [to_tptp(c.formula) for c in prog.clauses] == [
        "yumpus(max)", "! [X] : (yumpus(X) => wumpus(X))", "! [X] : big(X)",
        "! [Y] : foo(stella,Y)", "wumpus(max)"]
    assert [(d.span.line, d.code, d.fix.replacement) for d in prog.diagnostics] == [
        (1, "Y007", "yumpus(max)."), (4, "Y007", "foo(stella, Y)."), (5, "Y007", "?- wumpus(max).")]


def test_english_negative_rule_is_written_loadable_so_a_second_fix_changes_nothing():
    import sedac
    once = sedac.check("cat(tom).\nEvery cat is not blue.\n?- blue(tom).\n").fixed_program()
    assert "neg_blue(X) :- cat(X)." in once
    assert sedac.check(once).diagnostics == [] and sedac.check(once).fixed_program() == once
