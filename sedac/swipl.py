"""The one SWI-Prolog engine of the process, behind a lock.

pyswip is not thread-safe and SWI-Prolog keeps global state, so every use goes
through `run`, which holds the lock, guards the goal with an inference limit and
returns plain Python values. Syntax errors never reach stderr: programs are read
term by term with `read_term/3` inside `catch/3`.
"""
from __future__ import annotations

import os
import sys
import threading
from functools import lru_cache
from pathlib import Path

from .errors import SedacError

GRAMMAR_DIR = Path(__file__).parent / "grammar"
INFERENCE_LIMIT = 2_000_000
_lock = threading.RLock()


def quote(atom: str) -> str:
    """A Prolog quoted atom."""
    return "'" + atom.replace("\\", "\\\\").replace("'", "\\'") + "'"


def plist(items) -> str:
    return "[" + ",".join(items) + "]"


def _swipl_stamp() -> str | None:
    """The `swipl` executable on PATH and its size and time: what pyswip's search depends on."""
    import shutil
    exe = shutil.which("swipl")
    if exe is None:
        return None
    try:
        real = os.path.realpath(exe)
        st = os.stat(real)
    except OSError:
        return None
    return f"{real} {st.st_size} {st.st_mtime_ns}"


def _file_stamp(path: str) -> str:
    st = os.stat(path)
    return f"{st.st_size} {st.st_mtime_ns}"


def _recorded() -> tuple[str | None, str | None, dict | None]:
    """The `swipl` on PATH (`_swipl_stamp`), the name of its entry in the user's cache, and
    what that entry says of where its libswipl and home are, when it is still so (else None)."""
    import json
    from . import cache
    stamp = _swipl_stamp()
    entry = f"swipl-{cache.key(stamp)}.json" if stamp else None
    found = None
    if entry:
        try:
            found = json.loads(cache.read_bytes(entry) or b"null")
            if not (isinstance(found, dict) and found.get("stamp") == stamp
                    and _file_stamp(found["lib"]) == found["lib_stamp"]
                    and os.path.isdir(found["home"])):
                found = None
        except (OSError, ValueError, KeyError, TypeError):
            found = None
    return stamp, entry, found


def _import_pyswip():
    """`pyswip.Prolog`. pyswip finds libswipl at import by running `swipl
    --dump-runtime-variables`, a process of its own (tens of milliseconds); what it found is
    kept in the user's cache (`sedac.cache`), keyed by the `swipl` executable, and handed to
    it the documented way (`LIBSWIPL_PATH`, `SWI_HOME_DIR`) on the next start, when that
    library is still the same file. The user's own setting of those variables wins."""
    import json
    from . import cache
    names = ("LIBSWIPL_PATH", "SWI_HOME_DIR")
    if all(os.environ.get(n) for n in names) or "pyswip" in sys.modules:
        from pyswip import Prolog
        return Prolog
    stamp, entry, found = _recorded()
    saved = {n: os.environ.get(n) for n in names}
    if found:
        os.environ["LIBSWIPL_PATH"], os.environ["SWI_HOME_DIR"] = found["lib"], found["home"]
    try:
        from pyswip import Prolog
        from pyswip import core
    finally:
        for n, v in saved.items():     # pyswip read them at import; nothing else does
            if v is None:
                os.environ.pop(n, None)
            else:
                os.environ[n] = v
    if entry and not found:
        lib, home = getattr(core, "_path", None), getattr(core, "SWI_HOME_DIR", None)
        if isinstance(lib, str) and isinstance(home, str) and os.path.isabs(lib) \
                and os.path.isdir(home):
            try:
                record = {"stamp": stamp, "lib": lib, "lib_stamp": _file_stamp(lib), "home": home}
                cache.write_bytes(entry, json.dumps(record).encode())
            except OSError:
                pass
    return Prolog


GRAMMARS = ("nl", "closed_world")     # sedac's Prolog files (`grammar/NAME.pl`)
_loaded: set[str] = set()


@lru_cache(maxsize=None)
def _started():
    try:
        Prolog = _import_pyswip()
    except Exception as e:  # missing libswipl, broken install
        raise SedacError(f"SWI-Prolog is not usable through pyswip ({e}); "
                         "install it with `apt-get install -y swi-prolog-nox`") from None
    with _lock:
        return Prolog()


@lru_cache(maxsize=None)
def engine(*names: str):
    """The engine with sedac's Prolog files `names` loaded (default: all of them); each file
    is loaded once, when a goal first needs it (parsing a text needs only the grammar)."""
    p = _started()
    with _lock:
        for name in names or GRAMMARS:
            if name not in _loaded:
                _load(p, GRAMMAR_DIR / f"{name}.pl")
                _loaded.add(name)
        return p


QLF_MAGIC = b"SWI-Prolog .qlf file\n"


def _load(p, path: Path) -> None:
    """Load one of sedac's Prolog files: its compiled form (`.qlf`) from the user's cache
    (`sedac.cache`) when an earlier process wrote it, else the source. On a miss the file
    is loaded by `qcompile/1` from a copy in the cache folder, which loads it exactly as
    `load_files/2` does and also writes the `.qlf` for the next process.

    The entry is named by a hash of the source and of this SWI-Prolog's version and library
    file, and is used only when its bytes have the SHA-256 recorded beside it when it was
    written (SWI-Prolog aborts the whole process on a truncated `.qlf`)."""
    from . import cache
    load = f"load_files({quote(str(path))}, [silent(true)])"
    folder = cache.folder()
    if folder is None:
        list(p.query(load))
        return
    version = next(iter(p.query("current_prolog_flag(version, SedacV)")))["SedacV"]
    lib = os.environ.get("LIBSWIPL_PATH") or getattr(sys.modules.get("pyswip.core"), "_path", "")
    try:
        lib_stamp = _file_stamp(lib) if lib else ""
    except OSError:
        lib_stamp = ""
    name = f"swipl-{path.stem}-{cache.key(path.read_bytes(), str(version), lib, lib_stamp)}.qlf"
    entry, seal = folder / name, folder / f"{name}.sha256"
    try:
        data, sealed = entry.read_bytes(), seal.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        data, sealed = b"", ""
    if data.startswith(QLF_MAGIC) and cache.sha256(data).hexdigest() == sealed:
        try:
            list(p.query(f"load_files({quote(str(entry))}, [silent(true)])"))
            return
        except Exception:    # refused: the source, as always
            list(p.query(load))
            return
    import shutil
    import tempfile
    try:
        folder.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{path.stem}.", dir=folder))
    except OSError:          # no cache to write: the source, as always
        list(p.query(load))
        return
    try:
        copy = work / path.name
        shutil.copyfile(path, copy)
        list(p.query(f"qcompile({quote(str(copy))})"))
        made = copy.with_suffix(".qlf")
        data = made.read_bytes()
        if data.startswith(QLF_MAGIC) and cache.install(made, name):
            cache.write_bytes(seal.name, cache.sha256(data).hexdigest().encode("ascii"))
    except Exception:        # (a full disk, say) nothing of it loaded: the source, as always
        if not _modules_from(p, work):
            list(p.query(load))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _modules_from(p, folder: Path) -> list[str]:
    """The modules SWI-Prolog loaded from files in `folder`."""
    goal = (f"findall(M, (module_property(M, file(F)), sub_atom(F, 0, _, _, {quote(str(folder))})), "
            f"SedacMs)")
    found = next(iter(p.query(goal)), {"SedacMs": []})
    return [str(m) for m in found["SedacMs"]]


def guarded(goal: str, limit: int, tag: str = "") -> str:
    """`goal` under an inference limit, as a goal text: it fails when the goal fails, raises
    or exceeds `limit` (`tag` names its own result variable, for several in one query)."""
    return (f"catch(call_with_inference_limit(({goal}), {limit}, SedacR{tag}), _, fail), "
            f"SedacR{tag} \\== inference_limit_exceeded")


_TEXT_QUERY: list = []     # (predicate, PL_get_nchars, flags) once made


def _text_query(p):
    """What `run_text` calls: `sedac_run_text(+GoalText, -Text)`, which reads the goal as
    pyswip's own `pyrun/2` does (`read_term_from_atom/3` in `user`), calls it once and gives
    the text `SedacOut` is bound to; and libswipl's `PL_get_nchars`, to read that text."""
    if not _TEXT_QUERY:
        import ctypes
        from pyswip import core
        list(p.query("assertz((sedac_run_text(G, T) :- read_term_from_atom(G, Goal, "
                     "[variable_names(Bs)]), memberchk('SedacOut'=T, Bs), call(Goal), !))"))
        get = core._lib["PL_get_nchars"]      # (a function object of our own: no shared state)
        get.argtypes = [core.term_t, ctypes.POINTER(ctypes.c_size_t),
                        ctypes.POINTER(ctypes.c_char_p), ctypes.c_uint]
        get.restype = ctypes.c_int
        flags = core.CVT_ATOM | core.CVT_STRING | core.REP_UTF8 | core.BUF_DISCARDABLE
        _TEXT_QUERY.append((core.PL_predicate("sedac_run_text", 2, None), get, flags))
    return _TEXT_QUERY[0]


def run_text(goal: str, limit: int = INFERENCE_LIMIT, needs: tuple[str, ...] = ()) -> str | None:
    """The text (an atom or a string) `goal` binds the variable `SedacOut` to, for its first
    solution, or None when the goal fails, raises or exceeds the inference limit.

    One query whose only result is that text, read straight from the term: `run`'s bindings
    go through pyswip's general conversion, which costs more than a small goal itself."""
    p = engine(*needs)       # (first: it imports pyswip, the way `_import_pyswip` says)
    import ctypes
    from pyswip import core
    from pyswip.prolog import Prolog, PrologError
    with _lock:
        pred, get, flags = _text_query(p)
        Prolog._init_prolog_thread()
        fid = core.PL_open_foreign_frame()
        try:
            args = core.PL_new_term_refs(2)
            data = guarded(goal, limit).encode("utf-8")
            core.PL_put_chars(args, core.PL_STRING | core.REP_UTF8, len(data), data)
            qid = core.PL_open_query(None, core.PL_Q_NODEBUG | core.PL_Q_CATCH_EXCEPTION,
                                     pred, args)
            try:
                if not core.PL_next_solution(qid):
                    if core.PL_exception(qid):   # the goal's text did not read, say
                        raise PrologError(f"Caused by: '{goal}'.")
                    return None
                size, chars = ctypes.c_size_t(), ctypes.c_char_p()
                if not get(args + 1, ctypes.byref(size), ctypes.byref(chars), flags):
                    raise PrologError(f"SedacOut is no text in '{goal}'.")
                return ctypes.string_at(chars, size.value).decode("utf-8")
            finally:
                core.PL_cut_query(qid)
        finally:
            core.PL_discard_foreign_frame(fid)


def run(goal: str, limit: int = INFERENCE_LIMIT, needs: tuple[str, ...] = ()) -> dict | None:
    """The first solution of `goal` as a dict of variable bindings, or None; `needs`: the
    files of `GRAMMARS` the goal calls (default: all).

    A goal that exceeds the inference limit, or raises, gives None.
    """
    p = engine(*needs)
    with _lock:
        wrapped = (f"catch(call_with_inference_limit(({goal}), {limit}, SedacR), _, fail), "
                   f"SedacR \\== inference_limit_exceeded")
        for sol in p.query(wrapped, maxresult=1):
            sol = dict(sol)
            sol.pop("SedacR", None)
            return sol
        return None


# ------------------------------------------------------------------ results kept across runs

REMEMBERED_MAX = 256      # entries of one kind kept in the cache folder (the newest)
REMEMBER_MAGIC = "sedac-swipl-result 1"


def _identity(needs: tuple[str, ...], files: tuple[str, ...]) -> str | None:
    """What the answer of a goal over the Prolog files `needs` can depend on, besides the goal,
    known without starting SWI-Prolog: which libswipl and home `_started` loads (the
    user's `LIBSWIPL_PATH` and `SWI_HOME_DIR`, else what the cache recorded for the `swipl`
    on PATH, checked as `_import_pyswip` checks it) with its size and time, pyswip's
    modules, the Prolog files, this module and the caller's `files` (their bytes). None
    when it is not known (nothing recorded yet): nothing is then looked up."""
    lib, home = os.environ.get("LIBSWIPL_PATH"), os.environ.get("SWI_HOME_DIR")
    try:
        if not (lib and home):
            stamp, _, found = _recorded()
            if found is None:
                return None
            lib, home = found["lib"], found["home"]
            where = f"{stamp} {lib} {found['lib_stamp']} {home}"
        else:
            where = f"env {lib} {_file_stamp(lib)} {home}"
        import importlib.util
        spec = importlib.util.find_spec("pyswip")
        if spec is None or not spec.submodule_search_locations:
            return None
        package = Path(list(spec.submodule_search_locations)[0])
        pyswip = " ".join(_file_stamp(str(package / f"{m}.py"))
                          for m in ("__init__", "core", "prolog", "easy", "utils"))
        from . import cache
        h = cache.sha256()
        for path in [GRAMMAR_DIR / f"{n}.pl" for n in needs or GRAMMARS] + \
                [Path(__file__)] + [Path(f) for f in files]:
            data = path.read_bytes()
            h.update(f"{path.name} {len(data)}\n".encode())
            h.update(data)
    except (OSError, KeyError, TypeError, ValueError, ImportError):
        return None
    return f"{where} | pyswip {pyswip} | {h.hexdigest()}"


def remembered(kind: str, key, compute, valid, needs: tuple[str, ...] = (),
               files: tuple[str, ...] = ()):
    """`compute()` (a JSON value: what goals over the Prolog files `needs` answered), or
    what it returned in an earlier process for the same `key` and the same `_identity`:
    a process that only parses one problem's text (a `sedac check` of a reply to a
    problem checked before) then never starts SWI-Prolog, which costs more than the
    rest of such a check. Only a process whose engine is not running yet looks up and
    keeps results; once it runs, asking it is cheaper than the cache.

    An entry is used only when its header names this very key and identity and its
    payload has the SHA-256 recorded in the header, and when `valid(value)` holds; anything
    else (a damaged, foreign or stale entry, an unreadable or read-only folder, the cache
    turned off) is passed over and the value computed. `files`: the caller's sources,
    whose bytes are part of the identity (so that a changed caller is a new entry). `key`:
    a string, or a function that gives it (called only when the cache is consulted)."""
    import json
    from . import cache
    if _started.cache_info().currsize or cache.folder() is None:
        return compute()
    if callable(key):         # (a key that costs something to write is written only here)
        key = key()
    ident = _identity(needs, files)
    if ident is not None:
        digest = cache.key(REMEMBER_MAGIC, kind, ident, key)
        data = cache.read_bytes(f"answers-{kind}-{digest}.json")
        if data is not None:
            head, _, payload = data.partition(b"\n")
            try:
                magic, name, sealed = head.decode("ascii").split(" ")
                if name == digest and magic == "sedac-result" and \
                        cache.sha256(payload).hexdigest() == sealed:
                    value = json.loads(payload)
                    if valid(value):
                        return value
            except (UnicodeDecodeError, ValueError, TypeError, KeyError, IndexError):
                pass
    value = compute()
    ident = _identity(needs, files)      # (the first process has recorded libswipl by now)
    if ident is None:
        return value
    digest = cache.key(REMEMBER_MAGIC, kind, ident, key)
    try:
        payload = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError):
        return value
    seal = cache.sha256(payload).hexdigest()
    if cache.write_bytes(f"answers-{kind}-{digest}.json",
                         f"sedac-result {digest} {seal}\n".encode("ascii") + payload):
        _prune(kind)
    return value


def _prune(kind: str) -> None:
    """Keep the newest REMEMBERED_MAX entries of `kind` (on a miss only: a miss has just
    started SWI-Prolog, which costs far more than listing the folder)."""
    from . import cache
    folder = cache.folder()
    try:
        found = []
        for p in folder.glob(f"answers-{kind}-*.json"):
            try:
                found.append((p.stat().st_mtime_ns, p))
            except OSError:
                pass
        found.sort(reverse=True)
        for _, p in found[REMEMBERED_MAX:]:
            cache.discard(p)
    except OSError:
        pass
