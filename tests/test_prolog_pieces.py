"""The Prolog reader remembers the plain clauses it reads (`PrologReader._plain`), and the fix
engine reads a fixed text back with them (`sedac.fixcheck`), parsing only the clauses its
fixes changed. Here a generator of programs (every clause shape the reader treats apart:
facts, rules, queries, wrappers, declarations, effects, English lines, repairs, names as
variables, negated heads, comments, prose, fences) and of local edits of them (a clause
replaced, added, removed, broken) checks that a read with the pieces of another read is the
read without them: every clause, diagnostic, fix, name (in its set's order too), declaration
and spelling alike, and the fix engine's verdicts the same."""
from __future__ import annotations

import random

import pytest

from sedac import engine
from sedac.fixcheck import verify_fixes
from sedac.readers import read_program, read_with, reader_for
from sedac.readers.prolog import PIECES
from sedac.vocab import Vocabulary

NAMES = ["tom", "rex", "anne", "bob", "erin", "fiona", "max", "sally"]
WORDS = ["cat", "cats", "dog", "red", "kind", "cold", "big", "wumpus", "yumpuses", "number",
         "not_cold", "non_red", "neg_big", "likes", "chases", "mammal"]


def _clause(rng: random.Random) -> str:
    n, w = rng.choice(NAMES), rng.choice(WORDS)
    v = rng.choice(WORDS)
    shapes = [
        f"{w}({n}).",
        f"{w}({n}, {rng.choice(NAMES)}).",
        f"{v}(X) :- {w}(X).",
        f"{v}(X) :- {w}(X), {rng.choice(WORDS)}(X).",
        f"{v}(X) :- {w}(X), \\+ {rng.choice(WORDS)}(X).",
        f"?- {w}({n}).",
        f"?- \\+ {w}({n}).",
        f"answer(true) :- {w}({n}), !.",
        f"main :- ( {w}({n}) -> writeln(true) ; writeln(false) ).",
        f":- dynamic {w}/1.",
        f":- initialization(main).",
        f":- write({n}).",
        f"{w}({n}) :- write(hi).",
        f"{w}({n.capitalize()}).",
        f"{w}(Zorb).",                     # a name only the hint knows (`zorb`)
        f"check(X) :- {w}(X).",            # a wrapper's name, unless the hint has the word
        f"{w}(X).",
        f"\\+ {w}({n}).",
        f"neg_{w}(X) :- {v}(X).",
        f"{n.capitalize()} is a {w}.",
        f"{n.capitalize()} is {w}",
        f"{w}({n})",
        f"-? {w}({n}).",
        f"{v}(X) := {w}(X).",
        f"{v}(X) :- {w}(X), X > 3.",
        f"age({n}, 3).",
        f"{w}(f({n})).",
        f"{w}({n}). % a comment",
        f"/* block */ {w}({n}).",
        f"{w}('{n} x').",
        f"{v}(X) :- {w}(X) ; {rng.choice(WORDS)}(X).",
        f"{w}({n}, \"str\").",
        "Here is the program:",
        "```prolog",
        "```",
        "% just a comment",
        "",
        f"{w}(",
        f"{w}({n}))).",
        f"number(X) :- {w}(X).",
    ]
    return rng.choice(shapes)


def _program(rng: random.Random, n: int) -> list[str]:
    return [_clause(rng) for _ in range(n)]


def _edit(rng: random.Random, lines: list[str]) -> list[str]:
    out = list(lines)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(out) + 1)
        op = rng.choice(["replace", "insert", "delete", "join", "dup"])
        if op == "replace" and k < len(out):
            out[k] = _clause(rng)
        elif op == "insert":
            out.insert(k, _clause(rng))
        elif op == "delete" and k < len(out) and len(out) > 1:
            del out[k]
        elif op == "join" and k + 1 < len(out):
            out[k:k + 2] = [out[k] + " " + out[k + 1]]
        elif op == "dup" and k < len(out):
            out.insert(k, out[k])
    return out


def _state(prog) -> tuple:
    """Everything a read says, in order."""
    clauses = [(c.span, c.text, c.formula, c.kind, c.read_text, c.note, c.terms)
               for c in prog.clauses]
    diags = [(d.code, d.category, d.message, d.span, d.status, d.fix, d.evidence, d.clause)
             for d in prog.diagnostics]
    return (clauses, diags, list(prog.names), sorted(prog.names), sorted(prog.declared),
            sorted(prog.spelling.items()), sorted(prog.gloss.items()), sorted(prog.glossed_apart))


def _read(text: str, hint=None, pieces=None):
    reader = reader_for("prolog", hint)
    if pieces is not None:
        reader.pieces = pieces
    return read_with(reader, text, "p.pl")


HINTS = [None, Vocabulary(nouns={"cat", "dog", "wumpus", "check"},
                          adjectives={"red", "kind", "cold"}, names={"tom", "rex", "anne", "zorb"})]


@pytest.mark.parametrize("seed", range(60))
def test_a_read_with_the_pieces_of_another_reads_the_same(seed):
    rng = random.Random(seed)
    lines = _program(rng, rng.randint(1, 25))
    edited = _edit(rng, lines)
    text, fixed = "\n".join(lines) + "\n", "\n".join(edited) + "\n"
    first_hint, second_hint = rng.choice(HINTS), rng.choice(HINTS)
    original = _read(text, first_hint)
    pieces = original.__dict__[PIECES]
    # the pieces of a read with one hint serve a read with another: none asked it
    assert _state(_read(fixed, second_hint, dict(pieces))) == _state(_read(fixed, second_hint))
    # and a read of the very same text with its own pieces is itself
    assert _state(_read(text, first_hint, dict(pieces))) == _state(_read(text, first_hint))


def test_plain_clauses_are_remembered_and_repaired_or_hinted_ones_are_not():
    text = "cat(tom).\ndog(rex)\n-? cat(tom).\ncat(Tom).\nanswer(true) :- cat(tom).\n" \
           ":- dynamic p/1.\nmammal(X) :- cat(X).\ncat(Zorb).\n"
    pieces = _read(text).__dict__[PIECES]
    # (`cat(Zorb).` reads as a universal claim here, but a hint that knows Zorb says it is
    # a name: the read asked the hint, and the clause is not remembered)
    assert set(pieces) == {"cat(tom).", "mammal(X) :- cat(X)."}


def test_a_read_back_parses_only_the_clauses_a_fix_changed(monkeypatch):
    from sedac.readers import prolog
    lines = [f"{'wumpuses' if i % 10 == 3 else 'wumpus'}(n{i}a)." for i in range(200)]
    text = "\n".join(lines + ["tumpus(X) :- wumpus(X).", "?- tumpus(n5a)."]) + "\n"
    report = engine.analyse(read_program(text, "p.pl", strict=True), None)
    fixes = engine.allowed_fixes(report.diagnostics, False)
    assert len(fixes) >= 20
    parsed = []
    real = prolog.PrologReader._add
    monkeypatch.setattr(prolog.PrologReader, "_add",
                        lambda self, p, raw, *a: (parsed.append(raw), real(self, p, raw, *a)))
    fixed, withheld, notes = report.verified()
    assert not withheld and not notes and fixed != text
    # only the fixed clauses were parsed again (the second pass reads nothing new)
    assert sorted(parsed) == sorted(d.fix.replacement for d in fixes
                                    if d.fix.replacement.endswith("."))


@pytest.mark.parametrize("seed", range(25))
def test_the_fix_engine_says_the_same_with_and_without_the_pieces(seed):
    rng = random.Random(1000 + seed)
    text = "\n".join(_program(rng, rng.randint(2, 20))) + "\n"
    try:
        prog = read_program(text, "p.pl", lang="prolog")
    except Exception:
        pytest.skip("not a program")
    report = engine.analyse(prog, None)
    fixes = engine.allowed_fixes(report.diagnostics, False)
    with_pieces = verify_fixes(report, fixes)
    del prog.__dict__[PIECES]
    without = verify_fixes(report, fixes)

    def said(r):
        return r[0], [(d.code, d.span) for d in r[1]], [(d.code, d.message) for d in r[2]]
    assert said(with_pieces) == said(without)
