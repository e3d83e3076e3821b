"""`sedac eval`: answer accuracy per condition and error counts per category over a corpus.

Conditions (CONTRACT.md, and `DEFINITIONS` in `sedac.eval_summary`): `raw` what a standard pipeline runs
(a reply's fenced logic blocks as written; one that does not parse answers nothing), `syntax` after syntax repairs, `partial` after the shallow
rewrites, `full` after full SEDAC with the problem text. Each is answered under
open-world (prover) and closed-world (SWI-Prolog) semantics.

Evaluation of one problem is a pure function of the problem; the pool of workers
and the files written live in `run_eval`.
"""
from __future__ import annotations

from collections import Counter

from .corpus import Problem
from .engine import analyse, answer_both, asked, diagnostic_json
# what each condition is and the summary of a run (re-exported: callers name them here)
from .eval_summary import (CONDITIONS, DEFINITIONS, ERROR_CATEGORIES, SEMANTICS,  # noqa: F401
                           compare_rows, compare_table, gold_summary, run_metadata, stats_csv,
                           summarize, write_outputs)
from .fol import Formula, Var, constants, describe, negate, predicates
from .program import CATEGORIES, SYNTAX_CATEGORIES
from .readers import read_program, reader_for
from .truth import Truth, truth_from_text

# Syntax diagnostics that do not stop the raw program: Logic-LM moves rules found under
# `Facts:` to `Rules:`, Prover9 reads a free variable as universally quantified, a
# `NotEarthy` predicate is well-formed (raw is given its negated reading, generously), as is
# a negation written `!P($x, True)` in place of `P($x, False)` (Y010); and
# every pipeline takes the code out of a Markdown reply's fenced blocks (C001, C006).
TOLERATED = {"P001", "Y004", "Y008", "Y010", "C001", "C006"}


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
    try:
        return _evaluate_program(problem, record, truth, program, program_text, engine, session)
    finally:
        session.close()     # (the record holds no verdict: each one it needed has been read)


def _evaluate_program(problem: Problem, record: dict, truth, program, program_text: str,
                      engine, session) -> dict:
    """`evaluate_problem` once the program is read: the conditions, answers and diagnostics."""
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

def settle_collector() -> None:
    """The garbage collector's policy for a process that runs many problems, applied once its
    first problem is done: the CLI's young-generation threshold (`sedac.__main__.GC_YOUNG`),
    and everything alive then (modules, engines, the grammar's and the lemma table's objects,
    the caches of the words seen so far) moved out of the collector's sight with
    `gc.freeze()`. Otherwise every full collection walks those hundreds of thousands of
    objects again, 100-300 ms landing inside one problem or another. Cycles made later are
    still collected. Process-wide, for speed alone: no result depends on it."""
    global _SETTLED
    if _SETTLED:
        return
    _SETTLED = True
    import gc

    from .__main__ import GC_YOUNG
    young, older, oldest = gc.get_threshold()
    gc.set_threshold(max(GC_YOUNG, young), older, oldest)
    gc.collect()
    gc.freeze()


_SETTLED = False


def _worker(args):
    problem, prover = args
    try:
        return evaluate_problem(problem, prover)
    except Exception as e:  # one problem's failure never stops the run; it is counted
        return {"id": problem.id, "source": problem.source, "gold": problem.answer,
                "failed": f"{type(e).__name__}: {e}"}
    finally:
        settle_collector()


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
