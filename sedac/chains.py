"""Step-by-step verification of reasoning chains (DESIGN.md section 8).

Each step is labelled against the premises of the problem: True (entailed), False
(its negation is entailed), Unknown, Error (the premises are inconsistent) or
Unparsed (the grammar cannot read it: a translation failure, not a reasoning one).
A proof path keeps, in order, the True steps that the steps kept so far do not
already entail, never a step that merely states the conclusion or its negation;
it is valid when it alone decides the question as the gold answer does.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .atp import get_prover
from .fol import Formula, describe, negate
from .truth import truth_from_text

CLASSES = ("T1", "T2", "T3", "T4", "F1", "F2", "Error")


@dataclass
class Chain:
    id: str
    context: str
    query: str
    answer: str                 # gold
    steps: list[str]
    predicted: str
    intended: str | None = None  # for generated mutations


def verify_chain(chain: Chain, prover="auto") -> dict:
    """The JSON-ready verdict on one chain."""
    engine = get_prover(prover) if isinstance(prover, str) else prover
    session = engine.session()
    truth = truth_from_text(f"{chain.context}\n{chain.query}", chain.steps)
    premises = truth.axioms
    q = truth.question
    parsed = truth.extra
    session.declare(premises + [r[1] for r in parsed if r] + ([q] if q else []))
    consistent = not session.consistent(premises).holds
    steps = []
    kept: list[Formula] = []
    stated: list[Formula] = []
    for i, (text, res) in enumerate(zip(chain.steps, parsed), start=1):
        step: dict = {"index": i, "text": text, "on_path": False, "evidence": None}
        steps.append(step)
        if res is None:
            step["label"] = "Unparsed"
            step["evidence"] = {"translation_failure": "the grammar cannot read this sentence"}
            continue
        f = res[1]
        if not consistent:
            step["label"] = "Error"
            continue
        pos = session.entails(premises, f)
        if pos.holds:
            step["label"] = "True"
            needs = [truth.facts[j] for j in (pos.used or ())]
            follows = session.entails(stated, f, evidence=False).holds  # from the steps before it
            missing = [] if follows else \
                [s for s in needs if not session.entails(stated, s.formula, evidence=False).holds]
            step["evidence"] = {"needs": [s.index for s in needs],
                                "missing_premises": [{"sentence": s.index, "text": s.text}
                                                     for s in missing]}
            conclusion = q is not None and (f == q or f == negate(q))
            if not conclusion and not session.entails(kept, f, evidence=False).holds:
                kept.append(f)
                step["on_path"] = True
        else:
            neg = session.entails(premises, negate(f))
            if neg.holds:
                step["label"] = "False"
                step["evidence"] = {"refuted_by": [{"sentence": truth.facts[j].index,
                                                    "text": truth.facts[j].text}
                                                   for j in (neg.used or ())]}
            else:
                step["label"] = "Unknown"
                step["evidence"] = {"countermodel": pos.model.to_json() if pos.model else None}
        stated.append(f)
    answer_correct = chain.predicted == chain.answer
    valid = False
    if q is not None and consistent:
        goal = q if chain.answer == "True" else negate(q)
        valid = session.entails(kept, goal, evidence=False).holds
    graded = [s for s in steps if s["label"] != "Unparsed"]
    all_true = all(s["label"] == "True" for s in graded)
    if not consistent:
        cls = "Error"
    elif answer_correct:
        cls = ("T1" if valid else "T3") if all_true else ("T2" if valid else "T4")
    else:
        cls = "F1" if all_true else "F2"
    out = {"id": chain.id, "class": cls, "answer_correct": answer_correct, "valid_path": valid,
           "steps": steps, "question": describe(q) if q is not None else None,
           "translation_failures": sum(1 for s in steps if s["label"] == "Unparsed")}
    if chain.intended is not None:
        out["intended"] = chain.intended
    return out


def summarize_chains(results: list[dict]) -> dict:
    counts = Counter(r["class"] for r in results)
    return {c: counts.get(c, 0) for c in CLASSES}


# -------------------------------------------------------------------- inputs

def chains_from_problems(problems) -> list[Chain]:
    """Chains of a corpus: generator files give the gold chain (predicted = gold)."""
    out = []
    for p in problems:
        if not p.chain:
            continue
        out.append(Chain(p.id, p.context, p.question, p.answer, list(p.chain),
                         p.predicted or p.answer))
    return out


# ----------------------------------------------------------------- mutations

def _negated(sentence: str) -> str | None:
    """`Rex is a cow.` -> `Rex is not a cow.`; None for other shapes."""
    words = sentence.rstrip(".").split(" ")
    if len(words) >= 3 and words[1] == "is" and words[2] != "not":
        return " ".join(words[:2] + ["not"] + words[2:]) + "."
    if len(words) >= 4 and words[1] == "is" and words[2] == "not":
        return " ".join(words[:2] + words[3:]) + "."
    return None


def mutate(gold: Chain, rng: random.Random, kind: str) -> Chain | None:
    """A mutation of a gold chain meant to be of class `kind` (T1-T4, F1, F2)."""
    steps = list(gold.steps)
    # derived facts about the individual (odd positions after the first) can be negated
    derived = [i for i in range(2, len(steps) - 1, 2)]
    rules = [i for i in range(1, len(steps), 2)]
    context_sentences = [s.strip() + "." for s in gold.context.split(".") if s.strip()]
    distractors = [s for s in context_sentences if s not in steps]

    derived_texts = {steps[i] for i in derived}

    def insert_wrong(st):
        """After a derived fact, its negation: a step the premises refute."""
        spots = [j for j, s in enumerate(st) if s in derived_texts]
        if not spots:
            return None
        i = rng.choice(spots)
        wrong = _negated(st[i])
        if wrong is None:
            return None
        return st[:i + 1] + [wrong] + st[i + 1:]

    def drop_key(st):
        # the rule that gives the property: without it no path decides the question
        last_rule = rules[-1]
        out = st[:last_rule] + st[last_rule + 1:]
        extra = rng.sample(distractors, min(2, len(distractors)))
        for s in extra:
            out.insert(rng.randrange(1, len(out)), s)
        return out

    flip = {"True": "False", "False": "True"}
    if kind == "T1":
        new, predicted = steps, gold.answer
    elif kind == "T2":
        new, predicted = insert_wrong(steps), gold.answer
    elif kind == "T3":
        new, predicted = drop_key(steps), gold.answer
    elif kind == "T4":
        dropped = drop_key(steps)
        new = insert_wrong(dropped) if dropped else None
        predicted = gold.answer
    elif kind == "F1":
        new, predicted = steps, flip[gold.answer]
    elif kind == "F2":
        new, predicted = insert_wrong(steps), flip[gold.answer]
    else:
        raise ValueError(kind)
    if new is None:
        return None
    return Chain(f"{gold.id}-{kind}", gold.context, gold.query, gold.answer, new, predicted, kind)


def mutated_chains(golds: list[Chain], per_class: int, seed: int = 5) -> list[Chain]:
    rng = random.Random(seed)
    out = []
    for kind in ("T1", "T2", "T3", "T4", "F1", "F2"):
        made = 0
        i = 0
        while made < per_class and i < 20 * per_class:
            m = mutate(golds[i % len(golds)], rng, kind)
            i += 1
            if m is not None:
                m.id = f"{m.id}-{made + 1}"
                out.append(m)
                made += 1
    return out
