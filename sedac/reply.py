"""The reply layer: what in a model's reply is logic, and what is the reply around it.

A reply holds prose, headings (`**Premises:**`, `### Conclusion`, `Statement to evaluate:`),
bold labels, bullets and numbering (`1.`, `P1:`, `[1]`, `(a)`, `- F1.`), LaTeX delimiters
(`$...$`, `\\begin{align*}`, `P_{1} &:\\ ... \\\\`), Markdown fences, pasted solver output and
the sentence a formula is glossed with (`— sentence`, `-- sentence`, `% sentence`,
`, "sentence"`, `&& \\text{sentence}`, an italic line after the formula). `split` separates
them from the logic once, for every language: each line gets a role, each logic line the
span of its logic (decorations aside), its gloss and the kind of section it is under.

Readers read `Layout.masked`: the text with every character that is not logic replaced by
a space (newlines kept), so offsets and spans are the original's. `Layout.diagnostics`
names what is not logic; their safe fixes turn those lines into comments of the file's
language, never delete them, and the layout reads its own fixed output back the same way
(a heading made a comment still opens its section).

A reader takes part through a few attributes (see `readers.base.Reader`): `lang`,
`clausal` (clauses span lines, so fenced code is code as a whole), `comment_marks`,
`own_headers` (section names its own format writes, kept for it) and `reads(candidate)`
(whether one line's logic parses, for line-based formats).
"""
from __future__ import annotations

import re

from .asked import _FORMULA as _ASKS_NOT, asked
from .glosses import sentence
from .readers.markdown import MATH_TAGS as _MATH_TAGS, NOT_LOGIC, TAG_LANGS, blocks
from .reply_blocks import aside
# (the layout, the headings and the lines' logic live in their own modules; their names are
# importable from here as they always were)
from .reply_headings import (_ASIDE, _ATX, _BARE, _BOLD, _IGNORED, _NAME_HEAD, _NAME_TAIL,  # noqa: F401
                             _NOINDENT, _PLAIN, _PROSE, _QUERY, _STATEMENT, _TEX_BOLD, _TEX_SECTION,
                             _TRAILING, _name, _open, heading, kind_of)
from .reply_layout import ASKED, Layout, Line  # noqa: F401
from .reply_lines import (MAX_GLOSS, _BULLET, _CLOSE, _GLOSS, _GLOSS_HAS, _LABEL, _OPEN,  # noqa: F401
                          _QUERY_LABEL, _SPACED_BULLET, _SYMBOLS, _WEAK_GLOSS, _WEAK_GLOSS_HAS, _WORD,
                          _gloss_text, candidate, formula_like)
from .reply_rows import FOREIGN_COMMENT as _FOREIGN_COMMENT, TABLE_ROW as _TABLE_ROW, \
    TABLE_RULE as _TABLE_RULE, LEAD_HAS as _LEAD_HAS, glosses as _glosses, lead as _lead, row as _row, \
    several as _several

_TAGGED = re.compile(r"^\s*[A-Z]{2,}\s*:")
_MARKUP = re.compile(r"^\s*(\$\$|\\\[|\\\]|\\begin\{\w+\*?\}(?:\{[^{}]*\}|\[[^\]]*\])*|\\end\{\w+\*?\}"
                     r"|-{3,}|={3,}|\*{3,}|\\(?:noindent|medskip|bigskip|smallskip|hline|newline)\b)\s*$")
_GLOSS_LINE = re.compile(r"^\s*(\*[^*].*\*|_.*_|\".*\"|“.*”|\(\".*\"\))\s*$")
_MARKER = re.compile(r"^\s*(<<+|>>+)\s*$")
# What a solver prints, pasted into the reply: `A = false.`, `true.`, `yes`, `THEOREM PROVED`.
_OUTPUT = re.compile(
    r"^\s*((true|false|yes|no)\s*[.;]?|[A-Z_]\w*\s*=\s*('[^']*'|\w+)\s*[.;]?|"
    r"THEOREM PROVED|SEARCH FAILED|% SZS status.*|SZS status.*)\s*$")
_CHATTER = re.compile(
    r"^\s*(here\b|sure\b|certainly\b|okay\b|ok\b|note\b|explanation\b|this (program|code)\b|"
    r"the (following|program|code|query|answer)\b|below\b|in this\b|i (have|will|'ve)\b|"
    r"let's\b|answer\b|output\b|prolog (code|program)\b|query\b\s*:)", re.I)


def _glossy(s: str) -> bool:
    """`_GLOSS_LINE.match(s)`, tried only on a line that begins (white space aside) with one
    of the pattern's first characters."""
    return s.lstrip()[:1] in _GLOSS_FIRST and bool(_GLOSS_LINE.match(s))


_GLOSS_FIRST = frozenset("*_\"“(")


def _logic_in_words(said: str) -> bool:
    """Whether a line that reads as logic and as a sentence is a formula written in words
    (`not cat`, `cat or dog`: connectives between names, in a file that writes its names in
    lower case): a connective, and no word of English (`is`, `a`, `every`) that no formula
    holds. A gloss says what its formula says in such words (`Cats are mammals`, `Tom is a
    cat`); a formula taken for one would be made a comment, a premise dropped."""
    from .glosses import _CONNECTIVES
    from .text_vocab import FUNCTION_WORDS
    words = [w.strip(".,;:!?").lower() for w in said.split()]
    return any(w in _CONNECTIVES for w in words) and \
        all(w in _CONNECTIVES or w not in FUNCTION_WORDS for w in words)


def _uncomment(s: str, marks) -> str | None:
    t = s.strip()
    for m in marks:
        if t.startswith(m):
            return t[len(m):].strip()
    return None


def split(text: str, reader, limit: int | None = None) -> Layout:
    """The layout of `text` for `reader` (see the module's doc). With `limit`, at most that
    many candidate lines are probed (a sample, for choosing the language)."""
    from .reply_json import by_line, read_line, unwrap
    unwrapped = unwrap(text)      # a JSON document's strings, where they are written
    documents = ()
    if unwrapped is not None:
        text, documents = unwrapped.text, unwrapped.documents
    raw = text.split("\n")
    lines, offset = [], 0
    for n, s in enumerate(raw, start=1):
        lines.append(Line(n, offset, s))
        offset += len(s) + 1
    in_json = {} if unwrapped is None else \
        by_line(text, unwrapped.values, [ln.start for ln in lines])
    json_lines = set() if unwrapped is None else \
        {ln.n for ln in lines if any(a <= ln.start < b for a, b in documents)} | set(in_json)
    marks = tuple(getattr(reader, "comment_marks", ("%",)))
    clausal = getattr(reader, "clausal", False)
    own = frozenset(getattr(reader, "own_headers", ()))
    lang = getattr(reader, "lang", "?")
    in_block: dict[int, object] = {}
    candidate_blocks, other = [], []
    for b in blocks(text):
        tag = b.tag.lower()
        lines[b.open_line - 1].role = "fence"
        if b.close_line is not None:
            lines[b.close_line - 1].role = "fence"
        ok = (tag not in NOT_LOGIC or (tag in _MATH_TAGS and not clausal)) \
            and TAG_LANGS.get(tag, lang) == lang
        (candidate_blocks if ok else other).append(b)
        for k in range(b.first, b.last + 1):
            in_block[k] = b if ok else None
    # several blocks of this language: solver output and replaced attempts are left aside
    set_aside = aside(text, candidate_blocks) if len(candidate_blocks) > 1 or any(
        b.tag.lower() not in TAG_LANGS for b in candidate_blocks) else {}
    aside_why: dict[int, str] = {}
    for b in candidate_blocks:
        if b.open_line in set_aside:
            other.append(b)
            for k in range(b.first, b.last + 1):
                in_block[k], aside_why[k] = None, set_aside[b.open_line]
    probes = [0]

    def reads(s: str) -> bool:
        if limit is not None and probes[0] >= limit:
            return False
        probes[0] += 1
        return bool(s.strip()) and reader.reads(s)

    def tries(s: str) -> bool:
        """`reads`, for a piece that may be no statement: it notes nothing of the style."""
        if limit is not None and probes[0] >= limit:
            return False
        probes[0] += 1
        return bool(s.strip()) and reader.tries(s)

    def logic_of(s: str, base: int):
        """`candidate`, but a line whose supposed gloss is no sentence and is logic of the
        reader's (`A && B` in Pyke) keeps it, and a line that opens with its sentence
        (`Cats are mammals. -> forall x ...`) has it as its gloss."""
        found = candidate(s, base)
        no_gloss = bool(found[2]) and not sentence(found[2])    # what was cut is no sentence
        if found[2] and (no_gloss or _WEAK_GLOSS.search(s) and not reads(text[found[0]:found[1]])):
            whole = candidate(s, base, whole=True)
            if whole[1] > found[1] and reads(text[whole[0]:whole[1]]):
                return whole
        if _LEAD_HAS.search(s, found[0] - base) and (no_gloss or not tries(text[found[0]:found[1]])):
            return _lead(s, base, found, candidate, tries) or found
        return found

    # Pass 1: each line's role; the blocks' logic decides, in pass 2, whether the lines
    # outside them can be logic.
    kind, section = None, ""
    inline = False             # the section's heading has its first line on it
    own_section = ""           # under the reader's own plain header: its lines are its own
    trailing = ""              # why the rest of the text follows the program (C004)
    queried = False            # the query has been read: what does not read now is prose
    decided: list[Line] = []
    legend_table = False       # the rows of a table whose header names the vocabulary
    for ln in lines:
        s = ln.text
        legend_table = legend_table and bool(_TABLE_ROW.match(s))
        if ln.joined:                        # the rest of a formula a line above began
            continue
        if ln.role == "fence":
            ln.why, own_section = "Markdown code fence", ""
            continue
        if not s.strip():
            ln.role = "blank"
            if kind == "ignored" and not own_section and (inline or lines[ln.n - 2].role != "heading"):
                kind = None          # a paragraph of declarations ends at a blank line
            continue
        blk = in_block.get(ln.n, False)
        if blk is None:                      # a block of another language, or not logic
            ln.role, ln.why = "prose", aside_why.get(ln.n) or f"a block that is not {lang}"
            continue
        if ln.n in json_lines:      # a JSON document's line: its strings say what it is
            parts, kinds, gloss = read_line(text, in_json.get(ln.n, ()), tries, clausal)
            if not parts:
                ln.role, ln.why = ("prose", "the natural language of a JSON document, not code") \
                    if gloss else ("blank", "")
                continue
            ln.parts, ln.lo, ln.hi, ln.gloss = parts, parts[0][0], parts[-1][1], gloss
            ln.role = "logic" if blk is not False or not in_block else "outside-logic"
            ln.kind = "query" if all(k == "query" for k in kinds) else "statement"
            ln.part_kinds = kinds
            queried = queried or "query" in kinds
            decided.append(ln)
            continue
        content = _uncomment(s, marks)
        # (a line with a formula's mark names no question: `asked` looks past bullets,
        # comment marks and emphasis, none of which is part of such a mark)
        if content is None and not _ASKS_NOT.search(s) and asked(s):
            ln.role, ln.why = "prose", ASKED
            continue
        if content is not None:
            ln.role = "comment"
            h = heading(content) if content else None
            if h and (h[2] or not h[1]):     # a heading sedac made a comment still opens
                kind, section, own_section = _open(h[0], kind), h[0], ""
            continue
        if not clausal and "|" in s and _TABLE_ROW.match(s):
            if ln.n < len(lines) and _TABLE_RULE.match(lines[ln.n].text):
                ln.role, ln.why = "prose", "a table's header, not code"
                # `| Symbol | Meaning |`: a table of the vocabulary, not of premises
                legend_table = bool(_IGNORED.search(s)) and not _STATEMENT.search(s)
            elif legend_table:
                ln.role, ln.why = "prose", "declarations in a table, not code"
            elif kind == "prose":            # (the table of a derivation after the program)
                ln.role, ln.why = "prose", trailing or "prose after the program, not code"
            elif _row(ln, s, logic_of, reads, kind, section):
                queried = queried or ln.kind == "query"
                ln.role = "logic" if blk is not False or not in_block else "outside-logic"
                ln.why = "labelled"
                decided.append(ln)
            continue
        if own_section and not clausal and _FOREIGN_COMMENT.match(s) and sentence(s) \
                and not reads(s.strip()):
            ln.role, ln.why = "gloss", "a sentence written as a comment, not code"
            continue
        h = heading(s)
        if h and clausal and (blk or (h[1] and not h[2])):
            h = None                         # inside code, or `Query: ?- q.`: the reader's
        if h:
            name, rest, decorated = h
            k = kind_of(name)
            if not decorated and name in own and not (rest and k == "ignored"):
                ln.role, ln.own, ln.section = "logic", True, name
                ln.lo, ln.hi = ln.start, ln.start + len(s.rstrip())
                kind = k if k in ("statement", "query", "ignored") else "statement"
                section = own_section = name
                ln.kind = kind
                if rest and kind != "ignored" and not clausal and not reads(rest):
                    # `Conclusion: `Dull(wren)` — "Wren is dull."`: the formula, decorated
                    col = s.index(rest) if rest in s else len(s) - len(s.lstrip())
                    lo, hi, gloss, _ = logic_of(s[col:], ln.start + col)
                    if reads(text[lo:hi]):
                        ln.own, ln.lo, ln.hi, ln.gloss = False, lo, hi, gloss
                        decided.append(ln)
                queried = queried or (kind == "query" and bool(rest))
                continue
            if own_section and not decorated and (name in _TRAILING or k == "prose"):
                # `Problem:` or `Answer:` after a program in the format's own sections: the
                # rest of the text is not the program (C004)
                kind, section, own_section, trailing = "prose", name, "", f"a `{h[0]}:` block follows the program"
            if decorated and rest and k is None and not clausal:
                # `**Tom is a cat.** `Cat(tom)``: a sentence in bold before its formula
                lo, hi, gloss, label = logic_of(s, ln.start)
                if gloss and reads(text[lo:hi]):
                    ln.role, ln.lo, ln.hi, ln.gloss = "logic", lo, hi, gloss
                    ln.kind, ln.section = label or kind or "statement", section
                    queried = queried or ln.kind == "query"
                    decided.append(ln)
                    continue
            if decorated or not rest or k in ("prose", "ignored"):
                kind, section, own_section = _open(name, kind), name, ""
                queried = queried and kind != "statement"
                inline = bool(rest)          # (`Predicates: A, B.`: a paragraph of its own)
            if rest and k in ("statement", "query") and not clausal and not _ASIDE.match(rest):
                col = s.index(rest) if rest in s else len(s) - len(s.lstrip())
                lo, hi, gloss, _ = logic_of(s[col:], ln.start + col)
                if reads(text[lo:hi]):
                    ln.role, ln.lo, ln.hi, ln.gloss, ln.kind = "logic", lo, hi, gloss, k
                    ln.section = name
                    decided.append(ln)
                    continue
            ln.role, ln.why = "heading", trailing or "a heading, not code"
            continue
        if own_section and queried and not clausal and not _MARKUP.match(s) and not reads(s.strip()) \
                and not reads(text[slice(*logic_of(s, ln.start)[:2])]):
            ln.role, ln.why = "prose", "prose after the program, not code"
            if s.rstrip().endswith(":"):     # `Implicit background facts (...):` after the
                kind, own_section, trailing = "prose", "", "prose after the program, not code"
            continue
        if own_section and decided and decided[-1].n == ln.n - 1 and _glossy(s):
            ln.role, ln.why = "gloss", "the sentence of the formula above, not code"
            continue
        if own_section:                      # the format's own lines: the reader decides
            ln.role, ln.own, ln.kind, ln.section = "logic", True, kind, own_section
            ln.lo, ln.hi = ln.start, ln.start + len(s.rstrip())
            queried = queried or kind == "query"
            decided.append(ln)
            if kind != "ignored" and not clausal and _several(ln, s, tries):
                ln.own = False               # `(1) A(c)  (2) B(c)`: labelled formulas side by side
                continue
            if kind != "ignored" and not clausal:   # a numbered or glossed formula all the same
                lo, hi, gloss, label = logic_of(s, ln.start)
                if _join(ln, lines, lo, hi, gloss, label or kind, "logic", text, logic_of, reads):
                    ln.own = False           # a formula over several lines
                    decided.append(ln)
                # (a bullet `- ` before a formula is layout, though ASCII's `-` is also a
                # negation: a negation is written against its formula, `-P(x)`)
                elif (lo, hi) != (ln.lo, ln.hi) and (_SPACED_BULLET.match(s) or not reads(s.strip())) \
                        and reads(text[lo:hi]):
                    ln.own, ln.lo, ln.hi, ln.gloss = False, lo, hi, gloss
                    ln.kind = label or kind
                    decided.append(ln)
            continue
        if _MARKUP.match(s):
            ln.role, ln.why = ("prose", "layout markup, not code")
            if kind == "ignored":
                kind = None          # a display of formulas after the declarations
            continue
        if _MARKER.match(s):
            ln.role = "marker"
            continue
        if clausal and _OUTPUT.match(s):
            ln.role = "output"
            continue
        ln.section = section
        if clausal:
            if blk:
                ln.role, ln.lo, ln.hi = "logic", ln.start, ln.start + len(s.rstrip())
            else:
                ln.role = "outside"       # decided in pass 2
            continue
        if kind == "prose":
            ln.role, ln.why = "prose", trailing or "prose after the program, not code"
            continue
        if kind == "ignored":
            ln.role, ln.why = "prose", "declarations in prose, not code"
            continue
        if not clausal and _several(ln, s, tries):   # `(1) A(c)  (2) B(c)`: side by side
            ln.role = "logic" if blk else "outside-logic"
            ln.kind = kind or "statement"
            decided.append(ln)
            continue
        lo, hi, gloss, label = logic_of(s, ln.start)
        logic = text[lo:hi]
        if _uncomment(logic, marks) is not None:   # `P8:  # ...`: a formula made a comment
            ln.role = "comment"
            continue
        if _join(ln, lines, lo, hi, gloss, label or kind or "statement",
                 "logic" if blk else "outside-logic", text, logic_of, reads):
            queried = queried or ln.kind == "query"
            ln.why = "labelled" if label else ""
            decided.append(ln)
            continue
        if reads(logic) or (formula_like(logic) and not queried):
            ln.role, ln.lo, ln.hi, ln.gloss = "logic", lo, hi, gloss
            ln.kind = label or kind or "statement"
            queried = queried or ln.kind == "query"
            ln.role = "logic" if blk else "outside-logic"
            ln.why = "labelled" if label else ""
            decided.append(ln)
            continue
        ln.role, ln.why = "prose", "text addressed to the reader, not code"
        if decided and _glossy(s) and decided[-1].n >= ln.n - 1:
            ln.role, ln.why = "gloss", "the sentence of the formula above, not code"
            if not decided[-1].gloss:
                decided[-1].gloss = s.strip().strip("*_\"“”()").strip()
    fenced_logic = bool(in_block) and any(ln.role == "logic" and in_block.get(ln.n) for ln in lines)
    # Pass 2: outside the blocks of a reply whose blocks hold the logic, only a query the
    # prose names (`Conclusion: C(a)`) is logic; without such blocks, what reads is.
    for ln in lines:
        if ln.role == "outside":
            s = ln.text.strip()
            code = "(" in s or ":-" in s or "?-" in s
            if fenced_logic or not code and (s.endswith(":") or _CHATTER.match(s)):
                ln.role, ln.why = "prose", "text addressed to the reader, not code"
            else:
                ln.role, ln.lo, ln.hi = "logic", ln.start, ln.start + len(ln.text.rstrip())
        elif ln.role == "outside-logic":
            head = lines[ln.joined - 1] if ln.joined else ln
            ln.role = "prose" if fenced_logic and head.why != "labelled" else "logic"
            if ln.role == "prose":
                ln.why = "a formula quoted in the prose around the code blocks"
    # Pass 3: under the format's own headers, a sentence beside the formula it speaks of is
    # that formula's gloss, not a premise written in English
    for ln in lines:
        if ln.role == "logic" and ln.own and not clausal and ln.kind in ("statement", "query") \
                and not _TAGGED.match(ln.text):           # (LINC's `TEXT:` is its own)
            said = sentence(ln.text)
            if said and not _logic_in_words(said) \
                    and any(_glosses(said, lines[n - 1], text) for n in (ln.n - 1, ln.n + 1)
                            if 0 < n <= len(lines)):
                ln.role, ln.own, ln.why = "gloss", False, "the sentence of the formula beside it, not code"
    kept = []                    # what the masked text keeps of the text: (lo, hi)
    for ln in lines:
        if ln.role == "logic":
            kept.extend(ln.parts or [(ln.lo, ln.hi)])
        elif ln.role == "comment":
            kept.append((ln.start, ln.start + len(ln.text)))
    used = sorted({in_block[ln.n].open_line for ln in lines
                   if ln.role == "logic" and in_block.get(ln.n)}) if in_block else []
    return Layout(text, lines, _masked(text, kept), fenced=fenced_logic,
                  used_blocks=used, other_blocks=[(b.open_line, b.tag) for b in other],
                  documents=documents)


def _masked(text: str, kept) -> str:
    """`text` with every character outside the `kept` ranges a space, its newlines kept."""
    blank = "\n".join(" " * len(line) for line in text.split("\n"))
    out, pos = [], 0
    for lo, hi in sorted(kept):
        hi = min(hi, len(text))
        if hi <= pos or hi <= lo:
            continue
        lo = max(lo, pos)
        out.append(blank[pos:lo])
        out.append(text[lo:hi])
        pos = hi
    out.append(blank[pos:])
    return "".join(out)


# A formula that goes on: an open bracket left open, or a connective at its end (brackets
# counted, not matched by a pattern: a line of 100,000 `(` costs linear time)
_TEX_CONNECTIVE = (r"\\(?:land|lor|wedge|vee|rightarrow|Rightarrow|Longrightarrow|to|implies|supset|"
                   r"leftrightarrow|Leftrightarrow|iff|equiv|oplus)")
_ENDS_OPEN = re.compile(r"(?:[∧∨→↔⊕⇒&|]|->|<->|=>|" + _TEX_CONNECTIVE + r")[ \t]*$")


# the last characters of `_ENDS_OPEN`'s connectives (a TeX one ends with a letter)
_OPEN_ENDS = frozenset("∧∨→↔⊕⇒&|>")


def _unfinished(s: str) -> bool:
    if s.count("(") > s.count(")"):
        return True
    # (`_ENDS_OPEN` searched only where its connective can end the line, spaces aside)
    t = (s[:-1] if s.endswith("\n") else s).rstrip(" \t")
    last = t[-1:]
    return bool(last) and (last in _OPEN_ENDS or last.isalpha() and "\\" in t) \
        and bool(_ENDS_OPEN.search(s))


_GOES_ON = re.compile(r"^\s*(?:&\s*)?(?:\{\}\s*)?(?:[∧∨→↔⊕⇒)|]|->|<->|=>|" + _TEX_CONNECTIVE
                      + r"|\\big[gr]*\))")


def _goes_on(lines: list[Line], ln: Line) -> bool:
    """Whether the line after `ln` begins with a connective: the rest of its formula."""
    return ln.n < len(lines) and bool(_GOES_ON.match(lines[ln.n].text))


def _join(ln: Line, lines: list[Line], lo: int, hi: int, gloss: str, kind, role: str, text: str,
          logic_of, reads) -> bool:
    """Whether the formula `ln` holds at `lo:hi` goes on over the lines that follow (it is
    left unfinished and does not read alone, or the next line begins with a connective) and
    reads joined to them (`_continued`); if so, `ln` (with `role` and `kind`) spans them,
    its gloss is the one after the last, and each of them is marked as joined to it."""
    if not (_unfinished(text[lo:hi]) and not reads(text[lo:hi]) or _goes_on(lines, ln)):
        return False
    more = _continued(ln, lines, lo, hi, text, logic_of, reads)
    if not more:
        return False
    ln.role, ln.kind, ln.lo, ln.hi, ln.until = role, kind, lo, hi, more[-1][2]
    ln.gloss = more[-1][3] or gloss
    for nxt, nlo, nhi, _ in more:
        nxt.role, nxt.joined, nxt.kind, nxt.lo, nxt.hi = role, ln.n, kind, nlo, nhi
    return True


def _continued(ln: Line, lines: list[Line], lo: int, hi: int, text: str, logic_of, reads):
    """The lines that finish the formula `ln` begins (`\\forall x\\,\\big(W(x) \\rightarrow
    (A(x)` then `\\lor B(x))\\big)$`): up to six lines that follow, each beginning with
    a connective or a closing bracket or the line before ending open, whose logic joined
    to it reads; [(line, lo, hi, gloss)] of their logic, or [] (no continuation reads)."""
    parts, best, joined = [], [], text[lo:hi]
    for nxt in lines[ln.n:ln.n + 6]:
        s = nxt.text
        if not s.strip() or nxt.role in ("fence", "comment", "heading", "prose", "gloss") \
                or _MARKUP.match(s) or heading(s):
            break
        if not (_unfinished(joined) or _GOES_ON.match(s)):
            break
        i = len(s) - len(s.lstrip())
        m = _OPEN.match(s, i)
        c = candidate(s[m.end() if m else i:], nxt.start + (m.end() if m else i))
        part = text[c[0]:c[1]]
        if part.lstrip().startswith("{}"):
            off = part.index("{}") + 2
            c = (c[0] + off, c[1], c[2], c[3])
            part = text[c[0]:c[1]]
        if not part.strip():
            break
        parts.append((nxt, c[0], c[1], c[2]))
        joined += " " + part
        if reads(joined):
            best = list(parts)
            if not _goes_on(lines, nxt):
                break
    return best
