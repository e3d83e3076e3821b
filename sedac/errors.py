"""Errors that end a command with exit code 2 and a one-line message."""
from __future__ import annotations


class SedacError(Exception):
    """Bad input or an unusable setting: reported as `path:line: reason`, exit 2."""

    def __init__(self, reason: str, path: str | None = None, line: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        return f"{where}: {self.reason}" if where else self.reason


class ProverError(SedacError):
    """A prover is missing, crashed, or two provers disagreed."""
