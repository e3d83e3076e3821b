"""`sedac eval`: answer accuracy per condition and error counts per category over a corpus.

Conditions (CONTRACT.md): `raw` the program as written (one that does not parse
answers nothing), `syntax` after syntax repairs, `partial` after the shallow
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
    truth = truth_from_text(problem.text)
    if truth.unparsed:
        record["unparsed_sentences"] = [t for _, t, _ in truth.unparsed]
    program_text = problem.program if problem.program is not None else ground_truth_program(truth)
    record["program_source"] = "llm" if problem.program is not None else "ground-truth"
    program = read_program(program_text, problem.id, "auto", vocab_hint=truth.vocab)
    record["lang"] = program.lang
    engine = get_prover(prover)
    session = engine.session()

    fatal = [d for d in program.diagnostics
             if d.category in SYNTAX_CATEGORIES and d.category != "knowledge"
             and d.code not in TOLERATED]
    prog_query = asked(program.queries)[-1][1].formula if program.queries else None
    read_axioms = program.axioms
    partial = analyse(program, None, "partial", engine, answer=False, session=session)
    full = analyse(program, truth, "full", engine, unsafe_fixes=True, answer=False, session=session)

    syntax = _answers(read_axioms, prog_query, session)
    answers = {
        # the raw program is the syntax-repaired one when no repair was needed
        "raw": syntax if not fatal else dict(NO_ANSWER),
        "syntax": syntax,
        "partial": _answers(partial.formulas("safe"), partial.query, session),
        "full": _answers(full.formulas("unsafe"), truth.question, session),
    }
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
    if fatal:
        record["raw_failure"] = f"{fatal[0].code} at line {fatal[0].span.line}: {fatal[0].message}"
    wrong = [w for w in ("open_world", "forward") if not record["correct"]["full"][w]]
    if wrong and truth.question is not None:
        record["reason"] = explain_wrong(truth, full, problem.answer, session,
                                         "open_world" if "open_world" in wrong else "forward")
    record["prover_calls"] = session.calls
    # what a report page shows: the problem, the program, each diagnostic, the fixed program
    record["text"] = problem.text
    record["program"] = program_text
    record["diagnostics"] = [diagnostic_json(d) for d in full.diagnostics]
    record["fixed_program"] = full.fixed_program(unsafe=True)
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
    return {**(meta or {}), "problems": n, "failed": n - len(ok), "seconds": round(seconds, 2),
            "conditions": conditions, "errors": {c: errors.get(c, 0) for c in CATEGORIES},
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
