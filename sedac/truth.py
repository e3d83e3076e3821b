"""Ground truth, from problem text (the DCG) or from a TPTP file (`--truth`)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import SedacError
from .fol import Formula, constants, predicates, to_unicode
from .vocab import COMPOUND_HEADS, KNOWN_COMPOUNDS, KNOWN_NAMES, KNOWN_NOUNS, Vocabulary, looks_plural, singularize


@dataclass(frozen=True)
class Fact:
    """One sentence (or axiom) of the ground truth."""

    index: int          # 1-based
    text: str           # the sentence, or the formula for TPTP truth
    formula: Formula
    line: int = 0


@dataclass
class Truth:
    facts: list[Fact]
    question: Formula | None
    question_text: str = ""
    vocab: Vocabulary = field(default_factory=Vocabulary)
    unparsed: list[tuple[int, str, int]] = field(default_factory=list)  # (index, text, line)
    source: str = "text"
    extra: list = field(default_factory=list)  # parses of extra sentences (a chain), or None
    slips: list = field(default_factory=list)  # gold formulas that did not read as written
    label: str | None = None                   # a gold truth's own label (FOLIO)
    alignment: object = None                   # the program's symbols onto the gold's
    # The limits sedac hit reading it: {"grammar": sentences left unread when the grammar's
    # inference budget ran out}; empty when none was hit.
    limits: dict = field(default_factory=dict)

    @property
    def axioms(self) -> list[Formula]:
        return [f.formula for f in self.facts]


def truth_from_text(text: str, chain: list[str] = ()) -> Truth:
    from .nl import nl_to_fof
    g = nl_to_fof(text, chain)
    facts = [Fact(s.index, s.text, s.formula, s.line) for s in g.statements]
    q = g.question
    return Truth(facts, q.formula if q else None, q.text if q else "", g.vocab,
                 [(s.index, s.text, s.line) for s in g.unparsed], "text", g.extra,
                 limits={"grammar": len(g.limited)} if g.limited else {})


def truth_from_tptp(text: str, path: str) -> Truth:
    from .readers.tptp import read_tptp
    items = read_tptp(text, path)
    facts, question, qtext = [], None, ""
    for it in items:
        if it.role in ("conjecture", "question"):
            question, qtext = it.formula, it.name
        elif it.role == "negated_conjecture":
            raise SedacError("negated_conjecture is not supported; give the conjecture",
                             path=path, line=it.line)
        else:
            facts.append(Fact(len(facts) + 1, f"{it.name}: {to_unicode(it.formula)}",
                              it.formula, it.line))
    if not facts:
        raise SedacError("no axioms in the truth file", path=path)
    return Truth(facts, question, qtext, vocabulary_from_formulas(
        [f.formula for f in facts] + ([question] if question else [])), source="tptp")


def vocabulary_from_formulas(formulas: list[Formula]) -> Vocabulary:
    """Vocabulary when the truth is logic: unary predicates are classes, constants names."""
    v = Vocabulary(from_text=True)
    for f in formulas:
        for p, n in predicates(f):
            if n == 1:
                v.nouns.add(p)
        v.names.update(c.name for c in constants(f))
    return v


def program_vocabulary(preds: set[str], consts: set[str], base: Vocabulary | None,
                       preds_arity: set[tuple[str, int]] = frozenset(), guess: bool = False,
                       applied: dict[str, set] | None = None) -> Vocabulary:
    """The vocabulary rules consult: the truth's when there is one, else the program's own
    names (a constant is a name unless it is evidently a class).

    What is evident: by default (`guess=False`, the vocabulary safe fixes use) only what the
    program itself shows: a constant is a class when the program uses it, its singular
    (`cats` beside `cat`) or its compound noun (`even` beside `even_number`) as a class, a
    unary predicate applied to a variable or to an individual. `james` in `teacher(james)`
    stays an individual: `jame` is nowhere a class. With `guess=True` general knowledge
    decides too (PrOntoQA's word lists, English plurals): what such a vocabulary reads is
    only ever a suggestion. `applied`: each unary predicate -> the terms it is applied to
    (None: every unary predicate counts as a class)."""
    if base is not None:
        return base
    v = Vocabulary(from_text=False, guess=guess)
    if any(n >= 2 for _, n in preds_arity):
        # a program with relations (`chases(cat, bob)`) speaks of individuals: `the cat`
        v.names.update(c.lower() for c in consts)
    compounds = (set(KNOWN_COMPOUNDS) if guess else set()) | {p for p in preds if "_" in p}
    adjective_forms = {c.split("_")[0] for c in compounds if c.split("_")[-1] in COMPOUND_HEADS}
    for p in preds:
        if not looks_plural(p) and p not in adjective_forms:
            v.nouns.add(p)
    low_preds = {p.lower() for p in preds}

    def a_class(p: str) -> bool:
        """The program uses `p` as a class: applied to a variable, or to an individual
        that is not itself a predicate (`polly(vumpus)` shows nothing about `polly`)."""
        if p not in low_preds:
            return False
        if applied is None or guess:
            return True
        return any(not isinstance(t, str) or t not in low_preds for t in applied.get(p, ()))

    for c in consts:
        low = c.lower()
        if guess:
            # (English morphology alone never makes a class: `james` is no plural of `jame`)
            sing = singularize(low)
            is_class = (low in v.nouns or sing in v.nouns or low in KNOWN_NOUNS
                        or sing in KNOWN_NOUNS or v.noun_of_adjective(low) is not None)
        else:
            # (general knowledge may hold a rewrite back, never make one: a known name,
            # `alex` in `small(alex)`, stays an individual even where `Alex(x)` is a class)
            sing = singularize(low)
            is_class = low not in KNOWN_NAMES and (
                a_class(low) or sing != low and a_class(sing) or v.noun_of_adjective(low) is not None)
        if not is_class:
            v.names.add(low)
    if applied is not None and not guess:
        # a class with members of its own (`romance(french)`) is no individual, even where the
        # program also names it (`language_family(romance)`): R1 must not bind its rules to it
        # (a member that is itself a class, `polly(vumpus)`, shows nothing: see `a_class`)
        v.names -= {p for p in low_preds
                    if any(isinstance(t, str) and t != p and t not in low_preds
                           for t in applied.get(p, ()))}
    return v
