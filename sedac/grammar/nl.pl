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
:- module(sedac_nl, [parse_sentence/3, set_lexicon/3, set_relations/2, parse_all/2,
                     parse_all_text/2, lexicon_text/6, sentences_text/2]).

% The words are kept keyed by their first word (a noun, an entity), so that looking one up
% in the input is one lookup, not a scan of the lexicon: parsing stays linear in the text.
% They are held in global variables (nb_setval/2), each a dict from a word to the list of
% its entries in the order given, not as asserted clauses: asserting them anew for every
% problem made SWI-Prolog rebuild the clause indexes at the first parse, which cost more
% than the parse.

set_lexicon(Nouns, Adjs, Names) :-
    findall(S1-(Ss-Sym), nl_member(n([S1|Ss], _, Sym), Nouns), Sg),
    findall(P1-(Ps-Sym), nl_member(n(_, [P1|Ps], Sym), Nouns), Pl),
    findall(A-true, nl_member(A, Adjs), As),
    findall(N-true, nl_member(N, Names), Ns),
    lex_store(sedac_lex_sg, Sg), lex_store(sedac_lex_pl, Pl),
    lex_store(sedac_lex_adj, As), lex_store(sedac_lex_name, Ns),
    nb_setval(sedac_lex_nouns, Nouns).

% The ProofWriter lexicon: entities written with several words, and verbs.
set_relations(Entities, Verbs) :-
    findall(W1-(Wr-Sym), nl_member(e([W1|Wr], Sym), Entities), Es),
    findall(T-(B-Sym), nl_member(v(T, B, Sym), Verbs), Ts),
    findall(B-(T-Sym), nl_member(v(T, B, Sym), Verbs), Bs),
    lex_store(sedac_lex_ent, Es), lex_store(sedac_lex_vt, Ts), lex_store(sedac_lex_vb, Bs),
    nb_setval(sedac_lex_entities, Entities).

lex_store(Key, Pairs) :-
    sort(1, @=<, Pairs, Sorted),                % (stable: entries keep their order)
    nl_group_pairs(Sorted, Grouped),
    dict_pairs(Dict, lex, Grouped),
    nb_setval(Key, Dict).

lex_get(Key, W, V) :-
    atom(W),
    nb_current(Key, Dict),
    get_dict(W, Dict, Vs),
    nl_member(V, Vs).

lex_sg(W, Ws, Sym) :- lex_get(sedac_lex_sg, W, Ws-Sym).
lex_pl(W, Ws, Sym) :- lex_get(sedac_lex_pl, W, Ws-Sym).
lex_ent(W, Ws, Sym) :- lex_get(sedac_lex_ent, W, Ws-Sym).
lex_adj(A) :- lex_get(sedac_lex_adj, A, true).
lex_name(N) :- lex_get(sedac_lex_name, N, true).
lex_verb(T, B, Sym) :- atom(T), !, lex_get(sedac_lex_vt, T, B-Sym).
lex_verb(T, B, Sym) :- lex_get(sedac_lex_vb, B, T-Sym).
lex_noun(S, P, Sym) :- nb_current(sedac_lex_nouns, Ns), nl_member(n(S, P, Sym), Ns).
lex_entity(Ws, Sym) :- nb_current(sedac_lex_entities, Es), nl_member(e(Ws, Sym), Es).

parse_sentence(Words, Kind, Tptp) :-
    sentence(Kind, F, Words, []), !,       % (phrase/2, without its checks at every call)
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

% (the entry's other words matched as a list prefix: a variable nonterminal, `..., Ws.`, is
% translated by phrase/3 at every call)
entity(Sym, [W|S0], S) :- lex_ent(W, Ws, Sym), nl_append(Ws, S, S0).
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

noun_sg(Sym, [W|S0], S) :- lex_sg(W, Ws, Sym), nl_append(Ws, S, S0).
noun_pl(Sym, [W|S0], S) :- lex_pl(W, Ws, Sym), nl_append(Ws, S, S0).
adjective(A) --> [A], { lex_adj(A) }.
name(C) --> [C], { lex_name(C) }.

% --- the canonical formula as TPTP text (atomic_list_concat/2: what format/3's ~w writes of
%     these atoms, for less)
tptp(all(N, P), T) :-
    literal(P, 'X', L),
    atomic_list_concat(['! [X] : (', N, '(X) => ', L, ')'], T).
tptp(fact(C, P), T) :-
    literal(P, C, T).

tptp(pw(Q, Body, Head), T) :-
    ( Q == x1 -> V = 'X' ; V = none ),
    conj_text(Body, V, B), conj_text(Head, V, H),
    (   Body == [] -> T0 = H
    ;   atomic_list_concat(['(', B, ' => ', H, ')'], T0)
    ),
    (   V == none -> T = T0 ; atomic_list_concat(['! [X] : ', T0], T) ).

conj_text([L], V, T) :- !, lit_text(L, V, T).
conj_text(Ls, V, T) :-
    lit_texts(Ls, V, Xs),
    atomic_list_concat(Xs, ' & ', J), atomic_list_concat(['(', J, ')'], T).

lit_text(pos(P, Args), V, T) :- args_text(Args, V, A), atomic_list_concat([P, '(', A, ')'], T).
lit_text(neg(P, Args), V, T) :- args_text(Args, V, A), atomic_list_concat(['~ ', P, '(', A, ')'], T).
lit_texts([], _, []).
lit_texts([L|Ls], V, [X|Xs]) :- lit_text(L, V, X), lit_texts(Ls, V, Xs).
args_text(Args, V, T) :-
    arg_texts(Args, V, Xs),
    atomic_list_concat(Xs, ',', T).
arg_texts([], _, []).
arg_texts([A|As], V, [X|Xs]) :- ( A == x -> X = V ; X = A ), arg_texts(As, V, Xs).

literal(not(P), Arg, T) :- !, atomic_list_concat(['~ ', P, '(', Arg, ')'], T).
literal(P, Arg, T) :- atomic_list_concat([P, '(', Arg, ')'], T).

% --- one call per problem: each sentence to 'Kind<TAB>Tptp' or none
:- module_transparent(parse_all/2).
parse_all([], []).
parse_all([Ws|Wss], [R|Rs]) :-
    (   parse_sentence(Ws, K, T)
    ->  atomic_list_concat([K, '\t', T], R)
    ;   R = none
    ),
    parse_all(Wss, Rs).

% --- the same as one text, a line per sentence: what sedac reads back in one piece
:- module_transparent(parse_all_text/2).
parse_all_text(Wss, Text) :-
    parse_all(Wss, Rs),
    atomic_list_concat(Rs, '\n', Text).

% --- the same data as text, read with builtins (no term reader): what sedac sends.
%   sentences_text(+Text, -Wss): a line per sentence, its words separated by spaces.
%   lexicon_text(+Text, -Nouns, -Adjs, -Names, -Entities, -Verbs): a line per entry, its
%   fields separated by tabs, word lists by spaces:
%       n<TAB>Singular words<TAB>Plural words<TAB>Symbol     a<TAB>Adjective
%       m<TAB>Name     e<TAB>Words<TAB>Symbol     v<TAB>ThirdPerson<TAB>Base
%   the entries of each kind in the order given.
sentences_text(Text, Wss) :-
    split_string(Text, "\n", "", Lines),
    nl_word_lists(Lines, Wss).

nl_word_lists([], []).
nl_word_lists([L|Ls], [Ws|Wss]) :- nl_words(L, Ws), nl_word_lists(Ls, Wss).

nl_words("", []) :- !.
nl_words(S, Ws) :- atomic_list_concat(Ws, ' ', S).

lexicon_text(Text, [], [], [], [], []) :- ( Text == '' ; Text == "" ), !.
lexicon_text(Text, Nouns, Adjs, Names, Entities, Verbs) :-
    split_string(Text, "\n", "", Lines),
    nl_entries(Lines, Nouns, Adjs, Names, Entities, Verbs).

nl_entries([], [], [], [], [], []).
nl_entries([L|Ls], Ns, As, Ms, Es, Vs) :-
    split_string(L, "\t", "", [K|Fs]),
    nl_entry(K, Fs, Ns, As, Ms, Es, Vs, Ns1, As1, Ms1, Es1, Vs1),
    nl_entries(Ls, Ns1, As1, Ms1, Es1, Vs1).

nl_entry("n", [S, P, Y], [n(Ss, Ps, Sym)|Ns], As, Ms, Es, Vs, Ns, As, Ms, Es, Vs) :-
    nl_words(S, Ss), nl_words(P, Ps), atom_string(Sym, Y).
nl_entry("a", [A], Ns, [Adj|As], Ms, Es, Vs, Ns, As, Ms, Es, Vs) :- atom_string(Adj, A).
nl_entry("m", [M], Ns, As, [Name|Ms], Es, Vs, Ns, As, Ms, Es, Vs) :- atom_string(Name, M).
nl_entry("e", [W, Y], Ns, As, Ms, [e(Ws, Sym)|Es], Vs, Ns, As, Ms, Es, Vs) :-
    nl_words(W, Ws), atom_string(Sym, Y).
nl_entry("v", [T, B], Ns, As, Ms, Es, [v(Th, Ba, Th)|Vs], Ns, As, Ms, Es, Vs) :-
    atom_string(Th, T), atom_string(Ba, B).

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

% library(pairs)'s group_pairs_by_key/2, of its own for the same reason
nl_group_pairs([], []).
nl_group_pairs([K-V|T0], [K-[V|Vs]|T]) :- nl_same_key(K, T0, Vs, T1), nl_group_pairs(T1, T).
nl_same_key(K0, [K-V|T0], [V|Vs], T) :- K0 == K, !, nl_same_key(K0, T0, Vs, T).
nl_same_key(_, L, [], L).
