"""Fix safety on real replies: `check --fix`, then `check --fix` again, on every reply of the
reply-zoo and prolog-llm corpora, in process (click's runner on files in a temporary folder).

Counted, per corpus file and in all:
- exit 2 (a reply sedac refused: bad input, or a traceback turned into one);
- second-fix changes (a second `check --fix` that changes the file: `--fix` not idempotent);
- replies entailing fewer sentences: text sentences (the problem's ground truth) the reply
  as written entails and the fixed file does not, each as sedac reads it against the text
  (see `entailed`): a safe fix removed meaning;
- fixed: replies the first `--fix` changed;
- fixes withheld by the read-back check (F001/F002 notes), shown, not counted as unsafe.

Usage: python3 benchmarks/fix_safety.py [CORPUS.jsonl ...]  (default: the two corpora)
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from _common import CORPORA

from click.testing import CliRunner

from sedac.atp import get_prover
from sedac.cli import main as cli
from sedac.corpus import read_corpus
from sedac.engine import analyse
from sedac.errors import SedacError
from sedac.readers import read_program
from sedac.truth import truth_from_text

DEFAULT = sorted((CORPORA / "reply-zoo").glob("*.jsonl")) + sorted((CORPORA / "prolog-llm").glob("*.jsonl"))


def entailed(text: str, path: str, truth, session, engine, level: str) -> set[int] | None:
    """The indices of the text sentences the program entails as sedac reads it against the
    text (its formulas at `level`: `read`, the reply as read, names aligned with the text's;
    `safe`, with the rewrites that change no text of a fixed file: `is_number` read as the
    text's `number`), None when it does not read."""
    try:
        prog = read_program(text, path, "auto", vocab_hint=truth.vocab)
    except SedacError:
        return None
    axioms = analyse(prog, truth, "full", engine, session=session).formulas(level)
    return {f.index for f in truth.facts
            if session.entails(axioms, f.formula, evidence=False).holds}


def run(paths) -> dict:
    runner = CliRunner()
    engine = get_prover("auto")
    total = {"replies": 0, "fixed": 0, "exit2": 0, "second_fix_changes": 0, "fewer_sentences": 0,
             "withheld": 0}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for corpus in paths:
            counts = dict.fromkeys(total, 0)
            for k, p in enumerate(read_corpus(corpus)):
                if not p.program:
                    continue
                counts["replies"] += 1
                nl = folder / f"p{k}.txt"
                nl.write_text(p.text, encoding="utf-8")
                prog = folder / f"p{k}.reply"   # no extension: the content says the language
                prog.write_text(p.program, encoding="utf-8")
                first = runner.invoke(cli, ["check", str(prog), "--nl", str(nl), "--fix", "-q",
                                            "--output-format", "json"])
                if first.exit_code == 2 or first.exception and not isinstance(first.exception, SystemExit):
                    counts["exit2"] += 1
                    print(f"  exit 2: {corpus.name} {p.id}: {(first.output or str(first.exception))[:200]}")
                    continue
                if '"F00' in first.output:
                    counts["withheld"] += 1
                fixed = prog.read_text(encoding="utf-8")
                counts["fixed"] += fixed != p.program
                again = runner.invoke(cli, ["check", str(prog), "--nl", str(nl), "--fix", "-q",
                                            "--output-format", "json"])
                if again.exit_code == 2:
                    counts["exit2"] += 1
                    print(f"  exit 2 on the fixed file: {corpus.name} {p.id}")
                if prog.read_text(encoding="utf-8") != fixed:
                    counts["second_fix_changes"] += 1
                    print(f"  second --fix changed: {corpus.name} {p.id}")
                truth = truth_from_text(p.text)
                session = engine.session()
                before = entailed(p.program, str(prog), truth, session, engine, "read")
                after = entailed(fixed, str(prog), truth, session, engine, "safe")
                if before is not None and (after is None or before - after):
                    counts["fewer_sentences"] += 1
                    lost = sorted(before - (after or set()))
                    print(f"  fewer sentences: {corpus.name} {p.id}: sentences {lost} lost")
            print(f"{corpus.parent.name}/{corpus.name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
            for key in total:
                total[key] += counts[key]
    print("all: " + ", ".join(f"{k} {v}" for k, v in total.items()))
    return total


if __name__ == "__main__":
    args = [Path(a) for a in sys.argv[1:]] or DEFAULT
    sys.exit(0 if run(args) else 1)
