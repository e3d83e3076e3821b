"""The sentence each clause of a program translates (its gloss), however the reply wrote it.

Logic-LM writes `formula ::: sentence`; models also write the sentence as a comment or after
a dash on the clause's own line (`cat(tom). % Tom is a cat.`, `Cat(tom) — Tom is a cat.`, `Cat(tom)   [Tom is a cat.]`,
`Cat(tom)   <- Tom is a cat.`, `Cat(tom)   : Tom is a cat.`),
as the line before or after the clause (`% Tom is a cat.`, `-- Tom is a cat.`, a plain
sentence), or as the other cell of a Markdown table row (`| Tom is a cat. | Cat(tom) |`).
`attach` finds them for every reader, from the text and the clauses' spans alone: a clause
that has no gloss of its reader's own gets the sentence that pairs with it.

A sentence pairs with a clause when it speaks of the clause's names (`Cat(tom)`: `cat`,
`tom`; camelCase and snake_case split, inflections allowed). Whether the sentences are
written before or after their clauses is decided for the whole program, by which way pairs
more of them, so that a list alternating sentence and clause never gives each clause its
neighbour's sentence.
"""
from __future__ import annotations

import re

_DECOR = re.compile(
    r"^(?:\s|\||[-*+•>]\s|\d{1,3}[.)](?:\*\*|__)?\s|\(\w{1,3}\)\s|\[\w{1,3}\]\s|[A-Z]{1,2}\d{0,3}\s*:(?:\*\*|__)?\s|[A-Z]{1,2}\d{1,3}[.)]\s|"
    r"%+|#+|//+|;+|--+|—|–|:::|:\s|<-\s|\[|\(?\"|“|\*\*?|_|&&?|\\q?quad\b|`:?|\((?=[A-Za-z])|[.,]\s|"
    r"\\(?:text|textit|textrm|emph)\{)+")      # (LaTeX: `&& \text{Tom is a cat.}\\`)
_TAIL = re.compile(r"(?:\s|\||\"\)?|”|\*\*?|_|\)\.?|\]|\}|\\\\|\$)+$")
_WORD = re.compile(r"^[A-Za-z][A-Za-z'’-]*[.,;:!?]?$")
_LEAD_MARK = re.compile(r"[ \t]*(?:-{1,3}>|={1,2}>|[→⇒⟹⟶↦⟼]|::?|[—–]|-{2,3}|={1,3}|≡|\|)?[ \t]*(?:\$+|\\\(|\\\[|`)?[ \t]*$")
# a quantifier binding a one-letter variable (`for all x true`): a formula in words
_BINDS = re.compile(r"\b(?:for\s+(?:all|every|each|some)|there\s+exists?|all|every|some|exists?)\s+"
                    r"(?![ai]\b)[a-z]\b(?![\'’])", re.I)
_LOGIC = re.compile(r"[∀∃→¬∧∨↔⊕⇒]|->|=>|>>>|:-|\w\(|\$|\\[a-z]|&&|\|\|")
_CALL = re.compile(r"\w\(")
_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|_")
_STOP = frozenset({"true", "false", "forall", "exists", "all", "some", "and", "or", "not",
                   "implies", "iff", "xor", "fof", "cnf", "tff", "axiom", "conjecture",
                   "hypothesis", "assert", "declare", "fun", "const", "sort", "bool", "int",
                   "is", "the", "an", "of", "has", "does", "thing", "obj", "entity"})
_CONNECTIVES = frozenset({"and", "or", "not", "xor", "iff", "implies", "then", "if", "all",
                          "some", "forall", "exists", "true", "false"})
_LOGIC_WORDS = _CONNECTIVES
_PROBE = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}+[ \t]+[A-Za-z]{2}")   # linear: words start once


def sentence(s: str) -> str | None:
    """The sentence a piece of a line is, decorations aside (comment marks, bullets,
    numbering, table pipes, italics, quotes), or None when it is no sentence."""
    m = _DECOR.match(s)
    lead = m.end() if m else 0
    if "(" in s and _CALL.search(s, lead):
        # (a name before its bracket after the decorations: `_LOGIC` finds it in what is
        # left, as no decoration at the end holds a bracket: the most common formula)
        return None
    t = _TAIL.sub("", s[lead:])
    if not t or t.endswith(":") or _LOGIC.search(t):
        return None
    words = t.split()
    if len(words) < 2 or not words[0][0].isalpha():
        return None
    plain = sum(1 for w in words if _WORD.match(w))
    # (`Cat xor Cat`, `not P and Q`: ASCII connectives between names, a formula)
    bare = [w.strip(".,;:!?").lower() for w in words]
    if any(w in _LOGIC_WORDS for w in bare) and not any(
            w.islower() and len(w) > 1 and w.strip(".,;:!?").lower() not in _CONNECTIVES for w in words):
        return None
    if any(w in ("xor", "iff", "implies", "forall", "exists") for w in bare) or _BINDS.search(t):
        return None
    return t if plain >= 0.8 * len(words) else None


def names_of(clause_text: str) -> set[str]:
    """The words of a clause's names (`isRed(tom)`: `red`, `tom`)."""
    out = set()
    for ident in _IDENT.findall(_TEX_COMMAND.sub(" ", clause_text)):
        for part in _CAMEL.split(ident):
            p = part.lower()
            if len(p) > 1 and p not in _STOP and not any(ch.isdigit() for ch in p):
                out.add(p)
    return out


def _near(a: str, b: str) -> bool:
    k = 0
    for x, y in zip(a, b):
        if x != y:
            break
        k += 1
    return k >= 3 and k >= min(len(a), len(b)) - 2 or a == b


def pairs(text: str, names: set[str]) -> float:
    """How well a sentence speaks of a clause's names: the share of them it mentions."""
    if not names:
        return 0.0
    words = {w.strip(".,;:!?'’\"").lower() for w in text.split()}
    # (a word near a name other than itself shares its first three letters: `_near`)
    hit = sum(1 for n in names if n in words or any(_near(n, w) for w in words if w[:3] == n[:3]))
    return hit / len(names)


PAIRS = 2 / 3      # a sentence glosses a clause when it mentions this share of its names


def _relation_words(formula) -> set[str]:
    """The words of the predicates a clause's formula uses (`isRed`: `red`; `is_big`: `big`)."""
    from .fol import predicates
    return {w for name, _ in predicates(formula) for w in names_of(name)}


def attach(prog) -> None:
    """Give each clause of `prog` without a gloss the sentence written with it (see the
    module's doc); such glosses are recorded in `prog.glossed_apart` (a fix does not write
    them again beside the clause)."""
    text = prog.text
    if not prog.clauses or not _PROBE.search(text):
        return
    lines = text.split("\n")
    starts, offset = [], 0
    for s in lines:
        starts.append(offset)
        offset += len(s) + 1
    # what each line holds of clauses: (start, end) offsets within the line
    taken: dict[int, list[tuple[int, int]]] = {}
    for c in prog.clauses:
        for n in range(c.span.line, c.span.end_line + 1):
            base = starts[n - 1]
            lo = c.span.start - base if n == c.span.line else 0
            hi = c.span.end - base if n == c.span.end_line else len(lines[n - 1])
            taken.setdefault(n, []).append((lo, hi))

    said: dict[int, str | None] = {}      # (a free line is the neighbour of two clauses)

    def free(n: int) -> str | None:
        """Line `n` as a sentence, when it holds no clause."""
        if n < 1 or n > len(lines) or n in taken:
            return None
        if n not in said:
            said[n] = sentence(lines[n - 1])
        return said[n]

    same, before, after = {}, {}, {}
    for i, c in enumerate(prog.clauses):
        if prog.gloss.get(i) or c.formula is None:
            continue
        names = None           # (the words of its names: asked only of a sentence beside it)
        first, last = c.span.line, c.span.end_line
        if len(taken[first]) == 1 and len(taken[last]) == 1:
            # (a clause over several lines: after its last line's end, or before its start)
            # (before it, the mark that sets the sentence off goes: `Cats are mammals. -> ...`)
            for piece in (lines[last - 1][taken[last][0][1]:],
                          _LEAD_MARK.sub("", lines[first - 1][:taken[first][0][0]])):
                s = sentence(piece)
                if s and pairs(s, names := names_of(c.text) if names is None else names) >= PAIRS:
                    same[i] = s
                    break
            if i in same:
                continue
        relations = None       # (the words of its relations: asked only of a sentence that pairs)
        for where, n in ((before, c.span.line - 1), (after, c.span.end_line + 1)):
            s = free(n)
            # a line apart from its clause must also speak of the clause's own relations
            # (`;; The rabbit likes the dog.` beside `(not (Sees dog rabbit))` names the
            # same individuals, and is the next clause's)
            if s and pairs(s, names := names_of(c.text) if names is None else names) >= PAIRS:
                if relations is None:
                    relations = _relation_words(c.formula)
                if pairs(s, relations) == 1:
                    where[i] = s
    side = before if len(before) >= len(after) else after
    found = {**side, **same}
    if not found:
        return
    for i, s in found.items():
        prog.gloss[i] = s
    prog.glossed_apart.update(found.values())
