/*  sedac: closed-world answers. A program arrives as the text of a term
        prog(Tabled, Missing, Clauses)
    and is asserted into this module, each of its atoms wrapped: an atom of a
    predicate of `Tabled` (one with rules) as h(Atom), every other one as f(Atom).
    A predicate of `Missing` (one with rules, none of them loadable) raises an
    existence error when called, as an undefined predicate does.
    h/1 is tabled, so that left-recursive rules terminate and negation is the
    well-founded semantics' (tnot/1); f/1 is plain, and a predicate the program
    uses but never defines simply fails. The tables are the variant tables the
    predicates themselves would have: h(p(a)) is tabled as p(a) would be.
    One declaration for every program, where a table per predicate, declared
    anew in a module of its own, cost far more than most programs' answers.
    The clauses and tables are removed before and after each question: nothing
    of one program is left for the next. The query runs under an inference limit;
    the result is an atom: true, false, undefined, limit or error.
*/
:- module(sedac_cw, [cw_ask/4]).

:- table h/1.
:- dynamic h/1.
:- dynamic f/1.

cw_ask(ProgramText, GoalText, Limit, Result) :-
    setup_call_cleanup(cw_clear, cw_run(ProgramText, GoalText, Limit, R), cw_clear),
    (   R = error(_) -> Result = error ; Result = R ).

cw_clear :-
    abolish_module_tables(sedac_cw),
    retractall(h(_)),
    retractall(f(_)).

cw_run(ProgramText, GoalText, Limit, Result) :-
    term_string(prog(Tabled, Missing, Clauses), ProgramText),
    T = Tabled-Missing,
    cw_assert_all(Clauses, T),
    term_string(Goal0, GoalText),
    cw_goal(Goal0, T, Goal),
    (   catch(call_with_inference_limit(cw_solve(Goal, R), Limit, L), E,
              (Result = error(E), true))
    ->  (   nonvar(Result) -> true
        ;   L == inference_limit_exceeded -> Result = limit
        ;   Result = R
        )
    ;   Result = false
    ),
    !.

%   ('$wfs_call'/2 is what library(wfs)'s call_delays/2 calls: the system's own, so that no
%   library is loaded, i.e. compiled from source, by the first question of a process.)
%   True when some answer holds outright, undefined when the only answers are true
%   under delayed negation (the well-founded semantics' third value), else false: an
%   existential question is true when one instance is, whichever answer comes first.
cw_solve(Goal, Result) :-
    (   '$wfs_call'(Goal, Delays), Delays == true -> Result = true
    ;   '$wfs_call'(Goal, _) -> Result = undefined
    ;   Result = false
    ).

cw_assert_all([], _).
cw_assert_all([C0|Cs], T) :- cw_clause(C0, T, C), assertz(C), cw_assert_all(Cs, T).

cw_clause((H :- B0), T, (H1 :- B)) :- !, cw_atom(H, T, H1), cw_body(B0, T, B).
cw_clause(H, T, H1) :- cw_atom(H, T, H1).

%   In a clause's body, negation of a tabled goal is tabled negation (tnot/1), so
%   that a program whose answer is undefined under the well-founded semantics says so
%   instead of looping or answering at random. `=`, `true` and `fail` are Prolog's (the
%   program's own predicates all carry a prefix).
cw_body(V, _, V) :- var(V), !.
cw_body((A, B), T, (A1, B1)) :- !, cw_body(A, T, A1), cw_body(B, T, B1).
cw_body((A ; B), T, (A1 ; B1)) :- !, cw_body(A, T, A1), cw_body(B, T, B1).
cw_body(\+ G, T, G1) :- callable(G), cw_tabled(G, T), !, cw_tnot(G, T, G1).
cw_body(\+ G, T, \+ G1) :- !, cw_body(G, T, G1).
cw_body(G, T, G1) :- cw_atom(G, T, G1).

%   The question: its negation is Prolog's (\+), and forall/2 asks a universal one.
cw_goal(V, _, V) :- var(V), !.
cw_goal((A, B), T, (A1, B1)) :- !, cw_goal(A, T, A1), cw_goal(B, T, B1).
cw_goal((A ; B), T, (A1 ; B1)) :- !, cw_goal(A, T, A1), cw_goal(B, T, B1).
cw_goal(forall(A, B), T, forall(A1, B1)) :- !, cw_goal(A, T, A1), cw_goal(B, T, B1).
cw_goal(\+ G, T, \+ G1) :- !, cw_goal(G, T, G1).
cw_goal(G, T, G1) :- cw_atom(G, T, G1).

cw_atom(G, _, G) :- cw_builtin(G), !.
cw_atom(G, _-Missing, cw_missing(N/A)) :- functor(G, N, A), memberchk(N/A, Missing), !.
cw_atom(G, T, h(G)) :- cw_tabled(G, T), !.
cw_atom(G, _, f(G)).

%   (tnot/1 of a tabled predicate without clauses fails, as SWI-Prolog's does.)
cw_tnot(G, _-Missing, fail) :- functor(G, N, A), memberchk(N/A, Missing), !.
cw_tnot(G, _, tnot(h(G))).

cw_builtin(true).
cw_builtin(fail).
cw_builtin(_ = _).

cw_tabled(G, Tabled-_) :- functor(G, N, A), memberchk(N/A, Tabled).

cw_missing(P) :- throw(error(existence_error(procedure, P), _)).
