; ProntoQA_1, translated with named assertions and the goal checked both ways
(set-logic UF)
(set-option :produce-unsat-cores true)
(declare-sort Entity 0)
(declare-fun Jompus (Entity) Bool)
(declare-fun Shy (Entity) Bool)
(declare-fun Yumpus (Entity) Bool)
(declare-fun Aggressive (Entity) Bool)
(declare-fun Dumpus (Entity) Bool)
(declare-fun Wooden (Entity) Bool)
(declare-fun Wumpus (Entity) Bool)
(declare-fun Red (Entity) Bool)
(declare-fun Impus (Entity) Bool)
(declare-fun Opaque (Entity) Bool)
(declare-fun Tumpus (Entity) Bool)
(declare-fun Numpus (Entity) Bool)
(declare-fun Sour (Entity) Bool)
(declare-fun Vumpus (Entity) Bool)
(declare-fun Earthy (Entity) Bool)
(declare-fun Zumpus (Entity) Bool)
(declare-fun Small (Entity) Bool)
(declare-fun Rompus (Entity) Bool)
(declare-const Max Entity)

; Jompuses are not shy.
(assert (! (forall ((x Entity)) (=> (Jompus x) (not (Shy x)))) :named p1))
; Jompuses are yumpuses.
(assert (! (forall ((x Entity)) (=> (Jompus x) (Yumpus x))) :named p2))
(assert (! (forall ((x Entity)) (=> (Yumpus x) (Aggressive x))) :named p3)) ; Each yumpus is aggressive.
(assert (! (forall ((x Entity)) (=> (Yumpus x) (Dumpus x))) :named p4))
(assert (! (forall ((x Entity)) (=> (Dumpus x) (not (Wooden x)))) :named p5))
(assert (! (forall ((x Entity)) (=> (Dumpus x) (Wumpus x))) :named p6))
(assert (! (forall ((x Entity)) (=> (Wumpus x) (Red x))) :named p7))
(assert (! (forall ((x Entity)) (=> (Wumpus x) (Impus x))) :named p8))
(assert (! (forall ((x Entity)) (=> (Impus x) (Opaque x))) :named p9))
(assert (! (forall ((x Entity)) (=> (Impus x) (Tumpus x))) :named p10))
(assert (! (forall ((x Entity)) (=> (Numpus x) (Sour x))) :named p11))
(assert (! (forall ((x Entity)) (=> (Tumpus x) (not (Sour x)))) :named p12))
(assert (! (forall ((x Entity)) (=> (Tumpus x) (Vumpus x))) :named p13))
(assert (! (forall ((x Entity)) (=> (Vumpus x) (Earthy x))) :named p14))
(assert (! (forall ((x Entity)) (=> (Vumpus x) (Zumpus x))) :named p15))
(assert (! (forall ((x Entity)) (=> (Zumpus x) (Small x))) :named p16))
(assert (! (forall ((x Entity)) (=> (Zumpus x) (Rompus x))) :named p17))
; Max is a yumpus.
(assert (! (Yumpus Max) :named p18))

; Question: Max is sour. Is it entailed?
(push 1)
(assert (not (Sour Max)))
(check-sat)   ; unsat would mean true
(pop 1)
; Is its negation entailed?
(push 1)
(assert (Sour Max))
(check-sat)   ; unsat means false
(get-unsat-core)
(pop 1)
(exit)
