"""What a reader is: a language name and `read(text, path) -> Program`."""
from __future__ import annotations

from ..program import Program
from ..vocab import Vocabulary


class Reader:
    """Reads one input language. `vocab_hint` is the problem's vocabulary, when the
    problem text is known (it helps to translate English lines found in programs)."""

    lang = "?"

    def __init__(self, vocab_hint: Vocabulary | None = None):
        self.vocab_hint = vocab_hint

    def read(self, text: str, path: str = "<program>") -> Program:
        raise NotImplementedError
