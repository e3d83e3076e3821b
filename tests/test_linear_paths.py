"""Paths that were quadratic stay linear (issue 21, point 2). Each test counts operations
(calls of a function, reads of an attribute), never wall time: this machine is shared
and timing tests are flaky on it. A test compares two sizes, or bounds the count by a
small multiple of the input, so that a return of a whole-program rescan per clause or
per diagnostic fails it."""
from __future__ import annotations

from types import SimpleNamespace

import sedac
from sedac.fixcheck import _named
from sedac.program import Span


class _Counted:
    """A span whose `start` and `end` reads are counted."""
    reads = 0

    def __init__(self, start, end):
        self._s, self._e = start, end

    @property
    def start(self):
        _Counted.reads += 1
        return self._s

    @property
    def end(self):
        _Counted.reads += 1
        return self._e


def test_the_clauses_fixes_name_are_found_in_one_pass():
    """`fixcheck._named` (read-back of a fixed file) was clauses x fixes span comparisons."""
    def run(n):
        clauses = [SimpleNamespace(span=_Counted(10 * i, 10 * i + 9)) for i in range(n)]
        fixes = [SimpleNamespace(clause=None, span=_Counted(10 * i + 2, 10 * i + 5))
                 for i in range(0, n, 3)]
        _Counted.reads = 0
        named = _named(SimpleNamespace(clauses=clauses), fixes)
        assert named == set(range(0, n, 3))
        return _Counted.reads
    small, big = run(500), run(4000)
    assert big <= 10 * small, (small, big)     # linear: 8x; the scan was 64x
    assert big <= 4 * 4000


def test_effect_fixes_look_up_each_clauses_other_repairs(monkeypatch):
    """The E010 fix of each clause looked at every diagnostic of the program (effects x
    diagnostics span comparisons); now one look-up a clause."""
    calls = [0]
    eq = Span.__eq__

    def counted(self, other):
        calls[0] += 1
        return eq(self, other)
    monkeypatch.setattr(Span, "__eq__", counted)

    def run(n):
        program = "".join(f"p{i}(X) :- q(X), shell('ls').\n" for i in range(n)) + "q(a).\n"
        calls[0] = 0
        report = sedac.check(program, path="p.pl", mode="syntax")
        assert sum(d.code == "E010" for d in report.diagnostics) == n
        return calls[0]
    small, big = run(50), run(400)
    assert big <= 12 * small + 100, (small, big)   # linear: 8x; quadratic: 64x


def _events(fn) -> int:
    """Python and C function calls made by `fn()` (deterministic, unlike its time)."""
    import sys
    count = [0]

    def prof(frame, event, arg):
        if event in ("call", "c_call"):
            count[0] += 1
    sys.setprofile(prof)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count[0]


def test_writing_one_formula_does_not_read_every_name_of_the_file():
    """A FOL fix was written with a copy of the file's whole spelling (every name it
    writes) per formula: quadratic in a file of plural facts."""
    from sedac import notations
    from sedac.fol import Atom, Const
    f = Atom("wumpus", (Const("naaab"),))

    def spelling(n):
        return {**{f"c:n{i}": f"N{i}" for i in range(n)}, "@and": "∧", "@case": "lower"}
    small, big = spelling(100), spelling(10000)
    assert notations.write(f, "unicode", small) == notations.write(f, "unicode", big)
    assert _events(lambda: notations.write(f, "unicode", big)) <= \
        _events(lambda: notations.write(f, "unicode", small)) + 20


def test_an_smtlib_file_is_spelled_once_for_all_its_fixes(monkeypatch):
    """Each fix of an SMT-LIB file (written in its own spelling) made a new `Speller`, a
    pass over every name the file declares: quadratic in a file of plural facts."""
    from sedac.readers import smtlib_names
    made = [0]
    init = smtlib_names.Speller.__init__

    def counted(self, sig):
        made[0] += 1
        init(self, sig)
    monkeypatch.setattr(smtlib_names.Speller, "__init__", counted)

    def run(n):
        names = [f"n{chr(97 + i % 20)}{chr(97 + i // 20 % 20)}{chr(97 + i // 400)}" for i in range(n)]
        program = "\n".join(["(declare-sort Entity 0)", "(declare-fun wumpus (Entity) Bool)",
                             "(declare-fun wumpuses (Entity) Bool)",
                             *[f"(declare-const {c} Entity)" for c in names],
                             *[f"(assert ({'wumpuses' if i % 2 else 'wumpus'} {c}))"
                               for i, c in enumerate(names)]]) + "\n"
        made[0] = 0
        if hasattr(smtlib_names, "speller_of"):
            smtlib_names.speller_of.cache_clear()
        report = sedac.check(program, path=f"p{n}.smt2")
        assert sum(d.code == "R6" for d in report.diagnostics) >= n // 2 - 1
        report.fixed_program()
        return made[0]
    assert run(400) <= run(40) + 2
