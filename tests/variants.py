"""Equivalence-preserving variants of logic programs: the metamorphic suite's generator.

From a problem's ground truth (its sentences and question, as formulas), `write` spells one
program in any of the six languages, with the variations a model's reply shows and that
change nothing it says: clause order, comments, glosses (the sentence a clause translates)
before or after the clause or none, Markdown wrapping (prose and a fenced block),
numbered clauses and labels, and for FOL text other notations (ASCII, LaTeX). Every
variant of one problem must get the same answers and the same diagnostics, layout notes
(communication) aside.

From a given program text (an LLM's), `shuffled`, `commented` and `in_markdown` make the
variants that need no reading of their own: clause order within each run of clauses,
comment lines, a chat reply around it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from sedac.fol import UNICODE, Formula, render
from sedac.readers import reader_for

LANGS = ("prolog", "pyke", "fol", "tptp", "prover9", "linc")
FENCE_TAG = {"prolog": "prolog", "tptp": "tptp", "prover9": "prover9", "pyke": "", "fol": "",
             "linc": ""}
NUMBERED = ("pyke", "fol", "linc", "prover9")    # the languages whose replies number clauses
# Variant kinds that need another branch's code (the shared reply layer, FOL notations)
NEEDS_BRANCH = {"numbered": "needs the reply layer (numbering and labels)",
                "markdown": "needs the reply layer (prose and fences around this language)",
                "ascii": "needs the FOL notations branch", "latex": "needs the FOL notations branch"}

ASCII = replace(UNICODE, neg="~", and_=" & ", or_=" | ",
                binary={k: {"→": "->", "↔": "<->", "⊕": "xor"}.get(v, v)
                        for k, v in UNICODE.binary.items()},
                quant=lambda q, vs, b: "".join(f"{'forall' if q else 'exists'} {v} " for v in vs) + b,
                top="True", bottom="False", neq="~({} = {})")
LATEX = replace(UNICODE, neg="\\neg ", and_=" \\land ", or_=" \\lor ",
                binary={k: {"→": "\\rightarrow", "↔": "\\leftrightarrow", "⊕": "\\oplus"}.get(v, v)
                        for k, v in UNICODE.binary.items()},
                quant=lambda q, vs, b: "".join(("\\forall " if q else "\\exists ") + v + " "
                                               for v in vs) + b,
                top="\\top", bottom="\\bot", neq="\\neg ({} = {})")


@dataclass(frozen=True)
class Item:
    formula: Formula
    text: str            # the sentence it translates
    kind: str = "statement"


@dataclass(frozen=True)
class Variant:
    lang: str
    shuffle: int | None = None          # the seed of a permutation of the statements
    gloss: str = "none"                 # none | before | after
    comments: bool = False
    markdown: bool = False
    numbered: bool = False
    notation: str = "unicode"           # FOL text only: unicode | ascii | latex

    @property
    def name(self) -> str:
        parts = [self.lang]
        if self.shuffle is not None:
            parts.append("shuffled")
        if self.gloss != "none":
            parts.append(f"gloss-{self.gloss}")
        parts += [k for k in ("comments", "markdown", "numbered") if getattr(self, k)]
        if self.notation != "unicode":
            parts.append(self.notation)
        return "+".join(parts)

    @property
    def needs(self) -> str | None:
        """Why this variant cannot be read before another branch is merged, or None."""
        if self.numbered and self.lang != "prover9":
            return NEEDS_BRANCH["numbered"]
        if self.notation != "unicode":
            return NEEDS_BRANCH[self.notation]
        if self.markdown and self.lang in ("pyke", "fol", "tptp", "prover9"):
            # today only the Prolog and LINC readers take prose and fences apart
            return NEEDS_BRANCH["markdown"]
        return None


def items_of(truth) -> list[Item]:
    out = [Item(f.formula, f.text) for f in truth.facts]
    if truth.question is not None:
        out.append(Item(truth.question, truth.question_text, "query"))
    return out


def _line(item: Item, lang: str, k: int, variant: Variant) -> str:
    w = reader_for(lang)
    if lang == "fol" and variant.notation != "unicode":
        return render(item.formula, ASCII if variant.notation == "ascii" else LATEX)
    if lang == "tptp":
        return w.write(item.formula, item.kind, f"s{k}" if item.kind == "statement" else "goal")
    return w.write(item.formula, item.kind, "")


def _comment(lang: str, text: str) -> str:
    return reader_for(lang).comment(text)


def _clause(item: Item, lang: str, k: int, variant: Variant) -> list[str]:
    """The lines of one clause with its gloss, as the variant places it."""
    line = _line(item, lang, k, variant)
    if variant.numbered:
        # a numbered list (Logic-LM's formats), or Prover9's own labels
        if lang == "prover9":
            line = f"{line[:-1]} # label(s{k})." if k else line
        elif lang != "linc":
            line = f"{k}. {line}"
    sentence = item.text
    if lang == "linc":
        # LINC's own gloss is a `TEXT:` line before its `FOL:` line; after, a comment
        number = f"{k}. " if variant.numbered and k else ""
        pair = [f"{number}TEXT:\t{sentence}", f"{number}FOL:\t{line}"]
        return {"none": pair[1:], "before": pair,
                "after": [pair[1], _comment(lang, sentence)]}[variant.gloss]
    if variant.gloss == "before":
        return [_comment(lang, sentence), line]
    if variant.gloss == "after":
        if lang in ("pyke", "fol"):
            return [f"{line} ::: {sentence}"]
        return [f"{line}  {_comment(lang, sentence)}"]
    return [line]


def write(truth, variant: Variant) -> str:
    """The problem's ground truth as a program of `variant`."""
    items = items_of(truth)
    statements = [i for i in items if i.kind == "statement"]
    queries = [i for i in items if i.kind == "query"]
    if variant.shuffle is not None:
        statements = random.Random(variant.shuffle).sample(statements, len(statements))
    lang = variant.lang
    blocks = []
    for k, it in enumerate(statements, start=1):
        lines = _clause(it, lang, k, variant)
        if variant.comments and k % 3 == 1:
            lines = [_comment(lang, f"part {k // 3 + 1} of the translation")] + lines
        blocks.append((it, lines))
    query_lines = [line for it in queries for line in _clause(it, lang, 0, variant)]
    body = _layout(lang, blocks, query_lines, truth, variant)
    if variant.comments:
        body = _comment(lang, "A translation of the problem, one clause a sentence.") + "\n" + body
    if variant.markdown:
        tag = FENCE_TAG[lang]
        body = (f"Here is the problem translated into {lang}.\n\n```{tag}\n{body}```\n\n"
                "Running it answers the question.\n")
    return body


def _layout(lang: str, blocks, query_lines: list[str], truth, variant: Variant) -> str:
    flat = [line for _, lines in blocks for line in lines]
    if lang == "prolog":
        from sedac.readers.prolog import dynamic_declaration, undefined_predicates
        lines = list(flat)
        undefined = undefined_predicates(truth.axioms, [truth.question] if truth.question else [])
        if undefined:
            lines.append(dynamic_declaration(undefined))
        return "\n".join(lines + query_lines) + "\n"
    if lang == "pyke":
        facts = [line for it, lines in blocks if ">>>" not in "".join(lines) for line in lines]
        rules = [line for it, lines in blocks if ">>>" in "".join(lines) for line in lines]
        return "\n".join(["Facts:", *facts, "Rules:", *rules, "Query:", *query_lines]) + "\n"
    if lang == "fol":
        return "\n".join(["Premises:", *flat, "Conclusion:", *query_lines]) + "\n"
    if lang == "prover9":
        return "\n".join(["formulas(assumptions).", *flat, "end_of_list.", "",
                          "formulas(goals).", *query_lines, "end_of_list."]) + "\n"
    return "\n".join(flat + query_lines) + "\n"      # tptp, linc (the last pair asks)


def variants(seed: int = 1) -> list[Variant]:
    """The variants of a problem: every language plain, and each variation alone and
    together (shuffled, glosses before and after, comments, Markdown), plus numbering and
    other FOL notations (some need other branches: `Variant.needs`)."""
    out = []
    for lang in LANGS:
        out += [Variant(lang), Variant(lang, shuffle=seed), Variant(lang, gloss="before"),
                Variant(lang, gloss="after"), Variant(lang, comments=True),
                Variant(lang, markdown=True),
                Variant(lang, shuffle=seed, gloss="before", comments=True),
                Variant(lang, shuffle=seed, gloss="after", comments=True, markdown=True),
                *([Variant(lang, numbered=True)] if lang in NUMBERED else [])]
    out += [Variant("fol", notation="ascii"), Variant("fol", notation="latex"),
            Variant("fol", notation="ascii", gloss="after", markdown=True)]
    return out


# ------------------------------------------------- variants of a given program text

def _runs(program) -> list[list[int]]:
    """Runs of consecutive clauses with only blank or comment lines between them, each a
    list of clause indices (one-line clauses without a gloss written apart only)."""
    text = program.text
    runs, current, last_end = [], [], None
    mark = reader_for(program.lang).comment("x")[:-1].strip()     # `%` or `#`
    for i, c in enumerate(program.clauses):
        one_line = c.span.line == c.span.end_line
        between = text[last_end:c.span.start] if last_end is not None else ""
        quiet = all(not s.strip() or s.strip().startswith(mark) for s in between.split("\n"))
        # (a clause whose gloss is written apart from it, a comment beside or around it,
        # does not move: its gloss would stay behind, beside another clause)
        apart = program.gloss.get(i) in program.glossed_apart
        if not one_line or c.kind != "statement" or c.formula is None or apart:
            if current:
                runs.append(current)
            current, last_end = [], c.span.end
            continue
        if current and quiet:
            current.append(i)
        else:
            if current:
                runs.append(current)
            current = [i]
        last_end = c.span.end
    if current:
        runs.append(current)
    return [r for r in runs if len(r) > 1]


def shuffled(program, seed: int = 0) -> str:
    """The program with its clauses' order shuffled within each run of clauses."""
    rng = random.Random(seed)
    text = program.text
    swaps = []
    for run in _runs(program):
        spans = [program.clauses[i].span for i in run]
        texts = [text[s.start:s.end] for s in spans]
        order = rng.sample(texts, len(texts))
        swaps += list(zip(spans, order))
    for span, new in sorted(swaps, key=lambda t: t[0].start, reverse=True):
        text = text[:span.start] + new + text[span.end:]
    return text


def commented(program) -> str:
    """The program with a comment line before it and after every third line of clauses."""
    reader = reader_for(program.lang)
    lines = program.text.split("\n")
    starts = {program.clauses[i].span.line for run in _runs(program) for i in run[::3]}
    out = [reader.comment("A translation of the problem.")]
    for n, line in enumerate(lines, start=1):
        if n in starts:
            out.append(reader.comment(f"clauses from line {n}"))
        out.append(line)
    return "\n".join(out)


def in_markdown(text: str, lang: str) -> str:
    """The program as a chat reply: prose, the program in a fenced block, prose."""
    body = text if text.endswith("\n") else text + "\n"
    return (f"Sure! Here is the program.\n\n```{FENCE_TAG.get(lang, '')}\n{body}```\n\n"
            "It answers the question when run.\n")
