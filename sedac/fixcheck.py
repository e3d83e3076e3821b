"""Fix safety, enforced by the fix engine itself.

Before a fixed file is shown or written, it is read back with the same reader: every
formula of the original that no applied fix names must still be there (up to the names
of bound variables). A fix whose application loses or changes such a formula is
withheld, with a note saying why; the others are applied. Then the fixed text is checked
for idempotence: a second pass of the same safe fixes (syntax repairs and shallow
rewrites) must change nothing.

Pure: a report and a text in, a text and notes out.
"""
from __future__ import annotations

from bisect import bisect_left
from collections import Counter

from .fol import (And, Atom, Bottom, Eq, Exists, Forall, Formula, Func, Iff, Implies, Not,
                  Or, Top, Var, Xor, describe)
from .program import Diagnostic, Program

# (where a program keeps what its reader's read learnt of its clauses: `sedac.readers.prolog`)
PIECES = "_reader_pieces"
WITHHELD = "F001"
NOT_IDEMPOTENT = "F002"
NOTE_CATEGORY = "other-syntax"


def alpha_key(f: Formula):
    """A key equal for formulas equal up to the names of their bound variables."""
    return _walk_key(f, {})


def _term_key(t, env):
    if isinstance(t, Var):
        return ("v", env.get(t, "free:" + t.name))
    if isinstance(t, Func):
        return ("f", t.name, tuple(_term_key(a, env) for a in t.args))
    return ("c", t.name)


def _walk_key(g, env):
    if isinstance(g, Atom):
        return ("A", g.pred, tuple(_term_key(a, env) for a in g.args))
    if isinstance(g, Eq):
        return ("=", _term_key(g.left, env), _term_key(g.right, env))
    if isinstance(g, Not):
        return ("~", _walk_key(g.arg, env))
    if isinstance(g, (And, Or)):
        return (type(g).__name__, tuple(_walk_key(a, env) for a in g.args))
    if isinstance(g, (Implies, Iff, Xor)):
        return (type(g).__name__, _walk_key(g.left, env), _walk_key(g.right, env))
    if isinstance(g, (Forall, Exists)):
        inner = dict(env)
        for v in g.vars:
            inner[v] = len(inner)
        return (type(g).__name__, len(g.vars), _walk_key(g.body, inner))
    if isinstance(g, (Top, Bottom)):
        return (type(g).__name__,)
    return ("?", repr(g))


def _named(program: Program, fixes: list[Diagnostic]) -> set[int]:
    """The clauses the fixes' diagnostics name: their own clause, or a clause the
    diagnostic's span overlaps (a fix that replaces more than that names nothing more)."""
    out = {d.clause for d in fixes if d.clause is not None}
    # spans by start, with the furthest end among each prefix: a clause [s, e) overlaps a
    # span when some span starting before e ends after s (one bisect a clause, not a scan)
    spans = sorted((d.span.start, d.span.end) for d in fixes)
    starts = [a for a, _ in spans]
    reach, far = [], -1
    for _, b in spans:
        far = max(far, b)
        reach.append(far)
    for i, c in enumerate(program.clauses):
        s, e = c.span.start, c.span.end
        k = bisect_left(starts, e)
        if k and reach[k - 1] > s:
            out.add(i)
    return out


def _formulas(program: Program, skip: set[int] = frozenset(), keys: dict | None = None) -> Counter:
    """(kind, alpha_key) of the program's clauses but `skip`, counted. `keys` remembers the
    key of each formula met (by identity, the formula kept beside it): a program read back
    shares the formulas of the clauses it read as before (`_Checker.pieces`)."""
    if keys is None:
        keys = {}
    out: Counter = Counter()
    for i, c in enumerate(program.clauses):
        f = c.formula
        if f is None or i in skip:
            continue
        hit = keys.get(id(f))
        if hit is None or hit[0] is not f:
            hit = keys[id(f)] = (f, alpha_key(f))
        out[(c.kind, hit[1])] += 1
    return out


class _Checker:
    """Reads fixed texts back and says which formulas of the original they lose."""

    def __init__(self, report, vocab_hint):
        from .engine import apply_fixes
        from .readers import reader_for
        self.report, self.apply = report, apply_fixes
        self.reader = lambda: reader_for(report.program.lang, vocab_hint)
        self.cache: dict = {}
        # the clauses a read met that read the same wherever they are met (a reader that
        # keeps them: the Prolog reader's plain clauses, `PrologReader._plain`): the fixed
        # text has all of the original's but those its fixes change, and is read back
        # parsing only those
        self.pieces = report.program.__dict__.get(PIECES)
        self.keys: dict = {}           # the formulas' alpha keys, by identity (`counted`)

    def read(self, text: str) -> Program | None:
        from .readers import read_with
        if text not in self.cache:
            reader = self.reader()
            if self.pieces is not None and hasattr(reader, "pieces"):
                reader.pieces = self.pieces
            try:
                self.cache[text] = back = read_with(reader, text, self.report.program.path)
                self.pieces = back.__dict__.get(PIECES, self.pieces)
            except Exception:      # a fixed text its own reader refuses loses everything
                self.cache[text] = None
        return self.cache[text]

    def missing(self, clauses, skip: set[int], have) -> Counter:
        """The (kind, alpha key)s of `clauses` but `skip` that `have` (clauses read back) does
        not say, as many times as it says them fewer: the multiset difference. A formula
        both hold as the very same object (a clause the read-back did not parse again,
        `_Checker.pieces`) cancels out first, without its key: (A + C) - (B + C) = A - B."""
        mine = [c for i, c in enumerate(clauses) if c.formula is not None and i not in skip]
        theirs = Counter((c.kind, id(c.formula)) for c in have if c.formula is not None)
        left = []
        for c in mine:
            k = (c.kind, id(c.formula))
            if theirs.get(k, 0) > 0:
                theirs[k] -= 1
            else:
                left.append(c)
        rest = []
        for c in have:
            if c.formula is None:
                continue
            k = (c.kind, id(c.formula))
            if theirs.get(k, 0) > 0:
                theirs[k] -= 1
                rest.append(c)
        return self.counted(left) - self.counted(rest)

    def counted(self, clauses) -> Counter:
        out: Counter = Counter()
        for c in clauses:
            f = c.formula
            hit = self.keys.get(id(f))
            if hit is None or hit[0] is not f:
                hit = self.keys[id(f)] = (f, alpha_key(f))
            out[(c.kind, hit[1])] += 1
        return out

    def lost(self, fixes: list[Diagnostic]) -> list[tuple[str, Formula]]:
        """The formulas of the original, named by none of `fixes`, that the text with
        `fixes` applied does not say (with their clause text)."""
        program = self.report.program
        text = self.apply(program.text, fixes)
        if text == program.text:
            return []
        back = self.read(text)
        have = back.clauses if back is not None else []
        if program.reading is None and program.unread is None:
            # the program as its reader read it (nothing renamed): when the fixed text says
            # all it says, nothing is lost, and the original need not be read again
            kept = _named(program, fixes)
            if not self.missing(program.clauses, kept, have):
                return []
        # the original as this reader reads it (an analysis may rename what it read: the
        # gold alignment does); its clauses are the program's, one for one
        own = self.read(program.text)
        if own is not None and len(own.clauses) == len(program.clauses):
            program = own
        kept = _named(program, fixes)
        missing = self.missing(program.clauses, kept, have)
        out = []
        for i, c in enumerate(program.clauses):
            key = (c.kind, alpha_key(c.formula)) if c.formula is not None else None
            if key is not None and i not in kept and missing.get(key, 0) > 0:
                missing[key] -= 1
                out.append((c.text, c.formula))
        return out


def verify_fixes(report, fixes: list[Diagnostic], vocab_hint=None) -> tuple[str, list, list]:
    """(the fixed text, the fixes withheld, notes): `fixes` applied to the report's
    program, except those whose application loses or changes a formula of the original
    that no applied fix names. Cost: one read-back when nothing is lost; a binary search
    over the fixes (about log2 n read-backs) for each fix withheld."""
    program = report.program
    if not fixes:
        return program.text, [], []
    from .reply_json import writable
    fixes, unwritable = writable(program.text, fixes)   # a JSON reply takes edits of its strings
    json_notes = [_json_note(d, program.text) for d in unwritable]
    if not fixes:
        return program.text, unwritable, json_notes
    if vocab_hint is None and report.truth is not None:
        vocab_hint = report.truth.vocab     # what the program was read with
    check = _Checker(report, vocab_hint)
    kept = list(fixes)
    withheld: list[tuple[Diagnostic, list]] = []
    while kept:
        lost = check.lost(kept)
        if not lost:
            break
        # the shortest prefix of the fixes that loses something: its last fix is a culprit
        lo, hi = 1, len(kept)
        while lo < hi:
            mid = (lo + hi) // 2
            if check.lost(kept[:mid]):
                hi = mid
            else:
                lo = mid + 1
        culprit = kept.pop(lo - 1)
        withheld.append((culprit, check.lost(kept[:lo - 1] + [culprit]) or lost))
    text = check.apply(program.text, kept)
    if kept and text != program.text:
        from .readers import not_a_program
        back = check.read(text)
        prose = any(d.category == "communication" for d in kept)   # lines judged prose
        if prose and (back is None or not back.clauses) and (not program.clauses or (
                not_a_program(program.text, program.lang) is None and
                not_a_program(text, program.lang) is not None)):
            # the fixes would turn a file sedac takes for logic into one it refuses as prose
            # (every formula line made a comment), or they make comments of the lines around
            # logic sedac never read (a script whose formulas no reader knows): sedac is
            # unsure what the file is, so it writes nothing
            return program.text, list(fixes) + unwritable, json_notes + [_nothing_left_note(kept)]
    notes = json_notes + [_withheld_note(program, d, lost) for d, lost in withheld]
    again = _second_pass(report, text, check, {d.code for d, _ in withheld} |
                         {d.code for d in unwritable}) if kept else None
    if again is not None:
        notes.append(again)
    return text, unwritable + [d for d, _ in withheld], notes


def _json_note(d: Diagnostic, text: str = "") -> Diagnostic:
    from .reply_json import unwrap
    span = d.fix.span or d.span if d.fix else d.span
    found = unwrap(text) if text else None
    where = found.kind(span.start, span.end) if found is not None else "JSON document"
    how = ("as z3py of one asserted expression, in the names the script declares"
           if where == "z3py script" else
           "only inside one of its strings, as text the string can hold without escapes")
    if found is not None and span.start == span.end and not any(
            a <= span.start < b for a, b in found.documents):
        kinds = sorted({found.kind(a, b) for a, b in found.documents})
        said = (f"it would add a clause outside the reply's {' and '.join(kinds)}, which "
                "holds its logic, where the document's own reader would never see it")
    else:
        said = f"it falls in a {where}, where sedac writes a fix {how}"
    return Diagnostic(
        WITHHELD, NOTE_CATEGORY,
        f"the fix of {d.code} was withheld: {said}; this part of the file was left as it is",
        d.span, status="non-fixable",
        evidence={"withheld": d.code, "rule": d.fix.rule if d.fix else None,
                  "reason": where}, clause=d.clause)


def _nothing_left_note(fixes: list[Diagnostic]) -> Diagnostic:
    d = fixes[0]
    return Diagnostic(
        WITHHELD, NOTE_CATEGORY,
        f"the {len(fixes)} fixes were withheld: applied, they leave no line sedac reads as "
        "logic (every line a comment or prose), so sedac is unsure what this file is; "
        "the file was left as it is",
        d.span, status="non-fixable",
        evidence={"withheld": sorted({f.code for f in fixes}), "reason": "no logic left"})


def _withheld_note(program: Program, d: Diagnostic, lost: list) -> Diagnostic:
    what = "; ".join(f"`{describe(f)}` (`{t.strip()[:60]}`)" for t, f in lost[:3])
    more = f" and {len(lost) - 3} more" if len(lost) > 3 else ""
    return Diagnostic(
        WITHHELD, NOTE_CATEGORY,
        f"the fix of {d.code} was withheld: read back, the fixed file no longer says "
        f"{what}{more}, which no fix names; this part of the file was left as it is",
        d.span, status="non-fixable",
        evidence={"withheld": d.code, "rule": d.fix.rule if d.fix else None,
                  "lost": [describe(f) for _, f in lost]}, clause=d.clause)


def _second_pass(report, text: str, check: _Checker, withheld_codes: set) -> Diagnostic | None:
    """A note when the fixed text's own safe fixes (syntax repairs, shallow rewrites) would
    change it again: `--fix` should be idempotent. Diagnostics of codes the first pass
    reported but the user deselected are not counted."""
    from .engine import allowed_fixes, analyse
    back = check.read(text)
    if back is None:
        return None
    # codes the first pass knew of that are no longer among the report's diagnostics were
    # deselected (--select/--ignore): a second run deselects them too
    shown = {d.code for d in report.diagnostics}
    known = set(getattr(report, "codes_found", ()) or shown)
    deselected = known - shown
    # (a withheld fix's diagnostic is found again, and withheld again: not counted)
    again = analyse(back, report.truth, "syntax" if report.mode == "syntax" else "partial",
                    prover="auto", answer=False, suggest=False)  # suggestions are never fixes
    fixes = [d for d in allowed_fixes(again.diagnostics, False)
             if d.code not in deselected and d.code not in withheld_codes]
    again.close()
    second = check.apply(text, fixes)
    if second == text:
        return None
    first = next(d for d in fixes if check.apply(text, [d]) != text)
    at = report.program.index.span(0, 0)
    return Diagnostic(
        NOT_IDEMPOTENT, NOTE_CATEGORY,
        f"a second --fix would change the fixed file again ({first.code} at line "
        f"{first.span.line} of the fixed file): sedac's fixes of this file are not idempotent",
        at, status="non-fixable", evidence={"code": first.code, "line": first.span.line})
