"""sedac.reward, called with the arguments verl's and TRL's trainers pass (neither trainer
is installed: the signatures come from their documentation)."""
from __future__ import annotations

import functools
import json
import re

from sedac.reward import compute_score, reward, score_batch

from .conftest import corpus, own_records



@functools.cache
def _records():
    """The project's own ProofWriter problems, each with a right Pyke translation."""
    return own_records(limit=6)

_RULE = re.compile(r"^(\w+\(\$x, \w+\)) >>> (\w+\(\$x, \w+\))$")


def _info(r):
    return {"context": r["context"], "question": r["question"], "id": r["id"]}


def _broken(program: str) -> str:
    """The program with its first fact dropped and its first one-condition rule reversed."""
    lines = program.splitlines()
    facts = lines.index("Facts:") + 1
    rule = next(i for i, l in enumerate(lines) if _RULE.match(l))
    lines[rule] = _RULE.sub(r"\2 >>> \1", lines[rule])
    return "\n".join(lines[:facts] + lines[facts + 1:]) + "\n"


def _check_rewards(r, program):
    good = compute_score(data_source="proofwriter", solution_str=program,
                         ground_truth=r["answer"], extra_info=_info(r))
    assert good["score"] == 1.0 and good["raw_correct"] and good["semantics"] == "forward"
    assert set(good["parts"]) == {"reads", "raw", "clean", "full"}
    return good


def test_verl_compute_score_rewards_right_programs_and_names_its_parts():
    r = _records()[0]
    program = r["raw_logic_programs"][0]
    good = _check_rewards(r, program)
    # the same program with one fact dropped and one rule's arguments swapped scores less
    worse = compute_score("proofwriter", _broken(program), r["answer"], _info(r))
    assert 0 < worse["score"] < good["score"] and sum(worse["errors"].values()) > 0
    # the gold answer as a dict, with the text in it
    alt = compute_score("proofwriter", program,
                        {"answer": r["answer"], "context": r["context"], "question": r["question"]})
    assert alt["score"] == good["score"]


def test_verl_compute_score_on_a_real_gpt4_translation():
    r = json.loads(corpus("logic-lm/ProofWriter_dev_gpt-4.json").read_text())[0]
    good = _check_rewards(r, r["raw_logic_programs"][0])
    lines = r["raw_logic_programs"][0].splitlines()
    broken = "\n".join(l.replace("Rough($x, True) >>> Cold($x, True)", "Cold($x, True) >>> Rough($x, True)")
                       for l in lines if not l.startswith("Kind(Charlie, True)"))
    worse = compute_score("proofwriter", broken, r["answer"], _info(r))
    assert 0 < worse["score"] < good["score"] and sum(worse["errors"].values()) > 0


def test_what_is_no_answer_scores_zero_with_its_reason():
    r = _records()[1]
    assert compute_score("proofwriter", "The answer is True.", r["answer"], _info(r)) == \
        {"score": 0.0, "reason": "not a program"}
    assert compute_score("proofwriter", "", r["answer"], _info(r))["score"] == 0.0
    missing = compute_score("proofwriter", r["raw_logic_programs"][0], r["answer"], None)
    assert missing["score"] == 0.0 and "problem text is missing" in missing["reason"]
    slow = compute_score("proofwriter", r["raw_logic_programs"][0], r["answer"], _info(r),
                         timeout=0.001)
    assert slow["score"] == 0.0 and slow["reason"].startswith("timeout")
    # and the next call works again, on a fresh worker
    assert compute_score("proofwriter", r["raw_logic_programs"][0], r["answer"], _info(r))["score"] > 0.5


def test_trl_reward_takes_dataset_columns_and_chat_completions():
    rs = _records()[:3]
    completions = [[{"role": "assistant", "content": r["raw_logic_programs"][0]}] for r in rs]
    completions.append("Let me think... the bear is big.")
    cols = {"context": [r["context"] for r in rs] + [rs[0]["context"]],
            "question": [r["question"] for r in rs] + [rs[0]["question"]],
            "answer": [r["answer"] for r in rs] + [rs[0]["answer"]]}
    scores = reward(prompts=["..."] * 4, completions=completions, completion_ids=[[1]] * 4,
                    trainer_state=None, **cols)
    assert len(scores) == 4 and all(isinstance(s, float) for s in scores)
    assert scores[3] == 0.0 and all(s > 0.5 for s in scores[:3])


def test_batch_scores_equal_one_by_one():
    items = [{"data_source": "proofwriter", "solution_str": r["raw_logic_programs"][0],
              "ground_truth": r["answer"], "extra_info": _info(r)} for r in _records()]
    items.append({"data_source": "proofwriter", "solution_str": "no program",
                  "ground_truth": "A", "extra_info": _info(_records()[0])})
    batch = score_batch(items, jobs=2)
    one = [compute_score(**it) for it in items]
    assert [b["score"] for b in batch] == [o["score"] for o in one]
