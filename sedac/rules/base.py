"""What a rule is: a code, a kind, a condition and a transformation over formulas.

A rule never sees text: it pattern-matches on formula values and consults the
problem's `Vocabulary` for its condition (is this word a plural? a proper noun?).
The rule's docstring is its documentation (`sedac rules` prints it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..fol import (TRUE, Atom, Const, Forall, Formula, Implies, Not, Top, Var, conj,
                   implication_parts, substitute)
from ..vocab import Vocabulary

REWRITE = "rewrite"   # shallow, replaces the formula, safe
DERIVE = "derive"     # deep, adds a candidate, accepted only when the text entails it


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    kind: str
    premise: str
    conclusion: str
    condition: str
    transform: Callable[[Formula, Vocabulary], Optional[Formula]]
    doc: str = ""

    @property
    def category(self) -> str:
        return "shallow-semantic" if self.kind == REWRITE else "deep-semantic"

    @property
    def applicability(self) -> str:
        return "safe" if self.kind == REWRITE else "unsafe"

    def apply(self, f: Formula, vocab: Vocabulary) -> Formula | None:
        """The rewritten or derived formula, or None when the rule does not match (a rule
        with several candidates gives its first)."""
        out = self.transform(f, vocab)
        if out is None or not isinstance(out, list):
            return None if out is None or out == f else out
        return next((g for g in out if g is not None and g != f), None)

    def candidates(self, f: Formula, vocab: Vocabulary) -> list[Formula]:
        """Every formula the rule derives from `f` (a relational rule may give several:
        one per argument, per condition, per name)."""
        out = self.transform(f, vocab)
        return distinct(out, f) if out else []   # (most relational rules give most formulas none)


def distinct(out, f: Formula) -> list[Formula]:
    """A transformation's result (one formula or a list, maybe with None) as `candidates`
    gives it: each formula once, in its order, without None and without `f` itself."""
    outs = out if isinstance(out, list) else [out]
    seen, keep = set(), []
    for g in outs:
        if g is not None and g != f and g not in seen:
            seen.add(g)
            keep.append(g)
    return keep


def rule(code: str, name: str, kind: str, premise: str, conclusion: str, condition: str = ""):
    """Declare a rule from its transformation function (whose docstring documents it)."""
    def wrap(fn):
        return Rule(code, name, kind, premise, conclusion, condition, fn,
                    (fn.__doc__ or "").strip())
    return wrap


# ------------------------------------------------------------ shape helpers

X = Var("X")


def literal(f: Formula) -> tuple[bool, Atom] | None:
    """(positive, atom) for a literal, else None."""
    if isinstance(f, Atom):
        return True, f
    if isinstance(f, Not) and isinstance(f.arg, Atom):
        return False, f.arg
    return None


def make_literal(positive: bool, atom: Atom) -> Formula:
    return atom if positive else Not(atom)


def implication(vars_, body: Formula, head: Formula) -> Formula:
    """`![vars]: (body => head)`, or the bare head for an empty body."""
    inner = head if isinstance(body, Top) else Implies(body, head)
    vs = tuple(vars_)
    return Forall(vs, inner) if vs else inner


def last_answer(fn):
    """`fn`, a pure function of one immutable formula, with its last answer kept: the rules
    of one pass ask the same few of the same formula one after the other. The slot is one
    tuple, replaced whole, so a thread never sees half of it; identity, not equality, finds
    it (a deep comparison would cost what it saves)."""
    slot = [(None, None)]

    def kept(f):
        last = slot[0]
        if last[0] is f:
            return last[1]
        out = fn(f)
        slot[0] = (f, out)
        return out

    kept.__doc__, kept.__name__, kept.__wrapped__ = fn.__doc__, fn.__name__, fn
    return kept


@last_answer
def parts(f: Formula):
    """`implication_parts(f)`, the last answer kept (`last_answer`)."""
    return implication_parts(f)


def class_rule(noun: str, positive: bool, pred: str) -> Formula:
    """`![X]: (noun(X) => [~]pred(X))`."""
    return Forall((X,), Implies(Atom(noun, (X,)), make_literal(positive, Atom(pred, (X,)))))


def rename_in(f: Formula, rename: Callable[[str], str | None]) -> Formula:
    """Rename the classes (unary predicates) in a literal or a conjunction of literals; other
    shapes, and relations (`chases(X, cat)`: a verb, not a plural noun), unchanged."""
    lit = literal(f)
    if lit is not None:
        pos, a = lit
        new = rename(a.pred) if len(a.args) == 1 else None
        return make_literal(pos, Atom(new, a.args)) if new else f
    from ..fol import And, Or
    if isinstance(f, (And, Or)):
        return type(f)(tuple(rename_in(g, rename) for g in f.args))
    return f


def bind(f: Formula, var: Var, name: str) -> Formula:
    return substitute(f, {var: Const(name)})


__all__ = ["DERIVE", "REWRITE", "Rule", "TRUE", "X", "bind", "class_rule", "conj",
           "implication", "literal", "make_literal", "parts", "rename_in", "rule"]
