"""A per-user cache of files derived from sedac's own sources: an accelerator, nothing more.

What is cached is what every process would otherwise rebuild at start: the LALR tables of
the lark grammars, SWI-Prolog's compiled grammar (`.qlf`) and where libswipl lives. Every
entry's name carries a hash of everything it is derived from (the source text, the
library's version, the interpreter's), so a changed grammar or library is a new entry, never
a stale one; entries are written to a temporary file and renamed into place, so a reader
sees a whole entry or none. When the folder cannot be created, read or written, sedac builds
what it needs in memory: the result is the same, only slower.

The folder is `$SEDAC_CACHE_DIR` when set (empty, `0` or `off` turns the cache off), else
`$XDG_CACHE_HOME/sedac`, else `~/.cache/sedac`.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

OFF = ("", "0", "off", "none", "false")


def folder() -> Path | None:
    """The cache folder (not created here), or None when the cache is off."""
    env = os.environ.get("SEDAC_CACHE_DIR")
    if env is not None:
        return None if env.strip().lower() in OFF else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if base.startswith("~"):        # no home folder to expand
        return None
    return Path(base) / "sedac"


def sha256(data: bytes = b""):
    """A SHA-256 hash object (`hashlib.sha256`'s digests). The interpreter's own
    implementation when it has one: `hashlib` loads OpenSSL's libcrypto at import, which
    costs a small `sedac check` more (about 4%) than all the hashing it does."""
    try:
        from _sha256 import sha256 as make         # (Python 3.11)
    except ImportError:
        try:
            from _sha2 import sha256 as make       # (Python 3.12 on)
        except ImportError:
            from hashlib import sha256 as make
    return make(data)


def key(*parts: str | bytes) -> str:
    """A hash of `parts` and of the interpreter's version, for an entry's name."""
    h = sha256()
    for part in (sys.version, *parts):
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()[:32]


def entry(name: str) -> Path | None:
    """The path of entry `name` (it may not exist), or None when the cache is off."""
    where = folder()
    return None if where is None else where / name


def temporary(name: str) -> Path | None:
    """A fresh, empty file beside entry `name` to write the entry in (then `install` it),
    or None when the folder cannot be written."""
    import tempfile
    where = folder()
    if where is None:
        return None
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=where)
        os.close(fd)
        return Path(tmp)
    except OSError:
        return None


def install(tmp: Path, name: str) -> bool:
    """Rename the finished temporary file `tmp` to entry `name` (atomic); False if it failed.
    The temporary file is gone either way."""
    target = entry(name)
    try:
        if target is None or tmp.stat().st_size == 0:
            raise OSError("nothing to install")
        os.replace(tmp, target)
        return True
    except OSError:
        discard(tmp)
        return False


def discard(path: Path | None) -> None:
    if path is None:
        return
    try:
        path.unlink()
    except OSError:
        pass


def read_bytes(name: str) -> bytes | None:
    """Entry `name`'s bytes, or None when it is absent or unreadable."""
    path = entry(name)
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def write_bytes(name: str, data: bytes) -> bool:
    """Write entry `name` atomically; False (and nothing written) when it cannot be."""
    tmp = temporary(name)
    if tmp is None:
        return False
    try:
        with open(tmp, "wb") as f:
            f.write(data)
    except OSError:
        discard(tmp)
        return False
    return install(tmp, name)
