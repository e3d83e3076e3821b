"""The `sedac` command. It parses flags, calls the pure core and renders; nothing more.

This module is the program itself (`run`, the deep-stack thread, the exit codes, the
one-line errors) and the command group; each command lives in `sedac.commands`, one
module per group of commands, imported only when that command runs (`sedac check` does
not build the options of `eval`, say). The commands and the helpers they used to find
here are still importable from here (`from sedac.cli import check`)."""
from __future__ import annotations

import functools
import importlib
import os
import sys

import click

from . import __version__
from .errors import SedacError

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


# Each command: its module under `sedac.commands` and its function there.
COMMANDS = {
    "check": ("check", "check"),
    "ask": ("answers", "ask"), "nl2fol": ("answers", "nl2fol"), "prove": ("answers", "prove"),
    "eval": ("runs", "eval_cmd"), "report": ("runs", "report"),
    "verify-chain": ("runs", "verify_chain_cmd"),
    "corpus": ("catalog", "corpus"), "rules": ("catalog", "rules"), "rule": ("catalog", "rule"),
}


def _command(name: str):
    module, attr = COMMANDS[name]
    return getattr(importlib.import_module(f"{__package__}.commands.{module}"), attr)


class LazyGroup(click.Group):
    """A group whose commands are imported when they are asked for (to run, or for
    `--help`, which lists them all); the commands, names and help are those of the modules."""

    def list_commands(self, ctx):
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx, name):
        if name in self.commands:
            return self.commands[name]
        return _command(name) if name in COMMANDS else None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sedac")
def main():
    """sedac: find, name and fix the errors in logic programs written by LLMs."""


def _warn_unparsed(text_path: str, unparsed) -> None:
    """One warning line per sentence of the text the grammar did not understand."""
    for index, sent, line in unparsed:
        click.echo(f"{text_path}:{line}: warning: sentence {index} not understood, ignored: "
                   f"{sent!r}", err=True)


# What this module held before the commands had modules of their own: still found here.
_MOVED = {
    "check": "check", "_configured": "check", "_program_files": "check",
    "_export_tptp": "check", "_unified_diff": "check",
    "ask": "answers", "nl2fol": "answers", "prove": "answers",
    "eval_cmd": "runs", "report": "runs", "verify_chain_cmd": "runs",
    "corpus": "catalog", "generate": "catalog", "rules": "catalog", "rule": "catalog",
}


def __getattr__(name: str):
    if name in _MOVED:
        return getattr(importlib.import_module(f"{__package__}.commands.{_MOVED[name]}"), name)
    if name == "LANGS":
        from .readers import LANGS
        return LANGS
    if name == "json":
        import json
        return json
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    main()
