"""sedac's own PrOntoQA-style problem generator, and an error injector for testing.

A problem is a chain of classes `C0 -> C1 -> ... -> Ck` (k hops), an individual of
`C0`, a property of `Ck`, and the question whether the individual has it. Every
class on the chain has a distractor property, and a relevant distractor class
states the opposite property, as PrOntoQA does. Sentence forms vary (`Every`,
`Each`, plural). For each problem the generator knows the gold answer, the gold
chain of thought and a correct Prolog translation.

Everything is a pure function of the seed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .vocab import BUILTIN_CLASSES, pluralize

FALSE_ANIMALS = ["animal", "ant", "arthropod", "butterfly", "carnivore", "cat", "cow",
                 "crustacean", "dog", "feline", "insect", "invertebrate", "lepidopteran",
                 "mammal", "moth", "sheep", "snake", "spider", "vertebrate", "whale", "bird",
                 "mouse"]
FALSE_NUMBERS = ["number", "integer", "fraction", "prime number", "even number",
                 "composite number", "natural number", "real number", "negative number",
                 "Mersenne prime", "odd number", "positive number"]
FICTIONAL = ["wumpus", "yumpus", "zumpus", "dumpus", "impus", "jompus", "numpus", "rompus",
             "tumpus", "vumpus", "sterpus", "lorpus", "grimpus", "gorpus", "shumpus", "lempus",
             "brimpus"]
ADJECTIVES = ["aggressive", "amenable", "angry", "bitter", "blue", "bright", "brown", "cold",
              "discordant", "dull", "earthy", "fast", "feisty", "floral", "fruity", "happy",
              "hot", "kind", "large", "liquid", "loud", "luminous", "mean", "melodic", "metallic",
              "moderate", "muffled", "nervous", "opaque", "orange", "red", "shy", "slow",
              "small", "sour", "spicy", "sweet", "temperate", "transparent", "wooden"]
NAMES = ["Alex", "Fae", "Max", "Polly", "Rex", "Sally", "Sam", "Stella", "Wren"]
ONTOLOGIES = ("false", "fictional")


def _sym(noun: str) -> str:
    return noun.lower().replace(" ", "_")


def _pl(sym: str) -> str:
    """The predicate of a class in Prolog: a word that is a built-in (`number/1`) takes the
    name programs use for it (`is_number`), which sedac reads back as the word (R10)."""
    return "is_" + sym if sym in BUILTIN_CLASSES else sym


def _article(word: str) -> str:
    return "an" if word[0].lower() in "aeiou" else "a"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


@dataclass
class Statement:
    """One sentence of a problem with its Prolog clause."""

    text: str
    prolog: str
    kind: str                 # "rule" | "property" | "fact"
    subject: str = ""         # class symbol or constant
    object: str = ""          # class or adjective symbol
    positive: bool = True


@dataclass
class GeneratedProblem:
    id: str
    statements: list[Statement]
    query: str
    question_prolog: str
    answer: str
    chain: list[str]
    ontology: str
    hops: int
    entity: str = ""

    @property
    def context(self) -> str:
        return " ".join(s.text for s in self.statements)

    @property
    def prolog(self) -> str:
        """The program SWI-Prolog loads as it is: classes that no clause defines are
        declared dynamic before the query runs."""
        from .readers.prolog import PrologReader, dynamic_declaration, undefined_predicates
        lines = [s.prolog for s in self.statements]
        read = PrologReader().read("\n".join(lines + [self.question_prolog]) + "\n")
        undefined = undefined_predicates(read.axioms, [c.formula for _, c in read.queries], read)
        if undefined:
            lines.append(dynamic_declaration(undefined))
        return "\n".join(lines + [self.question_prolog]) + "\n"

    def to_generator_record(self) -> dict:
        return {"test_example": {"question": self.context, "query": self.query,
                                 "chain_of_thought": self.chain, "answer": self.answer,
                                 "prolog": self.prolog, "ontology": self.ontology,
                                 "hops": self.hops}}


def _general_sentence(rng, sub: str, obj: str, positive: bool, noun: bool) -> str:
    """`Every cat is (not) a dog.` / `Each cat is (not) blue.` / `Cats are (not) dogs.`;
    `obj` is a noun or, with `noun` false, an adjective."""
    neg = "" if positive else "not "
    form = rng.choice(("every", "each", "plural"))
    if form == "plural":
        return f"{_cap(pluralize_words(sub))} are {neg}{pluralize_words(obj) if noun else obj}."
    return f"{_cap(form)} {sub} is {neg}{_article(obj) + ' ' if noun else ''}{obj}."


def _class_sentence(rng, sub: str, obj: str, positive: bool) -> str:
    return _general_sentence(rng, sub, obj, positive, noun=True)


def _property_sentence(rng, sub: str, adj: str, positive: bool) -> str:
    return _general_sentence(rng, sub, adj, positive, noun=False)


def pluralize_words(noun: str) -> str:
    words = noun.split(" ")
    words[-1] = pluralize(words[-1])
    return " ".join(words)


def _rule(head: str, body: str, positive: bool = True) -> str:
    return f"{_pl(head) if positive else 'neg_' + head}(X) :- {_pl(body)}(X)."


def generate_problem(rng: random.Random, ontology: str, hops: int, pid: str) -> GeneratedProblem:
    if ontology == "fictional":
        pool = list(FICTIONAL)
    else:
        pool = list(rng.choice((FALSE_ANIMALS, FALSE_NUMBERS)))
    classes = rng.sample(pool, hops + 2)        # the chain, and one distractor class
    chain_classes, distractor = classes[:hops + 1], classes[hops + 1]
    adjectives = rng.sample(ADJECTIVES, hops + 2)
    target, others = adjectives[0], adjectives[1:]
    name = rng.choice(NAMES)
    const = name.lower()
    positive = rng.random() < 0.5               # does the last class have the property?
    ask_positive = rng.random() < 0.5           # is the question positive?

    st: list[Statement] = []
    for a, b in zip(chain_classes, chain_classes[1:]):
        st.append(Statement(_class_sentence(rng, a, b, True), _rule(_sym(b), _sym(a)), "rule",
                            _sym(a), _sym(b)))
    last = chain_classes[-1]
    st.append(Statement(_property_sentence(rng, last, target, positive),
                        _rule(target, _sym(last), positive), "property", _sym(last), target, positive))
    # Distractors: the opposite property on another class, and one property per chain class.
    st.append(Statement(_property_sentence(rng, distractor, target, not positive),
                        _rule(target, _sym(distractor), not positive), "property",
                        _sym(distractor), target, not positive))
    for c, adj in zip(chain_classes[:-1], others):
        pos = rng.random() < 0.6
        st.append(Statement(_property_sentence(rng, c, adj, pos), _rule(adj, _sym(c), pos),
                            "property", _sym(c), adj, pos))
    rng.shuffle(st)
    fact = Statement(f"{name} is {_article(chain_classes[0])} {chain_classes[0]}.",
                     f"{_pl(_sym(chain_classes[0]))}({const}).", "fact", const, _sym(chain_classes[0]))
    st.append(fact)

    neg_q = "" if ask_positive else "not "
    query = f"True or false: {name} is {neg_q}{target}."
    question_prolog = f"?- {target}({const})." if ask_positive else f"?- \\+{target}({const})."
    answer = "True" if positive == ask_positive else "False"

    chain = [fact.text]
    by_subject = {s.subject: s for s in st if s.kind == "rule"}
    for a, b in zip(chain_classes, chain_classes[1:]):
        chain.append(by_subject[_sym(a)].text)
        chain.append(f"{name} is {_article(b)} {b}.")
    prop = next(s for s in st if s.kind == "property" and s.subject == _sym(last))
    chain.append(prop.text)
    chain.append(f"{name} is {'' if positive else 'not '}{target}.")
    return GeneratedProblem(pid, st, query, question_prolog, answer, chain, ontology, hops, const)


def generate(seed: int = 7, per_setting: int = 20, ontologies=ONTOLOGIES, hops=range(1, 6)):
    """Problems for every ontology and hop count, deterministic for a seed."""
    rng = random.Random(seed)
    out: dict[tuple[str, int], list[GeneratedProblem]] = {}
    for onto in ontologies:
        for k in hops:
            out[(onto, k)] = [generate_problem(rng, onto, k, f"{onto}-{k}hop-{i + 1}")
                              for i in range(per_setting)]
    return out


# --------------------------------------------------------------- error injection

@dataclass
class Injection:
    line: int                 # 1-based line of the program
    category: str             # shallow-semantic | deep-semantic
    kind: str
    rule: str                 # the rule expected to repair it
    original: str
    injected: str


@dataclass
class InjectedProgram:
    problem: GeneratedProblem
    program: str
    injections: list[Injection] = field(default_factory=list)

    def to_jsonl(self) -> dict:
        return {"id": self.problem.id, "context": self.problem.context, "query": self.problem.query,
                "answer": self.problem.answer, "raw_output": self.program,
                "injected": [vars(i) for i in self.injections]}


def _compound(sym: str) -> bool:
    return "_" in sym and sym.split("_")[-1] in ("number", "prime")


def _plural_sym(sym: str) -> str:
    return "_".join(sym.split("_")[:-1] + [pluralize(sym.split("_")[-1])])


def _has_plural(sym: str) -> bool:
    return _plural_sym(sym) != sym   # `sheep` has no distinct plural


def inject(problem: GeneratedProblem, rng: random.Random, kinds=None) -> InjectedProgram:
    """Replace one clause of the correct translation by an erroneous one and record it."""
    lines = problem.prolog.splitlines()
    options = []
    for i, s in enumerate(problem.statements):
        if s.kind in ("rule", "property"):
            head = _pl(s.object) if s.positive else "neg_" + s.object
            options.append((i, "negation-flip", "deep-semantic", "D2" if s.positive else "D1",
                            f"{_pl(s.object) if not s.positive else 'neg_' + s.object}(X) :- {_pl(s.subject)}(X)."))
            if s.kind == "rule":
                options.append((i, "reversed-implication", "deep-semantic", "D3",
                                f"{_pl(s.subject)}(X) :- {_pl(s.object)}(X)."))
            if s.kind == "rule" and _has_plural(s.object):
                options.append((i, "plural-head", "shallow-semantic", "R6",
                                f"{_plural_sym(s.object)}(X) :- {_pl(s.subject)}(X)."))
            if _has_plural(s.subject):
                options.append((i, "plural-body", "shallow-semantic", "R5",
                                f"{head}(X) :- {_plural_sym(s.subject)}(X)."))
            if s.kind == "property" and s.positive:
                options.append((i, "noun-argument", "shallow-semantic", "R3",
                                f"{_pl(s.object)}({s.subject})."))
            if s.kind == "property" and s.positive and _has_plural(s.subject):
                options.append((i, "plural-argument", "shallow-semantic", "R2",
                                f"{_pl(s.object)}({_plural_sym(s.subject)})."))
            if _compound(s.subject):
                adj = s.subject.split("_")[0]
                options.append((i, "adjective-body", "shallow-semantic", "R8",
                                f"{head}(X) :- {adj}(X)."))
                if s.kind == "property" and s.positive:
                    options.append((i, "adjective-argument", "shallow-semantic", "R4",
                                    f"{_pl(s.object)}({adj})."))
        elif s.kind == "fact":
            options.append((i, "proper-noun-predicate", "shallow-semantic", "R1",
                            f"{_pl(s.object)}(X) :- {s.subject}(X)."))
            if _compound(s.object):
                options.append((i, "adjective-fact", "shallow-semantic", "R7",
                                f"{s.object.split('_')[0]}({s.subject})."))
    if kinds:
        options = [o for o in options if o[1] in kinds or o[2] in kinds]
    if not options:
        return InjectedProgram(problem, problem.prolog, [])
    i, kind, category, rule, text = rng.choice(options)
    original = lines[i]
    lines[i] = text
    return InjectedProgram(problem, "\n".join(lines) + "\n",
                           [Injection(i + 1, category, kind, rule, original, text)])


# The ProofWriter style is `generator_proofwriter`'s; its names are still this module's.
_PROOFWRITER = frozenset({"PW_ADJECTIVES", "PW_ANIMALS", "PW_NAMES", "PW_SETTINGS", "PW_VERBS",
                          "PwLiteral", "PwProblem", "generate_proofwriter",
                          "generate_proofwriter_problem"})


def __getattr__(name: str):
    if name in _PROOFWRITER:
        from . import generator_proofwriter
        return getattr(generator_proofwriter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
