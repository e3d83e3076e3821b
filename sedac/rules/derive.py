"""Deep derivation rules D1-D3: candidates that only the text can confirm.

They add candidates rather than replace: full SEDAC keeps a candidate only when
the prover shows that the text entails it, so each is an unsafe (meaning-changing)
fix backed by a proof.
"""
from __future__ import annotations

from ..fol import Formula, Top
from .base import DERIVE, implication, literal, make_literal, parts, rule


def _flip_head(f: Formula, want_positive: bool) -> Formula | None:
    vs, body, head = parts(f)
    lit = literal(head)
    if lit is None or lit[0] != want_positive:
        return None
    return implication(vs, body, make_literal(not lit[0], lit[1]))


@rule("D1", "negate-conclusion", DERIVE, "![X]: (f => p(t))", "![X]: (f => ~p(t))")
def d1(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a lost negation, `fruity(X) :- integer(X).` for "Each integer is not fruity".
    Best practice: `\\+fruity(X) :- integer(X).`"""
    return _flip_head(f, True)


@rule("D2", "drop-negation", DERIVE, "![X]: (f => ~p(t))", "![X]: (f => p(t))")
def d2(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a negation the text does not have, `\\+red(X) :- wumpus(X).` for "Wumpuses are red".
    Best practice: `red(X) :- wumpus(X).`"""
    return _flip_head(f, False)


@rule("D3", "reverse-implication", DERIVE, "![X]: (f => g)", "![X]: (g => f)")
def d3(f: Formula, vocab) -> Formula | None:
    """Anti-pattern: a rule written backwards, `integer(X) :- fruity(X).`
    Best practice: the direction the text states."""
    vs, body, head = parts(f)
    if isinstance(body, Top):
        return None
    return implication(vs, head, body)


RULES = [d1, d2, d3]
