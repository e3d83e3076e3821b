"""Settings from `[tool.sedac]` in the nearest pyproject.toml, as linters do.

Command-line flags win over the file. Known keys: select, ignore (lists of codes,
prefixes or categories), prover, mode, lang, output-format, unsafe-fixes.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from .errors import SedacError

KEYS = {"select": list, "ignore": list, "prover": str, "mode": str, "lang": str,
        "output-format": str, "unsafe-fixes": bool}


def find_pyproject(start: Path) -> Path | None:
    start = start.resolve()
    for folder in [start, *start.parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_config(start: Path | None = None) -> dict:
    path = find_pyproject(start or Path.cwd())
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise SedacError(f"cannot read [tool.sedac]: {e}", path=str(path)) from None
    section = data.get("tool", {}).get("sedac", {})
    out = {}
    for key, value in section.items():
        kind = KEYS.get(key)
        if kind is None:
            raise SedacError(f"unknown setting `{key}` in [tool.sedac] "
                             f"(known: {', '.join(KEYS)})", path=str(path))
        if not isinstance(value, kind):
            raise SedacError(f"`{key}` in [tool.sedac] must be a {kind.__name__}", path=str(path))
        out[key] = value
    return out
