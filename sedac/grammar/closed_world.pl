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
    forall(member(C, Clauses), assertz(M:C)),
    term_string(Goal, GoalText),
    (   catch(call_with_inference_limit(M:Goal, Limit, L), E, (Result = error(E), true))
    ->  (   nonvar(Result) -> true
        ;   L == inference_limit_exceeded -> Result = limit
        ;   Result = true
        )
    ;   Result = false
    ).
