"""sedac: a linter for logic programs written by large language models.

    >>> import sedac
    >>> report = sedac.check("cats(tom).\n?- cat(tom).\n")
    >>> [d.code for d in report.diagnostics]
    ['R6']
"""
__version__ = "0.1.0"

__all__ = ["__version__", "ask", "check"]


def __getattr__(name: str):
    # `ask` and `check` load the engine, the readers and the provers on first use, not when
    # `sedac` is imported: `sedac --version` and `--help` need none of it.
    if name in ("ask", "check"):
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'sedac' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {"ask", "check"})
