"""A verdict for each gold premise against the program premise paired with it."""
from __future__ import annotations

from ..fol import Formula


VERDICTS = ("equivalent", "stronger", "weaker", "contradicting", "unrelated", "missing", "extra",
            "undecided")


def relation(p: Formula, g: Formula, session) -> str:
    """How a program premise `p` stands to the gold premise `g` it translates."""
    if p == g:
        return "equivalent"
    fwd = session.entails([p], g, evidence=False)
    back = session.entails([g], p, evidence=False)
    if fwd.holds and back.holds:
        return "equivalent"
    if fwd.holds:
        return "stronger"
    if back.holds:
        return "weaker"
    both = session.consistent([p, g])
    if both.holds:       # unsatisfiable together
        return "contradicting"
    if not (fwd.determinate and back.determinate and both.determinate):
        return "undecided"
    return "unrelated"


def premise_verdicts(program, truth, session) -> list[dict]:
    """A verdict for every gold premise (equivalent, stronger, weaker, contradicting,
    unrelated, or missing: no premise of the program translates it) and for every premise of
    the program no gold premise is paired with (extra, saying whether the gold entails it).
    `program` is read in the gold's symbols; a Timeout is `undecided`, never a verdict.
    Beside each, `le`: whether LogicLLaMA's truth-table score calls the pair equivalent."""
    from ..fol import describe
    from ..le_score import le_equivalent
    al = truth.alignment
    by_fact = {k: i for i, k in (al.pairs if al is not None else [])}
    known = getattr(al, "relations", None) or {}
    stmts = dict(program.statements)
    out = []
    for k, fact in enumerate(truth.facts):
        i = by_fact.get(k)
        if i is None or i not in stmts:
            out.append({"premise": fact.index, "gold": describe(fact.formula), "verdict": "missing",
                        "sentence": fact.text})
            continue
        c = stmts[i]
        out.append({"premise": fact.index, "gold": describe(fact.formula), "line": c.span.line,
                    "program": describe(c.formula), "sentence": fact.text,
                    "verdict": known.get((c.formula, fact.formula))
                    or relation(c.formula, fact.formula, session),
                    "le": le_equivalent(c.formula, fact.formula)})
    for i, c in program.statements:
        if i in by_fact.values():
            continue
        v = session.entails(truth.axioms, c.formula, evidence=False)
        out.append({"line": c.span.line, "program": describe(c.formula), "verdict": "extra",
                    "entailed_by_gold": True if v.holds else False if v.refuted else None})
    return out
