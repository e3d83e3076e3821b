"""The logic one line of a reply may hold, its decorations aside (`sedac.reply`): bullets,
labels (`1.`, `P1:`, `[1]`, `(a)`), Markdown and LaTeX delimiters around it and the sentence
it is glossed with after it (`— sentence`, `% sentence`, `&& \\text{sentence}`), and whether a
line that does not parse is still an attempt at a formula.
"""
from __future__ import annotations

import re

from .glosses import sentence

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
# `P(a)   : Tom is a cat.`, `` `P(a)`: Tom is a cat.`` (but `P(x): x is ...` declares P), `` `P(a)` (Tom is a cat)``,
# `P(a). Tom is a cat.`, `P(a), Tom is a cat.`, `P(a)      tom is a cat`): each is also logic somewhere (`<-`,
# TPTP's `] : p(X)`).
_WEAK_GLOSS = re.compile(r"\s+\[(?=[^\]]*\]\s*$)|\s+[\"“](?=[A-Z])|\s+<-\s|\s+:(?=\s)|(?<=[`$*)]):(?=\s)(?!\s+[a-z]\s)|[ \t]{3,}(?=[A-Za-z])|"
                         r"\s+\((?=[A-Za-z][^()]*\)\s*[.;]?\s*$)|(?<=[)`$])[.,]\s+(?=[A-Z][a-z])|(?<=`),\s+(?=[a-z]{2})")
_GLOSS_HAS = re.compile(r"[—–%;#/&\\\"-]")
_WEAK_GLOSS_HAS = re.compile(r"[\[\"“<:(.,]|   ")
# What each of `_WEAK_GLOSS`'s marks holds, whatever surrounds it: a line without any has
# none of them (`Cat($x, True)`'s brackets and commas are no mark: a bracket sets a gloss
# off after a space, a comma or a stop only after a closing bracket, `$` or a backtick)
_WEAK_GLOSS_NEEDS = re.compile(r"[\[\"“<:]|[ \t]{3}|\s\(|[)`$][.,]\s")
_CONNECTIVE = re.compile(r"[∀∃→¬∧∨↔⊕]")


def _may_close(logic: str) -> bool:
    """Whether `_CLOSE` may match at the end of `logic`: its last character is one a mark of
    it ends with (`)` and `]` only in `\\)`, `\\]` and `\\\\[...]`, after a backslash)."""
    last = logic[-1:]
    if not last:
        return False
    if last.isspace() or last in "*_`$\\":
        return True
    return last in ")]" and "\\" in logic


_QUERY_LABEL = re.compile(r"([CHGQ]\s*&?\s*:|conclusion|statement|goal|query|hypothesis|conjecture|claim)", re.I)
_SYMBOLS = re.compile(r"[∀∃→¬∧∨⊕↔⇒(]|->|=>|>>>|:-|&|\|")
_WORD = re.compile(r"^[A-Za-z',.;:!?\"“”*]+$")


def formula_like(s: str) -> bool:
    """Whether a line that does not parse is still an attempt at a formula (a syntax error),
    not prose: it has a connective or a bracket, and few plain words, and it does not end
    in a colon (`Formalisation (sans-serif names):` introduces what follows)."""
    return bool(_SYMBOLS.search(s)) and sum(1 for w in s.split() if _WORD.match(w)) < 4 \
        and not s.rstrip().endswith(":")


MAX_GLOSS = 2000     # characters: the longest gloss sentence tried after a formula


def candidate(line: str, base: int, whole: bool = False) -> tuple[int, int, str, str | None]:
    """(lo, hi, gloss, label kind) of the logic a line may hold, decorations aside; with
    `whole`, nothing is cut as a gloss (Pyke's `&&` is a conjunction, LaTeX's a gloss)."""
    i = len(line) - len(line.lstrip())
    label = None
    for _ in range(3):
        lab = _LABEL.match(line, i)          # (matched once: the longest pattern here)
        m = _BULLET.match(line, i) or lab or _OPEN.match(line, i)
        if not m or m.end() == i:
            break
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
            if _WEAK_GLOSS_HAS.search(body) and _WEAK_GLOSS_NEEDS.search(body) else []
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
    m = _CLOSE.search(logic) if _may_close(logic) else None
    if m:
        logic = logic[:m.start()]
    if ":::" not in logic and _CONNECTIVE.search(logic):
        logic = re.sub(r"[.;,]$", "", logic.rstrip())   # `∀x (A(x) → B(x)).`; `p(a).` is Prolog's
    return base + i, base + i + len(logic), gloss, label


def _gloss_text(tail: str) -> str:
    if tail.endswith(".") and tail.rstrip(". ").endswith(")"):
        tail = tail.rstrip(". ")           # `(Charlie is not furry).`
    return re.sub(r"^(?:<-|[\s—–%&,*\"“(;#/\[:.-])+|\\q?quad|\\text\{|[}\s*\"”()\]\\]+$", "", tail)
