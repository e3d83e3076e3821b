"""What the reply layer (`sedac.reply.split`) gives a reader: each `Line` with its role, and
the `Layout` of the whole reply, whose diagnostics name what is not logic.
"""
from __future__ import annotations

from dataclasses import dataclass, field

ASKED = "the question, named in prose, not code"


@dataclass(slots=True)      # (one a line of every reply: slots make them cheap to make and read)
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
