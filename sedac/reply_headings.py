"""Headings of a reply (`sedac.reply`): `**Premises:**`, `### Conclusion`, `Statement to
evaluate:`, LaTeX's `\\subsection*{Premises}`, and what the section each opens holds
(statements, the query, declarations, prose).
"""
from __future__ import annotations

import re
from functools import lru_cache

from .reply_lines import _LABEL

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
    if first.isalpha() and "(" in s[:s.find(":")]:
        # (a line of a letter, `_PLAIN`'s or `_BARE`'s, has only letters and spaces before
        # its first colon, or in all of it: `Cat(tom) ::: ...` is none)
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


@lru_cache(maxsize=2048)      # (a pure function of the name; replies repeat their headings)
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


def _open(name: str, previous: str | None) -> str | None:
    k = kind_of(name)
    if k is None:
        return "prose" if previous == "prose" else None
    return k
