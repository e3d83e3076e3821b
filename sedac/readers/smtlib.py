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

from ..fol import (FALSE, TRUE, And, Atom as FAtom, Const, Eq, Exists, Forall, Formula, Iff,
                   Implies, Not, Or, Var, Xor, conj, negate)
from ..program import Clause, Diagnostic, Fix, Program, Unreadable
from ..fol import replace_terms
from .base import Reader, in_own_spelling, own_names
from .sexpr import Atom, List, read_forms
from .smtlib_names import Signature, Speller, canon, signature_of

# Commands with no logical content: read and passed over.
_QUIET = {"set-logic", "set-option", "set-info", "get-model", "get-info", "get-option",
          "get-value", "get-assertions", "get-assignment", "get-proof", "get-unsat-core",
          "get-unsat-assumptions", "echo", "exit", "eval", "simplify", "display",
          "get-objectives"}
_DECLARATIONS = {"declare-sort", "define-sort", "declare-const", "declare-fun"}
# Commands that say something sedac does not read (a datatype's closed domain, recursion,
# optimisation): a diagnostic, the file untouched.
_UNREAD = {"declare-datatype", "declare-datatypes", "define-fun-rec", "define-funs-rec",
           "reset", "reset-assertions", "check-sat-using", "minimize", "maximize",
           "declare-rel", "rule", "query"}
_ARITH = {"+", "-", "*", "/", "div", "mod", "abs", "<", "<=", ">", ">=", "to_real", "to_int",
          "is_int"}
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
        for form in forms.forms:
            if form.head() in ("declare-sort", "define-sort", "declare-const", "declare-fun",
                               "define-fun"):
                why = sig.declare(form)
                if why:
                    self._note(prog, form, "P005", f"{why}: not read")
        conv = _Convert(sig)
        assume = _assumed_names(forms.forms)
        glosses = _Glosses(text, forms)
        defs = []             # the clauses of define-funs with parameters
        items = []            # (form, formula | None, its index, gloss) of each assert
        blocks = [[]]         # the asserts of each open push level
        queries = []          # (start, end, formula, from_negation)
        last_check = None     # index in `items` of the last assert before a top-level check-sat
        for k, form in enumerate(forms.forms):
            head = form.head()
            if head in _QUIET or head in _DECLARATIONS:
                continue
            if head == "define-fun":
                d = self._define(prog, conv, sig, form, glosses.of(k))
                if d is not None:
                    defs.append(d)
                continue
            if head == "assert":
                f = self._assertion(prog, conv, form, assume)
                items.append((form, f, k, glosses.of(k)))
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
            self._bad(prog, form, "E003" if name in sig.funcs else "K001",
                      "other-syntax" if name in sig.funcs else "knowledge",
                      f"`{name}` is defined as a function to "
                      f"{sig.consts.get(name) or sig.funcs.get(name, ((), '?'))[1]}: outside the "
                      "logic of programs", comment=False)
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
                why = j.detail if j.kind == "deep" else f"unbalanced parentheses: the `(` of line {line} " \
                    f"is {j.detail}"
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
        sp = Speller(signature_of(program.text if program is not None else ""))
        if kind == "query":
            return f"(push 1)\n(assert {sp.formula(negate(formula))})\n(check-sat)\n(pop 1)"
        return f"(assert {sp.formula(formula)})"

    def finish(self, program, statements, queries, vocab=None):
        """P006: symbols the program (as its fixes leave it) uses but never declares; an
        SMT solver refuses the file. The fix declares them before the first assertion."""
        vocab = vocab or self.vocab_hint
        sig = signature_of(program.text)
        sp = Speller(sig)
        names = own_names(program, vocab)
        formulas = [replace_terms(in_own_spelling(f, program, vocab), names)
                    for f in list(statements) + list(queries)]
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


class _Convert:
    """S-expressions to formulas, in a file's signature."""

    def __init__(self, sig: Signature):
        self.sig = sig

    def is_bool(self, node, env) -> bool:
        if isinstance(node, Atom):
            t = node.text
            if t in env:
                v = env[t]
                return not isinstance(v, (Var, Const)) if not isinstance(v, tuple) else v[0] == "Bool"
            return t in ("true", "false") or t in self.sig.preds or t in self.sig.macros \
                or self.sig.consts.get(t) == "Bool"
        head = node.head()
        if head in ("not", "and", "or", "=>", "xor", "=", "distinct", "forall", "exists"):
            return True
        if head in ("!", "let") and len(node.items) >= 3:
            return self.is_bool(node.items[1] if head == "!" else node.items[2], env)
        if head == "ite" and len(node.items) == 4:
            return self.is_bool(node.items[2], env)
        return head in self.sig.preds or head in _ARITH and head in ("<", "<=", ">", ">=")

    def formula(self, node, env: dict) -> Formula:
        sig = self.sig
        if isinstance(node, Atom):
            t = node.text
            if node.kind in ("number", "string", "keyword"):
                raise Unreadable("knowledge" if node.kind == "number" else "other-syntax",
                                 "K001" if node.kind == "number" else "E001",
                                 f"`{t}` where a formula is expected")
            if t in env:
                v = env[t]
                if isinstance(v, tuple):
                    raise Unreadable("other-syntax", "E001", f"a Boolean variable `{t}`: the "
                                     "logic quantifies over individuals, not truth values")
                if isinstance(v, (Var, Const)):
                    raise Unreadable("other-syntax", "E001", f"the individual `{t}` where a "
                                     "formula is expected")
                return v
            if t == "true":
                return TRUE
            if t == "false":
                return FALSE
            if t in sig.macros:
                body = sig.macros[t]
                sig.macros.pop(t)           # a macro that uses itself is no definition
                try:
                    return body if not isinstance(body, (Atom, List)) else self.formula(body, {})
                finally:
                    sig.macros[t] = body
            if t in sig.consts and sig.consts[t] != "Bool":
                raise Unreadable("other-syntax", "E001", f"the individual `{t}` where a formula "
                                 "is expected")
            if t in sig.preds and sig.preds[t]:
                raise Unreadable("other-syntax", "E001", f"`{t}` takes {len(sig.preds[t])} "
                                 "arguments, given none")
            return FAtom(canon(t), ())
        items = node.items
        if not items:
            raise Unreadable("other-syntax", "E001", "`()` where a formula is expected")
        head = node.head()
        args = items[1:]
        if head is None:
            raise Unreadable("other-syntax", "E001", "an indexed or qualified identifier "
                             "(`(_ ...)`, `(as ...)`): outside the logic of programs")
        if head == "not" and len(args) == 1:
            return Not(self.formula(args[0], env))
        if head in ("and", "or"):
            parts = tuple(self.formula(a, env) for a in args)
            if len(parts) < 2:
                return parts[0] if parts else (TRUE if head == "and" else FALSE)
            return (And if head == "and" else Or)(parts)
        if head == "=>" and len(args) >= 2:
            out = self.formula(args[-1], env)
            for a in reversed(args[:-1]):
                out = Implies(self.formula(a, env), out)
            return out
        if head == "xor" and len(args) >= 2:
            out = self.formula(args[0], env)
            for a in args[1:]:
                out = Xor(out, self.formula(a, env))
            return out
        if head in ("=", "distinct") and len(args) >= 2:
            return self._equality(head, args, env)
        if head == "ite" and len(args) == 3:
            c, a, b = (self.formula(x, env) for x in args)
            return And((Implies(c, a), Implies(Not(c), b)))
        if head in ("forall", "exists") and len(args) == 2 and isinstance(args[0], List):
            return self._quantifier(head, args, env)
        if head == "!" and args:
            return self.formula(args[0], env)
        if head == "let" and len(args) == 2 and isinstance(args[0], List):
            return self.formula(args[1], self._let(args[0], env))
        if head in _ARITH:
            raise Unreadable("knowledge", "K001", f"arithmetic (`{head}`): background knowledge, "
                             "not a translation of the text")
        if head in sig.funcs or head in sig.consts:
            raise Unreadable("other-syntax", "E003", f"`{head}` is a function to "
                             f"{sig.funcs.get(head, ((), sig.consts.get(head)))[1]}, not a "
                             "predicate: the logic of programs has no function symbols")
        if head in ("not", "=>", "xor", "ite", "forall", "exists", "let", "!", "=", "distinct"):
            raise Unreadable("other-syntax", "E001", f"`{head}` with {len(args)} arguments")
        if head in sig.preds and len(sig.preds[head]) != len(args):
            raise Unreadable("other-syntax", "E001", f"`{head}` takes {len(sig.preds[head])} "
                             f"argument{'s' if len(sig.preds[head]) != 1 else ''}, given {len(args)}")
        return FAtom(canon(head), tuple(self.term(a, env) for a in args))

    def _equality(self, head, args, env) -> Formula:
        if any(self.is_bool(a, env) for a in args):
            fs = [self.formula(a, env) for a in args]
            if head == "=":
                return conj([Iff(fs[i], fs[i + 1]) for i in range(len(fs) - 1)])
            if len(fs) == 2:
                return Xor(fs[0], fs[1])
            return FALSE        # three truth values cannot be pairwise distinct
        ts = [self.term(a, env) for a in args]
        if head == "=":
            return conj([Eq(ts[i], ts[i + 1]) for i in range(len(ts) - 1)])
        return conj([Not(Eq(ts[i], ts[j])) for i in range(len(ts)) for j in range(i + 1, len(ts))])

    def _quantifier(self, head, args, env) -> Formula:
        inner = dict(env)
        vs = []
        for b in args[0].items:
            if not (isinstance(b, List) and len(b.items) == 2 and isinstance(b.items[0], Atom)):
                raise Unreadable("other-syntax", "E001", "a quantifier's variables are not "
                                 "`(name Sort)` pairs")
            name = b.items[0].text
            sort = self.sig.sort(b.items[1].text) if isinstance(b.items[1], Atom) else "?"
            if sort == "Bool":
                raise Unreadable("other-syntax", "E001", f"a Boolean variable `{name}`: the logic "
                                 "quantifies over individuals, not truth values")
            v = Var(name)
            inner[name] = v
            vs.append(v)
        if not vs:
            return self.formula(args[1], env)
        body = self.formula(args[1], inner)
        return (Forall if head == "forall" else Exists)(tuple(vs), body)

    def _let(self, bindings: List, env: dict) -> dict:
        inner = dict(env)
        for b in bindings.items:
            if not (isinstance(b, List) and len(b.items) == 2 and isinstance(b.items[0], Atom)):
                raise Unreadable("other-syntax", "E001", "a `let` binding is not `(name term)`")
            name, value = b.items[0].text, b.items[1]
            inner[name] = self.formula(value, env) if self.is_bool(value, env) else \
                self.term(value, env)
        return inner

    def term(self, node, env: dict):
        sig = self.sig
        if isinstance(node, Atom):
            t = node.text
            if node.kind == "number":
                raise Unreadable("knowledge", "K001", f"the number `{t}`: arithmetic is background "
                                 "knowledge, not a translation of the text")
            if node.kind != "symbol" and node.kind != "quoted":
                raise Unreadable("other-syntax", "E001", f"`{t}` where an individual is expected")
            if t in env:
                v = env[t]
                if isinstance(v, (Var, Const)):
                    return v
                raise Unreadable("other-syntax", "E001", f"the formula `{t}` where an individual "
                                 "is expected")
            if t in sig.preds or t in ("true", "false") or sig.consts.get(t) == "Bool":
                raise Unreadable("other-syntax", "E001", f"the truth value `{t}` as an argument: "
                                 "predicates take individuals")
            return Const(canon(t))
        head = node.head()
        if head in _ARITH:
            raise Unreadable("knowledge", "K001", f"arithmetic (`{head}`): background knowledge, "
                             "not a translation of the text")
        if head == "!" and len(node.items) >= 2:
            return self.term(node.items[1], env)
        raise Unreadable("other-syntax", "E003", f"a nested term `({head or '...'} ...)`: the logic "
                         "of programs has no function symbols")
