"""spaCy's English lemma lookup table (`spacy-lookups-data`), read directly: importing spaCy
itself costs seconds and the table is all the lookup lemmatizer uses.

The table is a gzipped JSON object of some 40,000 words; reading it whole costs 0.15 s, far
more than the few dozen words a process asks about. So it is kept in the user's cache
(`sedac.cache`) in buckets by the words' first two letters, each a `marshal` blob read only
when a word of it is asked (and checked against its own seal then): a process then reads one file and decodes the buckets it needs.
The entry is named by the table file's path, size and time (a new table is a new entry),
and is used only when its index has the SHA-256 recorded in its header; anything else (no
cache, a damaged entry) reads the JSON, as always. Either way a word's lemma is the same.
"""
from __future__ import annotations

import os

MAGIC = b"sedac-lemmas 1 "


def _table_path() -> str | None:
    """The table's file, found without importing its package (whose import reads more)."""
    import importlib.util
    try:
        spec = importlib.util.find_spec("spacy_lookups_data")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.join(list(spec.submodule_search_locations)[0], "data", "en_lemma_lookup.json.gz")


def _read_json(path: str) -> dict:
    try:
        import gzip
        import json
        with open(path, "rb") as fh:
            table = json.loads(gzip.decompress(fh.read()))
        return table if isinstance(table, dict) else {}
    except (OSError, ValueError, EOFError):
        return {}


def _bucket(word: str) -> str:
    return word[:2]


class Lemmas:
    """`get(word)`: the table's lemma of `word`, or None; reads what it needs when asked."""

    def __init__(self, table: dict | None = None, data: bytes = b"", index: dict | None = None):
        self._table = table            # the whole table (read from the JSON), or
        self._data = data              # an entry's buckets, by `index`: bucket -> (offset,
        self._index = index or {}      # length, SHA-256 of its bytes)
        self._open: dict = {}

    def get(self, word: str):
        if self._table is not None:
            return self._table.get(word)
        b = _bucket(word)
        hit = self._open.get(b)
        if hit is None:
            hit = self._open[b] = self._read(b)
        return hit.get(word)

    def _read(self, b: str) -> dict:
        """Bucket `b`, checked against its seal; a damaged one is the JSON's (all of it)."""
        import hashlib
        import marshal
        where = self._index.get(b)
        if where is None:
            return {}
        offset, length, sealed = where
        blob = self._data[offset:offset + length]
        try:
            if hashlib.sha256(blob).hexdigest() == sealed:
                found = marshal.loads(blob)
                if isinstance(found, dict):
                    return found
        except (ValueError, EOFError, TypeError):
            pass
        path = _table_path()                 # (damaged since it was opened: the source)
        self._table = _read_json(path) if path else {}
        return {w: v for w, v in self._table.items() if _bucket(w) == b}

    def __len__(self) -> int:
        if self._table is not None:
            return len(self._table)
        return sum(len(self._read(b)) for b in self._index)


def _entry_name(path: str) -> str | None:
    from .. import cache
    try:
        st = os.stat(path)
    except OSError:
        return None
    return f"lemmas-{cache.key(MAGIC, os.path.realpath(path), str(st.st_size), str(st.st_mtime_ns))}.bin"


def _encode(table: dict) -> bytes:
    """MAGIC, the index's SHA-256 and length, the index (bucket -> offset, length and
    SHA-256 of its blob), the blobs."""
    import hashlib
    import marshal
    groups: dict = {}
    for w, lemma in table.items():
        if isinstance(w, str) and isinstance(lemma, str):
            groups.setdefault(_bucket(w), {})[w] = lemma
    index, blobs, offset = {}, [], 0
    for b, d in groups.items():
        blob = marshal.dumps(d)
        index[b] = (offset, len(blob), hashlib.sha256(blob).hexdigest())
        blobs.append(blob)
        offset += len(blob)
    head = marshal.dumps(index)
    return (MAGIC + hashlib.sha256(head).hexdigest().encode("ascii") + b" "
            + str(len(head)).encode("ascii") + b"\n" + head + b"".join(blobs))


def _decode(data: bytes) -> Lemmas | None:
    """The table of an entry, or None when its index is not whole and sealed (each bucket
    is checked against its own seal when it is read)."""
    import hashlib
    import marshal
    if not data.startswith(MAGIC):
        return None
    line, sep, rest = data[len(MAGIC):].partition(b"\n")
    try:
        sealed, size = line.decode("ascii").split(" ")
        size = int(size)
        head = rest[:size]
        if not sep or len(head) != size or hashlib.sha256(head).hexdigest() != sealed:
            return None
        index = marshal.loads(head)
    except (ValueError, EOFError, TypeError, UnicodeDecodeError):
        return None
    body = memoryview(rest)[size:]
    if not (isinstance(index, dict) and all(
            isinstance(k, str) and isinstance(v, tuple) and len(v) == 3
            and type(v[0]) is int and type(v[1]) is int and isinstance(v[2], str)
            and 0 <= v[0] and v[0] + v[1] <= len(body) for k, v in index.items())):
        return None
    return Lemmas(data=body, index=index)


def load() -> Lemmas:
    """The table: from the cache's entry when there is a good one, else from the JSON (and
    the entry written for the next process)."""
    from .. import cache
    path = _table_path()
    if path is None:
        return Lemmas({})
    name = _entry_name(path) if cache.folder() is not None else None
    if name is not None:
        data = cache.read_bytes(name)
        found = _decode(data) if data is not None else None
        if found is not None:
            return found
    table = _read_json(path)
    if name is not None and table:
        cache.write_bytes(name, _encode(table))
    return Lemmas(table)
