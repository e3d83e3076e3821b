"""The Python API: `check` and `ask`, returning report objects (nothing is printed)."""
from __future__ import annotations

from .atp import Prover
from .engine import FileReport, analyse, answer_both
from .readers import read_program
from .truth import Truth, truth_from_text, truth_from_tptp


def load_truth(nl: str | None = None, truth: str | None = None, truth_path: str = "<truth>") -> Truth | None:
    if nl is not None:
        return truth_from_text(nl)
    if truth is not None:
        if isinstance(truth, dict):
            from .gold import truth_from_gold
            return truth_from_gold(truth)     # a FOLIO record
        return truth_from_tptp(truth, truth_path)
    return None


def check(program: str, *, nl: str | None = None, truth: str | None = None,
          mode: str | None = None, lang: str = "auto", prover: Prover | str = "auto",
          unsafe_fixes: bool = False, path: str = "<program>") -> FileReport:
    """Lint one program text.

    `nl` is the problem text (full SEDAC), `truth` a TPTP FOF text used as ground
    truth instead; without either, the mode is `partial` (shallow rewrites only).
    The report holds the diagnostics, `fixed_program()` and the `answer`.
    """
    t = load_truth(nl, truth)
    prog = read_program(program, path, lang, vocab_hint=t.vocab if t else None, strict=True)
    return analyse(prog, t, mode, prover, unsafe_fixes)


def ask(program: str, *, nl: str | None = None, query: str | None = None,
        semantics: str = "both", lang: str = "auto", prover: Prover | str = "auto",
        path: str = "<program>", raw: bool = False) -> dict:
    """Answer a program's question (or `query`, a TPTP formula, or the text's question)
    under open-world (prover) and closed-world (SWI-Prolog) semantics.

    With `nl`, the program is first repaired by full SEDAC (safe and unsafe fixes); without
    it, by the safe fixes. `raw=True` answers the program exactly as it was read, with no
    fix. The result says which fixes the answer rests on (`fixes`) and, with `nl`, which
    sentences of the text were not understood (`unparsed`).
    """
    t = load_truth(nl)
    prog = read_program(program, path, lang, vocab_hint=t.vocab if t else None, strict=True)
    unsafe = t is not None and not raw
    report = analyse(prog, None if raw else t, "syntax" if raw else None, prover,
                     unsafe_fixes=unsafe, answer=False)
    q = report.query
    if query is not None:
        from .readers.tptp import parse_formula
        q = parse_formula(query)
    elif raw and prog.queries:
        q = prog.queries[-1][1].formula
    out: dict = {}
    if q is None:
        out = {"query": None}
    else:
        axioms = prog.axioms if raw else report.formulas("unsafe" if unsafe else "safe")
        from .atp import get_prover
        p = get_prover(prover) if isinstance(prover, str) else prover
        out = answer_both(axioms, q, p.session(), semantics)
    fixes = [] if raw else [{"line": d.span.line, "code": d.code, "message": d.message}
                            for d in report.diagnostics
                            if d.fix is not None and d.status in ("fixed", "dropped")
                            and d.category not in ("communication", "omission")]
    if fixes:
        out["fixes"] = fixes
    if t is not None and t.unparsed:
        out["unparsed"] = [{"sentence": i, "line": line, "text": text}
                           for i, text, line in t.unparsed]
    return out
