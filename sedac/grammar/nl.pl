/*  sedac: PrOntoQA sentences to first-order logic (TPTP FOF).

    A Definite Clause Grammar over lower-case word lists. The words of one
    problem are given as lexicon facts before parsing:
        lex_noun(SingularWords, PluralWords, Symbol)   e.g. [prime,number], [prime,numbers], prime_number
        lex_adj(Word)
        lex_name(Word)
    parse_sentence(+Words, -Kind, -Tptp) gives Kind = statement or question and
    the canonical formula as TPTP text.
*/
:- module(sedac_nl, [parse_sentence/3, set_lexicon/3, parse_all/2]).

:- dynamic lex_noun/3, lex_adj/1, lex_name/1.

set_lexicon(Nouns, Adjs, Names) :-
    retractall(lex_noun(_, _, _)), retractall(lex_adj(_)), retractall(lex_name(_)),
    forall(member(n(S, P, Sym), Nouns), assertz(lex_noun(S, P, Sym))),
    forall(member(A, Adjs), assertz(lex_adj(A))),
    forall(member(N, Names), assertz(lex_name(N))).

parse_sentence(Words, Kind, Tptp) :-
    phrase(sentence(Kind, F), Words), !,
    tptp(F, Tptp).

sentence(question, F) --> question_prefix, statement(F).
sentence(statement, F) --> statement(F).

question_prefix --> [true, or, false].
question_prefix --> [is, the, following, statement, true, or, false].

% Every cat is (not) a dog.  Each cat is (not) blue.
statement(all(N, P)) --> quantifier, noun_sg(N), [is], predicate_sg(P).
% Cats are (not) dogs.  Cats are (not) blue.  All cats are ...
statement(all(N, P)) --> opt_all, noun_pl(N), [are], predicate_pl(P).
% Rex is (not) a cat.  Rex is (not) blue.
statement(fact(C, P)) --> name(C), [is], predicate_sg(P).

quantifier --> [every].
quantifier --> [each].
opt_all --> [all].
opt_all --> [].

predicate_sg(not(P)) --> [not], positive_sg(P).
predicate_sg(P) --> positive_sg(P).
positive_sg(N) --> article, noun_sg(N).
positive_sg(A) --> adjective(A).

predicate_pl(not(P)) --> [not], positive_pl(P).
predicate_pl(P) --> positive_pl(P).
positive_pl(N) --> noun_pl(N).
positive_pl(A) --> adjective(A).

article --> [a].
article --> [an].

noun_sg(Sym) --> { lex_noun(Ws, _, Sym) }, Ws.
noun_pl(Sym) --> { lex_noun(_, Ws, Sym) }, Ws.
adjective(A) --> [A], { lex_adj(A) }.
name(C) --> [C], { lex_name(C) }.

% --- the canonical formula as TPTP text
tptp(all(N, P), T) :-
    literal(P, 'X', L),
    format(atom(T), '! [X] : (~w(X) => ~w)', [N, L]).
tptp(fact(C, P), T) :-
    literal(P, C, T).

literal(not(P), Arg, T) :- !, format(atom(T), '~~ ~w(~w)', [P, Arg]).
literal(P, Arg, T) :- format(atom(T), '~w(~w)', [P, Arg]).

% --- one call per problem: each sentence to 'Kind<TAB>Tptp' or none
:- module_transparent(parse_all/2).
parse_all([], []).
parse_all([Ws|Wss], [R|Rs]) :-
    (   parse_sentence(Ws, K, T)
    ->  format(atom(R), '~w\t~w', [K, T])
    ;   R = none
    ),
    parse_all(Wss, Rs).
