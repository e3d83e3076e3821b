"""Prolog as LLMs write it, read clause by clause into first-order logic.

The text is first cleared of communication (fences, chatter), then split at full
stops; each piece is parsed by the lark grammar `sedac/grammar/prolog.lark`. A
piece that does not parse is repaired when the repair is certain (`-?` for `?-`,
`:=` for `:-`, a missing full stop, an English sentence of the simple forms) and
classified in the syntax taxonomy otherwise. One bad clause never hides another.
"""
from __future__ import annotations

import re

from ..fol import (Atom, Const, Exists, Forall, Var, closure, exists, free_vars, has_functions,
                   substitute)
from ..grammar import max_nesting
from ..program import Clause, Diagnostic, Fix, LineIndex, Program, Span, Unreadable
from . import english
from .base import Reader
from .prolog_effects import describe, find_effects, without_effects
from .prolog_terms import PAtom, PComp, term_depth
from ..vocab import KNOWN_NAMES
# (the logic of terms, the clauses' syntax, the writing and the whole-program passes live in
# their own modules; their names are importable from here as they always were)
from .prolog_logic import (ARITHMETIC, BUILTIN_IO, DECLARATIONS, FALSE_VALUES, FUNCTIONS,  # noqa: F401
                           LOADING, OPEN_VALUES, PREDICATE_DECLARATIONS, TRUE_VALUES, TYPE_TESTS,
                           WRAPPER_NAMES)
from .prolog_logic import (_Reader, _is_wrapper_name, _operands, _question_goal, _said,  # noqa: F401
                           _truth_value, _with_terms, _wrapper)
from .prolog_passes import PrologPasses, _comment_out, _conjuncts, _strip_effects  # noqa: F401
from .prolog_syntax import (_ARG, _LIT, _LIT_PARTS, _NAME, _SIMPLE, _SPLIT_STOP,  # noqa: F401
                            _fast_literal, _fast_parse, _parse, _skip_layout, _split_clauses)
from .prolog_write import (_NEGATED_NAMES, _program_spelling, _spelling,  # noqa: F401
                           dynamic_declaration, negated_name, prolog_text, spelled,
                           undefined_predicates)

MAX_NESTING = 5000
# Where a program read by this reader keeps the plain clauses its read met (`_plain`), for
# a reader given them (its `pieces`) to read them again without parsing them.
PIECES = "_reader_pieces"

_WORDS_ONLY = re.compile(r"^[A-Za-z][A-Za-z' ,-]*[.!]?$")
_SYMBOL_REPAIRS = [
    (re.compile(r"^(\s*)-\?"), r"\1?-", "`-?` written for the query operator `?-`"),
    (re.compile(r"^(\s*)\?-?\s*(?=[a-z])(?!-)"), r"\1?- ", None),
    (re.compile(r":="), ":-", "`:=` written for `:-`"),
    (re.compile(r"<-|←|⟵"), ":-", "`<-` written for `:-`"),
    (re.compile(r"\s+(if)\s+"), " :- ", "`if` written for `:-`"),
    (re.compile(r"^(\s*)\?\s*"), r"\1?- ", "`?` written for `?-`"),
]


class PrologReader(PrologPasses, Reader):
    lang = "prolog"
    clausal = True
    # The plain clauses already read (`_plain`), by their text; None: none known.
    pieces: dict | None = None
    _hint_uses = 0              # how often the read asked the hint (a piece that did not...)

    def ask_hint(self, question):
        self._hint_uses += 1
        return super().ask_hint(question)

    @property
    def vocab_hint(self):
        self._hint_uses += 1
        return Reader.vocab_hint.fget(self)

    @vocab_hint.setter
    def vocab_hint(self, value):
        Reader.vocab_hint.fset(self, value)

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        index = prog.index
        cleaned = self._communication_pass(text, index, prog)
        if self.pieces is None:
            self.pieces = {}
        # what this read learns of its plain clauses, for another read of a text that has
        # them too (a fixed text read back: `sedac.fixcheck`)
        prog.__dict__[PIECES] = self.pieces
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
        asked = self._hint_uses
        known = self.pieces.get(raw) if terminated and self.pieces else None
        if known is not None:
            # a plain clause of this very text was read before: read the same (see `_plain`)
            names, formula, kind, body = known
            prog.names.update(names)
            prog.clauses.append(Clause(span, raw, formula, kind, body))
            return
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
            marks = (len(prog.clauses), len(prog.diagnostics), asked, len(prog.declared))
            self._add(parsed, raw, body, span, prog)
            self._plain(marks, parsed, raw, prog)
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

    def _plain(self, marks, parsed, raw: str, prog: Program) -> None:
        """Remember a piece read as one plain clause: parsed as written (terminated, no
        repair), adding one clause (no note, no terms) and no diagnostic or declaration, and
        never asking the hint. Such a piece's reading is a function of its text alone (the
        program read so far is only appended to: `_add` looks at it for the fixes of
        diagnostics, and there are none), so another read meeting the same text reads it the
        same without parsing it; the whole-program passes run on every read all the same."""
        n, d, h, k = marks
        if len(prog.clauses) != n + 1 or len(prog.diagnostics) != d or \
                self._hint_uses != h or len(prog.declared) != k:
            return
        c = prog.clauses[-1]
        if c.note or c.terms is not None or c.text != raw:
            return
        # (the names in the order they were added: a set's order of iteration follows it)
        names = tuple(dict.fromkeys(_names_in(parsed)))
        self.pieces[raw] = (names, c.formula, c.kind, c.read_text)

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
        wrapped = _wrapper(parsed, self.ask_hint)   # (the hint asked of a wrapper's name only)
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
                # `:- initialization((answer(q, V), format(...)))`: the goal asks what a
                # `main :- ...` wrapper around it would
                if goal.args and isinstance(goal.args[0], PComp):
                    self._add(PComp(":-", (PAtom("main"), goal.args[0])), raw, body, span, prog)
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
        if type(formula) is Atom and not any(isinstance(a, Var) for a in formula.args):
            return []           # a ground fact has no variable (the common case, at once)
        capitals = sorted(v.name for v in _bound_or_free(formula) if v.name[:1].isupper())
        if all(v.lower() in KNOWN_NAMES for v in capitals):
            return capitals     # (the hint, asked only when it may decide)
        return self.ask_hint(lambda hint: [v for v in capitals if v.lower() in KNOWN_NAMES
                                           or hint and v.lower() in hint.names])


def _bound_or_free(f) -> set:
    if isinstance(f, (Forall, Exists)):
        return set(f.vars) | free_vars(f.body)
    return set(free_vars(f))


def _negated_head(t) -> bool:
    head = t.args[0] if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2 else t
    return isinstance(head, PComp) and head.name in ("\\+", "not") and len(head.args) == 1


def _runs_on_load(prog: Program, span: Span, why: str) -> None:
    prog.diagnostics.append(Diagnostic(
        "E009", "other-syntax", f"{why}: loading this file in SWI-Prolog runs code (sedac never "
        "does); remove it before loading untrusted output", span, fix=None))


def _head_name(t) -> str:
    head = t.args[0] if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 2 else t
    return head.name


def _note_names(t, prog: Program) -> None:
    """Record the predicate names a clause uses, as written (for writing fixes its way)."""
    prog.names.update(_names_in(t))


def _names_in(t) -> list:
    """The predicate names a clause uses, as written, in the order `_note_names` adds them."""
    out = []
    stack = [t]
    while stack:
        u = stack.pop()
        if isinstance(u, PAtom) and u.name[:1].isalpha():
            out.append((u.name, 0))
        elif isinstance(u, PComp):
            if u.name[:1].isalpha() and u.name not in ("is", "mod", "rem", "not"):
                out.append((u.name, len(u.args)))
            if u.name in (":-", "?-", ",", ";", "->", "\\+", "not", "findall", "forall"):
                stack.extend(u.args)
    return out
