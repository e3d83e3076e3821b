"""The question a reply names only in prose.

A reply may write its premises as formulas and its question only as a sentence: "We want to
know whether Rex is large.", "Conclusion to check: Rex is large.", "Does it follow that Rex
is large?", "% Goal: Rex is large.". `asked(line)` finds that sentence in one line of any
language (comment marks, bullets and emphasis aside); `read_asked` gives a program with no
query of its own the question such a line names, read by the text's grammar, with a C008
note whose safe fix writes the goal in the file's language beneath the sentence (kept, as a
comment), when the program speaks of the question's predicates as the question does (else
the sentence is only made a comment, and read again as the question). A program that has a query, or a sentence the grammar does not read, is left as
it is: sedac never makes up a question (with the problem text, full SEDAC then asks the
text's question, Q001).
"""
from __future__ import annotations

import re

_LEAD = re.compile(r"^(?:\s|[-*+•>]\s|%+|#+|//+|;+|\*\*|__|\d{1,3}[.)]\s)*")
_ASKED = re.compile(
    r"^(?:(?:so\s+|now\s+|here\s+)?(?:we|i)\s+(?:want|need|have|are asked|were asked)\s+to\s+"
    r"(?:know|check|determine|decide|prove|show|evaluate|test|verify|find out|establish)\s+"
    r"(?:whether|if|that)\s+|"
    r"(?:the\s+)?(?:question|task|goal|query)\s+is\s+(?:whether|if)\s+|"
    r"(?:determine|decide|check|evaluate|verify|prove|show)\s+(?:whether|if|that)\s+|"
    r"(?:is it (?:true|the case) that|does it follow that|can we (?:conclude|prove|derive) that|"
    r"is it provable that|does the theory entail that)\s+|"
    r"(?:conclusion|statement|claim|hypothesis|goal|query|question)(?:\s+to\s+(?:check|prove|"
    r"evaluate|test|verify|decide|show))?\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*)"
    r"(?P<s>[A-Z\"“'].*?|[a-z].*?)\s*(?:\*\*|__)?\s*[.?!]?[\"”']?\s*(?:\*\*|__)?\s*"
    r"(?:\((?:true|false|unknown)[^)]*\))?\s*$", re.I)
_FORMULA = re.compile(r"[∀∃→¬∧∨↔⊕(]|->|=>|:-|\$")
_IS_TRUE = re.compile(r"^is\s+(?:the\s+statement\s+)?[\"“']?(.*?)[\"”']?\s+(?:true|the case)$", re.I)


def asked(line: str) -> str | None:
    """The sentence a line of prose names as the question, or None."""
    t = _LEAD.sub("", line).strip()
    if not t or _FORMULA.search(t):
        return None
    m = _ASKED.match(t)
    if m:
        s = m.group("s").strip().strip("\"“”'`*_").strip()
        inner = _ASKED.match(s)          # `Question: is it true that X?`
        if inner:
            s = inner.group("s").strip().strip("\"“”'`*_").strip()
        q = _IS_TRUE.match(s)
        if q:
            s = q.group(1)
        return s if len(s.split()) >= 2 else None
    q = _IS_TRUE.match(t.rstrip("?").strip())
    if q and t.endswith("?"):
        return q.group(1) if len(q.group(1).split()) >= 2 else None
    return None


# what a goal is written in, in each language (before it, after it)
HEADERS = {"pyke": ("Query:", ""), "fol": ("Conclusion:", ""),
           "prover9": ("formulas(goals).", "end_of_list.")}


def read_asked(prog, reader) -> None:
    """Give `prog`, when it has no query, the question a line of its prose names (see the
    module's doc)."""
    if prog.queries or not prog.text:
        return
    from .program import Clause, Diagnostic, Fix
    from .readers import english
    text = prog.text
    taken = {n for c in prog.clauses for n in range(c.span.line, c.span.end_line + 1)}
    offset, named = 0, []
    for n, line in enumerate(text.split("\n"), start=1):
        if n not in taken and len(line) < 400:
            s = asked(line)
            if s:
                named.append((n, offset, line, s))
        offset += len(line) + 1
    # the last question the reply names that the grammar reads
    for n, start, line, s in reversed(named[-8:]):
        formula = english.sentence_to_formula(s, reader.vocab_hint)
        if formula is not None:
            break
    else:
        return
    goal = reader.write(formula, "query", "", prog) if _plain(formula, prog) else None
    lo = start + len(line) - len(line.lstrip())
    span = prog.index.span(lo, start + len(line.rstrip()))
    marks = tuple(getattr(reader, "comment_marks", ("%",)))
    kept = line.strip() if line.strip().startswith(marks) else reader.comment(line.strip())
    head, tail = HEADERS.get(prog.lang, ("", ""))
    repl = "\n".join(x for x in (kept, head, goal, tail) if x) if goal else kept
    i = len(prog.clauses)
    prog.clauses.append(Clause(span, s, formula, "query", s, note="prose"))
    from .fol import describe
    # the line's own layout note (prose made a comment) gives way to this one, which also
    # writes the goal
    prog.diagnostics = [d for d in prog.diagnostics
                        if not (d.span.line == n and d.span.end_line == n and d.fix is not None
                                and d.code in ("C002", "C006", "N002"))]
    prog.diagnostics.append(Diagnostic(
        "C008", "communication", f"the question is named only in prose: `{s}`; read as the "
        f"query `{describe(formula)}`" + (", written beneath it" if goal else
                                          " (its goal is not written: the program says it in "
                                          "other terms)"), span,
        fix=Fix("safe", repl, "add-query" if goal else "comment-out", span) if repl != line.strip()
        else None, clause=i))
    prog.diagnostics.sort(key=lambda d: (d.span.start, d.code))


def _plain(formula, prog) -> bool:
    """Whether the program speaks of the question's predicates as the question does (each
    with that arity, and with no other): then its goal, written as the grammar reads it, is
    in the program's own terms (`red(sam, false)` beside `red(X)` is another representation,
    whose goal sedac does not make up)."""
    from .fol import predicates
    own: dict[str, set[int]] = {}
    for c in prog.clauses:
        if c.formula is not None:
            for p, n in predicates(c.formula):
                own.setdefault(p, set()).add(n)
    return all(own.get(p) == {n} for p, n in predicates(formula))
