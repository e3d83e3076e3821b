"""The project's own material: `sedac corpus generate` (the problem generator), `sedac rules`
and `sedac rule CODE` (the catalogue of rules and codes)."""
from __future__ import annotations

import json

import click

from ..cli import guarded
from ..errors import SedacError


@click.group()
def corpus():
    """The project's own problem generator."""


@corpus.command()
@click.option("--style", default="prontoqa", show_default=True,
              type=click.Choice(["prontoqa", "proofwriter"]),
              help="prontoqa: class chains (1 to N hops); proofwriter: facts, relations, rules "
                   "with one or two conditions and negations, depth 0 to N, True/False/Unknown.")
@click.option("--out", "out_dir", default=None, metavar="DIR",
              help="Default: corpora/prontoqa or corpora/proofwriter.")
@click.option("--seed", default=7, show_default=True, type=int)
@click.option("--per-setting", default=20, show_default=True, type=click.IntRange(1, 10000),
              help="Problems per ontology and hop count.")
@click.option("--max-hops", default=5, show_default=True, type=click.IntRange(1, 10),
              help="The most hops (ProofWriter style: the greatest depth).")
@click.option("--inject", is_flag=True, help="Also write injected.jsonl: each correct program "
              "with one recorded shallow or deep error.")
@guarded
def generate(style, out_dir, seed, per_setting, max_hops, inject):
    """Write PrOntoQA-style problems (false and fictional ontologies, 1 to N hops), or
    ProofWriter-style ones (--style proofwriter: Logic-LM's JSON, one file per setting and
    depth, answers A/B/C)."""
    import random
    from pathlib import Path
    from ..files import write_atomic
    from ..generator import generate as gen, generate_proofwriter, inject as inject_error
    out = Path(out_dir or f"corpora/{style}")
    out.mkdir(parents=True, exist_ok=True)
    if style == "proofwriter":
        if inject:
            raise SedacError("--inject is for --style prontoqa")
        made = generate_proofwriter(seed, per_setting, depths=range(0, max_hops + 1))
        for (setting, d), ps in made.items():
            write_atomic(str(out / f"{setting}-d{d}.json"),
                         json.dumps([p.to_logic_lm() for p in ps], indent=1) + "\n")
        click.echo(f"wrote {sum(len(ps) for ps in made.values())} problems to {out}")
        return
    problems = gen(seed, per_setting, hops=range(1, max_hops + 1))
    count = 0
    for (onto, k), ps in problems.items():
        doc = {f"example{i + 1}": p.to_generator_record() for i, p in enumerate(ps)}
        write_atomic(str(out / f"{onto}-{k}hop.json"), json.dumps(doc, indent=1) + "\n")
        count += len(ps)
    if inject:
        rng = random.Random(seed + 1)
        lines = [json.dumps(inject_error(p, rng).to_jsonl())
                 for ps in problems.values() for p in ps]
        write_atomic(str(out / "injected.jsonl"), "\n".join(lines) + "\n")
    click.echo(f"wrote {count} problems to {out}" + (" (and injected.jsonl)" if inject else ""))


# --------------------------------------------------------------------- rules

@click.command()
@click.option("--output-format", default="text", type=click.Choice(["text", "json"]))
def rules(output_format):
    """Every rule and diagnostic code, with its category and fix safety."""
    from ..codes import CODES
    from ..rules import BY_CODE
    if output_format == "json":
        click.echo(json.dumps([{"code": c.code, "category": c.category, "fix": c.fix,
                                "summary": c.summary,
                                "doc": BY_CODE[c.code].doc if c.code in BY_CODE else ""}
                               for c in CODES.values()], indent=2))
        return
    from ..codes import NOTES
    for c in [*CODES.values(), *NOTES.values()]:
        click.echo(f"{c.code:5s} {c.category:17s} {c.fix:13s} {c.summary}")


@click.command()
@click.argument("code")
@guarded
def rule(code):
    """One rule's or code's documentation: what it finds, the better form, its fix safety."""
    from ..codes import CODES, NOTES
    from ..rules import BY_CODE
    c = CODES.get(code.upper()) or NOTES.get(code.upper())
    if c is None:
        raise SedacError(f"unknown code {code!r} (see `sedac rules`)")
    r = BY_CODE.get(c.code)
    click.echo(f"{c.code} ({r.name if r else c.category})")
    click.echo(f"category: {c.category}")
    click.echo(f"fix: {c.fix}" + {"safe": " (applied by --fix)",
                                  "unsafe": " (applied by --unsafe-fixes, only when the prover shows "
                                            "the text entails it)",
                                  "display-only": " (shown, never applied)",
                                  "none": " (no automatic fix)"}.get(c.fix, ""))
    if r is not None:
        click.echo(f"pattern: {r.premise}  ->  {r.conclusion}" + (f"  if {r.condition}"
                                                                 if r.condition else ""))
        import inspect
        click.echo("")
        click.echo(inspect.cleandoc(r.doc))
    else:
        click.echo("")
        click.echo(c.summary[:1].upper() + c.summary[1:] + ".")
