"""Aligning a program's signature with gold formulas whose names share no spelling.

A model names its predicates its own way (`Perform(x)` where FOLIO's gold says
`TalentShows(x)`, `Student(x)` for `Students(x)`). The mapping of the program's predicates
(name and arity) and constants onto the gold's is chosen from four kinds of evidence:

1. the premise pairing: a program premise glossed `::: sentence` with a gold premise's
   sentence (else the premises in order, when both have as many);
2. structure: in a paired premise, atoms in the same place of formulas of the same shape
   vote for each other (the arity must agree);
3. words: the lemmas of the names (spaCy's English lookup table: `shows` -> `show`) and of
   the program's own description of a predicate (`Perform(x) ::: x performs in school talent
   shows often.`) against the gold name's words;
4. the prover: a mapping is scored by how many paired premises become equivalent, and a
   swap of two same-arity choices is kept only when it makes more of them equivalent.

A program symbol with no counterpart keeps its name, and is listed as unmatched. The result
says how sure it is (the share of paired premises that are equivalent under it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .fol import (And, Atom, Const, Exists, Forall, Formula, Iff, Implies, Not, Or, Xor,
                  constants, map_atoms, predicates)

_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_STOP = frozenset("x y z a an the is are be of in on at to and or not who that which with "
                  "for as by its it their they has have do does".split())
_PRED_GLOSS = re.compile(r"^\s*([A-Za-z_][\w']*)\s*\(([^()]*)\)\s*:::\s*(.+)$")


@lru_cache(maxsize=1)
def _lemmas() -> dict:
    """spaCy's English lemma lookup table (`spacy-lookups-data`), read directly: importing
    spaCy itself costs seconds and the table is all the lookup lemmatizer uses."""
    try:
        import gzip
        import json
        import os
        import spacy_lookups_data
        path = os.path.join(os.path.dirname(spacy_lookups_data.__file__), "data",
                            "en_lemma_lookup.json.gz")
        with open(path, "rb") as fh:
            return json.loads(gzip.decompress(fh.read()))
    except (ImportError, OSError, ValueError):
        return {}


def lemma(word: str) -> str:
    w = word.lower()
    found = _lemmas().get(w)
    if found:
        return found
    from .vocab import singularize
    return singularize(w)


def words(name: str) -> set[str]:
    """The lemmas of a symbol's words: `TalentShows` / `talent_shows` -> {talent, show}."""
    parts = [p for chunk in re.split(r"[_\W]+", name) for p in _WORD.findall(chunk)] or [name]
    return {lemma(p) for p in parts if p.lower() not in _STOP and len(p) > 1}


@dataclass
class Alignment:
    preds: dict = field(default_factory=dict)      # (name, arity) -> gold name
    consts: dict = field(default_factory=dict)     # program constant -> gold constant
    pairs: list = field(default_factory=list)      # (clause index, gold fact index)
    unmatched: list = field(default_factory=list)  # program symbols with no counterpart
    equivalent: int = 0
    paired: int = 0

    @property
    def confidence(self) -> float:
        return round(self.equivalent / self.paired, 3) if self.paired else 0.0

    def apply(self, f: Formula) -> Formula:
        preds, consts = self.preds, self.consts
        if not preds and not consts:
            return f

        def rename(a: Atom) -> Formula:
            args = tuple(Const(consts.get(t.name, t.name)) if isinstance(t, Const) else t
                         for t in a.args)
            return Atom(preds.get((a.pred, len(a.args)), a.pred), args)
        return map_atoms(f, rename)

    def to_json(self) -> dict:
        return {"predicates": {f"{p}/{n}": g for (p, n), g in sorted(self.preds.items())},
                "constants": dict(sorted(self.consts.items())),
                "pairs": [{"clause": c, "premise": k} for c, k in self.pairs],
                "equivalent": self.equivalent, "paired": self.paired,
                "confidence": self.confidence, "unmatched": self.unmatched}


def _norm_sentence(s: str) -> set[str]:
    return {lemma(w) for w in re.findall(r"[A-Za-z]+", s) if w.lower() not in _STOP}


def pair_premises(program, truth) -> list[tuple[int, int]]:
    """(clause index, gold fact index) for the program's statements, by gloss, else in order."""
    statements = program.statements
    facts = truth.facts
    gold_words = [_norm_sentence(f.text) for f in facts]
    pairs, taken = [], set()
    for i, _ in statements:
        gloss = program.gloss.get(i)
        if not gloss:
            continue
        g = _norm_sentence(gloss)
        best, score = None, 0.0
        for k, gw in enumerate(gold_words):
            if k in taken or not gw or not g:
                continue
            s = len(g & gw) / len(g | gw)
            if s > score:
                best, score = k, s
        if best is not None and score >= 0.5:
            pairs.append((i, best))
            taken.add(best)
    if not pairs and len(statements) == len(facts):
        pairs = [(i, k) for k, (i, _) in enumerate(statements)]
    return pairs


def _shape_atoms(p: Formula, g: Formula, out: list) -> bool:
    """Walk two formulas of one shape together, collecting (program atom, gold atom) pairs;
    False (and nothing trustworthy collected) when the shapes differ."""
    if isinstance(p, Atom) and isinstance(g, Atom):
        if len(p.args) != len(g.args):
            return False
        out.append((p, g))
        return True
    if type(p) is not type(g):
        return False
    if isinstance(p, Not):
        return _shape_atoms(p.arg, g.arg, out)
    if isinstance(p, (And, Or)):
        return len(p.args) == len(g.args) and all(_shape_atoms(a, b, out)
                                                  for a, b in zip(p.args, g.args))
    if isinstance(p, (Implies, Iff, Xor)):
        return _shape_atoms(p.left, g.left, out) and _shape_atoms(p.right, g.right, out)
    if isinstance(p, (Forall, Exists)):
        return len(p.vars) == len(g.vars) and _shape_atoms(p.body, g.body, out)
    return False


def _atoms(f: Formula) -> list[Atom]:
    out: list[Atom] = []

    def walk(h):
        if isinstance(h, Atom):
            out.append(h)
        elif isinstance(h, Not):
            walk(h.arg)
        elif isinstance(h, (And, Or)):
            for a in h.args:
                walk(a)
        elif isinstance(h, (Implies, Iff, Xor)):
            walk(h.left)
            walk(h.right)
        elif isinstance(h, (Forall, Exists)):
            walk(h.body)
    walk(f)
    return out


def predicate_glosses(text: str) -> dict[tuple[str, int], str]:
    """The program's own description of its predicates (`Perform(x) ::: x performs ...`)."""
    from .readers.sections import camel_to_snake
    out = {}
    for line in text.split("\n"):
        m = _PRED_GLOSS.match(line)
        if m and all(re.fullmatch(r"\s*[a-z]\w*\s*", a) for a in m.group(2).split(",")):
            out[(camel_to_snake(m.group(1)), len(m.group(2).split(",")))] = m.group(3)
    return out


def align(program, truth, session=None, budget: int = 200) -> Alignment:
    """The mapping of `program`'s signature onto the gold `truth`'s (see the module)."""
    stmts = {i: c.formula for i, c in program.statements}
    query = [c.formula for _, c in program.queries]
    gold_preds = {pa for f in truth.axioms + ([truth.question] if truth.question else [])
                  for pa in predicates(f)}
    gold_consts = {c.name for f in truth.axioms + ([truth.question] if truth.question else [])
                   for c in constants(f)}
    prog_formulas = list(stmts.values()) + query
    prog_preds = {pa for f in prog_formulas for pa in predicates(f)}
    prog_consts = {c.name for f in prog_formulas for c in constants(f)}
    pairs = pair_premises(program, truth)
    facts = truth.facts
    matched = [(stmts[i], facts[k].formula) for i, k in pairs if i in stmts]
    if query and truth.question is not None:
        matched.append((query[-1], truth.question))

    votes: dict = {}
    cvotes: dict = {}

    def vote(pa, ga, w):
        key = ((pa.pred, len(pa.args)), ga.pred)
        votes[key] = votes.get(key, 0.0) + w
        for s, t in zip(pa.args, ga.args):
            if isinstance(s, Const) and isinstance(t, Const):
                cvotes[(s.name, t.name)] = cvotes.get((s.name, t.name), 0.0) + w

    for p, g in matched:
        shaped: list = []
        if _shape_atoms(p, g, shaped):
            for pa, ga in shaped:
                vote(pa, ga, 2.0)
        else:   # shapes differ: every same-arity pair of the two premises is a weak vote
            pas, gas = _atoms(p), _atoms(g)
            for pa in pas:
                for ga in gas:
                    if len(pa.args) == len(ga.args):
                        vote(pa, ga, 1.0 / max(1, len(gas)))

    def norm(c: str) -> str:
        return re.sub(r"[^a-z0-9]", "", c.lower())

    glosses = predicate_glosses(program.text)
    gold_words = {g: words(g) for g, _ in gold_preds}
    scores = []
    for pa in prog_preds:
        own = words(pa[0]) | (_norm_sentence(glosses[pa]) if pa in glosses else set())
        for g, n in gold_preds:
            if n != pa[1]:
                continue
            gw = gold_words[g]
            w = len(own & gw) / len(gw) if gw else 0.0
            s = votes.get((pa, g), 0.0) + 1.5 * w + (3.0 if norm(pa[0]) == norm(g) else 0.0)
            if s > 0:
                scores.append((s, pa, g))
    scores.sort(key=lambda t: (-t[0], t[1], t[2]))
    out = Alignment(pairs=pairs)
    used_gold: set = set()
    for s, pa, g in scores:
        if pa in out.preds or (g, pa[1]) in used_gold:
            continue
        out.preds[pa] = g
        used_gold.add((g, pa[1]))
    for pa in sorted(prog_preds):
        if pa not in out.preds:
            out.unmatched.append(f"{pa[0]}/{pa[1]}")
    out.preds = {pa: g for pa, g in out.preds.items() if pa[0] != g}
    by_norm = {norm(c): c for c in gold_consts}
    for c in sorted(prog_consts):
        if c in gold_consts:
            continue
        if norm(c) in by_norm:
            out.consts[c] = by_norm[norm(c)]
            continue
        cands = sorted(((w, t) for (s, t), w in cvotes.items() if s == c), reverse=True)
        if cands and cands[0][1] not in prog_consts:
            out.consts[c] = cands[0][1]
        else:
            out.unmatched.append(c)
    if session is not None:
        _improve(out, matched, session, budget)
    return out


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


def aligned_truth(program, truth, session=None):
    """`truth` with a vocabulary that reads `program`'s symbols as the gold's (the shallow
    rules R10/R11 rename them, silently; fixes are written in the program's own names), and
    the alignment itself as `truth.alignment`."""
    from dataclasses import replace
    al = align(program, truth, session)
    vocab = replace(truth.vocab, aligned=dict(al.preds), aligned_names=dict(al.consts))
    out = replace(truth, vocab=vocab)
    out.alignment = al
    return out
