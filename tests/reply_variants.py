"""Variants of a reply that change how it is laid out, not what it says: the generator of
tests/test_reply_variants.py (issue 18's gaps, each a class).

From a problem's ground truth, `reply(truth, lang, ...)` writes a program in one language
with
- `gloss`: where each clause's sentence is written: `none`, `colons` (`::: s`, Logic-LM's,
  the plain form), `inline` (a comment or dash on the clause's line), `before` / `after`
  (a comment line), `sentence` (a plain sentence on the line before), `table` (a Markdown
  table of sentence | formula), `beside` (after spaces, in brackets or quotes or after `<-`
  or ` : `, see `BESIDE`);
- `ask`: how the question is put: `goal` (the language's own goal line, the plain form),
  a prose sentence naming it (`prose-N`, see `PROSE`), or `none` (only the problem asks);
- `blocks`: how the reply is fenced: `one` block, the premises and the conclusion in blocks
  of their own (`split`), a first attempt and its correction (`corrected`), the program and
  a block of what its solver printed (`output`).
"""
from __future__ import annotations

import re

from sedac.fol import Forall, Implies, negate
from sedac.readers import reader_for

LANGS = ("fol", "pyke", "prolog", "prover9", "tptp")
GLOSSES = ("none", "colons", "inline", "before", "after", "sentence", "table", "beside")
# how a sentence is set off after its formula by spaces (`beside`), one per clause in turn
BESIDE = ("{}   [{}]", '{}   "{}"', "{}   <- {}", "{}   : {}", "{}\t\t“{}”")
PROSE = ("We want to know whether {}.", "Conclusion to check: {}.", "Does it follow that {}?",
         "**Question:** Is it true that {}?", "The goal is whether {}.")
COMMENT = {"fol": "#", "pyke": "#", "prolog": "%", "prover9": "%", "tptp": "%"}
TAG = {"fol": "", "pyke": "", "prolog": "prolog", "prover9": "prover9", "tptp": "tptp"}
OUTPUT = {"prolog": "true.",
          "tptp": "% Refutation found. Thanks to Tanya!\n% SZS status Theorem for reply\n"
                  "% SZS output start Proof for reply\n1. {goal} [input]\n% SZS output end Proof for reply",
          "prover9": "============================== PROOF =================================\n"
                     "THEOREM PROVED\nExiting with 1 proof.",
          "fol": "THEOREM PROVED", "pyke": "THEOREM PROVED"}


def statement_of(question_text: str) -> str:
    """The statement a question asks about (`True or false: Rex is big.` -> `Rex is big`)."""
    s = re.sub(r"^.*?(true or false:|true, false, or unknown\?|true or false\?)\s*", "",
               question_text, flags=re.I)
    return s.strip().rstrip(".?")


def _lines(truth, lang: str, gloss: str, wrong: bool = False) -> tuple[list[list[str]], list[str]]:
    """(statement groups, query lines) of the program: each clause's lines with its gloss
    placed as `gloss` says; with `wrong`, the first rule negated (a first attempt)."""
    w = reader_for(lang)
    mark = COMMENT[lang]
    out = {"statement": [], "query": []}
    items = [(f.formula, f.text, "statement") for f in truth.facts] + \
        [(truth.question, statement_of(truth.question_text) + ".", "query")]
    spoiled = False
    for k, (formula, sentence, kind) in enumerate(items, start=1):
        if wrong and not spoiled and isinstance(formula, Forall) and isinstance(formula.body, Implies):
            formula = Forall(formula.vars, Implies(formula.body.left, negate(formula.body.right)))
            spoiled = True
        if lang == "tptp":
            line = w.write(formula, kind, f"s{k}" if kind == "statement" else "goal")
        else:
            line = w.write(formula, kind, "")
        if lang == "prover9":
            line = "  " + line
        dest = []
        if gloss == "colons" and lang in ("fol", "pyke"):
            dest.append(f"{line} ::: {sentence}")
        elif gloss == "inline":
            sep = " -- " if lang in ("fol", "pyke") else f"  {mark} "
            dest.append(f"{line}{sep}{sentence}")
        elif gloss == "before":
            dest += [f"{mark} {sentence}", line]
        elif gloss == "after":
            dest += [line, f"{mark} {sentence}"]
        elif gloss == "sentence" and lang in ("fol", "pyke"):
            dest += [sentence, line]
        elif gloss == "beside" and lang in ("fol", "pyke"):
            dest.append(BESIDE[k % len(BESIDE)].format(line, sentence))
        elif gloss == "table" and lang == "fol":
            dest.append(f"| {sentence} | {line} |")
        else:
            dest.append(line)
        out[kind].append(dest)
    return out["statement"], [s for g in out["query"] for s in g]


def program(truth, lang: str, gloss: str = "none", ask: str = "goal", wrong: bool = False) -> tuple[str, str]:
    """(premises, question) parts of a program: the question part is its goal lines, or
    the prose that names the question, or empty."""
    groups, query = _lines(truth, lang, gloss, wrong)
    stmts = [s for g in groups for s in g]
    if ask.startswith("prose"):
        query = [PROSE[int(ask.split("-")[1])].format(statement_of(truth.question_text))]
        if lang in ("prolog", "prover9", "tptp") and int(ask.split("-")[1]) % 2:
            query = [f"{COMMENT[lang]} {query[0]}"]       # the question named in a comment
    elif ask == "none":
        query = []
    table = gloss == "table" and lang == "fol"
    head = ["| Sentence | Formula |", "|---|---|"] if table else []
    if lang == "fol":
        q = (["Conclusion:"] + (head if table else []) + query) if query and ask == "goal" else query
        return "\n".join(["Premises:", *head, *stmts]) + "\n", ("\n".join(q) + "\n") if q else ""
    if lang == "pyke":
        facts = [s for g in groups if not any(">>>" in x for x in g) for s in g]
        rules = [s for g in groups if any(">>>" in x for x in g) for s in g]
        q = (["Query:"] + query) if query and ask == "goal" else query
        return "\n".join(["Facts:", *facts, "Rules:", *rules]) + "\n", ("\n".join(q) + "\n") if q else ""
    if lang == "prover9":
        q = (["formulas(goals).", *query, "end_of_list."]) if query and ask == "goal" else query
        return "\n".join(["formulas(assumptions).", *stmts, "end_of_list."]) + "\n", \
            ("\n".join(q) + "\n") if q else ""
    if lang == "prolog":
        from sedac.readers.prolog import dynamic_declaration, undefined_predicates
        undefined = undefined_predicates(truth.axioms, [truth.question])
        if undefined:
            stmts = stmts + [dynamic_declaration(undefined)]
    return "\n".join(stmts) + "\n", ("\n".join(query) + "\n") if query else ""


def reply(truth, lang: str, gloss: str = "none", ask: str = "goal", blocks: str = "one",
          markdown: bool = True) -> str:
    """A whole reply (see the module's doc)."""
    premises, question = program(truth, lang, gloss, ask)
    tag = TAG[lang]
    prose_ask = ask.startswith("prose") and not question.lstrip().startswith(COMMENT[lang])
    if not markdown:
        return premises + question
    if blocks == "split" and question and not prose_ask:
        return (f"**Premises**\n\n```{tag}\n{premises}```\n\n**Conclusion**\n\n"
                f"```{tag}\n{question}```\n")
    body_q = "" if prose_ask else question
    after = f"\n{question}" if prose_ask else ""
    whole = f"```{tag}\n{premises}{body_q}```\n"
    if blocks == "corrected":
        bad_p, bad_q = program(truth, lang, gloss, ask, wrong=True)
        first = f"```{tag}\n{bad_p}{'' if prose_ask else bad_q}```\n"
        return (f"Here is a first translation.\n\n{first}\nWait, the first rule is wrong: its "
                f"conclusion is negated. Here is the corrected program:\n\n{whole}{after}")
    if blocks == "output":
        goals = program(truth, lang, gloss, "goal")[1].strip().split("\n")
        goal = next((g for g in reversed(goals) if not g.startswith(("end_of", COMMENT[lang]))), "")
        out = OUTPUT[lang].format(goal=goal.strip())
        return (f"Here is the program.\n\n{whole}{after}\nRunning it prints:\n\n```\n{out}\n```\n\n"
                "So the statement follows.\n")
    return f"Here is the translation.\n\n{whole}{after}\nThat is the whole program.\n"


__all__ = ["reply", "program", "statement_of", "LANGS", "GLOSSES", "PROSE"]
