"""Gold compound names that spell a program relation with its object and the class it
restricts: FOLIO's `AnimalsLovedByTourists(x)` where the program says `Animal(x)` beside
`LovedBy(x, tourists)`, `MaxFavoriteAnimals(x)` for `Favorite(x, max)`.

`pairing._fold` reads an argument as a predicate when the names share all their words
(`From(x, belgium)` for `Belgium(x)`); a compound gold name often also names the class the
sentence is about ("animals"), a word the program gives its own predicate (`Animal(x)`),
which the lemma-overlap score may even have mapped onto that gold name. This pass tries
those folds too: the relation's constant and its own name must be words of the gold name,
the gold name's other words words of the program's own classes; a program class mapped onto
the same gold name is unmapped for the trial. As every mapping is, the fold is kept only
when the paired premises that use either symbol become more equivalent (or as many and more
related) and the program's premises stay satisfiable together.
"""
from __future__ import annotations

from ..fol import Const, constants, predicates
from .names import words


def compound_folds(al, matched, session, prog_formulas, gold_all, statements,
                   budget: int = 40) -> None:
    """Add to `al.folds` the compound-name readings the prover confirms (see the module)."""
    from .pairing import _atoms, _score
    unmatched = set(al.unmatched)
    gold_consts = {c.name for f in gold_all for c in constants(f)}
    gold_unary = sorted({g for f in gold_all for g, n in predicates(f) if n == 1})
    prog_preds = {pa for f in prog_formulas for pa in predicates(f)}
    classes = set()
    for p, n in prog_preds:
        if n == 1:
            classes |= words(p)
    tries = []
    for f in prog_formulas:
        for a in _atoms(f):
            key = (a.pred, 2)
            if len(a.args) != 2 or f"{a.pred}/2" not in unmatched or key in al.folds:
                continue
            own = words(a.pred)
            for i, t in enumerate(a.args):
                if not isinstance(t, Const) or t.name in gold_consts or t.name not in unmatched:
                    continue
                obj = words(t.name)
                for g in gold_unary:
                    gw = words(g)
                    extra = gw - obj - own
                    if obj and obj <= gw and own & gw and extra and extra <= classes:
                        tries.append((key, (g, i, t.name)))
    done: set = set()
    for key, fold in list(dict.fromkeys(tries))[:budget]:
        if key in done or key in al.folds:
            continue
        # a program class the word overlap put on this gold name: one of the two is wrong
        rivals = [pa for pa, (g, _) in al.preds.items() if g == fold[0] and pa[1] == 1]
        if any(g == fold[0] for pa, (g, _) in al.preds.items() if pa not in rivals):
            continue
        touched = {key} | set(rivals)
        pairs = [(f, g) for f, g in matched if touched & predicates(f)]
        if not pairs:
            continue
        base = _score(al, pairs, session)
        saved = {pa: al.preds.pop(pa) for pa in rivals}
        al.folds[key] = fold
        got = _score(al, pairs, session)
        if got > base and not session.consistent([al.apply(f) for f in statements]).holds:
            done.add(key)
            al.equivalent += got[0] - base[0]
            al.unmatched = [u for u in al.unmatched if u not in (f"{key[0]}/2", fold[2])]
            al.unmatched += [f"{p}/{n}" for p, n in rivals]
        else:
            del al.folds[key]
            al.preds.update(saved)


MAX_CONJUNCT_PAIRS = 16


def overlapping(p, g, session) -> bool:
    """Whether two premises that are conjunctions share a conjunct up to entailment (the
    program split a gold sentence over several premises, or joined several into one: `City(
    helena) ∧ CityIn(helena, montana)` beside the gold's `CityIn(butte, montana) ∧ CityIn(helena,
    montana) ∧ ...`): their symbols meet though neither premise entails the other."""
    from ..fol import And
    ps = list(p.args) if isinstance(p, And) else [p]
    gs = list(g.args) if isinstance(g, And) else [g]
    if len(ps) < 2 and len(gs) < 2:
        return False
    pairs = [(a, b) for a in ps for b in gs][:MAX_CONJUNCT_PAIRS]
    if any(a == b for a, b in pairs):
        return True
    def valid(f) -> bool:
        return session.entails([], f, evidence=False).holds
    return any(session.entails([a], b, evidence=False).holds
               or session.entails([b], a, evidence=False).holds for a, b in pairs
               if not valid(a) and not valid(b))
