"""Which program premises translate which gold premises: by the words first (a gloss, a
comment beside the clause, the symbols' words against the gold's sentence and names), then,
for what the words leave, by the formulas' shapes and order (`structure.monotone`).
"""
from __future__ import annotations

from .names import jaccard, norm_sentence, symbol_words
from .structure import conjoin, monotone, shape_similarity


def pair_premises(program, truth) -> list[tuple[int, int]]:
    """(clause index, gold fact index): each program statement with the gold premise it
    translates, one to one (see `premise_groups`; a merged premise is paired with the gold
    premise whose shape is nearest its own)."""
    return one_to_one(program, truth, premise_groups(program, truth))


def premise_groups(program, truth) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(clause indices, gold fact indices): which program statements translate which gold
    premises. First the words: each statement with the gold premise whose sentence its gloss
    repeats and whose symbols' words its own share, best first (a pair needs some evidence;
    the order alone decides nothing). Then the statements and premises still unpaired, in
    their order, by the shape of their formulas (`structure.monotone`): a pair, a merge of
    two premises in one statement, a split, a swap of neighbours."""
    statements = program.statements
    facts = truth.facts
    if not statements or not facts:
        return []
    glosses = _glosses(program)
    gold_sent = [norm_sentence(f.text) for f in facts]
    gold_syms = [symbol_words(f.formula) for f in facts]
    own_sent = [norm_sentence(glosses.get(i, "")) for i, _ in statements]
    own_syms = [symbol_words(c.formula) for _, c in statements]

    def words_score(n: int, k: int) -> float:
        return jaccard(own_sent[n], gold_sent[k]) + 0.5 * jaccard(own_syms[n], gold_syms[k])
    scored = []
    for n, (i, c) in enumerate(statements):
        for k in range(len(facts)):
            s = words_score(n, k)
            if len(statements) == len(facts) and n == k:
                s += 0.05
            if s >= 0.3:
                scored.append((s, i, k))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    groups, used_c, used_k = [], set(), set()
    for s, i, k in scored:
        if i in used_c or k in used_k:
            continue
        groups.append(((i,), (k,)))
        used_c.add(i)
        used_k.add(k)
    index = {i: n for n, (i, _) in enumerate(statements)}
    N, K = max(1, len(statements) - 1), max(1, len(facts) - 1)

    def score(ns, ks) -> float:
        p = statements[ns[0]][1].formula if len(ns) == 1 else \
            conjoin([statements[n][1].formula for n in ns])
        g = facts[ks[0]].formula if len(ks) == 1 else conjoin([facts[k].formula for k in ks])
        shape = shape_similarity(p, g)
        text = max(words_score(n, k) for n in ns for k in ks)
        far = abs(sum(ns) / len(ns) / N - sum(ks) / len(ks) / K)
        return shape + 0.5 * text - 0.25 * far
    # the pairs the words found that keep the order (the longest such run) cut both
    # sequences into stretches that must translate each other: each is aligned apart
    kept = _in_order(sorted((index[cs[0]], ks[0]) for cs, ks in groups))
    bounds = [(-1, -1)] + kept + [(len(statements), len(facts))]
    for (a, b), (c, d) in zip(bounds, bounds[1:]):
        rest_p = [n for n in range(a + 1, c) if statements[n][0] not in used_c]
        rest_g = [k for k in range(b + 1, d) if k not in used_k]
        if rest_p and rest_g:
            for ns, ks in monotone(rest_p, rest_g, score):
                groups.append((tuple(statements[n][0] for n in ns), tuple(ks)))
                used_c.update(statements[n][0] for n in ns)
                used_k.update(ks)
    # what is left across the stretches (a statement swapped past a pair the words found)
    rest_p = [n for n in range(len(statements)) if statements[n][0] not in used_c]
    rest_g = [k for k in range(len(facts)) if k not in used_k]
    if rest_p and rest_g:
        for ns, ks in monotone(rest_p, rest_g, score):
            groups.append((tuple(statements[n][0] for n in ns), tuple(ks)))
    return sorted(groups)


def _in_order(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of `pairs` (sorted by their first item) whose second items increase."""
    best: list = []        # best[j]: the longest run ending at pairs[j]
    for j, (_, k) in enumerate(pairs):
        prev = [best[i] for i in range(j) if pairs[i][1] < k]
        best.append(max(prev, key=len, default=[]) + [pairs[j]])
    return max(best, key=len, default=[])


def _glosses(program) -> dict[int, str]:
    """The sentence each statement translates: its gloss, or, where it has none of its
    reader's own or only a name (a TPTP formula's `p1`), the comment written with it: one
    `sedac.glosses` finds (on a copy: the program keeps its names), else the sentence on its
    own line after it, or on the line before or after it, the side most statements have one
    (a comment need not speak of the clause's names here: the words only weigh a pairing,
    against the gold's sentences)."""
    from dataclasses import replace
    from ..glosses import attach, sentence
    glosses = dict(program.gloss)
    stmts = [i for i, _ in program.statements]
    bare = {i for i in stmts if not glosses.get(i) or sentence(glosses[i].replace("_", " ")) is None}
    if not bare:
        return glosses
    copy = replace(program, gloss={i: g for i, g in glosses.items() if i not in bare},
                   glossed_apart=set())
    attach(copy)
    found = {i: copy.gloss[i] for i in bare if copy.gloss.get(i)}
    lines = program.text.split("\n")
    spans = {i: (program.clauses[i].span.line, program.clauses[i].span.end_line) for i in stmts}
    held = {n for i, c in enumerate(program.clauses)
            for n in range(c.span.line, c.span.end_line + 1)}

    def alone(n: int) -> str | None:      # line n (1-based) as a sentence holding no clause
        return sentence(lines[n - 1]) if 1 <= n <= len(lines) and n not in held else None

    def beside(i: int) -> str | None:     # the rest of the clause's own last line
        c = program.clauses[i]
        line = lines[c.span.end_line - 1]
        start = sum(len(l) + 1 for l in lines[:c.span.end_line - 1])
        return sentence(line[c.span.end - start:]) if c.span.end >= start else None
    rest = [i for i in bare if i not in found]
    same = {i: s for i in rest if (s := beside(i))}
    before = {i: s for i in rest if i not in same and (s := alone(spans[i][0] - 1))}
    after = {i: s for i in rest if i not in same and (s := alone(spans[i][1] + 1))}
    found.update(same)
    found.update(before if len(before) >= len(after) else after)
    for i, s in found.items():
        glosses[i] = f"{glosses[i]} {s}" if glosses.get(i) else s
    return glosses


def one_to_one(program, truth, groups) -> list[tuple[int, int]]:
    formulas = dict(program.statements)
    pairs = []
    for cs, ks in groups:
        if len(cs) == 1 and len(ks) == 1:
            pairs.append((cs[0], ks[0]))
            continue
        # a merge or split: the closest in shape of its statements and premises
        best = max(((shape_similarity(formulas[i].formula, truth.facts[k].formula), -i, -k)
                    for i in cs for k in ks))
        pairs.append((-best[1], -best[2]))
    return sorted(pairs)
