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
        path: str = "<program>") -> dict:
    """Answer a program's question (or `query`, a TPTP formula, or the text's question)
    under open-world (prover) and closed-world (SWI-Prolog) semantics.

    With `nl`, the program is first repaired by full SEDAC (safe and unsafe fixes).
    """
    t = load_truth(nl)
    prog = read_program(program, path, lang, vocab_hint=t.vocab if t else None, strict=True)
    report = analyse(prog, t, None, prover, unsafe_fixes=t is not None, answer=False)
    q = report.query
    if query is not None:
        from .readers.tptp import parse_formula
        q = parse_formula(query)
    if q is None:
        return {"query": None}
    axioms = report.formulas("unsafe" if t is not None else "safe")
    from .atp import get_prover
    p = get_prover(prover) if isinstance(prover, str) else prover
    return answer_both(axioms, q, p.session(), semantics)
