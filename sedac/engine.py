"""SEDAC: partial (shallow rewrites) and full (prover-validated derivations) analysis.

Pure: a `Program` and an optional `Truth` in, a `FileReport` out. No printing, no
file writes, no state kept between calls (each problem gets its own prover session).
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace

from .align import align, premise_verdicts, to_program
from .atp import Prover, Session, get_prover
from .closed_world import ask_closed
from .forward import ask_forward
from .fol import (Forall, Formula, Not, Top, constants, describe, implication_parts, negate,
                  predicates, replace_terms)
from .errors import SedacError
from .program import CATEGORIES, Clause, Diagnostic, Fix, Program
from .readers import reader_for
from .readers.base import in_own_spelling, own_names
from .rules import BY_CODE, equivalence_key, propose
from .shallow import Shallow, applied_terms
from .truth import Truth, program_vocabulary

MODES = ("syntax", "partial", "full")
REMOVAL_RULES = ("comment-out", "remove-line", "drop")


@dataclass
class ClauseResult:
    index: int
    read: Formula                       # as read (after syntax repair)
    safe: Formula | None                # after shallow rewrites
    unsafe: Formula | None              # after full SEDAC (None: dropped)
    added: Formula | None = None        # said beside it after full SEDAC (its gloss, D12)
    status: str = "ok"                  # ok | shallow | fixable | non-fixable
    codes: tuple[str, ...] = ()


@dataclass
class FileReport:
    path: str
    lang: str
    mode: str
    program: Program
    diagnostics: list[Diagnostic]
    clause_results: list[ClauseResult]
    truth: Truth | None = None
    query: Formula | None = None
    unsafe_fixes: bool = False
    answer: dict | None = None
    prover_calls: int = 0
    # Questions the prover left open (timeout, gave up): unknown to sedac, not diagnostics.
    undecided: list[dict] = field(default_factory=list)
    noqa: dict = field(default_factory=dict)       # {"used": [lines], "unused": [lines]}
    # against gold formulas: how the program's symbols were aligned, and a verdict a premise
    alignment: dict | None = None
    verdicts: list = field(default_factory=list)
    codes_found: frozenset = frozenset()           # the codes analyse reported (before filters)
    _verified: dict = field(default_factory=dict, repr=False)

    @property
    def limits(self) -> dict:
        """The limits sedac hit on this file (codes L001-L003): sentences of the text the
        grammar's budget left unread, a closed-world answer cut by its budget, prover
        questions left open by a time limit. Empty when none was hit."""
        out = dict(self.truth.limits) if self.truth is not None else {}
        if self.answer is not None and self.answer.get("closed_world") == "Timeout":
            out["closed_world"] = 1
        open_ = sum(1 for u in self.undecided if u.get("status") != "Unparsed")
        if open_:
            out["prover"] = open_
        return out

    def formulas(self, level: str) -> list[Formula]:
        """The program's axioms at a level: `read`, `safe` or `unsafe`."""
        out = []
        for r in self.clause_results:
            f = getattr(r, level)
            if f is not None:
                out.append(f)
            if level == "unsafe" and r.added is not None:
                out.append(r.added)
        return out

    def fixed_program(self, unsafe: bool | None = None) -> str:
        """The program with its fixes applied, as read back and verified (`verified`)."""
        return self.verified(unsafe)[0]

    def verified(self, unsafe: bool | None = None) -> tuple[str, list[Diagnostic], list[Diagnostic]]:
        """(the fixed text, the fixes withheld, their notes): the allowed fixes, except any
        whose application, read back with the same reader, loses or changes a formula no
        applied fix names (`sedac.fixcheck`). A withheld fix's diagnostic is `non-fixable`."""
        from .fixcheck import verify_fixes
        unsafe = self.unsafe_fixes if unsafe is None else unsafe
        fixes = allowed_fixes(self.diagnostics, unsafe)
        key = (unsafe, tuple(id(d) for d in fixes))
        if key not in self._verified:
            self._verified[key] = verify_fixes(self, fixes)
            for d in self._verified[key][1]:
                d.status = "non-fixable"
        return self._verified[key]

    def to_json(self) -> dict:
        return {"path": self.path, "lang": self.lang, "mode": self.mode,
                "diagnostics": [diagnostic_json(d) for d in self.diagnostics],
                "fixed_program": self.fixed_program(),
                **({"answer": self.answer} if self.answer is not None else {}),
                **({"undecided": self.undecided} if self.undecided else {}),
                **({"alignment": self.alignment, "verdicts": self.verdicts}
                   if self.alignment is not None else {}),
                **({"limits": self.limits} if self.limits else {}),
                **({"noqa": self.noqa} if self.noqa else {}),
                **({"reading": self.program.reading.to_json()} if self.program.reading else {})}


def diagnostic_json(d: Diagnostic) -> dict:
    return {"code": d.code, "category": d.category, "message": d.message,
            "line": d.span.line, "column": d.span.column,
            "end_line": d.span.end_line, "end_column": d.span.end_column,
            "status": d.status,
            "fix": None if d.fix is None else {"applicability": d.fix.applicability,
                                               "replacement": d.fix.replacement,
                                               "rule": d.fix.rule},
            "evidence": d.evidence}


# -------------------------------------------------------------- fix handling

def allowed_fixes(diags: list[Diagnostic], unsafe: bool) -> list[Diagnostic]:
    ok = ("safe", "unsafe") if unsafe else ("safe",)
    return [d for d in diags if d.fix is not None and d.fix.applicability in ok]


def apply_fixes(text: str, diags: list[Diagnostic]) -> str:
    """Apply the diagnostics' fixes; of overlapping fixes the later stage wins (syntax, then
    shallow, then deep and query: a later stage's replacement includes the earlier ones),
    and within a stage the later diagnostic."""
    stage = {c: i for i, c in enumerate(CATEGORIES)}
    ranked = sorted(enumerate(diags), key=lambda p: (stage.get(p[1].category, 0), p[0]))
    accepted: list[tuple[int, int, str]] = []
    # The accepted spans, sorted: no two overlap, so their ends grow with their starts and
    # the last one starting before `e` is the only one that can overlap [s, e).
    spans: list[tuple[int, int]] = []
    insertions: set[int] = set()
    for _, d in reversed(ranked):
        span = d.fix.span or d.span
        s, e = span.start, span.end
        if e < s:    # no reader makes such a span: the plain test, against every one
            if any(s < ae and as_ < e for as_, ae, _ in accepted):
                continue
        elif s == e and s in insertions:
            continue
        else:
            i = bisect.bisect_left(spans, (e,))
            if i and spans[i - 1][1] > s:
                continue
        bisect.insort(spans, (s, max(s, e)))
        if s == e:
            insertions.add(s)
        accepted.append((s, e, d.fix.replacement))
    # one pass from the start: slicing the text once per fix would be quadratic
    out, at = [], 0
    for s, e, rep in sorted(accepted, key=lambda t: (t[0], t[1])):
        out += [text[at:s], rep]
        at = e
    out.append(text[at:])
    return "".join(out)


def misreading(report: "FileReport", unsafe: bool | None = None) -> str | None:
    """Why applying the report's fixes would be a misreading of the file, or None: fixes that
    would comment out or drop most of its clauses mean sedac did not understand the file
    (another language, a document), so nothing should be written."""
    unsafe = report.unsafe_fixes if unsafe is None else unsafe
    removed = [d for d in allowed_fixes(report.diagnostics, unsafe)
               if d.fix.rule in REMOVAL_RULES and d.category != "communication"]
    kept = sum(1 for c in report.program.clauses if c.formula is not None) - \
        sum(1 for d in removed if d.clause is not None)
    total = len(removed) + max(kept, 0)
    if len(removed) >= 3 and len(removed) * 2 > total:
        return (f"the fixes would comment out or drop {len(removed)} of its {total} clauses: "
                "sedac has likely misread the file (is --lang right?); nothing written")
    return None


def set_statuses(diags: list[Diagnostic], unsafe: bool) -> None:
    """What the analysis did, as `fixed_program` shows it: `fixed` or `dropped` where the
    flags allow the fix (safe fixes always, deep ones with `unsafe`), `fixable` where a
    fix waits for `--unsafe-fixes`, `non-fixable` where no automatic fix exists."""
    allowed = ("safe", "unsafe") if unsafe else ("safe",)
    for d in diags:
        if d.fix is None or d.fix.applicability == "display-only":
            d.status = "non-fixable"
        elif d.fix.applicability in allowed:
            d.status = "dropped" if d.fix.rule in REMOVAL_RULES else "fixed"
        elif d.code == "D000":
            d.status = "non-fixable"
        else:
            d.status = "fixable"


# --------------------------------------------------------------- printing

def clause_text(f: Formula, program: Program, kind: str = "statement", gloss: str = "",
                vocab=None) -> str | None:
    """A formula in the program's own language and spelling (its reader writes it)."""
    if program.unread is not None:       # aligned with gold formulas: back in its own names
        f = program.unread(f)
    f = replace_terms(to_program(f, program), own_names(program, vocab))
    if gloss in program.glossed_apart:
        gloss = ""                       # written apart from the clause, where it stays
    return reader_for(program.lang).write(f, kind, gloss, program, vocab)


def _same_text(a: str, b: str) -> bool:
    return "".join(a.split()) == "".join(b.split())


def comment_out(clause: Clause, program: Program, why: str) -> str:
    return reader_for(program.lang).comment(f"sedac: {why}: " + clause.text)


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


def _undecided(span, what: str, v, status: str | None = None) -> dict:
    """A question the prover did not settle (or that rests on a sentence the grammar did not
    understand, status `Unparsed`): reported as unknown to sedac, never as an error."""
    return {"line": span.line, "column": span.column, "question": what,
            "status": status or v.status, "prover": v.prover,
            "detail": "" if status else v.detail}


def _full_sedac(program: Program, truth: Truth, results: list[ClauseResult], session: Session,
                vocab, diags: list[Diagnostic], undecided: list[dict]) -> None:
    nl_ax = truth.axioms
    said, unit = ("gold", "premise") if truth.source == "gold" else ("text", "sentence")
    lp_ax = [r.safe for r in results]
    glosses = _gloss_formulas(program, results, truth)
    text_forms = {equivalence_key(a): a for a in nl_ax}
    paired = dict(truth.alignment.pairs) if truth.alignment is not None else {}
    for k, r in enumerate(results):
        clause = program.clauses[r.index]
        f = r.safe
        v = session.entails(nl_ax, f, evidence=False)
        gloss = glosses.get(r.index)
        restores = _restores(truth, r.index, session, paired)
        # a repair says something beyond the other premises (for a paired clause, beyond the
        # gold premises but the one it translates, which may itself be all it says): built
        # only for a clause with a candidate (a list of every premise per clause is quadratic)
        beyond = None
        # against gold premises, a clause the gold entails may still say less than the premise
        # it translates (`¬(A ∧ B)` for "neither A nor B"): weaker, and worth a repair
        weaker = v.holds and not restores(f)
        if v.holds and not weaker:
            if gloss is not None:
                _gloss_beside(program, truth, r, clause, gloss, session, vocab, diags, text_forms)
            continue
        question = f"line {clause.span.line}: whether the text says `{describe(f)}`"
        if not v.refuted and not weaker:
            undecided.append(_undecided(clause.span, question, v))
            continue
        candidates = [(g, codes) for g, codes in propose(f, vocab).items()
                      if any(c.startswith("D") for c in codes)] if _sure(truth) else []
        keys = {equivalence_key(g) for g, _ in candidates} | {equivalence_key(f)}
        if gloss is not None and equivalence_key(gloss) not in keys:
            candidates.append((gloss, ("D12",)))   # a rule's reading, when one finds it, is named
        accepted = []
        if truth.source == "gold":
            candidates = _gold_candidates(candidates, truth, r.index, text_forms)
        for g, codes in candidates:
            vg = session.entails(nl_ax, g)
            if vg.holds and beyond is None:
                beyond = _others(truth, r.index, nl_ax, paired)
            if vg.holds and _informative(g, beyond, session, text_forms) and restores(g):
                accepted.append((g, codes, vg))
        if not accepted and weaker:
            continue    # entailed, if weaker than its premise: it stays, and is not an error
        if not accepted:
            v = session.entails(nl_ax, f)   # again, now with its countermodel
            if truth.unparsed:
                # a sentence the grammar did not understand may say it: not evidence either way
                undecided.append(_undecided(
                    clause.span, f"{question} ({len(truth.unparsed)} sentence(s) of the text not "
                    "understood)", v, status="Unparsed"))
                continue
            if not v.refuted:
                undecided.append(_undecided(clause.span, question, v))
                continue
            # gold formulas are a person's reading, not the text: a premise they do not
            # support stays as written, with its verdict, rather than be dropped
            keep = truth.source == "gold"
            r.status = "non-fixable"
            if not keep:
                r.unsafe = None
            evidence = {"countermodel": v.model.to_json() if v.model else None,
                        "candidates_rejected": [describe(g) for g, _ in candidates],
                        "prover": v.prover, "status": v.status}
            why = "not entailed by the text"
            diags.append(Diagnostic(
                "D000", "deep-semantic",
                f"`{describe(f)}` is not what the {'gold' if keep else 'text'} says, and no "
                f"rule finds a reading the {'gold' if keep else 'text'} supports"
                + (f": {v.model.describe()}" if v.model else ""),
                clause.span, fix=None if keep else Fix("unsafe", comment_out(clause, program, why),
                                                       "drop", clause.span),
                evidence=evidence, clause=r.index, proof=(nl_ax, f, v.status)))
            continue
        others = lp_ax[:k] + lp_ax[k + 1:]
        scored = []
        for g, codes, vg in accepted:
            # The score only breaks ties between accepted candidates: one needs none.
            score = (sum(1 for s in nl_ax if session.entails(others + [g], s, evidence=False).holds)
                     if len(accepted) > 1 else None)
            deep = [c for c in codes if c.startswith("D")]
            scored.append((-(score or 0), len(deep), codes, g, vg, score))
        scored.sort(key=lambda t: (t[0], t[1], t[2]))
        _, _, codes, best, vbest, score = scored[0]
        # a repair that is a sentence of the text up to contraposition is written the way the
        # text says it: forward chaining (and Prolog) use a rule only in its own direction
        best = text_forms.get(equivalence_key(best), best)
        r.unsafe, r.status, r.codes = best, "fixable", r.codes + tuple(codes)
        deep = [c for c in codes if c.startswith("D")]
        rule = BY_CODE[deep[0]]
        used = [truth.facts[j] for j in (vbest.used or ())]
        text = clause_text(best, program, clause.kind, program.gloss.get(r.index, ""), vocab)
        diags.append(Diagnostic(
            rule.code, "deep-semantic",
            f"{rule.name.replace('-', ' ')}: `{describe(f)}` is not what the {said} says; "
            f"it says `{describe(best)}`"
            + (f" ({unit} {', '.join(str(u.index) for u in used)})" if used else ""),
            clause.span, fix=Fix("unsafe", text, "+".join(codes), clause.span) if text else None,
            evidence={"rules": list(codes), "candidate": describe(best),
                      "entailed_by": [{"sentence": u.index, "text": u.text} for u in used],
                      "score": score, "alternatives": [describe(t[3]) for t in scored[1:]],
                      "prover": vbest.prover},
            clause=r.index, proof=(nl_ax, best, vbest.status)))
    if truth.source == "gold":
        from .gold import drop_contradiction
        drop_contradiction(program, truth, results, diags, session)


SURE_ALIGNMENT = 0.5   # the share of paired premises whose symbols meet the gold's (`Alignment.confidence`)
MAX_GOLD_CANDIDATES = 40   # candidates tried for one clause against gold formulas


def _sure(truth: Truth) -> bool:
    """Whether sedac is sure enough of how a program's symbols align with a gold truth's to
    repair the program in the gold's terms (no alignment needed: sure)."""
    al = truth.alignment
    return al is None or not al.paired or al.confidence >= SURE_ALIGNMENT


def _restores(truth: Truth, index: int, session: Session, paired: dict):
    """For a clause paired with a gold premise (`sedac.align`), a test that a candidate says
    what that premise says: with the other gold premises it entails it. A repair the gold
    merely allows (a weaker or sideways rule) is no repair of a premise the pairing names.
    `paired`: the alignment's pairs as a dictionary (built once per problem)."""
    if index not in paired:
        return lambda g: True
    k = paired[index]
    target = truth.facts[k].formula
    return lambda g: session.entails([f.formula for j, f in enumerate(truth.facts) if j != k]
                                     + [g], target, evidence=False).holds


def _others(truth: Truth, index: int, axioms: list[Formula], paired: dict) -> list[Formula]:
    """The ground truth's premises but the one the clause `index` is paired with (`axioms`,
    the list of all of them, itself for a clause paired with none)."""
    k = paired.get(index)
    if k is None:
        return axioms
    return [f.formula for j, f in enumerate(truth.facts) if j != k]


def _gold_candidates(candidates: list, truth: Truth, index: int, text_forms: dict) -> list:
    """Against gold formulas: a candidate in a symbol the gold does not have cannot be what it
    says (dropped before any prover call); one that is, up to contraposition, the very
    premise its clause is paired with is the repair, and the others need no trial."""
    known = {pa for f in truth.axioms for pa in predicates(f)}
    names = {c for f in truth.axioms for c in constants(f)}
    kept = [(g, codes) for g, codes in candidates
            if predicates(g) <= known and constants(g) <= names]
    al = truth.alignment
    k = dict(al.pairs).get(index) if al is not None else None
    if k is not None:
        premise = truth.facts[k].formula
        target = equivalence_key(premise)
        exact = [(g, codes) for g, codes in kept if equivalence_key(g) == target]
        if exact:
            return exact[:1]
        # the likeliest first: those whose truth table is the premise's, then those
        # sharing most of its atoms; a bounded number of them
        from .le_score import le_equivalent
        mine = set(predicates(premise))
        kept.sort(key=lambda c: (le_equivalent(c[0], premise) is not True,
                                 -len(mine & set(predicates(c[0])))))
    return kept[:MAX_GOLD_CANDIDATES]


def _informative(g: Formula, nl_ax: list[Formula], session: Session, text_keys) -> bool:
    """Whether a candidate says something: not valid (`(p ∧ ¬p) → q`), and, unless it is one
    of the text's own sentences, for a rule not true merely because the text already says its
    conclusion or denies its conditions (`blue(tom) → cat(tom)` when the text says Tom is a
    cat). `text_keys`: the equivalence keys of the text's sentences."""
    if session.entails([], g, evidence=False).holds:
        return False
    if equivalence_key(g) in text_keys:
        return True    # one of the text's own sentences
    vs, body, head = implication_parts(g)
    if isinstance(body, Top):
        return True
    close = (lambda f: Forall(vs, f)) if vs else (lambda f: f)
    return not (session.entails(nl_ax, close(head), evidence=False).holds
                or session.entails(nl_ax, close(Not(body)), evidence=False).holds)


def _gloss_formulas(program: Program, results: list[ClauseResult], truth: Truth) -> dict:
    """The clauses' glosses (Logic-LM's `::: sentence`) that the text's grammar reads, as
    formulas: what the program itself says each clause means."""
    from .nl import parse_sentences
    items = [(r.index, program.gloss[r.index]) for r in results if program.gloss.get(r.index)]
    if not items or truth.source != "text":
        return {}
    parsed = parse_sentences([g for _, g in items], truth.vocab)
    return {i: p[1] for (i, _), p in zip(items, parsed) if p is not None and p[0] == "statement"}


def _gloss_beside(program: Program, truth: Truth, r: ClauseResult, clause: Clause,
                  gloss: Formula, session: Session, vocab, diags: list[Diagnostic],
                  text_keys) -> None:
    """D12 for a clause the text entails but that does not say what its own gloss says (the
    model wrote one sentence and translated another, or a weaker one): the gloss's formula
    is added beside it when the text entails it. Nothing the clause says is removed."""
    f = r.safe
    if equivalence_key(gloss) == equivalence_key(f) or session.entails([f], gloss, evidence=False).holds:
        return
    vg = session.entails(truth.axioms, gloss)
    if not vg.holds or not _informative(gloss, truth.axioms, session, text_keys):
        return
    r.added, r.codes = gloss, r.codes + ("D12",)
    rule = BY_CODE["D12"]
    own = clause_text(f, program, clause.kind, program.gloss.get(r.index, ""), vocab)
    said = clause_text(gloss, program, clause.kind, program.gloss.get(r.index, ""), vocab)
    used = [truth.facts[j] for j in (vg.used or ())]
    diags.append(Diagnostic(
        "D12", "deep-semantic",
        f"{rule.name.replace('-', ' ')}: `{describe(f)}` does not say what its gloss "
        f"`{program.gloss.get(r.index, '')}` says, `{describe(gloss)}`"
        + (f" (sentence {', '.join(str(u.index) for u in used)})" if used else ""),
        clause.span, fix=Fix("unsafe", f"{own}\n{said}", "add-gloss", clause.span)
        if own and said else None,
        evidence={"rules": ["D12"], "candidate": describe(gloss), "gloss": program.gloss.get(r.index),
                  "entailed_by": [{"sentence": u.index, "text": u.text} for u in used],
                  "prover": vg.prover},
        clause=r.index, proof=(truth.axioms, gloss, vg.status)))


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
        text = clause_text(fact.formula, report.program, "statement", fact.text)
        diags.append(Diagnostic(
            "O001", "omission", f"the program never says sentence {fact.index}: `{fact.text}`",
            at, fix=Fix("display-only", text or "", "add-premise", at),
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
