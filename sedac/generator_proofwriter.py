"""sedac's own ProofWriter-style problem generator: attributes and relations of named people
and animals, rules of up to three conditions, and questions at each depth of reasoning, with
the gold answer under forward chaining (ProofWriter's semantics). `sedac.generator` makes the
PrOntoQA style; `corpus generate` calls both.

Everything is a pure function of the seed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .generator import _cap, _sym

PW_NAMES = ["Anne", "Bob", "Charlie", "Dave", "Erin", "Fiona", "Gary", "Harry"]
PW_ANIMALS = ["bald eagle", "bear", "cat", "cow", "dog", "lion", "mouse", "rabbit", "squirrel",
              "tiger"]
PW_ADJECTIVES = ["big", "blue", "cold", "furry", "green", "kind", "nice", "quiet", "red",
                 "rough", "round", "smart", "white", "young"]
PW_VERBS = {"chases": "chase", "eats": "eat", "likes": "like", "needs": "need", "sees": "see",
            "visits": "visit"}
PW_SETTINGS = ("attributes", "relations")


@dataclass
class PwLiteral:
    """`[not] pred(subject[, object])`: an attribute or a relation of ProofWriter."""

    pred: str
    args: tuple            # entity symbols, or "X" for the rule's variable
    positive: bool = True

    def formula(self):
        from .fol import Atom, Const, Not, Var
        atom = Atom(self.pred, tuple(Var("X") if a == "X" else Const(a) for a in self.args))
        return atom if self.positive else Not(atom)

    def ground(self, entity: str) -> tuple:
        return (self.positive, self.pred, tuple(entity if a == "X" else a for a in self.args))


@dataclass
class PwProblem:
    id: str
    sentences: list[str]
    formulas: list
    question: str
    answer: str              # True | False | Unknown
    depth: int               # rounds of forward chaining the answer needs (0: a fact)

    def to_logic_lm(self) -> dict:
        letter = {"True": "A", "False": "B", "Unknown": "C"}[self.answer]
        return {"id": self.id, "context": " ".join(self.sentences),
                "question": "Based on the above information, is the following statement true, "
                            f"false, or unknown? {self.question}",
                "options": ["A) True", "B) False", "C) Unknown"], "answer": letter,
                "depth": self.depth}


def _np(entity: str, names: dict, start: bool = False) -> str:
    text = names[entity]
    return _cap(text) if start else text


def _pw_clause(lit: PwLiteral, names: dict, subject_text: str, plural: bool) -> str:
    """`is [not] big`, `chases the cat`, `does not chase the cat` (`are`, `chase`, `do not`
    after `they`)."""
    if len(lit.args) == 1:
        return f"{'are' if plural else 'is'} {'' if lit.positive else 'not '}{lit.pred}"
    obj = names[lit.args[1]]
    base = PW_VERBS[lit.pred]
    if lit.positive:
        return f"{base if plural else lit.pred} {obj}"
    return f"{'do' if plural else 'does'} not {base} {obj}"


def _pw_subject(arg: str, names: dict, first: bool, person: bool) -> tuple[str, bool]:
    """The subject words and whether the verb is plural: the variable is `something`
    (`someone`) first and `it` (`they`) after."""
    if arg == "X":
        if first:
            return ("someone" if person else "something"), False
        return ("they" if person else "it"), person
    return names[arg], False


def _pw_rule_text(body: list[PwLiteral], head: PwLiteral, names: dict, rng) -> str:
    unary_x = all(len(l.args) == 1 and l.args[0] == "X" for l in body + [head])
    if unary_x and head.positive and all(l.positive for l in body) and rng.random() < 0.5:
        # `Big things are kind.`, `All red, big people are kind.`
        noun = rng.choice(("things", "people"))
        adjs = ", ".join(l.pred for l in body)
        lead = "All " if rng.random() < 0.5 else ""
        return f"{lead}{adjs if lead else _cap(adjs)} {noun} are {head.pred}."
    person = rng.random() < 0.5
    parts = []
    seen_x = False
    for l in body:
        subj, plural = _pw_subject(l.args[0], names, not seen_x, person)
        seen_x = seen_x or l.args[0] == "X"
        parts.append(f"{subj} {_pw_clause(l, names, subj, plural)}")
    subj, plural = _pw_subject(head.args[0], names, not seen_x, person)
    return f"If {' and '.join(parts)} then {subj} {_pw_clause(head, names, subj, plural)}."


def _pw_fact_text(lit: PwLiteral, names: dict) -> str:
    return f"{_np(lit.args[0], names, True)} {_pw_clause(lit, names, '', False)}."


def _levels(facts: set, rules: list, entities: list) -> dict:
    """Each derivable literal with the round of forward chaining that first derives it."""
    level = {f: 0 for f in facts}
    grounded = []
    for body, head in rules:
        vs = [e for e in entities] if any("X" in l.args for l in body + [head]) else [None]
        for e in vs:
            grounded.append(([l.ground(e) for l in body], [head.ground(e)]))
    k = 0
    while True:
        k += 1
        new = {}
        for body, heads in grounded:
            if all(b in level for b in body):
                for h in heads:
                    if h not in level:
                        new[h] = k
        if not new:
            return level
        level.update(new)


def generate_proofwriter_problem(rng: random.Random, setting: str, depth: int, pid: str,
                                 tries: int = 200) -> PwProblem | None:
    """A theory of facts and rules (one or two conditions, negations, relations in the
    `relations` setting) and a question whose answer needs `depth` rounds of forward
    chaining (depth 0: a fact; Unknown questions are about literals never derived)."""
    for _ in range(tries):
        if setting == "relations":
            ents = [_sym(a) for a in rng.sample(PW_ANIMALS, 4)]
            names = {e: "the " + e.replace("_", " ") for e in ents}
        else:
            ents = [n.lower() for n in rng.sample(PW_NAMES, 4)]
            names = {e: e.capitalize() for e in ents}
        adjs = rng.sample(PW_ADJECTIVES, 7)
        verbs = rng.sample(sorted(PW_VERBS), 3) if setting == "relations" else []

        def literal(subject: str, allow_neg: bool = True) -> PwLiteral:
            pos = not allow_neg or rng.random() < 0.75
            if verbs and rng.random() < 0.5:
                obj = rng.choice([e for e in ents if e != subject])
                return PwLiteral(rng.choice(verbs), (subject, obj), pos)
            return PwLiteral(rng.choice(adjs), (subject,), pos)
        facts = {}
        for _ in range(rng.randint(6, 12)):
            lit = literal(rng.choice(ents))
            key = lit.ground(None)
            if (not key[0], key[1], key[2]) not in facts:
                facts[key] = lit
        rules = []
        for _ in range(rng.randint(5, 9)):
            ground = rng.random() < 0.2
            subj = rng.choice(ents) if ground else "X"
            body = [literal(subj)] + ([literal(subj if rng.random() < 0.6 else rng.choice(ents))]
                                      if rng.random() < 0.5 else [])
            head = literal(subj if rng.random() < 0.8 else rng.choice(ents))
            if any(l.pred == head.pred and l.args == head.args for l in body):
                continue
            rules.append((body, head))
        target = None
        if depth > 0:
            # a chain of `depth` rules from a fact of one entity, each maybe with a second
            # condition that another fact meets
            e = rng.choice(ents)
            own = [l for l in facts.values() if l.args[0] == e]
            if not own:
                continue
            prev = rng.choice(own)
            for _ in range(depth):
                nxt = literal("X")
                cond = [PwLiteral(prev.pred, ("X",) + prev.args[1:], prev.positive)]
                if len(own) > 1 and rng.random() < 0.4:
                    extra = rng.choice([l for l in own if l is not prev])
                    cond.append(PwLiteral(extra.pred, ("X",) + extra.args[1:], extra.positive))
                rules.append((cond, nxt))
                prev = PwLiteral(nxt.pred, (e,) + nxt.args[1:], nxt.positive)
            target = prev.ground(None)
            rng.shuffle(rules)
        level = _levels(set(facts), rules, ents)
        if any((not p, q, a) in level for p, q, a in level):
            continue            # ProofWriter's theories derive no contradiction
        want = rng.choice(("True", "False", "Unknown"))
        if want == "Unknown":
            if depth != 0:
                continue
            pool = []
            for e in ents:
                for a in adjs:
                    if (True, a, (e,)) not in level and (False, a, (e,)) not in level:
                        pool.append((True, a, (e,)))
            if not pool:
                continue
            q = rng.choice(pool)
        else:
            pool = [lit for lit, k in level.items() if k == depth]
            if target is not None and level.get(target) == depth:
                pool = [target]
            if not pool:
                continue
            lit = rng.choice(sorted(pool, key=repr))
            q = lit if want == "True" else (not lit[0], lit[1], lit[2])
        sentences = [_pw_fact_text(l, names) for l in facts.values()] + \
            [_pw_rule_text(b, h, names, rng) for b, h in rules]
        formulas = [l.formula() for l in facts.values()] + [_pw_rule_formula(b, h) for b, h in rules]
        qlit = PwLiteral(q[1], q[2], q[0])
        return PwProblem(pid, sentences, formulas, _pw_fact_text(qlit, names),
                         want, depth)
    return None


def _pw_rule_formula(body: list[PwLiteral], head: PwLiteral):
    from .fol import Implies, closure, conj
    return closure(Implies(conj([l.formula() for l in body]), head.formula()))


def generate_proofwriter(seed: int = 7, per_setting: int = 20, depths=range(0, 6)):
    """ProofWriter-style problems for each setting and depth, deterministic for a seed."""
    rng = random.Random(seed)
    out: dict[tuple[str, int], list[PwProblem]] = {}
    for setting in PW_SETTINGS:
        for d in depths:
            ps = []
            i = 0
            while len(ps) < per_setting and i < per_setting * 20:
                i += 1
                p = generate_proofwriter_problem(rng, setting, d, f"pw-{setting}-d{d}-{len(ps) + 1}")
                if p is not None:
                    ps.append(p)
            out[(setting, d)] = ps
    return out
