"""SWI-Prolog at start-up: the grammar needs no library compiled from source, and the DCG's
answers kept across processes (`sedac.swipl.remembered`) never change a result: a damaged,
stale or foreign entry is passed over, a folder that cannot be written is no error."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROGRAM = "cat(tom).\nanimal(X) :- cat(X).\nblue(X) :- animal(X).\n?- blue(tom).\n"
# PrOntoQA and ProofWriter shapes, a sentence the grammar does not know, and a question
TEXT = ("Tom is a cat. Every cat is an animal. Animals are not blue. The bear is big. "
        "If someone is big and red then they are nice. Red, big things are kind. "
        "Tom likes the colour of tuesday. True or false: Tom is blue.\n")

PROBE = r"""
import json, sys
import sedac.cli as cli
try:
    cli.main(json.loads(sys.argv[1]), prog_name="sedac", standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def _env(cache) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    env["SEDAC_CACHE_DIR"] = "off" if cache is None else str(cache)
    return env


def sedac(*args, cwd: Path, cache):
    r = subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], cwd=cwd,
                       env=_env(cache), capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


def modules(args, cwd: Path, cache) -> set[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], cwd=cwd, env=_env(cache),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return set(json.loads(r.stdout.strip().splitlines()[-1]))


def _files(tmp_path):
    (tmp_path / "p.pl").write_text(PROGRAM)
    (tmp_path / "p.txt").write_text(TEXT)


ARGS = ["check", "p.pl", "--nl", "p.txt", "--output-format", "json"]


def test_parsing_a_text_loads_no_library_from_source(tmp_path):
    """An autoloaded library predicate (member/2 of library(lists), say) is compiled from its
    source by every process that first calls it; the grammar calls none."""
    code = r"""
import sys
from sedac.nl import nl_to_fof
from sedac import swipl
gt = nl_to_fof(sys.argv[1])
assert [s.formula is not None for s in gt.sentences].count(True) >= 5, gt
got = swipl.run("absolute_file_name(swi(library), D, [file_type(directory)]), "
                "findall(F, (source_file(F), sub_atom(F, 0, _, _, D)), Fs)")
print(len(got["Fs"]), [str(f) for f in got["Fs"]])
"""
    r = subprocess.run([sys.executable, "-c", code, TEXT], cwd=tmp_path, env=_env(None),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == "0", r.stdout


def test_closed_world_answers_load_no_library_from_source(tmp_path):
    """The closed-world engine (tabled, with the well-founded semantics' third value) calls
    no autoloaded library predicate either: its first question in a process costs no
    compilation of library(lists) or library(wfs)."""
    code = r"""
from sedac.closed_world import ask_closed
from sedac.fol import Atom, Const, Forall, Implies, Not, Var
from sedac import swipl
X, tom = Var("X"), Const("tom")
axioms = [Atom("cat", (tom,)), Forall((X,), Implies(Atom("cat", (X,)), Atom("animal", (X,)))),
          Forall((X,), Implies(Not(Atom("odd", (X,))), Atom("odd", (X,))))]
answers = [ask_closed(axioms, q) for q in (Atom("animal", (tom,)), Not(Atom("animal", (tom,))),
                                           Atom("odd", (tom,)))]
got = swipl.run("absolute_file_name(swi(library), D, [file_type(directory)]), "
                "findall(F, (source_file(F), sub_atom(F, 0, _, _, D)), Fs)")
print(len(got["Fs"]), answers, [str(f) for f in got["Fs"]])
"""
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_env(None),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == "0", r.stdout
    assert "['True', 'False', 'Undefined']" in r.stdout, r.stdout


def test_a_text_parsed_before_starts_no_prolog_and_gives_the_same_output(tmp_path):
    _files(tmp_path)
    cache = tmp_path / "cache"
    want = sedac(*ARGS, cwd=tmp_path, cache=None)
    assert want[0] in (0, 1), want[2]
    # (a program with a question to a text with one also has closed-world answers)
    (tmp_path / "s.pl").write_text(PROGRAM.replace("?- blue(tom).\n", ""))
    (tmp_path / "s.txt").write_text(TEXT.replace(" True or false: Tom is blue.", ""))
    plain = ["check", "s.pl", "--nl", "s.txt"]
    assert "pyswip" in modules(plain, tmp_path, cache)         # first: the DCG ran
    assert len(list(cache.glob("answers-nl-*.json"))) == 1
    assert "pyswip" not in modules(plain, tmp_path, cache)     # then: its answers kept
    assert sedac(*plain, cwd=tmp_path, cache=cache) == sedac(*plain, cwd=tmp_path, cache=None)
    for args in (ARGS, ["check", "p.pl", "--nl", "p.txt"], ["check", "p.pl", "--nl", "p.txt",
                                                           "--fix", "--diff"]):
        assert sedac(*args, cwd=tmp_path, cache=cache) == sedac(*args, cwd=tmp_path, cache=None)
    # another text is another entry, parsed by the DCG
    (tmp_path / "q.txt").write_text(TEXT.replace("Tom", "Rex"))
    other = ["check", "p.pl", "--nl", "q.txt", "--output-format", "json"]
    assert "pyswip" in modules(other, tmp_path, cache)
    assert sedac(*other, cwd=tmp_path, cache=cache) == sedac(*other, cwd=tmp_path, cache=None)
    assert len(list(cache.glob("answers-nl-*.json"))) == 3


def test_damaged_or_altered_answers_are_passed_over(tmp_path):
    _files(tmp_path)
    cache = tmp_path / "cache"
    want = sedac(*ARGS, cwd=tmp_path, cache=None)
    assert sedac(*ARGS, cwd=tmp_path, cache=cache) == want
    entry = next(cache.glob("answers-nl-*.json"))
    good = entry.read_bytes()
    head, _, payload = good.partition(b"\n")
    value = json.loads(payload)
    # an answer changed without the seal, with a matching seal but another key, the entry
    # cut short, a byte flipped, garbage, nothing
    import hashlib
    altered = json.dumps([["none"] * len(value[0]), []]).encode()
    magic, key, _ = head.decode().split(" ")
    damages = [head + b"\n" + altered,
               f"{magic} {'0' * len(key)} {hashlib.sha256(payload).hexdigest()}\n".encode() + payload,
               f"{magic} {key} {hashlib.sha256(altered).hexdigest()}x\n".encode() + altered,
               good[: len(good) // 2], good[:-2] + bytes([good[-2] ^ 1]) + good[-1:],
               b"garbage", b""]
    for bad in damages:
        entry.write_bytes(bad)
        assert sedac(*ARGS, cwd=tmp_path, cache=cache) == want, bad[:80]
        assert entry.read_bytes() == good                     # computed and written anew
    assert not [p for p in cache.iterdir() if p.name.startswith(".")]


def test_a_cache_folder_that_cannot_be_made_is_no_error(tmp_path):
    _files(tmp_path)
    (tmp_path / "plain").write_text("a file, not a folder\n")
    want = sedac(*ARGS, cwd=tmp_path, cache=None)
    assert sedac(*ARGS, cwd=tmp_path, cache=tmp_path / "plain" / "cache") == want


def test_the_identity_follows_the_sources_and_the_library(tmp_path, monkeypatch):
    from sedac import swipl
    mine = tmp_path / "caller.py"
    mine.write_text("x = 1\n")
    lib = tmp_path / "libswipl.so"
    lib.write_bytes(b"\x7fELF one")
    monkeypatch.setenv("LIBSWIPL_PATH", str(lib))
    monkeypatch.setenv("SWI_HOME_DIR", str(tmp_path))
    one = swipl._identity(("nl",), (str(mine),))
    assert one is not None and one == swipl._identity(("nl",), (str(mine),))
    mine.write_text("x = 2\n")
    two = swipl._identity(("nl",), (str(mine),))
    assert two not in (None, one)
    assert swipl._identity(("closed_world",), (str(mine),)) != two
    lib.write_bytes(b"\x7fELF other library")
    assert swipl._identity(("nl",), (str(mine),)) != two
    # nothing recorded of where libswipl is, and no variables: not known, nothing looked up
    monkeypatch.delenv("LIBSWIPL_PATH")
    monkeypatch.delenv("SWI_HOME_DIR")
    monkeypatch.setenv("SEDAC_CACHE_DIR", str(tmp_path / "empty"))
    assert swipl._identity(("nl",), (str(mine),)) is None


def test_entries_past_the_bound_are_pruned_and_a_running_engine_is_asked(tmp_path):
    _files(tmp_path)
    cache = tmp_path / "cache"
    sedac(*ARGS, cwd=tmp_path, cache=cache)          # records where libswipl is
    code = r"""
import json, sys
from sedac import swipl
swipl.REMEMBERED_MAX = 3
calls = []
def compute(i):
    calls.append(i)
    return [i]
# (goals that start no engine: the cache is looked up and written)
for i in range(6):
    assert swipl.remembered("probe", str(i), lambda: compute(i), lambda v: v == [i]) == [i]
for i in (4, 5):
    assert swipl.remembered("probe", str(i), lambda: compute(i), lambda v: v == [i]) == [i]
swipl.engine("nl")                                  # once it runs, it is asked
assert swipl.remembered("probe", "5", lambda: compute(5), lambda v: v == [5]) == [5]
assert swipl.remembered("probe", "9", lambda: compute(9), lambda v: v == [9]) == [9]
print(json.dumps(calls))
"""
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_env(cache),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.strip().splitlines()[-1]) == [0, 1, 2, 3, 4, 5, 5, 9]
    assert len(list(cache.glob("answers-probe-*.json"))) == 3
