"""`sedac check`: read programs, check them (with a problem text: full SEDAC), render the
diagnostics, and write or show the fixes."""
from __future__ import annotations

import os
import sys

import click

from ..cli import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, _emit, _warn_unparsed, guarded
from ..errors import SedacError
from ..readers import LANGS


def _configured(ctx, config: dict, name: str, value, setting: str):
    """A flag's value: the command line's if given there, else [tool.sedac]'s, else the default."""
    from click.core import ParameterSource
    if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE or setting not in config:
        return value
    found = config[setting]
    return ",".join(found) if isinstance(found, list) else found


@click.command()
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
    from ..atp import get_prover
    from ..codes import known_selector, matches
    from ..engine import analyse, misreading
    from ..files import read_text, same_file, write_atomic
    from ..readers import read_program
    from ..render import render
    from ..truth import truth_from_text, truth_from_tptp

    from pathlib import Path
    from ..config import load_config
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
        from ..gold import truth_from_file
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



def _program_files(paths, exclude, nl_dir: str | None, paired: bool) -> list[tuple[str, str | None]]:
    """(program, its problem text or None) for every argument; a folder is searched for
    programs (by extension, `--exclude` patterns skipped), each paired with `x.txt` beside it;
    `--nl-dir DIR` pairs every program `x.*` with `DIR/x.txt`. Pairing applies only without
    `--nl`/`--truth`, which give every program the same text."""
    import fnmatch
    from pathlib import Path
    from ..readers import EXTENSIONS

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
    from ..files import write_atomic
    from ..fol import tptp_problem
    from ..files import output_folder
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
