"""A reply written as JSON: its logic is in the strings.

Asked for structured output, a model answers `{"premises": ["∀x (Dog(x) → Animal(x))",
"Dog(rex)"], "conclusion": "Animal(rex)"}`: alone, in a fenced ```` ```json ```` block among
prose, or as a list of `{"nl": ..., "fol": ...}` pairs. `unwrap` turns every such document of
a reply into text of the same length, line for line, that the reply layer reads like any
other: the JSON syntax becomes spaces, each string's content stays where it is written, and
a key before its value becomes a label (`conclusion: Animal(rex)`, `premises:` over a list).
Offsets, lines and columns are the file's, so a diagnostic points into the JSON itself.

A fix is written back into a JSON document only inside one string whose text is as written
(no escapes) and only as text a JSON string can hold as it is (`writable`): a comment-out, a
clause added, an edit across strings or of an escaped one would break the document, and is
withheld.
"""
from __future__ import annotations

from dataclasses import dataclass
import json
import re

from .reply_yaml import candidate

# where a document may begin: a line opening with `{` or `[` (after a fence, or anywhere)
_OPENS = re.compile(r"^[ \t]*[\[{]", re.M)
# a string whose content may be logic: a bracket, a connective or a quantifier of some notation
_LOGIC = re.compile(r"[()∀∃¬→↔∧∨⊃≡]|:-|\\forall|\\exists|\b(?:forall|exists|all|some)\b|->|=>|~|&|\|")
_JSON_TAGS = ("json", "json5", "jsonc")
_ESCAPES = {"n": "  ", "t": "  ", "r": "  ", "b": "  ", "f": "  "}
# what a replacement written into a JSON string may not hold (it would need an escape)
_UNSAFE = re.compile(r'["\\\x00-\x1f]')


@dataclass(frozen=True)
class Unwrapped:
    """The text of a reply with its JSON documents unwrapped, and where its strings were."""

    text: str
    documents: tuple[tuple[int, int], ...]       # (start, end) offsets of each document
    plain: tuple[tuple, ...]     # (start, end, what a fix there may not hold): unescaped contents
    values: tuple[tuple, ...]    # every value string's (start, end, keys above, keys beside)
    scripts: tuple = ()          # (start, end, `reply_z3.Script`) of each z3py script read

    def kind(self, s: int, e: int) -> str:
        """What the document over text[s:e] is: `JSON document`, `YAML document`, `z3py
        script`, `Python script` (by its syntax)."""
        for a, b in self.documents:
            if s < b and a < max(e, s + 1):
                if any(x <= a < y or a <= x < b for x, y, _ in self.scripts):
                    return "z3py script"
                if self.original[a:b].lstrip()[:1] in "{[":
                    return "JSON document"
                return "YAML document" if _is_yaml(self.original[a:b]) else "Python script"
        return "document"
    original: str = ""


def _string_end(text: str, i: int) -> int:
    """The offset of the quote closing the string whose opening quote is at `i`."""
    j = i + 1
    while True:
        c = text[j]
        if c == "\\":
            j += 2
        elif c == '"':
            return j
        else:
            j += 1


def _decoded(raw: str) -> str:
    """A string's content as its characters, padded to the length it is written in: the
    padding goes before a character an escape writes (`\\u2200` is five spaces and `∀`,
    `\\\\forall` a space and `\\forall`), and an escaped line break is two spaces, so the
    document's lines stay the file's."""
    out = []
    i = 0
    while i < len(raw):
        c = raw[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = raw[i + 1]
        if e == "u":
            code = int(raw[i + 2:i + 6], 16)
            width = 6
            if 0xD800 <= code < 0xDC00 and raw[i + 6:i + 8] == "\\u":
                low = int(raw[i + 8:i + 12], 16)
                code, width = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00), 12
            out.append(" " * (width - 1) + (chr(code) if code >= 0x20 else " "))
            i += width
        else:
            out.append(_ESCAPES.get(e, " " + e))
            i += 2
    return "".join(out)


def _mask(text: str, lo: int, hi: int, out: list[str], plain: list, values: list) -> bool:
    """Write into `out` the unwrapped form of the document text[lo:hi]; False when no
    string of it may be logic (a document of data, left as it is). `values` gets each value
    string's content, the keys above it (`("conclusion", "fol")`) and the keys beside it
    (of the object it is a member of; none for an item of a list)."""
    logic = False
    role = False                  # a key names logic, or the document is a list of strings
    stack: list[tuple[str, list | None]] = []   # each open container: its key, its keys
    key = ""                      # the key just read, for the value after it
    i = lo
    while i < hi:
        c = text[i]
        if c == '"':
            j = _string_end(text, i)
            raw = text[i + 1:j]
            k = j + 1
            while k < hi and text[k] in " \t\r\n":
                k += 1
            if k < hi and text[k] == ":":                 # a key: a label before its value
                role = role or bool(_LOGIC_KEYS.match(raw))
                out[i] = " "
                out[i + 1:j] = list(raw if "\\" not in raw else _decoded(raw))
                out[j] = ":"
                out[k] = " "
                key = raw
                if stack and stack[-1][1] is not None:
                    stack[-1][1].append(raw)
                i = k + 1
                continue
            out[i] = out[j] = " "
            role = role or len(stack) == 1 and stack[0][1] is None
            path = tuple(x for x, _ in stack if x) + ((key,) if key else ())
            beside = stack[-1][1] if stack and key else None
            values.append((i + 1, j, path, beside))
            key = ""
            if "\\" in raw:
                out[i + 1:j] = list(_decoded(raw))
            else:
                plain.append((i + 1, j, _UNSAFE))
            logic = logic or bool(_LOGIC.search(raw))
            i = j + 1
            continue
        if c in "[{":
            stack.append((key, [] if c == "{" else None))
            key = ""
        elif c in "]}":
            if stack:
                stack.pop()
        elif c == ",":
            key = ""
        if c not in " \t\r\n":
            out[i] = " "       # brackets, commas, numbers, true, false, null
        i += 1
    return logic and role


_last: tuple | None = None     # (the text last unwrapped, its unwrapping): `unwrap`


def unwrap(text: str) -> Unwrapped | None:
    """`_unwrap`, remembered for the last text, by identity: the reply layer of every reader
    that reads a reply, and the language decision, ask it of the same text in turn (one
    tuple, read and replaced whole)."""
    global _last
    last = _last
    if last is None or last[0] is not text:
        last = _last = (text, _unwrap(text))
    return last[1]


def outside(text: str) -> str:
    """`text` with its unwrapped documents blanked (line breaks kept): what of it is no
    document's (`text` itself when it has none)."""
    found = unwrap(text)
    if found is None or not found.documents:
        return text
    out = list(text)
    for a, b in found.documents:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "
    return "".join(out)


def _unwrap(text: str) -> Unwrapped | None:
    """`text` with each JSON document in it unwrapped (a document: an object or array that
    opens a line and parses as JSON, with a string that may be logic), or None when it has
    none. A fence tagged `json` over a document loses its tag, so the block is read as logic."""
    z3 = "z3" in text and _Z3_HINT().search(text) is not None
    script = "```" in text and (z3 or _PYTHON_FENCE.search(text) is not None)
    yaml = candidate(text)
    if z3 and "```" not in text:     # a bare z3py script, prose around it (`sedac.reply_z3`)
        from .reply_z3 import bare_span, mask as z3_mask
        span = bare_span(text)
        out, plain, values, scripts = list(text), [], [], []
        if span is not None and z3_mask(text, span[0], span[1], out, plain, values, scripts):
            return Unwrapped("".join(out), (span,), (), tuple(values), tuple(scripts), text)
    if not script and not yaml and ('"' not in text or ("{" not in text and "[" not in text)):
        return None
    decoder = json.JSONDecoder()
    out: list[str] | None = None
    documents, plain, values = [], [], []
    pos = 0
    for m in _OPENS.finditer(text) if '"' in text else ():
        start = m.end() - 1
        if start < pos:
            continue
        try:
            value, end = decoder.raw_decode(text, start)
        except ValueError:
            continue
        if not isinstance(value, (dict, list)) or '"' not in text[start:end]:
            continue
        chars = list(text) if out is None else out
        found: list = []
        vals: list = []
        if not _mask(text, start, end, chars, found, vals):
            continue
        values.extend(vals)
        out = chars
        documents.append((start, end))
        plain.extend(found)
        pos = end
        # the fence over it, if any: ```` ```json ```` is a block of data to the reply layer
        line_start = text.rfind("\n", 0, start) + 1
        if line_start:
            blank_fence_tag(text, out, text.rfind("\n", 0, line_start - 1) + 1, _JSON_TAGS)
    if yaml:
        from .reply_yaml import mask as yaml_mask
        out = yaml_mask(text, out, documents, plain, values, _decoded,
                        _LOGIC.search, _LOGIC_KEYS.match)
    scripts: list = []
    if script:
        from .reply_python import scripts as python_scripts
        out = python_scripts(text, out, documents, plain, values, scripts)
    if out is None:
        return None
    return Unwrapped("".join(out), tuple(documents), tuple(plain), tuple(values), tuple(scripts),
                     text)


def _is_yaml(body: str) -> bool:
    return "```" not in body.split("\n", 1)[0] and not body.lstrip().startswith(("{", "["))


def _Z3_HINT():
    from .reply_z3 import HINT
    return HINT


def blank_fence_tag(text: str, out: list[str], line: int, tags=None) -> None:
    """Blank in `out` the tag of the fence opening at offset `line` of `text` (when `tags`
    is given, only one of them): a block of data or code unwrapped is logic to the reply
    layer, no longer a block of `json`, `yaml` or `python`."""
    tag = _FENCE_TAG_ANY.match(text, line)
    if tag and (tags is None or tag.group(1).lower() in tags):
        for k in range(tag.start(1), tag.end(1)):
            out[k] = " "


_FENCE_TAG_ANY = re.compile(r"[ \t]*(?:`{3,}|~{3,})[ \t]*(\w*)")
_PYTHON_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*(?:python3?|py)\b", re.M | re.I)


# keys that say a document holds logic (`premises`, `fol`, `conclusion`, `premise_1`): a
# record of data (`{"id": 1, "raw_output": "cat(tom)."}`) is no reply
_ROLE_WORDS = (r"premises?|conclusions?|axioms?|facts?|rules?|goals?|query|queries|hypothes[ie]s|"
               r"questions?|formulas?|formulae|fol|logic|translations?|statements?|clauses?|program|"
               r"code|prolog|tptp|conjectures?|theorems?|constraints?|assumptions?|knowledge[ _-]?base|"
               r"kb|predicates|constants|claims?|target|to[ _-]?prove|expressions?|background")
_LOGIC_KEYS = re.compile(rf"(?i)^(?:(?:fol|nl|logical?)[ _-]?)?(?:{_ROLE_WORDS})"
                         r"(?:[ _-]?(?:\d+|fol|formulas?|list|in[ _-]fol|logic))?$")
# keys whose strings are the natural language beside the logic, and keys of the question
_PROSE_KEYS = re.compile(r"(?i)^(?:sentence|nl|text|natural[ _-]?language|english|explanation|"
                         r"reasoning|comment|description|note|answer|label|result|truth[ _-]?value|"
                         r"verdict|context|meaning|gloss|original|source|statement[ _-]?text)s?$")
_QUERY_KEYS = re.compile(r"(?i)^(?:conclusion|query|goal|hypothesis|question|conjecture|target|"
                         r"claim|to[ _-]?prove|theorem)s?$")


def by_line(text: str, values, starts: list[int]) -> dict[int, list[tuple]]:
    """{line number: the value strings that begin on it (`Unwrapped.values`)}; `starts`:
    each line's offset in `text`."""
    import bisect
    out: dict[int, list] = {}
    for v in values:
        out.setdefault(bisect.bisect_right(starts, v[0]), []).append(v)
    return out


_CLAUSE = re.compile(r"\w\s*\(|:-|^\s*[a-z]\w*\s*\.\s*$")
# keys that name a formula and nothing of its role: its siblings say what it is
_NEUTRAL_KEYS = re.compile(r"(?i)^(?:fol|formula|logic|translation|expression|code|fol[ _-]?\w*|"
                           r"\w*[ _-]?fol|prolog|tptp|smt(?:lib)?|prover9)$")


def read_line(text: str, found, reads, clausal: bool) -> tuple[list, list, str]:
    """(the logic parts of a document's line, whether each is the question, the gloss beside
    them) from its value strings `found`. A string is logic when its key names no prose and
    it reads as the reader's (`reads`; for a clausal reader, which reads no line alone: when
    it has a clause's shape); the strings of prose keys, and the others, are the gloss. A
    string is the question when a key above it names one (`"conclusion": ...`), or when its
    own key only names a formula (`"fol"`) and a key beside it names the question
    (`{"question": "Is Rex alive?", "fol": ...}`). Under a clausal reader, a question that is
    no `?-` query stays prose (written as a clause it would be a fact)."""
    parts, kinds, glosses = [], [], []
    for a, b, path, beside in found:
        body = text[a:b]
        s = body.strip()
        if not s:
            continue
        lo = a + len(body) - len(body.lstrip())
        key = path[-1] if path else ""
        query = any(_QUERY_KEYS.match(k) for k in path) or bool(
            beside and _NEUTRAL_KEYS.match(key) and any(_QUERY_KEYS.match(k) for k in beside))
        ok = not _PROSE_KEYS.match(key) and (bool(_CLAUSE.search(s)) if clausal else reads(s))
        if ok and clausal and query and not s.startswith("?-"):
            ok = False
        if ok:
            parts.append((lo, lo + len(s)))
            kinds.append("query" if query or s.startswith("?-") else "statement")
        else:
            glosses.append(s)
    return parts, kinds, " ".join(glosses)


def writable(text: str, fixes) -> tuple[list, list]:
    """(the fixes a reply's documents can take, those they cannot): a fix outside every
    document is written as usual; inside a JSON or YAML one, only a replacement within one
    unescaped string, of text the string holds as it is; inside a z3py script, only a fix of
    one asserted expression, written back as z3py (`sedac.reply_z3.rewrite`, the fix made
    that edit)."""
    found = unwrap(text)
    if found is None:
        return list(fixes), []
    ok, refused = [], []
    for d in fixes:
        span = d.fix.span or d.span
        s, e = span.start, span.end
        inside = [(a, b) for a, b in found.documents if s < b and a < max(e, s + 1)]
        if not inside:
            # (a clause added beside a reply's documents lands where no reader of them, a
            # JSON or YAML parser or Python, sees it, or breaks the file for them)
            (refused if s == e and (d.fix.replacement or "").strip() else ok).append(d)
            continue
        script = next((sc for a, b, sc in found.scripts if a <= s and e <= b), None)
        if script is not None:
            made = _z3_fix(text, found, script, d, s, e)
            (ok if made is not None else refused).append(made or d)
            continue
        repl = d.fix.replacement or ""
        fits = any(p[0] <= s and e <= p[1] and not (p[2] if len(p) > 2 else _UNSAFE).search(repl)
                   for p in found.plain)
        (ok if fits else refused).append(d)
    return ok, refused


def _z3_fix(text: str, found: Unwrapped, script, d, s: int, e: int):
    """The diagnostic `d` with its fix written as a z3py edit of `script`, or None."""
    from dataclasses import replace
    from .program import LineIndex
    from .reply_z3 import rewrite
    if d.fix.applicability == "display-only":
        return None
    got = rewrite(text, found.text, script, s, e, d.fix.replacement or "")
    if got is None:
        return None
    a, b, z3 = got
    return replace(d, fix=replace(d.fix, span=LineIndex(text).span(a, b), replacement=z3))
