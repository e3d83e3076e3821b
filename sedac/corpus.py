"""Problem and program corpora: recognise a file's shape and read its records."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .errors import SedacError


@dataclass
class Problem:
    id: str
    context: str
    question: str                  # the question sentence ("True or false: ...")
    answer: str | None = None      # "True" / "False" / "Unknown"
    program: str | None = None     # an LLM's program, when the corpus has one
    chain: list[str] = field(default_factory=list)
    predicted: str | None = None
    source: str = ""
    gold: dict | None = None       # FOLIO's gold fields: the ground truth is then the gold FOL

    @property
    def text(self) -> str:
        return f"{self.context}\n{question_sentence(self.question)}"


_LETTER = {"A": "True", "B": "False", "C": "Unknown"}
# How a question sentence starts (the grammar's question prefixes, `sedac/grammar/nl.pl`).
_QUESTION_STARTS = ("true or false", "is the following statement", "based on the above information")


def question_sentence(query: str) -> str:
    """A record's `query` as the question sentence the grammar reads: the question as given
    ("True or false: X", "Is the following statement true or false? X"), or, for the bare
    statement ("X."), the question whether it is true ("True or false: X."). Anything
    else (a yes/no question, an empty query) is kept as written: the grammar says whether
    it reads it, and a problem whose question it does not read fails with that reason."""
    q = (query or "").strip()
    low = q.lower()
    if not q or low.startswith(_QUESTION_STARTS) or "?" in q:
        return q
    return f"True or false: {q}"


def read_corpus(path: str | Path) -> list[Problem]:
    """Records of a PrOntoQA generator file, a Logic-LM list, or JSON Lines."""
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SedacError("no such file", path=str(path)) from None
    except IsADirectoryError:
        raise SedacError("is a directory, not a corpus file", path=str(path)) from None
    except UnicodeDecodeError as e:
        raise SedacError(f"not UTF-8 text (byte {e.start})", path=str(path)) from None
    except OSError as e:
        raise SedacError(e.strerror or str(e), path=str(path)) from None
    name = p.stem
    stripped = raw.lstrip()
    if not stripped:
        raise SedacError("empty corpus file", path=str(path))
    try:
        if stripped.startswith("["):
            return [_logic_lm(r, name) for r in json.loads(raw)]
        if stripped.startswith("{") and "\n{" not in stripped.rstrip():
            data = json.loads(raw)
            if isinstance(data, dict) and all(isinstance(v, dict) and "test_example" in v
                                              for v in data.values()):
                return [_generator(k, v["test_example"], name) for k, v in data.items()]
        out = []
        for i, line in enumerate(raw.splitlines(), start=1):
            if line.strip():
                try:
                    out.append(_jsonl(json.loads(line), name, i))
                except json.JSONDecodeError as e:
                    raise SedacError(f"not JSON: {e.msg}", path=str(path), line=i) from None
        return out
    except json.JSONDecodeError as e:
        raise SedacError(f"not JSON: {e.msg}", path=str(path), line=e.lineno) from None
    except (KeyError, TypeError, AttributeError) as e:
        raise SedacError(f"not a corpus of a known shape (missing {e})", path=str(path)) from None


def _generator(key: str, ex: dict, source: str) -> Problem:
    return Problem(id=key, context=ex["question"], question=question_sentence(ex["query"]),
                   answer=ex.get("answer"),
                   chain=list(ex.get("chain_of_thought") or []), source=source,
                   program=ex.get("program"))


def _logic_lm(r: dict, source: str) -> Problem:
    progs = r.get("raw_logic_programs")
    program = progs[0] if isinstance(progs, list) and progs else (progs or None)
    return Problem(id=str(r["id"]), context=r["context"], question=question_sentence(r["question"]),
                   answer=_LETTER.get(r.get("answer"), r.get("answer")), program=program,
                   source=source)


def _jsonl(r: dict, source: str, line: int) -> Problem:
    from .gold import gold_of, has_gold
    if has_gold(r):
        g = gold_of(r)
        return Problem(id=str(r.get("id", line)), context=r.get("context") or " ".join(g["premises"]),
                       question=r.get("query") or g["conclusion"],
                       answer=g["label"] if r.get("answer") is None else r.get("answer"),
                       program=r.get("raw_output"), source=source, gold=r)
    return Problem(id=str(r.get("id", line)), context=r["context"],
                   question=question_sentence(r["query"]),
                   answer=r.get("answer"), program=r.get("raw_output"),
                   chain=list(r.get("chain") or []), predicted=r.get("predicted"), source=source)
