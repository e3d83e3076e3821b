"""Pairing a program's premises and symbols with gold formulas whose names share no spelling.

A model names its predicates its own way (`Perform(x)` where FOLIO's gold says
`TalentShows(x)`, `Student(x)` for `Students(x)`). The mapping of the program's predicates
(name and arity) and constants onto the gold's is chosen from four kinds of evidence:

1. the premise pairing (`premises`): a program premise glossed `::: sentence` (or with a
   comment beside it) with a gold premise's sentence; what the words leave, by a monotone
   alignment of the two premise sequences scored by the formulas' shapes (`structure`):
   models translate in order, merging, splitting, dropping or adding a premise;
2. structure: in a paired premise (or a merged pair of them), atoms in the same place of
   formulas of the same shape vote for each other (the arity must agree; ⊕ for ∨ still
   places them); the conclusion votes only where the premises name no other counterpart;
3. words: the lemmas of the names (spaCy's English lookup table: `shows` -> `show`) and of
   the program's own description of a predicate (`Perform(x) ::: x performs in school talent
   shows often.`) against the gold name's words;
4. the prover: a mapping is scored by how many paired premises become equivalent, and a
   swap of two same-arity choices is kept only when it makes more of them equivalent.

A program symbol with no counterpart keeps its name, and is listed as unmatched. The result
says how sure it is: the share of paired premises whose symbols meet under it (equivalent
to the gold premise, or stronger, weaker or contradicting it: the model may have said the
premise wrongly, in the right symbols), beside the share that is equivalent.
"""
from __future__ import annotations

import re

from ..fol import And, Atom, Const, Exists, Forall, Formula, Iff, Implies, Not, Or, Xor, \
    children, constants, predicates
from .alignment import Alignment
from .legend import legend
from .premises import one_to_one, pair_premises, premise_groups
from .structure import conjoin
from .verdicts import relation
from .names import NEGATIVE, jaccard, norm, norm_sentence, predicate_glosses, similar, words

__all__ = ["map_symbols", "pair_premises", "premise_groups"]


def _shape_atoms(p: Formula, g: Formula, out: list, loose: bool = False) -> bool:
    """Walk two formulas of one shape together, collecting (program atom, gold atom) pairs;
    False (and nothing trustworthy collected) when the shapes differ. `loose`: the
    connectives of two or more sides (∧ ∨ ⊕ ↔) may differ where their sides agree."""
    if isinstance(p, Atom) and isinstance(g, Atom):
        if len(p.args) != len(g.args):
            return False
        out.append((p, g))
        return True
    if type(p) is not type(g) and not (loose and isinstance(p, _SIDES) and isinstance(g, _SIDES)):
        return False
    if isinstance(p, Not):
        return _shape_atoms(p.arg, g.arg, out, loose)
    if isinstance(p, (And, Or)) or isinstance(g, (And, Or)):
        ps = p.args if isinstance(p, (And, Or)) else (p.left, p.right)
        gs = g.args if isinstance(g, (And, Or)) else (g.left, g.right)
        return len(ps) == len(gs) and all(_shape_atoms(a, b, out, loose) for a, b in zip(ps, gs))
    if isinstance(p, (Implies, Iff, Xor)):
        return _shape_atoms(p.left, g.left, out, loose) and _shape_atoms(p.right, g.right, out, loose)
    if isinstance(p, (Forall, Exists)):
        return len(p.vars) == len(g.vars) and _shape_atoms(p.body, g.body, out, loose)
    return False


_SIDES = (And, Or, Iff, Xor)


def _atoms(f: Formula) -> list[Atom]:
    """The atoms of `f`, left to right."""
    out: list[Atom] = []
    stack = [f]
    while stack:
        g = stack.pop()
        if isinstance(g, Atom):
            out.append(g)
        else:
            stack.extend(reversed(children(g)))
    return out


def map_symbols(program, truth, session=None, budget: int = 200) -> Alignment:
    """The mapping of `program`'s signature onto the gold `truth`'s (see the module)."""
    stmts = {i: c.formula for i, c in program.statements}
    query = [c.formula for _, c in program.queries]
    gold_all = truth.axioms + ([truth.question] if truth.question is not None else [])
    gold_preds = {pa for f in gold_all for pa in predicates(f)}
    gold_consts = {c.name for f in gold_all for c in constants(f)}
    prog_formulas = list(stmts.values()) + query
    prog_preds = {pa for f in prog_formulas for pa in predicates(f)}
    prog_consts = {c.name for f in prog_formulas for c in constants(f)}
    groups = premise_groups(program, truth)
    out = Alignment(pairs=one_to_one(program, truth, groups))
    matched = [(stmts[i], truth.facts[k].formula) for i, k in out.pairs if i in stmts]
    if query and truth.question is not None:
        matched.append((query[-1], truth.question))

    # constants first: the same name up to case and separators, or the name the reply
    # gives an abbreviation (`$d$ = Diamond Mine` for the gold's `diamondmine`)
    by_norm = {norm(c): c for c in gold_consts}
    gold_cwords = {c: words(c) for c in gold_consts}
    named = legend(program.text or "", prog_consts - gold_consts)
    for c in sorted(prog_consts - gold_consts):
        if norm(c) in by_norm:
            out.consts[c] = by_norm[norm(c)]
            continue
        if c in named and norm(named[c]) in by_norm and by_norm[norm(named[c])] not in prog_consts:
            out.consts[c] = by_norm[norm(named[c])]
            continue
        mine = words(named.get(c, c))
        near = sorted((jaccard(mine, w), g) for g, w in gold_cwords.items()
                      if w and mine and (w <= mine or mine <= w))
        if near and (len(near) == 1 or near[-1][0] > near[-2][0]):
            out.consts[c] = near[-1][1]

    def const(t):
        return out.consts.get(t.name, t.name) if isinstance(t, Const) else None

    votes: dict = {}
    cvotes: dict = {}

    def vote(pa: Atom, ga: Atom, w: float):
        n = len(pa.args)
        order = tuple(range(n))
        if n == 2:
            mine = [const(t) for t in pa.args]
            theirs = [const(t) for t in ga.args]
            straight = sum(1 for a, b in zip(mine, theirs) if a is not None and a == b)
            crossed = sum(1 for a, b in zip(mine, reversed(theirs)) if a is not None and a == b)
            if crossed > straight:
                order = (1, 0)
        key = ((pa.pred, n), ga.pred, order)
        votes[key] = votes.get(key, 0.0) + w
        for j, t in zip(order, ga.args):
            s = pa.args[j]
            if isinstance(s, Const) and isinstance(t, Const):
                cvotes[(s.name, t.name)] = cvotes.get((s.name, t.name), 0.0) + w

    def votes_of(p, g) -> list:
        """(program atom, gold atom, weight) of one paired premise (or group of them)."""
        shaped: list = []
        if _shape_atoms(p, g, shaped):
            return [(pa, ga, 2.0) for pa, ga in shaped]
        shaped = []
        if _shape_atoms(p, g, shaped, loose=True):     # ⊕ for ∨, ∧ for ∨: the places meet
            return [(pa, ga, 1.5) for pa, ga in shaped]
        # shapes differ: every same-arity pair of the two premises is a weak vote
        gas = _atoms(g)
        return [(pa, ga, 1.0 / max(1, len(gas))) for pa in _atoms(p) for ga in gas
                if len(pa.args) == len(ga.args)]

    formulas = dict(program.statements)
    for cs, ks in groups:
        p = conjoin([formulas[i].formula for i in cs]) if len(cs) > 1 else formulas[cs[0]].formula
        g = conjoin([truth.facts[k].formula for k in ks]) if len(ks) > 1 else \
            truth.facts[ks[0]].formula
        for pa, ga, w in votes_of(p, g):
            vote(pa, ga, w)
    if query and truth.question is not None:
        # the conclusion is one pairing: where the premises' votes name another counterpart
        # for either of its symbols, it does not outvote them (a conclusion the gold wrote
        # of another predicate than its sentence's would force a mapping against them)
        by_prog: dict = {}
        by_gold: dict = {}
        for ((pn, n), g, _), w in votes.items():
            by_prog.setdefault((pn, n), {}).setdefault(g, 0.0)
            by_prog[(pn, n)][g] += w
            by_gold.setdefault((g, n), {}).setdefault(pn, 0.0)
            by_gold[(g, n)][pn] += w
        for pa, ga, w in votes_of(query[-1], truth.question):
            key, gkey = (pa.pred, len(pa.args)), (ga.pred, len(ga.args))
            mine = by_prog.get(key, {})
            theirs = by_gold.get(gkey, {})
            other = max([v for g, v in mine.items() if g != ga.pred] +
                        [v for q, v in theirs.items() if q != pa.pred] + [0.0])
            if other >= 1.0 and other > mine.get(ga.pred, 0.0):
                continue
            vote(pa, ga, w)

    glosses = predicate_glosses(program.text)
    gold_words = {g: words(g) for g, _ in gold_preds}
    best_order: dict = {}
    for (pa, g, order), w in votes.items():
        if w > best_order.get((pa, g), (0.0, None))[0]:
            best_order[(pa, g)] = (w, order)
    scores = []
    for pa in prog_preds:
        own = words(pa[0]) | (norm_sentence(glosses[pa]) if pa in glosses else set())
        for g, n in gold_preds:
            if n != pa[1]:
                continue
            gw = gold_words[g]
            w = len(own & gw) / len(gw) if gw else 0.0
            voted, order = best_order.get((pa, g), (0.0, tuple(range(n))))
            s = voted + 1.5 * w + (3.0 if norm(pa[0]) == norm(g) else 0.0)
            if s > 0.5:
                scores.append((s, pa, g, order))
    scores.sort(key=lambda t: (-t[0], t[1], t[2]))
    used_gold: set = set()
    for s, pa, g, order in scores:
        if pa in out.preds or (g, pa[1]) in used_gold:
            continue
        out.preds[pa] = (g, order)
        used_gold.add((g, pa[1]))
    gold_unary = {g for g, n in gold_preds if n == 1}
    # individuals the gold gives properties to (`VeryFluffy(koala)`), not mere objects of a
    # relation (`Have(x, teeth)`)
    described = {t.name for f in gold_all for a in _atoms(f) if len(a.args) == 1
                 for t in a.args if isinstance(t, Const)}
    for pa in sorted(prog_preds):
        if pa in out.preds or pa[1] != 1 or pa[0] in gold_unary:
            continue
        named = [c for c in described if norm(c) == norm(pa[0])]
        if len(named) == 1 and (named[0] not in prog_consts
                                or out.consts.get(named[0], named[0]) == named[0]):
            out.as_const[pa] = named[0]
    # a name that says "no"/"not" where the program's does not is the gold's negation
    for pa, (g, _) in out.preds.items():
        if (bool(NEGATIVE & set(re.split(r"_", g))) !=
                bool(NEGATIVE & set(re.split(r"_", pa[0])))):
            out.negated.add(pa)
    out.unmatched = [f"{p}/{n}" for p, n in sorted(prog_preds)
                     if (p, n) not in out.preds and (p, n) not in out.as_const]
    out.preds = {pa: (g, o) for pa, (g, o) in out.preds.items()
                 if pa[0] != g or list(o) != sorted(o)}
    for c in sorted(prog_consts - gold_consts - set(out.consts)):
        cands = sorted(((w, t) for (s, t), w in cvotes.items() if s == c), reverse=True)
        if cands and cands[0][1] not in prog_consts and cands[0][0] >= 2.0:
            out.consts[c] = cands[0][1]
    # one program constant a gold constant, never two (the mapping must be a renaming)
    taken: dict = {}
    for c, g in sorted(out.consts.items()):
        if g in taken or g in prog_consts:
            continue
        taken[g] = c
    out.consts = {c: g for g, c in taken.items()}
    out.unmatched += [c for c in sorted(prog_consts - gold_consts) if c not in out.consts]
    if session is not None:
        _improve(out, matched, session, budget)
        _merge(out, matched, session, gold_preds, prog_preds, list(stmts.values()), budget)
        _fold(out, matched, session, prog_formulas, gold_all, list(stmts.values()), budget)
        from .compound import compound_folds
        compound_folds(out, matched, session, prog_formulas, gold_all, list(stmts.values()))
        # the pairs whose symbols meet under the mapping: a translation equivalent to its gold
        # premise, or one that entails it, follows from it or contradicts it (a premise the
        # model got wrong, in the gold's symbols); `unrelated` is a mapping that misses
        for p, g in matched:
            q = out.apply(p)
            out.relations[(q, g)] = relation(q, g, session)
        from .compound import overlapping
        out.related = sum(out.relations[(out.apply(p), g)] in _RELATED
                          or overlapping(out.apply(p), g, session) for p, g in matched)
    return out


_RELATED = ("equivalent", "stronger", "weaker", "contradicting")


def _equivalent_count(al: Alignment, matched, session) -> int:
    n = 0
    for p, g in matched:
        q = al.apply(p)
        if q == g or (session.entails([g], q, evidence=False).holds
                      and session.entails([q], g, evidence=False).holds):
            n += 1
    return n


def _improve(al: Alignment, matched, session, budget: int) -> None:
    """Count the equivalent pairs; try swapping two same-arity choices while it helps."""
    al.paired = len(matched)
    best = _equivalent_count(al, matched, session)
    tried = 0
    keys = sorted(al.preds)
    improved = True
    while improved and best < len(matched) and tried < budget:
        improved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                if a[1] != b[1] or tried >= budget:
                    continue
                tried += 1
                al.preds[a], al.preds[b] = al.preds[b], al.preds[a]
                n = _equivalent_count(al, matched, session)
                if n > best:
                    best, improved = n, True
                else:
                    al.preds[a], al.preds[b] = al.preds[b], al.preds[a]
    al.equivalent = best


def _score(al: Alignment, pairs, session) -> tuple[int, int]:
    """(equivalent, related) pairs among `pairs` under `al`."""
    verdicts = []
    for p, g in pairs:
        q = al.apply(p)
        # a translation the mapping makes unsatisfiable entails anything: no evidence of it
        verdicts.append("unrelated" if session.consistent([q]).holds else relation(q, g, session))
    return sum(v == "equivalent" for v in verdicts), sum(v in _RELATED for v in verdicts)


def _merge(al: Alignment, matched, session, gold_preds, prog_preds, statements,
           budget: int) -> None:
    """A program predicate with no counterpart whose name shares a word (or nearly its
    spelling) with a gold predicate of its arity may be a second name for it (the model wrote
    `WearLargeSizeClothes` beside `WearLargeClothes`, `Premiere` beside `Premiered`,
    `Alligator` for the gold's `Aligator`): it is mapped there when the paired premises that use
    it become more equivalent, or as many and more related to the gold's, and the program's
    premises stay satisfiable together (two names the program keeps apart are not one)."""
    tried = 0

    def satisfiable() -> bool:
        return not session.consistent([al.apply(f) for f in statements]).holds
    before = None       # whether the program is satisfiable as mapped so far (asked once)
    for name in list(al.unmatched):
        p, _, n = name.rpartition("/")
        if not n.isdigit() or not p:
            continue
        pa = (p, int(n))
        pairs = [(f, g) for f, g in matched if pa in predicates(f)]
        cands = [g for g, k in sorted(gold_preds) if k == pa[1] and similar(p, g)]
        if not pairs or not cands:
            continue
        if before is None:
            before = satisfiable()
        if not before:
            return
        base = _score(al, pairs, session)
        best, choice = base, None
        for g in cands:
            if tried >= budget:
                break
            tried += 1
            k = pa[1]
            al.preds[pa] = (g, tuple(range(k)))
            got = _score(al, pairs, session)
            if got > best and not satisfiable():
                got = best
            del al.preds[pa]
            if got > best:
                best, choice = got, g
        if choice is not None:
            held = {g for g, _ in al.preds.values()} | {q for q, _ in prog_preds}
            if choice in held:
                al.merged.add(pa)
            al.preds[pa] = (choice, tuple(range(pa[1])))
            al.unmatched.remove(name)
            al.equivalent += best[0] - base[0]


def _fold(al: Alignment, matched, session, prog_formulas, gold_all, statements,
          budget: int) -> None:
    """An argument as a predicate: a program relation with no counterpart whose argument is
    a constant the gold names as a class (`From(x, belgium)` for `Belgium(x)`), or a program
    class with no counterpart that is a gold relation with one of its constants
    (`LovedByChildren(x)` for `Love(children, x)`): the names must share the words, and the
    mapping is kept as a merge is (more equivalent or related pairs, still satisfiable)."""
    unmatched = set(al.unmatched)
    gold_consts = {c.name for f in gold_all for c in constants(f)}
    tries = []
    for f in prog_formulas:
        for a in _atoms(f):
            name = f"{a.pred}/{len(a.args)}"
            if name not in unmatched or len(a.args) != 2:
                continue
            for i, t in enumerate(a.args):
                if isinstance(t, Const) and t.name in unmatched and t.name not in gold_consts:
                    tries += [((a.pred, 2), (g, i, t.name)) for g, n in
                              sorted({pa for h in gold_all for pa in predicates(h)})
                              if n == 1 and similar(t.name, g)
                              and words(g) <= words(t.name) | words(a.pred)
                              and words(t.name) <= words(g) | words(a.pred)]
    gold_rel = sorted({(a.pred, i, t.name) for h in gold_all for a in _atoms(h)
                       if len(a.args) == 2 for i, t in enumerate(a.args) if isinstance(t, Const)})
    for name in sorted(unmatched):
        p, _, n = name.rpartition("/")
        if n != "1":
            continue
        mine = words(p)
        tries += [((p, 1), (g, i, c)) for g, i, c in gold_rel
                  if words(g) & mine and words(c) & mine and words(g) | words(c) >= mine]
    done: set = set()
    for key, fold in tries[:budget]:
        # a gold name another program symbol was mapped onto is taken: one of the two is wrong
        if key in done or key in al.folds or any(g == fold[0] for g, _ in al.preds.values()):
            continue
        pairs = [(f, g) for f, g in matched if key in predicates(f)]
        if not pairs:
            continue
        base = _score(al, pairs, session)
        al.folds[key] = fold
        got = _score(al, pairs, session)
        if got > base and not session.consistent([al.apply(f) for f in statements]).holds:
            done.add(key)
            al.equivalent += got[0] - base[0]
            # a gold name the program also says its own way: written back in that way
            held = {g for g, _ in al.preds.values()} | {p for f in prog_formulas
                                                         for p, _ in predicates(f)}
            if fold[0] in held:
                al.merged.add(key)
            al.unmatched = [u for u in al.unmatched
                            if u not in (f"{key[0]}/{key[1]}", fold[2])]
        else:
            del al.folds[key]
