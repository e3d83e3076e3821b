"""A reply whose logic is in the strings of a Python script: `premises = [read('all
x.(dog(x) -> animal(x))'), ...]`, `goal = Expression.fromstring('animal(rex)')`, a
triple-quoted block of formulas, the lists a script hands to NLTK's or another prover's
interface.

`mask` unwraps such a script the way `sedac.reply_json` unwraps a JSON document: the code
becomes spaces, the content of each string assigned to a name stays where it is written,
and the name is the string's key (`goal` names the question, `premises` the statements).
Strings the script only passes to calls (`prover.prove(read('red(harry)'), premises)`,
`print('True')`) are its workings, not its premises, and are blanked with the code.
"""
from __future__ import annotations

import io
import keyword
import re
import tokenize

_PREFIX = re.compile(r"^([rRuU]?)('''|\"\"\"|'|\")")
_GROWS = frozenset({"append", "extend", "add", "insert"})      # `premises.append('...')`


def _target(tokens) -> str:
    """The name a logical line assigns (`premises = [...]`, `kb.goal: str = '...'`,
    `premises += [...]`, `premises.append('...')`), or ""."""
    if not tokens or tokens[0].type != tokenize.NAME or keyword.iskeyword(tokens[0].string):
        return ""                 # (`elif prover.prove(read('...'), kb):` assigns nothing)
    names, depth = [], 0
    for t in tokens:
        if t.type == tokenize.OP and t.string in "([{":
            if depth == 0 and t.string == "(" and len(names) >= 2 and names[-1] in _GROWS:
                return names[-2]
            depth += 1
        elif t.type == tokenize.OP and t.string in ")]}":
            depth -= 1
        elif depth == 0 and t.type == tokenize.OP and t.string in ("=", "+=", ":"):
            return names[-1] if names else ""
        elif depth == 0 and t.type == tokenize.NAME:
            names.append(t.string)
        elif depth == 0 and not (t.type == tokenize.OP and t.string == "."):
            return ""
    return ""


def mask(text: str, lo: int, hi: int, out: list[str], plain: list, values: list,
         decoded) -> bool:
    """Write into `out` the unwrapped form of the script text[lo:hi] (`decoded`: how an
    escaped string reads, padded to its length); False when it assigns no string (or it
    does not tokenize). `values` gets each assigned string's content, line by line, with
    its name as its key."""
    body = text[lo:hi]
    starts = [0]
    for line in body.split("\n"):
        starts.append(starts[-1] + len(line) + 1)

    def at(pos) -> int:
        return lo + starts[pos[0] - 1] + pos[1]

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(body).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return False
    found = False
    first = len(values)
    line: list = []
    for t in tokens:
        if t.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            if t.type not in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT):
                line.append(t)
            continue
        key = _target(line)
        for s in line:
            if s.type != tokenize.STRING or not key:
                continue
            m = _PREFIX.match(s.string)
            if m is None:              # (f-strings and bytes are the script's own)
                continue
            a, b = at(s.start) + m.end(), at(s.end) - len(m.group(2))
            raw = text[a:b]
            escaped = "\\" in raw and not m.group(1).lower() == "r"
            if escaped:
                out[a:b] = list(decoded(raw))
            else:
                out[a:b] = list(raw)
            k = a
            for piece in raw.split("\n"):          # (a triple-quoted string: one per line)
                if piece.strip():
                    values.append((k, k + len(piece), (key,), None))
                    if not escaped:
                        plain.append((k, k + len(piece)))
                k += len(piece) + 1
            found = True
        line = []
    # everything but the strings' contents is code: spaces, the lines kept
    keep = {k for v in values[first:] for k in range(v[0], v[1])}
    for k in range(lo, hi):
        if k not in keep and text[k] != "\n":
            out[k] = " "
    return found


_PYTHON_TAGS = frozenset({"python", "py", "python3"})


def scripts(text: str, out, documents: list, plain: list, values: list, z3: list):
    """Unwrap the fenced Python blocks of a reply whose logic is nowhere else
    (`sedac.reply_python`): with a block of formulas beside it, a script only restates them."""
    from .readers.markdown import NOT_LOGIC, blocks
    from .reply_json import _LOGIC, _Z3_HINT, _decoded, blank_fence_tag
    found = blocks(text)

    def z3_block(b) -> bool:         # (an untagged fence over a z3py script is one too)
        return not b.tag and _Z3_HINT().search(
            text, line_start(text, b.first), line_start(text, b.last + 1) - 1) is not None

    scripts = [b for b in found if b.last >= b.first and (b.tag.lower() in _PYTHON_TAGS or z3_block(b))]
    if not scripts or any(b.tag.lower() not in NOT_LOGIC and b.last >= b.first and b not in scripts
                          and not any(a <= line_start(text, b.first) < z for a, z in documents)
                          for b in found):
        return out
    for b in scripts:
        lo, hi = line_start(text, b.first), line_start(text, b.last + 1) - 1
        chars = list(text) if out is None else list(out)
        vals: list = []
        pl: list = []
        if _Z3_HINT().search(text, lo, hi):      # a z3py script (`sedac.reply_z3`)
            from .reply_z3 import mask as z3_mask
            if not z3_mask(text, lo, hi, chars, pl, vals, z3):
                continue
        elif not mask(text, lo, hi, chars, pl, vals, _decoded) or \
                not any(_LOGIC.search(text[a:z]) for a, z, _, _ in vals):
            continue
        out = chars
        # (its fences too: made comments, they would leave the script no block to run in)
        close = line_start(text, b.close_line + 1) - 1 if b.close_line else hi
        documents.append((line_start(text, b.open_line), close))
        plain.extend(pl)
        values.extend(vals)
        blank_fence_tag(text, out, line_start(text, b.open_line))
    return out


def line_start(text: str, n: int) -> int:
    """The offset of line `n` (1-based) of `text`; past its end, its length + 1."""
    pos = 0
    for _ in range(n - 1):
        nl = text.find("\n", pos)
        if nl == -1:
            return len(text) + 1
        pos = nl + 1
    return pos
