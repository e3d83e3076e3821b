"""Readings: a program's representation read into the plain formulas it means.

A model may say "every cat is a mammal" as `mammal(X) :- cat(X).`, or with the classes and
properties as arguments (`is_a(X, mammal) :- is_a(X, cat).`, `has_property(X, furry)`,
`holds(furry, X)`, `prop(X, furry, true)`, `fact(tom, is_a, cat)`, `triple(S, R, O)`,
`rel(chases, X, Y)`), with negation as data (`neg(p(X))`, `false(p(X))`, `-p(X)`,
`has_property(X, not(blue))`, `lacks`, `not_holds/2`), and with the question behind a
wrapper (`truth(p(a), V)`, `answer(a, p, V)`). A *reading* maps such a program's signature
onto the ground truth's: which argument positions of which predicates hold the text's
class and property words (`word`), relations (`link`), literals (`lit`) or truth values
(`value`); and the polarity of each channel (`lacks` says not).

Decided by the data, not by names: a position is a word position when its constants are
the text's predicate words (without a text: the program's own unary predicates), and roles
spread along the variables of the program's rules (`holds(X, P) :- has_property(X, P)`).
The polarity of a channel is the one under which the text entails most of the clauses that
use it (the prover decides; the name is only the prior and the tie-break), and the reading
is kept only when the text entails at least as many clauses under it as as written. Rules
whose word or literal position is a variable (`kind_of(X, C) :- is_a(X, D), kind_of(D, C).`,
a meta-interpreter's `truth(Q, true) :- provable(Q).`) are the representation's own
machinery: under the reading, inheritance is first-order consequence, so they are absorbed.

A reading has an inverse (`to_program`): a fix is written in the program's representation
(`cat(X)` back to `is_a(X, cat)`, `¬luminous(X)` to `neg(luminous(X))`).

Pure: a `Program` (and a `Truth`, a prover `Session`) in, a new `Program` out.
"""
from __future__ import annotations

from dataclasses import replace

from ..fol import FALSE, Atom, Const, Exists, Forall, Func, Implies, Top, Var, constants, predicates
from .readings import (VALUES, ClauseReader, Fail, Meta, Reading, Shape, Words, atoms_of,
                       channel_name, formula_of, has_terms, is_literal_list, is_literal_term,
                       is_word, negative_name, norm, to_program)

__all__ = ["apply_reading", "to_program", "Reading", "Shape"]


def _words(program, truth) -> Words:
    forms = [c.formula for c in program.clauses if c.formula is not None]
    plain = {pa for f in forms for pa in predicates(f)}
    if truth is not None:
        tf = truth.axioms + ([truth.question] if truth.question is not None else [])
        ps = {pa for f in tf for pa in predicates(f)}
        return Words({p for p, n in ps if n == 1}, {p for p, n in ps if n == 2},
                     {norm(c.name) for f in tf for c in constants(f)}, plain, True,
                     dict(getattr(truth.vocab, "plurals", {}) or {}))
    return Words({p for p, n in plain if n == 1}, {p for p, n in plain if n == 2}, set(),
                 plain, False)


# ------------------------------------------------------------------ the roles

def _roles(program, w: Words) -> dict:
    """(pred, arity) -> {position: role}, from the data and along the rules' variables."""
    occ: dict = {}
    var_at: list = []
    text_sig = {(p, 1) for p in w.unary} | {(p, 2) for p in w.binary}
    for c in program.clauses:
        if formula_of(c) is None:
            continue
        here: dict = {}
        for a in atoms_of(formula_of(c)):
            key = (a.pred, len(a.args))
            if key in text_sig and not any(isinstance(t, Func) for t in a.args):
                continue
            for i, t in enumerate(a.args):
                occ.setdefault(key, {}).setdefault(i, []).append(t)
                for v in _vars_in(t):
                    here.setdefault(v, []).append((key, i, isinstance(t, Func)))
        var_at.append(here)
    roles: dict = {}
    for key, positions in occ.items():
        r = {}
        for i, ts in positions.items():
            consts = {norm(t.name) for t in ts if isinstance(t, Const)}
            if any(is_literal_term(t, w) for t in ts):
                r[i] = "lit"
            elif any(is_literal_list(t, w) for t in ts):
                r[i] = "body"           # a rule's body in a data encoding
            elif consts & w.names:
                r[i] = "subject"        # individuals (and, in a hierarchy, classes) as subjects
            elif any(is_word(t, w) for t in ts):
                r[i] = "word"
            elif consts and consts <= VALUES:
                r[i] = "value"
            elif consts & w.binary:
                r[i] = "rel"
        roles[key] = r
    if not w.from_text:
        for key, i in _inheritance(program, w):
            roles.setdefault(key, {}).setdefault(i, "word")
    for _ in range(6):              # spread along shared variables, to a fixpoint
        changed = False
        for here in var_at:
            for v, places in here.items():
                known = {roles.get(k, {}).get(i) for k, i, inside in places if not inside} - {None}
                known &= {"word", "lit", "rel", "subject"}
                if len(known) != 1:
                    continue
                role = known.pop()
                for k, i, inside in places:
                    if inside or k not in roles or i in roles[k]:
                        continue
                    roles[k][i] = role
                    changed = True
        if not changed:
            break
    return roles


def _inheritance(program, w: Words):
    """Without a text: positions that rules use as classes, `p(X, c1) :- p(X, c2)` (the same
    individual, another constant at the position): (key, position) pairs."""
    found = set()
    for c in program.clauses:
        f = formula_of(c)
        if c.kind != "statement" or f is None:
            continue
        body = f.body if isinstance(f, Forall) else f
        if not isinstance(body, Implies) or not isinstance(body.right, Atom):
            continue
        head = body.right
        if head.pred in w.unary or len(head.args) < 2:
            continue
        for b in atoms_of(body.left):
            if len(b.args) != len(head.args) or b.pred in w.unary:
                continue
            differ = [i for i, (x, y) in enumerate(zip(head.args, b.args)) if x != y]
            if len(differ) != 1:
                continue
            i = differ[0]
            same = [x for j, x in enumerate(head.args) if j != i]
            if isinstance(head.args[i], Const) and isinstance(b.args[i], Const) and \
                    all(isinstance(x, Var) for x in same):
                found.add(((head.pred, len(head.args)), i))
                found.add(((b.pred, len(b.args)), i))
    return found


def _vars_in(t):
    if isinstance(t, Var):
        yield t
    elif isinstance(t, Func):
        for a in t.args:
            yield from _vars_in(a)


def _shapes(roles: dict, program, w: Words) -> dict:
    consts_at: dict = {}
    for c in program.clauses:
        if formula_of(c) is None:
            continue
        for a in atoms_of(formula_of(c)):
            for i, t in enumerate(a.args):
                if isinstance(t, Const):
                    consts_at.setdefault((a.pred, len(a.args), i), set()).add(norm(t.name))
    out = {}
    text_sig = {(p, 1) for p in w.unary} | {(p, 2) for p in w.binary}
    for (pred, n), r in roles.items():
        if (pred, n) in text_sig:
            continue
        values = tuple(i for i, role in sorted(r.items()) if role == "value")
        word = norm(pred)
        if values and len(values) == 1 and set(r.values()) <= {"value", "subject"} and (
                (word, n - 1) in text_sig or not w.from_text and n >= 2):
            out[(pred, n)] = Shape(pred, n, "named", values[0], values=values)
            continue
        if pred in w.unary | w.binary:
            continue
        lits = [i for i, role in sorted(r.items()) if role == "lit"]
        words = [i for i, role in sorted(r.items()) if role == "word"]
        rels = [i for i, role in sorted(r.items()) if role == "rel"]
        values = tuple(i for i, role in sorted(r.items()) if role == "value")
        if lits:
            # (two literal positions and a value: a goal, its negation and the answer,
            # `answer(Goal, NegGoal, V)`)
            neg = lits[1] if len(lits) == 2 and n == 3 else None
            body = next((i for i, role in sorted(r.items()) if role == "body"), None)
            out[(pred, n)] = Shape(pred, n, "lit", lits[0], link=neg, body=body,
                                   values=tuple(i for i in range(n) if i not in (lits[0], neg, body)))
            continue
        if words:
            k = words[-1]
            rest = [i for i in range(n) if i != k and i not in values]
            if len(rest) == 1:
                out[(pred, n)] = Shape(pred, n, "word", k, subject=rest[0], values=values)
            elif len(rest) == 2 and n == 3:
                # the link: the position whose constants are neither the text's words nor names
                cand = [i for i in rest if not (consts_at.get((pred, n, i), set())
                                                & (w.names | w.unary))]
                link = rels[0] if rels else cand[-1] if cand else rest[1]
                subj = next(i for i in rest if i != link)
                out[(pred, n)] = Shape(pred, n, "triple", k, subject=subj, link=link,
                                       values=values)
            continue
        if rels and n == 3:
            r0 = rels[0]
            s, o = [i for i in range(n) if i != r0]
            out[(pred, n)] = Shape(pred, n, "triple", o, subject=s, link=r0)
    return out


def _read_all(program, shapes, signs, w):
    """(per clause: ('plain'|'read'|'meta'|'fail', formula, channels), reader)."""
    out = []
    rd = ClauseReader(shapes, signs, w)
    for c in program.clauses:
        if formula_of(c) is None:
            out.append(("none", None, set()))
            continue
        rd.channels = set()
        rd.recording = c.kind == "statement"
        try:
            g = rd.clause(formula_of(c))
            status = "plain" if g == c.formula else "read"
        except Meta:
            g, status = None, "meta"
        except Fail:
            g, status = None, "fail"
        out.append((status, g, set(rd.channels)))
    # a predicate some of whose clauses are the interpreter's machinery is the interpreter's
    # (`answer(_, unknown).` beside `answer(pos(A), true) :- prove(pos(A))`)
    machinery = {_head(formula_of(c)) for c, (st, _, _) in zip(program.clauses, out)
                 if st == "meta" and c.kind == "statement"} - {None}
    for i, c in enumerate(program.clauses):
        if c.kind == "statement" and out[i][0] in ("plain", "fail") and \
                _head(formula_of(c)) in machinery:
            out[i] = ("meta", None, set())
    if machinery:
        # a question put to the interpreter's machinery asks the literal it is given
        rd.machinery = machinery
        for i, c in enumerate(program.clauses):
            if c.kind in ("wrapper", "query") and out[i][0] == "fail":
                rd.channels = set()
                rd.recording = False
                try:
                    out[i] = ("read", rd.clause(formula_of(c)), set(rd.channels))
                except (Meta, Fail):
                    pass
    return out, rd


def _head(f):
    """The (name, arity) a clause defines: its head's, or its atom's."""
    while isinstance(f, (Forall, Exists)):
        f = f.body
    if isinstance(f, Implies):
        f = f.right
    return (f.pred, len(f.args)) if isinstance(f, Atom) else None


# ------------------------------------------------------------------ the decision

def apply_reading(program, truth=None, session=None):
    """The program read under the representation its data shows (see the module's doc);
    the program itself when it is written plainly. The result's `reading` says which and
    why (None: as written)."""
    if program.lang != "prolog":
        return program
    w = _words(program, truth)
    shapes = _shapes(_roles(program, w), program, w)
    if not shapes:
        return program
    signs: dict = {}
    results, rd = _read_all(program, shapes, signs, w)
    reading = Reading(shapes=shapes)
    axioms = truth.axioms if truth is not None else None
    kinds = [c.kind for c in program.clauses]
    if axioms is not None and session is not None:
        channels = sorted({ch for st, _, chs in results if st == "read" for ch in chs})
        for ch in channels:
            prior = -1 if negative_name(ch[2] or ch[0]) else 1
            counts = {}
            for s in (prior, -prior):
                trial, _ = _read_all(program, shapes, {**signs, ch: s}, w)
                counts[s] = sum(1 for (st, g, chs), k in zip(trial, kinds)
                                if k == "statement" and st == "read" and ch in chs
                                and _entailed(session, axioms, g))
            # the name's polarity stands unless the text never supports it and supports the
            # other at least twice: one wrong clause is an error to report, not a reading
            best = -prior if counts[prior] == 0 and counts[-prior] >= 2 else prior
            signs[ch] = best
            if best != prior:
                reading.why.append(f"`{channel_name(ch)}` reads "
                                   f"{'negatively' if best < 0 else 'positively'}: the text "
                                   f"entails {counts[best]} of its clauses so, {counts[prior]} "
                                   "the other way")
        results, rd = _read_all(program, shapes, signs, w)
        read_ok = sum(1 for (st, g, _), k in zip(results, kinds)
                      if k == "statement" and st in ("read", "plain") and _entailed(session, axioms, g))
        plain_ok = sum(1 for c in program.clauses if c.kind == "statement" and c.formula
                       is not None and not has_terms(c.formula)
                       and _entailed(session, axioms, c.formula))
        reading.scores = {"reading": read_ok, "as_written": plain_ok}
        if read_ok < plain_ok:
            return program
    elif session is not None:
        # without a text: read consistently, or as written
        read = [g for (st, g, _), k in zip(results, kinds) if k == "statement"
                and st in ("read", "plain") and g is not None]
        plain = [c.formula for c in program.clauses if c.kind == "statement"
                 and c.formula is not None]
        if session.entails(read, FALSE, evidence=False).holds and \
                not session.entails(plain, FALSE, evidence=False).holds:
            return program
    reading.signs = {ch: signs.get(ch, -1 if negative_name(ch[2] or ch[0]) else 1)
                     for st, _, chs in results for ch in chs}
    reading.templates, reading.class_facts = rd.templates(), rd.class_facts
    reading.encoding = rd.encoding()
    reading.why.insert(0, "arguments that range over the "
                       + ("text's" if w.from_text else "program's own")
                       + " class and property words: "
                       + ", ".join(sorted(s.describe() for s in shapes.values())))
    return _rebuilt(program, results, reading)


def _entailed(session, axioms, g) -> bool:
    if g is None or isinstance(g, Top):
        return False
    return session.entails(axioms, g, evidence=False).holds


def _rebuilt(program, results, reading: Reading):
    clauses, cleared = [], set()
    for i, (c, (st, g, _)) in enumerate(zip(program.clauses, results)):
        if reading.encoding and c.kind in ("wrapper", "query") and st in ("meta", "read") and \
                (c.terms is not None or st == "meta"):
            # under a data encoding of rules, a question asked through the interpreter
            # (`main :- holds(pos(big(bob))) -> ...`) reads as the literal it encodes, and
            # one that asks the interpreter's own data (`holds(G) :- fact(G)`) asks nothing
            if st == "read":
                reading.read_lines.append(c.span.line)
                clauses.append(replace(c, formula=g, terms=None, kind="query"))
                cleared.add(i)
            else:
                reading.absorbed.append(c.span.line)
                clauses.append(replace(c, formula=None, terms=None, note="absorbed"))
            continue
        if c.kind == "wrapper" or c.note == "cut" and st != "meta":
            # a wrapper as written (it calls the program's own predicates); a cut has no
            # reading (its E004 stands)
            clauses.append(c)
            continue
        if st in ("read", "plain"):
            if st == "read":
                reading.read_lines.append(c.span.line)
            if isinstance(g, Top):
                reading.absorbed.append(c.span.line)
                clauses.append(replace(c, formula=None, note="absorbed"))
                cleared.add(i)
                continue
            clauses.append(replace(c, formula=g, terms=None) if st == "read" else c)
            if c.note == "terms":
                cleared.add(i)
        elif st == "meta":
            reading.absorbed.append(c.span.line)
            clauses.append(replace(c, formula=None, note="absorbed"))
            cleared.add(i)
        else:
            clauses.append(c)
    diags = [d for d in program.diagnostics
             if not (d.clause in cleared and d.code in ("E003", "K001", "E004"))]
    return replace(program, clauses=clauses, diagnostics=diags, reading=reading)
