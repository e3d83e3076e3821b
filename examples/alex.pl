composite(X) :- number(X), \+prime(X).
liquid(X) :- \+composite(X).
fraction(X) :- composite(X).
number(X).
large(X) :- \+negative(X), fraction(X).
real_number(X) :- fraction(X).
integer(X) :- fraction(X).
temperate(X) :- integer(X).
slow(X) :- number(X).
loud(X) :- even(X).
even(X) :- number(X), X mod 2 =:= 0.
natural_number(X) :- even(X).
alex is large.
