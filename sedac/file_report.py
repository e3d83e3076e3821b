"""The report of one analysed file (`FileReport`, one `ClauseResult` per clause), its
diagnostics as JSON, and its fixes: which the flags allow, how they are applied to the text,
when applying them would be a misreading, and a formula written back in the program's own
language and spelling.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from .align import to_program
from .fol import Formula, replace_terms
from .program import CATEGORIES, Clause, Diagnostic, Fix, Program
from .readers import reader_for
from .readers.base import own_names
from .truth import Truth

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
    _session: object = field(default=None, repr=False, compare=False)   # the one analyse made

    def close(self) -> None:
        """Close the prover session `analyse` made for this report (`Session.close`): a
        caller done with the report frees what it asked at once, not at the next garbage
        collection. Evidence not read before is not available after."""
        if self._session is not None:
            self._session.close()
            self._session = None

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
    f = to_program(f, program, strict=True)
    if f is None:                        # (a data encoding that cannot say it)
        return None
    f = replace_terms(f, own_names(program, vocab))
    if gloss in program.glossed_apart:
        gloss = ""                       # written apart from the clause, where it stays
    return reader_for(program.lang).write(f, kind, gloss, program, vocab)


class WrittenLater(Fix):
    """A fix whose replacement text is written when something first reads it. An omission's
    (O001) display-only text is read only by a report that shows it (JSON, SARIF, text), never
    by the analysis nor by applying fixes, and a reply that omits most of the text has one per
    sentence: writing them all eagerly was 3% of a PrOntoQA problem. `replacement` is the
    text, or a function of nothing that writes it: a function of the formula and of the
    program's notation and names, fixed once the program is read (`clause_text` makes its
    reader afresh), so the text is the one writing it at once would have given.
    Equal to, and hashed and pickled as, the plain `Fix` of its text."""

    def __init__(self, applicability: str, replacement, rule: str, span=None):
        if not callable(replacement):
            Fix.__init__(self, applicability, replacement, rule, span)
            return
        for name, value in (("applicability", applicability), ("rule", rule), ("span", span),
                            ("_write", replacement)):
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str):
        # (asked only of an attribute not set: the replacement, before it is first read)
        if name != "replacement" or "_write" not in self.__dict__:
            raise AttributeError(name)
        text = self.__dict__.pop("_write")()
        object.__setattr__(self, "replacement", text)
        return text

    def __eq__(self, other) -> bool:
        return isinstance(other, Fix) and (self.applicability, self.replacement, self.rule,
                                           self.span) == (other.applicability, other.replacement,
                                                          other.rule, other.span)

    __hash__ = Fix.__hash__

    def __reduce__(self):
        return Fix, (self.applicability, self.replacement, self.rule, self.span)


def _same_text(a: str, b: str) -> bool:
    return "".join(a.split()) == "".join(b.split())


def comment_out(clause: Clause, program: Program, why: str) -> str:
    return reader_for(program.lang).comment(f"sedac: {why}: " + clause.text)


def _undecided(span, what: str, v, status: str | None = None) -> dict:
    """A question the prover did not settle (or that rests on a sentence the grammar did not
    understand, status `Unparsed`): reported as unknown to sedac, never as an error."""
    return {"line": span.line, "column": span.column, "question": what,
            "status": status or v.status, "prover": v.prover,
            "detail": "" if status else v.detail}
