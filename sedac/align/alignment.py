"""The one value an alignment is: how a program is read against its ground truth (the
representation it is written in, and, against gold formulas, the mapping of its symbols onto
the gold's), how sure that is, and what has no counterpart.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..fol import Atom, Const, Eq, Formula, Not, map_atoms


@dataclass
class Alignment:
    # the program as read: under its representation and, against gold formulas, in the
    # gold's symbols (None until `align` sets it)
    program: object = None
    reading: object = None      # the representation it was read under (`Reading`), None: plain
    # (name, arity) -> (gold name, order): the gold atom's i-th argument is the program
    # atom's `order[i]`-th (`write(beethoven, symphony9)` for `WrittenBy(symphony9, beethoven)`)
    preds: dict = field(default_factory=dict)
    consts: dict = field(default_factory=dict)     # program constant -> gold constant
    # a program predicate that is the gold's negation (`TakeOut(x)` for `¬NoTakeOut(x)`)
    negated: set = field(default_factory=set)
    # a class the gold names as an individual: `Koala(x)` for `x = koala`
    as_const: dict = field(default_factory=dict)   # (name, 1) -> gold constant
    # an argument as a predicate: (name, 2) -> (gold name, i, c): the program's `From(x,
    # belgium)` (its i-th argument the constant c) for the gold's `Belgium(x)`; (name, 1) ->
    # (gold name, i, c): the program's `LovedByChildren(x)` for the gold's `Love(children, x)`
    folds: dict = field(default_factory=dict)
    # program predicates mapped onto a gold predicate another one already names (a second
    # name for it): a formula written back uses the first
    merged: set = field(default_factory=set)
    pairs: list = field(default_factory=list)      # (clause index, gold fact index)
    unmatched: list = field(default_factory=list)  # program symbols with no counterpart
    # (program formula in the gold's symbols, gold formula) -> verdict, as the prover found it
    relations: dict = field(default_factory=dict)
    equivalent: int = 0     # paired premises equivalent to the gold's under the mapping
    related: int = 0        # ... equivalent, stronger, weaker or contradicting: symbols that meet
    paired: int = 0

    @property
    def confidence(self) -> float:
        """The share of paired premises whose symbols meet the gold's under the mapping."""
        return round(self.related / self.paired, 3) if self.paired else 0.0

    def apply(self, f: Formula) -> Formula:
        """`f` in the gold's symbols."""
        preds, consts, negated, as_const = self.preds, self.consts, self.negated, self.as_const
        folds = self.folds
        if not preds and not consts and not as_const and not folds:
            return f

        def rename(a) -> Formula:
            if isinstance(a, Eq):
                return Eq(*(Const(consts.get(t.name, t.name)) if isinstance(t, Const) else t
                            for t in (a.left, a.right)))
            args = tuple(Const(consts.get(t.name, t.name)) if isinstance(t, Const) else t
                         for t in a.args)
            key = (a.pred, len(args))
            if key in as_const:
                return Eq(args[0], Const(as_const[key]))
            if key in folds:
                g, i, c = folds[key]
                if len(args) == 1:
                    return Atom(g, args[:i] + (Const(c),) + args[i:])
                if args[i] == Const(c):
                    return Atom(g, args[:i] + args[i + 1:])
            hit = preds.get(key)
            if hit is None:
                return Atom(a.pred, args)
            name, order = hit
            out = Atom(name, tuple(args[j] for j in order))
            return Not(out) if key in negated else out
        return _map_literals(f, rename)

    def inverse(self, f: Formula) -> Formula:
        """`f` (in the gold's symbols) back in the program's own."""
        back = {(g, len(order)): (p, tuple(order.index(i) for i in range(len(order))), n)
                for (p, n), (g, order) in self.preds.items() if (p, n) not in self.merged}
        names = {g: c for c, g in self.consts.items()}
        classes = {g: p for (p, _), g in self.as_const.items()}
        unfold = {(g, 3 - n): (p, n, i, c)
                  for (p, n), (g, i, c) in self.folds.items() if (p, n) not in self.merged}
        if not back and not names and not classes and not unfold:
            return f

        def rename(a):
            if isinstance(a, Eq):
                for t, u in ((a.left, a.right), (a.right, a.left)):
                    if isinstance(u, Const) and u.name in classes:
                        return Atom(classes[u.name], (t,))
                return Eq(*(Const(names.get(t.name, t.name)) if isinstance(t, Const) else t
                            for t in (a.left, a.right)))
            args = tuple(Const(names.get(t.name, t.name)) if isinstance(t, Const) else t
                         for t in a.args)
            fold = unfold.get((a.pred, len(args)))
            if fold is not None:
                p, n, i, c = fold
                if n == 2:
                    return Atom(p, args[:i] + (Const(c),) + args[i:])
                if args[i] == Const(c):
                    return Atom(p, args[:i] + args[i + 1:])
            hit = back.get((a.pred, len(args)))
            if hit is None:
                return Atom(a.pred, args)
            name, order, n = hit
            out = Atom(name, tuple(args[j] for j in order))
            return Not(out) if (name, n) in self.negated else out
        return _map_literals(f, rename)

    def to_json(self) -> dict:
        return {"predicates": {f"{p}/{n}": ("¬" if (p, n) in self.negated else "") + g
                               + ("" if list(o) == sorted(o) else
                                  f" (arguments {', '.join(str(i + 1) for i in o)})")
                               for (p, n), (g, o) in sorted(self.preds.items())},
                "classes_as_individuals": {f"{p}/1": c for (p, _), c in sorted(self.as_const.items())},
                **({"arguments_as_predicates": {
                    f"{p}/{n}": f"{g}/{3 - n} (argument {i + 1} {c})"
                    for (p, n), (g, i, c) in sorted(self.folds.items())}} if self.folds else {}),
                "constants": dict(sorted(self.consts.items())),
                "pairs": [{"clause": c, "premise": k + 1} for c, k in self.pairs],
                "equivalent": self.equivalent, "related": self.related, "paired": self.paired,
                "confidence": self.confidence, "unmatched": self.unmatched}


def _map_literals(f: Formula, fn) -> Formula:
    """`map_atoms` that also visits equalities (the alignment turns atoms into them)."""
    return map_atoms(f, fn, equalities=True)
