"""The reading's cheap tests say what the work they skip would say (issue 21: read faster,
same programs). Each cheap test is checked against the full computation it stands for, on
generated lines of the characters that matter to it: a guard may only skip work whose
answer is known, never change one."""
from __future__ import annotations

import random

from sedac import glosses, reply, reply_headings, reply_lines, reply_rows
from sedac.fol import (TRUE, And, Atom, Const, Eq, Exists, Forall, Func, Iff, Implies, Not, Or,
                       Var, Xor, closure, free_vars)
from sedac.readers import probes
from sedac.readers.sections import _free_vars

# the characters the patterns look at, and a few others
ALPHABET = list("aAxX( )[]{}:.,;$`*_\\|\"“<->=&%#/—–\t1∀∃→¬∧∨") + [
    "(x)", "P(a)", "  ", "::: ", "Cat", "(1) ", "P1 ", "  F2 ", ") (", "$, ", "`. T"]


def lines(seed: int, n: int = 4000, longest: int = 14):
    rnd = random.Random(seed)
    for _ in range(n):
        yield "".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(0, longest)))


def _old_sentence(s: str):
    """`glosses.sentence` as it was written before its bracket test."""
    t = glosses._TAIL.sub("", glosses._DECOR.sub("", s))
    if not t or t.endswith(":") or glosses._LOGIC.search(t):
        return None
    return "?"          # (past this point the two are the same code)


def test_a_sentence_is_refused_where_the_full_test_refuses_it():
    for s in lines(1):
        if _old_sentence(s) is None:
            assert glosses.sentence(s) is None, s
        m = glosses._DECOR.match(s)
        if "(" in s and glosses._CALL.search(s, m.end() if m else 0):
            assert _old_sentence(s) is None, s


def test_the_gloss_marks_are_searched_wherever_one_may_be():
    for s in lines(2):
        if any(g.start() > 0 for g in reply_lines._WEAK_GLOSS.finditer(s)):
            assert reply_lines._WEAK_GLOSS_NEEDS.search(s), s


def test_the_closing_decorations_are_searched_wherever_they_may_end_a_line():
    for s in lines(3):
        if reply_lines._CLOSE.search(s):
            assert reply_lines._may_close(s), s


def test_an_unfinished_formula_is_found_as_the_pattern_finds_it():
    tex = ["\\land", "\\to", "\\implies", "x\\lor", "\\iff "]
    for s in list(lines(4)) + [a + b for a in tex for b in ("", " ", "\t", "\n")]:
        full = s.count("(") > s.count(")") or bool(reply._ENDS_OPEN.search(s))
        assert reply._unfinished(s) == full, s


def test_a_heading_is_refused_only_where_its_patterns_fail():
    for s in list(lines(5)) + ["Premises (1): P(a)", "Conclusion: C(a)", "Facts:", "Goal (x):"]:
        t = s.strip()
        if t[:1].isascii() and t[:1].isalpha() and "(" in t[:t.find(":")]:
            assert not reply_headings._PLAIN.match(t) and not reply_headings._BARE.match(t), s


def test_side_by_side_labels_need_a_digit():
    for s in lines(6):
        if not reply_rows._DIGIT.search(s):
            assert len(list(reply_rows._SIDE_LABEL.finditer(s))) == 0, s


def test_a_formula_mark_means_no_question_is_asked():
    from sedac.asked import _FORMULA, asked
    for s in list(lines(7)) + ["Question: is it true that (Cat(tom))?", "- Is (a) the case?"]:
        if _FORMULA.search(s):
            assert asked(s) is None, s


def test_the_masked_text_keeps_exactly_its_ranges():
    rnd = random.Random(8)
    for _ in range(5000):
        n = rnd.randint(0, 30)
        text = "".join(rnd.choice("ab \n(") for _ in range(n))
        kept = [(rnd.randint(0, n + 3), rnd.randint(0, n + 3)) for _ in range(rnd.randint(0, 6))]
        chars = list("\n".join(" " * len(p) for p in text.split("\n")))
        for lo, hi in kept:
            chars[lo:hi] = text[lo:hi]
        assert reply._masked(text, kept) == "".join(chars)


def _formula(rnd, depth=0):
    def term(d=0):
        r = rnd.random()
        if r < 0.5:
            return Var(rnd.choice("xyz"))
        if r < 0.8 or d > 1:
            return Const(rnd.choice("ab"))
        return Func("f", tuple(term(d + 1) for _ in range(rnd.randint(1, 2))))
    r = rnd.random()
    if depth > 3 or r < 0.3:
        return Atom(rnd.choice("PQ"), tuple(term() for _ in range(rnd.randint(0, 2))))
    if r < 0.35:
        return Eq(term(), term())
    if r < 0.45:
        return Not(_formula(rnd, depth + 1))
    if r < 0.55:
        return And(tuple(_formula(rnd, depth + 1) for _ in range(rnd.randint(1, 3))))
    if r < 0.6:
        return Or((_formula(rnd, depth + 1), _formula(rnd, depth + 1)))
    if r < 0.7:
        return Implies(_formula(rnd, depth + 1), _formula(rnd, depth + 1))
    if r < 0.75:
        return (Iff if r < 0.73 else Xor)(_formula(rnd, depth + 1), _formula(rnd, depth + 1))
    if r < 0.78:
        return TRUE
    q = Forall if r < 0.9 else Exists
    return q(tuple(Var(v) for v in rnd.sample("xyz", rnd.randint(1, 2))), _formula(rnd, depth + 1))


def test_free_variables_and_their_closure_in_one_walk():
    rnd = random.Random(9)
    for _ in range(5000):
        f = _formula(rnd)
        fv, order = _free_vars(f)
        assert fv == free_vars(f), f
        mine = Forall(tuple(v for v in order if v in fv), f) if fv else f
        assert mine == closure(f), f


def test_the_bounds_count_headers_as_each_line_is_tested():
    rnd = random.Random(10)
    words = ["Facts:", "facts :", " Rules:", "Query:", "Premises:", "x:", "P(a)", "", "::", "FOL:"]
    for _ in range(2000):
        text = "\n".join(rnd.choice(words) for _ in range(rnd.randint(0, 8)))
        for own in (("facts", "rules", "query"), ("premises", "conclusion"), ("text", "fol")):
            full = sum(1 for line in text.split("\n")
                       if line.strip().rstrip(":").strip().lower() in set(own)
                       and line.strip().endswith(":"))
            assert probes.headers(text, own) == full, text
        assert probes.nonblank_lines(text) == sum(1 for line in text.split("\n") if line.strip())


def test_a_sentence_pairs_with_a_clause_as_every_word_is_compared():
    rnd = random.Random(11)
    for _ in range(20000):
        def word():
            return "".join(rnd.choice("aab") for _ in range(rnd.randint(0, 6)))
        names = {word() for _ in range(rnd.randint(0, 3))}
        text = " ".join(word() + rnd.choice(["", ".", ","]) for _ in range(rnd.randint(0, 5)))
        words = {w.strip(".,;:!?'’\"").lower() for w in text.split()}
        full = sum(1 for n in names if any(glosses._near(n, w) for w in words)) / len(names) \
            if names else 0.0
        assert glosses.pairs(text, names) == full, (text, names)
