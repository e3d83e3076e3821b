"""What a reading is and does (see `sedac.align` for how one is chosen): the `Shape` of a
representation predicate, the `Reading` of a program, the reader that turns one clause
written in a representation into the plain formula it means, and the inverse that writes a
plain formula back in the representation (what a fix says).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..fol import (And, Atom, Const, Exists, Forall, Formula, Func, Iff, Implies, Not, Or, Top,
                  Var, Xor, conj, negate, subformulas)
from ..fol_print import LIST
from ..vocab import singularize

TRUE_VALUES = frozenset({"true", "yes", "t", "1"})
FALSE_VALUES = frozenset({"false", "no", "f", "0"})
OPEN_VALUES = frozenset({"unknown", "uncertain", "undetermined", "maybe", "undefined"})
VALUES = TRUE_VALUES | FALSE_VALUES | OPEN_VALUES
# Classes that every individual of these problems belongs to: a program's typing facts
# (`is_a(charlie, thing)`), read as saying nothing, when the text has no such word.
UNIVERSAL = frozenset({"thing", "things", "entity", "object", "individual", "animal", "person",
                       "people", "someone", "something", "agent", "item", "creature", "being"})
# The prior only: a name that says "not" (`neg`, `lacks`, `not_holds`, `-`).
_NEGATIVE_NAME = re.compile(
    r"(^|_)(not|neg|non|no|false|lacks?|lacking|never|isnt|negated|negative|without)(_|$)|"
    r"^(not|neg|non|lacks)[A-Z_]|^(-|\\\+)$|^(neg|not|lacks)\w+$")
SEP = "§"


def norm(name: str) -> str:
    """A name as the text's vocabulary spells it: `'Bald Eagle'` -> `bald_eagle`."""
    w = re.sub(r"[\s-]+", "_", name.strip().lower())
    return re.sub(r"^(the|a|an)_", "", w)


def channel_name(ch) -> str:
    """`prop/3`, or `fact/3 lacks` for a link constant of a triple."""
    return f"{ch[0]}/{ch[1]}" + (f" {ch[2]}" if ch[2] else "")


def negative_name(name: str) -> bool:
    return bool(_NEGATIVE_NAME.search(name))


# A literal's positive wrapper in a data encoding (`fact(pos(red(bob)))`)
_POSITIVE_NAME = re.compile(r"^(pos|positive|true|yes|affirmed|is_true|holds_true)$")


def wrapper_name(name: str) -> bool:
    """A name that wraps a literal term with its polarity (`neg(p(a))`, `pos(p(a))`)."""
    return bool(_NEGATIVE_NAME.search(name) or _POSITIVE_NAME.match(name))


def is_list(t) -> bool:
    """A Prolog list read as a term (`[a, b]`, `[]`): a data encoding's, or an interpreter's."""
    return isinstance(t, Func) and t.name == LIST or isinstance(t, Const) and t.name == "[]"


def is_literal_list(t, w: "Words") -> bool:
    """A list of literal terms: a rule's body in a data encoding
    (`rule(pos(big(X)), [pos(red(X)), neg(cold(X))])`)."""
    return isinstance(t, Func) and t.name == LIST and bool(t.args) and \
        all(is_literal_term(x, w) for x in t.args)


@dataclass(frozen=True)
class Shape:
    """Where a representation predicate keeps what: `kind` is `word` (a class or property
    at `word`, of the individual at `subject`), `triple` (the relation at `link` between
    `subject` and `word`, or membership when the link is not a relation of the text) or
    `lit` (a literal as the argument at `word`, and, with `link`, its negation at `link`:
    `answer(Goal, NegGoal, V)`); `values` are truth-value positions."""

    pred: str
    arity: int
    kind: str
    word: int
    subject: int | None = None
    link: int | None = None
    values: tuple[int, ...] = ()
    body: int | None = None      # `lit`: the position of a rule's body, a list of literals

    def describe(self) -> str:
        slots = ["_"] * self.arity
        if self.kind == "named":        # `furry(X, true)`: the name is the word
            return f"{self.pred}(" + ", ".join("Value" if i in self.values else "X"
                                              for i in range(self.arity)) + ")"
        slots[self.word] = {"word": "Class", "triple": "Object", "lit": "Literal"}[self.kind]
        if self.subject is not None:
            slots[self.subject] = "X"
        if self.link is not None:
            slots[self.link] = "Negation" if self.kind == "lit" else "Relation"
        for v in self.values:
            slots[v] = "Value"
        if self.body is not None:
            slots[self.body] = "Body"
        return f"{self.pred}({', '.join(slots)})"


@dataclass
class Reading:
    """The representation a program was read under, and why."""

    shapes: dict = field(default_factory=dict)        # (pred, arity) -> Shape
    signs: dict = field(default_factory=dict)         # channel -> +1 | -1
    templates: dict = field(default_factory=dict)     # (sign, arity, word|None) -> Atom
    class_facts: dict = field(default_factory=dict)   # sign -> Atom with SEP§S, SEP§W
    why: list = field(default_factory=list)
    scores: dict = field(default_factory=dict)
    absorbed: list = field(default_factory=list)      # lines of the representation's own rules
    read_lines: list = field(default_factory=list)
    # a data encoding of rules (`rule(Head, Body)`): its shape, and how it wraps a literal of
    # each sign (`{1: pos(§W), -1: neg(§W)}`), for the inverse
    encoding: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"shapes": sorted(s.describe() for s in self.shapes.values()),
                "polarity": {channel_name(ch): "+" if s > 0 else "-"
                             for ch, s in sorted(self.signs.items())},
                "absorbed_lines": self.absorbed, "read_lines": self.read_lines,
                "scores": self.scores, "why": self.why}

    def describe(self) -> str:
        shapes = ", ".join(sorted(s.describe() for s in self.shapes.values()))
        neg = [channel_name(ch) for ch, s in sorted(self.signs.items())
               if s < 0]
        out = f"read as a representation: {shapes}"
        if neg:
            out += f"; negative: {', '.join(neg)}"
        if self.scores:
            out += (f"; the text entails {self.scores.get('reading')} clauses under it, "
                    f"{self.scores.get('as_written')} as written")
        if self.absorbed:
            out += f"; lines {', '.join(map(str, self.absorbed))} are its own inference rules"
        return out


class Meta(Exception):
    """The atom's word or literal is a variable: the representation's own machinery."""


class Fail(Exception):
    """The atom has no reading (a term that is no word nor literal)."""


# ------------------------------------------------------------------ the words

@dataclass
class Words:
    unary: set
    binary: set
    names: set
    preds: set           # the predicates of the program as written, plain (no terms)
    from_text: bool
    plurals: dict = field(default_factory=dict)   # the text's plural nouns -> singular

    def word(self, name: str) -> str:
        """The text's word a constant names (`cats` for the text's `cat`)."""
        n = norm(name)
        if n in self.unary:
            return n
        single = self.plurals.get(n) or singularize(n)
        return single if single in self.unary else n


def _schematic(t) -> bool:
    """A sign wrapper over a variable (`pos(A)`, `neg(G)`, `not(L)`): any literal of a given
    sign, the way an interpreter talks about the literals of its data."""
    return isinstance(t, Func) and len(t.args) == 1 and isinstance(t.args[0], Var) and \
        (negative_name(t.name) or _POSITIVE_NAME.match(t.name) is not None)


def formula_of(c):
    """A clause's formula, or the terms it was read with (see `Clause.terms`)."""
    return c.formula if c.formula is not None else c.terms


def atoms_of(f: Formula):
    for g in subformulas(f):
        if isinstance(g, Atom):
            yield g


def is_literal_term(t, w: Words) -> bool:
    if not isinstance(t, Func):
        return False
    if len(t.args) == 1 and wrapper_name(t.name) and isinstance(t.args[0], (Func, Var)):
        return is_literal_term(t.args[0], w)
    return norm(t.name) in w.unary | w.binary or (t.name, len(t.args)) in w.preds


def is_word(t, w: Words) -> bool:
    if isinstance(t, Const):
        n = norm(t.name)
        return (n in w.unary or w.word(n) in w.unary or n in UNIVERSAL) and n not in w.names
    if isinstance(t, Func) and len(t.args) == 1 and negative_name(t.name):
        return is_word(t.args[0], w)
    return False


# ------------------------------------------------------------------ reading

class ClauseReader:
    def __init__(self, shapes, signs, w: Words):
        self.shapes, self.signs, self.w = shapes, signs, w
        self.channels: set = set()
        self.uses: list = []          # (sign, arity, word, template or None: plain)
        self.class_facts: dict = {}
        self.recording = False
        self.rule_shape: Shape | None = None
        self.wraps: dict = {}         # sign -> how the encoding wraps a literal of that sign
        self.machinery: set = set()   # (name, arity) of the interpreter's own predicates

    def sign(self, ch) -> int:
        self.channels.add(ch)
        return self.signs.get(ch, -1 if negative_name(ch[2] or ch[0]) else 1)

    def literal(self, t) -> Formula:
        """A literal written as a term: `p(a)`, `neg(p(a))`."""
        if isinstance(t, Var):
            raise Meta()
        if not isinstance(t, Func):
            raise Fail()
        shape = self.shapes.get((t.name, len(t.args)))
        if shape is not None and shape.kind == "lit":      # `neg(p(a))` as a term
            return self.atom(Atom(t.name, t.args))
        if len(t.args) == 1 and negative_name(t.name) and isinstance(t.args[0], (Func, Var)):
            return negate(self.literal(t.args[0]))
        if len(t.args) == 1 and _POSITIVE_NAME.match(t.name) and isinstance(t.args[0], (Func, Var)):
            return self.literal(t.args[0])
        if any(isinstance(a, Func) for a in t.args):
            raise Fail()
        atom = Atom(norm(t.name) if norm(t.name) in self.w.unary | self.w.binary else t.name,
                    t.args)
        return self.atom(atom) if shape is not None else atom

    def value_sign(self, a: Atom, shape: Shape) -> int:
        s = 1
        for i in shape.values:
            t = a.args[i]
            if isinstance(t, Const):
                v = norm(t.name)
                if v in FALSE_VALUES:
                    s = -s
                elif v in OPEN_VALUES:
                    raise Meta()
                elif v not in TRUE_VALUES:
                    raise Fail()
            elif isinstance(t, Func):
                raise Fail()
        return s

    def word(self, t) -> tuple[int, str]:
        if isinstance(t, Var):
            raise Meta()
        if isinstance(t, Const):
            return 1, self.w.word(t.name)
        if isinstance(t, Func) and len(t.args) == 1 and negative_name(t.name):
            s, word = self.word(t.args[0])
            return -s, word
        raise Fail()

    def atom(self, a: Atom):
        """The reading of one atom: a formula, or ('class', subject word, sign, word) for a
        statement about a class (`is_a(cat, mammal)`)."""
        if a.pred == "call" and a.args and isinstance(a.args[0], Var):
            raise Meta()           # Prolog's meta-call: the machinery of an interpreter
        shape = self.shapes.get((a.pred, len(a.args)))
        if shape is None and (a.pred, len(a.args)) in self.machinery:
            # the interpreter asked of one literal (`answer(pos(big(bob)), V)`): that literal
            lits = [t for t in a.args if isinstance(t, Func)]
            if len(lits) == 1 and all(isinstance(t, Var) for t in a.args if t is not lits[0]):
                return self.literal(lits[0])
            raise Meta()
        if shape is None:
            if any(is_list(t) for t in a.args):
                raise Meta()       # a list of an interpreter's own (`all_hold([G|Gs])`)
            if any(_schematic(t) for t in a.args):
                raise Meta()       # a literal variable under its sign (`answer(pos(A), V)`)
            if any(isinstance(t, Func) for t in a.args):
                raise Fail()
            self._plain(a, 1)
            return a
        s = self.value_sign(a, shape) * self.sign((a.pred, len(a.args), ""))
        if shape.kind == "lit" and shape.body is not None:
            return self._rule(a, shape, s)
        if shape.kind == "lit":
            lit = self.literal(a.args[shape.word])
            if shape.link is None:
                self._template(a, shape, s, lit)
            # (`answer(not_kind(h), kind(h), V)`: the second literal is the first's
            # negation, the machinery of a three-valued answer, and says nothing more; no
            # use of it is a template to write formulas back with)
            return lit if s > 0 else negate(lit)
        if shape.kind == "named":
            args = tuple(t for i, t in enumerate(a.args) if i not in shape.values)
            if any(isinstance(t, Func) for t in args):
                raise Fail()
            lit = Atom(norm(a.pred), args)
            if self.recording:
                self.uses.append((1 if s > 0 else -1, len(args), lit.pred, _named(a, shape)))
            return lit if s > 0 else Not(lit)
        subj = a.args[shape.subject]
        if isinstance(subj, Func):
            raise Fail()
        if shape.kind == "triple":
            link = a.args[shape.link]
            if isinstance(link, Var):
                raise Meta()
            if not isinstance(link, Const):
                raise Fail()
            obj = a.args[shape.word]
            if norm(link.name) in self.w.binary or (not self.w.from_text and
                                                    (link.name, 2) in self.w.preds):
                if not isinstance(obj, (Const, Var)):
                    raise Fail()
                lit = Atom(norm(link.name), (subj, obj))
                self._template(a, shape, s, lit)
                return lit if s > 0 else Not(lit)
            s *= self.sign((a.pred, len(a.args), link.name))
        ws, word = self.word(a.args[shape.word])
        s *= ws
        if word in UNIVERSAL and word not in self.w.unary:
            return Top()
        if isinstance(subj, Const) and norm(subj.name) in self.w.unary \
                and norm(subj.name) not in self.w.names:
            if self.recording:
                self.class_facts.setdefault(s, _placeholder(a, shape))
            return ("class", norm(subj.name), s, word)
        lit = Atom(word, (subj,))
        self._template(a, shape, s, lit)
        return lit if s > 0 else Not(lit)

    def _rule(self, a: Atom, shape: Shape, s: int) -> Formula:
        """`rule(pos(big(X)), [pos(red(X)), neg(cold(X))])`: `red(X) ∧ ¬cold(X) → big(X)`."""
        head, items = a.args[shape.word], a.args[shape.body]
        if s < 0:
            raise Fail()
        if isinstance(items, Var):
            raise Meta()           # `rule(H, Body)`: the interpreter's own
        if isinstance(items, Const) and items.name == "[]":
            terms = []
        elif isinstance(items, Func) and items.name == LIST:
            terms = list(items.args)
        else:
            raise Fail()
        lit = self.literal(head)
        parts = [self.literal(t) for t in terms]
        if self.recording:
            self.rule_shape = shape
            for t, f in zip([head] + terms, [lit] + parts):
                inner = t
                while isinstance(inner, Func) and len(inner.args) == 1 and wrapper_name(inner.name):
                    inner = inner.args[0]
                # (a literal written in another representation, `triple(X, is, red)`: its
                # own template says it)
                via = isinstance(inner, Func) and (inner.name, len(inner.args)) in self.shapes
                self.wraps.setdefault(-1 if isinstance(f, Not) else 1, (_hole(t), via))
        return Implies(conj(parts), lit) if parts else lit

    def encoding(self) -> dict:
        return {"rule": self.rule_shape, "wraps": dict(self.wraps)} if self.rule_shape else {}

    def _template(self, a: Atom, shape: Shape, s: int, lit: Formula):
        if not self.recording:
            return
        if isinstance(lit, Not):
            lit, s = lit.arg, -s
        if isinstance(lit, Atom):
            self.uses.append((s, len(lit.args), lit.pred, _placeholder(a, shape)))

    def _plain(self, a: Atom, s: int):
        if self.recording and not any(isinstance(t, Func) for t in a.args):
            self.uses.append((s, len(a.args), a.pred, None))

    def templates(self) -> dict:
        """(sign, arity, word) and (sign, arity, None) -> the most used way of saying it
        (an Atom with placeholders; None: plainly)."""
        from collections import Counter
        by: dict = {}
        for s, n, word, t in self.uses:
            by.setdefault((s, n, word), Counter())[t] += 1
            by.setdefault((s, n, None), Counter())[t] += 1
        return {k: c.most_common(1)[0][0] for k, c in by.items()}

    def formula(self, f: Formula) -> Formula:
        if isinstance(f, Not) and isinstance(f.arg, Atom) and \
                (f.arg.pred, len(f.arg.args)) not in self.shapes:
            self._plain(f.arg, -1)
            return f
        if isinstance(f, Atom):
            r = self.atom(f)
            if isinstance(r, tuple):
                raise Fail()       # a class statement inside a rule: no reading
            return r
        if isinstance(f, Not):
            return negate(self.formula(f.arg))
        if isinstance(f, (And, Or)):
            return type(f)(tuple(self.formula(g) for g in f.args))
        if isinstance(f, (Implies, Iff, Xor)):
            return type(f)(self.formula(f.left), self.formula(f.right))
        if isinstance(f, (Forall, Exists)):
            return type(f)(f.vars, self.formula(f.body))
        return f

    def clause(self, f: Formula) -> Formula:
        body = f.body if isinstance(f, Forall) else f
        if isinstance(body, Atom):
            r = self.atom(body)
            if isinstance(r, tuple):
                _, sub, s, word = r
                x = Var("X")
                head = Atom(word, (x,))
                return Forall((x,), Implies(Atom(sub, (x,)), head if s > 0 else Not(head)))
        return _unused(_simplify(self.formula(f)))


def _named(a: Atom, shape: Shape) -> Atom:
    """The template of `furry(X, true)`: the argument positions numbered, the name a hole."""
    return Atom(SEP + "W", tuple(t if i in shape.values else Const(f"{SEP}{i}")
                                 for i, t in enumerate(a.args)))


def _hole(t):
    """The word or literal itself, inside its `not(...)` or `pos(...)` if it has one."""
    if isinstance(t, Func) and len(t.args) == 1 and wrapper_name(t.name) and \
            isinstance(t.args[0], (Func, Var, Const)):
        return Func(t.name, (_hole(t.args[0]),))
    return Const(SEP + "W")


def _placeholder(a: Atom, shape: Shape, subj: bool = False) -> Atom:
    args = list(a.args)
    args[shape.word] = _hole(args[shape.word])
    if shape.subject is not None:
        args[shape.subject] = Const(SEP + "S")
    return Atom(a.pred, tuple(args))


def _simplify(f: Formula) -> Formula:
    """`⊤` conjuncts left by typing facts (`is_a(X, thing)`) dropped."""
    if isinstance(f, And):
        parts = tuple(_simplify(g) for g in f.args if not isinstance(g, Top))
        return parts[0] if len(parts) == 1 else And(parts) if parts else Top()
    if isinstance(f, Implies):
        left, right = _simplify(f.left), _simplify(f.right)
        return right if isinstance(left, Top) else Top() if isinstance(right, Top) else \
            Implies(left, right)
    if isinstance(f, Forall):
        b = _simplify(f.body)
        return b if isinstance(b, Top) else Forall(f.vars, b)
    return f


def _unused(f: Formula) -> Formula:
    """Quantifiers of the variables the reading removed (`∃V big(fiona)` of
    `truth(big(fiona), V)`) dropped."""
    if isinstance(f, (Forall, Exists)):
        from ..fol import free_vars
        body = _unused(f.body)
        free = free_vars(body)
        vs = tuple(v for v in f.vars if v in free)
        return type(f)(vs, body) if vs else body
    return f


def has_terms(f) -> bool:
    return any(isinstance(t, Func) for a in atoms_of(f) for t in a.args)


# the inverse (what a fix writes) lives in `inverse`; its names are importable from here
from .inverse import _encoded_rule, _fill, _filled, _invert, _literal, _template, to_program  # noqa: E402,F401
