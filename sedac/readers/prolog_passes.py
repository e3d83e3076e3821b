"""The passes of the Prolog reader over the whole program once its clauses are read:
background knowledge, negation names, wrappers' questions, a question in English, fixes
respelt, built-in clashes and the fixes of effects."""
from __future__ import annotations

import re

from ..fol import (Atom, Formula, Not, free_vars, has_functions, implication_parts, map_atoms,
                   negate, predicates, to_prolog)

from ..grammar import lark_parser, parse_line, swipl_builtins
from ..program import CATEGORIES, Diagnostic, Fix, Program, Span
from .prolog_effects import comment_out, find_effects, strip_text, without_effects
from .prolog_logic import TYPE_TESTS
from .prolog_terms import PAtom, PComp, TO_TERM
from .prolog_write import _NEGATED_NAMES, negated_name, prolog_text
from ..vocab import BUILTIN_CLASSES, Vocabulary


class PrologPasses:
    """The whole-program passes of `PrologReader` (see `PrologReader.read`)."""

    def _knowledge_pass(self, prog: Program):
        """A rule that defines a class by a Prolog type test and the failure of a predicate
        the program never states (`composite(X) :- number(X), \\+prime(X).`) encodes
        background knowledge about numbers, not the text."""
        from ..fol import Implies as Imp, Forall, predicates, subformulas
        counts: dict[str, int] = {}
        for _, c in prog.statements + prog.queries:
            for p, _a in predicates(c.formula):
                counts[p] = counts.get(p, 0) + 1
        keep = []
        for i, c in enumerate(prog.clauses):
            f = c.formula
            body = f.body.left if isinstance(f, Forall) and isinstance(f.body, Imp) else None
            if c.kind == "statement" and body is not None and _conjuncts(body) >= 2:
                negs = [g.arg.pred for g in subformulas(body)
                        if isinstance(g, Not) and isinstance(g.arg, Atom)]
                lonely = [p for p in negs if counts.get(p, 0) == 1]
                tests = [g.pred for g in subformulas(body)
                         if isinstance(g, Atom) and g.pred in TYPE_TESTS and len(g.args) == 1]
                if lonely and tests:
                    prog.diagnostics.append(Diagnostic(
                        "K002", "knowledge", f"defines a class by the failure of `{lonely[0]}`, "
                        "which the program never states: background knowledge, not the text; "
                        "clause ignored", c.span, fix=_comment_out(c.text, c.span)))
                    continue
            keep.append(c)
        if len(keep) != len(prog.clauses):
            # Renumber the clause references of earlier diagnostics.
            old_to_new = {id(c): j for j, c in enumerate(keep)}
            for d in prog.diagnostics:
                if d.clause is not None:
                    old = prog.clauses[d.clause]
                    d.clause = old_to_new.get(id(old))
            prog.clauses = keep

    def _negation_names(self, prog: Program):
        """`not_cold(X) :- invertebrate(X).`: a name that negates a word of the text (without
        a text, a predicate the program uses) is read as that word's negation."""
        used = {p for c in prog.clauses if c.formula is not None for p, _ in predicates(c.formula)}
        if not any(pattern.fullmatch(p) for p in used for pattern in _NEGATED_NAMES):
            return      # no name negates another (the hint is asked only when one may)

        def negations(v) -> list:          # (pairs: their order is compared too)
            known = set(used)
            if v is not None:
                known |= v.nouns | v.adjectives | set(v.plurals)
            mapping = []
            for p in used:
                base = negated_name(p, known - {p})
                if base:
                    mapping.append((p, base))
            return mapping
        mapping = dict(self.ask_hint(negations))
        if not mapping:
            return
        for p, base in mapping.items():
            prog.spelling["~" + base] = p

        def read(a: Atom) -> Formula:
            return Not(Atom(mapping[a.pred], a.args)) if a.pred in mapping else a
        for c in prog.clauses:
            if c.formula is not None:
                c.formula = map_atoms(c.formula, read)
            if c.terms is not None:
                c.terms = map_atoms(c.terms, read)

    def _resolve_wrappers(self, prog: Program):
        """The question of `answer(true) :- q, !.` is asked by `?- answer(A).`, `?- main.` and
        `:- initialization(main).`; without such a query, the wrapper itself asks it."""
        wrappers = [c for c in prog.clauses if c.kind == "wrapper"]
        if not wrappers:
            return
        heads = {c.note[1:] for c in wrappers}
        asks = lambda c: c.formula if c.formula is not None else c.terms   # noqa: E731
        pos = [c for c in wrappers if c.note[0] == "+" and asks(c) is not None]
        neg = [c for c in wrappers if c.note[0] == "-" and asks(c) is not None]
        question = asks(pos[0]) if pos else negate(asks(neg[0])) if neg else None
        if question is None:
            return
        # a question with terms (`status(needs(dog, bear), A)`) waits for `sedac.align`
        terms = has_functions(question)
        for c in prog.clauses:
            if c.kind == "query" and c.formula is not None \
                    and {p for p, _ in predicates(c.formula)} <= heads:
                c.note = "wrapper"
                c.formula, c.terms = (None, question) if terms else (question, None)
        if not any(c.kind == "query" and asks(c) is not None for c in prog.clauses):
            src = pos[0] if pos else neg[0]
            src.kind = "query"
            src.formula, src.terms = (None, question) if terms else (question, None)

    def _respell(self, prog: Program):
        """Fixes made while reading are written in the program's spelling, known only now."""
        for d in prog.diagnostics:
            if d.fix is None or d.clause is None or d.fix.rule not in ("loadable-head", "english"):
                continue
            c = prog.clauses[d.clause]
            text = prolog_text(c.formula, c.kind, prog, self.vocab_hint)
            if text:
                d.fix = Fix(d.fix.applicability, text, d.fix.rule, d.fix.span)

    def _builtin_clashes(self, prog: Program):
        """A predicate named like a built-in of SWI-Prolog (`number/1`) that the program
        defines, or that is a word of the text: SWI-Prolog refuses to load the first and
        answers the second with its type test. Renamed, the same way in every clause."""
        builtins = swipl_builtins()
        if not any((n, a) in builtins and a > 0 for n, a in prog.names):
            return      # no name is a built-in's (the hint is asked only when one is)
        heads = set()
        for _, c in prog.statements:
            _, _, head = implication_parts(c.formula)
            lit = head.arg if isinstance(head, Not) else head
            if isinstance(lit, Atom):
                heads.add((lit.pred, len(lit.args)))
        written = frozenset(prog.names)

        def clashes(v) -> list:
            words = (v.nouns | v.adjectives) if v is not None else BUILTIN_CLASSES
            return sorted((n, a) for n, a in written
                          if (n, a) in builtins and a > 0 and (n in words or (n, a) in heads))
        clash = self.ask_hint(clashes)
        if not clash:
            return
        plain = Vocabulary()
        for n, a in clash:
            own = sorted(m for m, b in prog.names if b == a and m != n and plain.alias_of(m) == n)
            prog.spelling[n] = own[0] if own else "is_" + n
        pattern = re.compile(r"(?<![\w'])(" + "|".join(re.escape(n) for n, _ in clash) + r")(?=\s*\()")
        fixes = {d.clause: d for d in prog.diagnostics if d.clause is not None and d.fix is not None}

        def rename(text: str) -> str:
            return pattern.sub(lambda m: prog.spelling[m.group(1)], text)
        for i, c in enumerate(prog.clauses):
            if not pattern.search(c.text):
                continue
            other = fixes.get(i)
            new = rename(other.fix.replacement if other else c.text)
            if other is not None:
                other.fix = Fix(other.fix.applicability, new, other.fix.rule, other.fix.span)
            names = sorted({m.group(1) for m in pattern.finditer(c.text)})
            prog.diagnostics.append(Diagnostic(
                "Y009", "symbol", f"`{names[0]}/1` is a built-in of SWI-Prolog, which will not load "
                f"a definition of it (or answers with its type test); renamed "
                f"`{prog.spelling[names[0]]}` in every clause", c.span,
                fix=Fix("safe", new, "rename-builtin", c.span), clause=i))

    def _effect_fixes(self, prog: Program):
        """E010's fix: the clause as its other repairs leave it (the one `apply_fixes` keeps
        of the earlier stages), with each effect commented out in place, or all of it
        commented out when nothing else is left or the clause is not read."""
        stage = {c: k for k, c in enumerate(CATEGORIES)}
        if not any(d.code == "E010" for d in prog.diagnostics):
            return
        ranked = sorted(enumerate(prog.diagnostics),
                        key=lambda p: (p[1].span.start, stage.get(p[1].category, 0), p[1].code, p[0]))
        at: dict = {}       # fix span -> the other repairs there, in order (one pass, not one a clause)
        for _, o in ranked:
            if o.fix is not None and o.code != "E010":
                at.setdefault(o.fix.span, []).append(o)
        for d in prog.diagnostics:
            if d.code != "E010" or d.fix is None or d.fix.replacement:
                continue
            span = d.fix.span
            others = at.get(span, [])
            current = others[-1].fix.replacement if others else prog.text[span.start:span.end]
            line_end = prog.text.find("\n", span.end)
            rest = prog.text[span.end:line_end if line_end != -1 else len(prog.text)]
            if others and others[-1].fix.rule == "comment-out":
                new = current           # the clause is not read: commented out all the same
            else:
                new = _strip_effects(current)
            d.fix = Fix("safe", new if new is not None else comment_out(current, rest),
                        "remove-effect", span)

    def _nl_query(self, prog: Program):
        """An English statement in last place of a program with no query is its question."""
        if prog.queries or not prog.clauses:
            return
        last = prog.clauses[-1]
        f = last.formula
        if last.note == "english" and isinstance(f, (Atom, Not)) and not free_vars(f):
            last.kind = "query"
            q = "?- " + to_prolog(f)
            last.read_text = q
            for d in prog.diagnostics:
                if d.code == "N001" and d.span == last.span:
                    d.message = (d.message.rsplit(";", 1)[0] + f"; as the last line of a program "
                                 f"without a query it is the question `{q}`")
                    d.fix = Fix("safe", q, "english", d.span)


def _comment_out(raw: str, span: Span) -> Fix:
    """The safe fix that keeps an ignored clause in the file, as a comment."""
    return Fix("safe", "% " + raw.replace("\n", "\n% "), "comment-out", span)


def _negated_head(t) -> bool:
    head = t.args[0] if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2 else t
    return isinstance(head, PComp) and head.name in ("\\+", "not") and len(head.args) == 1


def _conjuncts(f) -> int:
    from ..fol import And
    return len(f.args) if isinstance(f, And) else 1


def _strip_effects(text: str) -> str | None:
    """`text` (one clause) with its effects commented out in place; None when the clause is
    all effects (a directive, a hook, a query of effects only) or cannot be located."""
    from lark.exceptions import LarkError      # (lark only when a clause needs its parser)
    body = text if text.rstrip().endswith(".") else text + "."
    try:
        parsed = parse_line(lark_parser("prolog", TO_TERM), body)
    except (LarkError, RecursionError):
        return None
    effects, whole = find_effects(parsed, body)
    if whole or not effects:
        return None if whole else text
    if isinstance(parsed, PComp) and parsed.name == "?-" and \
            without_effects(parsed, effects).args[0] == PAtom("true"):
        return None
    out = strip_text(body, effects)
    if out is None:
        return None
    return out if body is text else out[:-1]
