"""The inverse of a reading: a plain formula written back in the program's representation
(`cat(X)` back to `is_a(X, cat)`, `¬luminous(X)` to `neg(luminous(X))`, a rule to a data
encoding's `rule(pos(big(X)), [pos(red(X))])`): what a fix writes.
"""
from __future__ import annotations

from ..fol import And, Atom, Const, Exists, Forall, Formula, Func, Iff, Implies, Not, Or, Xor
from ..fol_print import LIST
from .readings import SEP, Reading

def to_program(f: Formula, program, strict: bool = False) -> Formula | None:
    """`f` (plain formulas) in the program's representation: what a fix writes. With
    `strict`, None for a formula a data encoding of rules cannot say (written plainly, its
    interpreter would never see it)."""
    reading = getattr(program, "reading", None) if program is not None else None
    if reading is None or not (reading.templates or reading.encoding):
        return f
    if reading.encoding:
        ruled = _encoded_rule(f, reading)
        if ruled is not None:
            return ruled
        lit = f.arg if isinstance(f, Not) else f
        if strict and not (isinstance(lit, Atom) and _literal(lit, -1 if isinstance(f, Not) else 1,
                                                              reading) is not None):
            return None
    body = f.body if isinstance(f, Forall) else f
    if isinstance(body, Implies) and isinstance(body.left, Atom) and len(body.left.args) == 1 \
            and isinstance(f, Forall) and len(f.vars) == 1:
        head = body.right
        s = -1 if isinstance(head, Not) else 1
        h = head.arg if isinstance(head, Not) else head
        t = reading.class_facts.get(s)
        if t is not None and isinstance(h, Atom) and len(h.args) == 1 \
                and body.left.args == h.args == f.vars:
            return _fill(t, Const(body.left.pred), h.pred)
    return _invert(f, reading)


def _fill(t: Atom, subject, word: str, args=None) -> Atom:
    return Atom(t.pred, tuple(_fill_term(x, subject, word, args) for x in t.args))


def _fill_term(x, subject, word: str, args):
    if isinstance(x, Const) and x.name == SEP + "S":
        return subject
    if isinstance(x, Const) and x.name == SEP + "W":
        return Const(word) if args is None else Func(word, args)
    if isinstance(x, Func):
        return Func(x.name, tuple(_fill_term(y, subject, word, args) for y in x.args))
    return x


def _template(reading: Reading, s: int, a: Atom):
    key = (s, len(a.args), a.pred)
    return reading.templates[key] if key in reading.templates else \
        reading.templates.get((s, len(a.args), None))


def _literal(a: Atom, s: int, reading: Reading):
    t = _template(reading, s, a)
    if t is None:
        return None
    if t.pred == SEP + "W":          # `furry(X, true)`: the word is the name
        slots = [x for x in t.args if isinstance(x, Const) and x.name.startswith(SEP)]
        if len(slots) != len(a.args):
            return None
        given = dict(zip((x.name for x in slots), a.args))
        return Atom(a.pred, tuple(given.get(x.name, x) if isinstance(x, Const) else x
                                  for x in t.args))
    shape = reading.shapes.get((t.pred, len(t.args)))
    if shape is None:
        return None
    if shape.kind == "lit":          # (inside the template's own `neg(...)`, `pos(...)`)
        lit = _filled(t.args[shape.word], Func(a.pred, a.args))
        return Atom(t.pred, tuple(lit if i == shape.word else x for i, x in enumerate(t.args)))
    if shape.kind == "triple" and len(a.args) == 2:
        args = list(t.args)
        args[shape.subject], args[shape.word] = a.args
        args[shape.link] = Const(a.pred)
        return Atom(t.pred, tuple(args))
    if len(a.args) != 1:
        return None
    return _fill(t, a.args[0], a.pred)


def _filled(hole, lit):
    if isinstance(hole, Func):
        return Func(hole.name, tuple(_filled(x, lit) for x in hole.args))
    return lit if isinstance(hole, Const) and hole.name == SEP + "W" else hole


def _encoded_rule(f: Formula, reading: Reading):
    """A rule (or, with no fact template, a literal) in the program's data encoding of
    rules, `rule(pos(big(X)), [pos(red(X))])`; None when it is none or has no encoding."""
    shape, wraps = reading.encoding["rule"], reading.encoding["wraps"]
    vs = f.vars if isinstance(f, Forall) else ()
    body = f.body if isinstance(f, Forall) else f
    if isinstance(body, Implies):
        parts = body.left.args if isinstance(body.left, And) else (body.left,)
        head = body.right
    elif isinstance(body.arg if isinstance(body, Not) else body, Atom) and \
            _template(reading, -1 if isinstance(body, Not) else 1,
                      body.arg if isinstance(body, Not) else body) is None:
        parts, head = (), body
    else:
        return None

    def term(lit):
        s = -1 if isinstance(lit, Not) else 1
        a = lit.arg if isinstance(lit, Not) else lit
        if not isinstance(a, Atom) or s not in wraps or any(isinstance(x, Func) for x in a.args):
            return None
        hole, via = wraps[s]
        inner = Func(a.pred, a.args) if a.args else Const(a.pred)
        if via:                   # the literal in its own representation's template
            wrapped = isinstance(hole, Func)
            g = _literal(a, 1 if wrapped else s, reading)
            if not isinstance(g, Atom):
                return None
            inner = Func(g.pred, g.args)
        return _filled(hole, inner)

    terms = [term(x) for x in (head,) + tuple(parts)]
    if any(t is None for t in terms):
        return None
    facts = [sh for sh in reading.shapes.values() if sh.kind == "lit" and sh.body is None
             and sh.arity == 1 and sh.link is None and not sh.values]
    if not parts and facts:       # (`fact(neg(cold(bob)))`, its sign never written as a fact)
        atom = Atom(min(facts, key=lambda sh: sh.pred).pred, (terms[0],))
        return Forall(vs, atom) if vs else atom
    if shape.values or shape.arity != 2:
        return None
    args = [None, None]
    args[shape.word] = terms[0]
    args[shape.body] = Func(LIST, tuple(terms[1:])) if parts else Const("[]")
    atom = Atom(shape.pred, tuple(args))
    return Forall(vs, atom) if vs else atom


def _invert(f: Formula, reading: Reading) -> Formula:
    if isinstance(f, Atom):
        return _literal(f, 1, reading) or f
    if isinstance(f, Not) and isinstance(f.arg, Atom):
        g = _literal(f.arg, -1, reading)
        if g is not None:
            return g
        return Not(_invert(f.arg, reading))
    if isinstance(f, Not):
        return Not(_invert(f.arg, reading))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(_invert(g, reading) for g in f.args))
    if isinstance(f, (Implies, Iff, Xor)):
        return type(f)(_invert(f.left, reading), _invert(f.right, reading))
    if isinstance(f, (Forall, Exists)):
        return type(f)(f.vars, _invert(f.body, reading))
    return f
