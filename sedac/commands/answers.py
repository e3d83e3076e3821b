"""Questions and proofs: `sedac ask` (a program's answer under open-world, closed-world or
forward semantics), `sedac nl2fol` (a problem text through the DCG) and `sedac prove`
(a TPTP problem)."""
from __future__ import annotations

import json
import os
import sys

import click

from ..cli import EXIT_CLEAN, EXIT_FINDINGS, _warn_unparsed, guarded
from ..errors import SedacError
from ..readers import LANGS


@click.command()
@click.argument("program")
@click.option("--nl", "nl_file", metavar="TEXT_FILE", help="Repair with full SEDAC first; "
              "the text's question is asked.")
@click.option("--query", metavar="GOAL", help="A goal in TPTP syntax, e.g. '~ blue(rex)'.")
@click.option("--semantics", default="both",
              type=click.Choice(["open", "closed", "forward", "both", "all"]),
              help="open: classical (the prover); closed: SWI-Prolog, negation as failure; "
                   "forward: forward chaining with explicit negation (ProofWriter, Pyke); "
                   "both: open and closed; all: the three.")
@click.option("--lang", default="auto", type=click.Choice(["auto", *LANGS]))
@click.option("--prover", default="auto")
@click.option("--output-format", default="text", type=click.Choice(["text", "json"]))
@click.option("--raw", is_flag=True, help="Answer the program exactly as written: no fix at all.")
@guarded
def ask(program, nl_file, query, semantics, lang, prover, output_format, raw):
    """Answer a program's question under open-world, closed-world or forward semantics.

    The program is answered after its safe fixes (with --nl: after full SEDAC, deep fixes
    included), and the fixes are listed first; --raw answers it exactly as written."""
    from ..api import ask as ask_api
    from ..files import read_text
    text = read_text(program, "program")
    nl = read_text(nl_file, "problem text") if nl_file else None
    result = ask_api(text, nl=nl, query=query, semantics=semantics, lang=lang, prover=prover,
                     path=program, raw=raw)
    _warn_unparsed(nl_file, [(u["sentence"], u["text"], u["line"])
                              for u in result.get("unparsed", ())])
    if result.get("query") is None:
        raise SedacError("the program has no query; give --query or --nl", path=program)
    if output_format == "json":
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        for f in result.get("fixes", ()):
            click.echo(f"fixed {program}:{f['line']}: {f['code']} {f['message']}")
        if raw:
            click.echo("(the program as written, no fix applied)")
        click.echo(f"query: {result['query']}")
        if "open_world" in result:
            click.echo(f"open world:   {result['open_world']}")
        if "closed_world" in result:
            click.echo(f"closed world: {result['closed_world']}")
        if "forward" in result:
            click.echo(f"forward:      {result['forward']}")


# -------------------------------------------------------------------- nl2fol

@click.command()
@click.argument("text_file")
@click.option("--output-format", default="tptp", type=click.Choice(["tptp", "json"]))
@guarded
def nl2fol(text_file, output_format):
    """Translate a PrOntoQA problem text to first-order logic with the DCG."""
    from ..files import read_text
    from ..fol import to_tptp, to_unicode
    from ..nl import nl_to_fof
    g = nl_to_fof(read_text(text_file, "problem text"))
    for s in g.unparsed:
        click.echo(f"{text_file}:{s.line}:{s.column}: warning: sentence {s.index} not understood: "
                   f"{s.text!r}", err=True)
    if output_format == "json":
        doc = {"sentences": [{"index": s.index, "text": s.text, "line": s.line,
                              "column": s.column, "kind": s.kind,
                              "tptp": to_tptp(s.formula) if s.formula else None,
                              "fol": to_unicode(s.formula) if s.formula else None,
                              "error": s.error} for s in g.sentences]}
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        for s in g.sentences:
            click.echo(f"% {s.index}: {s.text}")
            if s.formula is None:
                click.echo("% (not understood)")
                continue
            role = "conjecture" if s.kind == "question" else "axiom"
            name = "question" if s.kind == "question" else f"s{s.index}"
            click.echo(f"fof({name}, {role}, {to_tptp(s.formula)}).")
    sys.exit(EXIT_FINDINGS if g.unparsed else EXIT_CLEAN)


# --------------------------------------------------------------------- prove

@click.command()
@click.argument("problem")
@click.option("--prover", default="auto")
@click.option("--time-limit", default=10.0, type=click.FloatRange(0.01, 3600), metavar="SECONDS")
@guarded
def prove(problem, prover, time_limit):
    """Decide a TPTP FOF problem; prints the SZS status first, then the evidence."""
    from ..atp import get_prover
    from ..files import read_text
    from ..fol import to_tptp
    from ..readers.tptp import read_tptp
    from ..fol import has_functions
    text = read_text(problem, "TPTP problem")
    items = read_tptp(text, problem, functions=True)
    name = os.path.splitext(os.path.basename(problem))[0]
    axioms = [it for it in items if it.role not in ("conjecture", "question")]
    goals = [it for it in items if it.role in ("conjecture", "question")]
    if len(goals) > 1:
        raise SedacError("more than one conjecture", path=problem, line=goals[1].line)
    if any(has_functions(it.formula) for it in items):
        # full first-order logic: z3's decision procedure covers the function-free fragment,
        # so the saturation provers take it (E by default)
        names = [n.strip() for n in prover.split(",")]
        if names == ["auto"]:
            prover = "eprover"
        elif any(n in ("z3", "auto", "cvc5") for n in names):
            raise SedacError("the problem has function symbols, which z3 and cvc5 do not decide "
                             "here; give --prover eprover, prover9 or eprover,prover9",
                             path=problem)
    engine = get_prover(prover)
    formulas = [a.formula for a in axioms]
    if goals:
        v = engine.entails(formulas, goals[0].formula, time_limit)
        status = v.status
    else:
        v = engine.consistent(formulas, time_limit)
        status = v.status
    click.echo(f"% SZS status {status} for {name}")
    if v.used is not None:
        click.echo(f"% axioms used: {', '.join(axioms[i].name for i in v.used) or 'none'}")
        for i in v.used:
            click.echo(f"fof({axioms[i].name}, axiom, {to_tptp(axioms[i].formula)}).")
    if v.model is not None:
        click.echo(f"% countermodel: {v.model.describe()}")
    if v.detail:
        click.echo(f"% {v.detail}")
    click.echo(f"% prover {v.prover}, {v.seconds * 1000:.1f} ms")
