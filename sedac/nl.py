"""Ground truth: problem text to first-order logic through the SWI-Prolog DCG."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import re

from .fol import And, Atom, Const, Forall, Formula, Implies, Not, Var
from .swipl import INFERENCE_LIMIT, _lock, guarded, plist, quote, run_text
from .morphology import split_name
from .vocab import Vocabulary, sentences, vocabulary_from_text, words, pluralize
from . import morphology, text_vocab, vocab as _vocab_module

# (what the DCG's answers kept across processes depend on, besides the grammar: this module
# and the vocabulary's, `words` and the lexicon)
_SOURCES = (__file__, _vocab_module.__file__, text_vocab.__file__, morphology.__file__)


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


def _lexicon_entries(vocab: Vocabulary) -> tuple:
    """The lexicon's entries in the grammar's order: nouns (singular words, plural words,
    symbol), adjectives, names, entities (words, symbol), verbs (third person, base), as
    tuples: what the grammar is given is a function of them, so they name the lexicon (a
    key of the parses kept, without writing the text that sets it)."""
    plural_of: dict[str, list[str]] = {}
    for pl, sg in vocab.plurals.items():
        plural_of.setdefault(sg, []).append(pl)
    nouns = tuple((split_name(sg), split_name(pl), sg)
                  for sg in sorted(vocab.nouns) for pl in plural_of.get(sg) or [pluralize(sg)])
    return (nouns, tuple(sorted(vocab.adjectives)), tuple(sorted(vocab.names)),
            tuple((tuple(phrase.split()), sym) for phrase, sym in sorted(vocab.entities.items())),
            tuple(sorted(vocab.verbs.items())))


def _lexicon_goal(vocab: Vocabulary, entries: tuple | None = None) -> str:
    """The goal that sets the lexicon, its entries written as Prolog terms (`entries`:
    `_lexicon_entries(vocab)`, when the caller has them)."""
    nouns, adjs, names, entities, verbs = entries or _lexicon_entries(vocab)
    ns = plist(f"n({plist(map(quote, sg))},{plist(map(quote, pl))},{quote(sym)})"
               for sg, pl, sym in nouns)
    goal = (f"sedac_nl:set_lexicon({ns},{plist(map(quote, adjs))},"
            f"{plist(map(quote, names))})")
    es = plist(f"e({plist(map(quote, ws))},{quote(sym)})" for ws, sym in entities)
    vs = plist(f"v({quote(t)},{quote(b)},{quote(t)})" for t, b in verbs)
    return f"{goal}, sedac_nl:set_relations({es},{vs})"


# What the grammar reads as text (`lexicon_text/6`, `sentences_text/2`): fields without a
# control character of their own (a tab, a newline); anything else goes as Prolog terms.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")     # (tabs and newlines are counted)


def _lexicon_text(vocab: Vocabulary, entries: tuple | None = None) -> str | None:
    """The lexicon as the text `sedac_nl:lexicon_text/6` reads (a line per entry, tabs
    between fields, spaces between the words of a list), or None when a field has a
    control character (it would not read back as itself). `entries`: as `_lexicon_goal`'s."""
    nouns, adjs, names, entities, verbs = entries or _lexicon_entries(vocab)
    lines = [f"n\t{' '.join(sg)}\t{' '.join(pl)}\t{sym}" for sg, pl, sym in nouns]
    lines += [f"a\t{a}" for a in adjs]
    lines += [f"m\t{m}" for m in names]
    lines += [f"e\t{' '.join(ws)}\t{sym}" for ws, sym in entities]
    lines += [f"v\t{t}\t{b}" for t, b in verbs]
    text = "\n".join(lines)
    tabs = 3 * len(nouns) + len(adjs) + len(names) + 2 * len(entities) + 2 * len(verbs)
    if text.count("\t") != tabs or text.count("\n") != max(len(lines) - 1, 0) or \
            _CONTROL.search(text):
        return None
    return text


def _lexicon_call(vocab: Vocabulary, entries: tuple | None = None) -> tuple[str, str]:
    """(what sets the lexicon before the parse, the goal to run under its limit): the
    lexicon read from one text, or written as terms when it cannot be (`_lexicon_text`)."""
    text = _lexicon_text(vocab, entries)
    if text is None:
        return "true", _lexicon_goal(vocab, entries)
    return (f"sedac_nl:lexicon_text({quote(text)}, SedacN, SedacA, SedacM, SedacE, SedacV)",
            "sedac_nl:set_lexicon(SedacN, SedacA, SedacM), sedac_nl:set_relations(SedacE, SedacV)")


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
    (a batch over budget is split until each sentence has its own).

    Usually one Prolog call: the lexicon is set (when it is not the one set last) and the
    first batch parsed in the same query, each under its own inference limit, and the
    parses come back as one text. A sentence (its words) already parsed with this very
    lexicon, while it or one of the few set after it (`KEPT_LEXICONS`) was the last, is not
    parsed again, and a call whose sentences all were sets no lexicon: the glosses of a
    program are mostly the problem's own sentences."""
    entries = _lexicon_entries(vocab)
    from .swipl import remembered

    def key() -> str:
        import json
        return json.dumps([_lexicon_call(vocab, entries), texts])
    # (the DCG's answers, kept across processes: a process that parses one text it has
    # parsed before does not start SWI-Prolog; `remembered` says when an entry is used;
    # this module and the vocabulary's (`words`, the lexicon) are part of its key)
    results, limited = remembered(
        "nl", key, lambda: _parse_raw(texts, vocab, entries),
        lambda v: _valid_raw(v, len(texts)), needs=("nl",), files=_SOURCES)
    return [_result(r) for r in results], limited


def _valid_raw(value, n: int) -> bool:
    return (isinstance(value, list) and len(value) == 2 and isinstance(value[0], list)
            and len(value[0]) == n and all(isinstance(r, str) and (r == "none" or "\t" in r)
                                           for r in value[0])
            and isinstance(value[1], list)
            and all(type(i) is int and 0 <= i < n for i in value[1]))


def _parse_raw(texts: list[str], vocab: Vocabulary, lexicon: tuple) -> list:
    """What the DCG says of each sentence (`none`, or `Kind<TAB>Tptp`) and the positions of
    the sentences over budget. `lexicon`: `_lexicon_entries(vocab)`.

    When the grammar holds another lexicon that gives every word of the sentences to parse
    the same entries (`_view`), they are parsed with it, as they are: that lexicon is not
    set again after them (an English line of a reply, read with its own words, between the
    text's sentences and its glosses), and their parses are kept for both lexicons."""
    count = len(vocab.nouns) + len(vocab.adjectives) + len(vocab.names) + \
        len(vocab.entities) + len(vocab.verbs)
    lexicon_limit = INFERENCE_LIMIT + PER_ENTRY * count
    wordlists = [tuple(words(t)) for t in texts]
    results: list = [None] * len(texts)
    limited: list[int] = []
    with _lock:   # the lexicon is set once, for every batch: nothing else may set another
        known = _known(lexicon)
        todo = []
        for i, ws in enumerate(wordlists):
            if ws in known:
                results[i] = known[ws]
            else:
                todo.append(i)
        pending = [todo[k:k + BATCH] for k in range(0, len(todo), BATCH)]
        held = _STATE["lexicon"]
        also = None           # (the parses of the lexicon held, when they are this call's too)
        if 0 < len(todo) <= FEW and held is not None and held != lexicon:
            used = frozenset(w for i in todo for w in wordlists[i])
            mine = _view(_index(lexicon), used) if _sets_within(lexicon, lexicon_limit) else None
            if mine is not None:
                if _STATE["index"] is None:    # (made when first asked, once a lexicon)
                    _STATE["index"] = _index(held)
                if mine == _view(_STATE["index"], used):
                    also = _STATE["parses"].get(held, {})
                    lexicon = held
        while pending:
            batch = pending.pop(0)
            goal = _parse_goal([wordlists[i] for i in batch])
            if _STATE["lexicon"] != lexicon:
                _STATE["lexicon"] = None        # (set again below only when all of it was)
                prep, sets = _lexicon_call(vocab, lexicon)
                goal = (f"({prep}, {guarded(sets, lexicon_limit, 'L')} -> "
                        f"({goal} -> true ; SedacOut = '!over') ; SedacOut = '!lexicon')")
                out = run_text(goal, limit=2 * (lexicon_limit + _parse_limit(batch, wordlists)),
                               needs=("nl",))
                if out is None or out == "!lexicon":
                    return [["none"] * len(texts), list(range(len(texts)))]
                _STATE["lexicon"], _STATE["index"] = lexicon, None
            else:
                out = run_text(goal, limit=2 * _parse_limit(batch, wordlists), needs=("nl",))
                if out is None:
                    out = "!over"
            if out != "!over":
                for i, r in zip(batch, out.split("\n")):
                    results[i] = known[wordlists[i]] = r
                    if also is not None:
                        also[wordlists[i]] = r
            elif len(batch) > 1:
                mid = len(batch) // 2
                pending[:0] = [batch[:mid], batch[mid:]]
            else:
                limited.append(batch[0])
    return [["none" if r is None else r for r in results], sorted(limited)]


# The lexicon the grammar holds (the `_lexicon_entries` it was set from; `index`: their
# `_index`, made when first asked), and the parses made with the
# lexicons set last, by lexicon (what the DCG said of each sentence's words: `none` or
# `Kind<TAB>Tptp`), the one used last at the end.
_STATE: dict = {"lexicon": None, "parses": {}, "index": None}
# (A problem goes back to a lexicon it left: its text's, set for the ground truth, then an
# English line's own for the language decision (unless the text's gives its words the same
# entries, `_view`), then the text's again for that line and for the glosses, which are
# mostly the text's own sentences. A parse is a function of the
# grammar, the lexicon and the words alone, so a kept one is the answer the grammar would
# give again; a sentence over budget is never kept.)
KEPT_LEXICONS = 4


def _known(lexicon: tuple) -> dict:
    """The parses made with `lexicon`, now the one used last (the oldest of more than
    KEPT_LEXICONS forgotten)."""
    kept = _STATE["parses"]
    known = kept.pop(lexicon, None)
    if known is None:
        known = {}
        while len(kept) >= KEPT_LEXICONS:
            del kept[next(iter(kept))]
    kept[lexicon] = known
    return known


# How many sentences a call may have to be parsed with the lexicon held (`_view`): an English
# line of a reply is one; a text's sentences, with a lexicon of their own, rarely find all
# their words' entries in another, and the views would cost more to compare than they save.
FEW = 4
# What setting a lexicon costs the grammar (`lexicon_text/6`, then `set_lexicon/3` and
# `set_relations/2`), in inferences, at most: a base and a share per entry, whatever its
# words (they are split and joined by builtins, one inference each however long);
# tests/test_nl_protocol.py measures it. A lexicon whose budget covers that cost is always
# set, so what it gives a sentence is its parse, not the '!lexicon' of a budget run out.
SET_BASE, SET_PER_ENTRY = 1_000, 40


def _sets_within(entries: tuple, budget: int) -> bool:
    """Whether the lexicon of `entries` is set within `budget` inferences, whatever else."""
    return SET_BASE + SET_PER_ENTRY * sum(map(len, entries)) <= budget


_PLAIN_WORD = re.compile(r"\S+")


def _index(entries: tuple) -> dict:
    """A lexicon's entries (`_lexicon_entries`) by each of their words, and by each word of
    one split at spaces: word -> [(position, entry, whether its words are all plain)]. A
    plain word is not empty and has no white space or control character in it (a word
    that is not plain may read as other words in the lexicon's text than as a term)."""
    nouns, adjs, names, entities, verbs = entries
    flat = [(("n", sg, pl, sym), sg + pl) for sg, pl, sym in nouns]
    flat += [(("a", a), (a,)) for a in adjs] + [(("m", m), (m,)) for m in names]
    flat += [(("e", ws, sym), ws) for ws, sym in entities]
    flat += [(("v", t, b), (t, b)) for t, b in verbs]
    index: dict = {}
    for k, (entry, ws) in enumerate(flat):
        plain = all(_PLAIN_WORD.fullmatch(w) and w.isprintable() for w in ws)
        keys = set(ws)
        keys.update(p for w in ws if " " in w for p in w.split(" "))
        for w in keys:
            index.setdefault(w, []).append((k, entry, plain))
    return index


def _view(index: dict, used: frozenset) -> tuple | None:
    """The entries of a lexicon (`_index`) the grammar may look up while it parses
    sentences of the words `used`, in their order, or None when one of them is not plain.

    The grammar looks an entry up only by a word of the sentence (`lex_get/3` on the
    bound word: a noun by the first word of its singular or of its plural, an entity by its
    first word, a verb by either form, an adjective or a name by itself), and tries the
    entries of one word in the order given. So two lexicons whose views of a sentence's
    words are equal give that sentence the same parse in the same number of inferences. An
    entry is in the view when any of its words (or a word of one, split at spaces) is used:
    more than the grammar can look up, never less."""
    found = {}
    for w in used:
        for k, entry, plain in index.get(w, ()):
            if not plain:
                return None
            found[k] = entry
    return tuple(found[k] for k in sorted(found))


def _parse_limit(batch: list[int], wordlists: list[tuple]) -> int:
    return INFERENCE_LIMIT + PER_WORD * sum(len(wordlists[i]) + 1 for i in batch)


def _parse_goal(batch: list[tuple]) -> str:
    """The parses of a batch as the text `SedacOut`, under the batch's inference limit (the
    sentences are read from one text first: a line each, words apart by spaces; `words`
    gives no word a space or a control character)."""
    sents = quote("\n".join(" ".join(ws) for ws in batch))
    limit = INFERENCE_LIMIT + PER_WORD * sum(len(ws) + 1 for ws in batch)
    return (f"sedac_nl:sentences_text({sents}, SedacW), "
            + guarded("sedac_nl:parse_all_text(SedacW, SedacOut)", limit, "P"))


@lru_cache(maxsize=4096)    # (a function of the text; its formula is frozen: one may be shared)
def _result(r: str) -> tuple[str, Formula] | None:
    if r == "none":
        return None
    kind, tptp = r.split("\t", 1)
    return kind, _formula(tptp)


_RULE = re.compile(r"^! \[X\] : \((\w+)\(X\) => (~ )?(\w+)\(X\)\)$")
_FACT = re.compile(r"^(~ )?(\w+)\((\w+)\)$")
_LITERAL = re.compile(r"(~ )?([a-z][a-z0-9_]*)\(([a-zA-Z0-9_,]+)\)")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_X = Var("X")


def _formula(tptp: str) -> Formula:
    """The DCG's output: its shapes directly, anything else through the TPTP reader."""
    m = _RULE.match(tptp)
    if m:
        head = Atom(m.group(3), (_X,))
        return Forall((_X,), Implies(Atom(m.group(1), (_X,)), Not(head) if m.group(2) else head))
    m = _FACT.match(tptp)
    if m:
        atom = Atom(m.group(2), (Const(m.group(3)),))
        return Not(atom) if m.group(1) else atom
    f = _relational(tptp)
    if f is not None:
        return f
    from .readers.tptp import parse_formula      # (lark's TPTP parser: other shapes only)
    return parse_formula(tptp)


def _relational(tptp: str) -> Formula | None:
    """ProofWriter's shapes (`tptp/2` of the grammar): `[! [X] : ](Body => Head)` or a
    conjunction of literals, each part one literal or `(l1 & l2 & ...)`, as the TPTP
    reader reads them; None for anything else."""
    quantified = tptp.startswith("! [X] : ")
    t = tptp[8:] if quantified else tptp
    if t.startswith("(") and t.endswith(")") and " => " in t:
        body, _, head = t[1:-1].partition(" => ")
        b, h = _conjunction(body, quantified), _conjunction(head, quantified)
        if b is None or h is None:
            return None
        f = Implies(b, h)
    else:
        f = _conjunction(t, quantified)
        if f is None:
            return None
    return Forall((_X,), f) if quantified else f


def _conjunction(text: str, quantified: bool) -> Formula | None:
    if text.startswith("(") and text.endswith(")"):
        parts = text[1:-1].split(" & ")
        if len(parts) < 2:
            return None
        lits = [_literal(p, quantified) for p in parts]
        return None if any(x is None for x in lits) else And(tuple(lits))
    return _literal(text, quantified)


def _literal(text: str, quantified: bool) -> Formula | None:
    m = _LITERAL.fullmatch(text)
    if m is None:
        return None
    args = []
    for a in m.group(3).split(","):
        if a == "X" and quantified:
            args.append(_X)
        elif _NAME.fullmatch(a):
            args.append(Const(a))
        else:
            return None
    atom = Atom(m.group(2), tuple(args))
    return Not(atom) if m.group(1) else atom


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
