"""Prolog's parsed terms (`prolog_terms`) read as first-order logic (`_Reader`, naming the
variables of each clause), and the clauses LLMs write to ask the question
(`answer(true) :- q, !.`, `main :- (q -> writeln(true) ; ...).`): wrappers, read for the
question they ask.
"""
from __future__ import annotations


from ..fol import (FALSE, TRUE, Atom, Const, Eq, Formula, Func, Implies, Not, Var, closure, conj,
                   disj, exists, free_vars, negate)
from ..program import Unreadable
from ..closed_world import NEG_PREFIX
from .prolog_terms import PAtom, PComp, PNum, PStr, PVar, term_text

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
        if self.terms and (t.name[:1].isalpha() or t.name == "[|]"):
            # (a list `[pos(red(X)), neg(cold(X))]`: `Func("[|]", items)`, a tail its last item)
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


# ------------------------------------------------------------- wrappers

WRAPPER_NAMES = frozenset({
    "answer", "result", "solution", "solve", "query", "main", "run", "verdict", "check", "ask",
    "question", "go", "test", "conclusion", "output", "goal", "prove", "is_true", "truth",
    "holds", "evaluate", "answer_query", "query_answer", "final_answer", "start"})
TRUE_VALUES = frozenset({"true", "yes", "t"})
FALSE_VALUES = frozenset({"false", "no", "f"})
OPEN_VALUES = frozenset({"unknown", "uncertain", "undetermined", "maybe", "undefined"})


def _is_wrapper_name(name: str, vocab) -> bool:
    """Whether `name` is a wrapper's (`answer`, `solve_query`) and no word of the text;
    `vocab` may be a reader's `ask_hint`, asked only of such a name."""
    if not (name in WRAPPER_NAMES or name.startswith(("answer_", "query_", "check_", "solve_"))
            or name.endswith(("_answer", "_query"))):
        return False
    if callable(vocab):
        return not vocab(lambda v: is_word(name, v))
    return not is_word(name, vocab)


def is_word(name: str, vocab) -> bool:
    """Whether `name` is a noun or an adjective of the text."""
    return vocab is not None and (name in vocab.nouns or name in vocab.adjectives)


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
