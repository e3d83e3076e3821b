"""SMT-LIB 2 replies as models write them, generated from the ground truth of the
project's PrOntoQA and ProofWriter problems in many styles (printed here, independently of
sedac's writer): they read clean and answer as the text; a flipped negation is found."""
from __future__ import annotations

import dataclasses
import random

from sedac.api import check
from sedac.atp import get_prover
from sedac.engine import answer_open
from sedac.fol import negate

from .test_smtlib import problems, z3_says


def _variant(t, rng) -> str:
    """The ground truth as a model might write it in SMT-LIB: a random sort, naming style,
    declaration form, annotation, gloss placement and way of asking (printed here, not by
    sedac's writer)."""
    from sedac.fol import And, Atom, Eq, Exists, Forall, Iff, Implies, Not, Or, Var, Xor, constants, predicates
    sort = rng.choice(["Entity", "Object", "Thing", "U", "Int"])
    pstyle = rng.choice(["camel", "snake", "is", "quoted"])
    cstyle = rng.choice(["camel", "snake", "quoted", "the"])
    var = rng.choice(["x", "X", "e"])

    def pred(p):
        camel = "".join(w.title() for w in p.split("_"))
        return {"camel": camel, "snake": p, "is": "is_" + p, "quoted": f"|{p}|"}[pstyle]

    def const(c):
        camel = "".join(w.title() for w in c.split("_"))
        return {"camel": camel, "snake": c, "quoted": f"|{c.replace('_', ' ')}|",
                "the": c if c[:1].isupper() or c in ("bob", "charlie", "dave", "erin", "fiona",
                                                     "gary", "harry", "anne") or "_" not in c and
                t.vocab.is_name(c) else "the_" + c}[cstyle]

    def term(a, bound):
        return bound.get(a.name, a.name) if isinstance(a, Var) else const(a.name)

    def f2s(f, bound):
        if isinstance(f, Atom):
            return pred(f.pred) if not f.args else \
                f"({pred(f.pred)} {' '.join(term(a, bound) for a in f.args)})"
        if isinstance(f, Eq):
            return f"(= {term(f.left, bound)} {term(f.right, bound)})"
        if isinstance(f, Not):
            return f"(not {f2s(f.arg, bound)})"
        if isinstance(f, (And, Or)):
            return f"({'and' if isinstance(f, And) else 'or'} {' '.join(f2s(a, bound) for a in f.args)})"
        if isinstance(f, (Implies, Iff, Xor)):
            op = {Implies: "=>", Iff: "=", Xor: "xor"}[type(f)]
            return f"({op} {f2s(f.left, bound)} {f2s(f.right, bound)})"
        if isinstance(f, (Forall, Exists)):
            inner = dict(bound)
            names = []
            for v in f.vars:
                inner[v.name] = f"{var}{len(inner) + 1}" if len(f.vars) > 1 or bound else var
                names.append(f"({inner[v.name]} {sort})")
            q = "forall" if isinstance(f, Forall) else "exists"
            return f"({q} ({' '.join(names)}) {f2s(f.body, inner)})"
        raise TypeError(f)

    everything = t.axioms + [t.question]
    out = [rng.choice(["(set-logic UF)", "(set-logic ALL)", "(set-option :produce-models true)", ""])]
    if sort != "Int":
        out.append(rng.choice([f"(declare-sort {sort} 0)", f"(declare-sort {sort})"]))
    for p, n in sorted({pa for f in everything for pa in predicates(f)}):
        out.append(f"(declare-fun {pred(p)} ({' '.join([sort] * n)}) Bool)")
    for c in sorted({k.name for f in everything for k in constants(f)}):
        out.append(rng.choice([f"(declare-const {const(c)} {sort})", f"(declare-fun {const(c)} () {sort})"]))
    named = rng.random() < 0.4
    for k, fact in enumerate(t.facts):
        body = f2s(fact.formula, {})
        if named:
            body = f"(! {body} :named a{k})"
        where = rng.choice(["above", "beside", "none"])
        if where == "above":
            out.append(";; " + fact.text)
        out.append(f"(assert {body})" + (f"  ; {fact.text}" if where == "beside" else ""))
    goal = f2s(t.question, {})
    way = rng.choice(["push", "plain", "assuming", "define", "both"])
    if way == "push":
        out += ["(push 1)", f"(assert (not {goal}))", "(check-sat)", "(get-model)", "(pop 1)"]
    elif way == "plain":
        out += ["; Negate the conclusion and look for a contradiction", f"(assert (not {goal}))",
                "(check-sat)"]
    elif way == "assuming":
        out += ["(declare-const goal Bool)", f"(assert (= goal {goal}))",
                "(check-sat-assuming ((not goal)))"]
    elif way == "define":
        out += [f"(define-fun conclusion () Bool {goal})", "(check-sat-assuming ((not conclusion)))",
                "(check-sat-assuming (conclusion))"]
    else:
        out += ["(push)", f"(assert (not {goal}))", "(check-sat)", "(pop)", "(push)",
                f"(assert {goal})", "(check-sat)", "(pop)"]
    out.append(rng.choice(["(exit)", '(echo "done")', ""]))
    return "\n".join(out) + "\n"


def test_generated_variants_in_the_styles_of_models_read_clean_and_answer_as_the_text():
    rng = random.Random(18)
    session = get_prover("z3").session()
    seen = set()
    count = 0
    for p, t in problems(2):
        text = _variant(t, rng)
        report = check(text, nl=p.text, path="reply.smt2")
        assert [d.code for d in report.diagnostics] == [], (p.id, report.diagnostics, text)
        assert report.query == t.question, (p.id, text)
        assert report.answer["open_world"] == answer_open(t.axioms, t.question, session), p.id
        z3_says(text)
        seen.add(text.split("\n")[0])
        count += 1
    assert count >= 30


def _flip(f):
    from sedac.fol import Forall, Implies
    if isinstance(f, Forall) and isinstance(f.body, Implies):
        return Forall(f.vars, Implies(f.body.left, negate(f.body.right)))
    if isinstance(f, Implies):
        return Implies(f.left, negate(f.right))
    return negate(f)


def test_a_flipped_negation_in_a_generated_variant_is_found_at_its_assert():
    rng = random.Random(4)
    found = count = 0
    for p, t in problems(2):
        k = rng.randrange(len(t.facts))
        facts = list(t.facts)
        facts[k] = dataclasses.replace(facts[k], formula=_flip(facts[k].formula))
        text = _variant(dataclasses.replace(t, facts=facts), rng)
        line = [i for i, s in enumerate(text.split("\n"), 1) if s.startswith("(assert")][k]
        report = check(text, nl=p.text, path="reply.smt2")
        lines = {d.span.line for d in report.diagnostics
                 if d.category in ("deep-semantic", "shallow-semantic")}
        count += 1
        found += line in lines
        assert report.diagnostics, (p.id, text)
    assert count >= 30 and found >= count - 2, (found, count)
