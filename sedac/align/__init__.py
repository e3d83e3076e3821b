"""Alignment: a program's signature against its ground truth's, one module for both kinds.

A program says what its text says in its own representation and its own names. Aligning it
is reading it in the ground truth's terms:

- the *reading* (`represent`, `readings`): a representation the data shows (`is_a(X, cat)`,
  `holds(furry, X)`, `neg(p(X))`, triples, wrappers) read into the plain formulas it means,
  decided against the ground truth (the DCG parse of the text, or gold formulas);
- the *symbol mapping* (`pairing`, `names`; against the text's parse, only the constants
  a reply's legend names, `legend`): against gold formulas, whose names share no
  spelling with the program's (`Perform(x)` for `TalentShows(x)`), the mapping of the
  program's predicates (with argument order and polarity) and constants onto the gold's,
  chosen by the premise pairing, structure, the names' lemmas and the prover;
- how sure the mapping is (the share of paired premises equivalent under it) and which
  program symbols have no counterpart;
- `verdicts`: how each gold premise stands to the program premise paired with it.

`align(program, truth, session)` is the one entry point; its `Alignment` carries the program
as read (`.program`: a copy, whose fixes are written back through the reading's and the
mapping's inverses) with everything above. Pure: nothing printed, nothing written.
"""
from __future__ import annotations

from dataclasses import replace

from .alignment import Alignment
from .abbrev import abbreviations
from .names import lemma, predicate_glosses, words
from .pairing import map_symbols, pair_premises
from .readings import Reading, Shape, to_program
from .represent import apply_reading
from .verdicts import VERDICTS, premise_verdicts

__all__ = ["align", "Alignment", "apply_reading", "to_program", "premise_verdicts", "Reading",
           "Shape", "VERDICTS", "lemma", "words", "pair_premises", "predicate_glosses",
           "map_symbols"]


def align(program, truth=None, session=None, names: bool = True) -> Alignment:
    """`program` aligned with `truth` (a DCG parse of the text or gold formulas; None: the
    program's own data decides its reading). Its representation is read first; against gold
    formulas (and `names`), its symbols are then mapped onto the gold's. `session`, the
    problem's prover session, decides what the data leaves open (and is told, as a hint, the
    formulas it will be asked about). Against the text's parse, only the symbols the reply
    abbreviates are mapped (`abbrev`, whatever `names` says)."""
    program = apply_reading(program, truth, session)
    if session is not None:
        formulas = [c.formula for _, c in program.statements + program.queries]
        if truth is not None:
            formulas += truth.axioms + ([truth.question] if truth.question else [])
        session.declare(formulas)
    if truth is None or truth.source == "gold" and not names:
        return Alignment(program=program, reading=program.reading)
    if truth.source == "gold":
        al = map_symbols(program, truth, session)
    else:
        # against the text's parse the names are the text's words; a constant or predicate
        # the reply abbreviates (`e` for the bald eagle, `Z` for zumpus) is mapped onto the
        # word its legend or the premises' structure give it
        al = abbreviations(program, truth, session)
        if not al.consts and not al.preds:
            return Alignment(program=program, reading=program.reading)
    al.reading = program.reading
    if al.preds or al.consts or al.folds:
        # a copy in the gold's symbols; writing a formula back goes through the inverse, so
        # fixes keep the program's own names
        clauses = [replace(c, formula=al.apply(c.formula)) if c.formula is not None else c
                   for c in program.clauses]
        program = replace(program, clauses=clauses, unread=al.inverse)
    al.program = program
    return al
