"""Full SEDAC's deep step: each clause the text does not entail gets the candidates of the
derivation rules (D1-D23, and its gloss's reading, D12), and is repaired with the one the text
entails that says most of it, or dropped (D000) when none is; a clause the text entails but
whose gloss says more gets the gloss's formula beside it.
"""
from __future__ import annotations

from .atp import Session
from .file_report import ClauseResult, _undecided, clause_text, comment_out
from .fol import Forall, Formula, Not, Top, constants, describe, implication_parts, predicates
from .program import Clause, Diagnostic, Fix, Program
from .rules import BY_CODE, equivalence_key, propose
from .truth import Truth


def _full_sedac(program: Program, truth: Truth, results: list[ClauseResult], session: Session,
                vocab, diags: list[Diagnostic], undecided: list[dict]) -> None:
    nl_ax = truth.axioms
    said, unit = ("gold", "premise") if truth.source == "gold" else ("text", "sentence")
    lp_ax = [r.safe for r in results]
    glosses = _gloss_formulas(program, results, truth)
    text_forms = {equivalence_key(a): a for a in nl_ax}
    paired = dict(truth.alignment.pairs) if truth.alignment is not None else {}
    rewrites: dict = {}    # the rules' derived formulas, rewritten once a problem (`propose`)
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
        def question(f=f, clause=clause) -> str:   # (written only when it is reported)
            return f"line {clause.span.line}: whether the text says `{describe(f)}`"
        if not v.refuted and not weaker:
            undecided.append(_undecided(clause.span, question(), v))
            continue
        candidates = [(g, codes) for g, codes in propose(f, vocab, rewrites).items()
                      if any(c.startswith("D") for c in codes)] if _sure(truth) else []
        if gloss is not None and equivalence_key(gloss) not in (
                {equivalence_key(g) for g, _ in candidates} | {equivalence_key(f)}):
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
                    clause.span, f"{question()} ({len(truth.unparsed)} sentence(s) of the text not "
                    "understood)", v, status="Unparsed"))
                continue
            if not v.refuted:
                undecided.append(_undecided(clause.span, question(), v))
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
