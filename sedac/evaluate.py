"""`sedac eval`: answer accuracy per condition and error counts per category over a corpus.

Conditions (CONTRACT.md, and `DEFINITIONS` below): `raw` what a standard pipeline runs
(a reply's fenced logic blocks as written; one that does not parse answers nothing), `syntax` after syntax repairs, `partial` after the shallow
rewrites, `full` after full SEDAC with the problem text. Each is answered under
open-world (prover) and closed-world (SWI-Prolog) semantics.

Evaluation of one problem is a pure function of the problem; the pool of workers
and the files written live in `run_eval`.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from .corpus import Problem
from .engine import SEMANTICS as ANSWER_SEMANTICS, analyse, answer_both, asked, diagnostic_json
from .fol import Formula, Var, constants, describe, negate, predicates
from .program import CATEGORIES, SYNTAX_CATEGORIES
from .readers import read_program, reader_for
from .truth import Truth, truth_from_text

CONDITIONS = ("raw", "syntax", "partial", "full")
# Syntax diagnostics that do not stop the raw program: Logic-LM moves rules found under
# `Facts:` to `Rules:`, Prover9 reads a free variable as universally quantified, a
# `NotEarthy` predicate is well-formed (raw is given its negated reading, generously), as is
# a negation written `!P($x, True)` in place of `P($x, False)` (Y010); and
# every pipeline takes the code out of a Markdown reply's fenced blocks (C001, C006).
TOLERATED = {"P001", "Y004", "Y008", "Y010", "C001", "C006"}
ERROR_CATEGORIES = tuple(c for c in CATEGORIES if c != "omission")


def ground_truth_program(truth: Truth) -> str:
    """The ground truth written as a Prolog program (for problems-only corpora)."""
    from .readers.prolog import dynamic_declaration, undefined_predicates
    writer = reader_for("prolog")
    lines = [writer.write(f.formula) for f in truth.facts]
    questions = [truth.question] if truth.question is not None else []
    undefined = undefined_predicates([f.formula for f in truth.facts], questions)
    if undefined:
        lines.append(dynamic_declaration(undefined))
    lines += [writer.write(q, "query") for q in questions]
    return "\n".join(l for l in lines if l) + "\n"


# What each condition is, as `summary.json` says it (`condition_definitions`).
DEFINITIONS = {
    "raw": "what a standard pipeline runs: for a chat reply, its fenced logic blocks as "
           "written, concatenated (for a bare program, the program as written), read with no "
           "repair and given to the solvers as-is; a block with a syntax error the solver "
           "rejects answers nothing (tolerated: what the solver itself skips or accepts, "
           "such as a pasted `true.` line SWI-Prolog reports and skips, rules under `Facts:`, "
           "free variables)",
    "syntax": "the whole reply after sedac's syntax repairs",
    "partial": "after the syntax repairs and the shallow rewrites (no problem text used)",
    "full": "after full SEDAC with the problem text, answering the text's question",
}
# What the solver itself gets past in a raw program: SWI-Prolog reports a pasted query
# output (`true.`, `A = false.`) as an error, skips that line and loads the rest (C005).
RAW_TOLERATED = {"prolog": {"C005"}}
_LOGIC_TAGS = {"prolog", "pl", "swipl", "swi-prolog", "fol", "tptp", "fof", "prover9", "p9",
               "pyke", "linc", "logic", "z3"}


def raw_text(reply: str) -> str:
    """What a standard pipeline hands its solver: a chat reply's fenced logic blocks as
    written, concatenated (the blocks tagged with a logic language when any is, else the
    untagged ones); a bare program (no fenced logic block) as it is."""
    from .readers.markdown import blocks
    found = [b for b in blocks(reply) if b.is_logic]
    tagged = [b for b in found if b.tag.lower() in _LOGIC_TAGS]
    chosen = tagged or [b for b in found if not b.tag]
    if not chosen:
        return reply
    lines = reply.split("\n")
    return "".join("\n".join(lines[b.first - 1:b.last]) + "\n" for b in chosen)


def _fatal(program) -> list:
    """The syntax diagnostics that stop a program as the solver gets it."""
    tolerated = TOLERATED | RAW_TOLERATED.get(program.lang, set())
    return [d for d in program.diagnostics
            if d.category in SYNTAX_CATEGORIES and d.category != "knowledge"
            and d.code not in tolerated]


SEMANTICS = ANSWER_SEMANTICS["all"]
NO_ANSWER = {w: None for w in SEMANTICS}


def _answers(axioms: list[Formula], query: Formula | None, session) -> dict:
    if query is None:
        return dict(NO_ANSWER)
    return {w: a for w, a in answer_both(axioms, query, session, "all").items() if w in SEMANTICS}


def evaluate_problem(problem: Problem, prover: str = "auto") -> dict:
    """Everything sedac says about one problem, as a JSON-ready record."""
    from .atp import get_prover
    record: dict = {"id": problem.id, "source": problem.source, "gold": problem.answer}
    if problem.gold is not None:
        from .gold import gold_program, truth_from_gold
        truth = truth_from_gold(problem.gold)
        written = gold_program
    else:
        truth, written = truth_from_text(problem.text), ground_truth_program
    if truth.unparsed:
        record["unparsed_sentences"] = [t for _, t, _ in truth.unparsed]
    if truth.question is None and problem.gold is None:
        # no question, no score: `failed`, with the reason, never a silent null (a gold
        # record's question is its gold conclusion: `sedac.gold` says what it makes of it)
        record["failed"] = (f"the question `{problem.question}` is not one sedac reads (it reads "
                            "`True or false: X`, `Is the following statement true or false? X`, "
                            "`... true, false, or unknown? X` and the bare statement `X.`)")
        return record
    program_text = problem.program if problem.program is not None else written(truth)
    record["program_source"] = "llm" if problem.program is not None else "ground-truth"
    program = read_program(program_text, problem.id, "auto", vocab_hint=truth.vocab)
    record["lang"] = program.lang
    engine = get_prover(prover)
    session = engine.session()
    if problem.gold is not None:
        from .gold import audit
        record["gold_audit"] = audit(truth, problem.answer, session)

    prog_query = asked(program.queries)[-1][1].formula if program.queries else None
    # the raw condition: what a standard pipeline runs (DEFINITIONS["raw"])
    as_run = raw_text(program_text)
    raw = program if as_run == program_text else \
        read_program(as_run, problem.id, program.lang, vocab_hint=truth.vocab)
    fatal = _fatal(raw)
    raw_query = asked(raw.queries)[-1][1].formula if raw.queries else None
    read_axioms = program.axioms
    partial = analyse(program, None, "partial", engine, answer=False, session=session)
    full = analyse(program, truth, "full", engine, unsafe_fixes=True, answer=False, session=session)
    if full.alignment is not None and problem.program is not None:
        record["alignment"], record["verdicts"] = full.alignment, full.verdicts

    syntax = _answers(read_axioms, prog_query, session)
    if fatal:
        raw_answers = dict(NO_ANSWER)
    elif raw is program:
        raw_answers = syntax       # the program as read is the program as written
    else:
        raw_answers = _answers(raw.axioms, raw_query, session)
    answers = {
        "raw": raw_answers,
        "syntax": syntax,
        "partial": _answers(partial.formulas("safe"), partial.query, session),
        "full": _answers(full.formulas("unsafe"),
                         full.query if full.query is not None else truth.question, session),
    }
    # the fixed program a user gets: read back and verified (sedac.fixcheck); when a fix is
    # withheld there, full SEDAC's answer is that program's, not the analysis's
    fixed, withheld, notes = full.verified(unsafe=True)
    if withheld:
        back = read_program(fixed, problem.id, program.lang, vocab_hint=truth.vocab)
        answers["full"] = _answers(back.axioms, full.query if full.query is not None
                                   else truth.question, session)
    record["answers"] = answers
    limits = dict(full.limits)   # the grammar's and the prover's, and closed-world budgets cut
    cut = sum(1 for c in CONDITIONS if answers[c].get("closed_world") == "Timeout")
    if cut:
        limits["closed_world"] = cut
    if limits:
        record["limits"] = limits
    record["correct"] = {c: {w: answers[c][w] == problem.answer for w in SEMANTICS}
                         for c in CONDITIONS}
    counts = Counter(d.category for d in full.diagnostics)
    record["errors"] = {c: counts.get(c, 0) for c in CATEGORIES}
    record["codes"] = dict(sorted(Counter(d.code for d in full.diagnostics).items()))
    if as_run != program_text:
        record["raw_program"] = as_run
    if fatal:
        where = "line" if raw is program else "line of the logic blocks"
        record["raw_failure"] = f"{fatal[0].code} at {where} {fatal[0].span.line}: {fatal[0].message}"
    wrong = [w for w in ("open_world", "forward") if not record["correct"]["full"][w]]
    if problem.gold is not None:
        if not record["correct"]["full"]["open_world"]:
            from .gold import why_wrong
            record["reason"] = why_wrong(record.get("gold_audit", {}), full)
    elif wrong and truth.question is not None:
        record["reason"] = explain_wrong(truth, full, problem.answer, session,
                                         "open_world" if "open_world" in wrong else "forward")
    record["prover_calls"] = session.calls
    # what a report page shows: the problem, the program, each diagnostic, the fixed program
    record["text"] = problem.text
    record["program"] = program_text
    record["diagnostics"] = [diagnostic_json(d) for d in full.diagnostics]
    record["fixed_program"] = fixed
    if notes:
        record["fix_notes"] = [diagnostic_json(n) for n in notes]
    return record


def explain_wrong(truth: Truth, report, gold: str | None, session,
                  semantics: str = "open_world") -> dict:
    """Why full SEDAC's answer is still wrong (under `semantics`): the sentences the gold
    answer needs (an unsat core of the text) that the fixed program does not entail, or, under
    forward chaining, does not state in a form forward chaining uses; for a gold `Unknown`,
    the program's clauses the wrong answer rests on that the text does not entail."""
    fixed = report.formulas("unsafe")
    out = {"semantics": semantics,
           "query": describe(report.query) if report.query is not None else None}
    if gold not in ("True", "False"):
        return {**out, **_unsupported_answer(truth, report, fixed, session)}
    goal = truth.question if gold == "True" else negate(truth.question)
    if semantics == "forward":
        needed = _forward_needed(truth, gold)
    else:
        proof = session.entails(truth.axioms, goal)
        needed = [truth.facts[i] for i in (proof.used or ())]
    # What each clause speaks of (as read, and after the shallow rewrites): its predicates
    # and its individuals. A sentence is present in some form when one clause speaks of
    # all it speaks of.
    signatures = []
    for formula in [c.formula for c in report.program.clauses if c.formula is not None] + \
            [r.safe for r in report.clause_results]:
        signatures.append(({p for p, _ in predicates(formula)}, {k.name for k in constants(formula)}))
    rules = {_rule_key(f) for f in fixed}
    missing = []
    for fact in needed:
        if session.entails(fixed, fact.formula, evidence=False).holds:
            if semantics == "forward" and _rule_key(fact.formula) not in rules:
                missing.append({"sentence": fact.index, "text": fact.text,
                                "status": "entailed, but in no form forward chaining uses"})
            continue
        preds = {p for p, _ in predicates(fact.formula)}
        names = {k.name for k in constants(fact.formula)}
        present = any(preds <= p and names <= n for p, n in signatures)
        where = "present in a form no rule repairs" if present else "absent from the program"
        missing.append({"sentence": fact.index, "text": fact.text, "status": where})
    return {"needed": [f.index for f in needed], "missing": missing, **out}


def _forward_needed(truth: Truth, gold: str) -> list:
    """The sentences a forward derivation of the gold answer needs: each is left out in
    turn and kept only if the answer is lost without it."""
    from .forward import ask_forward
    keep = list(truth.facts)
    for fact in list(keep):
        rest = [f for f in keep if f is not fact]
        if ask_forward([f.formula for f in rest], truth.question) == gold:
            keep = rest
    return keep


def _rule_key(f: Formula):
    """A formula as forward chaining uses it (conditions, conclusions, variables renamed)."""
    from .forward import Unsupported, to_rule
    from .rules import equivalence_key
    try:
        r = to_rule(f)
    except Unsupported:
        return equivalence_key(f)
    names: dict = {}

    def norm(lits):
        return frozenset((p, n, tuple(names.setdefault(a, f"V{len(names)}") if isinstance(a, Var)
                                      else a for a in args)) for p, n, args in lits)
    return norm(r.body), norm(r.head)


def _unsupported_answer(truth: Truth, report, fixed, session) -> dict:
    """For a gold `Unknown` answered True or False: the clauses the answer rests on that the
    text does not entail (status `not entailed by the text`)."""
    q = report.query
    if q is None:
        return {"needed": [], "missing": []}
    pos = session.entails(fixed, q)
    proof = pos if pos.holds else session.entails(fixed, negate(q))
    kept = [r for r in report.clause_results if r.unsafe is not None]
    missing = []
    for i in proof.used or ():
        if i >= len(kept):
            continue
        r = kept[i]
        if not session.entails(truth.axioms, r.unsafe, evidence=False).holds:
            c = report.program.clauses[r.index]
            missing.append({"line": c.span.line, "text": c.text,
                            "status": "not entailed by the text"})
    if not missing:
        missing.append({"status": "entailed by the text classically, not derived from it by "
                        "forward chaining (contraposition)"})
    return {"needed": [], "missing": missing}


# ------------------------------------------------------------------ the run

def _worker(args):
    problem, prover = args
    try:
        return evaluate_problem(problem, prover)
    except Exception as e:  # one problem's failure never stops the run; it is counted
        return {"id": problem.id, "source": problem.source, "gold": problem.answer,
                "failed": f"{type(e).__name__}: {e}"}


def run_eval(problems: list[Problem], jobs: int = 1, prover: str = "auto", progress=None,
             backend: str = "process", address: str | None = None,
             task_timeout: float | None = None) -> list[dict]:
    """Evaluate problems in input order, with `jobs` worker processes, or (`backend="ray"`)
    on Ray actors: a local runtime, or the cluster at `address` (see `sedac.distributed`)."""
    if backend == "ray":
        from .distributed import DEFAULT_TASK_TIMEOUT, run_eval_ray
        return run_eval_ray(problems, prover, workers=jobs if jobs > 1 or not address else None,
                            address=address, progress=progress,
                            task_timeout=task_timeout or DEFAULT_TASK_TIMEOUT)
    tasks = [(p, prover) for p in problems]
    if jobs <= 1:
        out = []
        for i, t in enumerate(tasks):
            out.append(_worker(t))
            if progress:
                progress(i + 1, len(tasks))
        return out
    import multiprocessing as mp
    from .swipl import engine
    # fork is fast, but not after SWI-Prolog has started in this process (its threads do not
    # survive a fork): then each worker starts afresh.
    ctx = mp.get_context("fork" if engine.cache_info().currsize == 0 else "spawn")
    out = []
    with ctx.Pool(jobs) as pool:
        for i, rec in enumerate(pool.imap(_worker, tasks, chunksize=8)):
            out.append(rec)
            if progress:
                progress(i + 1, len(tasks))
    return out


def run_metadata(corpora: list[str], prover: str) -> dict:
    """What a paper needs to say how a summary was made."""
    import datetime
    from . import __version__
    return {"sedac_version": __version__, "prover": prover,
            "semantics": list(SEMANTICS), "corpus": [str(c) for c in corpora],
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def summarize(records: list[dict], seconds: float, meta: dict | None = None) -> dict:
    ok = [r for r in records if "failed" not in r]
    n = len(records)
    conditions = {}
    for c in CONDITIONS:
        conditions[c] = {}
        for w in SEMANTICS:
            right = sum(1 for r in ok if r["correct"][c][w])
            conditions[c][w] = {"accuracy": round(right / n, 4) if n else 0.0, "correct": right}
    errors = Counter()
    for r in ok:
        errors.update(r["errors"])
    with_errors = sum(1 for r in ok if any(r["errors"][c] for c in ERROR_CATEGORIES))
    wrong_full = [r for r in ok if not r["correct"]["full"]["open_world"]]
    reasons = Counter()
    for r in wrong_full:
        for m in r.get("reason", {}).get("missing", []):
            reasons[m["status"]] += 1
    wrong_forward = [r for r in ok if not r["correct"]["full"]["forward"]]
    forward_reasons = Counter(m["status"] for r in wrong_forward
                              for m in r.get("reason", {}).get("missing", []))
    out = {**(meta or {}), "problems": n, "failed": n - len(ok), "seconds": round(seconds, 2),
           "conditions": conditions, "condition_definitions": dict(DEFINITIONS),
           "errors": {c: errors.get(c, 0) for c in CATEGORIES},
            "instances_with_errors": with_errors,
            # the limits sedac hit (L001-L003), summed over the problems: never silent
            "limits": dict(sum((Counter(r.get("limits", {})) for r in ok), Counter())),
            "full_wrong": {"problems": len(wrong_full),
                           "explained": sum(1 for r in wrong_full if r.get("reason", {}).get("missing")),
                           "missing_sentences": dict(reasons)},
            "full_wrong_forward": {"problems": len(wrong_forward),
                                   "explained": sum(1 for r in wrong_forward
                                                    if r.get("reason", {}).get("missing")),
                                   "missing_sentences": dict(forward_reasons)}}
    gold = gold_summary(ok, conditions)
    if gold:
        out["gold_audit"] = gold
    return out


def gold_summary(records: list[dict], conditions: dict) -> dict | None:
    """For problems whose truth is gold FOL: how many golds agree with their own label, the
    others with the reason, and each condition's accuracy on the sound golds alone (a wrong
    answer where the gold contradicts its label is the gold's error, counted apart)."""
    audited = [r for r in records if "gold_audit" in r]
    if not audited:
        return None
    sound = [r for r in audited if r["gold_audit"].get("agrees")]
    for c in CONDITIONS:
        for w in SEMANTICS:
            right = sum(1 for r in sound if r["correct"][c][w])
            conditions[c][w]["accuracy_sound_gold"] = round(right / len(sound), 4) if sound else 0.0
    pairs = [v for r in records for v in r.get("verdicts", []) if "premise" in v]
    paired = [v for v in pairs if v["verdict"] != "missing"]
    le_scored = [v for v in paired if v.get("le") is not None]
    disagree = [v for v in le_scored if v["le"] != (v["verdict"] == "equivalent")]
    metrics = {"gold_premises": len(pairs), "paired": len(paired),
               "equivalent": round(sum(v["verdict"] == "equivalent" for v in pairs) / len(pairs), 4)
               if pairs else 0.0,
               "le": round(sum(bool(v.get("le")) for v in pairs) / len(pairs), 4) if pairs else 0.0,
               "verdicts": dict(Counter(v["verdict"] for v in pairs)),
               "le_disagrees": len(disagree),
               "le_disagreements": [{"program": v["program"], "gold": v["gold"],
                                     "verdict": v["verdict"], "le": v["le"]} for v in disagree[:20]]}
    return {"records": len(audited), "agrees": len(sound), "premises": metrics,
            "undecided": [r["id"] for r in audited if r["gold_audit"].get("agrees") is None],
            "disagrees": [{"id": r["id"], "why": r["gold_audit"].get("why", ""),
                           "entails": r["gold_audit"].get("entails"),
                           "label": r["gold_audit"].get("label")}
                          for r in audited if r["gold_audit"].get("agrees") is False]}


def write_outputs(out: Path, records: list[dict], summary: dict, title: str = "",
                  figure_format: str = "png") -> None:
    from .files import output_folder, write_atomic
    out = output_folder(str(out), "--out folder")
    write_atomic(str(out / "results.jsonl"),
                 "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records))
    write_atomic(str(out / "summary.json"), json.dumps(summary, indent=2) + "\n")
    write_atomic(str(out / "stats.csv"), stats_csv(records))
    from .plots import write_figures
    write_figures(out, records, summary, title, figure_format)


def stats_csv(records: list[dict]) -> str:
    """One row per problem: its id and corpus, its errors per category, and whether each
    condition answered it right under each semantics (1/0; empty for a failed problem)."""
    correct = [f"{c}_{w}" for c in CONDITIONS for w in SEMANTICS]
    rows = ["id,source," + ",".join(CATEGORIES) + "," + ",".join(correct)]
    for r in records:
        errs = r.get("errors", {})
        marks = ["" if "correct" not in r else str(int(bool(r["correct"][c][w])))
                 for c in CONDITIONS for w in SEMANTICS]
        rows.append(_csv(r["id"]) + "," + _csv(r.get("source", "")) + ","
                    + ",".join(str(errs.get(c, 0)) for c in CATEGORIES) + "," + ",".join(marks))
    return "\n".join(rows) + "\n"


def _csv(s: str) -> str:
    s = str(s)
    return '"' + s.replace('"', '""') + '"' if any(ch in s for ch in ',"\n') else s


def compare_rows(summaries: list[tuple[str, dict]]) -> list[tuple[str, list[list[str]]]]:
    """The paper's tables for several evaluated corpora: (title, rows), the first row the
    header."""
    names = [n for n, _ in summaries]
    tables = []
    acc = [["condition"] + names]
    for c in CONDITIONS:
        cells = []
        for _, s in summaries:
            cs = s["conditions"][c]
            cells.append(" / ".join(f"{cs[w]['accuracy']:.3f}" for w in SEMANTICS if w in cs))
        acc.append([c] + cells)
    worlds = [w for w in SEMANTICS if all(w in s["conditions"]["raw"] for _, s in summaries)]
    tables.append((f"Answer accuracy ({' / '.join(w.replace('_', ' ') for w in worlds)})", acc))
    err = [["category"] + names]
    for cat in CATEGORIES:
        err.append([cat] + [f"{100 * s['errors'][cat] / max(1, s['problems']):.1f}"
                            for _, s in summaries])
    err.append(["instances w/ errors"] + [f"{100 * s['instances_with_errors'] / max(1, s['problems']):.1f}"
                                          for _, s in summaries])
    tables.append(("Errors per 100 problems", err))
    for key, label in (("full_wrong", "open world"), ("full_wrong_forward", "forward")):
        if not all(key in s for _, s in summaries):
            continue
        wrong = [["", *names],
                 ["wrong after full SEDAC"] + [str(s[key]["problems"]) for _, s in summaries],
                 ["of them explained"] + [str(s[key]["explained"]) for _, s in summaries]]
        statuses = sorted({k for _, s in summaries for k in s[key].get("missing_sentences", {})})
        for st in statuses:
            wrong.append([f"needed sentences {st}"] +
                         [str(s[key].get("missing_sentences", {}).get(st, 0)) for _, s in summaries])
        tables.append((f"Wrong after full SEDAC ({label}) and explained", wrong))
    return tables


def compare_table(summaries: list[tuple[str, dict]], fmt: str = "text") -> str:
    """The tables side by side, as text, Markdown, LaTeX or CSV."""
    out = []
    for title, rows in compare_rows(summaries):
        if fmt == "markdown":
            out += [f"**{title}**", "", "| " + " | ".join(rows[0]) + " |",
                    "|" + "---|" * len(rows[0])]
            out += ["| " + " | ".join(r) + " |" for r in rows[1:]] + [""]
        elif fmt == "latex":
            esc = _latex
            out += [f"% {title}", "\\begin{tabular}{l" + "r" * (len(rows[0]) - 1) + "}",
                    "\\hline", " & ".join(esc(x) for x in rows[0]) + " \\\\", "\\hline"]
            out += [" & ".join(esc(x) for x in r) + " \\\\" for r in rows[1:]]
            out += ["\\hline", "\\end{tabular}", ""]
        elif fmt == "csv":
            out += [_csv("table") + "," + ",".join(_csv(x) for x in rows[0])]
            out += [_csv(title) + "," + ",".join(_csv(x) for x in r) for r in rows[1:]]
        else:
            width = max(12, *(len(x) for r in rows for x in r[1:]))
            first = max(len(r[0]) for r in rows) + 2
            out += [title]
            out += [r[0].ljust(first) + "".join(x.rjust(width + 2) for x in r[1:]) for r in rows]
            out += [""]
    return "\n".join(out).rstrip("\n") + "\n"


def _latex(s: str) -> str:
    for a, b in (("\\", "\\textbackslash{}"), ("&", "\\&"), ("%", "\\%"), ("_", "\\_"),
                 ("#", "\\#")):
        s = s.replace(a, b)
    return s
