"""Group full SEDAC's wrong FOLIO answers by cause.

    python3 -m sedac eval ../shared/corpora/folio/FOLIO_dev_gpt-3.5-turbo.jsonl --jobs 1 --out OUT
    python3 benchmarks/folio_failures.py OUT [--verbose]

Reads `OUT/results.jsonl` (nothing is re-run) and prints, for each problem whose full
open-world answer is wrong, the kind `gold.why_wrong` gives it (`reason.kind`: gold,
alignment, premises), the premise verdicts, and the causes this script finds in the record:

- `gold error`: the gold disagrees with its own label;
- `inconsistent`: the program, as fixed, contradicts itself;
- `own question`: the gold question is not asked (the program's own is: Q002);
- `fused premises`: the program says several gold sentences in one premise (its gloss
  covers a gold sentence that no program premise is paired with);
- `compound names`: a gold predicate whose name is several program symbols' words
  (`Cost205` for `Cost(x, 205)`, `LostToIgaŚwiątek` for `LostTo(x, iga)`);
- `missing premise`: a gold premise the gold's own proof uses, that the fixed program never
  says and no program premise translates;
- `said otherwise`: such a premise that a program premise translates in a form no rule
  repairs (its verdict beside it).

The first cause is the group; a summary counts the groups and every cause.
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sedac.align.names import norm_sentence, words  # noqa: E402

_GLOSS = re.compile(r":::\s*(.+)$")


def _glosses(program: str) -> list[set]:
    return [norm_sentence(m.group(1)) for line in (program or "").split("\n")
            if (m := _GLOSS.search(line))]


def _gold_names(record: dict) -> set[str]:
    names = set()
    for v in record.get("verdicts") or []:
        for f in (v.get("gold") or "",):
            names |= set(re.findall(r"([a-z][a-z0-9_]*)\(", f))
    return names


def _compound(record: dict) -> bool:
    """Whether a gold predicate no program symbol is mapped onto has a name that two or more
    program symbols without a counterpart spell between them (`Cost205` for `Cost(x, 205)`)."""
    al = record.get("alignment") or {}
    mapped = {v.lstrip("¬").split(" (")[0] for v in (al.get("predicates") or {}).values()}
    mapped |= {v.split("/")[0] for v in (al.get("arguments_as_predicates") or {}).values()}
    mine = [words(u.rpartition("/")[0] or u) for u in al.get("unmatched", [])]
    for g in _gold_names(record) - mapped:
        gw = words(g)
        if len(gw) < 2:
            continue
        parts = [w & gw for w in mine if w & gw]
        covered = set().union(*parts) if parts else set()
        if len(parts) >= 2 and len(covered) >= 2 and 3 * len(covered) >= 2 * len(gw):
            return True
    return False


def causes(record: dict) -> list[str]:
    """The causes of one wrong answer, most specific first."""
    reason = record.get("reason") or {}
    if reason.get("kind") == "gold":
        return ["gold error"]
    out = []
    full = (record.get("answers") or {}).get("full", {}).get("open_world")
    if full == "Inconsistent":
        out.append("inconsistent")
    codes = record.get("codes") or {}
    verdicts = record.get("verdicts") or []
    glosses = _glosses(record.get("program", ""))
    missing_sent = [norm_sentence(v.get("sentence") or "") for v in verdicts
                    if v["verdict"] == "missing"]
    if any(s and any(len(s & g) >= 0.8 * len(s) for g in glosses) for s in missing_sent):
        out.append("fused premises")
    if _compound(record):
        out.append("compound names")
    if codes.get("Q002"):
        out.append("own question")
    used = set((record.get("gold_audit") or {}).get("used") or [])
    never = {d["evidence"]["sentence"] for d in record.get("diagnostics", [])
             if d["code"] == "O001" and d.get("evidence")}
    by_premise = {v.get("premise"): v["verdict"] for v in verdicts if v.get("premise")}
    for k in sorted(never & used if used else never):
        v = by_premise.get(k, "missing")
        out.append("missing premise" if v == "missing" else f"said otherwise ({v})")
    if not out:
        out.append(reason.get("kind", "?"))
    # one entry per cause, in order
    return list(dict.fromkeys(out))


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    path = Path(argv[0])
    if path.is_dir():
        path = path / "results.jsonl"
    verbose = "--verbose" in argv
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    wrong = [r for r in records if not (r.get("correct") or {}).get("full", {}).get("open_world")]
    groups: Counter = Counter()
    every: Counter = Counter()
    kinds: Counter = Counter()
    for r in wrong:
        cs = causes(r)
        kind = (r.get("reason") or {}).get("kind", "?")
        kinds[kind] += 1
        groups[cs[0]] += 1
        for c in cs:
            every[c.split(" (")[0]] += 1
        verdicts = Counter(v["verdict"] for v in r.get("verdicts") or [])
        conf = (r.get("alignment") or {}).get("confidence")
        print(f"{r['id']:<16} {kind:<9} label {r.get('gold')!s:<8} full "
              f"{(r.get('answers') or {}).get('full', {}).get('open_world')!s:<12} "
              f"conf {conf!s:<6} {dict(verdicts)}  -> {'; '.join(cs)}")
        if verbose:
            for v in r.get("verdicts") or []:
                if v["verdict"] not in ("equivalent", "stronger"):
                    print(f"    [{v['verdict']}] gold {v.get('gold')}  prog {v.get('program')}")
    n = len(records)
    print(f"\n{len(wrong)} wrong of {n} (full open world {1 - len(wrong) / n:.3f}); "
          f"kinds {dict(kinds)}")
    print("groups (first cause):")
    for c, k in groups.most_common():
        print(f"  {k:3d}  {c}")
    print("every cause:")
    for c, k in every.most_common():
        print(f"  {k:3d}  {c}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
