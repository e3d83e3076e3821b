"""SEDAC: partial (shallow rewrites) and full (prover-validated derivations) analysis.

Pure: a `Program` and an optional `Truth` in, a `FileReport` out. No printing, no
file writes, no state kept between calls (each problem gets its own prover session).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .align import align, premise_verdicts, to_program
from .atp import Prover, Session, get_prover
from .closed_world import ask_closed
from .forward import ask_forward
from .fol import Formula, Not, constants, describe, negate, predicates, replace_terms
from .errors import SedacError
from .program import Clause, Diagnostic, Fix, Program
from .readers import reader_for
from .readers.base import in_own_spelling, own_names
from .rules import BY_CODE
from .shallow import Shallow, applied_terms
from .truth import Truth, program_vocabulary
# The report and its fixes (`sedac.file_report`) and the deep step (`sedac.deep`) live apart;
# their names are re-exported here, where callers import them from.
from .deep import (MAX_GOLD_CANDIDATES, SURE_ALIGNMENT, _full_sedac, _gloss_beside,  # noqa: F401
                   _gloss_formulas, _gold_candidates, _informative, _others, _restores, _sure)
from .file_report import (REMOVAL_RULES, ClauseResult, FileReport, WrittenLater,  # noqa: F401
                          _same_text, _undecided, allowed_fixes, apply_fixes, clause_text,
                          comment_out, diagnostic_json, misreading, set_statuses)

MODES = ("syntax", "partial", "full")


# -------------------------------------------------------------------- analysis

def analyse(program: Program, truth: Truth | None = None, mode: str | None = None,
            prover: Prover | str = "auto", unsafe_fixes: bool = False,
            answer: bool = True, session: Session | None = None,
            suggest: bool = True) -> FileReport:
    """Check one program. `mode` defaults to full with a truth, else partial.

    `session` lets several analyses of one problem share a prover session. Without
    `suggest`, the rewrites only general knowledge reads (display-only suggestions, made
    without a text) are not looked for: a caller that reads only the fixes skips them."""
    mode = mode or ("full" if truth is not None else "partial")
    if mode == "full" and truth is None:
        raise SedacError("full mode needs the problem text (--nl) or a truth file (--truth)",
                         path=program.path)
    if isinstance(prover, str):
        prover = get_prover(prover)
    owned = session is None        # (a session made here is closed with the report)
    if session is None and mode == "full":
        session = prover.session()
    # the program read in the ground truth's terms: its representation (`is_a(X, cat)`,
    # `neg(p(X))`) as plain formulas and, against gold formulas, in the gold's symbols
    gold = mode == "full" and truth.source == "gold"
    late = session is None
    al = align(program, truth, session, names=gold)
    program = al.program
    statements, queries = program.statements, program.queries
    formulas = [c.formula for _, c in statements + queries]
    has_question = bool(queries) or (truth is not None and truth.question is not None)
    if session is None and (mode == "full" or answer and has_question
                            or truth is not None and mode != "syntax"):
        session = prover.session()
    if late and session is not None:
        session.declare(formulas + (truth.axioms + ([truth.question] if truth.question else [])
                                    if truth is not None else []))
    verdicts = None
    if gold:
        truth = replace(truth, alignment=al)
        verdicts = premise_verdicts(program, truth, session)
    diags = [replace(d) for d in program.diagnostics]   # statuses are this report's own
    arities = {pa for f in formulas for pa in predicates(f)}
    consts = {k.name for f in formulas for k in constants(f)}
    vocab = program_vocabulary({p for p, _ in arities}, consts,
                               truth.vocab if truth is not None else None, arities,
                               applied=applied_terms(formulas))
    shallow = Shallow(program, truth, vocab, session,
                      None if truth is not None or not suggest else program_vocabulary(
                          {p for p, _ in arities}, consts, None, arities, guess=True),
                      _shallow_diag)

    results: list[ClauseResult] = []
    undecided: list[dict] = []
    for i, clause in statements:
        f = clause.formula
        r = ClauseResult(i, f, f, f)
        if mode != "syntax":
            g, codes, d = shallow.rewrite(clause, i, f)
            if codes:
                r.safe = r.unsafe = g
                r.status, r.codes = "shallow", tuple(codes)
            if d is not None:
                diags.append(d)
        results.append(r)

    if mode == "full":
        _full_sedac(program, truth, results, session, vocab, diags, undecided)

    report = FileReport(program.path, program.lang, mode, program, diags, results, truth,
                        unsafe_fixes=unsafe_fixes)
    report.undecided = undecided
    if verdicts is not None:
        report.alignment, report.verdicts = truth.alignment.to_json(), verdicts
    report.query = _query(program, truth, vocab, mode, diags, shallow)
    if mode == "full":
        _omissions(report, session, diags, undecided)
    # `% noqa`: a silenced diagnostic's fix is not made, so its clause keeps its reading
    marks = _noqa_marks(program)
    noqa_used: set[int] = set()
    diags, silenced = _silence(diags, marks, noqa_used)
    for d in silenced:
        for r in results:
            if d.clause == r.index and d.category in ("shallow-semantic", "deep-semantic"):
                r.safe = r.unsafe = r.read
    level = "unsafe" if unsafe_fixes else "safe"
    if answer and report.query is not None:
        axioms = report.formulas(level)
        report.answer = answer_both(axioms, report.query, session, "all")
        if report.answer.get("open_world") in ("True", "False"):
            report.answer["evidence"] = _answer_evidence(report, level, session)
    asked = [c.formula for _, c in program.queries] + ([report.query] if report.query else [])
    late = reader_for(program.lang).finish(
        program, [to_program(f, program) for f in report.formulas(level)],
        [to_program(q, program) for q in asked], vocab)
    diags.extend(_silence(late, marks, noqa_used)[0])
    if marks:
        report.noqa = {"used": sorted(noqa_used), "unused": sorted(set(marks) - noqa_used)}
    if session is not None:
        report.prover_calls = session.calls
        if owned:
            report._session = session
    diags.sort(key=lambda d: (d.span.line, d.span.column, d.code))
    report.diagnostics = diags
    report.codes_found = frozenset(d.code for d in diags)
    set_statuses(diags, unsafe=unsafe_fixes)
    return report


def _shallow_diag(clause: Clause, i: int, f: Formula, g: Formula, codes, program,
                  vocab, why_not: str = "") -> Diagnostic | None:
    """The diagnostic of a shallow rewrite; None when the program, in its own spelling,
    already says what the rewrite reads (`is_number` for the text's `number`). With
    `why_not` (why the rewrite may lose meaning) it is only a suggestion: `display-only`."""
    rules = [BY_CODE[c] for c in codes]
    first = rules[0]
    if replace_terms(in_own_spelling(g, program, vocab), own_names(program, vocab)) == f:
        return None    # only the program's own names for the text's words (`need`, `num`)
    text = clause_text(g, program, clause.kind, program.gloss.get(i, ""), vocab)
    gloss = program.gloss.get(i, "")
    said = text[:-len(f" ::: {gloss}")] if text and gloss and text.endswith(f" ::: {gloss}") else text
    if said is not None and _same_text(said, clause.read_text or clause.text):
        return None
    return Diagnostic(
        first.code, "shallow-semantic",
        f"{first.name.replace('-', ' ')}: `{describe(f)}` "
        + (f"may mean `{describe(g)}` (a suggestion, not applied: {why_not})" if why_not
           else f"means `{describe(g)}`")
        + (f" (rules {', '.join(codes)})" if len(codes) > 1 else ""),
        clause.span, fix=Fix("display-only" if why_not else "safe", text, "+".join(codes),
                             clause.span) if text else None,
        evidence={"rules": list(codes), "before": describe(f), "after": describe(g),
                  **({"suggestion": why_not} if why_not else {})}, clause=i)


_NOQA = re.compile(r"(?:%|#)\s*noqa\b(?::\s*([A-Za-z0-9][A-Za-z0-9,\s-]*))?", re.I)


def _noqa_marks(program: Program) -> dict[int, set | None]:
    """The program's suppression comments: line -> the codes named (None: every code).
    `% noqa` (or `# noqa` in the line formats) on a line silences every diagnostic whose
    span covers that line; `% noqa: R5, D1` only those codes (or code prefixes, or
    categories)."""
    marks: dict[int, set | None] = {}
    if "noqa" in program.text.lower():
        for n, line in enumerate(program.text.split("\n"), start=1):
            m = _NOQA.search(line)
            if m:
                marks[n] = None if not m.group(1) else {c.strip() for c in m.group(1).split(",")
                                                        if c.strip()}
    return marks


def _silence(diags: list[Diagnostic], marks: dict, used: set[int]) -> tuple[list, list]:
    """(the diagnostics kept, those a noqa mark silences); the lines of the marks that
    silenced something are added to `used`. A silenced diagnostic's fix is not applied."""
    if not marks:
        return diags, []
    kept, silenced = [], []
    for d in diags:
        hit = next((n for n in range(d.span.line, d.span.end_line + 1) if n in marks and (
            marks[n] is None or any(d.code.startswith(c.upper()) or d.category == c.lower()
                                    for c in marks[n]))), None)
        if hit is None:
            kept.append(d)
        else:
            used.add(hit)
            silenced.append(d)
    return kept, silenced


def _query(program: Program, truth: Truth | None, vocab, mode: str,
           diags: list[Diagnostic], shallow: "Shallow") -> Formula | None:
    """The question to answer, and the `query` check against the text's question."""
    queries = asked(program.queries)
    prog_q = None
    if queries:
        i, c = queries[-1]
        prog_q = c.formula
        if mode != "syntax":
            # (a universal question has no Prolog query: the writer gives no fix for it,
            # never `?- mammal(X) :- cat(X).`)
            g, codes, d = shallow.rewrite(c, i, prog_q, query=True)
            if d is not None:
                diags.append(d)
            if codes:
                prog_q = g
    if mode != "full" or truth is None or truth.question is None:
        # without full SEDAC the program's own question counts; the text's when it has none
        return prog_q if prog_q is not None or truth is None else truth.question
    question = truth.question
    qtext = clause_text(question, program, "query", vocab=vocab)
    end = len(program.text)
    index = program.index
    if prog_q is None:
        at = index.span(end, end)
        header = {"pyke": "Query:\n", "fol": "Conclusion:\n"}.get(program.lang, "")
        add = ("" if program.text.endswith("\n") or not program.text else "\n") + header + \
            (qtext or "") + "\n"
        diags.append(Diagnostic(
            "Q001", "query", f"the program has no query; the question asks `{describe(question)}`",
            at, fix=Fix("unsafe", add, "add-query", at) if qtext else None,
            evidence={"question": truth.question_text, "expected": describe(question)}))
    elif prog_q != question and truth.source == "gold" and (
            not _sure(truth) or not _expressible(question, program, prog_q, vocab)):
        # the gold asks in symbols the program (as aligned) does not have: its own question
        # is the one it can answer; the difference is shown, not fixed
        i, c = queries[-1]
        diags.append(Diagnostic(
            "Q002", "query", f"the query asks `{describe(prog_q)}` but the gold question asks "
            f"`{describe(question)}`, " + ("in symbols the program does not have" if _sure(truth)
                                           else "and sedac is unsure how the program's symbols "
                                           "align with the gold's"), c.span,
            evidence={"question": truth.question_text, "query": describe(prog_q),
                      "expected": describe(question)}, clause=i))
        return prog_q
    elif prog_q != question:
        i, c = queries[-1]
        diags.append(Diagnostic(
            "Q002", "query", f"the query asks `{describe(prog_q)}` but the question asks "
            f"`{describe(question)}`", c.span,
            fix=Fix("unsafe", qtext, "replace-query", c.span) if qtext else None,
            evidence={"question": truth.question_text, "query": describe(prog_q),
                      "expected": describe(question)}, clause=i))
    return question


def _expressible(question: Formula, program: Program, prog_q: Formula, vocab) -> bool:
    """Whether every predicate and constant of `question` is one the program (read in the
    gold's symbols) uses."""
    seen_p, seen_c = set(), set()
    for _, c in program.statements + program.queries:
        seen_p |= predicates(c.formula)
        seen_c |= constants(c.formula)
    return predicates(question) <= seen_p and constants(question) <= seen_c


def asked(queries: list[tuple[int, Clause]]) -> list[tuple[int, Clause]]:
    """The queries that ask the program's question: the last one, except that a reply that
    asks a statement and its negation (`?- not_p(a).` then `?- p(a).`, to see which one
    holds) asks the first, the statement as the question puts it."""
    if len(queries) > 1:
        atoms = {negate(c.formula) if isinstance(c.formula, Not) else c.formula for _, c in queries}
        signs = {isinstance(c.formula, Not) for _, c in queries}
        if len(atoms) == 1 and len(signs) == 2:
            return queries[:1]
    return queries[-1:]


def _omissions(report: FileReport, session: Session, diags: list[Diagnostic],
               undecided: list[dict]) -> None:
    """Sentences of the text that the fixed program does not entail."""
    axioms = report.formulas("unsafe")
    index_end = len(report.program.text)
    li = report.program.index
    at = li.span(max(0, index_end - 1), index_end) if index_end else li.span(0, 0)
    for fact in report.truth.facts:
        v = session.entails(axioms, fact.formula, evidence=False)
        if v.holds:
            continue
        if not v.refuted:
            undecided.append(_undecided(at, f"whether the program says sentence {fact.index}: "
                                        f"`{fact.text}`", v))
            continue
        # (its text is written only if a report shows it: `WrittenLater`)
        def text(fact=fact, program=report.program) -> str:
            return clause_text(fact.formula, program, "statement", fact.text) or ""
        diags.append(Diagnostic(
            "O001", "omission", f"the program never says sentence {fact.index}: `{fact.text}`",
            at, fix=WrittenLater("display-only", text, "add-premise", at),
            evidence={"sentence": fact.index, "text": fact.text,
                      "formula": describe(fact.formula)},
            proof=(axioms, fact.formula, "CounterSatisfiable")))


def answer_open(axioms: list[Formula], query: Formula, session: Session) -> str:
    pos = session.entails(axioms, query, evidence=False)
    neg = session.entails(axioms, negate(query), evidence=False)
    if pos.holds and neg.holds:
        return "Inconsistent"
    if pos.holds:
        return "True"
    if neg.holds:
        return "False"
    if pos.refuted and neg.refuted:
        return "Unknown"
    # a prover that ran out of time (or gave up) has not answered: say so, never `Unknown`
    return next(v.status for v in (pos, neg) if not v.refuted)


def _answer_evidence(report: FileReport, level: str, session: Session) -> dict:
    """The program lines the open-world answer rests on (an unsat core of the proof)."""
    kept = [r for r in report.clause_results if getattr(r, level) is not None]
    axioms = [getattr(r, level) for r in kept]
    goal = report.query if report.answer["open_world"] == "True" else negate(report.query)
    proof = session.entails(axioms, goal)
    lines = sorted({report.program.clauses[kept[i].index].span.line for i in (proof.used or ())})
    return {"lines": lines, "prover": proof.prover}


SEMANTICS = {"open": ("open_world",), "closed": ("closed_world",), "forward": ("forward",),
             "both": ("open_world", "closed_world"),
             "all": ("open_world", "closed_world", "forward")}


def answer_both(axioms: list[Formula], query: Formula, session: Session | None,
                semantics: str = "both") -> dict:
    """The answers under the semantics named: `open_world` (classical, the prover),
    `closed_world` (SWI-Prolog, negation as failure), `forward` (forward chaining with
    explicit negation, ProofWriter's and Pyke's)."""
    out: dict = {"query": describe(query)}
    kinds = SEMANTICS[semantics]
    if "open_world" in kinds:
        out["open_world"] = answer_open(axioms, query, session or get_prover("auto").session())
    if "closed_world" in kinds:
        out["closed_world"] = ask_closed(axioms, query)
    if "forward" in kinds:
        out["forward"] = ask_forward(axioms, query)
    return out
