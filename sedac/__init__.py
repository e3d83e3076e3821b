"""sedac: a linter for logic programs written by large language models.

    >>> import sedac
    >>> report = sedac.check("cats(tom).\n?- cat(tom).\n")
    >>> [d.code for d in report.diagnostics]
    ['R6']
"""
__version__ = "0.1.0"

from .api import ask, check  # noqa: E402

__all__ = ["__version__", "ask", "check"]
