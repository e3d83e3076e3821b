"""A fixed file is safe to load (issue 22, point 1): every goal of the effect catalogue
(`sedac/readers/prolog_effects.py`), in a rule's body, nested in an if-then-else, in a
directive, in a query and in a `main :- ...` wrapper, gets E010 naming it; the fixed file
holds no such goal (SWI-Prolog reads it term by term and finds none, and sedac finds none
when it reads it again), loads without an error and answers as sedac's closed-world answer
says; and nothing the goals would make (a file per case) is ever made.

The goals are generated from the catalogue itself: each indicator gets arguments that make
it act when run (a `touch` of the case's own marker file, an `open` of it for writing...),
or arguments that raise an error when run, so a goal left in the fixed file is caught."""
from __future__ import annotations

import shutil
import subprocess

import pytest

import sedac
from sedac.readers import reader_for
from sedac.readers.prolog_effects import _EXACT, _HOOKS, LIBRARIES

SWIPL = shutil.which("swipl")
POSITIONS = {
    "body": "cat(tom).\nfluffy(X) :- cat(X), {g}.\n?- fluffy(tom).\n",
    "nested": "cat(tom).\nfluffy(X) :- cat(X), ( {g} -> true ; true ).\n?- fluffy(tom).\n",
    "first": "cat(tom).\nfluffy(X) :- {g}, cat(X).\n?- fluffy(tom).\n",
    "directive": "cat(tom).\n:- {g}.\n?- cat(tom).\n",
    "initialization": "cat(tom).\n:- initialization(({g})).\n?- cat(tom).\n",
    "query": "cat(tom).\n?- {g}, cat(tom).\n",
    "wrapper": "cat(tom).\nmain :- {g}, ( cat(tom) -> writeln(true) ; writeln(false) ).\n"
               ":- initialization(main).\n",
}
# Goals that act when run: each makes the case's marker file `M` (or tries to).
MAKERS = {
    ("shell", 1): "shell('touch M')", ("shell", 2): "shell('touch M', _)",
    ("system", 1): "system('touch M')",
    ("process_create", 3): "process_create(path(touch), ['M'], [])",
    ("open", 3): "open('M', write, _)", ("open", 4): "open('M', write, _, [])",
    ("tell", 1): "tell('M')", ("append", 1): "append('M')",
    ("make_directory", 1): "make_directory('M')", ("make_directory_path", 1): "make_directory_path('M')",
    ("copy_file", 2): "copy_file('SEED', 'M')", ("rename_file", 2): "rename_file('SEED', 'M')",
    ("thread_create", 2): "thread_create(shell('touch M'), _)",
    ("thread_create", 3): "thread_create(shell('touch M'), _, [])",
    ("call", 1): "G =.. [shell, 'touch M'], call(G)",
    ("call", 2): "call(shell, 'touch M')", ("apply", 2): "apply(shell, ['touch M'])",
    ("assertz", 1): "assertz(made('M'))", ("format", 3): "format(S, \"~w\", [x])",
    ("write", 2): "write(S, x)", ("see", 1): "see('M')", ("consult", 1): "consult('M')",
    ("halt", 1): "halt(3)", ("setenv", 2): "setenv(sedac_m, 'M')",
}


def _goal(name: str, arity: int) -> str:
    if (name, arity) in MAKERS:
        return MAKERS[(name, arity)]
    if name == "call":    # a closure bound at run time: `shell/N` when it runs
        return "G = shell, call(" + ", ".join(["G", "'touch M'"] + ["_"] * (arity - 2)) + ")"
    if arity == 0:
        return name
    return f"{name}(" + ", ".join(["'M'"] + ["_"] * (arity - 1)) + ")"


def _cases():
    """(id, goal, (name, arity), program) over the catalogue x the positions."""
    goals = [((n, a), _goal(n, a)) for (n, a) in sorted(_EXACT)]
    goals += [(("use_module", 1), f"use_module(library({lib}))") for lib in ("process", "socket")]
    goals += [(("use_module", 1), "use_module(library(http/http_open))"),
              (("consult", 1), "['M']"),
              # a goal whose text holds comment marks, a full stop and a line break
              (("shell", 1), "shell('touch M; echo /* x */ % y. z\\n')"),
              (("shell", 1), "shell(\n    'touch M'\n)")]
    out = []
    for (name, arity), goal in goals:
        for pos, template in POSITIONS.items():
            out.append((f"{name}/{arity}-{pos}-{len(out)}", goal, (name, arity),
                        template.replace("{g}", goal)))
    for (name, arity) in sorted(_HOOKS):
        head = f"{name}(" + ", ".join(["_"] * arity) + ")"
        program = f"cat(tom).\n{head} :- shell('touch M').\n?- cat(tom).\n"
        out.append((f"{name}/{arity}-definition-{len(out)}", head, (name, arity), program))
    return out


CASES = _cases()

# Reads the fixed file term by term (nothing runs) and reports a term that still holds the
# effect; then loads it into its own module, asks the query and reports the answer. An
# error message while loading is reported too.
DRIVER = r"""
:- dynamic sedac_case/1.
user:message_hook(_, error, _) :- sedac_case(K), format("ERROR-IN ~w~n", [K]), fail.
holds_effect(T, N, A) :- sub_term(X, T), nonvar(X), functor(X, N, A), !.
read_terms(S, Ts) :- read_term(S, T, []), ( T == end_of_file -> Ts = [] ; Ts = [T|R], read_terms(S, R) ).
check(K, F, N, A, Q) :-
    retractall(sedac_case(_)), assertz(sedac_case(K)),
    setup_call_cleanup(open(F, read, S), read_terms(S, Ts), close(S)),
    ( member(T, Ts), holds_effect(T, N, A) -> format("EFFECT-IN ~w ~q~n", [K, T]) ; true ),
    atom_concat(case_, K, M),
    catch(load_files(M:F, [silent(true)]), E, (print_message(error, E))),
    ( catch(M:Q, E2, (print_message(error, E2), fail)) -> R = 'True' ; R = 'False' ),
    format("ANSWER ~w ~w~n", [K, R]).
"""


@pytest.mark.skipif(SWIPL is None, reason="SWI-Prolog is not installed")
def test_every_effect_in_every_position_is_named_removed_and_never_run(tmp_path):
    checks, expected = [], {}
    for k, (cid, goal, (name, arity), program) in enumerate(CASES):
        case_dir = tmp_path / f"c{k}"
        case_dir.mkdir()
        (case_dir / "SEED").write_text("seed\n")
        marker = case_dir / "made"
        program = program.replace("'M'", f"'{marker}'").replace("touch M", f"touch {marker}") \
            .replace("'SEED'", f"'{case_dir / 'SEED'}'")
        report = sedac.check(program, path=f"{cid}.pl")
        named = [d for d in report.diagnostics if d.code == "E010"]
        assert named, (cid, [(d.code, d.message) for d in report.diagnostics])
        assert any(f"`{name}/{arity}`" in d.message for d in named), (cid, named[0].message)
        fixed = report.fixed_program()
        assert "% %" not in fixed, (cid, fixed)         # a clause is commented out once
        again = sedac.check(fixed, path=f"{cid}.pl")
        assert not [d for d in again.diagnostics if d.code == "E010"], (cid, fixed)
        assert again.fixed_program() == fixed, cid
        # the rest of the file is byte for byte: its first line is kept
        assert program.split("\n", 1)[0] in fixed.split("\n")
        path = case_dir / "fixed.pl"
        path.write_text(fixed)
        written = report.query and reader_for("prolog").write(report.query, "query", "",
                                                               report.program)
        query = written[3:-1] if written else "cat(tom)"
        # (a wrapper whose question sedac cannot read, `G =.. L` in it, is asked as `main`:
        # no answer of sedac's to compare with)
        said = report.answer["closed_world"] if report.answer and written \
            and query != "main" else None
        expected[str(k)] = (cid, said, marker, fixed)
        functor = "'[|]', 2" if goal.startswith("[") else f"'{name}', {arity}"
        checks.append(f"check('{k}', '{path}', {functor}, ({query}))")
    script = tmp_path / "driver.pl"
    script.write_text(DRIVER + "run :-\n    " + ",\n    ".join(checks)
                      + ",\n    writeln('DONE').\n:- initialization(run, main).\n")
    r = subprocess.run([SWIPL, "-q", str(script)], capture_output=True, text=True, timeout=600,
                       stdin=subprocess.DEVNULL, cwd=tmp_path)
    out = r.stdout.splitlines()
    assert "DONE" in out, (r.stdout[-2000:], r.stderr[-2000:])
    assert not [line for line in out if line.startswith(("EFFECT-IN", "ERROR-IN"))], \
        ([line for line in out if line.startswith(("EFFECT-IN", "ERROR-IN"))][:5], r.stderr[-2000:])
    answers = dict(line.split()[1:] for line in out if line.startswith("ANSWER"))
    for k, (cid, said, marker, fixed) in expected.items():
        assert not marker.exists(), (cid, fixed)
        if said is not None:
            assert answers.get(k) == said, (cid, answers.get(k), said, fixed)
    assert len(expected) == len(CASES) >= 7 * len(_EXACT)


def test_the_reported_shell_program_is_read_without_its_command():
    program = "cat(tom).\nfluffy(X) :- cat(X), shell('touch /tmp/x').\n?- fluffy(tom).\n"
    report = sedac.check(program, path="fluffy.pl")
    [d] = [d for d in report.diagnostics if d.code == "E010"]
    assert "`shell/1`" in d.message and d.category == "other-syntax" and d.fix.applicability == "safe"
    assert not [d for d in report.diagnostics if d.code == "E008"]   # no `is_shell/1`
    assert report.answer["closed_world"] == "True"
    fixed = report.fixed_program()
    assert fixed.startswith("cat(tom).\nfluffy(X) :- cat(X) /* E010 removed: shell('touch /tmp/x') */.")
    assert fixed.endswith("\n?- fluffy(tom).\n")


def test_sedac_never_runs_what_it_reads(tmp_path):
    """The closed-world engine answers from the formulas under its own names: the effect
    never reaches SWI-Prolog, whichever way the question is asked."""
    marker = tmp_path / "made"
    program = (f"cat(tom).\nfluffy(X) :- cat(X), shell('touch {marker}').\n"
               f":- shell('touch {marker}').\n?- shell('touch {marker}'), fluffy(tom).\n")
    sedac.check(program, path="p.pl")
    sedac.ask(program, path="p.pl", raw=True)
    sedac.ask(program, path="p.pl")
    assert not marker.exists()


def test_harmless_goals_are_not_effects():
    program = (":- use_module(library(lists)).\ncat(tom).\n"
               "main :- ( cat(tom) -> format(\"~w~n\", [true]) ; format(user_output, \"~w~n\", [false]) ).\n"
               ":- initialization(main).\n")
    report = sedac.check(program, path="p.pl")
    assert [d.code for d in report.diagnostics] == ["E009"]
    assert all(lib.isidentifier() for lib in LIBRARIES)


def test_a_clause_with_code_after_it_on_its_line_is_commented_out_alone():
    program = ":- shell('touch /tmp/x'). cat(tom).\n?- cat(tom).\n"
    fixed = sedac.check(program, path="p.pl").fixed_program()
    assert fixed == "/* E010 removed: :- shell('touch /tmp/x'). */ cat(tom).\n?- cat(tom).\n"


# A meta-call of a term the program itself holds (a variable its head or its own goals
# bind) is its evaluator, no effect: E010 leaves it alone and the program answers.
EVALUATORS = [
    "provable(Q) :- call(Q).",
    "provable(Q) :- Q.",
    "provable(Q) :- once(Q).",
    "provable(Q) :- G = Q, call(G).",
    "provable(Q) :- ( call(Q) -> true ; fail ).",
    "provable(Q) :- \\+ \\+ call(Q).",
    "provable(Q) :- member(G, [Q]), call(G).",
    "provable(Q) :- goal_of(Q, G), call(G).\ngoal_of(Q, Q).",
    "provable(Q) :- clause(Q, B), call(B).",
    "provable(Q) :- call(Q), true.",
]
# ... and one of a term built at run time, or held as an effect, is still E010.
BUILT = [
    "run(C) :- X =.. [shell, C], call(X).",
    "run(C) :- atom_to_term(C, G, _), call(G).",
    "run(C) :- term_to_atom(G, C), G.",
    "run(C) :- G = shell, call(G, C).",
    "run(C) :- member(G, [shell(C)]), call(G).",
    "run(C) :- nb_getval(goal, G), call(G, C).",
    "run(C) :- atomic_list_concat([shell, C], G), call(G).",
    "run(G) :- G =.. [shell, 'ls'], call(G).",
    "run(C) :- functor(G, shell, 1), arg(1, G, C), call(G).",
]
EVAL_TEXT = ("Tom is a cat. Every cat is a mammal.\n"
             "Is the following statement true or false? Tom is a mammal.\n")


@pytest.mark.parametrize("evaluator", EVALUATORS)
def test_an_evaluator_of_the_programs_own_terms_is_left_alone_and_answers(evaluator):
    program = f"cat(tom).\nmammal(X) :- cat(X).\n{evaluator}\n?- provable(mammal(tom)).\n"
    report = sedac.check(program, path="p.pl", nl=EVAL_TEXT)
    assert not [d for d in report.diagnostics if d.code in ("E010", "E004", "E008")], \
        [(d.code, d.message) for d in report.diagnostics]
    assert evaluator in report.fixed_program()
    assert report.answer["open_world"] == report.answer["closed_world"] == "True", report.answer


@pytest.mark.parametrize("goal", BUILT)
def test_a_goal_built_at_run_time_is_still_an_effect(goal):
    program = f"cat(tom).\n{goal}\n?- cat(tom).\n"
    report = sedac.check(program, path="p.pl")
    [d] = [d for d in report.diagnostics if d.code == "E010"]
    assert "`call/" in d.message or "`G/0`" in d.message, d.message
    fixed = report.fixed_program()
    again = sedac.check(fixed, path="p.pl")
    assert not [d for d in again.diagnostics if d.code == "E010"], fixed
    assert "call(" not in fixed.split("\n")[1].split("/*")[0] or "% " in fixed, fixed


def test_a_goal_passed_as_data_to_an_evaluator_is_an_effect():
    """`provable/1` is left alone; what a directive hands it to run is not."""
    program = "cat(tom).\nprovable(Q) :- call(Q).\n:- provable(shell('touch x')).\n" \
              "?- provable(cat(tom)).\n"
    report = sedac.check(program, path="p.pl")
    [d] = [d for d in report.diagnostics if d.code == "E010"]
    assert "`shell/1`" in d.message and d.span.line == 3
    fixed = report.fixed_program()
    assert "provable(Q) :- call(Q)." in fixed and "shell('touch x')" not in fixed.split("%")[0]


@pytest.mark.parametrize("fact", ["query(shell('touch x')).", "todo([write(a), shell('ls')]).",
                                  "goal(G) :- G = true.\ngoal(halt(0)).",
                                  "step(1, process_create(path(ls), [], [])) :- true."])
def test_a_goal_held_as_data_in_a_fact_is_an_effect_whatever_calls_it(fact):
    """The evaluator is one clause and the effect another's data (`query(shell(C)).`,
    `main :- query(Q), call(Q).`): the fact holding it is commented out, the evaluator kept."""
    program = f"cat(tom).\n{fact}\nmain :- query(Q), call(Q).\n?- cat(tom).\n"
    report = sedac.check(program, path="p.pl")
    assert [d for d in report.diagnostics if d.code == "E010"], program
    fixed = report.fixed_program()
    live = "\n".join(l for l in fixed.split("\n") if not l.lstrip().startswith("%"))
    assert not any(w in live for w in ("shell(", "halt", "process_create")), fixed
    assert "main :- query(Q), call(Q)." in live
    assert report.answer["open_world"] == "True"
