"""Readers, one module per input language, and the detection of a program's language.

To add a language: write a reader with `lang` and `read(text, path) -> Program`
(see `pyke.py` for a line-based format), and register it in `READERS` and `detect`.
"""
from __future__ import annotations

import re

from ..errors import SedacError
from ..program import Program

LANGS = ("prolog", "pyke", "fol", "tptp")


def detect(text: str) -> str:
    """The language of a program, from what it contains."""
    if re.search(r"^\s*(fof|cnf|tff)\s*\(", text, re.M):
        return "tptp"
    if ">>>" in text or re.search(r"^\s*(Facts|Rules|Query)\s*:", text, re.M | re.I) \
            or re.search(r"\(\s*\$\w+\s*,\s*(True|False)\s*\)", text):
        return "pyke"
    if re.search(r"[∀∃→¬∧∨⊕↔]", text) or \
            re.search(r"^\s*(Premises|Conclusion|Predicates)\s*:", text, re.M | re.I):
        return "fol"
    return "prolog"


def reader_for(lang: str, vocab_hint=None):
    from .foltext import FolReader
    from .prolog import PrologReader
    from .pyke import PykeReader
    from .tptp_program import TptpProgramReader
    readers = {"prolog": PrologReader, "pyke": PykeReader, "fol": FolReader,
               "tptp": TptpProgramReader}
    if lang not in readers:
        raise SedacError(f"unknown language {lang!r} (known: {', '.join(LANGS)}, auto)")
    return readers[lang](vocab_hint)


def read_program(text: str, path: str = "<program>", lang: str = "auto",
                 vocab_hint=None) -> Program:
    """Read a program of any supported language into a `Program`."""
    if lang == "auto":
        lang = detect(text)
    return reader_for(lang, vocab_hint).read(text, path)
