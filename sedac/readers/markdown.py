"""A model's reply as Markdown: prose, and fenced code blocks.

Today's models answer with prose, headings and bullets around one or several
fenced blocks (```` ```prolog ````). Readers and language detection look at the
code only: an arrow or a `Query:` line in the prose decides nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# (after the tag, only spaces or attributes: `~~~$false` is a triple negation, not a fence)
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([\w+.#-]*)(?:[ \t{][^\n`]*)?$")

# Fence tags that name a language; a block tagged with another reader's language is not
# logic for this one.
TAG_LANGS = {
    "prolog": "prolog", "pl": "prolog", "swipl": "prolog", "swi": "prolog", "datalog": "prolog",
    "tptp": "tptp", "fof": "tptp", "tff": "tptp", "cnf": "tptp", "thf": "tptp",
    "prover9": "prover9", "p9": "prover9", "ladr": "prover9", "mace4": "prover9",
    "pyke": "pyke", "linc": "linc", "fol": "fol", "smt2": "smtlib", "smtlib": "smtlib",
    "smt": "smtlib", "smt-lib": "smtlib", "z3": "smtlib", "lisp": "smtlib", "scheme": "smtlib",
}
MATH_TAGS = frozenset({"latex", "tex", "math"})

# Blocks in these languages are never a logic program (their lines are prose to us).
NOT_LOGIC = frozenset({
    "python", "py", "python3", "json", "javascript", "js", "ts", "typescript", "bash", "sh",
    "shell", "zsh", "powershell", "yaml", "yml", "toml", "ini", "html", "xml", "css", "c",
    "cpp", "java", "rust", "go", "sql", "markdown", "md", "latex", "tex", "diff"})


@dataclass(frozen=True)
class Block:
    """A fenced block: its fence lines and its body lines (1-based, inclusive)."""

    tag: str
    open_line: int
    close_line: int | None       # None: the fence is never closed (the body runs to the end)
    first: int                   # first body line
    last: int                    # last body line (first - 1 when empty)

    @property
    def is_logic(self) -> bool:
        return self.tag.lower() not in NOT_LOGIC


def _known(tag: str) -> bool:
    t = tag.lower()
    return t in TAG_LANGS or t in NOT_LOGIC or t in MATH_TAGS or t in ("text", "txt", "plain", "logic")


def blocks(text: str) -> list[Block]:
    """The fenced blocks of a text, in order. Linear; a fence closes with the same
    character at least as long, as CommonMark says."""
    out: list[Block] = []
    if "```" not in text and "~~~" not in text:
        return out          # (every fence has three backticks or tildes in a row)
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None or m.group(1)[0] == "~" and m.group(2) and not _known(m.group(2)):
            i += 1        # (`~~~Cat` is a triple negation: a tilde fence names a language)
            continue
        fence, tag = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines):
            c = FENCE.match(lines[j])
            if c and c.group(1)[0] == fence[0] and len(c.group(1)) >= len(fence) and not c.group(2):
                break
            j += 1
        closed = j < len(lines)
        out.append(Block(tag, i + 1, j + 1 if closed else None, i + 2, j if closed else len(lines)))
        i = j + 1
    return out


def line_roles(text: str) -> list[str] | None:
    """For a reply with fences, the role of each line: `code`, `fence` or `prose`
    (blank lines are `blank`). None when the text has no fenced block of logic."""
    found = blocks(text)
    if not any(b.is_logic for b in found):
        return None
    lines = text.split("\n")
    roles = ["blank" if not line.strip() else "prose" for line in lines]
    for b in found:
        roles[b.open_line - 1] = "fence"
        if b.close_line is not None:
            roles[b.close_line - 1] = "fence"
        if b.is_logic:
            for n in range(b.first, b.last + 1):
                if lines[n - 1].strip():
                    roles[n - 1] = "code"
    return roles


def code_lines(text: str) -> list[str]:
    """The lines that may be code: a fenced reply's logic blocks, else every line."""
    roles = line_roles(text)
    lines = text.split("\n")
    if roles is None:
        return lines
    return [line for line, role in zip(lines, roles) if role == "code"]
