"""Compiled regular expressions kept from one `sedac` process to the next (the CLI only).

Python compiles a regular expression in Python code (`re._parser`, `re._compiler`): the
few hundred patterns sedac's modules, lark's lexers and the libraries compile at start cost
about a fifth of a check of one small file, every time. What that compilation produces is
plain data: the pattern's flags, its `_sre` code (a list of integers), its group count
and names, which `_sre.compile` turns into the pattern object in microseconds. `install`
keeps that data in the user's cache (`sedac.cache`) and has `re` build the patterns it has
seen before from it; a pattern not seen yet is compiled as always, and its data kept at
the end of the run (`save`).

The result is the same pattern object (`==` compares its flags, pattern and code): the
entry is named by the interpreter's version and `_sre`'s magic number and code size, and
sealed with the SHA-256 of its contents; a damaged, foreign or unreadable entry is
ignored, and anything unexpected falls back to `re`'s own compilation. The Python API
(`import sedac`) does not install it: it changes `re` for the whole process.
"""
from __future__ import annotations

import sys

import _sre

MAGIC = b"sedac-re 1\n"
MAX_PATTERNS = 4000       # more (patterns built from the files read): keep this run's only
MAX_PATTERN_CHARS = 20_000

_table: dict = {}         # (type, pattern, flags) -> (flags, code, groups, groupindex, indexgroup)
_used: set = set()        # the keys this run compiled
_new = False
_original = None
_name = None


def _entry_name() -> str:
    from . import cache
    return f"re-{cache.key(str(_sre.MAGIC), str(_sre.CODESIZE), str(sys.maxunicode))}.marshal"


def _parts(p, flags: int):
    """What `re._compiler.compile(p, flags)` hands `_sre.compile`, for a pattern string."""
    from re import _compiler, _parser
    parsed = _parser.parse(p, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]   # (opcodes are int subclasses)
    groupindex = parsed.state.groupdict
    indexgroup = [None] * parsed.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    return (int(flags | parsed.state.flags), code, parsed.state.groups - 1, dict(groupindex),
            tuple(indexgroup))


def _compile(p, flags=0):
    global _new
    if isinstance(p, (str, bytes)) and type(flags) is int and not flags & 128 \
            and len(p) <= MAX_PATTERN_CHARS:           # (128: re.DEBUG prints; not kept)
        key = (type(p).__name__, p, flags)
        parts = _table.get(key)
        try:
            if parts is None:
                parts = _parts(p, flags)
                made = _sre.compile(p, *parts)
                _table[key] = parts
                _new = True
            else:
                made = _sre.compile(p, *parts)
            _used.add(key)
            return made
        except Exception:       # (an invalid pattern raises as `re` says, from its own code)
            _table.pop(key, None)
    return _original(p, flags)


def install() -> None:
    """Have `re` build the patterns of earlier runs from the cache, from now on."""
    global _original, _name
    if _original is not None:
        return
    import hashlib
    import marshal
    import re._compiler as compiler
    from . import cache
    try:
        _name = _entry_name()
    except Exception:
        return
    data = cache.read_bytes(_name)
    if data and data.startswith(MAGIC):
        seal, payload = data[len(MAGIC):len(MAGIC) + 64], data[len(MAGIC) + 64:]
        if hashlib.sha256(payload).hexdigest().encode("ascii") == seal:
            try:
                table = marshal.loads(payload)
                if isinstance(table, dict):
                    _table.update(table)
            except (ValueError, EOFError, TypeError):
                pass
    _original = compiler.compile
    compiler.compile = _compile


def save() -> None:
    """Keep the data of the patterns this run compiled first (nothing when there were none)."""
    if _original is None or not _new or _name is None:
        return
    import hashlib
    import marshal
    from . import cache
    table = _table if len(_table) <= MAX_PATTERNS else {k: _table[k] for k in _used}
    try:
        payload = marshal.dumps(table)
    except ValueError:
        return
    cache.write_bytes(_name, MAGIC + hashlib.sha256(payload).hexdigest().encode("ascii") + payload)
