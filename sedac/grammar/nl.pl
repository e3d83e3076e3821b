/*  sedac: PrOntoQA sentences to first-order logic (TPTP FOF).

    A Definite Clause Grammar over lower-case word lists. The words of one
    problem are given as lexicon facts before parsing:
        lex_noun(SingularWords, PluralWords, Symbol)   e.g. [prime,number], [prime,numbers], prime_number
        lex_adj(Word)
        lex_name(Word)
        lex_entity(Words, Symbol)                      e.g. [the,bald,eagle], bald_eagle
        lex_verb(ThirdPerson, Base, Symbol)            e.g. chases, chase, chases
    parse_sentence(+Words, -Kind, -Tptp) gives Kind = statement or question and
    the canonical formula as TPTP text.
*/
:- module(sedac_nl, [parse_sentence/3, set_lexicon/3, set_relations/2, parse_all/2]).

:- dynamic lex_noun/3, lex_adj/1, lex_name/1, lex_entity/2, lex_verb/3.
% The same words keyed by their first word, so that looking a noun or an entity up in the
% input is one indexed call, not a scan of the lexicon: parsing stays linear in the text.
:- dynamic lex_sg/3, lex_pl/3, lex_ent/3.

set_lexicon(Nouns, Adjs, Names) :-
    retractall(lex_noun(_, _, _)), retractall(lex_adj(_)), retractall(lex_name(_)),
    retractall(lex_sg(_, _, _)), retractall(lex_pl(_, _, _)),
    forall(nl_member(n(S, P, Sym), Nouns),
           ( assertz(lex_noun(S, P, Sym)),
             ( S = [S1|Ss] -> assertz(lex_sg(S1, Ss, Sym)) ; true ),
             ( P = [P1|Ps] -> assertz(lex_pl(P1, Ps, Sym)) ; true ) )),
    forall(nl_member(A, Adjs), assertz(lex_adj(A))),
    forall(nl_member(N, Names), assertz(lex_name(N))).

% The ProofWriter lexicon: entities written with several words, and verbs.
set_relations(Entities, Verbs) :-
    retractall(lex_entity(_, _)), retractall(lex_verb(_, _, _)), retractall(lex_ent(_, _, _)),
    forall(nl_member(e(Ws, Sym), Entities),
           ( assertz(lex_entity(Ws, Sym)),
             ( Ws = [W1|Wr] -> assertz(lex_ent(W1, Wr, Sym)) ; true ) )),
    forall(nl_member(v(T, B, Sym), Verbs), assertz(lex_verb(T, B, Sym))).

parse_sentence(Words, Kind, Tptp) :-
    phrase(sentence(Kind, F), Words), !,
    tptp(F, Tptp).

sentence(question, F) --> question_prefix, statement(F).
sentence(statement, F) --> statement(F).

question_prefix --> [true, or, false].
question_prefix --> [is, the, following, statement, true, or, false].
question_prefix --> opt_based, [is, the, following, statement, true, false, or, unknown].

opt_based --> [based, on, the, above, information].
opt_based --> [].

% Every cat is (not) a dog.  Each cat is (not) blue.
statement(all(N, P)) --> quantifier, noun_sg(N), [is], predicate_sg(P).
% Cats are (not) dogs.  Cats are (not) blue.  All cats are ...
statement(all(N, P)) --> opt_all, noun_pl(N), [are], predicate_pl(P).
% Rex is (not) a cat.  Rex is (not) blue.
statement(fact(C, P)) --> name(C), [is], predicate_sg(P).

% --- ProofWriter: relations, conjunctive rules, `things`/`people`, `something`/`someone`
% The bear is (not) big.  The bear chases Bob.  The bear does not chase Bob.
statement(pw(x0, [], Lits)) --> entity(E), vp(E, sg, Lits).
% (All) red, big things are (not) kind.  Kind people are red.
statement(pw(x1, Body, Head)) -->
    opt_all, adjectives(As), generic_pl, [are], adj_conj(x, Head),
    { adj_lits(As, x, Body) }.
% If something/someone/NP ... then it/they/NP ...
statement(pw(Q, Body, Head)) -->
    [if], condition(S, N, Body0), more_conditions(S, N, Body1), [then],
    { nl_append(Body0, Body1, Body), ( S == x -> Q = x1 ; Q = x0 ) },
    consequent(S, Head).

generic_pl --> [things].
generic_pl --> [people].

condition(x, sg, Lits) --> [something], vp(x, sg, Lits).
condition(x, sg, Lits) --> [someone], vp(x, sg, Lits).
condition(E, sg, Lits) --> entity(E), vp(E, sg, Lits).

more_conditions(_, _, []) --> [].
more_conditions(S, N, Lits) --> [and], subject_again(S, N1, T), vp(T, N1, L1),
    { ignore(N = N1) }, more_conditions(S, N, L2), { nl_append(L1, L2, Lits) }.

% `it`/`they` refer to the rule's variable; an entity may be named again
subject_again(x, sg, x) --> [it].
subject_again(x, pl, x) --> [they].
subject_again(x, sg, x) --> [something].
subject_again(x, sg, x) --> [someone].
subject_again(_, sg, E) --> entity(E).

consequent(S, Lits) --> subject_again(S, N, T), vp(T, N, Lits).

% the verb phrase of a subject T (x, or an entity), singular or after `they`
vp(T, sg, Lits) --> [is], adj_conj(T, Lits).
vp(T, pl, Lits) --> [are], adj_conj(T, Lits).
vp(T, sg, [pos(Sym, [T, O])]) --> [V], { lex_verb(V, _, Sym) }, object(O).
vp(T, pl, [pos(Sym, [T, O])]) --> [V], { lex_verb(_, V, Sym) }, object(O).
vp(T, sg, [neg(Sym, [T, O])]) --> [does, not, V], { lex_verb(_, V, Sym) }, object(O).
vp(T, pl, [neg(Sym, [T, O])]) --> [do, not, V], { lex_verb(_, V, Sym) }, object(O).

object(E) --> entity(E).

% big / not big / big and not red / big, red and kind
adj_conj(T, [L|Ls]) --> adj_lit(T, L), adj_more(T, Ls).
adj_more(_, []) --> [].
adj_more(T, [L|Ls]) --> [and], adj_lit(T, L), adj_more(T, Ls).
adj_lit(T, pos(A, [T])) --> adjective(A).
adj_lit(T, neg(A, [T])) --> [not], adjective(A).
adj_lit(T, A, pos(A, [T])).
adj_lits([], _, []).
adj_lits([A|As], T, [L|Ls]) :- adj_lit(T, A, L), adj_lits(As, T, Ls).

adjectives([A|As]) --> adjective(A), adjectives_more(As).
adjectives_more([]) --> [].
adjectives_more([A|As]) --> adjective(A), adjectives_more(As).
adjectives_more([A|As]) --> [and], adjective(A), adjectives_more(As).

entity(Sym) --> [W], { lex_ent(W, Ws, Sym) }, Ws.
entity(C) --> name(C).

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

noun_sg(Sym) --> [W], { lex_sg(W, Ws, Sym) }, Ws.
noun_pl(Sym) --> [W], { lex_pl(W, Ws, Sym) }, Ws.
adjective(A) --> [A], { lex_adj(A) }.
name(C) --> [C], { lex_name(C) }.

% --- the canonical formula as TPTP text
tptp(all(N, P), T) :-
    literal(P, 'X', L),
    format(atom(T), '! [X] : (~w(X) => ~w)', [N, L]).
tptp(fact(C, P), T) :-
    literal(P, C, T).

tptp(pw(Q, Body, Head), T) :-
    ( Q == x1 -> V = 'X' ; V = none ),
    conj_text(Body, V, B), conj_text(Head, V, H),
    (   Body == [] -> T0 = H
    ;   format(atom(T0), '(~w => ~w)', [B, H])
    ),
    (   V == none -> T = T0 ; format(atom(T), '! [X] : ~w', [T0]) ).

conj_text([L], V, T) :- !, lit_text(L, V, T).
conj_text(Ls, V, T) :-
    lit_texts(Ls, V, Xs),
    atomic_list_concat(Xs, ' & ', J), format(atom(T), '(~w)', [J]).

lit_text(pos(P, Args), V, T) :- args_text(Args, V, A), format(atom(T), '~w(~w)', [P, A]).
lit_text(neg(P, Args), V, T) :- args_text(Args, V, A), format(atom(T), '~~ ~w(~w)', [P, A]).
lit_texts([], _, []).
lit_texts([L|Ls], V, [X|Xs]) :- lit_text(L, V, X), lit_texts(Ls, V, Xs).
args_text(Args, V, T) :-
    arg_texts(Args, V, Xs),
    atomic_list_concat(Xs, ',', T).
arg_texts([], _, []).
arg_texts([A|As], V, [X|Xs]) :- ( A == x -> X = V ; X = A ), arg_texts(As, V, Xs).

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

% --- list predicates of its own: the grammar calls no library predicate. One that is
% autoloaded (member/2 and append/3 of library(lists), maplist/3 of library(apply), yall's
% lambdas) is compiled from its source by every process that first calls it: for
% library(lists) alone, more than starting SWI-Prolog and loading this whole grammar
% (`sedac/swipl.py`; tests/test_startup.py checks that parsing loads no other file).
nl_member(X, [Y|Ys]) :- nl_member_(Ys, Y, X).
nl_member_(_, X, X).
nl_member_([Y|Ys], _, X) :- nl_member_(Ys, Y, X).

nl_append([], L, L).
nl_append([X|Xs], L, [X|Ys]) :- nl_append(Xs, L, Ys).
