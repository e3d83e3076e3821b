"""Why full SEDAC's open-world answer differs from a corpus's gold: is the reply's logic a
faithful translation whose classical answer differs from a forward-chaining gold, or does
sedac misread the reply?

For each problem whose full open-world answer is wrong, this prints:
- the text's own ground truth (the DCG parse of the problem text) answered classically
  (the prover) and by forward chaining: when the text itself answers classically as the
  program does and by forward chaining as the gold does, the gold is a forward-chaining
  label, not a classical one;
- whether the fixed program and the text entail each other sentence by sentence (a
  faithful translation: every text sentence entailed by the program, every program clause
  entailed by the text), naming any sentence that is not;
- the prover's evidence: the text sentences of an unsat core of the classical answer.

Usage: python3 benchmarks/classical_misses.py CORPUS.jsonl [...]
"""
from __future__ import annotations

import sys

from _common import ROOT  # noqa: F401  (puts the worktree on sys.path)

from sedac.atp import get_prover
from sedac.corpus import read_corpus
from sedac.engine import analyse, answer_open
from sedac.evaluate import evaluate_problem
from sedac.fol import negate, to_unicode
from sedac.forward import ask_forward
from sedac.readers import read_program
from sedac.truth import truth_from_text


def explain(problem, session, engine) -> dict:
    truth = truth_from_text(problem.text)
    text_open = answer_open(truth.axioms, truth.question, session)
    text_forward = ask_forward(truth.axioms, truth.question)
    program = read_program(problem.program, problem.id, "auto", vocab_hint=truth.vocab)
    full = analyse(program, truth, "full", engine, unsafe_fixes=True, answer=False, session=session)
    fixed = full.formulas("unsafe")
    query = full.query if full.query is not None else truth.question
    prog_open = answer_open(fixed, query, session)
    not_in_program = [f for f in truth.facts
                      if not session.entails(fixed, f.formula, evidence=False).holds]
    not_in_text = [f for f in fixed if not session.entails(truth.axioms, f, evidence=False).holds]
    same_query = session.entails([], _iff(query, truth.question), evidence=False).holds
    # one by one (a text that is inconsistent entails every clause: the whole-text test says
    # nothing then): each clause equivalent to one sentence of the text
    unpaired = [f for f in fixed
                if not any(session.entails([], _iff(f, t.formula), evidence=False).holds
                           for t in truth.facts)]
    core = []
    if text_open in ("True", "False"):
        goal = truth.question if text_open == "True" else negate(truth.question)
        proof = session.entails(truth.axioms, goal)
        core = [truth.facts[i] for i in (proof.used or ())]
    elif text_open == "Inconsistent":
        from sedac.fol import FALSE
        proof = session.entails(truth.axioms, FALSE)
        core = [truth.facts[i] for i in (proof.used or ())]
    return {"id": problem.id, "gold": problem.answer, "program": prog_open,
            "text_open": text_open, "text_forward": text_forward, "same_query": same_query,
            "not_in_program": not_in_program, "not_in_text": not_in_text, "core": core, "unpaired": unpaired,
            "query": to_unicode(query)}


def _iff(a, b):
    from sedac.fol import Iff
    return Iff(a, b)


def main(paths: list[str]) -> int:
    engine = get_prover("auto")
    for path in paths:
        for problem in read_corpus(path):
            if problem.program is None:
                continue
            rec = evaluate_problem(problem)
            if "failed" in rec or rec["correct"]["full"]["open_world"]:
                continue
            e = explain(problem, engine.session(), engine)
            faithful = not e["not_in_program"] and not e["not_in_text"] and e["same_query"]
            print(f"== {e['id']} ({path.rsplit('/', 1)[-1]}): gold {e['gold']}, "
                  f"full open world {rec['answers']['full']['open_world']}, forward "
                  f"{rec['answers']['full']['forward']}")
            print(f"   query read: {e['query']} (the text's question: {'same' if e['same_query'] else 'DIFFERENT'})")
            print(f"   the text itself: classically {e['text_open']}, by forward chaining {e['text_forward']}")
            print(f"   translation faithful (program and text entail each other): {faithful}")
            for f in e["not_in_program"]:
                print(f"     text sentence {f.index} not entailed by the program: {f.text}")
            print(f"   each program clause equivalent to one text sentence: {not e['unpaired']}")
            for f in e["unpaired"]:
                print(f"     no sentence of the text says: {to_unicode(f)}")
            for f in e["not_in_text"]:
                print(f"     program clause not entailed by the text: {to_unicode(f)}")
            what = "contradiction" if e["text_open"] == "Inconsistent" else "classical answer"
            print(f"   prover's evidence ({what} from text sentences):")
            for f in e["core"]:
                print(f"     {f.index}. {f.text}   [{to_unicode(f.formula)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
