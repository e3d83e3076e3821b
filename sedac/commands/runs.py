"""Runs over corpora: `sedac eval` (accuracy, errors per category, figures), `sedac report`
(the HTML report of an eval folder) and `sedac verify-chain` (reasoning chains, T1-T4, F1, F2)."""
from __future__ import annotations

import json
import os
import sys

import click

from ..cli import EXIT_CLEAN, EXIT_FINDINGS, guarded
from ..errors import SedacError


@click.command("eval")
@click.argument("corpora", nargs=-1)
@click.option("--out", "out_dir", metavar="DIR", help="Write results.jsonl, summary.json, "
              "stats.csv and PNG figures here.")
@click.option("--jobs", default=1, type=click.IntRange(1, 64), help="Worker processes.")
@click.option("--prover", default="auto")
@click.option("--limit", type=click.IntRange(1), help="Only the first N problems of each corpus.")
@click.option("--compare", "compare_dirs", multiple=True, metavar="DIR",
              help="Print the tables of earlier --out folders side by side: --compare A B C "
                   "(or repeated).")
@click.option("--format", "table_format", default="text", show_default=True,
              type=click.Choice(["text", "markdown", "latex", "csv"]),
              help="How --compare prints its tables.")
@click.option("--figure", "figure_path", metavar="FILE",
              help="With --compare: draw the cross-model figure here (.png, .svg or .pdf).")
@click.option("--figure-format", default="png", show_default=True,
              type=click.Choice(["png", "svg", "pdf"]), help="Format of the figures --out draws.")
@click.option("--html", "html", is_flag=True,
              help="Also write a browsable report into --out (as `sedac report DIR` does).")
@click.option("--backend", default="process", show_default=True,
              type=click.Choice(["process", "ray"]),
              help="process: --jobs worker processes here; ray: Ray actors (pip install "
                   "'sedac[ray]'), a local Ray runtime or the cluster at --address.")
@click.option("--address", metavar="ADDR", help="With --backend ray: join this Ray cluster "
              "(host:port of its head) instead of starting a local runtime.")
@click.option("--task-timeout", type=click.FloatRange(1), metavar="SECONDS",
              help="With --backend ray: a batch running longer is stopped and tried again once "
                   "(default 600).")
@guarded
def eval_cmd(corpora, out_dir, jobs, prover, limit, compare_dirs, table_format, figure_path,
             figure_format, html, backend, address, task_timeout):
    """Evaluate a corpus: accuracy per condition and semantics, errors per category.

    With several corpora and --out, each corpus also gets its own folder DIR/NAME with its
    own results, summary and figures; DIR holds the run as a whole."""
    import time
    from pathlib import Path
    from ..atp import get_prover
    from ..corpus import read_corpus
    from ..evaluate import compare_table, run_eval, run_metadata, summarize, write_outputs
    if compare_dirs:
        # `--compare A B C` as well as `--compare A --compare B`: the folders after the first
        # arrive as positional arguments
        summaries = []
        for d in list(compare_dirs) + list(corpora):
            p = Path(d) / "summary.json"
            try:
                summaries.append((Path(d).name, json.loads(p.read_text(encoding="utf-8"))))
            except (OSError, ValueError) as e:
                raise SedacError(f"no readable summary.json ({e})", path=str(p)) from None
        click.echo(compare_table(summaries, table_format), nl=False)
        if figure_path:
            from ..plots import FORMATS, write_comparison_figure
            if Path(figure_path).suffix.lstrip(".") not in FORMATS:
                raise SedacError("the figure's name must end in .png, .svg or .pdf",
                                 path=figure_path)
            write_comparison_figure(Path(figure_path), summaries)
        return
    if figure_path:
        raise SedacError("--figure draws the comparison of --compare folders")
    if not corpora:
        raise SedacError("name at least one corpus file (or --compare DIR...)")
    if backend == "ray":
        from ..distributed import ray_installed
        ray_installed()     # fail early, in one line, when Ray is not installed
    elif address or task_timeout:
        raise SedacError("--address and --task-timeout go with --backend ray")
    get_prover(prover)  # fail early on an unknown or missing prover
    problems = []
    spans = []           # (corpus, first, end) in `problems`
    for c in corpora:
        ps = read_corpus(c)
        ps = ps[:limit] if limit else ps
        spans.append((c, len(problems), len(problems) + len(ps)))
        problems.extend(ps)
    if not problems:
        raise SedacError("the corpus holds no problems", path=corpora[0])
    if out_dir:   # before the run, not after it
        from ..files import output_folder
        output_folder(out_dir, "--out folder")
    show = sys.stderr.isatty()

    def progress(done, total):
        if show and (done == total or done % 10 == 0):
            click.echo(f"\r{done}/{total} problems", err=True, nl=done == total)

    start = time.perf_counter()
    records = run_eval(problems, jobs=jobs, prover=prover, progress=progress, backend=backend,
                       address=address, task_timeout=task_timeout)
    seconds = time.perf_counter() - start
    summary = summarize(records, seconds, run_metadata(list(corpora), prover))
    if len(corpora) > 1:
        summary["by_corpus"] = {}
        for c, a, b in spans:
            part = summarize(records[a:b], seconds * (b - a) / max(1, len(records)),
                             run_metadata([c], prover))
            summary["by_corpus"][Path(c).stem] = part
            if out_dir:
                write_outputs(Path(out_dir) / Path(c).stem, records[a:b], part, Path(c).stem,
                              figure_format)
    if out_dir:
        title = ", ".join(Path(c).stem for c in corpora)
        write_outputs(Path(out_dir), records, summary, title, figure_format)
        if html:
            from ..report import write_report
            write_report(Path(out_dir))
    click.echo(json.dumps(summary, indent=2))
    sys.exit(EXIT_FINDINGS if summary["failed"] else EXIT_CLEAN)


@click.command()
@click.argument("out_dir", metavar="DIR")
@guarded
def report(out_dir):
    """Write a browsable HTML report of an `eval --out DIR` folder into DIR/report/."""
    from pathlib import Path
    from ..report import write_report
    index = write_report(Path(out_dir))
    click.echo(f"wrote {index}")


# -------------------------------------------------------------- verify-chain

@click.command("verify-chain")
@click.argument("inputs", nargs=-1)
@click.option("--text", "text_file", metavar="TEXT_FILE",
              help="One chain from the command line: the problem text and its question...")
@click.option("--steps", "steps_file", metavar="FILE", help="...the chain, one step a line...")
@click.option("--gold", type=click.Choice(["True", "False"]), help="...the gold answer...")
@click.option("--predicted", type=click.Choice(["True", "False"]), help="...and the model's answer.")
@click.option("--mutate", "per_class", type=click.IntRange(1), metavar="N",
              help="Verify N generated mutations per class of each gold chain set instead.")
@click.option("--prover", default="auto")
@click.option("--output-format", default="text", type=click.Choice(["text", "json"]))
@guarded
def verify_chain_cmd(inputs, text_file, steps_file, gold, predicted, per_class, prover,
                     output_format):
    """Label each step of reasoning chains and classify the chains (T1-T4, F1, F2)."""
    import time
    from ..atp import get_prover
    from ..chains import Chain, chains_from_problems, mutated_chains, summarize_chains, verify_chain
    from ..corpus import read_corpus
    from ..files import read_text
    from ..vocab import sentences
    chains = []
    if text_file:
        if not (steps_file and gold and predicted):
            raise SedacError("--text needs --steps, --gold and --predicted")
        text = read_text(text_file, "problem text")
        sents = [s for _, s in sentences(text)]
        question = next((s for s in sents if s.lower().startswith(("true or false", "is the following"))), "")
        if not question:
            raise SedacError("the problem text has no question ('True or false: ...')", path=text_file)
        context = " ".join(s for s in sents if s != question)
        steps = [l.strip() for l in read_text(steps_file, "chain").splitlines() if l.strip()]
        chains.append(Chain(os.path.basename(steps_file), context, question, gold, steps, predicted))
    for path in inputs:
        chains.extend(chains_from_problems(read_corpus(path)))
    if not chains:
        raise SedacError("no chain to verify: name a corpus with chains, or use --text")
    if per_class:
        chains = mutated_chains(chains, per_class)
    engine = get_prover(prover)
    start = time.perf_counter()
    results = [verify_chain(c, engine) for c in chains]
    seconds = time.perf_counter() - start
    summary = summarize_chains(results)
    if per_class:
        right = sum(1 for r in results if r["class"] == r.get("intended"))
        summary_extra = {"mutations": len(results), "classified_as_intended": right}
    else:
        summary_extra = {}
    if output_format == "json":
        click.echo(json.dumps({"chains": results, "summary": summary, **summary_extra,
                               "ms_per_chain": round(1000 * seconds / len(results), 2)},
                              ensure_ascii=False, indent=1))
    else:
        for r in results:
            bad = [s for s in r["steps"] if s["label"] != "True"]
            line = f"{r['id']}: {r['class']} (answer {'right' if r['answer_correct'] else 'wrong'}, " \
                   f"path {'valid' if r['valid_path'] else 'invalid'})"
            if r.get("intended") and r["intended"] != r["class"]:
                line += f" [intended {r['intended']}]"
            click.echo(line)
            for s in bad:
                click.echo(f"  step {s['index']} {s['label']}: {s['text']}")
        click.echo("summary: " + ", ".join(f"{k} {v}" for k, v in summary.items())
                   + (f"; {summary_extra['classified_as_intended']}/{summary_extra['mutations']} "
                      "as intended" if summary_extra else "")
                   + f"; {1000 * seconds / len(results):.1f} ms per chain")
