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
from dataclasses import dataclass, field

from .asked import asked
from .glosses import sentence
from .readers.markdown import MATH_TAGS as _MATH_TAGS, NOT_LOGIC, TAG_LANGS, blocks
from .reply_blocks import aside
from .reply_rows import FOREIGN_COMMENT as _FOREIGN_COMMENT, TABLE_ROW as _TABLE_ROW, \
    TABLE_RULE as _TABLE_RULE, LEAD_HAS as _LEAD_HAS, glosses as _glosses, lead as _lead, row as _row, \
    several as _several

ASKED = "the question, named in prose, not code"
_TAGGED = re.compile(r"^\s*[A-Z]{2,}\s*:")

_QUERY = re.compile(r"conclusion|statement|query|goal|question|hypothes|conjecture|claim|"
                    r"to prove|to show|to evaluate|to check|negated", re.I)
_PROSE = re.compile(r"evaluat|result|status|deriv|\bsteps?\b|proof|reason|explanation|answer|note|"
                    r"verif|expect|analys|sketch|chain|summary|output|how to|run|usage|"
                    r"caveat|heads-up|why|check|discussion|comment|remark|interpret|verdict|justif|"
                    r"walk-?through|trace", re.I)
_STATEMENT = re.compile(r"premise|fact|rule|axiom|assumption|formula|knowledge|theory|program|"
                        r"translation|encoding|\bfol\b|logic|clause|background|given|"
                        r"formali[sz]|premisses", re.I)
_IGNORED = re.compile(r"predicate|signature|vocabulary|constant|domain|notation|symbol|"
                      r"legend|\bkey\b|types?\b|sorts?\b|declaration", re.I)

_WITH = re.compile(r"\s*[(,]?\s*\b(?:with|plus|and)\b.*$", re.I)
_TRAILING = frozenset({"problem", "question", "options", "answer", "explanation", "context",
                       "note", "reasoning", "solution"})
_ATX = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
# LaTeX's headings and bold labels, read as Markdown's: `\subsection*{Premises}`,
# `\paragraph{Conclusion.}`, `\noindent\textbf{Conclusion:} $C(b)$`
_TEX_SECTION = re.compile(r"^(?:\\noindent\s*)?\\(?:(?:sub)*section|paragraph)\*?\{([^{}]*)\}\s*$")
_TEX_BOLD = re.compile(r"^(?:\\noindent\s*)?\\(?:textbf|emph|textit)\{([^{}$]*)\}")
_BOLD = re.compile(r"^(\*\*|__)([^*_()`$]+?)\1\s*(.*)$")
_PLAIN = re.compile(r"^([A-Za-z][A-Za-z ]{0,40}?)\s*:\s*(.*)$")
# a legend in brackets after a heading (`**Premises** (s = Sally)`, `(a Anne, b Bob):`)
_ASIDE = re.compile(r"^\((?:\s*\w{1,4}\s*(?:=|:|\s)\s*(?:the\s+)?[A-Za-z][\w ]*?[,;]?)+\s*\)\s*:?\s*$")
_BARE = re.compile(r"^([A-Z][A-Za-z ]{0,30}?)\s*$")
_BULLET = re.compile(r"(?:(?:[-*+•>]|\\item(?![A-Za-z]))\s+)+")
_SPACED_BULLET = re.compile(r"^\s*[-*+•]\s+\S")
_LABEL = re.compile(
    r"(?:\\(?:text|textbf|textit|textsc|textrm|mathrm|mathbf|emph)\{(?=[^{}]*\}))?"   # `\text{P1:}`
    r"(?:\d{1,3}[.)]|\((?:\\(?:mathrm|text|textbf|mathbf|mathsf)\{)?\w{1,3}\}?\)|\[\w{1,3}\]|[A-Z]{1,2}_?\{?\d{1,3}\}?\s*&?\s*[:.)]|[A-Z]\s*&?\s*:|"
    # `P1  City(b) & ...`, `C   exists s ...`: a label set off by spaces alone
    r"(?-i:[A-Z]{1,2}_?\d{1,3}|[A-Z])(?=[ \t]{2,}(?![&|>=<~-]|\s*$|[a-z]\b))|"
    # `P10 ∀x (...)` under `P9  ∀x (...)`: one space, before a quantifier or an atom
    r"(?-i:[A-Z]{1,2}_?\d{1,3})(?=[ \t](?:[∀∃¬]|[A-Za-z]\w*\())|"
    r"(?:premise|conclusion|statement|goal|query|hypothesis|conjecture|fact|rule|axiom|claim)"
    r"(?:\s*\d+)?\s*&?\s*[:.])(?:\*\*|__|\})?(?:\\[ ,;:!]|\\q?quad(?![A-Za-z])|\s)+", re.I)
_OPEN = re.compile(r"(?:\*\*|__|`|\$+|\\\(|\\\[|\*|&(?![&=])|\\noindent\s*|\\textbf\{(?=[^{}]*\}))+")   # (`&\forall x ...`: an align column)
_CLOSE = re.compile(r"(?:\*\*|__|`|\$+|\\\)|\\\]|\\\\(?:\[[^\]]*\])?|\*|\s)+$")
_GLOSS = re.compile(r"\s+(?:—|–|--)\s+|\s%\s*|\s;+\s|\s#+\s|\s//+\s|\s*&&|\s*\\q?quad\b|\s*\\text\{(?=[^}]*\s)|,\s*\*?\"|\s+\(\"")
# Marks that set a gloss off only when what follows is a sentence and what precedes reads
# (`P(a)   [Tom is a cat.]`, `P(a)   "Tom is a cat."`, `P(a)   <- Tom is a cat.`,
# `P(a)   : Tom is a cat.`, `` `P(a)`: Tom is a cat.``, `` `P(a)` (Tom is a cat)``,
# `P(a). Tom is a cat.`, `P(a), Tom is a cat.`, `P(a)      tom is a cat`): each is also logic somewhere (`<-`,
# TPTP's `] : p(X)`).
_WEAK_GLOSS = re.compile(r"\s+\[(?=[^\]]*\]\s*$)|\s+[\"“](?=[A-Z])|\s+<-\s|\s+:(?=\s)|(?<=[`$*)]):(?=\s)|[ \t]{3,}(?=[A-Za-z])|"
                         r"\s+\((?=[A-Za-z][^()]*\)\s*[.;]?\s*$)|(?<=[)`$])[.,]\s+(?=[A-Z][a-z])")
_GLOSS_HAS = re.compile(r"[—–%;#/&\\\"-]")
_WEAK_GLOSS_HAS = re.compile(r"[\[\"“<:(.,]|   ")
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
_QUERY_LABEL = re.compile(r"([CHGQ]\s*&?\s*:|conclusion|statement|goal|query|hypothesis|conjecture|claim)", re.I)
_SYMBOLS = re.compile(r"[∀∃→¬∧∨⊕↔⇒(]|->|=>|>>>|:-|&|\|")
_WORD = re.compile(r"^[A-Za-z',.;:!?\"“”*]+$")


def formula_like(s: str) -> bool:
    """Whether a line that does not parse is still an attempt at a formula (a syntax error),
    not prose: it has a connective or a bracket, and few plain words, and it does not end
    in a colon (`Formalisation (sans-serif names):` introduces what follows)."""
    return bool(_SYMBOLS.search(s)) and sum(1 for w in s.split() if _WORD.match(w)) < 4 \
        and not s.rstrip().endswith(":")


@dataclass
class Line:
    """One line of a reply. `lo`/`hi` are offsets of its logic in the text (logic lines)."""

    n: int                 # 1-based line number
    start: int             # offset of the line's first character
    text: str
    role: str = "blank"    # logic | comment | prose | heading | fence | output | marker | gloss | blank
    lo: int = 0
    hi: int = 0
    kind: str | None = None      # statement | query | ignored, for logic lines
    section: str = ""            # the heading the line is under (lower case)
    gloss: str = ""
    own: bool = False            # kept verbatim for the reader (its own header or declarations)
    why: str = ""                # for non-logic lines: what they are
    # a formula written over several lines: the head line's `until` is the offset where its
    # last line's logic ends; each continuation line's `joined` is the head's number
    until: int = 0
    joined: int = 0
    # several labelled formulas on one line (`(1) A(c)  (2) B(c)`): the (lo, hi) of each
    parts: list = field(default_factory=list)
    part_kinds: list = field(default_factory=list)      # each part's kind, where they differ


@dataclass
class Layout:
    text: str
    lines: list[Line]
    masked: str
    fenced: bool                 # the reply has fenced blocks of logic for this reader
    used_blocks: list[int] = field(default_factory=list)    # opening lines of the blocks read
    other_blocks: list[tuple[int, str]] = field(default_factory=list)  # (line, tag) left aside
    # the JSON documents unwrapped (`sedac.reply_json`): no line of them is made a comment
    documents: tuple[tuple[int, int], ...] = ()

    def logic(self) -> list[Line]:
        return [ln for ln in self.lines if ln.role == "logic" and not ln.own]

    def _in_document(self, s: int, e: int) -> bool:
        return any(s < b and a < e for a, b in self.documents)

    def diagnostics(self, comment) -> list:
        """The reply around the logic, as communication diagnostics whose safe fixes make it
        comments (`comment(text)` writes one line as a comment of the file's language)."""
        from .program import Diagnostic, Fix, LineIndex
        index = LineIndex(self.text)
        out = []
        run: list[Line] = []

        def flush():
            if not run:
                return
            first, last = run[0], run[-1]
            s = first.start + len(first.text) - len(first.text.lstrip())
            e = last.start + len(last.text.rstrip())
            span = index.span(s, e)
            body = self.text[s:e]
            repl = "\n".join(comment(ln.strip()) if ln.strip() else ln for ln in body.split("\n"))
            words = " ".join(body.split())
            shown = f"`{words[:60]}{'...' if len(words) > 60 else ''}`"
            lines = f" ({last.n - first.n + 1} lines)" if last.n > first.n else ""
            if first.why.startswith("a `"):
                code, msg = "C004", f"{first.why}: {shown}{lines}"
            elif self.fenced and first.why.startswith("a block"):
                used = self.used_blocks
                where = (f"the block{'s' if len(used) > 1 else ''} at line{'s' if len(used) > 1 else ''} "
                         + ", ".join(map(str, used))) if used else "its other blocks"
                code, msg = "C006", f"{first.why} (the program is read from {where}): {shown}{lines}"
            elif self.fenced:
                code, msg = "C006", f"prose around the code blocks, not code: {shown}{lines}"
            else:
                code, msg = "C002", f"{first.why or 'text addressed to the reader, not code'}: {shown}{lines}"
            if self._in_document(s, e):        # (a comment would break the JSON)
                out.append(Diagnostic(code, "communication", msg, span, fix=None))
            else:
                msg += "; made comments" if lines else "; made a comment"
                out.append(Diagnostic(code, "communication", msg, span,
                                      fix=Fix("safe", repl, "comment-out", span)))
            run.clear()

        singles = {"fence": ("C001", "Markdown code fence"), "marker": ("C003", "marker around the code"),
                   "output": ("C005", "the output of running a query, not code")}
        for ln in self.lines:
            if ln.why == ASKED:             # a line of its own (`sedac.asked` may write the goal)
                flush()
                run.append(ln)
                flush()
                continue
            if ln.role in ("prose", "heading", "gloss"):
                run.append(ln)
                if not self.fenced and not run[0].why.startswith("a `"):
                    flush()          # a reply without fences: one line at a time
                continue
            if ln.role == "blank" and run and (self.fenced or run[0].why.startswith("a `")):
                continue
            flush()
            if ln.role in singles:
                code, why = singles[ln.role]
                s = ln.start + len(ln.text) - len(ln.text.lstrip())
                span = index.span(s, ln.start + len(ln.text.rstrip()))
                inside = self._in_document(span.start, span.end)
                out.append(Diagnostic(code, "communication", f"{why}: `{ln.text.strip()[:60]}`"
                                      + ("" if inside else "; made a comment"), span,
                                      fix=None if inside else
                                      Fix("safe", comment(ln.text.strip()), "comment-out", span)))
        flush()
        return out


def heading(s: str) -> tuple[str, str, bool] | None:
    """(name, rest, decorated) of a heading line (`**Premises:**`, `### Conclusion`,
    `Statement to evaluate:`, `C:` is a label, not a heading), or None."""
    s = s.strip()
    first = s[:1]
    if first == "\\":        # (LaTeX's forms all begin with a backslash)
        s = _TEX_BOLD.sub(r"**\1**", _TEX_SECTION.sub(r"### \1", _NOINDENT.sub("", s)))
        first = s[:1]
    # (each form below has its own first character: `#`, `**` or `__`, a letter and a colon,
    # or a short line of letters alone)
    if not first or not (first in "#*_" or first.isascii() and first.isalpha()
                         and (":" in s or len(s) <= 32)):
        return None
    m = _ATX.match(s) if first == "#" else None
    if m:
        inner = heading(m.group(1))
        if inner:
            return inner[0], inner[1], True
        return _name(m.group(1)), "", True
    m = _BOLD.match(s)
    if m and (not _LABEL.fullmatch(m.group(2).strip() + " ") or not m.group(3).strip()):
        name, rest = m.group(2).strip(), m.group(3).strip()
        if ":" in name and not name.endswith(":"):
            name, _, inline = name.partition(":")
            rest = (inline.strip() + " " + rest).strip()
        rest = re.sub(r"^:\s*", "", rest)
        return _name(name), rest, True
    m = _PLAIN.match(s)
    if m and len(m.group(1).split()) <= 4 and (kind_of(_name(m.group(1))) is not None
                                               or _name(m.group(1)) in _TRAILING):
        return _name(m.group(1)), m.group(2).strip(), False
    m = _BARE.match(s)        # `Premises`, `Conclusion` alone on their line, no colon:
    if m and len(m.group(1).split()) <= 3 and kind_of(_name(m.group(1))) is not None:
        return _name(m.group(1)), "", True      # (set apart as a Markdown heading is)
    return None


_NOINDENT = re.compile(r"^\\noindent\s*")
_NAME_HEAD = re.compile(r"^[*_`\s]+")
_NAME_TAIL = re.compile(r"[*_:`.\s]+$")


def _name(s: str) -> str:
    return _NAME_TAIL.sub("", _NAME_HEAD.sub("", s)).strip().lower()


def kind_of(name: str) -> str | None:
    """What a heading opens: statements, the query, declarations, prose, or None (unknown).
    What a heading adds with `with`, `plus` or `and` does not decide it (`Translation with
    comments` opens statements, `Proof and notes` prose)."""
    core = _WITH.sub("", name)
    if core and core != name:
        name = core
    if _QUERY.search(name):
        return "query"
    if _PROSE.search(name) or name.rstrip("*_ ").endswith("?"):     # (a heading that asks)
        return "prose"
    if _STATEMENT.search(name):
        return "statement"
    if _IGNORED.search(name):
        return "ignored"
    return None


def _uncomment(s: str, marks) -> str | None:
    t = s.strip()
    for m in marks:
        if t.startswith(m):
            return t[len(m):].strip()
    return None


MAX_GLOSS = 2000     # characters: the longest gloss sentence tried after a formula


def candidate(line: str, base: int, whole: bool = False) -> tuple[int, int, str, str | None]:
    """(lo, hi, gloss, label kind) of the logic a line may hold, decorations aside; with
    `whole`, nothing is cut as a gloss (Pyke's `&&` is a conjunction, LaTeX's a gloss)."""
    i = len(line) - len(line.lstrip())
    label = None
    for _ in range(3):
        m = _BULLET.match(line, i) or _LABEL.match(line, i) or _OPEN.match(line, i)
        if not m or m.end() == i:
            break
        lab = _LABEL.match(line, i)
        if lab and lab.end() == m.end() and _QUERY_LABEL.match(re.sub(r"^\\\w+\{", "", lab.group(0))):
            label = "query"
        i = m.end()
    body = line[i:]
    gloss = ""
    cut = len(body)
    if ":::" not in body and not whole:
        # (each mark has one of its `_HAS` characters: a line without any has none)
        marks = [g for g in _GLOSS.finditer(body) if g.start() > 0] if _GLOSS_HAS.search(body) else []
        weak = [g for g in _WEAK_GLOSS.finditer(body) if g.start() > 0] \
            if _WEAK_GLOSS_HAS.search(body) else []
        # the gloss starts at the first mark whose rest is a sentence (`A && B -- s` in
        # Pyke: `&&` is a conjunction there), else at the first strong mark
        # (a gloss is a sentence, not a page: tails past MAX_GLOSS are not tried, so a line
        # of thousands of `&&` costs linear time)
        g = next((g for g in sorted(marks + weak, key=lambda m: m.start())
                  if len(body) - g.start() <= MAX_GLOSS
                  and sentence(_gloss_text(body[g.start():]))), None) or \
            (marks[0] if marks else None)
        if g is not None:
            cut = g.start()
            gloss = _gloss_text(body[g.start():])
            gloss = gloss.replace("\\text{", "").replace("}", "").strip()
    logic = body[:cut]
    m = _CLOSE.search(logic)
    if m:
        logic = logic[:m.start()]
    if ":::" not in logic and re.search(r"[∀∃→¬∧∨↔⊕]", logic):
        logic = re.sub(r"[.;,]$", "", logic.rstrip())   # `∀x (A(x) → B(x)).`; `p(a).` is Prolog's
    return base + i, base + i + len(logic), gloss, label


def _gloss_text(tail: str) -> str:
    if tail.endswith(".") and tail.rstrip(". ").endswith(")"):
        tail = tail.rstrip(". ")           # `(Charlie is not furry).`
    return re.sub(r"^(?:<-|[\s—–%&,*\"“(;#/\[:.-])+|\\q?quad|\\text\{|[}\s*\"”()\]\\]+$", "", tail)


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
        if content is None and asked(s):
            ln.role, ln.why = "prose", ASKED
            continue
        if content is not None:
            ln.role = "comment"
            h = heading(content) if content else None
            if h and (h[2] or not h[1]):     # a heading sedac made a comment still opens
                kind, section, own_section = _open(h[0], kind), h[0], ""
            continue
        if not clausal and _TABLE_ROW.match(s):
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
        if own_section and decided and decided[-1].n == ln.n - 1 and _GLOSS_LINE.match(s):
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
        if decided and _GLOSS_LINE.match(s) and decided[-1].n >= ln.n - 1:
            ln.role, ln.why = "gloss", "the sentence of the formula above, not code"
            if not decided[-1].gloss:
                decided[-1].gloss = s.strip().strip("*_\"“”()").strip()
    fenced_logic = any(ln.role == "logic" and in_block.get(ln.n) for ln in lines)
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
            if said and any(_glosses(said, lines[n - 1], text) for n in (ln.n - 1, ln.n + 1)
                            if 0 < n <= len(lines)):
                ln.role, ln.own, ln.why = "gloss", False, "the sentence of the formula beside it, not code"
    chars = list("\n".join(" " * len(ln.text) for ln in lines))
    for ln in lines:
        if ln.role == "logic":
            for lo, hi in ln.parts or [(ln.lo, ln.hi)]:
                chars[lo:hi] = text[lo:hi]
        elif ln.role == "comment":
            chars[ln.start:ln.start + len(ln.text)] = ln.text
    used = sorted({in_block[ln.n].open_line for ln in lines
                   if ln.role == "logic" and in_block.get(ln.n)})
    return Layout(text, lines, "".join(chars), fenced=fenced_logic,
                  used_blocks=used, other_blocks=[(b.open_line, b.tag) for b in other],
                  documents=documents)


# A formula that goes on: an open bracket left open, or a connective at its end (brackets
# counted, not matched by a pattern: a line of 100,000 `(` costs linear time)
_TEX_CONNECTIVE = (r"\\(?:land|lor|wedge|vee|rightarrow|Rightarrow|Longrightarrow|to|implies|supset|"
                   r"leftrightarrow|Leftrightarrow|iff|equiv|oplus)")
_ENDS_OPEN = re.compile(r"(?:[∧∨→↔⊕⇒&|]|->|<->|=>|" + _TEX_CONNECTIVE + r")[ \t]*$")


def _unfinished(s: str) -> bool:
    return s.count("(") > s.count(")") or bool(_ENDS_OPEN.search(s))


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


def _open(name: str, previous: str | None) -> str | None:
    k = kind_of(name)
    if k is None:
        return "prose" if previous == "prose" else None
    return k
