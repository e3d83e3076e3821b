"""Start-up: what a command does not need is not imported, and the per-user cache
(`sedac.cache`: lark tables, where libswipl is) is keyed by its sources and never changes
a result."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

# Modules that cost tens of milliseconds each to import and that `--help`, `--version` and a
# check without a problem text do not use.
HEAVY = ("z3", "pyswip", "ray", "matplotlib", "spacy", "inflect", "numpy", "cvc5")
# The lark grammars belong to readers: nothing parses a program when the CLI only prints help.
READERS = ("lark", "regex", "sedac.readers.tptp", "sedac.readers.prolog", "sedac.readers.smtlib",
           "sedac.readers.pyke", "sedac.readers.prover9", "sedac.readers.foltext", "sedac.engine",
           "sedac.fol", "sedac.api")

PROBE = r"""
import json, sys
import sedac.cli as cli
args = json.loads(sys.argv[1])
try:
    cli.main(args, prog_name="sedac", standalone_mode=False)
except SystemExit:
    pass
import sedac.grammar as g
print(json.dumps({"modules": sorted(sys.modules),
                  "parsers": g.lark_parser.cache_info().currsize}))
"""


def probe(args: list[str], cwd: Path, env: dict | None = None) -> dict:
    """Run the CLI in a fresh interpreter of this tree and report what it imported."""
    run_env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], cwd=cwd, env=run_env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def sedac(*args, cwd: Path, cache: str | None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env["SEDAC_CACHE_DIR"] = "off" if cache is None else cache
    return subprocess.run([sys.executable, "-m", "sedac", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["check", "--help"],
                                  ["ask", "--help"], ["eval", "--help"]])
def test_help_and_version_import_no_engine_reader_or_prover(tmp_path, args):
    got = probe(args, tmp_path)
    loaded = set(got["modules"])
    assert "sedac.cli" in loaded and "click" in loaded      # the probe did run the CLI
    assert [m for m in HEAVY + READERS if m in loaded] == []
    assert got["parsers"] == 0


def test_check_without_text_loads_no_prover_and_no_prolog(tmp_path):
    (tmp_path / "one.pl").write_text("cat(tom).\nanimal(X) :- cat(X).\n")
    got = probe(["check", "one.pl"], tmp_path, {"SEDAC_CACHE_DIR": str(tmp_path / "cache")})
    loaded = set(got["modules"])
    assert "sedac.engine" in loaded and "sedac.readers.prolog" in loaded   # it did read it
    # both clauses are of the shapes the fast path reads: lark's parser is not needed
    assert [m for m in HEAVY + ("lark", "regex") if m in loaded] == []


def test_check_with_text_loads_what_it_needs(tmp_path):
    (tmp_path / "one.pl").write_text("cat(tom).\nanimal(X) :- cat(X).\n")
    (tmp_path / "one.txt").write_text("Tom is a cat. Every cat is an animal.\n")
    got = probe(["check", "one.pl", "--nl", "one.txt"], tmp_path,
                {"SEDAC_CACHE_DIR": str(tmp_path / "cache")})
    loaded = set(got["modules"])
    assert "pyswip" in loaded                       # the DCG parsed the text
    assert [m for m in ("ray", "matplotlib", "spacy", "cvc5") if m in loaded] == []


# ------------------------------------------------------------------ the lark cache

GRAMMAR = """
start: item+
item: NAME "(" NAME ")" "."
NAME: /[a-z]+/
%ignore /\\s+/
"""


def _tree_text(parser, text):
    return parser.parse(text).pretty()


def test_lark_entry_is_named_by_its_grammar_and_loads_the_same_parser(tmp_path, monkeypatch):
    from lark import Lark
    from sedac.grammar import LARK_OPTIONS, build_lark
    monkeypatch.setenv("SEDAC_CACHE_DIR", str(tmp_path))
    sample = "cat(tom). dog(rex)."
    fresh = Lark(GRAMMAR, **LARK_OPTIONS)
    first = build_lark(GRAMMAR, "probe")                     # builds and writes the entry
    entries = sorted(tmp_path.glob("lark-probe-*.pickle"))
    assert len(entries) == 1
    second = build_lark(GRAMMAR, "probe")                    # loads it
    assert second.source_path == "<deserialized>" and first.source_path != "<deserialized>"
    assert _tree_text(first, sample) == _tree_text(second, sample) == _tree_text(fresh, sample)
    # another grammar text is another entry, never the first one's tables
    other = GRAMMAR.replace('"."', '";"')
    third = build_lark(other, "probe")
    assert len(list(tmp_path.glob("lark-probe-*.pickle"))) == 2
    assert _tree_text(third, sample.replace(".", ";")) == _tree_text(fresh, sample)
    with pytest.raises(Exception):
        third.parse(sample)
    assert not list(tmp_path.glob(".*.tmp"))                 # no temporary file left


def test_damaged_or_foreign_lark_entry_is_rebuilt(tmp_path, monkeypatch):
    from sedac.grammar import build_lark
    monkeypatch.setenv("SEDAC_CACHE_DIR", str(tmp_path))
    build_lark(GRAMMAR, "probe")
    entry = next(tmp_path.glob("lark-probe-*.pickle"))
    good = entry.read_bytes()
    for bad in (good[: len(good) // 2], b"garbage", b"", good.replace(b"sedac-lark", b"other-lark")):
        entry.write_bytes(bad)
        parser = build_lark(GRAMMAR, "probe")
        assert parser.source_path != "<deserialized>"        # built anew, not loaded
        assert _tree_text(parser, "cat(tom).").count("item") == 1
        assert build_lark(GRAMMAR, "probe").source_path == "<deserialized>"   # and rewritten


def test_unwritable_or_disabled_cache_builds_in_memory(tmp_path, monkeypatch):
    from sedac import cache
    from sedac.grammar import build_lark
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would be")
    for setting in (str(blocker / "sub"), "off", ""):
        monkeypatch.setenv("SEDAC_CACHE_DIR", setting)
        assert _tree_text(build_lark(GRAMMAR, "probe"), "cat(tom).").count("item") == 1
        assert cache.write_bytes("x", b"data") is False
    assert blocker.read_text().startswith("a file")


@pytest.mark.parametrize("name,text", [
    ("prolog", "p(X) :- q(X, [a, b | T]), \\+ r(\"s\"), X = 'Tom', Y is 1 + 2 * 3."),
    ("tptp", "fof(a1, axiom, ! [X] : (cat(X) => animal(X)))."),
    ("prover9", "all x (cat(x) -> animal(x))"),
    ("pyke", "Cat($x, True) && Big($x, True) >>> Animal($x, True)"),
])
def test_each_grammar_parses_the_same_from_the_cache(tmp_path, monkeypatch, name, text):
    from sedac.grammar import HERE, build_lark
    monkeypatch.setenv("SEDAC_CACHE_DIR", "off")
    grammar = (HERE / f"{name}.lark").read_text(encoding="utf-8")
    want = build_lark(grammar, name).parse(text)
    bad = text.replace("(", " ( (", 1)
    with pytest.raises(Exception) as refused:
        build_lark(grammar, name).parse(bad)
    monkeypatch.setenv("SEDAC_CACHE_DIR", str(tmp_path))
    for _ in range(2):            # built and written, then loaded
        parser = build_lark(grammar, name)
        got = parser.parse(text)
        # (a loaded parser names rules with str, a built one with lark's Token, a str too)
        assert got == want and got.pretty() == want.pretty()
        with pytest.raises(Exception) as again:
            parser.parse(bad)
        assert str(again.value) == str(refused.value)
    assert len(list(tmp_path.glob(f"lark-{name}-*.pickle"))) == 1


def test_cli_output_is_the_same_without_with_a_cold_and_with_a_warm_cache(tmp_path):
    for name in ("wren.pl", "wren.txt"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    (tmp_path / "x.fol").write_text("∀x (Cat(x) → Animal(x))\nCat(tom)\n")
    cache = tmp_path / "cache"
    for args in (["check", "wren.pl", "--nl", "wren.txt", "--output-format", "json"],
                 ["check", "x.fol", "--output-format", "json"],
                 ["ask", "wren.pl", "--nl", "wren.txt", "--output-format", "json"]):
        runs = [sedac(*args, cwd=tmp_path, cache=c) for c in (None, str(cache), str(cache))]
        assert runs[0].returncode in (0, 1), runs[0].stderr
        assert len({(r.returncode, r.stdout, r.stderr) for r in runs}) == 1, args
    assert list(cache.glob("lark-*.pickle")) and list(cache.glob("swipl-*.json"))
    assert len(list(cache.glob("swipl-nl-*.qlf"))) == len(list(cache.glob("swipl-closed_world-*.qlf"))) == 1
    assert not [p for p in cache.iterdir() if p.name.startswith(".")]    # no temporary left


def test_damaged_compiled_grammar_is_passed_over(tmp_path):
    """A `.qlf` entry SWI-Prolog refuses is deleted and the grammar's source loaded."""
    for name in ("wren.pl", "wren.txt"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    cache = tmp_path / "cache"
    args = ["ask", "wren.pl", "--nl", "wren.txt", "--output-format", "json"]
    want = sedac(*args, cwd=tmp_path, cache=None)
    sedac(*args, cwd=tmp_path, cache=str(cache))
    entries = sorted(cache.glob("swipl-*.qlf"))
    good = {e: e.read_bytes() for e in entries}
    assert len(entries) == 2 and all(d.startswith(b"SWI-Prolog .qlf file") for d in good.values())
    # (SWI-Prolog itself aborts the process on a truncated .qlf: the seal keeps it from it)
    for damage in (lambda d: b"not a qlf file\n", lambda d: d[: len(d) // 2], lambda d: d + b"x"):
        for e in entries:
            e.write_bytes(damage(good[e]))
        for kept in cache.glob("answers-*.json"):   # (else the text's parse is not redone)
            kept.unlink()
        got = sedac(*args, cwd=tmp_path, cache=str(cache))
        assert (got.returncode, got.stdout, got.stderr) == (want.returncode, want.stdout, want.stderr)
        assert json.loads(got.stdout)["closed_world"] == "True"
        assert all(e.read_bytes().startswith(b"SWI-Prolog .qlf file") for e in entries)  # rewritten


# ------------------------------------------------------------------ where libswipl is

def test_libswipl_entry_is_checked_before_use(tmp_path):
    """A recorded libswipl that is not the file it was (another size or time, or gone) is
    not used: pyswip searches again and the entry is written anew."""
    cache = tmp_path / "cache"
    (tmp_path / "w.txt").write_text("Tom is a cat.\n")
    (tmp_path / "w.pl").write_text("cat(tom).\n")
    first = sedac("check", "w.pl", "--nl", "w.txt", cwd=tmp_path, cache=str(cache))
    entries = list(cache.glob("swipl-*.json"))
    assert len(entries) == 1
    record = json.loads(entries[0].read_text())
    assert Path(record["lib"]).is_file() and Path(record["home"]).is_dir()
    entries[0].write_text(json.dumps(dict(record, lib_stamp="0 0")))
    again = sedac("check", "w.pl", "--nl", "w.txt", cwd=tmp_path, cache=str(cache))
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    assert json.loads(entries[0].read_text()) == record


# ------------------------------------------------------------------ the language decision

def test_check_of_a_prolog_file_imports_no_other_reader(tmp_path):
    """The bounds of `readers.probes` rule the other six readers out without their modules."""
    (tmp_path / "one.pl").write_text("cat(tom).\nanimal(X) :- cat(X).\n")
    got = probe(["check", "one.pl"], tmp_path, {"SEDAC_CACHE_DIR": str(tmp_path / "cache")})
    loaded = set(got["modules"])
    assert "sedac.readers.prolog" in loaded
    others = ("sedac.readers.pyke", "sedac.readers.foltext", "sedac.readers.tptp_program",
              "sedac.readers.prover9", "sedac.readers.smtlib", "sedac.atp.prover9",
              "sedac.atp.tptp_subprocess", "sedac.atp.cvc5prover")
    assert [m for m in others if m in loaded] == []


def test_probe_headers_are_the_readers_own():
    from sedac import readers
    from sedac.readers import probes
    for lang in readers.LANGS:
        own = set(readers.reader_for(lang).own_headers) - {"predicates"}
        assert set(probes.HEADERS.get(lang, ())) == own, lang


def test_a_check_the_ground_procedure_answers_imports_no_z3(tmp_path):
    (tmp_path / "one.pl").write_text("cat(tom).\nanimal(X) :- cat(X).\n")
    (tmp_path / "one.txt").write_text("Tom is a cat. Every cat is an animal.\n")
    got = probe(["check", "one.pl", "--nl", "one.txt"], tmp_path,
                {"SEDAC_CACHE_DIR": str(tmp_path / "cache")})
    assert "pyswip" in got["modules"] and "z3" not in got["modules"]


# ------------------------------------------------------------------ what Python compiles

STARTED = r"""
import json, marshal, re, sys
from sedac import startup_cache as s
s.install()
import sedac.cli
from sedac import cache
data = cache.read_bytes(s._entry_name())
patterns, codes = marshal.loads(data[len(s.MAGIC) + 24:]) if data else ({}, {})
import _sre, re._compiler as C
bad = [p for (t, p, f), parts in patterns.items()
       if (lambda a, b: a != b or a.groupindex != b.groupindex or a.groups != b.groups)(
           _sre.compile(p, parts[0], s._unpack(parts[1]), *parts[2:]), s._original(p, f))]
bad += [src for src, code in codes.items() if code != compile(src, "<string>", "exec")]
print(json.dumps({"patterns": len(patterns), "codes": len(codes), "bad": bad,
                  "hits": re.compile(r"\bsedac-probe\d+") == s._original(r"\bsedac-probe\d+", 0)}))
"""


def _started(tmp_path, cache_dir):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SEDAC_CACHE_DIR=str(cache_dir))
    r = subprocess.run([sys.executable, "-c", STARTED], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_startup_cache_builds_the_same_patterns_and_code_as_python(tmp_path):
    (tmp_path / "one.pl").write_text("cat(tom).\nanimal(X) :- cat(X).\n")
    (tmp_path / "one.txt").write_text("Tom is a cat. Every cat is an animal.\n")
    cache = tmp_path / "cache"
    first = sedac("check", "one.pl", "--nl", "one.txt", cwd=tmp_path, cache=str(cache))
    got = _started(tmp_path, cache)
    assert got["patterns"] > 50 and got["codes"] > 50      # the run kept what it compiled
    assert got["bad"] == [] and got["hits"]
    entry = next(cache.glob("start-*.marshal"))
    good = entry.read_bytes()
    again = sedac("check", "one.pl", "--nl", "one.txt", cwd=tmp_path, cache=str(cache))
    assert entry.read_bytes() == good               # nothing new: nothing written
    assert (again.returncode, again.stdout, again.stderr) == \
        (first.returncode, first.stdout, first.stderr)
    # a damaged entry is passed over, the output is the same, and the entry written anew
    for bad in (good[: len(good) // 2], good[:-1] + bytes([good[-1] ^ 1]), b"garbage"):
        entry.write_bytes(bad)
        run = sedac("check", "one.pl", "--nl", "one.txt", cwd=tmp_path, cache=str(cache))
        assert (run.returncode, run.stdout, run.stderr) == \
            (first.returncode, first.stdout, first.stderr)
        assert entry.read_bytes().startswith(b"sedac-start")
        assert _started(tmp_path, cache)["bad"] == []
    assert not [p for p in cache.iterdir() if p.name.startswith(".")]


def test_startup_cache_keeps_only_the_runs_own_entries_past_its_bound(tmp_path):
    code = r"""
import re, sys
from sedac import startup_cache as s
s.MAX_ENTRIES = 50
s.install()
for i in range(int(sys.argv[1])):
    re.compile(r"probe%d\w+" % i)
s.save()
print(len(s._patterns))
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SEDAC_CACHE_DIR=str(tmp_path))
    def run(n):
        r = subprocess.run([sys.executable, "-c", code, str(n)], env=env, capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        return int(r.stdout)
    assert run(10) >= 10
    assert run(20) >= 20                     # the first run's ten, and ten more
    import marshal
    from sedac import startup_cache as s
    entry = next(tmp_path.glob("start-*.marshal"))
    run(80)                                  # past the bound: this run's own only
    patterns, _ = marshal.loads(entry.read_bytes()[len(s.MAGIC) + 24:])
    assert {p for _, p, _ in patterns} >= {r"probe%d\w+" % i for i in range(80)}
    assert len(patterns) < 80 + 50


def test_dataclass_docstrings_are_the_ones_inspect_writes():
    """`startup_cache._Inspect.signature` reads a generated `__init__` directly: the same
    text as `inspect.signature` for every dataclass of sedac and for variants of their forms
    (defaults, factories, typing annotations, keyword-only fields), None for any other."""
    import dataclasses
    import importlib
    import inspect
    import pkgutil
    import typing
    import sedac
    from sedac import startup_cache as s

    @dataclasses.dataclass(frozen=True)
    class Variant:
        x: int
        y: "list[int]" = dataclasses.field(default_factory=list)
        z: typing.Optional[str] = None
        w: tuple = ()
        k: float = dataclasses.field(default=1.5, kw_only=True)
        q: str = dataclasses.field(default="a -> None", kw_only=True)

    @dataclasses.dataclass(slots=True)
    class Slotted:
        a: Path
        b: dict = dataclasses.field(default_factory=dict, repr=False)

    classes = [Variant, Slotted]
    for info in pkgutil.walk_packages(sedac.__path__, "sedac."):
        if info.name == "sedac.__main__":
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:        # (an optional dependency)
            continue
        classes += [c for c in vars(module).values() if isinstance(c, type)
                    and dataclasses.is_dataclass(c) and c.__module__ == info.name]
    assert len(classes) > 40
    for c in classes:
        # (a dataclass's subclass with an `__init__` of its own, `z3prover._LateCore`, is
        # inspect's to read: None, and `_Inspect` falls back to it)
        init = c.__dict__.get("__init__")
        own = getattr(getattr(init, "__code__", None), "co_qualname", "").startswith("__create_fn__")
        want = str(inspect.signature(c)) if own or "__init__" not in c.__dict__ else None
        assert s._init_text(c) == want, c
        assert str(s._Inspect.signature(c)) == str(inspect.signature(c))

    class Custom:
        def __init__(self, a, *rest, b=2, **more):
            pass
    assert s._init_text(Custom) is None
    assert str(s._Inspect.signature(Custom)) == str(inspect.signature(Custom))
