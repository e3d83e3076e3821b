"""The `sedac` command. It parses flags, calls the pure core and renders; nothing more."""
from __future__ import annotations

import functools
import json
import os
import sys

import click

from . import __version__
from .errors import SedacError
from .readers import LANGS

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _fail(message: str) -> None:
    click.echo(f"sedac: {message}", err=True)
    sys.exit(EXIT_ERROR)


def guarded(fn):
    """Bad input and internal errors end in one line on stderr and exit 2, never a traceback."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except SedacError as e:
            _fail(str(e))
        except KeyboardInterrupt:
            _fail("interrupted")
        except BrokenPipeError:
            sys.exit(EXIT_ERROR)
        except RecursionError:
            _fail("input nests too deeply to process")
        except MemoryError:
            _fail("out of memory")
        except Exception as e:  # an internal error: say so plainly
            if os.environ.get("SEDAC_DEBUG"):
                raise
            _fail(f"internal error: {type(e).__name__}: {e} (set SEDAC_DEBUG=1 for a traceback)")
    return wrapper


def _emit(text: str, output_file: str | None) -> None:
    if output_file:
        from .files import write_atomic
        write_atomic(output_file, text)
    else:
        click.echo(text, nl=False)


# The command line runs in a thread with a deep stack, so that a clause with a 20,000-goal
# body or 1,000 nested negations is read, not rejected (recursion in the parser's tree).
DEEP_STACK = 512 * 1024 * 1024
DEEP_RECURSION = 100_000


class LarkWithoutRegex:
    """An import finder for the `sedac` process: `import regex` fails while lark itself is
    being imported. lark imports the `regex` package when it is installed (about a tenth of
    the start-up of a check) but uses it only for `Lark(regex=True)` and for grammars with
    Unicode property classes (`\\p{..}`); sedac's grammars have neither and are lexed with
    `re` either way, so their parsers are the same. Afterwards (spaCy, say) `regex` imports
    as usual; the Python API (`import sedac`) does not install this."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "regex":
            lark = sys.modules.get("lark")
            if lark is not None and getattr(getattr(lark, "__spec__", None), "_initializing", False):
                raise ModuleNotFoundError("not while lark is imported by sedac", name=name)
        return None


def run(**kwargs) -> None:
    """`sedac` as a program: `main` on a deep stack, with its exit code."""
    import threading
    from . import startup_cache
    startup_cache.install()        # (done already when started as `sedac.__main__`)
    outcome: dict = {}
    if "lark" not in sys.modules:
        sys.meta_path.insert(0, LarkWithoutRegex)

    def target():
        try:
            main(**kwargs)
        except SystemExit as e:
            outcome["code"] = e.code
        except BaseException as e:  # handed to the main thread below
            outcome["error"] = e

    sys.setrecursionlimit(max(sys.getrecursionlimit(), DEEP_RECURSION))
    old = threading.stack_size(DEEP_STACK)
    try:
        worker = threading.Thread(target=target, name="sedac", daemon=True)
        worker.start()
    finally:
        threading.stack_size(old)
    try:
        while worker.is_alive():
            worker.join(0.2)
    except KeyboardInterrupt:
        _fail("interrupted")
    if "error" in outcome:
        raise outcome["error"]
    code = outcome.get("code", 0)
    code = code if isinstance(code, int) else (0 if code is None else EXIT_ERROR)
    # SWI-Prolog was started in the worker thread; its exit hook, run from this thread,
    # could only warn that it cannot stop it. Everything sedac writes is written by now.
    sys.stdout.flush()
    sys.stderr.flush()
    startup_cache.save()
    os._exit(code)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sedac")
def main():
    """sedac: find, name and fix the errors in logic programs written by LLMs."""


# --------------------------------------------------------------------- check

def _configured(ctx, config: dict, name: str, value, setting: str):
    """A flag's value: the command line's if given there, else [tool.sedac]'s, else the default."""
    from click.core import ParameterSource
    if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE or setting not in config:
        return value
    found = config[setting]
    return ",".join(found) if isinstance(found, list) else found


@main.command()
@click.argument("programs", nargs=-1, required=True)
@click.option("--nl", "nl_file", metavar="TEXT_FILE", help="The problem text: enables full SEDAC.")
@click.option("--truth", "truth_file", metavar="FOL_FILE",
              help="Gold formulas as ground truth: a TPTP FOF file, or a FOLIO record "
                   "(record.json, or file.jsonl#ID).")
@click.option("--mode", type=click.Choice(["syntax", "partial", "full"]),
              help="Default: full with --nl/--truth, else partial.")
@click.option("--lang", default="auto", type=click.Choice(["auto", *LANGS]))
@click.option("--prover", default="auto", help="z3, eprover, prover9, vampire, cvc5, auto, or a list to "
              "cross-check (z3,eprover).")
@click.option("--fix", is_flag=True, help="Write safe fixes back to the files.")
@click.option("--unsafe-fixes", is_flag=True, help="Also apply deep fixes the prover justified.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff; write nothing.")
@click.option("--output-format", default="text", type=click.Choice(["text", "json", "sarif", "github"]))
@click.option("--output-file", metavar="PATH")
@click.option("--statistics", is_flag=True, help="Count diagnostics per code.")
@click.option("--show-fixes", is_flag=True, help="Show each fix's replacement text (and, with "
              "--fix, a summary of what was fixed).")
@click.option("--quiet", "-q", is_flag=True, help="Print the diagnostics and nothing else.")
@click.option("--select", multiple=True, metavar="CODES",
              help="Only these codes, prefixes or categories (repeat to add up, as in ruff).")
@click.option("--ignore", multiple=True, metavar="CODES",
              help="Not these codes, prefixes or categories (repeat to add up).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when diagnostics remain.")
@click.option("--exclude", multiple=True, metavar="GLOB",
              help="With a folder: skip files and folders matching this pattern (repeatable).")
@click.option("--nl-dir", metavar="DIR", help="Pair each program x.pl with the problem text "
              "DIR/x.txt (with a folder argument, x.txt beside x.pl is used without this).")
@click.option("--export-tptp", "export_dir", metavar="DIR",
              help="Write each prover verdict behind a diagnostic as a TPTP problem, to check "
                   "with any prover (`sedac prove`, E, Vampire).")
@click.pass_context
@guarded
def check(ctx, programs, nl_file, truth_file, mode, lang, prover, fix, unsafe_fixes, diff,
          output_format, output_file, statistics, show_fixes, quiet, select, ignore, exit_zero,
          exclude, nl_dir, export_dir):
    """Check logic programs; with --nl, against the problem text (full SEDAC).

    Defaults can be set in pyproject.toml under [tool.sedac] (select, ignore, prover, mode,
    lang, output-format, unsafe-fixes); flags win."""
    from .atp import get_prover
    from .codes import known_selector, matches
    from .engine import analyse, misreading
    from .files import read_text, same_file, write_atomic
    from .readers import read_program
    from .render import render
    from .truth import truth_from_text, truth_from_tptp

    from pathlib import Path
    from .config import load_config
    # Settings are found from the checked files' folder upwards, not from the working
    # directory; select and ignore also per file (below), as ruff does.
    first = next((p for p in programs if p != "-"), None)
    config = load_config(Path(first) if first else None)
    cli_select = ctx.get_parameter_source("select") == click.core.ParameterSource.COMMANDLINE
    cli_ignore = ctx.get_parameter_source("ignore") == click.core.ParameterSource.COMMANDLINE
    select = _configured(ctx, config, "select", ",".join(select), "select")
    ignore = _configured(ctx, config, "ignore", ",".join(ignore), "ignore")
    prover = _configured(ctx, config, "prover", prover, "prover")
    mode = _configured(ctx, config, "mode", mode, "mode")
    lang = _configured(ctx, config, "lang", lang, "lang")
    output_format = _configured(ctx, config, "output_format", output_format, "output-format")
    unsafe_fixes = _configured(ctx, config, "unsafe_fixes", unsafe_fixes, "unsafe-fixes")
    if mode not in (None, "syntax", "partial", "full"):
        raise SedacError(f"unknown mode {mode!r} in [tool.sedac]")
    if output_format not in ("text", "json", "sarif", "github"):
        raise SedacError(f"unknown output-format {output_format!r} in [tool.sedac]")
    if nl_file and truth_file:
        raise SedacError("give either --nl or --truth, not both")
    if fix and not diff and "-" in programs:
        raise SedacError("--fix cannot write back to standard input; use --diff")
    if mode == "full" and not (nl_file or truth_file):
        raise SedacError("--mode full needs the problem text (--nl) or a truth file (--truth)")
    selectors = [s for s in select.split(",") if s.strip()]
    ignored = [s for s in ignore.split(",") if s.strip()]
    for s in selectors + ignored:
        if not known_selector(s):
            raise SedacError(f"unknown code or category {s.strip()!r} (see `sedac rules`)")
    truth = None
    if nl_file:
        truth = truth_from_text(read_text(nl_file, "problem text"))
        if not truth.facts and truth.question is None:
            raise SedacError("no sentence of the problem text could be read", path=nl_file)
        _warn_unparsed(nl_file, truth.unparsed)
    elif truth_file:
        from .gold import truth_from_file
        truth = truth_from_file(truth_file)
    inputs = [p for p in programs if p != "-"] + [f.partition("#")[0] for f in (nl_file, truth_file)
                                                  if f]
    if output_file and any(same_file(output_file, p) for p in inputs):
        raise SedacError("--output-file names an input file; it would be overwritten",
                         path=output_file)
    engine = get_prover(prover)
    reports = []
    failed = 0
    files = _program_files(programs, exclude, nl_dir, paired=truth is None)
    folder_configs: dict[str, dict] = {}
    texts: dict[str, object] = {}
    for path, text_path in files:
        # One bad file is reported and the others are still checked; the exit code says so.
        try:
            file_truth = truth
            if text_path is not None:
                if text_path not in texts:
                    texts[text_path] = truth_from_text(read_text(text_path, "problem text"))
                    _warn_unparsed(text_path, texts[text_path].unparsed)
                file_truth = texts[text_path]
            text = read_text(path, "program")
            program = read_program(text, path, lang,
                                   vocab_hint=file_truth.vocab if file_truth else None, strict=True)
        except SedacError as e:
            click.echo(f"sedac: {e}", err=True)
            failed += 1
            continue
        report = analyse(program, file_truth, mode, engine, unsafe_fixes)
        sel, ign = selectors, ignored
        if path != "-" and not (cli_select and cli_ignore):
            own = folder_configs.setdefault(str(Path(path).parent),
                                            load_config(Path(path).parent))
            if not cli_select:
                sel = [c for c in own.get("select", []) if c.strip()]
            if not cli_ignore:
                ign = [c for c in own.get("ignore", []) if c.strip()]
        report.diagnostics = [d for d in report.diagnostics
                              if (not sel or matches(d.code, d.category, sel))
                              and not matches(d.code, d.category, ign)]
        reports.append(report)
    if export_dir:
        _export_tptp(export_dir, reports)
    diffs = []
    refused = []
    for r in reports:
        # every fix shown or written was read back and verified (sedac.fixcheck): a fix
        # that would lose what no fix names is withheld, with a note
        new, _, notes = r.verified()
        if notes:
            r.diagnostics = sorted(r.diagnostics + notes,
                                   key=lambda d: (d.span.line, d.span.column, d.code))
        if new == r.program.text:
            continue
        why = misreading(r) if (fix or diff) else None
        if why:
            refused.append(id(r))
            click.echo(f"{r.path}: {why}", err=True)
            for d in r.diagnostics:   # nothing of it was written
                if d.status in ("fixed", "dropped"):
                    d.status = "fixable"
            continue
        if diff:
            diffs.append(_unified_diff(r.program.text, new, r.path))
        elif fix:
            write_atomic(r.path, new)
    if diff:
        _emit("".join(diffs), output_file)
    elif not reports:
        pass      # every file failed, and each said why: no summary to give
    else:
        terminal = (output_format == "text" and not output_file and sys.stdout.isatty()
                    and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb")
        _emit(render(output_format, reports, show_statistics=statistics,
                     unsafe_fixes=unsafe_fixes, applied=fix, show_fixes=show_fixes,
                     quiet=quiet, color=terminal, snippets=terminal), output_file)
    # Diagnostics remain unless --fix wrote their fixes into the files.
    remaining = [d for r in reports for d in r.diagnostics
                 if not (fix and not diff and d.status in ("fixed", "dropped"))]
    if failed and len(files) > 1:
        click.echo(f"sedac: {failed} of {len(files)} files could not be checked (see above)",
                   err=True)
    if refused or failed:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_CLEAN if exit_zero or not remaining else EXIT_FINDINGS)


def _warn_unparsed(text_path: str, unparsed) -> None:
    """One warning line per sentence of the text the grammar did not understand."""
    for index, sent, line in unparsed:
        click.echo(f"{text_path}:{line}: warning: sentence {index} not understood, ignored: "
                   f"{sent!r}", err=True)


def _program_files(paths, exclude, nl_dir: str | None, paired: bool) -> list[tuple[str, str | None]]:
    """(program, its problem text or None) for every argument; a folder is searched for
    programs (by extension, `--exclude` patterns skipped), each paired with `x.txt` beside it;
    `--nl-dir DIR` pairs every program `x.*` with `DIR/x.txt`. Pairing applies only without
    `--nl`/`--truth`, which give every program the same text."""
    import fnmatch
    from pathlib import Path
    from .readers import EXTENSIONS

    def excluded(p: Path) -> bool:
        return any(fnmatch.fnmatch(part, g) or fnmatch.fnmatch(str(p), g)
                   for g in exclude for part in p.parts)

    def text_of(p: Path, beside: bool) -> str | None:
        if not paired:
            return None
        if nl_dir:
            candidate = Path(nl_dir) / (p.stem + ".txt")
        elif beside:
            candidate = p.with_suffix(".txt")
        else:
            return None
        return str(candidate) if candidate.is_file() else None

    out = []
    for arg in paths:
        p = Path(arg)
        if arg != "-" and p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file()
                           and f.suffix.lower() in EXTENSIONS and not excluded(f.relative_to(p)))
            if not found:
                raise SedacError("a directory with no program files in it (.pl, .p, .pyke, "
                                 ".fol, ...)", path=arg)
            out += [(str(f), text_of(f, beside=True)) for f in found]
        else:
            out.append((arg, text_of(p, beside=False) if arg != "-" else None))
    return out


def _export_tptp(folder: str, reports) -> None:
    """One FOF problem per verdict: FILE-LINE-CODE.p, its expected status in a comment."""
    from pathlib import Path
    from .files import write_atomic
    from .fol import tptp_problem
    from .files import output_folder
    out = output_folder(folder, "--export-tptp folder")
    for r in reports:
        stem = Path(r.path).name.replace(".", "_")
        for k, d in enumerate(r.diagnostics):
            if d.proof is None:
                continue
            axioms, goal, status = d.proof
            text = (f"% sedac {d.code} at {r.path}:{d.span.line}: {d.message}\n"
                    f"% sedac's verdict: SZS status {status}\n" + tptp_problem(axioms, goal))
            write_atomic(str(out / f"{stem}-{d.span.line}-{d.code}-{k + 1}.p"), text)


def _unified_diff(old: str, new: str, path: str) -> str:
    """A unified diff that marks a last line without its newline, as `diff -u` does."""
    import difflib          # (only --diff prints one: not imported at start-up)
    out = []
    for line in difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                     fromfile=f"a/{path.lstrip('/')}", tofile=f"b/{path.lstrip('/')}"):
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


# ----------------------------------------------------------------------- ask

@main.command()
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
    from .api import ask as ask_api
    from .files import read_text
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

@main.command()
@click.argument("text_file")
@click.option("--output-format", default="tptp", type=click.Choice(["tptp", "json"]))
@guarded
def nl2fol(text_file, output_format):
    """Translate a PrOntoQA problem text to first-order logic with the DCG."""
    from .files import read_text
    from .fol import to_tptp, to_unicode
    from .nl import nl_to_fof
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

@main.command()
@click.argument("problem")
@click.option("--prover", default="auto")
@click.option("--time-limit", default=10.0, type=click.FloatRange(0.01, 3600), metavar="SECONDS")
@guarded
def prove(problem, prover, time_limit):
    """Decide a TPTP FOF problem; prints the SZS status first, then the evidence."""
    from .atp import get_prover
    from .files import read_text
    from .fol import to_tptp
    from .readers.tptp import read_tptp
    from .fol import has_functions
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


# ---------------------------------------------------------------------- eval

@main.command("eval")
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
    from .atp import get_prover
    from .corpus import read_corpus
    from .evaluate import compare_table, run_eval, run_metadata, summarize, write_outputs
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
            from .plots import FORMATS, write_comparison_figure
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
        from .distributed import ray_installed
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
        from .files import output_folder
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
            from .report import write_report
            write_report(Path(out_dir))
    click.echo(json.dumps(summary, indent=2))
    sys.exit(EXIT_FINDINGS if summary["failed"] else EXIT_CLEAN)


@main.command()
@click.argument("out_dir", metavar="DIR")
@guarded
def report(out_dir):
    """Write a browsable HTML report of an `eval --out DIR` folder into DIR/report/."""
    from pathlib import Path
    from .report import write_report
    index = write_report(Path(out_dir))
    click.echo(f"wrote {index}")


# -------------------------------------------------------------- verify-chain

@main.command("verify-chain")
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
    from .atp import get_prover
    from .chains import Chain, chains_from_problems, mutated_chains, summarize_chains, verify_chain
    from .corpus import read_corpus
    from .files import read_text
    from .vocab import sentences
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


# -------------------------------------------------------------------- corpus

@main.group()
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
    from .files import write_atomic
    from .generator import generate as gen, generate_proofwriter, inject as inject_error
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

@main.command()
@click.option("--output-format", default="text", type=click.Choice(["text", "json"]))
def rules(output_format):
    """Every rule and diagnostic code, with its category and fix safety."""
    from .codes import CODES
    from .rules import BY_CODE
    if output_format == "json":
        click.echo(json.dumps([{"code": c.code, "category": c.category, "fix": c.fix,
                                "summary": c.summary,
                                "doc": BY_CODE[c.code].doc if c.code in BY_CODE else ""}
                               for c in CODES.values()], indent=2))
        return
    from .codes import NOTES
    for c in [*CODES.values(), *NOTES.values()]:
        click.echo(f"{c.code:5s} {c.category:17s} {c.fix:13s} {c.summary}")


@main.command()
@click.argument("code")
@guarded
def rule(code):
    """One rule's or code's documentation: what it finds, the better form, its fix safety."""
    from .codes import CODES, NOTES
    from .rules import BY_CODE
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


if __name__ == "__main__":
    main()
