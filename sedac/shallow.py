"""The shallow phase's evidence: a rewrite is applied only when nothing can be lost by it.

A shallow rule reads a clause the way the program evidently meant it (`blue(cats)` as "cats
are blue"). Whether that reading is evident depends on what backs it:

- without a text, the program itself: the rules consult a vocabulary that knows only what
  the program shows (`cats` is the plural of `cat` when the program uses `cat` as a class).
  A reading that only general knowledge gives (`james` as the plural of `jame`, a PrOntoQA
  word list) is shown as a suggestion (`display-only`) and never applied;
- with a text, the text: every rewrite's result is checked against it as a deep rule's is
  (`text |= g`, or `g` is one of its sentences), and otherwise stays a suggestion. Renames
  to the text's own words (R5-R11) are made in every clause alike: the text's vocabulary is
  their evidence.
"""
from __future__ import annotations

from .fol import Atom, Const, Formula, Var, implication_parts, subformulas
from .rules import ALIGNMENT, equivalence_key, rewrite_formula
from .rules.rewrite import inert

GUESSED = "only general knowledge reads it so; nothing in the program shows it"
# With a text, renames of a predicate to the text's own word (R5-R9 plurals and adjective
# forms, R10, R11) are the text's vocabulary, and must be made in every clause or in none: a
# rename made in the rules but not in a fact the text does not entail would cut the link
# between them. Only the rewrites that change a formula's shape (R1-R4) are checked.
RENAMES = ("R5", "R6", "R7", "R8", "R9", "R10", "R11")


def applied_terms(formulas: list[Formula]) -> dict[str, set]:
    """Each unary predicate of the formulas -> what the program applies it to as a class: a
    constant's name (lower case), or a variable where it is a condition (a rule's body).
    A predicate only ever concluded of a variable (`∀x (tumpus(x) → alex(x))`) is not shown
    to be a class by that."""
    out: dict[str, set] = {}
    for f in formulas:
        parts = implication_parts(f)
        body = parts[1] if parts is not None else f
        for where, g in [(True, g) for g in subformulas(body)] + \
                ([(False, g) for g in subformulas(parts[2])] if parts is not None else []):
            if isinstance(g, Atom) and len(g.args) == 1:
                t = g.args[0]
                if isinstance(t, Const):
                    out.setdefault(g.pred.lower(), set()).add(t.name.lower())
                elif isinstance(t, Var) and where:
                    out.setdefault(g.pred.lower(), set()).add(t)
    return out


class Shallow:
    """The shallow rewrites of one program: `rewrite` gives, for a clause, the formula the
    analysis goes on with, the codes applied, and the diagnostic (a fix, or a suggestion)."""

    def __init__(self, program, truth, vocab, session, guess_vocab, diagnose):
        self.program, self.truth, self.vocab, self.session = program, truth, vocab, session
        self.guess_vocab = guess_vocab      # the guessing vocabulary (no text), for suggestions
        self.diagnose = diagnose            # engine._shallow_diag
        self._text_keys = None
        self._memo: dict = {}               # what the vocabularies say of each symbol
        self._guess_memo: dict = {}

    def rewrite(self, clause, i: int, f: Formula, query: bool = False):
        if inert(f, self.vocab, self._memo) and (
                self.guess_vocab is None or inert(f, self.guess_vocab, self._guess_memo)):
            return f, [], None              # no rule can touch it (most clauses of a big program)
        g, codes = rewrite_formula(f, self.vocab)
        if codes:
            why = self.unjustified(g, codes, query)
            if not why:
                return g, codes, self.diagnose(clause, i, f, g, codes, self.program, self.vocab)
            # the names are still the text's; the reading is only suggested
            ga, ca = rewrite_formula(f, self.vocab, ALIGNMENT)
            return ga, ca, self.diagnose(clause, i, f, g, codes, self.program, self.vocab, why)
        if self.guess_vocab is not None:
            gg, cc = rewrite_formula(f, self.guess_vocab)
            if cc:
                return f, [], self.diagnose(clause, i, f, gg, cc, self.program,
                                            self.guess_vocab, GUESSED)
        return f, [], None

    def unjustified(self, g: Formula, codes, query: bool) -> str:
        """Why the rewrite to `g` may lose meaning, or "" when it cannot."""
        truth = self.truth
        if truth is None or set(codes) <= set(RENAMES):
            return ""
        if query:
            if truth.question is not None and equivalence_key(g) == equivalence_key(truth.question):
                return ""
            return "the text's question is not that"
        if self._text_keys is None:
            self._text_keys = {equivalence_key(a) for a in truth.axioms}
        if equivalence_key(g) in self._text_keys:
            return ""
        v = self.session.entails(truth.axioms, g, evidence=False)
        if v.holds:
            return ""
        if not v.refuted:
            return f"the prover did not settle whether the text says it ({v.status})"
        if truth.unparsed:
            return (f"the text does not say it, as far as sedac reads it ({len(truth.unparsed)} "
                    "sentence(s) not understood)")
        return "the text does not say it"
