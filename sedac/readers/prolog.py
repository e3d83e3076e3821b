"""Prolog as LLMs write it, read clause by clause into first-order logic.

The text is first cleared of communication (fences, chatter), then split at full
stops; each piece is parsed by the lark grammar `sedac/grammar/prolog.lark`. A
piece that does not parse is repaired when the repair is certain (`-?` for `?-`,
`:=` for `:-`, a missing full stop, an English sentence of the simple forms) and
classified in the syntax taxonomy otherwise. One bad clause never hides another.
"""
from __future__ import annotations

import re

from ..fol import (FALSE, TRUE, And, Atom, Const, Eq, Exists, Forall, Formula, Func, Implies, Not,
                   NotAClause, Or, Var, closure, conj, disj, exists, free_vars, has_functions,
                   implication_parts, map_atoms, negate, predicates, subformulas, substitute,
                   to_prolog)
from ..grammar import lark_parser, max_nesting, parse_line, swipl_builtins
from ..program import CATEGORIES, Clause, Diagnostic, Fix, LineIndex, Program, Span, Unreadable
from . import english
from .base import Reader, _once
from .prolog_effects import comment_out, describe, find_effects, strip_text, without_effects
from .prolog_terms import PAtom, PComp, PNum, PStr, PVar, TO_TERM, term_depth, term_text
from ..vocab import BUILTIN_CLASSES, KNOWN_NAMES, Vocabulary
from ..closed_world import NEG_PREFIX

MAX_NESTING = 5000

ARITHMETIC = frozenset("is =:= =\\= < > =< >= + - * / // mod rem ** ^ >> << /\\ \\/".split())
# Arithmetic functions: arithmetic only inside a term (`X is max(A, B)`), while a goal
# `max(X)` is the predicate of a name such as Max.
FUNCTIONS = frozenset("succ plus abs min max sqrt sign".split())
TYPE_TESTS = frozenset({"integer", "number", "float", "atom", "atomic", "var", "nonvar",
                        "compound", "callable", "is_list"})
# Loading directives: read as directives, where loading other code is an effect (E010).
LOADING = frozenset({"consult", "ensure_loaded", "include", "use_module", "load_files",
                     "use_foreign_library"})
# Directives that declare, load or configure: kept as written, never flagged, never run.
PREDICATE_DECLARATIONS = frozenset({"dynamic", "discontiguous", "table", "multifile", "public"})
DECLARATIONS = PREDICATE_DECLARATIONS | frozenset({
    "use_module", "ensure_loaded", "set_prolog_flag", "style_check", "module", "op",
    "use_foreign_library", "license", "include", "consult", "expects_dialect", "encoding"})
BUILTIN_IO = frozenset({"write", "writeln", "print", "format", "nl", "halt", "read",
                        "initialization", "main", "forall", "findall", "assert", "assertz",
                        "asserta", "retract"})


class _Reader:
    """Converts parsed terms to formulas, naming variables per clause."""

    def __init__(self, terms: bool = False):
        self.vars: dict[str, Var] = {}
        self.fresh = 0
        # `terms`: a compound argument (`neg(p(X))`, `has_property(X, not(blue))`) is read as a
        # term, for `sedac.align` to read under a representation (else it is E003)
        self.terms = terms
        self.cut = False

    def term(self, t):
        if isinstance(t, PVar):
            if t.name == "_":
                self.fresh += 1
                return Var(f"_G{self.fresh}")
            return self.vars.setdefault(t.name, Var(t.name))
        if isinstance(t, PAtom):
            return Const(t.name)
        if isinstance(t, PStr):
            return Const(t.text)
        if isinstance(t, PNum):
            raise Unreadable("knowledge", "K001",
                             f"number {t.text} in a clause: arithmetic is background knowledge, "
                             "not a translation of the text")
        if t.name in ARITHMETIC or t.name in FUNCTIONS:
            raise Unreadable("knowledge", "K001",
                             f"arithmetic `{term_text(t)}` is background knowledge, "
                             "not a translation of the text")
        if self.terms and t.name[:1].isalpha():
            return Func(t.name, tuple(self.term(a) for a in t.args))
        raise Unreadable("other-syntax", "E003",
                         f"nested term `{term_text(t)}` as an argument: the logic has no "
                         "function symbols")

    def goal(self, t) -> Formula:
        if isinstance(t, PAtom):
            if t.name == "true":
                return TRUE
            if t.name in ("fail", "false"):
                return FALSE
            if t.name == "!":
                if self.terms:      # seen, for `sedac.align` to tell the program's machinery
                    self.cut = True
                    return TRUE
                raise Unreadable("other-syntax", "E004", "cut `!` has no logical reading")
            return Atom(t.name, ())
        if isinstance(t, PVar):
            if t.name == "_":
                raise Unreadable("other-syntax", "E004", f"variable `{t.name}` used as a goal")
            # `holds(Q) :- Q.` calls a term of the program's own (a goal built at run time is
            # an effect, E010, read as `true` before this): Prolog's `call(Q)`
            return Atom("call", (self.term(t),))
        if isinstance(t, (PNum, PStr)):
            raise Unreadable("other-syntax", "E004", f"`{term_text(t)}` is not a goal")
        name, args = t.name, t.args
        if name == ",":   # flattened without recursion: a body may have thousands of goals
            return conj([self.goal(a) for a in _operands(t, ",")])
        if name in (";", "|"):
            return disj([self.goal(a) for a in _operands(t, name)])
        if name == "->":
            return conj([self.goal(a) for a in args])
        if name in ("\\+", "not") and len(args) == 1:
            return Not(self.goal(args[0]))
        if name in ("=", "==") and len(args) == 2:
            return Eq(self.term(args[0]), self.term(args[1]))
        if name in ("\\=", "\\==") and len(args) == 2:
            return Not(Eq(self.term(args[0]), self.term(args[1])))
        if self.terms and name == "-" and len(args) == 1 and isinstance(args[0], PComp):
            return Atom("-", (self.term(args[0]),))     # `-p(X)`: a negation as data
        if name in ARITHMETIC:
            raise Unreadable("knowledge", "K001",
                             f"arithmetic `{term_text(t)}` is background knowledge, "
                             "not a translation of the text")
        if name in BUILTIN_IO:
            raise Unreadable("other-syntax", "E004",
                             f"built-in `{name}/{len(args)}` does input/output, not logic")
        return Atom(name, tuple(self.term(a) for a in args))

    def clause(self, t) -> tuple[str, Formula | None]:
        """('statement'|'query'|'directive', formula)."""
        if isinstance(t, PComp) and t.name == "?-":
            # `?- cold(sally), write(yes).` asks cold(sally): output and cuts are not the question
            asked, sign = _question_goal(t.args[0])
            g = self.goal(asked if asked is not None else t.args[0])
            if sign == "-":
                g = negate(g)
            return "query", exists(sorted(free_vars(g), key=lambda v: v.name), g)
        if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 1:
            return "directive", None
        if isinstance(t, PComp) and t.name == ":-":
            head, body = t.args
            h = self.head(head)
            b = self.goal(body)
            return "statement", closure(Implies(b, h) if b != TRUE else h)
        return "statement", closure(self.head(t))

    def head(self, t) -> Formula:
        if isinstance(t, (PVar, PNum, PStr)):
            raise Unreadable("other-syntax", "E005", f"`{term_text(t)}` cannot be a clause head")
        h = self.goal(t)
        # `neg_p(X) :- ...` is the loadable form of a negated head (sedac writes it so).
        if isinstance(h, Atom) and h.pred.startswith(NEG_PREFIX) and len(h.pred) > len(NEG_PREFIX):
            return Not(Atom(h.pred[len(NEG_PREFIX):], h.args))
        return h


# ---------------------------------------------------------- text handling

def _skip_layout(text: str, i: int, end: int) -> int:
    """The first offset from `i` that is neither white space nor a comment."""
    while i < end:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "%":
            nl = text.find("\n", i, end)
            i = end if nl == -1 else nl + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2, end)
            i = end if j == -1 else j + 2
        else:
            break
    return i


_SPLIT_STOP = re.compile(r"['\"`%/()\[\]{}.]")


def _split_clauses(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, terminated) pieces: each ends after a full stop that ends a clause.

    A full stop ends a clause when followed by white space, `%` or the end of the
    text, and is not inside a quoted item or a comment; linear in the text.
    """
    out = []
    i, n, start = 0, len(text), 0
    depth = 0
    stop = _SPLIT_STOP.search
    while i < n:
        m = stop(text, i)      # the other characters change nothing
        if m is None:
            break
        i = m.start()
        ch = text[i]
        if ch in "'\"`":
            j = text.find(ch, i + 1)
            while j != -1 and text[j - 1] == "\\":
                j = text.find(ch, j + 1)
            nl = text.find("\n", i + 1)
            if j == -1 or (nl != -1 and nl < j):
                i = nl if nl != -1 else n  # unterminated: stop at the line's end
                continue
            i = j + 1
            continue
        if ch == "%":
            nl = text.find("\n", i)
            i = nl if nl != -1 else n
            continue
        if ch == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = j + 2 if j != -1 else n
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch == "." and (i + 1 == n or text[i + 1].isspace() or text[i + 1] == "%"):
            prev = text[i - 1] if i else ""
            univ = text[i - 2:i + 1] == "=.."    # `T =.. L`: the operator, not an end
            if not univ and not (prev.isdigit() and i + 1 < n and text[i + 1].isdigit()):
                out.append((start, i + 1, True))
                start = i + 1
                depth = 0
        i += 1
    if text[start:].strip():
        out.append((start, n, False))
    return out


_WORDS_ONLY = re.compile(r"^[A-Za-z][A-Za-z' ,-]*[.!]?$")
_SYMBOL_REPAIRS = [
    (re.compile(r"^(\s*)-\?"), r"\1?-", "`-?` written for the query operator `?-`"),
    (re.compile(r"^(\s*)\?-?\s*(?=[a-z])(?!-)"), r"\1?- ", None),
    (re.compile(r":="), ":-", "`:=` written for `:-`"),
    (re.compile(r"<-|←|⟵"), ":-", "`<-` written for `:-`"),
    (re.compile(r"\s+(if)\s+"), " :- ", "`if` written for `:-`"),
    (re.compile(r"^(\s*)\?\s*"), r"\1?- ", "`?` written for `?-`"),
]


class PrologReader(Reader):
    lang = "prolog"
    clausal = True
    _known_names: frozenset | None = None

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        cleaned = self._communication_pass(text, index, prog)
        for start, end, terminated in _split_clauses(cleaned):
            self._piece(cleaned, start, end, terminated, index, prog)
        self._knowledge_pass(prog)
        self._negation_names(prog)
        self._resolve_wrappers(prog)
        self._nl_query(prog)
        self._respell(prog)
        self._builtin_clashes(prog)
        self._effect_fixes(prog)
        prog.diagnostics.sort(key=lambda d: (d.span.start, d.code))
        return prog

    def finish(self, program, statements, queries, vocab=None):
        """E008: predicates called but never defined nor declared. SWI-Prolog raises an
        existence error when one is called; a `:- dynamic` declaration makes it fail, as the
        closed-world answer assumes. Computed on the program as its fixes leave it."""
        vocab = vocab or self.vocab_hint
        wrappers = [c.formula for c in program.clauses   # they call their question's predicates
                    if c.kind == "wrapper" and c.formula is not None]
        missing = undefined_predicates(statements, list(queries) + wrappers, program, vocab,
                                       program.declared)
        prolog_names = [p for p in missing if p[1] > 0 or p in program.names]
        first = next((c for c in program.clauses if c.formula is not None), None)
        if not prolog_names or first is None:
            return []
        at = program.index.span(first.span.start, first.span.start)
        decl = dynamic_declaration(prolog_names) + "\n" + " " * (first.span.column - 1)
        listed = ", ".join(f"`{n}/{a}`" for n, a in prolog_names)
        return [Diagnostic(
            "E008", "other-syntax", f"{listed} {'is' if len(prolog_names) == 1 else 'are'} called "
            "but never defined: SWI-Prolog raises an existence error there; declared dynamic "
            "(no clauses: false)", at, fix=Fix("safe", decl, "declare-dynamic", at))]

    # ------------------------------------------------------------ writing
    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        """A formula as a loadable clause (or `?-` query) in the program's own spelling."""
        return prolog_text(formula, kind, program, vocab or self.vocab_hint)

    # ------------------------------------------------------------ passes
    def _communication_pass(self, text: str, index: LineIndex, prog: Program) -> str:
        """The reply layer's reading (`sedac.reply`): what is not code is blanked out, and
        each such line (each paragraph of a Markdown reply's prose) gets a diagnostic whose
        fix turns it into comments: nothing the user wrote is deleted."""
        layout = self.layout(text)
        prog.diagnostics.extend(layout.diagnostics(self.comment))
        return layout.masked

    def _piece(self, text, start, end, terminated, index, prog):
        # A clause starts at its first character of code: the comments and blank lines
        # before it are not part of it (its span, and its fix, leave them alone).
        start = _skip_layout(text, start, end)
        raw = text[start:end].rstrip()
        if not raw:
            return
        if not terminated:   # a trailing comment is not part of a clause that lacks its full stop
            raw = re.sub(r"\s*%[^\n'\"]*$", "", raw)
        span = index.span(start, start + len(raw))
        if raw.startswith(":-") and self._declaration(raw, span, prog):
            return
        if max_nesting(raw) > MAX_NESTING:
            prog.diagnostics.append(Diagnostic(
                "E002", "other-syntax", f"brackets nest deeper than {MAX_NESTING} levels; "
                "clause ignored", span, fix=_comment_out(raw, span)))
            return
        if _WORDS_ONLY.match(raw) and len(raw.split()) >= 3 and self._english(raw, span, prog):
            return
        body = raw if terminated else raw + "."
        parsed, err = _parse(body)
        if parsed is not None:
            fix = None if terminated else Fix("safe", raw + ".", "add-full-stop", span)
            if not terminated:
                prog.diagnostics.append(Diagnostic(
                    "Y003", "symbol", "missing full stop at the end of the clause", span,
                    fix=fix, clause=len(prog.clauses)))
            self._add(parsed, raw, body, span, prog)
            return
        # Several lines that are each a clause without their full stops.
        lines = [(m.start(), m.group(0)) for m in re.finditer(r"[^\n]+", raw) if m.group(0).strip()]
        if len(lines) > 1:
            for k, (off, line) in enumerate(lines):
                last = k == len(lines) - 1
                line_end = line.rstrip()
                self._piece(text, start + off, start + off + len(line_end),
                            terminated and last or line_end.endswith("."), index, prog)
            return
        for pattern, repl, why in _SYMBOL_REPAIRS:
            fixed = pattern.sub(repl, raw, count=1)
            if fixed != raw:
                fixed_body = fixed if fixed.rstrip().endswith(".") else fixed + "."
                parsed2, _ = _parse(fixed_body)
                if parsed2 is not None:
                    why = why or "malformed query operator"
                    prog.diagnostics.append(Diagnostic(
                        "Y001" if "?" in why else "Y002", "symbol", f"{why}; read as `{fixed_body}`",
                        span, fix=Fix("safe", fixed_body, "symbol", span), clause=len(prog.clauses)))
                    self._add(parsed2, raw, fixed_body, span, prog)
                    return
        if _WORDS_ONLY.match(raw) and len(raw.split()) >= 2:
            self._english(raw, span, prog)
            return
        prog.diagnostics.append(Diagnostic(
            "E001", "other-syntax", f"{err}; clause ignored", span, fix=_comment_out(raw, span)))

    def _declaration(self, raw: str, span: Span, prog: Program) -> bool:
        """`:- dynamic p/1.` and the other declarations are kept as written, never executed;
        `:- initialization(main).` asks `main`. False for other directives."""
        m = re.match(r":-\s*([a-z]\w*)\b\s*(.*?)\s*\.?\s*$", raw, re.S)
        if m is None:
            return False
        name, rest = m.group(1), m.group(2)
        if name in DECLARATIONS:
            if name in LOADING:
                return False      # read as a directive: loading other code is an effect (E010)
            if name in PREDICATE_DECLARATIONS:
                for pred, arity in re.findall(r"([a-z]\w*|'[^']*')\s*/\s*(\d+)", rest):
                    prog.declared.add((pred.strip("'"), int(arity)))
            return True
        if name == "initialization":
            goal = re.match(r"\(\s*([a-z]\w*)\s*(,\s*\w+\s*)?\)$", rest)
            if not goal:
                return False      # read as a directive: its goal may be an effect (E010)
            prog.clauses.append(Clause(span, raw, Atom(goal.group(1), ()), "query", raw,
                                       note="initialization"))
            _runs_on_load(prog, span, "`initialization/1` runs a goal when the file is loaded")
            return True
        return False

    def _english(self, raw: str, span: Span, prog: Program) -> bool:
        """An English line: translated when it is a sentence of the simple forms."""
        sentence = raw.rstrip(".").strip()
        formula = english.sentence_to_formula(sentence, self.vocab_hint)
        clause_text = prolog_text(formula, "statement", prog, self.vocab_hint) \
            if formula is not None else None
        if clause_text:
            prog.diagnostics.append(Diagnostic(
                "N001", "natural-language", f"English sentence `{sentence}` in place of "
                f"code; it says `{clause_text}`", span,
                fix=Fix("safe", clause_text, "english", span), clause=len(prog.clauses)))
            prog.clauses.append(Clause(span, raw, formula, "statement", clause_text,
                                       note="english"))
            return True
        if len(sentence.split()) < 3:
            return False
        prog.diagnostics.append(Diagnostic(
            "N002", "natural-language", f"English text `{sentence[:60]}` in place of code, "
            "not a sentence sedac can translate; ignored", span, fix=_comment_out(raw, span)))
        return True

    def _add(self, parsed, raw, body, span, prog):
        if len(body) > MAX_NESTING and term_depth(parsed, MAX_NESTING) > MAX_NESTING:
            prog.diagnostics.append(Diagnostic(
                "E002", "other-syntax", f"the clause nests deeper than {MAX_NESTING} levels; "
                "clause ignored", span, fix=_comment_out(raw, span)))
            return
        effects, whole = find_effects(parsed, body)
        if effects:
            # Goals that act on the machine: read as `true`; the fix, made once every other
            # repair of the clause is known (`_effect_fixes`), comments them out.
            parsed = without_effects(parsed, effects)
            asked = parsed.args[0] if isinstance(parsed, PComp) and parsed.name == "?-" else None
            whole = whole or asked == PAtom("true")
            where = ("directive" if isinstance(parsed, PComp) and parsed.name == ":-"
                     and len(parsed.args) == 1 else "query" if asked is not None else "clause")
            prog.diagnostics.append(Diagnostic(
                "E010", "other-syntax", f"{describe(effects)}: SWI-Prolog does this when it runs "
                f"the {where} (sedac never does); not part of the logic, "
                + (f"the {where} is commented out" if whole else "read as `true` and commented out"),
                span, fix=Fix("safe", "", "remove-effect", span)))
            if whole:
                return
        _note_names(parsed, prog)
        wrapped = _wrapper(parsed, self.vocab_hint)
        if wrapped is not None:
            # `answer(true) :- q, !.`, `main :- (q -> writeln(true) ; ...).`: a clause that asks
            # a question; read for the question it asks, never as a statement.
            polarity, goal = wrapped
            formula = None
            if goal is not None:
                try:
                    g = _Reader(terms=True).goal(goal)
                    formula = exists(sorted(free_vars(g), key=lambda v: v.name), g)
                except Unreadable:
                    formula = None
            terms = formula if formula is not None and has_functions(formula) else None
            prog.clauses.append(Clause(span, raw, None if terms else formula, "wrapper", body,
                                       note=polarity + _head_name(parsed), terms=terms))
            return
        r = _Reader()
        try:
            kind, formula = r.clause(parsed)
        except Unreadable as u:
            terms = _with_terms(parsed) if u.code in ("E003", "K001") or \
                u.message.startswith("cut") else None
            prog.diagnostics.append(Diagnostic(
                u.code, u.category, f"{u.message}; clause ignored", span,
                fix=_comment_out(raw, span), clause=len(prog.clauses) if terms else None))
            if terms is None:
                return
            # kept with its terms: `sedac.align` reads it under the program's representation,
            # or leaves it out (and the E003 stands)
            kind, formula, cut = terms
            prog.clauses.append(Clause(span, raw, None, kind, body,
                                       note="cut" if cut else "terms", terms=formula))
            return
        if kind == "directive":
            goal = parsed.args[0]
            if isinstance(goal, PComp) and goal.name == "initialization":
                _runs_on_load(prog, span, "`initialization` runs a goal when the file is loaded")
            return
        named = self._names_as_variables(parsed, formula)
        if named:
            inner = substitute(formula.body if isinstance(formula, (Forall, Exists)) else formula,
                               {Var(v): Const(v.lower()) for v in named})
            rest = sorted(free_vars(inner), key=lambda v: v.name)
            formula = exists(rest, inner) if kind == "query" else closure(inner)
            fixed = re.sub(r"\b(" + "|".join(named) + r")\b", lambda m: m.group(1).lower(), raw)
            prog.diagnostics.append(Diagnostic(
                "Y007", "symbol", f"`{named[0]}` is a variable in Prolog (a capital letter); the "
                f"name is `{named[0].lower()}`", span, fix=Fix("safe", fixed, "lowercase-name", span),
                clause=len(prog.clauses)))
        if _negated_head(parsed):
            text = prolog_text(formula, kind, prog, self.vocab_hint)
            prog.diagnostics.append(Diagnostic(
                "Y005", "symbol", "a negated head is not loadable Prolog (`\\+` is a built-in); "
                f"written as `{text}`", span, fix=Fix("safe", text, "loadable-head", span),
                clause=len(prog.clauses)))
        prog.clauses.append(Clause(span, raw, formula, kind, body))

    def _names_as_variables(self, parsed, formula) -> list[str]:
        """Variables of a fact or query spelled like a name of the problem (`yumpus(Max).`):
        a universal claim nobody meant."""
        is_rule = isinstance(parsed, PComp) and parsed.name == ":-" and len(parsed.args) == 2
        if is_rule:
            return []
        names = self._known_names
        if names is None:   # once per reader: a program may have thousands of facts
            names = self._known_names = frozenset(KNOWN_NAMES) | frozenset(
                self.vocab_hint.names if self.vocab_hint else ())
        return sorted(v.name for v in _bound_or_free(formula)
                      if v.name[:1].isupper() and v.name.lower() in names)

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
        known = set(used)
        v = self.vocab_hint
        if v is not None:
            known |= v.nouns | v.adjectives | set(v.plurals)
        mapping = {}
        for p in used:
            base = negated_name(p, known - {p})
            if base:
                mapping[p] = base
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
        v = self.vocab_hint
        words = (v.nouns | v.adjectives) if v is not None else BUILTIN_CLASSES
        heads = set()
        for _, c in prog.statements:
            _, _, head = implication_parts(c.formula)
            lit = head.arg if isinstance(head, Not) else head
            if isinstance(lit, Atom):
                heads.add((lit.pred, len(lit.args)))
        clash = sorted((n, a) for n, a in prog.names
                       if (n, a) in builtins and a > 0 and (n in words or (n, a) in heads))
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


# ------------------------------------------------------- names and writing

_NEGATED_NAMES = (
    re.compile(r"(?:not|non|neg|no|is_not|isnot|isnt|never|not_an?|is_not_an?)_([a-z]\w*)"),
    re.compile(r"(?:not|non|neg|isNot|no)([A-Z]\w*)"),
    re.compile(r"([a-z]\w*?)_(?:false|not|neg)"),
)


def negated_name(name: str, known: set[str]) -> str | None:
    """The word `name` negates (`not_cold`, `non_cold`, `notCold`, `is_not_cold`,
    `cold_false` -> `cold`), when that word is in `known`; else None."""
    for k, pattern in enumerate(_NEGATED_NAMES):
        m = pattern.fullmatch(name)
        if m:
            base = m.group(1)
            if k == 1:
                base = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", base).lower()
            if base in known:
                return base
    return None


def _spelling(program: Program | None, vocab) -> dict[str, str]:
    """FOL names to the program's own: its negation names, the names it chose for words
    that are built-ins, and `is_p` for a built-in it has no name for."""
    if program is None:
        return {}
    # once per program: the writer asks for every clause it writes
    return _once(program, vocab, "prolog-spelling", lambda: _program_spelling(program, vocab),
                 len(program.names), len(program.spelling))


def _program_spelling(program: Program, vocab) -> dict[str, str]:
    out = dict(program.spelling)
    v = vocab if vocab is not None else Vocabulary()
    for name, arity in sorted(program.names):
        word = v.alias_of(name, arity)
        if word and (word, arity) not in program.names and word not in out:
            out[word] = name
    return out


def spelled(f: Formula, kind: str = "statement", program: Program | None = None,
            vocab=None) -> Formula | None:
    """`f` with the program's own names, in the shape Prolog says it: a negated head becomes
    the program's `not_p` (or sedac's `neg_p`), a built-in's name its alias; a query is
    its body. None when Prolog cannot say it (a universal question, a disjunctive head)."""
    names = _spelling(program, vocab)
    builtins = swipl_builtins()
    neg_prefix = NEG_PREFIX
    for key, name in names.items():
        if key.startswith("~") and name.endswith(key[1:]):
            neg_prefix = name[:-len(key) + 1]
            break

    def name_of(pred: str, arity: int) -> str:
        if pred in names:
            return names[pred]
        # (`call/N` is the meta-call, never a predicate of the program's own)
        return "is_" + pred if (pred, arity) in builtins and arity and pred != "call" else pred

    def spell(g: Formula, head: bool) -> Formula:
        if isinstance(g, Not) and isinstance(g.arg, Atom):
            a = g.arg
            neg = names.get("~" + a.pred)
            if neg or head:
                return Atom(neg or neg_prefix + a.pred, a.args)
            return Not(Atom(name_of(a.pred, len(a.args)), a.args))
        if isinstance(g, Atom):
            return Atom(name_of(g.pred, len(g.args)), g.args)
        if isinstance(g, (And, Or)):
            return type(g)(tuple(spell(h, False) for h in g.args))
        if isinstance(g, Not):
            return Not(spell(g.arg, False))
        return g

    if kind == "query":
        body = f.body if isinstance(f, Exists) else f
        if any(isinstance(g, (Forall, Exists, Implies)) for g in subformulas(body)):
            return None
        return map_atoms(body, lambda a: Atom(name_of(a.pred, len(a.args)), a.args))
    vs, body, head = implication_parts(f)
    head = spell(head, True)
    if not isinstance(head, Atom):
        return None
    inner = head if body == TRUE else Implies(spell(body, False), head)
    return Forall(vs, inner) if vs else inner


def prolog_text(f: Formula, kind: str = "statement", program: Program | None = None,
                vocab=None) -> str | None:
    """A formula as a clause SWI-Prolog loads, or as a `?-` query (see `spelled`); None
    when Prolog cannot say it."""
    g = spelled(f, kind, program, vocab)
    if g is None:
        return None
    try:
        return ("?- " if kind == "query" else "") + to_prolog(g)
    except (NotAClause, ValueError):
        return None


def undefined_predicates(statements, queries, program: Program | None = None, vocab=None,
                         declared=frozenset()) -> list[tuple[str, int]]:
    """(name, arity) of the predicates, as the file spells them, that the clauses and
    queries call but no clause defines nor `declared` declares (SWI-Prolog's system
    predicates aside)."""
    builtins = swipl_builtins()
    defined, called = set(), set()
    for f, kind in [(f, "statement") for f in statements] + [(q, "query") for q in queries]:
        g = spelled(f, kind, program, vocab)
        if g is None:
            continue
        try:
            to_prolog(g)          # only what the file can hold
        except (NotAClause, ValueError):
            continue
        if kind == "statement":
            _, body, head = implication_parts(g)
            defined.add((head.pred, len(head.args)))
        else:
            body = g
        called |= {p for p in predicates(body) if p not in builtins}
    return sorted(called - defined - set(declared))


def dynamic_declaration(preds) -> str:
    """`:- dynamic p/1, q/2.`: predicates with no clauses fail instead of raising."""
    return ":- dynamic " + ", ".join(f"{n}/{a}" for n, a in preds) + "."


def _bound_or_free(f) -> set:
    if isinstance(f, (Forall, Exists)):
        return set(f.vars) | free_vars(f.body)
    return set(free_vars(f))


def _comment_out(raw: str, span: Span) -> Fix:
    """The safe fix that keeps an ignored clause in the file, as a comment."""
    return Fix("safe", "% " + raw.replace("\n", "\n% "), "comment-out", span)


def _negated_head(t) -> bool:
    head = t.args[0] if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2 else t
    return isinstance(head, PComp) and head.name in ("\\+", "not") and len(head.args) == 1


def _conjuncts(f) -> int:
    from ..fol import And
    return len(f.args) if isinstance(f, And) else 1


# ------------------------------------------------------------- wrappers

WRAPPER_NAMES = frozenset({
    "answer", "result", "solution", "solve", "query", "main", "run", "verdict", "check", "ask",
    "question", "go", "test", "conclusion", "output", "goal", "prove", "is_true", "truth",
    "holds", "evaluate", "answer_query", "query_answer", "final_answer", "start"})
TRUE_VALUES = frozenset({"true", "yes", "t"})
FALSE_VALUES = frozenset({"false", "no", "f"})
OPEN_VALUES = frozenset({"unknown", "uncertain", "undetermined", "maybe", "undefined"})


def _is_wrapper_name(name: str, vocab) -> bool:
    if vocab is not None and (name in vocab.nouns or name in vocab.adjectives):
        return False
    return name in WRAPPER_NAMES or name.startswith(("answer_", "query_", "check_", "solve_")) \
        or name.endswith(("_answer", "_query"))


def _truth_value(t) -> str | None:
    """`+`, `-` or `?` for a truth value written as an atom or a string."""
    text = t.name if isinstance(t, PAtom) else t.text if isinstance(t, PStr) else None
    if text is None:
        return None
    v = text.strip().strip(".").lower()
    return "+" if v in TRUE_VALUES else "-" if v in FALSE_VALUES else "?" if v in OPEN_VALUES \
        else None


def _said(t) -> str | None:
    """The truth value a goal prints or binds (`writeln(false)`, `A = false`), if any."""
    found = None
    stack = [t]
    while stack:
        u = stack.pop()
        v = _truth_value(u)
        if v is not None:
            found = found or v
        elif isinstance(u, PComp):
            stack.extend(u.args)
    return found


def _operands(t, op: str) -> list:
    """The operands of a chain of one binary operator (`a, b, c`), without recursion."""
    out, stack = [], [t]
    while stack:
        u = stack.pop()
        if isinstance(u, PComp) and u.name == op and len(u.args) == 2:
            stack.extend(reversed(u.args))
        else:
            out.append(u)
    return out


def _question_goal(body):
    """(goal asked, `-` when the goal's success means False): the body without cuts,
    output and bindings of the answer; of an if-then-else, the condition."""
    kept, sign = [], "+"
    for g in _operands(body, ","):
        if isinstance(g, PAtom) and g.name in ("!", "true", "nl", "halt"):
            continue
        if isinstance(g, PComp) and g.name in BUILTIN_IO:
            continue
        if isinstance(g, PComp) and g.name in ("=", "==") and isinstance(g.args[0], PVar) \
                and _truth_value(g.args[1]):
            sign = "-" if _truth_value(g.args[1]) == "-" else sign
            continue
        if isinstance(g, PComp) and g.name in (";", "->"):
            first = g.args[0] if g.name == ";" else g
            if isinstance(first, PComp) and first.name == "->":
                cond, then = first.args
                kept.append(cond)
                sign = "-" if _said(then) == "-" else sign
                continue
        kept.append(g)
    if not kept:
        return None, sign
    goal = kept[-1]
    for g in reversed(kept[:-1]):
        goal = PComp(",", (g, goal))
    return goal, sign


def _wrapper(t, vocab):
    """(polarity, goal) when the clause is a wrapper that asks the question, else None.
    Polarity `+`: the goal's success answers True; `-`: False; `?`: neither."""
    if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2:
        head, body = t.args
    elif isinstance(t, PComp) and t.name in ("?-", ":-"):
        return None
    else:
        head, body = t, None
    if not isinstance(head, (PAtom, PComp)) or not _is_wrapper_name(head.name, vocab):
        return None
    args = head.args if isinstance(head, PComp) else ()
    if len(args) > 1:
        return None
    sign = "+"
    if args and not isinstance(args[0], PVar):
        sign = _truth_value(args[0])
        if sign is None:
            return None
    if body is None:
        return "?", None
    goal, said = _question_goal(body)
    if said == "-" and sign in "+-":
        sign = "-" if sign == "+" else "+"
    return sign, goal


def _with_terms(parsed):
    """(kind, formula, whether it has a cut) of a clause read with its compound arguments as
    terms (and its cuts as `true`), or None."""
    r = _Reader(terms=True)
    try:
        kind, formula = r.clause(parsed)
    except Unreadable:
        return None
    return None if kind == "directive" else (kind, formula, r.cut)


def _strip_effects(text: str) -> str | None:
    """`text` (one clause) with its effects commented out in place; None when the clause is
    all effects (a directive, a hook, a query of effects only) or cannot be located."""
    body = text if text.rstrip().endswith(".") else text + "."
    from lark.exceptions import LarkError      # (lark only when a clause needs its parser)
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


def _runs_on_load(prog: Program, span: Span, why: str) -> None:
    prog.diagnostics.append(Diagnostic(
        "E009", "other-syntax", f"{why}: loading this file in SWI-Prolog runs code (sedac never "
        "does); remove it before loading untrusted output", span, fix=None))


def _head_name(t) -> str:
    head = t.args[0] if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2 else t
    return head.name


def _note_names(t, prog: Program) -> None:
    """Record the predicate names a clause uses, as written (for writing fixes its way)."""
    stack = [t]
    while stack:
        u = stack.pop()
        if isinstance(u, PAtom) and u.name[:1].isalpha():
            prog.names.add((u.name, 0))
        elif isinstance(u, PComp):
            if u.name[:1].isalpha() and u.name not in ("is", "mod", "rem", "not"):
                prog.names.add((u.name, len(u.args)))
            if u.name in (":-", "?-", ",", ";", "->", "\\+", "not", "findall", "forall"):
                stack.extend(u.args)


_NAME = r"[a-z][A-Za-z0-9_]*"
_ARG = r"(?:[a-z][A-Za-z0-9_]*|[A-Z_][A-Za-z0-9_]*)"
_LIT = rf"(?:\\\+\s*)?{_NAME}(?:\(\s*{_ARG}(?:\s*,\s*{_ARG})*\s*\))?"
_SIMPLE = re.compile(rf"^\s*(\?-\s*)?({_LIT})\s*(?::-\s*({_LIT}(?:\s*,\s*{_LIT})*))?\s*\.\s*$")
_LIT_PARTS = re.compile(rf"(\\\+\s*)?({_NAME})(?:\(([^()]*)\))?")


def _fast_literal(text: str):
    m = _LIT_PARTS.fullmatch(text.strip())
    neg, name, args = m.group(1), m.group(2), m.group(3)
    if args is None:
        t = PAtom(name)
    else:
        t = PComp(name, tuple(PVar(a) if a[0].isupper() or a[0] == "_" else PAtom(a)
                              for a in (x.strip() for x in args.split(","))))
    return PComp("\\+", (t,)) if neg else t


def _fast_parse(body: str):
    """The common clause shapes (facts, rules with a conjunction of literals, simple
    queries) without the general parser, which costs ten times more per clause."""
    m = _SIMPLE.match(body)
    if m is None:
        return None
    head = _fast_literal(m.group(2))
    if m.group(1):
        if m.group(3):
            return None
        return PComp("?-", (head,))
    if not m.group(3):
        return head
    lits = [_fast_literal(x) for x in re.findall(_LIT, m.group(3))]
    body_t = lits[-1]
    for lit in reversed(lits[:-1]):
        body_t = PComp(",", (lit, body_t))
    return PComp(":-", (head, body_t))


def _parse(body: str):
    fast = _fast_parse(body)
    if fast is not None:
        return fast, None
    from lark.exceptions import (LarkError, UnexpectedCharacters, UnexpectedEOF,
                                 UnexpectedInput, UnexpectedToken)
    try:
        return parse_line(lark_parser("prolog", TO_TERM), body), None
    except UnexpectedCharacters as e:
        return None, f"unexpected `{body[e.pos_in_stream]}` at column {e.column}"
    except UnexpectedToken as e:
        if e.token.type == "$END":
            return None, "clause ends early: an unbalanced bracket or a missing argument"
        return None, f"unexpected `{e.token}` at column {e.column}"
    except UnexpectedEOF:
        return None, "clause ends early: an unbalanced bracket or a missing argument"
    except (UnexpectedInput, LarkError, RecursionError) as e:
        return None, f"not Prolog ({type(e).__name__})"
