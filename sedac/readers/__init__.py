"""Readers, one module per input language, and the decision of which language a file is.

Each language has one module that both reads its format and writes it (the text of a
fix is printed beside the reader that reads it back). To add a language: write a
`Reader` subclass with `lang`, `read(text, path) -> Program`, `write(formula, kind,
gloss, program)` and `comment(text)` (see `pyke.py` for a line-based format), and
register it in `_READERS` below (plus its file extensions in `EXTENSIONS`, and its cheap
bound, if it has one, in `probes.BOUNDS`).

How the language of a file is decided:
- `--lang` (anything but `auto`) decides;
- else the file's extension: `EXTENSIONS` below; Markdown, JSON, Python and other
  document or source extensions are refused (`REFUSED`), never read or written;
- else (standard input, `.txt`, corpus records) the content, looking at code only: in a
  Markdown reply the fenced blocks, and everywhere lines with their comments removed.
A text in which no line is a clause or formula of any language is refused.
"""
from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import TYPE_CHECKING

from ..errors import SedacError
from .markdown import code_lines

if TYPE_CHECKING:    # the CLI imports LANGS from here; the readers load when a file is read
    from ..program import Program

LANGS = ("prolog", "pyke", "fol", "tptp", "linc", "prover9", "smtlib")

EXTENSIONS = {
    ".pl": "prolog", ".pro": "prolog", ".prolog": "prolog",
    ".p": "tptp", ".tptp": "tptp", ".fof": "tptp", ".ax": "tptp",
    ".pyke": "pyke", ".lp": "pyke",
    ".fol": "fol",
    ".p9": "prover9", ".prover9": "prover9", ".linc": "linc",
    ".smt2": "smtlib", ".smt": "smtlib", ".smtlib": "smtlib",
}
REFUSED = {
    ".json": "JSON data", ".jsonl": "JSON Lines data", ".py": "Python source",
    ".md": "a Markdown document", ".markdown": "a Markdown document", ".rst": "a reStructuredText document",
    ".html": "an HTML document", ".htm": "an HTML document", ".yaml": "YAML data", ".yml": "YAML data",
    ".toml": "TOML data", ".csv": "CSV data", ".ipynb": "a Jupyter notebook", ".cfg": "a configuration file",
    ".ini": "a configuration file", ".sh": "a shell script", ".js": "JavaScript source",
}

_GLOSS = re.compile(r":::.*$")
_PROLOG_LINE = re.compile(r"(:-|^\s*\?-|^\s*[a-z]\w*\s*(\(.*\))?\s*\.\s*$|\)\s*\.\s*$)")
_PYKE_LINE = re.compile(r">>>|\(\s*\$?\w+(\s*,\s*\$?\w+)*\s*,\s*(True|False)\s*\)")
_PYKE_HEADER = re.compile(r"^\s*(Facts|Rules)\s*:\s*$", re.I)
_FOL_LINE = re.compile(r"[∀∃→¬∧∨⊕↔]")
_FOL_HEADER = re.compile(r"^\s*(Premises|Conclusion)\s*:\s*$", re.I)
_TPTP_LINE = re.compile(r"^\s*(fof|cnf|tff)\s*\(")
_LINC_LINE = re.compile(r"^\s*FOL\s*:")
_PROVER9_LINE = re.compile(r"^\s*(formulas\s*\(\s*\w+\s*\)|end_of_list)\s*\.")
_SMTLIB_LINE = re.compile(r"^\s*\(\s*(assert|check-sat|declare-(fun|const|sort|datatypes?)|define-fun|"
                          r"set-(logic|option|info)|push|pop|get-model)[\s()]")
_PYTHON_LINE = re.compile(r"^\s*(def \w+\(.*\)\s*:|class \w+.*:|import \w+|from [\w.]+ import |if __name__)")


def _without_comments(lines: list[str]) -> list[str]:
    out = []
    in_block = False
    for line in lines:
        if in_block:
            end = line.find("*/")
            if end == -1:
                continue
            line, in_block = line[end + 2:], False
        start = line.find("/*")
        if start != -1:
            end = line.find("*/", start + 2)
            if end == -1:
                line, in_block = line[:start], True
            else:
                line = line[:start] + line[end + 2:]
        s = line.strip()
        if s.startswith(("%", "//")) or (s.startswith("#") and not re.match(r"#+\s*\w+\s*:", s)):
            continue
        out.append(re.sub(r"\s%.*$", "", line))
    return out


def scores(text: str) -> dict[str, int]:
    """How many code lines look like each language (comments and Markdown prose aside)."""
    lines = _without_comments(code_lines(text))
    out = dict.fromkeys(LANGS, 0)
    for line in lines:
        s = line.strip()
        if not s:
            continue
        if _TPTP_LINE.match(s):
            out["tptp"] += 3
        if _LINC_LINE.match(s):
            out["linc"] += 3
            continue
        if _PROVER9_LINE.match(s):
            out["prover9"] += 5
            continue
        if _SMTLIB_LINE.match(s):
            out["smtlib"] += 3
            continue
        if _PYKE_LINE.search(s) or _PYKE_HEADER.match(s):
            out["pyke"] += 1
        if _FOL_LINE.search(s) or _FOL_HEADER.match(s) or _formula_hint().search(s):
            out["fol"] += 1     # (ASCII `forall x (A(x) -> B(x))` and LaTeX too)
        if _PROLOG_LINE.search(_GLOSS.sub("", s)) and not _PYKE_LINE.search(s) \
                and not _FOL_LINE.search(s):
            out["prolog"] += 1
    return out


def _unwrapped(text: str) -> str | None:
    """`text` with its JSON documents unwrapped (`sedac.reply_json`), None when it has none."""
    from ..reply_json import unwrap
    found = unwrap(text)
    return None if found is None else found.text


def _formula_hint():
    from ..notations import FORMULA_HINT
    return FORMULA_HINT


def detect(text: str) -> str:
    """The language of a program, from its code (Prolog when nothing else is likelier)."""
    found = scores(text)
    best = max(LANGS, key=lambda lang: (found[lang], lang == "prolog"))
    return best if found[best] else "prolog"


def not_a_program(text: str, lang: str | None = None) -> str | None:
    """Why a text is no logic program at all (JSON, prose, Python), or None."""
    s = text.strip()
    if not s:
        return None   # an empty program is a program (it says nothing)
    if s[0] in "{[":
        try:
            json.loads(s)
        except ValueError:
            pass
        else:
            text = _unwrapped(text)    # formulas in a JSON document's strings are a program
            if text is None:
                return "JSON data, not a logic program"
    if "```" in text and "py" in text or "z3" in text:
        text = _unwrapped(text) or text     # (a script's strings of formulas are a program)
    found = scores(text)
    if lang in found:
        count = found[lang]
    else:
        count = max(found.values())
    python = sum(1 for line in code_lines(text) if _PYTHON_LINE.match(line))
    if python and python >= count:
        return "Python source, not a logic program"
    if count == 0:
        other = max(LANGS, key=lambda x: found[x])
        if lang is not None and found[other]:
            return f"no line of it is {lang}; it looks like {other} (give --lang {other})"
        what = "a" if lang is None else f"a {lang}"
        return f"no line of it is {what} clause or formula: prose, not a logic program"
    return None


SAMPLE_LINES = 200     # the language is chosen on the first lines of a file, not all of it


def _sample(text: str) -> str:
    cut = 0
    for _ in range(SAMPLE_LINES):
        nl = text.find("\n", cut)
        if nl == -1:
            cut = len(text)
            break
        cut = nl + 1
    return text[:cut]


def coverages(text: str) -> dict[str, int]:
    """How much of the logic of (a sample of) `text` each reader reads."""
    sample = _sample(text)
    return {lang: reader.coverage(sample) for lang, reader in
            ((lang, cls(None)) for lang, cls in _readers().items())}


def _coverages_needed(text: str, ext_lang: str | None, made: dict | None = None) -> dict[str, int]:
    """The coverages of the readers that can decide `read_as`, the others left out.

    `read_as` keeps the extension's language unless another reader reads more than twice
    as much (`found[best] > 2 * found[ext]`), and says None only when every reader reads
    nothing. So once the extension's reader has read its `c`, a reader whose
    `coverage_bound` is at most `2 * c` can neither be chosen nor make another be (a reader
    that reads more than `2 * c` beats it on coverage alone); with `c == 0`, or without an
    extension, a reader whose bound is 0 reads nothing, and without an extension a reader
    whose bound is below a coverage already found cannot be the most read either, nor one
    whose bound equals the most found when `read_as`'s order puts it below the reader that
    found it even at the same coverage (the order is total: what it puts below one reader
    it puts below the best of all). The choice over the readers kept is then the choice
    over all of them. `made` (a dict) gets the readers that read, by language
    (`read_program` may keep their reading)."""
    from .probes import bound as bound_of
    sample = _sample(text)
    # (a JSON document's strings are read side by side, several to a line: no bound holds)
    json_reply = _unwrapped(sample) is not None
    made = {} if made is None else made
    found: dict[str, int] = {}
    if ext_lang in _READERS:
        made[ext_lang] = _reader_class(ext_lang)(None)
        found[ext_lang] = made[ext_lang].coverage(sample)
    bounded = []
    hint = None          # (`_hint`, computed when a tie with a reading needs it)
    for lang in _READERS:    # (the bounds import no reader: only the readers that read do)
        if lang in found:
            continue
        bound = None if json_reply else bound_of(lang, sample)
        if bound is None:
            made[lang] = _reader_class(lang)(None)
            found[lang] = made[lang].coverage(sample)
        else:
            bounded.append((bound, lang))
    for bound, lang in sorted(bounded, key=lambda b: -b[0]):
        if ext_lang in _READERS:
            floor = 2 * found[ext_lang]
            if bound <= floor:
                continue
        elif bound == 0 or (found and bound < max(found.values())):
            continue
        elif found and bound == max(found.values()):
            if hint is None:
                hint = _hint(text)
            leader = max(found, key=lambda x: _rank(x, found[x], None, hint))
            if _rank(lang, bound, None, hint) < _rank(leader, found[leader], None, hint):
                continue
        made[lang] = _reader_class(lang)(None)
        found[lang] = made[lang].coverage(sample)
    return found


def read_as(text: str, ext_lang: str | None, exhaustive: bool = False,
            made: dict | None = None) -> tuple[str | None, str]:
    """The language whose reader reads the most of `text` (None when none reads any), and a
    note when that is not the extension's. The extension is a strong prior: it keeps a file
    unless another reader reads more than twice as much of it. Only the readers that can
    change the answer read the text (`_coverages_needed`); `exhaustive` runs every one (the
    answer is the same: `benchmarks/detect_same.py` and `tests/test_detect_same.py`)."""
    found = coverages(text) if exhaustive else _coverages_needed(text, ext_lang, made)
    hint = _hint(text) if len(found) > 1 else {}
    best = max(found, key=lambda x: _rank(x, found[x], ext_lang, hint))
    if found[best] == 0:
        return None, ""
    if ext_lang is None or best == ext_lang:
        return best, ""
    if found[best] > 2 * found.get(ext_lang, 0) and found[best] >= 2:
        return best, (f"read as {best}, not {ext_lang} as the extension says: the {best} reader "
                      f"reads {found[best]} of its statements, the {ext_lang} reader "
                      f"{found.get(ext_lang, 0)}")
    return ext_lang, ""


_ORDER = {lang: i for i, lang in enumerate(LANGS)}


def _hint(text: str) -> dict[str, int]:
    """What breaks a tie of coverages: how many code lines look like each language."""
    return scores(_unwrapped(text) or text)


def _rank(lang: str, coverage: int, ext_lang: str | None, hint: dict[str, int]) -> tuple:
    """Where `read_as` puts a reader that reads `coverage`: the most read first, then the
    extension's language, then the one whose lines look most like it, then `LANGS`' order."""
    return coverage, lang == ext_lang, hint.get(lang, 0), -_ORDER.get(lang, 99)


def language_of(text: str, path: str = "<program>", lang: str = "auto",
                strict: bool = True) -> str:
    """The language to read `text` in; with `strict`, a `SedacError` for what is no program."""
    return _language(text, path, lang, strict)[0]


def _language(text: str, path: str, lang: str, strict: bool,
              made: dict | None = None) -> tuple[str, str]:
    ext = PurePath(path).suffix.lower() if path not in ("-", "<program>", "<stdin>") else ""
    note = ""
    if lang == "auto":
        if ext in REFUSED and strict:
            raise SedacError(f"{REFUSED[ext]} (by its extension), not a logic program; "
                             "give --lang to read it anyway", path=path)
        why = not_a_program(text) if strict else None
        if why and why.startswith(("JSON", "Python")):
            raise SedacError(why, path=path)
        read, note = read_as(text, EXTENSIONS.get(ext)) if made is None else \
            read_as(text, EXTENSIONS.get(ext), made=made)
        lang = read or EXTENSIONS.get(ext) or detect(text)
        if read is not None:
            strict = False           # a reader reads it: it is a program
    if lang not in LANGS:
        raise SedacError(f"unknown language {lang!r} (known: {', '.join(LANGS)}, auto)")
    if strict:
        why = not_a_program(text, lang)
        if why:
            raise SedacError(why, path=path)
    return lang, note


# Each language's reader: its module (imported when a file is read in it, not before) and
# class; its cheap bound for the language decision is in `probes`.
_READERS = {
    "prolog": ("prolog", "PrologReader"), "pyke": ("pyke", "PykeReader"),
    "fol": ("foltext", "FolReader"), "tptp": ("tptp_program", "TptpProgramReader"),
    "linc": ("prover9", "LincReader"), "prover9": ("prover9", "Prover9Reader"),
    "smtlib": ("smtlib", "SmtlibReader"),
}


def _reader_class(lang: str):
    import importlib
    module, name = _READERS[lang]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def _readers():
    return {lang: _reader_class(lang) for lang in _READERS}


def reader_for(lang: str, vocab_hint=None):
    if lang not in _READERS:
        raise SedacError(f"unknown language {lang!r} (known: {', '.join(LANGS)}, auto)")
    return _reader_class(lang)(vocab_hint)


def read_with(reader, text: str, path: str, prog: Program | None = None) -> Program:
    """`reader.read` (or `prog`, what it read), then what every reader shares: the glosses
    written apart from their clauses (`sedac.glosses`) and a question named only in prose
    (`sedac.asked`)."""
    from ..asked import read_asked
    from ..glosses import attach
    if prog is None:
        prog = reader.read(text, path)
    attach(prog)
    read_asked(prog, reader)
    return prog


def read_program(text: str, path: str = "<program>", lang: str = "auto",
                 vocab_hint=None, strict: bool = False) -> Program:
    """Read a program of any supported language into a `Program`. With `strict` (what
    `check` and `ask` use on users' files), a text that is no program is refused."""
    made: dict = {}
    lang, note = _language(text, path, lang, strict, made)
    # the reader that chose the language may have read the whole text already (`reread`)
    reader = made.get(lang)
    prog = reader.reread(text, path, vocab_hint) if reader is not None else None
    if prog is None:
        reader = reader_for(lang, vocab_hint)
    prog = read_with(reader, text, path, prog)
    if note:
        from ..program import Diagnostic
        prog.diagnostics.insert(0, Diagnostic("C007", "communication", note,
                                              prog.index.span(0, 0), fix=None))
    return prog
