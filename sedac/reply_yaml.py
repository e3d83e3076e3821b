"""A reply written as YAML: its logic is in the scalars.

Asked for structured output, a model may answer in YAML instead of JSON:

    premises:
      - "∀x (Dog(x) → Animal(x))"
      - 'Dog(rex)'
    conclusion: "Animal(rex)"

or with block scalars (`premises: |` over a formula a line), flow sequences
(`premises: ["Dog(rex)", ...]`) and lists of `- nl: ... / fol: ...` mappings. `mask` unwraps
each such document the way `sedac.reply_json` unwraps a JSON one, into text of the same
length, line for line: the keys stay as written (labels, `conclusion:`), the YAML syntax
(dashes, quotes, block indicators, comments) becomes spaces and each scalar's content stays
where it is written. A hand reader of the subset models write, no YAML library.

A document is taken as YAML only when it shows YAML's own syntax (a quoted scalar, a block
scalar, a flow sequence, a list of mappings of several keys, or a fence tagged `yaml` over
it, unquoted scalars and all): one `Premises:` over
`- ∀x ...` lines, or `- P1: ∀x ...` labels, unfenced, is the plain layout the reply layer
reads already. Every line of it must be YAML-shaped; the first
line that is not (prose) ends it.

Each scalar's content is given with what a fix written into it may not hold (`plain`): in a
double-quoted scalar a quote or backslash, in a single-quoted one a quote, in a plain one
`: `, ` #` or a leading indicator; a scalar with escapes takes no fix.
"""
from __future__ import annotations

import re

_KEY = re.compile(r"([ \t]*)(-[ \t]+)?([A-Za-z_][\w \-]*?)[ \t]*:(?=[ \t]|$)")
_ITEM = re.compile(r"([ \t]*)-(?=[ \t]|$)")
_BLOCK = re.compile(r"[|>][-+]?\d*[ \t]*(?:#.*)?$")
_COMMENT = re.compile(r"[ \t]+#.*$|^#.*$")
_MARKERS = re.compile(r"(?m)^[ \t]*(?:-[ \t]+)?(?:[\w \-]+:[ \t]*)?[\"'|>\[]")
# what a replacement may not hold, by the scalar's style
_NO_DQ = re.compile(r'["\\\n\x00-\x1f]')
_NO_SQ = re.compile(r"['\n\x00-\x1f]")
_NO_PLAIN = re.compile(r"^[-?:,\[\]{}#&*!|>'\"%@`]|: | #|:$|\n|[\x00-\x1f]")
_NO_BLOCK = re.compile(r"\n|[\x00-\x1f]")


_YAML_FENCE = re.compile(r"[ \t]*(?:`{3,}|~{3,})[ \t]*ya?ml[ \t]*$", re.I)


_YAML_FENCES = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*ya?ml[ \t]*$", re.I | re.M)


# a list item that is a mapping of several keys, unquoted: `- nl: ...` over `  fol: ...`
_MAPPING_ITEM = re.compile(r"(?m)^([ \t]*)-[ \t]+[A-Za-z_][\w \-]*:[ \t].*\n\1[ \t]+[A-Za-z_][\w \-]*:[ \t]")


def _yaml_fence(line: str) -> bool:
    return _YAML_FENCE.match(line) is not None


def candidate(text: str) -> bool:
    """Whether `text` may hold a YAML document (cheap: a key or item before a quote, a block
    indicator or a flow sequence)."""
    return ":" in text and (_MARKERS.search(text) is not None or
                            _YAML_FENCES.search(text) is not None or
                            _MAPPING_ITEM.search(text) is not None)


def _quoted(line: str, i: int):
    """(content start, content end, closing offset + 1, escaped) of the quoted scalar opening
    at `line[i]`, or None when it does not close on the line."""
    q = line[i]
    j = i + 1
    escaped = False
    while j < len(line):
        c = line[j]
        if q == '"' and c == "\\":
            escaped = True
            j += 2
            continue
        if c == q:
            if q == "'" and line[j + 1:j + 2] == "'":
                escaped = True
                j += 2
                continue
            return i + 1, j, j + 1, escaped
        j += 1
    return None


def _rest_ok(line: str, k: int) -> bool:
    """Nothing but spaces or a comment after offset `k` of a line."""
    rest = line[k:]
    return not rest.strip() or _COMMENT.match(rest) is not None


class _Doc:
    """The scalars of one document being read: (start, end, path, mapping, forbid)."""

    def __init__(self):
        self.scalars: list = []
        self.mappings: dict = {}
        self.yaml = False            # it shows YAML's own syntax
        self.blank: list = []        # (start, end) of syntax to blank

    def scalar(self, a, b, path, mapping, forbid, decoded=None):
        self.scalars.append((a, b, path, mapping, forbid, decoded))


def _value(line: str, base: int, i: int, doc: _Doc, path, mapping, decoded) -> str | None:
    """Read the value written from `line[i]` (after a key or a dash); "block" when it opens
    a block scalar, "" when there is none (a nested block follows), None when it is no YAML
    value."""
    rest = line[i:]
    if not rest.strip() or _COMMENT.match(rest):
        doc.blank.append((base + i, base + len(line)))
        return ""
    lead = len(rest) - len(rest.lstrip())
    i += lead
    c = line[i]
    if c in "\"'":
        q = _quoted(line, i)
        if q is None or not _rest_ok(line, q[2]):
            return None
        a, b, end, escaped = q
        doc.yaml = True
        doc.blank.append((base + i, base + a))
        doc.blank.append((base + b, base + len(line)))
        if escaped:
            doc.scalar(base + a, base + b, path, mapping, None,
                       decoded(line[a:b]) if c == '"' else line[a:b].replace("''", " '"))
        else:
            doc.scalar(base + a, base + b, path, mapping, _NO_DQ if c == '"' else _NO_SQ)
        return "value"
    if _BLOCK.match(line, i):
        doc.yaml = True
        doc.blank.append((base + i, base + len(line)))
        return "block"
    if c == "[":
        return _flow(line, base, i, doc, path, decoded)
    if c in "{&*!%@`":
        return None
    body = rest[lead:]
    cm = re.search(r"[ \t]#", body)
    if cm is not None:
        doc.blank.append((base + i + cm.start(), base + len(line)))
        body = body[:cm.start()]
    body = body.rstrip()
    if ": " in body or body.endswith(":"):
        return None
    doc.scalar(base + i, base + i + len(body), path, mapping, _NO_PLAIN)
    return "value"


def _flow(line: str, base: int, i: int, doc: _Doc, path, decoded) -> str | None:
    """A flow sequence of scalars on one line: `["Dog(rex)", 'Cat(tom)']`."""
    j = i + 1
    found = []
    while True:
        while j < len(line) and line[j] in " \t":
            j += 1
        if j >= len(line):
            return None
        c = line[j]
        if c == "]" and not found:
            break
        if c in "\"'":
            q = _quoted(line, j)
            if q is None:
                return None
            a, b, end, escaped = q
            found.append((a, b, c, escaped))
            j = end
        else:
            return None        # (plain scalars in a flow sequence: `,` in formulas is ambiguous)
        while j < len(line) and line[j] in " \t":
            j += 1
        if j < len(line) and line[j] == ",":
            j += 1
            continue
        if j < len(line) and line[j] == "]":
            break
        return None
    if not _rest_ok(line, j + 1):
        return None
    doc.yaml = True
    k = i
    for a, b, c, escaped in found:
        doc.blank.append((base + k, base + a))
        if escaped:
            doc.scalar(base + a, base + b, path, None, None,
                       decoded(line[a:b]) if c == '"' else line[a:b].replace("''", " '"))
        else:
            doc.scalar(base + a, base + b, path, None, _NO_DQ if c == '"' else _NO_SQ)
        k = b
    doc.blank.append((base + k, base + len(line)))
    return "value"


def _read(lines: list[tuple[int, str]], start: int, decoded) -> tuple[int, _Doc] | None:
    """The document whose first line is lines[start] (a key line): (index after its last
    line, what it holds), or None."""
    doc = _Doc()
    stack: list[tuple[int, str]] = []            # (indent, key) above the line
    items: list[tuple[int, int]] = []            # (indent, id) of the open list items
    block: tuple[int, tuple, object] | None = None     # (indent, path, mapping) of a `|`
    base_indent = None
    n = start
    count = 0
    while n < len(lines):
        off, line = lines[n]
        s = line.strip()
        if block is not None:
            ind = len(line) - len(line.lstrip())
            if not s or ind > block[0]:
                if s:
                    doc.scalar(off + ind, off + len(line.rstrip()), block[1], block[2], _NO_BLOCK)
                n += 1
                continue
            block = None
        if not s or s.startswith("#") or s in ("---", "..."):
            if s:
                doc.blank.append((off, off + len(line)))
            n += 1
            continue
        m = _KEY.match(line)
        item = _ITEM.match(line) if m is None else None
        if m is None and item is None:
            break
        indent = len((m or item).group(1))
        if base_indent is None:
            base_indent = indent
        if indent < base_indent:
            break
        if m is not None:
            dash = m.group(2)
            if dash:
                while items and items[-1][0] >= indent:
                    items.pop()
                count += 1
                items.append((indent, count))
                doc.blank.append((off + indent, off + indent + 1))
                indent += len(dash)
            while stack and stack[-1][0] >= indent:
                stack.pop()
            while items and items[-1][0] >= indent:
                items.pop()
            key = m.group(3).strip()
            mapping = (indent, items[-1][1] if items else -1, tuple(k for _, k in stack))
            if not dash and items and doc.mappings.get(mapping):
                doc.yaml = True     # a list of mappings of several keys (`- nl: ...` / `fol: ...`)
            doc.mappings.setdefault(mapping, []).append(key)
            path = tuple(k for _, k in stack) + (key,)
            got = _value(line, off, m.end(), doc, path, mapping, decoded)
            if got is None:
                break
            if got == "block":
                block = (indent, path, mapping)
            stack.append((indent, key))
        else:
            while stack and stack[-1][0] > indent:
                stack.pop()
            while items and items[-1][0] >= indent:
                items.pop()
            count += 1
            items.append((indent, count))
            doc.blank.append((off + indent, off + indent + 1))
            path = tuple(k for _, k in stack)
            got = _value(line, off, item.end(), doc, path, None, decoded)
            if got is None:
                break
            if got == "block":
                block = (indent, path, None)
        n += 1
    return (n, doc) if doc.scalars else None


def mask(text: str, out: list[str] | None, documents: list, plain: list, values: list,
         decoded, logic, role) -> list[str] | None:
    """Unwrap the YAML documents of `text` outside `documents` (the JSON ones) into `out`
    (a copy of `text` made when the first is found; returned). `logic` says a scalar may be
    logic, `role` a key names logic; `decoded` reads an escaped double-quoted scalar."""
    taken = list(documents)
    lines: list[tuple[int, str]] = []
    pos = 0
    for line in text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    n = 0
    while n < len(lines):
        off, line = lines[n]
        if _KEY.match(line) is None or any(a <= off < b for a, b in taken):
            n += 1
            continue
        got = _read(lines, n, decoded)
        if got is None:
            n += 1
            continue
        end, doc = got
        last = end - 1
        while last > n and not lines[last][1].strip():
            last -= 1
        first = n          # (the comments and `---` above it are its own)
        while first and lines[first - 1][1].strip().startswith(("#", "---")) and \
                not any(a <= lines[first - 1][0] < b for a, b in taken):
            first -= 1
        # a fence tagged `yaml` declares its block YAML, plain scalars and all
        doc.yaml = doc.yaml or bool(first and _yaml_fence(lines[first - 1][1]))
        keys = {k for _, _, p, _, _, _ in doc.scalars for k in p}
        if not doc.yaml or not any(role(k) for k in keys) or \
                not any(logic(text[a:b] if d is None else d) for a, b, _, _, _, d in doc.scalars):
            n = end
            continue
        for k in range(first, n):
            doc.blank.append((lines[k][0], lines[k][0] + len(lines[k][1])))
        lo, hi = lines[first][0], lines[last][0] + len(lines[last][1])
        if any(a < hi and lo < b for a, b in taken):
            n = end
            continue
        if out is None:
            out = list(text)
        for a, b in doc.blank:
            for k in range(a, b):
                if out[k] != "\n":
                    out[k] = " "
        for a, b, path, mapping, forbid, d in doc.scalars:
            if d is not None:
                out[a:b] = list(d)
            elif forbid is not None:
                plain.append((a, b, forbid))
            values.append((a, b, path, doc.mappings.get(mapping) if mapping else None))
        documents.append((lo, hi))
        taken.append((lo, hi))
        if first:
            from .reply_json import blank_fence_tag
            blank_fence_tag(text, out, lines[first - 1][0], ("yaml", "yml"))
        n = end
    return out
