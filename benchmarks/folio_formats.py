"""FOLIO gold alignment across formats: every Logic-LM FOLIO program written again in other
languages, with or without its glosses, and evaluated like the original.

Each record's program (Logic-LM's `Pred(x) ::: gloss` / `formula ::: sentence` lines) is read
with sedac's reader and written back with sedac's own writers: FOL text (Unicode, ASCII,
LaTeX, a numbered list with the sentences as comments), TPTP, Prover9, SMT-LIB and Prolog
(where Prolog can say every premise), with the glosses dropped, or kept as comments where the
language has comments; and, as models do, with two neighbouring premises swapped, one premise
dropped, or two premises merged into one formula. Each variant set is evaluated in process
(the FOLIO fields kept, the program replaced) and one row printed per variant: full SEDAC's
open-world accuracy, the mean alignment confidence, the pairs found (of the gold premises).

    python3 benchmarks/folio_formats.py [FILE.jsonl ...] [--variants a,b] [--limit N] [--jobs N]
    python3 benchmarks/folio_formats.py --write DIR     # the variant files, for `sedac eval`

`variant_text(record, name)` is the generator alone (the tests use it on a few problems).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sedac.fol import And, rename_preds, to_prover9, to_tptp, to_unicode  # noqa: E402

FILES = [ROOT.parent / "shared" / "corpora" / "folio" / f"FOLIO_dev_{m}.jsonl"
         for m in ("gpt-4", "gpt-3.5-turbo")]

# name -> (language, glosses as comments, perturbation)
VARIANTS = {
    "original": ("original", False, None),
    "fol": ("fol", False, None),
    "fol+comments": ("fol", True, None),
    "fol-ascii": ("ascii", False, None),
    "fol-latex": ("latex", False, None),
    "fol-numbered+comments": ("numbered", True, None),
    "tptp": ("tptp", False, None),
    "tptp+comments": ("tptp", True, None),
    "prover9": ("prover9", False, None),
    "prover9+comments": ("prover9", True, None),
    "smtlib": ("smtlib", False, None),
    "smtlib+comments": ("smtlib", True, None),
    "prolog": ("prolog", False, None),
    "tptp-swap": ("tptp", False, "swap"),
    "tptp-drop": ("tptp", False, "drop"),
    "tptp-merge": ("tptp", False, "merge"),
    "fol-swap+comments": ("fol", True, "swap"),
}
COMMENT = {"tptp": "%", "prover9": "%", "smtlib": ";", "prolog": "%", "fol": "#",
           "ascii": "#", "latex": "%", "numbered": "--"}


def _camel(name: str) -> str:
    from sedac.notations import snake_to_camel
    return snake_to_camel(name)


def _read(record: dict):
    """(premises as (formula, sentence), conclusion formula) of a record's program, as sedac
    reads it; None when it reads no premise or no conclusion."""
    from sedac.gold import truth_from_gold
    from sedac.readers import read_program
    truth = truth_from_gold(record)
    prog = read_program(record["raw_output"], str(record.get("id")), vocab_hint=truth.vocab)
    premises = [(c.formula, prog.gloss.get(i, "")) for i, c in prog.statements
                if c.formula is not None]
    queries = [c.formula for _, c in prog.queries if c.formula is not None]
    if not premises or not queries:
        return None
    return premises, queries[-1]


def _perturb(premises: list, how: str | None, seed: str) -> list:
    """Premises as a model might reorder, drop or merge them (one change, chosen by `seed`)."""
    if how is None or len(premises) < 3:
        return premises
    rng = random.Random(zlib.crc32(seed.encode()))
    k = rng.randrange(len(premises) - 1)
    out = list(premises)
    if how == "swap":
        out[k], out[k + 1] = out[k + 1], out[k]
    elif how == "drop":
        del out[k]
    elif how == "merge":
        (f, s), (g, t) = out[k], out[k + 1]
        parts = tuple(f.args if isinstance(f, And) else (f,)) + \
            tuple(g.args if isinstance(g, And) else (g,))
        out[k:k + 2] = [(And(parts), " ".join(x for x in (s, t) if x))]
    return out


def _formula(f, lang: str, kind: str, k: int) -> str | None:
    from sedac import notations
    from sedac.readers.prolog import prolog_text
    if lang in ("fol", "numbered", "ascii", "latex"):
        names = {p: _camel(p) for p, _ in _preds(f)}
        g = rename_preds(f, names)
        if lang == "ascii":
            return notations.write(g, "ascii")
        if lang == "latex":
            return "$" + notations.write(g, "latex") + "$"
        return to_unicode(g)
    if lang == "tptp":
        role = "conjecture" if kind == "query" else "axiom"
        return f"fof({'goal' if kind == 'query' else f'p{k}'}, {role}, {to_tptp(f)})."
    if lang == "prover9":
        return to_prover9(f, False) + "."
    if lang == "prolog":
        return prolog_text(f, kind)
    raise ValueError(lang)


def _preds(f):
    from sedac.fol import predicates
    return predicates(f)


def _described(record: dict, lang: str) -> list[str]:
    """The program's descriptions of its predicates (its `Predicates:` section), as a model
    writes them in a comment: `perform(X): X performs in school talent shows often.`"""
    from sedac.align.names import predicate_glosses
    out = []
    for (name, n), text in predicate_glosses(record["raw_output"]).items():
        shown = _camel(name) if lang in ("fol", "numbered", "ascii", "latex") else name
        xs = ["X", "Y", "Z", "W"][:n] if lang in ("tptp", "prolog") else ["x", "y", "z", "w"][:n]
        if len(xs) < n:
            continue
        out.append(f"{shown}({', '.join(xs)}): {' '.join(text.split())}")
    return out


def _smtlib(premises, query, comments: bool, described=()) -> str:
    from sedac.readers.smtlib import SmtlibReader
    from sedac.readers.smtlib_names import speller_of
    from sedac.fol import constants
    # one namespace in SMT-LIB: a predicate named as an individual is renamed, as a model must
    names = {c.name for f, _ in premises for c in constants(f)} | {c.name for c in constants(query)}
    clash = {p: f"is_{p}" for f, _ in premises for p, _ in _preds(f) if p in names}
    clash.update({p: f"is_{p}" for p, _ in _preds(query) if p in names})
    if clash:
        premises = [(rename_preds(f, clash), s) for f, s in premises]
        query = rename_preds(query, clash)
    sp = speller_of("")
    w = SmtlibReader()
    lines = [f"; {d}" for d in described] + sp.needed([f for f, _ in premises] + [query])
    for f, s in premises:
        if comments and s:
            lines.append(f"; {s}")
        lines.append(w.write(f))
    lines.append(w.write(query, "query"))
    return "\n".join(lines) + "\n"


def variant_text(record: dict, name: str) -> str | None:
    """The program of `record` written as variant `name` (see VARIANTS); None when the
    language cannot say it (Prolog and a disjunction) or the program does not read."""
    lang, comments, how = VARIANTS[name]
    if lang == "original":
        return record["raw_output"]
    read = _read(record)
    if read is None:
        return None
    premises, query = read
    premises = _perturb(premises, how, str(record.get("id")))
    described = _described(record, lang) if comments else []
    if lang == "smtlib":
        return _smtlib(premises, query, comments, described)
    mark = COMMENT[lang]
    body = [f"{mark} {d}" for d in described]
    for k, (f, s) in enumerate(premises, start=1):
        line = _formula(f, lang, "statement", k)
        if line is None:
            return None
        s = " ".join(s.split())
        if lang == "numbered":
            body.append(f"{k}. {line}" + (f"   {mark} {s}" if comments and s else ""))
            continue
        if comments and s:
            body.append(f"{mark} {s}")
        body.append(line)
    q = _formula(query, lang, "query", 0)
    if q is None:
        return None
    if lang == "prover9":
        return "\n".join(["formulas(assumptions).", *body, "end_of_list.", "",
                          "formulas(goals).", q, "end_of_list."]) + "\n"
    if lang in ("fol", "ascii", "latex"):
        return "\n".join(["Premises:", *body, "Conclusion:", q]) + "\n"
    if lang == "numbered":
        return "\n".join(["Premises:", *body, "Conclusion:", q]) + "\n"
    if lang == "prolog":
        from sedac.readers.prolog import dynamic_declaration, undefined_predicates
        undefined = undefined_predicates([f for f, _ in premises], [query])
        if undefined:
            body.append(dynamic_declaration(undefined))
    return "\n".join(body + [q]) + "\n"


def variant_records(records: list[dict], name: str) -> list[dict]:
    """The records with their programs written as `name` (those it cannot say left out)."""
    out = []
    for r in records:
        text = variant_text(r, name)
        if text is not None:
            out.append(dict(r, raw_output=text))
    return out


def load(path: Path, limit: int | None = None) -> list[dict]:
    lines = [l for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]
    return [json.loads(l) for l in lines[:limit]]


def evaluate(records: list[dict], jobs: int = 1) -> list[dict]:
    """`sedac eval`'s records for these FOLIO records, in process."""
    from sedac.corpus import _jsonl
    from sedac.evaluate import run_eval
    problems = [_jsonl(r, "folio-formats", i) for i, r in enumerate(records, start=1)]
    return run_eval(problems, jobs=jobs, prover="auto")


def row(results: list[dict], total: int, base: dict | None = None) -> dict:
    """One variant's figures; `base` (id -> the original's full open-world correctness) adds
    the original's accuracy on the same records (a variant leaves out what it cannot say)."""
    ok = [r for r in results if "failed" not in r]
    al = [r.get("alignment") or {} for r in ok]
    gold = sum(len([v for v in r.get("verdicts", []) if "premise" in v]) for r in ok)
    paired = sum(len(a.get("pairs", [])) for a in al)
    false_d000 = 0
    for r in ok:
        false_d000 += sum(1 for d in r.get("diagnostics", []) if d.get("code") == "D000")
    return {"problems": len(results), "of": total,
            "full_open_world": round(sum(r["correct"]["full"]["open_world"] for r in ok)
                                     / len(results), 4) if results else 0.0,
            "confidence": round(sum(a.get("confidence", 0.0) for a in al) / len(al), 3)
            if al else 0.0,
            "pairs": paired, "gold_premises": gold,
            "D000": false_d000,
            "O001": sum(1 for r in ok for d in r.get("diagnostics", [])
                        if d.get("code") == "O001"),
            **({"original_same_records": round(sum(base.get(r["id"], False) for r in results)
                                               / len(results), 4) if results else 0.0}
               if base is not None else {})}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path, default=FILES)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--write", type=Path, default=None,
                    help="write each variant file to this directory and stop")
    ap.add_argument("--json", type=Path, default=None, help="also write the table as JSON")
    args = ap.parse_args(argv)
    names = [v for v in args.variants.split(",") if v]
    unknown = [v for v in names if v not in VARIANTS]
    if unknown:
        ap.error(f"unknown variants {unknown} (known: {', '.join(VARIANTS)})")
    table = {}
    for path in args.files:
        records = load(path, args.limit)
        base = None
        for name in names:
            recs = variant_records(records, name)
            if args.write:
                args.write.mkdir(parents=True, exist_ok=True)
                out = args.write / f"{path.stem}.{name}.jsonl"
                out.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
                continue
            t0 = time.time()
            results = evaluate(recs, args.jobs)
            got = row(results, len(records), base)
            if name == "original":
                base = {r["id"]: "failed" not in r and r["correct"]["full"]["open_world"]
                        for r in results}
            got["seconds"] = round(time.time() - t0, 1)
            table[f"{path.stem} {name}"] = got
            print(f"{path.stem:28} {name:24} n={got['problems']:3}/{got['of']:3} "
                  f"full-ow {got['full_open_world']:.4f}  conf {got['confidence']:.3f}  "
                  f"pairs {got['pairs']:4}/{got['gold_premises']:4}  D000 {got['D000']:3}  "
                  f"O001 {got['O001']:3}  {got['seconds']:5.1f}s"
                  + (f"  (original on these: {got['original_same_records']:.4f})"
                     if "original_same_records" in got else ""), flush=True)
    if args.json:
        args.json.write_text(json.dumps(table, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
