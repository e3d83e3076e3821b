"""Goals that act outside the logic, and how a clause is read and fixed without them.

A program an LLM wrote may run a shell command, write files, change its own clauses, load
other code or end the process, in a rule's body, a directive, a query or a `main :- ...`
wrapper. None of that is part of what the text says: the clause is read as its logic with
each such goal taken as `true`, and the fix comments the goal out in place (a directive
or a query that is nothing but effects becomes a comment), so the fixed file is safe to
load in SWI-Prolog. sedac itself never runs any of it (the closed-world engine loads
formulas, under its own predicate names, never the text).

The catalogue is data: `EFFECTS` maps each family of effects (why it acts on the machine)
to predicate indicators; `CONDITIONAL` holds those that are harmless with some arguments
(`format/3` to `atom(A)`, `use_module(library(lists))`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .prolog_terms import PAtom, PComp, PStr, PVar, term_end, term_text

# family -> (why, indicators "name/arity" or "name/*" for any arity)
EFFECTS: dict[str, tuple[str, str]] = {
    "process": ("runs another program", """
        shell/0 shell/1 shell/2 system/1 process_create/3 process_kill/1 process_kill/2
        process_wait/2 process_wait/3 process_group_kill/1 process_group_kill/2"""),
    "file": ("opens, reads, writes or changes files", """
        open/3 open/4 close/1 close/2 see/1 seen/0 tell/1 told/0 append/1 delete_file/1
        delete_directory/1 rename_file/2 make_directory/1 make_directory_path/1 copy_file/2
        tmp_file/2 tmp_file_stream/3 chdir/1 working_directory/2 set_input/1 set_output/1
        set_stream/2 read_file_to_terms/3 read_file_to_string/3 read_term_from_file/3
        directory_files/2 exists_file/1 exists_directory/1 size_file/2 delete_directory_and_contents/1
        copy_directory/2 link_file/3 chmod/2"""),
    "stream": ("writes to a stream other than the user's terminal", """
        format/3 write/2 writeln/2 print/2 nl/1 write_term/3 writeq/2 write_canonical/2
        put_char/2 tab/2 portray_clause/2 print_message_lines/3"""),
    "database": ("changes the program's own clauses or global state while it runs", """
        assert/1 assert/2 asserta/1 asserta/2 assertz/1 assertz/2 retract/1 retractall/1
        abolish/1 abolish/2 erase/1 recorda/2 recorda/3 recordz/2 recordz/3 nb_setval/2
        b_setval/2 flag/3"""),
    "load": ("loads other code into the program", """
        consult/1 ensure_loaded/1 load_files/1 load_files/2 include/1 make/0 use_module/1
        use_module/2 reexport/1 reexport/2 autoload/1 autoload/2"""),
    "foreign": ("loads foreign (C) code", """
        load_foreign_library/1 load_foreign_library/2 use_foreign_library/1
        use_foreign_library/2 open_shared_object/2 open_shared_object/3"""),
    "halt": ("ends the Prolog process", "halt/0 halt/1"),
    "environment": ("changes the process's environment", "setenv/2 unsetenv/1"),
    "thread": ("starts or controls threads", "thread_create/2 thread_create/3 thread_signal/2 thread_*/*"),
    "network": ("opens network connections", """
        tcp_socket/1 tcp_connect/2 tcp_connect/3 tcp_connect/4 tcp_bind/2 tcp_listen/2
        tcp_accept/3 tcp_open_socket/2 tcp_open_socket/3 tcp_*/* udp_*/* http_open/3 http_get/3
        http_post/4 http_put/4 http_delete/3 http_server/2 http_*/*"""),
    "meta": ("calls a goal that is only known when the program runs, which may be anything",
             "call/1 call/2 call/3 call/4 call/5 call/6 call/7 call/8 apply/2"),
}
# Clauses that SWI-Prolog runs while it loads the file (to rewrite what it reads).
HOOKS: dict[str, tuple[str, str]] = {
    "hook": ("is a hook SWI-Prolog calls as it loads the file, rewriting what it reads", """
        term_expansion/2 term_expansion/4 goal_expansion/2 goal_expansion/4 message_hook/3
        prolog_load_file/2 exception/3 portray/1 prolog_trace_interception/4"""),
}
# Libraries whose loading brings in processes, files, sockets or foreign code.
LIBRARIES = frozenset("""process socket unix shell filesex streampool udp_broadcast
    prolog_server pengines ssl crypto odbc uri_file files readutil prolog_stack
    http redis paxos ffi sha uuid tipc""".split())
# Where a goal of a control construct or meta-predicate is: (name, arity) -> goal arguments.
META_GOALS: dict[tuple[str, int], tuple[int, ...]] = {
    (",", 2): (0, 1), (";", 2): (0, 1), ("|", 2): (0, 1), ("->", 2): (0, 1), ("*->", 2): (0, 1),
    ("\\+", 1): (0,), ("not", 1): (0,), ("once", 1): (0,), ("ignore", 1): (0,),
    ("findall", 3): (1,), ("findall", 4): (1,), ("forall", 2): (0, 1), ("bagof", 3): (1,),
    ("setof", 3): (1,), ("aggregate_all", 3): (1,), ("aggregate_all", 4): (2,), ("^", 2): (1,),
    ("catch", 3): (0, 2), ("call_cleanup", 2): (0, 1), ("setup_call_cleanup", 3): (0, 1, 2),
    ("with_output_to", 2): (1,), ("time", 1): (0,), ("limit", 2): (1,), ("offset", 2): (1,),
    ("call_with_time_limit", 2): (1,), ("call_with_depth_limit", 3): (0,),
    ("call_with_inference_limit", 3): (0,), ("initialization", 1): (0,),
    ("initialization", 2): (0,), ("distinct", 2): (1,), ("order_by", 2): (1,),
}
# Goals that make a term out of text or out of parts at run time (`G =.. [shell, C]`,
# `atom_to_term(A, G, _)`, `nb_getval(k, G)`): a meta-call of a variable one of them binds
# runs a goal the text never shows.
BUILDERS = frozenset((name, int(arity)) for name, _, arity in (ind.rpartition("/") for ind in """
    =../2 functor/3 functor/4 compound_name_arguments/3 compound_name_arity/3 atom_to_term/2
    atom_to_term/3 term_to_atom/2 term_string/2 term_string/3 read_term_from_atom/3 read/1
    read/2 read_term/2 read_term/3 atom_codes/2 atom_chars/2 atom_string/2 string_to_atom/2
    name/2 atom_concat/3 atomic_list_concat/2 atomic_list_concat/3 upcase_atom/2
    downcase_atom/2 sub_atom/5 char_code/2 term_variables/2 nb_getval/2 b_getval/2
    recorded/2 recorded/3 format/3 with_output_to/2 sformat/3 format_atom/3 text_concat/3
    setarg/3 nb_setarg/3""".split()))
USER_STREAMS = frozenset({"user_output", "user_error"})
SINKS = frozenset({"atom", "string", "codes", "chars"})   # format/3 and with_output_to/2


def _table(families: dict) -> tuple[dict, dict]:
    exact, prefix = {}, {}
    for family, (why, text) in families.items():
        for ind in text.split():
            name, _, arity = ind.rpartition("/")
            if arity == "*":
                prefix[name.rstrip("*")] = (family, why)
            else:
                exact[(name, int(arity))] = (family, why)
    return exact, prefix


_EXACT, _PREFIX = _table(EFFECTS)
_HOOKS, _ = _table(HOOKS)


@dataclass(frozen=True)
class Effect:
    name: str          # as written; `[...]` for a list that consults files
    arity: int
    family: str
    why: str
    text: str          # the goal as written (or as sedac spells it, without the text)
    pos: int = -1      # where the goal starts in the parsed clause text
    conjunct: bool = False   # an operand of `,`: removed with its comma
    goal: object = field(default=None, compare=False, repr=False)   # the parsed goal

    @property
    def indicator(self) -> str:
        return f"{self.name}/{self.arity}"


def _name(t) -> tuple[str, int] | None:
    if isinstance(t, PAtom):
        return t.name, 0
    if isinstance(t, PComp):
        return t.name, len(t.args)
    return None


def _library(t) -> bool:
    """Whether a loading goal's argument names only harmless libraries (`library(lists)`)."""
    items = [t]
    if isinstance(t, PComp) and t.name == "[|]":
        items = list(t.args)
    for u in items:
        if not (isinstance(u, PComp) and u.name == "library" and len(u.args) == 1):
            return False
        lib = u.args[0]
        while isinstance(lib, PComp) and lib.name == "/" and len(lib.args) == 2:
            lib = lib.args[0]          # library(http/http_open): its first part
        if not isinstance(lib, PAtom) or lib.name in LIBRARIES:
            return False
    return True


def _harmless(name: str, args: tuple, family: str) -> bool:
    """Members of the catalogue that do nothing outside the logic with these arguments."""
    if family == "stream" and args:
        s = args[0]
        if isinstance(s, PAtom) and s.name in USER_STREAMS:
            return True
        if name == "format" and isinstance(s, PComp) and s.name in SINKS:
            return True
    if family == "load" and name in ("use_module", "ensure_loaded", "autoload") and args:
        return _library(args[0])
    return False


def effect_of(t) -> tuple[str, str] | None:
    """(family, why) when the goal `t` itself acts outside the logic."""
    if isinstance(t, PVar):
        return "meta", EFFECTS["meta"][0]
    if isinstance(t, PComp) and t.name == "[|]":
        return "load", "consults the files it lists"
    key = _name(t)
    if key is None:
        return None
    name, arity = key
    args = t.args if isinstance(t, PComp) else ()
    hit = _EXACT.get(key)
    if hit is None:
        hit = next((v for p, v in _PREFIX.items() if name.startswith(p) and len(name) > len(p)),
                   None)
    if hit is None or _harmless(name, args, hit[0]):
        return None
    if name == "call" and args and not isinstance(args[0], PVar):
        inner = _name(args[0])            # call(p, X) calls p/1: an effect when p/1 is one
        if inner is None:
            return None
        called = (inner[0], inner[1] + arity - 1)
        found = _EXACT.get(called)
        return found if found and arity > 1 else None
    return hit


def _goal_args(t) -> tuple:
    """The arguments of `t` that are goals."""
    if isinstance(t, PComp):
        idx = META_GOALS.get((t.name, len(t.args)))
        if idx is not None:
            return tuple(t.args[i] for i in idx)
        if t.name == "call" and t.args and not isinstance(t.args[0], PVar) and len(t.args) == 1:
            return (t.args[0],)
    return ()


def _called_var(g) -> tuple[PVar, int] | None:
    """(the variable, the arguments added) when the goal `g` calls a variable: `G`,
    `call(G, A...)`, `apply(G, As)`."""
    if isinstance(g, PVar):
        return g, 0
    if isinstance(g, PComp) and g.args and isinstance(g.args[0], PVar) and \
            (g.name == "call" or (g.name, len(g.args)) == ("apply", 2)):
        return g.args[0], len(g.args) - 1 if g.name == "call" else 1
    return None


def _runs(t, extra: int) -> bool:
    """Whether calling the term `t` with `extra` more arguments acts outside the logic."""
    if isinstance(t, PAtom) and extra:
        t = PComp(t.name, (PVar("_"),) * extra)
    elif isinstance(t, PComp) and extra:
        t = PComp(t.name, t.args + (PVar("_"),) * extra)
    return not isinstance(t, PVar) and effect_of(t) is not None


class _Calls:
    """Which meta-calls of a variable in one clause run a goal the text does not show.

    Calling a variable the clause's head binds (`provable(Q) :- call(Q).`, an evaluator
    over the program's own `neg/1` or `prove/1` terms), or one a goal of the program's own
    binds (`query(Q), call(Q)`, `clause(H, B), call(B)`), runs a goal of the program: no
    effect. It is one when the clause builds the called term at run time (`=..`,
    `atom_to_term/3`, `nb_getval/2`... on it), gives it an effectful value (`G = shell`), or
    holds, as data, a term that would act when called (`member(G, [shell(C)])`)."""

    def __init__(self, clause):
        self.built: set[str] = set()          # variables a builder touches
        self.values: dict[str, list] = {}     # X = T: the terms each variable is equal to
        self.data: list = []                  # terms in data positions (not goals)
        head, body = (clause.args[0], clause.args[1]) if isinstance(clause, PComp) and \
            clause.name == ":-" and len(clause.args) == 2 else (None, clause)
        if isinstance(body, PComp) and body.name in (":-", "?-") and len(body.args) == 1:
            body = body.args[0]
        if isinstance(head, PComp):
            self.data.extend(head.args)
        stack = [body]
        while stack:
            g = stack.pop()
            if not isinstance(g, PComp):
                continue
            key = (g.name, len(g.args))
            inner = _goal_args(g)
            if key in BUILDERS:
                self.built.update(_var_names(g))
            elif key == ("=", 2):
                a, b = g.args
                for x, y in ((a, b), (b, a)):
                    if isinstance(x, PVar):
                        self.values.setdefault(x.name, []).append(y)
            stack.extend(inner)
            skip = {id(a) for a in inner}
            if _called_var(g) is not None:
                skip.add(id(g.args[0]))
            self.data.extend(a for a in g.args if id(a) not in skip)

        self._held: dict[int, bool] = {}

    def runs(self, var: PVar, extra: int) -> bool:
        seen, todo = set(), [var.name]
        while todo:                        # the variable and every variable equal to it
            name = todo.pop()
            if name in seen or name == "_":
                continue
            seen.add(name)
            if name in self.built:
                return True
            for t in self.values.get(name, ()):
                if isinstance(t, PVar):
                    todo.append(t.name)
                elif _runs(t, extra):
                    return True
        if extra not in self._held:        # a term held as data that acts when called
            self._held[extra] = _holds_runnable(self.data, extra)
        return self._held[extra]


def _holds_runnable(terms, extra: int) -> bool:
    stack = list(terms)
    while stack:
        t = stack.pop()
        if not (isinstance(t, PComp) and t.name == "[|]") and (_runs(t, extra) or _runs(t, 0)):
            return True
        if isinstance(t, PComp):
            stack.extend(t.args)
    return False


def _payloads(terms) -> list:
    """Goals that act outside the logic held as data by a goal's arguments (`:- prove(shell(C))`,
    `member(G, [shell(C)])`): whatever calls them runs them."""
    out, stack = [], list(terms)
    while stack:
        t = stack.pop()
        if not isinstance(t, PComp):
            continue
        if t.name != "[|]" and effect_of(t) is not None:
            out.append(t)
            continue
        stack.extend(t.args)
    return out


def _var_names(t) -> set[str]:
    out, stack = set(), [t]
    while stack:
        u = stack.pop()
        if isinstance(u, PVar):
            out.add(u.name)
        elif isinstance(u, PComp):
            stack.extend(u.args)
    return out


def find_effects(t, text: str = "") -> tuple[list[Effect], bool]:
    """The effects of a parsed clause, in text order, and whether the whole clause is one
    (a directive, or the definition of a hook SWI-Prolog calls while loading)."""
    if isinstance(t, PComp) and t.name == ":-" and len(t.args) == 1:
        found = _goals(t.args[0], text, t)
        return found, bool(found)
    if isinstance(t, PComp) and t.name == "?-":
        return _goals(t.args[0], text, t), False
    head, body = (t.args[0], t.args[1]) if isinstance(t, PComp) and t.name == ":-" else (t, None)
    key = _name(head)
    if key in _HOOKS:
        family, why = _HOOKS[key]
        return [Effect(key[0], key[1], family, why, _text(head, text), goal=head)], True
    if isinstance(head, PComp):
        # a fact or a head holding, as data, a goal that acts (`query(shell(C)).`): whatever
        # meta-calls it (`main :- query(Q), call(Q).`, in any clause) runs it
        held = [Effect(*_name(p), *effect_of(p), _text(p, text), getattr(p, "pos", -1), False, p)
                for p in _payloads(head.args)]
        if held:
            return sorted(held, key=lambda e: e.pos), True
    return (_goals(body, text, t) if body is not None else []), False


def _goals(goal, text: str, clause=None) -> list[Effect]:
    out = []
    calls = None
    stack = [(goal, False)]
    while stack:
        g, conjunct = stack.pop()
        hit = effect_of(g)
        called = _called_var(g) if hit is not None else None
        if called is not None:
            if calls is None:
                calls = _Calls(clause if clause is not None else goal)
            if not calls.runs(*called):
                hit = None
        if hit is not None:
            name, arity = _name(g) or (("[...]", 1) if isinstance(g, PComp) else (term_text(g), 0))
            if isinstance(g, PComp) and g.name == "[|]":
                name, arity = "consult", 1
            out.append(Effect(name, arity, hit[0], hit[1], _text(g, text),
                              getattr(g, "pos", -1), conjunct, g))
            continue
        inner = _goal_args(g)
        is_conj = isinstance(g, PComp) and g.name == "," and len(g.args) == 2
        stack.extend((a, is_conj) for a in reversed(inner))
        if isinstance(g, PComp) and not is_conj:
            goals = {id(a) for a in inner}
            for p in _payloads([a for a in g.args if id(a) not in goals]):
                key = _name(p)
                out.append(Effect(key[0], key[1], *effect_of(p), _text(p, text),
                                  getattr(p, "pos", -1), False, p))
    out.sort(key=lambda e: e.pos)
    return out


def _text(t, text: str) -> str:
    pos = getattr(t, "pos", -1)
    if text and pos >= 0 and not isinstance(t, PVar):
        return text[pos:term_end(text, pos)]
    return term_text(t) if not (isinstance(t, PComp) and t.name == "[|]") else "[...]"


TRUE = PAtom("true")


def without_effects(t, effects: list[Effect] | None = None):
    """`t` with every goal that acts outside the logic (`effects`, its `find_effects`)
    replaced by `true` (iteratively: a clause may nest thousands of levels deep)."""
    if effects is None:
        effects = find_effects(t)[0] if isinstance(t, PComp) and t.name in (":-", "?-") else []
    targets = {id(e.goal) for e in effects if e.goal is not None}
    if not targets:
        return t
    done: dict[int, object] = {}
    work = [(t, False)]
    while work:
        u, ready = work.pop()
        if id(u) in targets:
            done[id(u)] = TRUE
        elif not isinstance(u, PComp):
            done[id(u)] = u
        elif not ready:
            work.append((u, True))
            work.extend((a, False) for a in u.args)
        else:
            done[id(u)] = PComp(u.name, tuple(done[id(a)] for a in u.args), u.pos)
    return done[id(t)]


def describe(effects: list[Effect]) -> str:
    """`shell/1` (`shell('touch /tmp/x')`) runs another program; ..."""
    parts = []
    for e in effects[:3]:
        shown = e.text if len(e.text) <= 60 else e.text[:57] + "..."
        parts.append(f"`{e.indicator}` (`{shown}`) {e.why}")
    more = f"; and {len(effects) - 3} more" if len(effects) > 3 else ""
    return "; ".join(parts) + more


def _comment(text: str) -> str:
    """`text` in a block comment (SWI-Prolog nests them: no `/*` or `*/` may stay inside)."""
    return "/* E010 removed: " + text.replace("/*", "/\\*").replace("*/", "*\\/") + " */"


def strip_text(text: str, effects: list[Effect]) -> str | None:
    """The clause `text` with each effect (positions into `text`) commented out in place:
    an operand of `,` goes with its comma, any other becomes `true`; None when a position
    is unknown."""
    if any(e.pos < 0 for e in effects):
        return None
    for e in sorted(effects, key=lambda e: e.pos, reverse=True):
        start, end = e.pos, term_end(text, e.pos)
        goal = text[start:end]
        if e.conjunct:
            i = start
            while i > 0 and text[i - 1] in " \t\r\n":
                i -= 1
            if i > 0 and text[i - 1] == ",":
                text = text[:i - 1] + " " + _comment(goal) + text[end:]
                continue
            j = end
            while j < len(text) and text[j] in " \t\r\n":
                j += 1
            if j < len(text) and text[j] == ",":
                k = j + 1
                while k < len(text) and text[k] in " \t":
                    k += 1
                text = text[:start] + _comment(goal) + " " + text[k:]
                continue
        text = text[:start] + "true " + _comment(goal) + text[end:]
    return text


def comment_out(text: str, rest_of_line: str) -> str:
    """A whole clause as a comment: `%` lines, or `/* */` when code follows on its line."""
    if rest_of_line.strip() and not rest_of_line.lstrip().startswith("%"):
        return _comment(text)
    return "% " + text.replace("\n", "\n% ")
