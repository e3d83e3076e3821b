"""Gold first-order logic as the ground truth (FOLIO), and its audit.

A FOLIO record carries, beside its sentences, the formulas its annotators wrote for them:
`premises` / `premises-FOL` (one formula a sentence) and `conclusion` / `conclusion-FOL`,
with `label` True, False or Uncertain. Those formulas are the ground truth; the grammar is not
used. People write them, so they are read with the FOL-text grammar of every notation and
checked before use:

- a *slip* is a formula that does not read (an unbalanced bracket, an empty formula) or reads
  only with a repair (a variable no quantifier binds, closed universally as the annotators
  meant); an unread premise is left out of the truth, and the problem says so;
- the *audit* asks the prover whether the gold premises are consistent and entail the gold
  label (True: the conclusion; False: its negation; Uncertain: neither), and which premises a
  proof uses. A record whose gold disagrees with its own label is reported apart: a wrong
  answer there is the gold's error, not the program's.
"""
from __future__ import annotations

import json
from pathlib import Path

from .errors import SedacError
from .fol import Formula, closure, describe, free_vars, negate
from .truth import Fact, Truth, vocabulary_from_formulas

GOLD_FIELDS = ("premises-FOL", "conclusion-FOL")
LABELS = {"True": "True", "False": "False", "Uncertain": "Unknown", "Unknown": "Unknown"}


def has_gold(record: dict) -> bool:
    """Whether a record carries FOLIO's gold formulas."""
    return isinstance(record, dict) and all(k in record for k in GOLD_FIELDS)


def gold_of(record: dict) -> dict:
    """The gold fields of a record, normalised: lists of premises and their formulas, the
    conclusion and its formula, and the label as sedac's answer word."""
    fols = record["premises-FOL"]
    if isinstance(fols, str):
        fols = [line for line in fols.split("\n")]
    sentences = record.get("premises") or []
    if isinstance(sentences, str):
        sentences = [s for s in sentences.split("\n")]
    label = record.get("label", record.get("answer"))
    return {"premises": [str(s).strip() for s in sentences],
            "premises-FOL": [str(f) for f in fols],
            "conclusion": str(record.get("conclusion") or "").strip(),
            "conclusion-FOL": str(record.get("conclusion-FOL") or ""),
            "label": LABELS.get(str(label), None) if label is not None else None}


def _read_formula(text: str):
    """A gold formula, read: (formula or None, slip message or None)."""
    from lark.exceptions import UnexpectedInput
    from .program import Unreadable
    from .readers.foltext import FolReader
    from .readers.sections import _parse_message
    s = " ".join(text.split())
    if not s:
        return None, "the formula is empty"
    try:
        formula, _ = FolReader()._parse(s, "premises")
    except Unreadable as u:
        return None, u.message
    except (UnexpectedInput, RecursionError) as e:
        return None, _parse_message(s, e)
    fv = free_vars(formula)
    if fv:
        names = ", ".join(sorted(v.name for v in fv))
        return closure(formula), f"variable {names} has no quantifier; read as universal"
    return formula, None


def truth_from_gold(record: dict) -> Truth:
    """The ground truth of a FOLIO record: one fact a gold premise (its sentence as text),
    the gold conclusion as the question. Slips are in `truth.slips`; a premise that does not
    read is in `truth.unparsed` (not evidence either way, as an unparsed sentence is)."""
    g = gold_of(record)
    facts, unparsed, slips = [], [], []
    # a formula's sentence is known only when there are as many of each
    matched = len(g["premises"]) == len(g["premises-FOL"])
    if not matched:
        slips.append({"premise": None, "formula": "", "problem":
                      f"{len(g['premises'])} premises but {len(g['premises-FOL'])} formulas: "
                      "which sentence each formula translates is unknown"})
    for i, fol in enumerate(g["premises-FOL"], start=1):
        sentence = g["premises"][i - 1] if matched else " ".join(fol.split())
        formula, slip = _read_formula(fol)
        if slip:
            slips.append({"premise": i, "formula": fol, "problem": slip})
        if formula is None:
            unparsed.append((i, sentence, 0))
            continue
        facts.append(Fact(i, sentence, formula))
    question, slip = _read_formula(g["conclusion-FOL"])
    if slip:
        slips.append({"premise": "conclusion", "formula": g["conclusion-FOL"], "problem": slip})
    formulas = [f.formula for f in facts] + ([question] if question is not None else [])
    vocab = vocabulary_from_formulas(formulas)
    vocab.formal = True     # a person's formulas for real language: the connective rules apply
    truth = Truth(facts, question, g["conclusion"], vocab,
                  unparsed, source="gold", slips=slips, label=g["label"])
    return truth


def audit(truth: Truth, label: str | None, session) -> dict:
    """Do the gold premises agree with the gold label? `agrees` is None when the prover did
    not decide (a Timeout is not an answer) or the gold has no conclusion."""
    out: dict = {"label": label, "slips": list(truth.slips),
                 "premises": len(truth.facts), "unread": [i for i, _, _ in truth.unparsed]}
    axioms = truth.axioms
    consistent = session.consistent(axioms)
    out["consistent"] = (True if consistent.refuted else False if consistent.holds else None)
    if truth.question is None:
        out.update(entails=None, agrees=False, why="the gold conclusion does not read")
        return out
    pos = session.entails(axioms, truth.question)
    neg = session.entails(axioms, negate(truth.question))
    if pos.holds and neg.holds:
        verdict = "Inconsistent"
    elif pos.holds:
        verdict = "True"
    elif neg.holds:
        verdict = "False"
    elif pos.refuted and neg.refuted:
        verdict = "Unknown"
    else:
        verdict = "Timeout"
    out["entails"] = verdict
    if verdict == "Timeout":
        out["agrees"] = None
        out["why"] = "the prover did not decide the gold conclusion in time"
        return out
    out["agrees"] = verdict == label
    proof = pos if verdict == "True" else neg if verdict == "False" else None
    if proof is not None and proof.used is not None:
        used = sorted({truth.facts[j].index for j in proof.used})
        out["used"] = used
        out["unused"] = [f.index for f in truth.facts if f.index not in used]
    if not out["agrees"]:
        reasons = []
        if truth.unparsed:
            reasons.append(f"{len(truth.unparsed)} gold premise(s) do not read, left out")
        if out["consistent"] is False:
            reasons.append("the gold premises contradict each other")
        if verdict != label:
            reasons.append(f"the gold premises say {verdict}, the label {label}")
        if verdict == "Unknown" and label in ("True", "False"):
            model = (pos if label == "True" else neg).model
            if model is not None:
                out["countermodel"] = model.describe()
        out["why"] = "; ".join(reasons)
    return out


def truth_from_file(spec: str) -> Truth:
    """The ground truth `--truth` names: a FOLIO record (`record.json`, `file.jsonl#ID`), or a
    TPTP FOF file."""
    from .files import read_text
    from .truth import truth_from_tptp
    path = spec.partition("#")[0]
    if "#" in spec or Path(path).suffix.lower() in (".json", ".jsonl"):
        record, _ = read_truth_spec(spec)
        return truth_from_gold(record)
    return truth_from_tptp(read_text(spec, "truth file"), spec)


def gold_program(truth: Truth) -> str:
    """The gold formulas written as a FOL-text program (the problems-only run's program)."""
    from .fol import to_unicode
    lines = ["Premises:"] + [f"{to_unicode(f.formula)} ::: {' '.join(f.text.split())}"
                             for f in truth.facts]
    if truth.question is not None:
        lines += ["Conclusion:", f"{to_unicode(truth.question)} ::: {truth.question_text}"]
    return "\n".join(lines) + "\n"


def read_truth_spec(spec: str) -> tuple[dict, str]:
    """`--truth record.json` or `--truth file.jsonl#ID`: the one FOLIO record it names."""
    from .files import read_text
    path, _, wanted = spec.partition("#")
    text = read_text(path, "truth file")
    records = []
    stripped = text.strip()
    try:
        if stripped.startswith("[") or (stripped.startswith("{") and "\n{" not in stripped):
            data = json.loads(stripped)
            records = data if isinstance(data, list) else [data]
        else:
            records = [json.loads(line) for line in text.splitlines() if line.strip()]
    except json.JSONDecodeError as e:
        raise SedacError(f"not JSON: {e.msg}", path=path, line=e.lineno) from None
    records = [r for r in records if has_gold(r)]
    if not records:
        raise SedacError("no FOLIO record (premises-FOL and conclusion-FOL) in it", path=path)
    if wanted:
        found = [r for r in records if str(r.get("id")) == wanted]
        if not found:
            raise SedacError(f"no record with id {wanted!r}", path=path)
        return found[0], f"{path}#{wanted}"
    if len(records) > 1:
        raise SedacError(f"{len(records)} records; name one as {Path(path).name}#ID", path=path)
    return records[0], path


def describe_gold(truth: Truth) -> list[str]:
    """The gold premises as sedac read them, for reports."""
    return [f"{f.index}. {describe(f.formula)}" for f in truth.facts]



def why_wrong(audit_: dict, report) -> dict:
    """Why full SEDAC's answer is wrong on a gold problem: the gold disagrees with its own
    label; or sedac was unsure how the program's symbols align with the gold's; or premises
    that say otherwise than the gold and that no rule repairs (with their verdicts); or the
    question. Each wrong answer gets one, under `missing` the premises it names."""
    from .engine import SURE_ALIGNMENT
    if audit_ and not audit_.get("agrees"):
        return {"kind": "gold", "why": audit_.get("why", ""), "missing": [
            {"sentence": None, "text": audit_.get("why", ""), "status": "gold error"}]}
    al = report.alignment or {}
    if al.get("paired") and al.get("confidence", 0) < SURE_ALIGNMENT:
        return {"kind": "alignment", "confidence": al.get("confidence"),
                "unmatched": al.get("unmatched", []), "missing": [
                    {"sentence": None, "text": f"alignment confidence {al.get('confidence')}",
                     "status": "alignment unsure"}]}
    repaired = {d.span.line for d in report.diagnostics
                if d.category == "deep-semantic" and d.code != "D000"}
    left = [v for v in report.verdicts if v["verdict"] not in ("equivalent", "stronger")
            and v.get("line") not in repaired]
    missing = [{"sentence": v.get("premise"), "text": v.get("sentence") or v.get("program", ""),
                "status": f"{v['verdict']}, no rule repairs it"} for v in left]
    if not missing:
        missing = [{"sentence": None, "text": describe(report.query) if report.query else "",
                    "status": "the question"}]
    return {"kind": "premises", "missing": missing}


def drop_contradiction(program, truth: Truth, results, diags, session) -> list[int]:
    """Against gold formulas a premise no rule repairs is kept as written (the gold is a
    person's reading, not the text); but when the program as repaired contradicts itself,
    every question is `Inconsistent` and the premises say nothing. Then the kept premises
    the gold does not entail (D000) are what is wrong: the one (a premise that contradicts
    itself first, then one no gold premise is paired with, then the others) without which the
    program is consistent is dropped, or, when no one alone is, all of them when that is. The
    gold entails what is left of each (nothing); its D000 diagnostic gets the fix that comments
    it out. (The gold itself is consistent, audited: a contradiction is never what it says.)
    Returns the indices of the clauses dropped."""
    from dataclasses import replace
    from .engine import comment_out
    from .program import Fix

    def axioms(skip=()):
        out = []
        for r in results:
            if r.index in skip:
                continue
            out += [f for f in (r.unsafe, r.added) if f is not None]
        return out

    kept = [r for r in results if r.status == "non-fixable" and r.unsafe is not None]
    if not kept or not session.consistent(axioms()).holds:
        return []
    al = truth.alignment
    paired = {i for i, _ in al.pairs} if al is not None else set()
    kept.sort(key=lambda r: (not session.consistent([r.unsafe]).holds, r.index in paired,
                             r.index))
    drop = next(([r] for r in kept if session.consistent(axioms({r.index})).refuted), None)
    if drop is None and len(kept) > 1 and \
            session.consistent(axioms({r.index for r in kept})).refuted:
        drop = kept
    if drop is None:
        return []
    why = "contradicts the rest of the program and is not what the gold says"
    for r in drop:
        r.unsafe = None
        clause = program.clauses[r.index]
        for k, d in enumerate(diags):
            if d.code == "D000" and d.clause == r.index and d.fix is None:
                diags[k] = replace(d, message=d.message + "; the program contradicts itself "
                                   "with it, so it is dropped",
                                   fix=Fix("unsafe", comment_out(clause, program, why), "drop",
                                           clause.span))
    return [r.index for r in drop]
