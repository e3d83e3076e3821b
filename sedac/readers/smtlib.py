"""SMT-LIB 2, as pipelines send it to Z3: `(assert ...)` statements, the question asked
by refutation.

    (declare-sort Entity 0)
    (declare-fun Cat (Entity) Bool)
    (declare-const tom Entity)
    ; Every cat is a mammal.
    (assert (forall ((x Entity)) (=> (Cat x) (Mammal x))))
    (push 1)
    (assert (not (Mammal tom)))     ; the goal, negated: unsat means it follows
    (check-sat)
    (pop 1)

Each `assert` is a statement (its `:named` label and the comment above it, the sentence it
translates as a gloss). The query is what a `check-sat` refutes: the assertions of a
`push` block before its `check-sat`, negated back; the literals of a `check-sat-assuming`,
negated back; or, without either, the last assertion before the last `check-sat` when it is
a negation (or a comment calls it the goal). A goal and its negation, each in its block,
ask one question three-valued. Predicates are functions to `Bool` (a proposition with no
argument); function symbols to other sorts and arithmetic are outside the logic (E003,
K001); sorts are read as one domain. Lines between forms that are no s-expression (a chat
reply's prose, a Markdown fence) are communication (C002, C001).
"""
from __future__ import annotations

import re
from bisect import bisect_left

from ..fol import (Atom as FAtom, Forall, Formula, Iff, Not, Var, conj, negate, rename_preds,
                   replace_terms)
from ..program import Clause, Diagnostic, Fix, Program, Unreadable
from .base import Reader, in_own_spelling, own_names, own_spelling
from .sexpr import Atom, List, read_forms
from .smtlib_names import ARITH_SORTS, Signature, canon, signature_of, speller_of
from .smtlib_terms import MAX_EXPANSION, Converter

# Commands with no logical content: read and passed over.
_QUIET = {"set-logic", "set-option", "set-info", "get-model", "get-info", "get-option",
          "get-assertions", "get-assignment", "get-proof", "get-unsat-core",
          "get-unsat-assumptions", "echo", "exit", "eval", "simplify", "display",
          "get-objectives"}
_DECLARATIONS = {"declare-sort", "define-sort", "declare-const", "declare-fun"}
# Commands that say something sedac does not read (a datatype's closed domain, recursion,
# optimisation): a diagnostic, the file untouched.
_UNREAD = {"declare-datatype", "declare-datatypes", "define-fun-rec", "define-funs-rec",
           "reset", "reset-assertions", "check-sat-using", "minimize", "maximize",
           "declare-rel", "rule", "query"}
_GOAL = re.compile(r"\b(goal|query|question|conclusion|negat\w*|refut\w*|prove|hypothes\w*|"
                   r"claim|entail\w*|to check|check whether|check if)\b", re.I)
_LABEL = re.compile(r"^\s*(?:(?:premise|fact|rule|statement|axiom|sentence|context|p)\s*\d*"
                    r"|\d+)\s*[:.)-]\s*", re.I)


class SmtlibReader(Reader):
    lang = "smtlib"

    def read(self, text: str, path: str = "<program>") -> Program:
        prog = Program(path=path, lang=self.lang, text=text)
        forms = read_forms(text)
        self._junk(prog, forms.junk)
        sig = Signature()
        declared_at: dict[str, int] = {}
        for form in forms.forms:
            if form.head() in ("declare-sort", "define-sort", "declare-const", "declare-fun",
                               "define-fun", "declare-datatypes", "declare-datatype"):
                why = sig.declare(form)
                if why:
                    self._note(prog, form, "P005", f"{why}: not read")
                if len(form.items) > 1 and isinstance(form.items[1], Atom):
                    declared_at.setdefault(form.items[1].text, form.start)
        conv = Converter(sig)
        assume = _assumed_names(forms.forms)
        glosses = _Glosses(text, forms)
        defs = []             # the clauses of define-funs with parameters
        items = []            # (form, formula | None, its index, gloss) of each assert
        blocks = [[]]         # the asserts of each open push level
        queries = []          # (start, end, formula, from_negation)
        last_check = None     # index in `items` of the last assert before a top-level check-sat
        values = []           # the Boolean terms of `get-value`s
        for k, form in enumerate(forms.forms):
            head = form.head()
            if head in _QUIET or head in _DECLARATIONS:
                continue
            conv.budget = MAX_EXPANSION      # per command: a hostile one stops alone
            if head == "define-fun":
                d = self._define(prog, conv, sig, form, glosses.of(k))
                if d is not None:
                    defs.append(d)
                continue
            if head == "assert":
                f = self._assertion(prog, conv, form, assume)
                items.append((form, f, k, glosses.of(k) or _named(form)))
                if f is not None:
                    blocks[-1].append(len(items) - 1)
                continue
            if head == "push":
                levels = _count(form)
                blocks.extend([] for _ in range(levels))
                continue
            if head == "pop":
                levels = _count(form)
                del blocks[max(1, len(blocks) - levels):]
                continue
            if head == "check-sat":
                if len(blocks) > 1 and blocks[-1]:
                    asked = blocks[-1]
                    fs = [items[i][1] for i in asked]
                    queries.append((items[asked[0]][0].start, form.end, negate(conj(fs)),
                                    asked))
                    blocks[-1] = []
                elif len(blocks) == 1 and blocks[0]:
                    last_check = (blocks[0][-1], form)
                continue
            if head == "check-sat-assuming":
                f = self._assuming(prog, conv, form)
                if f is not None:
                    queries.append((form.start, form.end, f, []))
                continue
            if head == "get-value":
                if len(form.items) == 2 and isinstance(form.items[1], List) \
                        and len(form.items[1].items) == 1:
                    values.append(form)
                continue
            if head in _UNREAD:
                self._note(prog, form, "P005", f"`({head} ...)` is outside what sedac reads; "
                           "its meaning is not checked")
                continue
            self._note(prog, form, "P005", f"`({head or '...'} ...)` is no SMT-LIB command; "
                       "commented out", fix=True)
        in_query = {i for *_, asked in queries for i in asked}
        if not queries and last_check is not None:
            i, check = last_check
            form, f, k, gloss = items[i]
            statements = sum(1 for it in items if it[1] is not None)
            if statements > 1 and (isinstance(f, Not) or _GOAL.search(glosses.before(k))):
                queries.append((form.start, check.end, negate(f), [i]))
                in_query.add(i)
        if not queries and values:
            q = self._value_query(prog, conv, values[-1])
            if q is not None:
                queries.append(q)
        self._late(prog, [it[0] for it in items], declared_at)
        clauses = list(defs)
        for i, (form, f, _, gloss) in enumerate(items):
            if f is not None and i not in in_query:
                clauses.append((form.start, form.end, f, "statement", gloss))
        for start, end, f, _ in queries:
            clauses.append((start, end, f, "query", ""))
        for start, end, f, kind, gloss in sorted(clauses, key=lambda c: c[0]):
            if gloss:
                prog.gloss[len(prog.clauses)] = gloss
            span = prog.index.span(start, end)
            prog.clauses.append(Clause(span, text[start:end], f, kind, text[start:end]))
        prog.declared = {(canon(p), len(a)) for p, a in sig.preds.items()}
        return prog

    # ------------------------------------------------------------ commands
    def _assertion(self, prog, conv, form: List, assume) -> Formula | None:
        if len(form.items) != 2:
            self._bad(prog, form, "E001", "other-syntax", "`assert` takes one formula")
            return None
        body = form.items[1]
        if assume:
            d = _definition(body, assume)
            if d is not None:
                conv.sig.macros[d[0]] = d[1]
                return None
        try:
            return conv.formula(body, {})
        except Unreadable as u:
            self._bad(prog, form, u.code, u.category, u.message)
            return None

    def _assuming(self, prog, conv, form: List) -> Formula | None:
        if len(form.items) != 2 or not isinstance(form.items[1], List):
            self._bad(prog, form, "E001", "other-syntax", "`check-sat-assuming` takes a list")
            return None
        try:
            fs = [conv.formula(k, {}) for k in form.items[1].items]
        except Unreadable as u:
            self._bad(prog, form, u.code, u.category, u.message)
            return None
        return negate(conj(fs)) if fs else None

    def _define(self, prog, conv, sig, form: List, gloss: str):
        """`(define-fun p ((x S)) Bool body)` says `∀x (p(x) ↔ body)`; with no parameter it
        is a macro, expanded where it is used."""
        if len(form.items) != 5 or not isinstance(form.items[1], Atom):
            self._bad(prog, form, "E001", "other-syntax", "a `define-fun` that does not parse")
            return None
        name, params = form.items[1].text, form.items[2]
        if name not in sig.preds:
            ret = sig.consts.get(name) or sig.funcs.get(name, ((), "?"))[1]
            arith = ret in ARITH_SORTS
            self._bad(prog, form, "K001" if arith else "E003", "knowledge" if arith else "other-syntax",
                      f"`{name}` is defined as a function to {ret}: outside the logic of programs",
                      comment=False)
            return None
        env = {p.items[0].text: Var(p.items[0].text) for p in params.items}
        try:
            body = conv.formula(form.items[4], env)
        except Unreadable as u:
            self._bad(prog, form, u.code, u.category, u.message, comment=False)
            return None
        if not params.items:
            sig.macros[name] = body
            return None
        vs = tuple(env.values())
        return form.start, form.end, Forall(vs, Iff(FAtom(canon(name), vs), body)), "statement", gloss

    def _value_query(self, prog, conv, form: List):
        """`(get-value ((Mammal tom)))` after `check-sat` asks the question by the value it
        has in one model, which an unknown question has too: Q003, read as the query."""
        term = form.items[1].items[0]
        if not conv.is_bool(term, {}):
            return None
        try:
            f = conv.formula(term, {})
        except Unreadable:
            return None
        span = prog.index.span(form.start, form.end)
        prog.diagnostics.append(Diagnostic(
            "Q003", "query", "the question is asked by `get-value`: the value it has in one "
            "model, not whether it follows (an unknown question has a value too); read as the "
            "query, asked by refutation", span,
            fix=Fix("unsafe", self.write(f, "query", program=prog), "replace-query", span)))
        return form.start, form.end, f, []

    def _late(self, prog, asserts, declared_at: dict) -> None:
        """P006 for a symbol an assertion uses before the file declares it (an SMT solver
        refuses it there; the fix is the user's: move the declaration up)."""
        said = set()
        for form in asserts:
            todo = [form]
            while todo:
                node = todo.pop()
                for x in node.items:
                    if isinstance(x, List):
                        todo.append(x)
                    elif x.is_symbol and declared_at.get(x.text, -1) > form.start \
                            and x.text not in said:
                        said.add(x.text)
                        line = prog.index.position(declared_at[x.text])[0]
                        prog.diagnostics.append(Diagnostic(
                            "P006", "other-syntax", f"`{x.text}` is used before its declaration "
                            f"(line {line}): an SMT solver refuses the file here",
                            prog.index.span(x.start, x.end)))

    # ------------------------------------------------------------ diagnostics
    def _junk(self, prog: Program, junk) -> None:
        for j in junk:
            span = prog.index.span(j.start, j.end)
            piece = prog.text[j.start:j.end]
            if j.kind in ("prose", "fence"):
                code = "C001" if j.kind == "fence" else "C002"
                what = "a Markdown fence" if j.kind == "fence" else "a line that is no s-expression"
                prog.diagnostics.append(Diagnostic(
                    code, "communication", f"{what}: `{piece.strip()[:60]}`", span,
                    fix=Fix("safe", self.comment(piece), "comment-out", span)))
            elif j.kind == "close":
                prog.diagnostics.append(Diagnostic(
                    "E001", "other-syntax", "unbalanced parentheses: a `)` that closes nothing; "
                    "removed", span, fix=Fix("safe", "", "remove-paren", span)))
            else:
                code = "E002" if j.kind == "deep" else "E001"
                line = span.line
                why = j.detail if j.kind == "deep" else \
                    f"unbalanced parentheses: the form that opens on line {line} {j.detail}"
                prog.diagnostics.append(Diagnostic(
                    code, "other-syntax", f"{why}; ignored", span,
                    fix=Fix("safe", self.comment(piece), "comment-out", span)))

    def _bad(self, prog, form: List, code, category, message, comment=True) -> None:
        span = prog.index.span(form.start, form.end)
        piece = prog.text[form.start:form.end]
        prog.diagnostics.append(Diagnostic(
            code, category, f"{message}; ignored", span,
            fix=Fix("safe", self.comment(piece), "comment-out", span) if comment else None))

    def _note(self, prog, form: List, code, message, fix=False) -> None:
        span = prog.index.span(form.start, form.end)
        piece = prog.text[form.start:form.end]
        prog.diagnostics.append(Diagnostic(
            code, "other-syntax", message, span,
            fix=Fix("safe", self.comment(piece), "comment-out", span) if fix else None))

    # ------------------------------------------------------------ writing
    def write(self, formula, kind="statement", gloss="", program=None, vocab=None):
        """`(assert F)`; a query as its refutation in a block of its own, which a solver
        answers `unsat` when the query follows."""
        formula = in_own_spelling(formula, program, vocab or self.vocab_hint)
        sp = speller_of(program.text if program is not None else "")
        if kind == "query":
            return f"(push 1)\n(assert {sp.formula(negate(formula))})\n(check-sat)\n(pop 1)"
        return f"(assert {sp.formula(formula)})"

    def finish(self, program, statements, queries, vocab=None):
        """P006: symbols the program (as its fixes leave it) uses but never declares; an
        SMT solver refuses the file. The fix declares them before the first assertion."""
        vocab = vocab or self.vocab_hint
        sig = signature_of(program.text)
        sp = speller_of(program.text)
        words, names = own_spelling(program, vocab), own_names(program, vocab)

        def spelled(f):
            f = rename_preds(f, words) if words else f
            return replace_terms(f, names) if names else f
        formulas = [spelled(f) for f in list(statements) + list(queries)]
        lines = sp.needed(formulas)
        if not lines:
            return []
        at_offset = sig.first_assert if sig.first_assert is not None else len(program.text)
        at = program.index.span(at_offset, at_offset)
        column = at.column - 1
        sep = "\n" + " " * column
        insert = sep.join(lines) + sep if sig.first_assert is not None else \
            ("" if program.text.endswith("\n") or not program.text else "\n") + "\n".join(lines) + "\n"
        listed = ", ".join(f"`{line.split()[1]}`" for line in lines)
        return [Diagnostic("P006", "other-syntax", f"{listed} used but never declared: an SMT solver "
                           "refuses the file; declared", at, fix=Fix("safe", insert, "declare", at))]

    def comment(self, text: str) -> str:
        return "\n".join("; " + line for line in text.split("\n"))


def _named(form: List) -> str:
    """A `:named |Tom is a cat.|` label that is a sentence (it serves as the gloss)."""
    body = form.items[1] if len(form.items) == 2 else None
    if isinstance(body, List) and body.head() == "!":
        rest = body.items[2:]
        for key, value in zip(rest, rest[1:]):
            if isinstance(key, Atom) and key.text == ":named" and isinstance(value, Atom) \
                    and " " in value.text.strip():
                return _clean(value.text)
    return ""


def _count(form: List) -> int:
    if len(form.items) > 1 and isinstance(form.items[1], Atom) and form.items[1].text.isdigit():
        return int(form.items[1].text)
    return 1


def _assumed_names(forms) -> set[str]:
    """The Boolean constants a `check-sat-assuming` assumes (`goal` in `((not goal))`)."""
    out = set()
    for f in forms:
        if f.head() == "check-sat-assuming" and len(f.items) == 2 and isinstance(f.items[1], List):
            for lit in f.items[1].items:
                if isinstance(lit, List) and lit.head() == "not" and len(lit.items) == 2:
                    lit = lit.items[1]
                if isinstance(lit, Atom):
                    out.add(lit.text)
    return out


def _definition(body, names: set[str]):
    """(name, body) for `(= goal F)` that defines an assumed constant."""
    while isinstance(body, List) and body.head() == "!" and len(body.items) >= 2:
        body = body.items[1]
    if isinstance(body, List) and body.head() == "=" and len(body.items) == 3:
        a, b = body.items[1], body.items[2]
        for x, y in ((a, b), (b, a)):
            if isinstance(x, Atom) and x.text in names:
                return x.text, y
    return None


class _Glosses:
    """The comment that translates each form: on its line after it, or the nearest comment
    line above it (at most two lines above, no form between)."""

    def __init__(self, text: str, forms):
        self.text, self.forms, self.comments = text, forms.forms, forms.comments
        self.starts = [c.start for c in self.comments]

    def _between(self, start: int, end: int):
        return self.comments[bisect_left(self.starts, start):bisect_left(self.starts, end)]

    def before(self, k: int) -> str:
        """Every comment between form `k` and the form before it."""
        prev = self.forms[k - 1].end if k else 0
        return " ".join(c.text for c in self._between(prev, self.forms[k].start))

    def of(self, k: int) -> str:
        form = self.forms[k]
        nxt = self.forms[k + 1].start if k + 1 < len(self.forms) else len(self.text)
        line_end = self.text.find("\n", form.end)
        line_end = len(self.text) if line_end == -1 else line_end
        after = self._between(form.end, min(nxt, line_end + 1))
        if after:
            return _clean(after[0].text)
        prev = self.forms[k - 1].end if k else 0
        above = self._between(prev, form.start)
        if above and (not k or "\n" in self.text[prev:above[-1].start]) \
                and self.text[above[-1].end:form.start].count("\n") <= 2:
            return _clean(above[-1].text)
        return ""


def _clean(comment: str) -> str:
    s = _LABEL.sub("", comment).strip()
    if len(s) > 1 and s[0] == s[-1] and s[0] in "\"'":
        s = s[1:-1].strip()
    return s
