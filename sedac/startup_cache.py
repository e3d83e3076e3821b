"""What Python compiles at every start of `sedac`, kept from one run to the next (the CLI only).

Two things the interpreter compiles in every process, from the same text each time, cost
about half of a check of one small file:

- regular expressions: `re` compiles a pattern in Python code (`re._parser`,
  `re._compiler`); the few hundred that sedac's modules, lark's lexers and the libraries
  compile cost about a fifth. What compilation produces is plain data: the pattern's
  flags, its `_sre` code (a list of integers), its group count and names, from which
  `_sre.compile` makes the pattern object in microseconds;
- the methods `dataclasses` writes for every dataclass (`__init__`, `__eq__`, ...): it
  generates their source and compiles it with `exec`, about two hundred functions.

`install` keeps both (the `_sre` data, and code objects by their source text) in one entry
of the user's cache (`sedac.cache`) and has `re` and `dataclasses` build from it what they
have built before; anything not seen yet is compiled as always, and kept at the end of the
run (`save`, only when there was something new).

The results are the same objects: a pattern is `==` to the one `re` compiles (that compares
its flags, pattern and code), and a code object is what `compile` makes of the same text
(`exec` of a string compiles it with the file name `<string>`, as here). The entry is named
by the interpreter's version and `_sre`'s magic number and code size, and sealed with the
CRC-32 and length of its contents (`_sre` also validates any code it is given); a damaged,
foreign or unreadable entry is ignored, and anything unexpected falls back to the
interpreter's own compilation. The Python API (`import sedac`) does not install it: it
changes `re` and `dataclasses` for the whole process.
"""
from __future__ import annotations

import sys

import _sre

MAGIC = b"sedac-start 2\n"
MAX_ENTRIES = 4000        # more (patterns built from the files read): keep this run's only
MAX_TEXT_CHARS = 20_000

_patterns: dict = {}      # (type, pattern, flags) -> (flags, code, groups, groupindex, indexgroup)
_codes: dict = {}         # a dataclass method's source -> its code object
_used: set = set()        # the keys of both this run used
_new = False
_original = None
_name = None


def _entry_name() -> str:
    # (named without hashlib, whose import costs more than this cache saves a `--version`)
    import zlib
    version = zlib.crc32(sys.version.encode("utf-8"))
    return (f"start-{sys.implementation.cache_tag}-{version:08x}-{_sre.MAGIC}-{_sre.CODESIZE}-"
            f"{sys.maxunicode:x}.marshal")


def _seal(payload: bytes) -> bytes:
    import zlib
    return f"{zlib.crc32(payload):08x}{len(payload):016x}".encode("ascii")


# ------------------------------------------------------------------ regular expressions

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
            and len(p) <= MAX_TEXT_CHARS:           # (128: re.DEBUG prints; not kept)
        key = (type(p).__name__, p, flags)
        parts = _patterns.get(key)
        try:
            if parts is None:
                parts = _parts(p, flags)
                made = _sre.compile(p, *parts)
                _patterns[key] = parts
                _new = True
            else:
                if type(parts[1]) is bytes:         # (as kept: the code's words, packed)
                    parts = _patterns[key] = (parts[0], _unpack(parts[1])) + parts[2:]
                made = _sre.compile(p, *parts)
            _used.add(key)
            return made
        except Exception:       # (an invalid pattern raises as `re` says, from its own code)
            _patterns.pop(key, None)
    return _original(p, flags)


def _word_format() -> str:
    for f in "HILQ":
        if memoryview(bytes(8)).cast(f).itemsize == _sre.CODESIZE:
            return f
    raise ValueError("no format for _sre's code words")


_WORD = _word_format()


def _pack(code) -> bytes:
    """A pattern's `_sre` code as the bytes of its words (native size and order): marshal
    writes a list of integers one object at a time, and reading those objects back was most
    of the cost of loading the entry (bytes are read at once, and unpacked only for the
    patterns a run compiles)."""
    if type(code) is bytes:
        return code
    import array
    words = array.array(_WORD, code)
    if words.itemsize != _sre.CODESIZE:
        raise ValueError("unexpected word size")
    return words.tobytes()


def _unpack(data: bytes) -> list:
    return memoryview(data).cast(_WORD).tolist()


# ------------------------------------------------------------------ dataclass methods

def _exec(source, globals=None, locals=None):
    """`exec` as `dataclasses` calls it, its source's code object kept."""
    global _new
    if type(source) is str and len(source) <= MAX_TEXT_CHARS:
        code = _codes.get(source)
        if code is None:
            # (dont_inherit: this module's `from __future__` is not the caller's; the
            # `dataclasses` module that calls has none, and its exec of text inherits that)
            code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _new = True
        _used.add(source)
        source = code
    return exec(source, globals, locals)


# ------------------------------------------------------------------ dataclass docstrings

class _Inspect:
    """`inspect` as `dataclasses` sees it: `signature(cls)` (for the docstring of a dataclass
    written without one, its only use there) reads a generated `__init__` directly: the
    text is the one `inspect.Signature` prints, for a function of plain parameters, without
    `inspect`'s search for a class's signature (a few percent of a small check). Any other
    class, and anything unexpected, goes to `inspect` itself."""

    def __getattr__(self, name):
        import inspect
        return getattr(inspect, name)

    @staticmethod
    def signature(obj):
        import inspect
        text = _init_text(obj)
        return inspect.signature(obj) if text is None else _Text(text)


class _Text:
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def _init_text(cls):
    """The text of `inspect.signature(cls)` for a class whose signature is its own
    `__init__` written by `dataclasses`, else None."""
    import inspect
    try:
        if type(cls) is not type or "__signature__" in cls.__dict__ or \
                "__text_signature__" in cls.__dict__:
            return None
        if any("__new__" in c.__dict__ or "__signature__" in c.__dict__
               for c in cls.__mro__[:-1]):
            return None
        init = cls.__dict__.get("__init__")
        if type(init) is not type(_init_text) or \
                getattr(init.__code__, "co_qualname", "") != "__create_fn__.<locals>.__init__" or \
                hasattr(init, "__wrapped__") or hasattr(init, "__signature__"):
            return None
        code = init.__code__
        if code.co_flags & 0x0C or code.co_posonlyargcount or code.co_argcount < 1:
            return None     # (*args, **kwargs, positional-only: inspect's own text)
        names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
        defaults = init.__defaults__ or ()
        kwdefaults = init.__kwdefaults__ or {}
        notes = init.__annotations__
        first_default = code.co_argcount - len(defaults)
        parts = []
        for i, name in enumerate(names[1:], start=1):
            if i == code.co_argcount:
                parts.append("*")
            text = name
            noted = name in notes
            if noted:
                text = f"{text}: {inspect.formatannotation(notes[name])}"
            if i < code.co_argcount:
                has, default = i >= first_default, defaults[i - first_default] \
                    if i >= first_default else None
            else:
                has, default = name in kwdefaults, kwdefaults.get(name)
            if has:
                text = f"{text} = {default!r}" if noted else f"{text}={default!r}"
            parts.append(text)
        out = f"({', '.join(parts)})"
        if "return" in notes:
            out += f" -> {inspect.formatannotation(notes['return'])}"
        return out
    except Exception:
        return None


# ------------------------------------------------------------------ the entry

def install() -> None:
    """Have `re` and `dataclasses` build what earlier runs compiled from the cache."""
    global _original, _name
    if _original is not None:
        return
    import marshal
    import re._compiler as compiler
    from . import cache
    try:
        _name = _entry_name()
    except Exception:
        return
    data = cache.read_bytes(_name)
    if data and data.startswith(MAGIC):
        seal, payload = data[len(MAGIC):len(MAGIC) + 24], data[len(MAGIC) + 24:]
        if _seal(payload) == seal:
            try:
                patterns, codes = marshal.loads(payload)
                if isinstance(patterns, dict) and isinstance(codes, dict):
                    _patterns.update(patterns)
                    _codes.update(codes)
            except (ValueError, EOFError, TypeError):
                pass
    _original = compiler.compile
    compiler.compile = _compile
    import dataclasses        # (after `re`: what it and `inspect` compile is kept too)
    if getattr(dataclasses, "_create_fn", None) is not None:   # (where it calls `exec`)
        dataclasses.exec = _exec
    if getattr(dataclasses, "inspect", None) is not None:
        dataclasses.inspect = _Inspect()


def save() -> None:
    """Keep what this run compiled first (nothing when there was nothing new)."""
    if _original is None or not _new or _name is None:
        return
    import marshal
    from . import cache
    patterns, codes = _patterns, _codes
    if len(patterns) + len(codes) > MAX_ENTRIES:
        patterns = {k: v for k, v in patterns.items() if k in _used}
        codes = {k: v for k, v in codes.items() if k in _used}
    try:
        patterns = {k: (v[0], _pack(v[1])) + tuple(v[2:]) for k, v in patterns.items()}
        payload = marshal.dumps((patterns, codes))
    except (ValueError, TypeError, OverflowError):
        return
    cache.write_bytes(_name, MAGIC + _seal(payload) + payload)
