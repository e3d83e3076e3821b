"""A reply's abbreviations against the text's parse: `Z(x)` for "zumpus", `Sml(x)` for
"small", `e` for "the bald eagle".

Against a DCG parse of the text, a program's names are the text's words, or near them (a
plural, a slip: the shallow rules' business). A program that abbreviates them says nothing
the parse can read, and every premise would look wrong. Its abbreviations are mapped onto
the text's words by what the reply says of them (its legend, `sedac.align.legend`) and,
where the legend says nothing sedac reads, by the same premise pairing and structure that
map a program onto gold formulas (`sedac.align.pairing.map_symbols`). Only symbols that
are neither the text's nor near one of its words (nor one of its words in another role: a
constant `vumpus`, a predicate `Sam(x)`) are mapped, each onto a word the program does not
use: a name the shallow rules or the readings would correct is left to them.
"""
from __future__ import annotations

from ..fol import And, Atom, Const, Eq, Exists, Forall, Func, Not, Or
from ..vocab import singularize
from .alignment import Alignment
from .legend import named_constants, named_predicates
from .names import norm, slip, words

# the least share of paired premises whose symbols meet under a structural mapping
CONFIDENCE = 0.5


def _signature(formulas):
    """(predicates with arities, constant names) of `formulas`, in one walk."""
    preds: set = set()
    consts: set = set()
    stack = list(formulas)
    while stack:
        f = stack.pop()
        if type(f) is Atom:
            preds.add((f.pred, len(f.args)))
            terms = list(f.args)
            while terms:
                t = terms.pop()
                if type(t) is Const:
                    consts.add(t.name)
                elif type(t) is Func:
                    terms.extend(t.args)
        elif type(f) is Eq:
            consts.update(t.name for t in (f.left, f.right) if type(t) is Const)
        elif isinstance(f, (Forall, Exists)):
            stack.append(f.body)
        elif isinstance(f, Not):
            stack.append(f.arg)
        elif isinstance(f, (And, Or)):
            stack.extend(f.args)
        elif hasattr(f, "left"):
            stack.extend((f.left, f.right))
    return preds, consts


def _near(a: str, b: str) -> bool:
    """`similar`, with a glance first: a plural of the other, or a slip of it, is near it
    without the lemma table (read once, 0.1 s, only when some name is near none of the
    text's at a glance)."""
    x, y = norm(a), norm(b)
    if x == y or singularize(x) == y or singularize(y) == x or slip(a, b):
        return True
    return bool(words(a) & words(b))     # (`similar`'s other half: a shared lemma)


def abbreviations(program, truth, session=None) -> Alignment:
    """The mapping of `program`'s abbreviated symbols onto the words of `truth` (a parse of
    the text); an empty `Alignment` when it has none."""
    mine_f = [c.formula for _, c in program.statements + program.queries]
    theirs_f = truth.axioms + ([truth.question] if truth.question is not None else [])
    my_preds, my_consts = _signature(mine_f)
    their_preds, their_consts = _signature(theirs_f)
    if my_preds <= their_preds and my_consts <= their_consts:
        return Alignment()           # (the common case: the program speaks the text's words)
    # (a word of the text in another role is no abbreviation: `Sam(x)`, `Fruity(x, True)`,
    # `is(vumpus)` are representations and slips the readings and rules name; nor is `x`)
    words = {p for p, _ in their_preds} | their_consts
    unknown_preds = {(p, n) for p, n in my_preds - their_preds if p not in words
                     and not any(m == n and _near(p, q) for q, m in their_preds)}
    unknown_consts = {c for c in my_consts - their_consts if c not in words and c not in "xyz"
                      and not any(_near(c, d) for d in their_consts)}
    if not unknown_preds and not unknown_consts:
        return Alignment()
    named = Alignment(consts=named_constants(program, truth), preds=named_predicates(program, truth))
    if session is None:
        return named
    from .pairing import map_symbols
    found = map_symbols(program, truth, session)
    if found.confidence < CONFIDENCE:
        return named
    # the structure's mapping first (the premises it pairs bear it out), the legend's where
    # the structure maps nothing (a legend may be read backwards: `| yumpus | Yu | hot |`)
    al = Alignment()
    taken = {p for p, _ in my_preds}
    for key in sorted(unknown_preds):
        hit = found.preds.get(key) if key not in found.negated else None
        if hit is not None and hit[0] not in taken:
            al.preds[key] = hit
            taken.add(hit[0])
    for key, hit in sorted(named.preds.items()):
        if key not in al.preds and hit[0] not in taken:
            al.preds[key] = hit
            taken.add(hit[0])
    taken = set(my_consts)
    for c in sorted(unknown_consts):
        hit = found.consts.get(c)
        if hit is not None and hit not in taken:
            al.consts[c] = hit
            taken.add(hit)
    for c, hit in sorted(named.consts.items()):
        if c not in al.consts and hit not in taken:
            al.consts[c] = hit
            taken.add(hit)
    return al
