/*  sedac: closed-world answers. A program arrives as the text of a term
        prog(Tabled, Dynamic, Clauses)
    and is asserted into a temporary module, its predicates tabled so that
    left-recursive rules terminate, predicates it only uses declared dynamic so
    that they fail instead of raising. The query runs under an inference limit.
*/
:- module(sedac_cw, [cw_ask/4]).

cw_ask(ProgramText, GoalText, Limit, Result) :-
    in_temporary_module(M, true, cw_run(M, ProgramText, GoalText, Limit, Result)).

cw_run(M, ProgramText, GoalText, Limit, Result) :-
    term_string(prog(Tabled, Dynamic, Clauses), ProgramText),
    forall(member(P, Tabled), M:table(P)),
    forall(member(P, Dynamic), dynamic(M:P)),
    forall(member(C0, Clauses), ( well_founded(C0, Tabled, C), assertz(M:C) )),
    term_string(Goal, GoalText),
    (   catch(call_with_inference_limit(call_delays(M:Goal, Delays), Limit, L), E,
              (Result = error(E), true))
    ->  (   nonvar(Result) -> true
        ;   L == inference_limit_exceeded -> Result = limit
        ;   Delays == true -> Result = true
        ;   Result = undefined          % true only under delayed negation: the WFS's third value
        )
    ;   Result = false
    ).

%   Negation of a tabled goal in a body is tabled negation (tnot/1), so that a
%   program whose answer is undefined under the well-founded semantics says so
%   instead of looping or answering at random.
well_founded((H :- B0), Tabled, (H :- B)) :- !, wf_body(B0, Tabled, B).
well_founded(C, _, C).

wf_body(V, _, V) :- var(V), !.
wf_body((A, B), T, (A1, B1)) :- !, wf_body(A, T, A1), wf_body(B, T, B1).
wf_body((A ; B), T, (A1 ; B1)) :- !, wf_body(A, T, A1), wf_body(B, T, B1).
wf_body(\+ G, T, tnot(G)) :- callable(G), functor(G, N, A), memberchk(N/A, T), !.
wf_body(\+ G, T, \+ G1) :- !, wf_body(G, T, G1).
wf_body(G, _, G).
