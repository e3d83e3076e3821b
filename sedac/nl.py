"""Ground truth: problem text to first-order logic through the SWI-Prolog DCG."""
from __future__ import annotations

from dataclasses import dataclass, field

import re

from .fol import Atom, Const, Forall, Formula, Implies, Not, Var
from .swipl import INFERENCE_LIMIT, _lock, plist, quote, run
from .vocab import Vocabulary, sentences, split_words, vocabulary_from_text, words, pluralize


@dataclass(frozen=True)
class NlSentence:
    index: int            # 1-based position among the sentences of the text
    text: str
    line: int
    column: int
    kind: str             # "statement" or "question"
    formula: Formula | None
    error: str | None = None


@dataclass
class GroundTruth:
    sentences: list[NlSentence]
    vocab: Vocabulary
    text: str = ""
    extra: list = field(default_factory=list)   # parses of the extra sentences

    @property
    def statements(self) -> list[NlSentence]:
        return [s for s in self.sentences if s.kind == "statement" and s.formula is not None]

    @property
    def axioms(self) -> list[Formula]:
        return [s.formula for s in self.statements]

    @property
    def question(self) -> NlSentence | None:
        qs = [s for s in self.sentences if s.kind == "question"]
        return qs[-1] if qs else None

    @property
    def unparsed(self) -> list[NlSentence]:
        return [s for s in self.sentences if s.formula is None]

    @property
    def limited(self) -> list[NlSentence]:
        """The sentences left unread because the grammar's inference budget ran out."""
        return [s for s in self.sentences if s.error == LIMIT_ERROR]


LIMIT_ERROR = "not read: the grammar's inference budget ran out"


def _is_question(text: str) -> bool:
    t = text.lower()
    return t.startswith(("true or false", "is the following statement",
                         "based on the above information"))


def _lexicon_goal(vocab: Vocabulary) -> str:
    plural_of: dict[str, list[str]] = {}
    for pl, sg in vocab.plurals.items():
        plural_of.setdefault(sg, []).append(pl)
    nouns = []
    for sg in sorted(vocab.nouns):
        for pl in plural_of.get(sg) or [pluralize(sg)]:
            nouns.append(f"n({plist(map(quote, split_words(sg)))},"
                         f"{plist(map(quote, split_words(pl)))},{quote(sg)})")
    adjs = plist(quote(a) for a in sorted(vocab.adjectives))
    names = plist(quote(n) for n in sorted(vocab.names))
    goal = f"sedac_nl:set_lexicon({plist(nouns)},{adjs},{names})"
    entities = plist(f"e({plist(map(quote, phrase.split()))},{quote(sym)})"
                     for phrase, sym in sorted(vocab.entities.items()))
    verbs = plist(f"v({quote(t)},{quote(b)},{quote(t)})" for t, b in sorted(vocab.verbs.items()))
    return f"{goal}, sedac_nl:set_relations({entities},{verbs})"


BATCH = 256   # sentences per Prolog call
# The inference budget of one call: a base (the lexicon is asserted in the call) and a share
# per word, so that it grows with the input rather than cutting it at a fixed size. Parsing
# one sentence costs tens of inferences (the lexicon is indexed by first word); the budget
# only stops a pathological sentence.
PER_WORD = 2_000
PER_ENTRY = 200


def parse_sentences(texts: list[str], vocab: Vocabulary) -> list[tuple[str, Formula] | None]:
    """Parse sentences with a given lexicon: (kind, formula) or None for each."""
    return parse_sentences_limited(texts, vocab)[0]


def parse_sentences_limited(texts: list[str], vocab: Vocabulary
                            ) -> tuple[list[tuple[str, Formula] | None], list[int]]:
    """Parse sentences with a given lexicon: (kind, formula) or None for each, and the
    positions of the sentences left unread because the grammar's inference budget ran out
    (a batch over budget is split until each sentence has its own)."""
    lexicon = _lexicon_goal(vocab)
    import json
    from . import vocab as vocab_module
    from .swipl import remembered
    # (the DCG's answers, kept across processes: a process that parses one text it has
    # parsed before does not start SWI-Prolog; `remembered` says when an entry is used;
    # this module and `vocab` (`words`) are part of its key)
    results, limited = remembered(
        "nl", json.dumps([lexicon, texts]), lambda: _parse_raw(texts, vocab, lexicon),
        lambda v: _valid_raw(v, len(texts)), needs=("nl",),
        files=(__file__, vocab_module.__file__))
    out = []
    for r in results:
        if r == "none":
            out.append(None)
        else:
            kind, tptp = r.split("\t", 1)
            out.append((kind, _formula(tptp)))
    return out, limited


def _valid_raw(value, n: int) -> bool:
    return (isinstance(value, list) and len(value) == 2 and isinstance(value[0], list)
            and len(value[0]) == n and all(isinstance(r, str) and (r == "none" or "\t" in r)
                                           for r in value[0])
            and isinstance(value[1], list)
            and all(type(i) is int and 0 <= i < n for i in value[1]))


def _parse_raw(texts: list[str], vocab: Vocabulary, lexicon: str) -> list:
    """What the DCG says of each sentence (`none`, or `Kind<TAB>Tptp`) and the positions of
    the sentences over budget."""
    entries = len(vocab.nouns) + len(vocab.adjectives) + len(vocab.names) + \
        len(vocab.entities) + len(vocab.verbs)
    results: list = ["none"] * len(texts)
    limited: list[int] = []
    pending = [(i, min(i + BATCH, len(texts))) for i in range(0, len(texts), BATCH)]
    with _lock:   # the lexicon is set once, for every batch: nothing else may set another
        if run(f"{lexicon}, true", limit=INFERENCE_LIMIT + PER_ENTRY * entries,
               needs=("nl",)) is None:
            return [["none"] * len(texts), list(range(len(texts)))]
        while pending:
            lo, hi = pending.pop(0)
            batch = [words(t) for t in texts[lo:hi]]
            goal = f"sedac_nl:parse_all({plist(plist(map(quote, ws)) for ws in batch)}, Rs)"
            sol = run(goal, limit=INFERENCE_LIMIT + PER_WORD * sum(len(ws) + 1 for ws in batch),
                      needs=("nl",))
            if sol:
                results[lo:hi] = sol["Rs"]
            elif hi - lo > 1:
                mid = (lo + hi) // 2
                pending[:0] = [(lo, mid), (mid, hi)]
            else:
                limited.append(lo)
    return [[str(r) for r in results], limited]


_RULE = re.compile(r"^! \[X\] : \((\w+)\(X\) => (~ )?(\w+)\(X\)\)$")
_FACT = re.compile(r"^(~ )?(\w+)\((\w+)\)$")
_X = Var("X")


def _formula(tptp: str) -> Formula:
    """The DCG's output: its two shapes directly, anything else through the TPTP reader."""
    m = _RULE.match(tptp)
    if m:
        head = Atom(m.group(3), (_X,))
        return Forall((_X,), Implies(Atom(m.group(1), (_X,)), Not(head) if m.group(2) else head))
    m = _FACT.match(tptp)
    if m:
        atom = Atom(m.group(2), (Const(m.group(3)),))
        return Not(atom) if m.group(1) else atom
    from .readers.tptp import parse_formula      # (lark's TPTP parser: other shapes only)
    return parse_formula(tptp)


def nl_to_fof(text: str, extra_sentences: list[str] = ()) -> GroundTruth:
    """Every sentence of a PrOntoQA problem text to its canonical formula.

    `extra_sentences` (a chain of thought, say) contribute vocabulary, and are parsed
    in the same call: their results are in `GroundTruth.extra`.
    """
    found = sentences(text)
    texts = [s for _, s in found]
    extra = list(extra_sentences)
    vocab = vocabulary_from_text(texts + extra)
    parsed_all, limited = parse_sentences_limited(texts + extra, vocab) if texts or extra \
        else ([], [])
    limited = set(limited)
    parsed, extra_parsed = parsed_all[:len(texts)], parsed_all[len(texts):]
    out = []
    line, seen, line_start = 1, 0, 0   # counted once over the text, not from its start each time
    for i, ((offset, sent), res) in enumerate(zip(found, parsed), start=1):
        line += text.count("\n", seen, offset)
        last = text.rfind("\n", seen, offset)
        line_start = last + 1 if last >= 0 else line_start
        seen = offset
        column = offset - line_start + 1
        if res is None:
            kind = "question" if _is_question(sent) else "statement"
            out.append(NlSentence(i, sent, line, column, kind, None,
                                  LIMIT_ERROR if i - 1 in limited
                                  else "not a sentence of the forms the grammar knows"))
        else:
            out.append(NlSentence(i, sent, line, column, res[0], res[1]))
    return GroundTruth(out, vocab, text, extra_parsed)
