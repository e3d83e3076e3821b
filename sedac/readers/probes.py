"""The readers' cheap bounds (`Reader.coverage_bound`), in a module that imports no reader.

The language decision (`sedac.readers._coverages_needed`) asks every reader for its bound
before it lets any read; a reader's module brings its grammar, converters and dataclasses
(tens of milliseconds for all of them), so the bounds live here, where asking one costs a
scan of the text. Each reader's `coverage_bound` is the function of its language below, so
there is one implementation; the argument that it bounds `coverage` is in its docstring.
"""
from __future__ import annotations

import re

# The section headers each format writes itself (`Reader.own_headers` without the
# `predicates` both write), counted by `coverage` and so by the bounds.
HEADERS = {
    "pyke": ("facts", "rules", "query"),
    "fol": ("premises", "conclusion", "conclusions", "question"),
    "linc": ("text", "fol"),
}

_LIST = re.compile(r"^\s*formulas\s*\(\s*(\w+)\s*\)\s*\.\s*$")
_END = re.compile(r"^\s*end_of_list\s*\.\s*$")
_DIRECTIVE = re.compile(r"^\s*(set|clear|assign|op|if|end_if|redeclare|list)\s*\(")
_SIGNATURE = re.compile(r"assert|define-fun|check-sat-assuming|get-value")


class _Scan:
    """What the bounds ask of a text's lines, found once for the text: its lines, how many
    are not blank, and the names of the lines that end with a colon (`headers`)."""

    __slots__ = ("text", "lines", "nonblank", "_colons", "misplaced", "side")

    def __init__(self, text: str):
        self.text = text
        self.lines = text.split("\n")
        self.nonblank = sum(1 for line in self.lines if line.strip())
        self._colons: dict[str, int] | None = None
        # `misplaced` of the text's declarations: asked by `silent_lines`, then by `read`
        self.misplaced: dict[str, bool] = {}
        self.side: int | None = None     # `side_parts`, asked for both section formats

    def colons(self) -> dict[str, int]:
        """How many lines end with a colon, by their name (`Facts :` -> `facts`)."""
        if self._colons is None:
            found: dict[str, int] = {}
            if ":" in self.text:
                for line in self.lines:
                    s = line.strip()
                    if s.endswith(":"):
                        name = s.rstrip(":").strip().lower()
                        found[name] = found.get(name, 0) + 1
            self._colons = found
        return self._colons


_last_scan: _Scan | None = None


def _scan(text: str) -> _Scan:
    """The scan of `text`: the last one is remembered, by identity, for the bounds and the
    coverages the language decision asks one after the other of the same text (one object,
    read and replaced whole: another thread's text never gets this one's)."""
    global _last_scan
    last = _last_scan
    if last is None or last.text is not text:
        last = _last_scan = _Scan(text)
    return last


def nonblank_lines(text: str) -> int:
    return _scan(text).nonblank


def headers(text: str, own_headers) -> int:
    """How many lines of `text` are one of `own_headers` (`predicates` aside), alone on
    their line: what `Reader.coverage` counts them for."""
    own = {h for h in own_headers if h != "predicates"}
    if not own:
        return 0
    colons = _scan(text).colons()
    return sum(colons.get(h, 0) for h in own)


def prover9_own_lines(text: str) -> int:
    """The lines of `text` that are Prover9's lists and directives (`formulas(sos).`,
    `end_of_list.`, `set(...)`)."""
    # (each pattern begins, white space aside, with one of `_OWN_FIRST`: no other line is tried)
    return sum(1 for line in _scan(text).lines if line.lstrip()[:1] in _OWN_FIRST
               and (_LIST.match(line) or _END.match(line) or _DIRECTIVE.match(line)))


_OWN_FIRST = frozenset("fesacoirl")     # formulas, end_of_list, set, clear, assign, op, if, ...


_BARE_HEADING = re.compile(r"^[A-Za-z]+\s*:$")
_DECLARATION = re.compile(r"^[A-Za-z]\w*\(\s*\$?\w+(?:\s*,\s*\$?\w+)*\s*\)\s*(?::::.*)?$")
IGNORED = ("predicates",)      # `SectionReader.ignored_sections`


_STATES = re.compile(r"[∀∃→¬∧∨⊕↔>&]")
_ARGS = re.compile(r"\(([^()]*)\)")
_CONSTANT = re.compile(r"[A-Za-z][A-Za-z0-9_]+")


def misplaced_in(text: str, stmt: str) -> bool:
    """`misplaced(stmt)` of a statement of `text`, found once for the text the bounds
    scanned last (the declarations `silent_lines` asks about are those `read` asks about)."""
    last = _last_scan
    if last is None or last.text is not text:
        return misplaced(stmt)
    memo = last.misplaced
    found = memo.get(stmt)
    if found is None:
        found = memo[stmt] = misplaced(stmt)
    return found


def misplaced(stmt: str) -> bool:
    """A line of a declarations section that states something (it has a constant
    argument or a connective) rather than declaring a predicate (`SectionReader._misplaced`)."""
    if _STATES.search(stmt):
        return True
    args = _ARGS.findall(stmt)
    names = [a.strip() for part in args for a in part.split(",")]
    return bool(names) and any(_CONSTANT.fullmatch(n)
                               and n not in ("bool", "True", "False") for n in names)


def silent_lines(text: str, ignored=IGNORED) -> int:
    """Lines a section reader's `read` makes no clause of, whatever their neighbours:
    - a bare heading, one word and a colon (`Premises:`) that `reply.heading` reads with
      nothing after it: the reply layer makes it a heading, or, one of the format's own
      headers, keeps it for `read`, which opens its section there (`_HEADER`);
    - a declaration `Name(x, ...)` (`::: gloss` aside) that `misplaced` does not take for a
      statement, on the lines that follow this format's own ignored header (`Predicates:`)
      before any line of another kind (blank lines aside): the layer keeps the header and
      them for `read` as the format's own lines of that section (nothing but a heading, a
      comment or a fence closes it, none of which they are), and `read` reads only
      misplaced statements there. (A line the layer makes prose or a gloss instead adds no
      clause either; a table row, which could, is neither.)
    Only texts with a bare heading need the reply layer (`reply.heading`, `asked`)."""
    if ":" not in text:          # (every bare heading has its colon)
        return 0
    from ..asked import asked
    from ..reply import heading
    silent, declaring = 0, False
    for line in _scan(text).lines:
        s = line.strip()
        if not s:
            continue
        if s[-1] == ":" and _BARE_HEADING.match(s) and heading(s) == (s[:-1].strip().lower(), "", False):
            silent += 1
            declaring = s[:-1].strip().lower() in ignored and not asked(line)
            continue
        if declaring and _DECLARATION.match(s) and not misplaced_in(text, s.partition(":::")[0].strip()):
            silent += 1
            continue
        declaring = False
    return silent


_last_lines: tuple | None = None     # (the text last counted, its count): `_speaking_lines`


def _speaking_lines(text: str) -> int:
    """`nonblank_lines(text) - silent_lines(text)`, counted once for the text the language
    decision asks both section formats about (Pyke and FOL text, one after the other): the
    last text is remembered, by identity, for the next question only (one tuple, read and
    replaced whole: another thread's text never gets this one's count)."""
    global _last_lines
    last = _last_lines
    if last is None or last[0] is not text:
        last = _last_lines = (text, nonblank_lines(text) - silent_lines(text))
    return last[1]


def foreign_lines(text: str, lang: str, clausal: bool) -> set[int]:
    """The lines (1-based) of `text` that the reply layer never makes logic for a reader of
    `lang` (`reply.split`): the fences, and the bodies of the fenced blocks it leaves to
    another language or to prose (a ```` ```prolog ```` block for the FOL reader). Their
    role is set before any line is read (`fence`, or `prose` for a block that is not this
    reader's) and no formula begun above goes on into them (a continuation stops at a
    fence). Empty for a text without fences."""
    if "```" not in text and "~~~" not in text:
        return set()
    from .markdown import MATH_TAGS, NOT_LOGIC, TAG_LANGS, blocks
    out: set[int] = set()
    for b in blocks(text):
        tag = b.tag.lower()
        out.add(b.open_line)
        if b.close_line is not None:
            out.add(b.close_line)
        ok = (tag not in NOT_LOGIC or (tag in MATH_TAGS and not clausal)) \
            and TAG_LANGS.get(tag, lang) == lang
        if not ok:
            out.update(range(b.first, b.last + 1))
    return out


def sections_bound(text: str, own_headers, lang: str = "") -> int:
    """Pyke and FOL text (`SectionReader`): `read` visits each line once and adds at most
    one clause for it (`_statement`), and none for a blank line: at most one good clause
    per non-blank line, each worth 2, plus the headers `coverage` counts. Some lines add
    none (`silent_lines`); and only the lines the reply layer can make logic add any
    (`read` reads `logic` lines only): outside `foreign_lines`."""
    bound = 2 * _speaking_lines(text) + 4 * headers(text, own_headers) + 2 * side_parts(text)
    foreign = foreign_lines(text, lang, clausal=False) if lang else set()
    if foreign:
        lines = sum(1 for n, line in enumerate(text.split("\n"), start=1)
                    if n not in foreign and line.strip())
        bound = min(bound, 2 * lines + 4 * headers(text, own_headers))
    return bound


_SIDE = re.compile(r"(?<=\S)[ \t]{2,}(?:\(\d{1,3}\)|[A-Z]{1,2}\d{1,3}[.:)]?)[ \t]+\S")


def side_parts(text: str) -> int:
    """The clauses beyond one a line may add (`reply_rows.several`: labelled formulas side by
    side, `(1) A(c)  (2) B(c)`): at most one for each label after two spaces or more."""
    scan = _scan(text)
    if scan.side is None:
        scan.side = len(_SIDE.findall(text)) if "  " in text else 0
    return scan.side


def linc_bound(text: str) -> int:
    """LINC: a clause is a line of the masked text that `_PAIR` matches as `FOL:`; the
    masked text is the text with characters made spaces, so without `FOL` in the text there
    is none, and the coverage is at most its headers'. Else at most one per line."""
    if "FOL" not in text:
        return 4 * headers(text, HEADERS["linc"])
    return 2 * nonblank_lines(text) + 4 * headers(text, HEADERS["linc"])


def prover9_bound(text: str) -> int:
    """Prover9: one clause at most per statement of `_statements` (of the masked text),
    and a clause is a formula of `prover9.lark`, each of which has a name (`[A-Za-z_]`, or
    a quoted `"..."`) or `$T`/`$F`: a statement without one of `_NAMED` reads none. The
    masked text is the text with characters made spaces (none moved), so a statement ends
    at a `.` the text has at the same place, and holds one of `_NAMED` only where the text
    does: the statements are disjoint, each within the pieces of the text between its full
    stops (`text.split(".")`), so at most one statement per piece that holds one of
    `_NAMED` reads a clause, each worth 2 (no own headers), plus the lists and directives
    `coverage` adds."""
    # (`clausal`: the reply layer keeps a line whole or blanks it, and blanks those of
    # `foreign_lines`: the pieces are those of the text with them blank)
    own = prover9_own_lines(text)
    foreign = foreign_lines(text, "prover9", clausal=True)
    if foreign:
        text = "\n".join("" if n in foreign else line
                         for n, line in enumerate(text.split("\n"), start=1))
    return 2 * sum(1 for piece in text.split(".") if _NAMED.search(piece)) + own


_NAMED = re.compile(r'[A-Za-z_"]')


def tptp_bound(text: str) -> int | None:
    """TPTP: every item of `tptp.lark` starts with the literal `fof` (or `include`, an
    error): a text without `fof` reads no clause, and the format has no headers."""
    return 0 if "fof" not in text else None


def smtlib_bound(text: str) -> int | None:
    """SMT-LIB: clauses come only from `assert`, `define-fun`, `check-sat-assuming` and
    `get-value` commands (a check-sat asks about asserts), whose heads are symbols the text
    spells (`|assert|` too); without any, none, and the format has no headers."""
    return 0 if _SIGNATURE.search(text) is None else None


_QUOTES_OR_BLOCK = re.compile(r"['\"`]|/\*")
# What no Prolog clause that parses holds outside quotes and comments (`prolog.lark`): a
# variable before a bracket (`Cat(tom)`, `Cat (tom)`: a VAR is a primary, never followed
# by `(`), a colon but in `:-` (or `:=`, which a repair rewrites), and a character no token
# has (`$`, `#`, `&`, `~`, `∀`, `→`, ... but white space and the arrows a repair rewrites)
_NOT_PROLOG = re.compile(r"(?<![A-Za-z0-9_])[A-Z_][A-Za-z0-9_]*[ \t]*\(|:(?![-=])|"
                         r"[$#&~]|(?![←⟵])[^\x00-\x7f]")


def prolog_bound(text: str) -> int | None:
    """Prolog: the good clauses of `PrologReader.read` are pieces of the masked text that
    parse (`_fast_parse`'s pattern or `prolog.lark`), as written or after a
    `_SYMBOL_REPAIRS` rewrite (which rewrites only operators: `-?`, `?`, `:=`, `<-`, `←`,
    `⟵`, ` if `), plus one per `:- initialization(goal).`; its English readings do not
    count (`note="english"`) and it has no headers. Without quotes and block comments in
    the text (else no bound: a quoted atom or a comment may span lines):
    - for the Prolog reader (`clausal`, comment mark `%`, no own headers) the reply layer
      keeps each line whole or blanks it, so a masked line is its raw line or blank;
    - a clause ends on a non-blank line, at one of its full stops or at its end (a
      piece's end that is no full stop is the text's or a line's end, a piece read line
      by line): at most (its full stops + 1) clauses end on a line;
    - a clause that holds one of `_NOT_PROLOG` before the line's `%` comment does not
      parse (the lexer starts a token there, as no token that could hold it can be open:
      no quotes, no block comment, none but an identifier holds a capital; and no repair
      touches it); a piece starts after a full stop or at a line's start (white space and
      comments skipped, never such a character), so on a line whose last such character
      is at `b` the clauses that end after `b` begin after a full stop after `b`: at most
      one per full stop after `b`, less one when the line ends with a full stop.
    Each good clause is worth 2."""
    if _QUOTES_OR_BLOCK.search(text):
        return None
    n = 0
    for line in _scan(text).lines:
        code = line.rstrip()
        if not code.strip():
            continue
        pct = code.find("%")
        end = len(code) if pct == -1 else pct
        if "." not in code:           # (no full stop: one clause at most, none when blocked)
            n += _NOT_PROLOG.search(code, 0, end) is None
            continue
        b = -1
        for m in _NOT_PROLOG.finditer(code, 0, end):
            b = m.start()
        if b == -1:
            n += code.count(".") + (not code.endswith("."))
            continue
        after = code.count(".", b)
        n += code.count(".", 0, b) + (max(0, after - 1) + (not code.endswith(".")) if after else 0)
    return 2 * n


BOUNDS = {
    "prolog": prolog_bound,
    "pyke": lambda text: sections_bound(text, HEADERS["pyke"], "pyke"),
    "fol": lambda text: sections_bound(text, HEADERS["fol"], "fol"),
    "linc": linc_bound,
    "prover9": prover9_bound,
    "tptp": tptp_bound,
    "smtlib": smtlib_bound,
}


def bound(lang: str, text: str) -> int | None:
    """The bound of `lang`'s reader on `text` (None: it has none for that text)."""
    fn = BOUNDS.get(lang)
    return None if fn is None else fn(text)
