"""Settings from the nearest `sedac.toml` or `[tool.sedac]` in a pyproject.toml, as linters do.

Command-line flags win over the file. Known keys: select, ignore (lists of codes,
prefixes or categories), prover, mode, lang, output-format, unsafe-fixes.
"""
from __future__ import annotations

from pathlib import Path

from .errors import SedacError

KEYS = {"select": list, "ignore": list, "prover": str, "mode": str, "lang": str,
        "output-format": str, "unsafe-fixes": bool}


def find_config(start: Path) -> tuple[Path, bool] | None:
    """The nearest settings file from `start` (a file's folder) upwards, as ruff looks for
    its own: a `sedac.toml` (settings at top level), or a pyproject.toml that has a
    `[tool.sedac]` section (one without it is passed over). (path, is sedac.toml)."""
    start = start.resolve()
    if start.is_file():
        start = start.parent
    for folder in [start, *start.parents]:
        own = folder / "sedac.toml"
        if own.is_file():
            return own, True
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                if "[tool.sedac]" in candidate.read_text(encoding="utf-8"):
                    return candidate, False
            except (OSError, UnicodeDecodeError):
                continue
    return None


def load_config(start: Path | None = None) -> dict:
    """The settings that apply to files in `start` (default: the working directory)."""
    found = find_config(start or Path.cwd())
    if found is None:
        return {}
    path, own = found
    import tomllib       # (only when there is a settings file to read)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise SedacError(f"cannot read the settings: {e}", path=str(path)) from None
    section = data if own else data.get("tool", {}).get("sedac", {})
    where = "sedac.toml" if own else "[tool.sedac]"
    out = {}
    for key, value in section.items():
        kind = KEYS.get(key)
        if kind is None:
            raise SedacError(f"unknown setting `{key}` in {where} "
                             f"(known: {', '.join(KEYS)})", path=str(path))
        if not isinstance(value, kind):
            raise SedacError(f"`{key}` in {where} must be a {kind.__name__}", path=str(path))
        out[key] = value
    return out
