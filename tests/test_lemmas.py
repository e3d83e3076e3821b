"""The lemma table kept in the user's cache in buckets (`sedac.align.lemmas`) gives every
word the lemma the JSON table gives it, and a damaged, cut or foreign entry is passed over."""
from __future__ import annotations

import pytest

from sedac.align import lemmas


@pytest.fixture
def table():
    path = lemmas._table_path()
    if path is None:
        pytest.skip("spacy-lookups-data is not installed")
    return lemmas._read_json(path)


def test_buckets_give_every_word_the_tables_lemma(table, tmp_path, monkeypatch):
    monkeypatch.setenv("SEDAC_CACHE_DIR", str(tmp_path))
    first = lemmas.load()                      # reads the JSON, writes the entry
    assert first._table is not None and list(tmp_path.glob("lemmas-*.bin"))
    kept = lemmas.load()                       # reads the entry
    assert kept._table is None
    assert len(kept) == len(table)
    assert all(kept.get(w) == v for w, v in table.items())
    for w in ("", "x", "zzzzqq", "wumpuses", "Shows"):
        assert kept.get(w) == table.get(w)


def test_damaged_entries_are_passed_over(table, tmp_path, monkeypatch):
    monkeypatch.setenv("SEDAC_CACHE_DIR", str(tmp_path))
    lemmas.load()
    entry = next(tmp_path.glob("lemmas-*.bin"))
    good = entry.read_bytes()
    words = ["shows", "mice", "talent", "children", "went"]
    # cut short, a byte of the index flipped, a byte of a bucket flipped, garbage, nothing
    mid = len(good) - 100
    for bad in (good[: len(good) // 2], good[:40] + bytes([good[40] ^ 1]) + good[41:],
                good[:mid] + bytes([good[mid] ^ 1]) + good[mid + 1:], b"garbage", b""):
        entry.write_bytes(bad)
        got = lemmas.load()
        assert [got.get(w) for w in words] == [table.get(w) for w in words]
        assert all(got.get(w) == v for w, v in table.items())


def test_without_a_cache_the_json_is_read(table, monkeypatch):
    monkeypatch.setenv("SEDAC_CACHE_DIR", "off")
    got = lemmas.load()
    assert got._table is not None and got.get("shows") == table.get("shows")
