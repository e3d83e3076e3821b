"""Reading user files safely and writing them atomically."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import SedacError

MAX_BYTES = 64 * 1024 * 1024


def read_text(path: str, what: str = "file") -> str:
    """A UTF-8 text file, or a `SedacError` that says exactly what is wrong with it."""
    if path == "-":
        import sys
        data = sys.stdin.buffer.read()
    else:
        p = Path(path)
        try:
            if p.is_dir():
                raise SedacError(f"is a directory, not a {what}", path=path)
            size = p.stat().st_size
            if size > MAX_BYTES:
                raise SedacError(f"{what} is {size / 2**20:.0f} MiB, over the "
                                 f"{MAX_BYTES // 2**20} MiB limit", path=path)
            data = p.read_bytes()
        except FileNotFoundError:
            raise SedacError("no such file", path=path) from None
        except PermissionError:
            raise SedacError("permission denied", path=path) from None
        except OSError as e:
            raise SedacError(e.strerror or str(e), path=path) from None
    nul = data.find(b"\x00")
    if nul != -1:
        raise SedacError(f"binary data (a NUL byte), not a text {what}", path=path,
                         line=data[:nul].count(b"\n") + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise SedacError(f"not UTF-8 text (invalid byte 0x{data[e.start]:02x})", path=path,
                         line=line) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def write_atomic(path: str, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old file or the new one, never half.

    The new content goes to a temporary file in the same folder, is flushed to
    disk, takes the old file's permissions, and replaces it in one rename.
    """
    # A symbolic link is the user's way of naming its target: the target is fixed, the
    # link stays a link.
    target = Path(os.path.realpath(path))
    folder = target.parent if str(target.parent) else Path(".")
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o644
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".sedac-tmp", dir=folder)
    except OSError as e:
        raise SedacError(f"cannot write here: {e.strerror or e}", path=path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def output_folder(path: str, what: str = "output folder") -> Path:
    """A folder to write into, made if missing; a clear error when it is a file."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise SedacError(f"is a file, not a folder; the {what} must be a folder", path=path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SedacError(f"cannot make the {what}: {e.strerror or e}", path=path) from None
    return folder


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (through links and relative paths)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)
