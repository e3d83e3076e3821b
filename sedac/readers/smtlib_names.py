"""The signature of an SMT-LIB 2 file (its sorts, predicates, constants, functions), the
canonical names sedac gives its symbols, and the printing of formulas in its own names.

`Cat`, `is-cat`, `|bald eagle|` and `BaldEagle` become `cat`, `is_cat`, `bald_eagle` and
`bald_eagle`, as the other readers name things; the writer spells a canonical name back as
the file declares it, and a name the file lacks in the file's own style (`Mammal` beside
`Cat`, `mammal` beside `cat`), with the declarations it needs (`needed`).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from ..fol import (And, Atom as FAtom, Bottom, Eq, Exists, Forall, Formula, Iff, Implies,
                   Not, Or, Top, Var, Xor, subformulas)
from .sections import camel_to_snake
from .sexpr import Atom, List, read_forms

BUILTIN_SORTS = {"Bool", "Int", "Real", "String", "RoundingMode"}
ARITH_SORTS = {"Int", "Real"}
_SIMPLE = re.compile(r"^[A-Za-z~!@$%^&*_+=<>.?/-][A-Za-z0-9~!@$%^&*_+=<>.?/-]*$")
RESERVED = {"!", "_", "as", "exists", "forall", "let", "match", "par", "not", "and", "or", "xor",
            "=>", "=", "distinct", "ite", "true", "false", "assert", "BINARY", "DECIMAL",
            "HEXADECIMAL", "NUMERAL", "STRING"}


@lru_cache(maxsize=65536)
def canon(sym: str) -> str:
    """sedac's name for an SMT-LIB symbol: lower snake case."""
    s = camel_to_snake(sym.strip())
    s = re.sub(r"[^\w]+", "_", s).strip("_")
    return re.sub(r"_+", "_", s) or "x"


def sort_text(node) -> str:
    """A sort as written (`Entity`, `(Array Int Bool)`)."""
    if isinstance(node, Atom):
        return node.text
    return "(" + " ".join(sort_text(k) for k in node.items) + ")"


@dataclass
class Signature:
    """What the file declares. Keys are the symbols as written."""

    sorts: dict[str, int] = field(default_factory=dict)           # declared sort -> arity
    aliases: dict[str, str] = field(default_factory=dict)         # define-sort name -> sort
    preds: dict[str, tuple[str, ...]] = field(default_factory=dict)   # name -> argument sorts
    consts: dict[str, str] = field(default_factory=dict)           # name -> sort
    funcs: dict[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)  # non-Bool, arity > 0
    macros: dict[str, object] = field(default_factory=dict)        # define-fun name () Bool body
    defined: dict[str, tuple] = field(default_factory=dict)        # define-fun with parameters
    quoted: set[str] = field(default_factory=set)                  # symbols written |...|
    first_assert: int | None = None                                # offset of the first assert

    def sort(self, s: str) -> str:
        seen = 0
        while s in self.aliases and seen < 20:
            s, seen = self.aliases[s], seen + 1
        return s

    def declare(self, form: List) -> str | None:
        """Record a declaration; a reason when it is outside what sedac reads."""
        head, items = form.head(), form.items
        if head == "declare-sort" and len(items) >= 2 and isinstance(items[1], Atom):
            arity = int(items[2].text) if len(items) > 2 and items[2].text.isdigit() else 0
            self.sorts[items[1].text] = arity
            return f"a sort with {arity} parameters" if arity else None
        if head in ("declare-datatypes", "declare-datatype"):
            self._datatypes(form)
            return None
        if head == "define-sort" and len(items) == 4 and isinstance(items[1], Atom) \
                and isinstance(items[2], List) and not items[2].items:
            self.aliases[items[1].text] = sort_text(items[3])
            return None
        if head == "declare-const" and len(items) == 3 and isinstance(items[1], Atom):
            self._symbol(items[1], (), sort_text(items[2]))
            return None
        if head in ("declare-fun", "define-fun") and len(items) >= 4 and isinstance(items[1], Atom) \
                and isinstance(items[2], List):
            if head == "declare-fun":
                args = tuple(sort_text(k) for k in items[2].items)
            else:
                ps = [p for p in items[2].items if isinstance(p, List) and len(p.items) == 2
                      and isinstance(p.items[0], Atom)]
                if len(ps) != len(items[2].items):
                    return "a define-fun whose parameters are not `(name Sort)` pairs"
                args = tuple(sort_text(p.items[1]) for p in ps)
            ret = sort_text(items[3])
            self._symbol(items[1], args, ret)
            return None
        return None

    def _datatypes(self, form: List) -> None:
        """The sorts and the constructors without fields (individuals) of a datatype, in
        SMT-LIB 2.6 (`((Color 0)) (((red) (green)))`, `Color ((red) (green))`) or Z3's
        older form (`() ((Color red green))`)."""
        items = form.items
        pairs = []                        # (sort name, its constructors)
        if form.head() == "declare-datatype" and len(items) == 3 and isinstance(items[1], Atom) \
                and isinstance(items[2], List):
            pairs.append((items[1].text, items[2].items))
        elif len(items) == 3 and isinstance(items[1], List) and isinstance(items[2], List):
            if items[1].items:            # 2.6: sort declarations, then constructor lists
                for decl, ctors in zip(items[1].items, items[2].items):
                    name = decl.items[0] if isinstance(decl, List) and decl.items else decl
                    if isinstance(name, Atom) and isinstance(ctors, List):
                        pairs.append((name.text, ctors.items))
            else:                         # Z3's older form: (Name ctor ...)
                for d in items[2].items:
                    if isinstance(d, List) and d.items and isinstance(d.items[0], Atom):
                        pairs.append((d.items[0].text, d.items[1:]))
        for sort, ctors in pairs:
            self.sorts[sort] = 0
            for c in ctors:
                if isinstance(c, List) and len(c.items) == 1:
                    c = c.items[0]
                if isinstance(c, Atom):
                    self._symbol(c, (), sort)

    def _symbol(self, atom: Atom, args: tuple[str, ...], ret: str) -> None:
        name = atom.text
        if atom.kind == "quoted":
            self.quoted.add(name)
        args = tuple(self.sort(a) for a in args)
        ret = self.sort(ret)
        if ret == "Bool":
            self.preds[name] = args
        elif args:
            self.funcs[name] = (args, ret)
        else:
            self.consts[name] = ret

    # ------------------------------------------------------------ writing back
    @property
    def main_sort(self) -> str:
        """The sort of the individuals: the commonest sort of the constants and predicate
        arguments (`Entity` when the file declares none)."""
        count = Counter(s for s in self.consts.values() if s != "Bool")
        count.update(s for args in self.preds.values() for s in args)
        if count:
            return count.most_common(1)[0][0]
        return next(iter(self.sorts), "Entity")

    def spelled(self) -> tuple[dict, dict]:
        """Canonical (name, arity) -> the predicate as written; canonical name -> the
        constant as written."""
        preds = {}
        for name, args in self.preds.items():
            preds.setdefault((canon(name), len(args)), name)
        consts = {}
        for name in self.consts:
            consts.setdefault(canon(name), name)
        return preds, consts

    def upper_style(self) -> tuple[bool, bool]:
        """Whether the file writes predicates, and constants, with a capital letter."""
        def upper(names):
            names = [n for n in names if n[:1].isalpha()]
            return bool(names) and sum(n[:1].isupper() for n in names) * 2 > len(names)
        return upper(self.preds), upper(self.consts)


@lru_cache(maxsize=64)
def signature_of(text: str) -> Signature:
    sig = Signature()
    for form in read_forms(text).forms:
        if form.head() == "assert" and sig.first_assert is None:
            sig.first_assert = form.start
        sig.declare(form)
    return sig


@lru_cache(maxsize=64)
def speller_of(text: str) -> "Speller":
    """The `Speller` of a file's text, made once (it reads every name the file declares:
    made for each formula written, the fixes of a file were quadratic)."""
    return Speller(signature_of(text))


def symbol(name: str) -> str:
    """`name` as an SMT-LIB symbol (quoted when it must be)."""
    if _SIMPLE.match(name) and name not in RESERVED:
        return name
    return "|" + name.replace("|", "_").replace("\\", "_") + "|"


def _camel(name: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in name.split("_")) or name


class Speller:
    """Canonical names to the file's own, and the sorts of variables."""

    def __init__(self, sig: Signature):
        self.sig = sig
        self.preds, self.consts = sig.spelled()
        self.upper_preds, self.upper_consts = sig.upper_style()
        self.main = sig.main_sort

    def pred(self, name: str, arity: int) -> str:
        own = self.preds.get((name, arity))
        if own is not None:
            return own
        return _camel(name) if self.upper_preds else name

    def const(self, name: str) -> str:
        own = self.consts.get(name)
        if own is not None:
            return own
        return _camel(name) if self.upper_consts else name

    def arg_sorts(self, name: str, arity: int) -> tuple[str, ...]:
        own = self.preds.get((name, arity))
        if own is not None:
            return self.sig.preds[own]
        return (self.main,) * arity

    def var_sorts(self, f: Formula) -> dict[str, str]:
        """The sort of each variable, from the predicates it is an argument of."""
        return self._walk(f, set(), set())

    def _walk(self, f: Formula, preds: set, consts: set) -> dict[str, str]:
        """One pass over `f`: its predicates and constants into `preds` and `consts`, the
        sorts of its variables returned (`""` for a variable no predicate sorts)."""
        out: dict[str, str] = {}
        for g in subformulas(f):
            if isinstance(g, FAtom):
                n = len(g.args)
                preds.add((g.pred, n))
                if n:
                    for a, s in zip(g.args, self.arg_sorts(g.pred, n)):
                        if isinstance(a, Var):
                            out.setdefault(a.name, s)
                        else:
                            consts.add(a.name)
            elif isinstance(g, Eq):
                for a in (g.left, g.right):
                    if not isinstance(a, Var):
                        consts.add(a.name)
            elif isinstance(g, (Forall, Exists)):
                for v in g.vars:
                    out.setdefault(v.name, "")
        return out

    def needed(self, formulas) -> list[str]:
        """The declarations the formulas need that the file lacks, in SMT-LIB."""
        preds: set = set()
        consts: set = set()
        sorts_used: set[str] = set()
        for f in formulas:
            sorts_used.update(s or self.main for s in self._walk(f, preds, consts).values())
        lines = []
        for p, n in sorted(preds):
            sorts = self.arg_sorts(p, n)
            sorts_used.update(sorts)
            if (p, n) not in self.preds:
                lines.append(f"(declare-fun {symbol(self.pred(p, n))} ({' '.join(sorts)}) Bool)")
        for c in sorted(consts):
            if c not in self.consts:
                sorts_used.add(self.main)
                lines.append(f"(declare-const {symbol(self.const(c))} {self.main})")
        missing = sorted(s for s in sorts_used if s not in self.sig.sorts and s not in BUILTIN_SORTS
                         and not s.startswith("("))
        return [f"(declare-sort {symbol(s)} 0)" for s in missing] + lines

    # ------------------------------------------------------------ printing
    def term(self, t, bound: set) -> str:
        if isinstance(t, Var):
            return symbol(t.name)
        return symbol(self.const(t.name))

    def formula(self, f: Formula, bound: frozenset = frozenset(), sorts=None) -> str:
        if sorts is None:
            sorts = self.var_sorts(f)
        r = lambda g: self.formula(g, bound, sorts)   # noqa: E731
        if isinstance(f, FAtom):
            name = symbol(self.pred(f.pred, len(f.args)))
            if not f.args:
                return name
            return f"({name} {' '.join(self.term(a, bound) for a in f.args)})"
        if isinstance(f, Eq):
            return f"(= {self.term(f.left, bound)} {self.term(f.right, bound)})"
        if isinstance(f, Top):
            return "true"
        if isinstance(f, Bottom):
            return "false"
        if isinstance(f, Not):
            return f"(not {r(f.arg)})"
        if isinstance(f, (And, Or)):
            op = "and" if isinstance(f, And) else "or"
            return f"({op} {' '.join(r(a) for a in f.args)})"
        if isinstance(f, (Implies, Iff, Xor)):
            op = {Implies: "=>", Iff: "=", Xor: "xor"}[type(f)]
            return f"({op} {r(f.left)} {r(f.right)})"
        if isinstance(f, (Forall, Exists)):
            q = "forall" if isinstance(f, Forall) else "exists"
            vs = " ".join(f"({symbol(v.name)} {sorts.get(v.name) or self.main})" for v in f.vars)
            return f"({q} ({vs}) {self.formula(f.body, bound | {v.name for v in f.vars}, sorts)})"
        raise TypeError(f"not a formula: {f!r}")


def smtlib_program(statements, query=None, glosses=(), upper: bool = True,
                   refutation: str = "push") -> str:
    """A whole SMT-LIB 2 file for a list of formulas and a question: the declarations, one
    `assert` a statement (its gloss a comment above it) and the question asked by refutation,
    in a `push` block (`refutation="push"`), as the last assertion before `check-sat`
    (`"plain"`) or with `check-sat-assuming` on a named goal (`"assuming"`); `"both"` refutes the question and
    then its negation, each in its block (a solver's two answers are three-valued)."""
    sp = Speller(Signature())
    sp.upper_preds = upper
    body = list(statements) + ([query] if query is not None else [])
    lines = ["(set-logic UF)"] + sp.needed(body)
    from ..fol import negate
    for k, f in enumerate(statements):
        if k < len(glosses) and glosses[k]:
            lines.append("; " + glosses[k].replace("\n", " "))
        lines.append(f"(assert {sp.formula(f)})")
    if query is not None:
        goal = sp.formula(negate(query))
        if refutation == "plain":
            lines += ["; the question, negated: unsat means it follows", f"(assert {goal})",
                      "(check-sat)"]
        elif refutation == "assuming":
            lines += ["(declare-const goal Bool)", f"(assert (= goal {sp.formula(query)}))",
                      "(check-sat-assuming ((not goal)))"]
        else:
            lines += ["(push 1)", f"(assert {goal})", "(check-sat)", "(pop 1)"]
            if refutation == "both":     # and the negation: three-valued
                lines += ["(push 1)", f"(assert {sp.formula(query)})", "(check-sat)", "(pop 1)"]
    else:
        lines.append("(check-sat)")
    return "\n".join(lines) + "\n"
