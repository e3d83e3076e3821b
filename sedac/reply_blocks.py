"""Which of a reply's fenced blocks of one language hold its program.

A reply may hold several blocks of the same language: premises and conclusion in blocks of
their own (all are read), a first attempt and the corrected one (the correction is read, the
attempt it replaces is left aside), or a block of what a solver printed when the program ran
(`% SZS status Theorem`, `THEOREM PROVED`, `sat`, `true.`): never logic; a top-level
transcript (`?- q.` then `true.`) still asks its query.
`aside(text, blocks)` says which blocks to leave aside and why; the reply layer makes their
lines layout (a note says so, its fix makes them comments) and reads the rest.

A later block replaces an earlier one when it restates it (half of the earlier block's lines
are in it, and it is at least half as long) or when the prose between them says it corrects it ("corrected", "fixed",
"revised", "wait", "instead") and it is no mere fragment (at least half as many lines).
"""
from __future__ import annotations

import re

# What solvers print (Vampire/E's SZS lines and proofs, Prover9's, Z3's, SWI-Prolog's top level)
_STRONG = re.compile(
    r"^\s*(%\s*)?(SZS status|SZS output|Refutation found|Proof found|Satisfiable!|"
    r"THEOREM PROVED|SEARCH FAILED|Exiting with|-{3,} PROOF -{3,}|={3,} PROOF ={3,}|"
    r"Termination reason|% Termination|process \d+ exit)|"
    r"\[(input|negated conjecture|assumption|goal|resolve|clausify|deny|superposition|"
    r"resolution|subsumption resolution|ennf transformation|flattening|copy|back_demod|"
    r"hyper|ur|para)\b[^\]]*\]\.?\s*$")
_OUT_LINE = re.compile(
    r"^\s*((true|false|yes|no)\s*[.;]?|[A-Z_]\w*\s*=\s*('[^']*'|\w+)\s*[.;]?|sat|unsat|unknown|"
    r"\(?model|\(error\b.*|Warning:.*|ERROR:.*|%.*|\d+\s*(\.|\s).*\[.*\]\.?|"
    r"\S.*\s#\s*label\(.*\)\s*\.\s*\[.*\]\.?)\s*$")
_CORRECTS = re.compile(r"\b(correct(ed|ion|ing)?|fix(ed|ing)?|revis(ed|ion)|updat(ed|e)|"
                       r"amend(ed)?|instead|wait|oops|mistake|wrong|error|better|cleaner|"
                       r"simplif(ied|y)|final version|rewrit(e|ten)|replac(e|es|ed))\b", re.I)


def is_output(lines: list[str]) -> bool:
    """Whether a block's lines are what a solver printed, not a program."""
    body = [s for s in lines if s.strip()]
    if not body:
        return False
    if any(_STRONG.search(s) for s in body):
        return True
    # (a top-level transcript, `?- q.` and `true.`, asks its query: the reply layer reads
    # the query and notes the output line by line)
    out = [s for s in body if _OUT_LINE.match(s) and not s.strip().startswith("%")]
    rest = [s for s in body if not _OUT_LINE.match(s)]
    return bool(out) and not rest


def _norm(lines: list[str]) -> set[str]:
    return {re.sub(r"\s+", "", s) for s in lines if s.strip() and not s.strip().startswith(("%", "#", ";", "//"))}


def aside(text: str, found: list) -> dict[int, str]:
    """{opening line: why} of the blocks of `found` (one language's, in order) to leave
    aside (see the module's doc)."""
    lines = text.split("\n")
    body = {b.open_line: lines[b.first - 1:b.last] for b in found}
    out: dict[int, str] = {}
    programs = []
    for b in found:
        if is_output(body[b.open_line]):
            out[b.open_line] = "a block of solver output, not code"
        else:
            programs.append(b)
    for j, later in enumerate(programs):
        mine = _norm(body[later.open_line])
        if not mine:
            continue
        for earlier in programs[:j]:
            if earlier.open_line in out:
                continue
            theirs = _norm(body[earlier.open_line])
            if not theirs:
                continue
            shared = len(mine & theirs)
            between = "\n".join(lines[(earlier.close_line or earlier.last):later.open_line - 1])
            # (a conclusion block that repeats one premise restates no program)
            restates = shared >= 0.5 * len(theirs) and len(mine) >= 0.5 * len(theirs)
            corrects = _CORRECTS.search(between) and len(mine) >= 0.5 * len(theirs)
            if restates or corrects:
                out[earlier.open_line] = (f"a block the one at line {later.open_line} replaces "
                                          "(an earlier attempt), not read")
    return out
