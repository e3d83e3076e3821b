even(X) :- integer(X), 0 is X mod 2.
integer(X) :- fruity(X).
integer(wren).
integer(X).
brown(negative).
?- fruity(wren).
