"""What a reader is: a language name and `read(text, path) -> Program`."""
from __future__ import annotations

from ..fol import And, Iff, Implies, Not, Or
from ..program import Program
from ..vocab import Vocabulary


class Reader:
    """Reads one input language. `vocab_hint` is the problem's vocabulary, when the
    problem text is known (it helps to translate English lines found in programs)."""

    lang = "?"
    clausal = False               # clauses span lines: fenced code is code as a whole
    comment_marks: tuple[str, ...] = ("%",)
    own_headers: tuple[str, ...] = ()   # section headers of the format itself (`Premises:`)

    def __init__(self, vocab_hint: Vocabulary | None = None):
        self._hint = vocab_hint
        self._hint_asked = False
        self._sample_read: tuple | None = None
        self._questions: list | None = None

    def ask_hint(self, question):
        """`question(hint)`: what the read needs of the hint, asked through a function of it
        alone, whose answer (compared with `==`) is noted. A read that asks the hint only so
        reads the same with another hint that answers every question alike (`reread`)."""
        answer = question(self._hint)
        if self._questions is not None:
            self._questions.append((question, answer))
        return answer

    @property
    def vocab_hint(self) -> Vocabulary | None:
        """The hint, noted as asked: a read that never asks it reads the same with any hint
        (`reread`)."""
        self._hint_asked = True
        return self._hint

    @vocab_hint.setter
    def vocab_hint(self, value: Vocabulary | None) -> None:
        self._hint = value

    def read(self, text: str, path: str = "<program>") -> Program:
        raise NotImplementedError

    def reads(self, stmt: str) -> bool:
        """Whether one line's logic (decorations aside) is a statement of this language; the
        reply layer asks it of line-based formats."""
        return False


    def tries(self, stmt: str) -> bool:
        """`reads` for a piece of a line that may be no statement: a reader whose reading
        notes the file's style (`foltext`) notes nothing of it here."""
        return self.reads(stmt)

    def layout(self, text: str):
        """The reply layer's reading of `text` for this language (`sedac.reply.split`)."""
        from ..reply import split
        return split(text, self)

    def coverage(self, text: str) -> int:
        """How much of the logic of `text` this reader reads: its clauses read without an
        error, each worth two of its syntax errors (a formula language whose arithmetic
        lines fail still reads more than a format that calls its formulas prose); the
        language decision compares them."""
        self._hint_asked, self._sample_read, self._questions = False, None, []
        try:
            prog = self.read(text, "<sample>")
        except Exception:      # a reader that cannot read a sample at all reads none of it
            return 0
        finally:
            questions, self._questions = self._questions, None
        if not self._hint_asked:
            self._sample_read = (text, prog, questions)
        # (English sentences a reader translates are not its language, however it reads them)
        english = {d.clause for d in prog.diagnostics if d.category == "natural-language"}
        good = sum(1 for i, c in enumerate(prog.clauses)
                   if c.formula is not None and c.note != "english" and i not in english)
        bad = sum(1 for d in prog.diagnostics if d.code[0] in "EK")
        # the format's own section headers (`Facts:`/`Rules:` for Pyke, `Premises:` for FOL
        # text; not the `Predicates:` both write) say whose file it is, where a line such as
        # `Big(Bob, True)` reads in either
        # (a YAML document's keys are its data's, not headers: `sedac.reply_json.outside`)
        from ..reply_json import outside
        return max(0, 2 * good - bad + 4 * self.headers(outside(text)))

    def reread(self, text: str, path: str, vocab_hint: Vocabulary | None) -> Program | None:
        """`read(text, path)` with `vocab_hint`, without reading again: the program that
        `coverage` read, when its sample was all of `text` and that read never asked the
        hint (a read is a function of its text and hint, and the path is only the
        program's name), or asked it only through `ask_hint` and `vocab_hint` answers each
        of those questions as the hint of that read did; None otherwise. The reader then
        holds `vocab_hint`, as a reader made with it would."""
        got, self._sample_read = self._sample_read, None
        if got is None or got[0] != text:
            return None
        try:
            alike = all(question(vocab_hint) == answer for question, answer in got[2])
        except Exception:        # a question the new hint cannot answer: read again
            alike = False
        if not alike:
            return None
        self.vocab_hint = vocab_hint
        got[1].path = path
        return got[1]

    def headers(self, text: str) -> int:
        """How many lines of `text` are the format's own section headers, alone on their line
        (what `coverage` counts them for)."""
        from .probes import headers
        return headers(text, self.own_headers)

    def coverage_bound(self, text: str) -> int | None:
        """An upper bound of `coverage(text)` found without reading `text` (its cheap
        signature: a count of the places a statement of the language could be), or None when
        there is none. The language decision skips a reader whose bound shows that its
        coverage cannot change the choice; a bound must hold for every text, so each reader
        argues its own in its docstring (`sedac.readers.probes`, where the language decision
        asks it without importing the reader)."""
        from .probes import bound
        return bound(self.lang, text)

    def write(self, formula, kind: str = "statement", gloss: str = "",
              program: Program | None = None, vocab: Vocabulary | None = None) -> str | None:
        """A formula as one statement (or query) of this language, spelled as `program`
        spells its names; None when the language has no way to say it."""
        raise NotImplementedError

    def finish(self, program: Program, statements: list, queries: list, vocab=None) -> list:
        """Diagnostics about the program as the fixes leave it (`statements` and `queries` are
        its formulas then); the engine calls this after the rules. None by default."""
        return []

    def comment(self, text: str) -> str:
        """`text` (any number of lines) as a comment of this language."""
        return "\n".join("% " + line for line in text.split("\n"))


def own_spelling(program: Program | None, vocab: Vocabulary | None) -> dict[str, str]:
    """The text's words to the program's own names for them, where the program chose another
    form (`need` for the text's `needs`, `num` for `number`): a fix writes them as the
    program does."""
    if program is None or vocab is None:
        return {}
    return dict(_once(program, vocab, "spelling", lambda: _own_spelling(program, vocab)))


def _once(program: Program, vocab, what: str, compute, *also):
    """`compute()`, computed once per program and vocabulary (the fixes of a program ask for
    its names once per diagnostic: scanning the program each time would be quadratic). The
    answer is remembered on the program, for its clauses as they are now and that very
    vocabulary as large as it is now (and `also`, what else the answer depends on)."""
    cache = program.__dict__.setdefault("_own_names_cache", {})
    key = (what, id(vocab), len(program.clauses), len(getattr(vocab, "names", ())),
           len(getattr(vocab, "nouns", ())), *also)
    hit = cache.get(key)
    if hit is None or hit[0] is not vocab:
        hit = cache[key] = (vocab, compute())
    return hit[1]


def _own_spelling(program: Program, vocab: Vocabulary) -> dict[str, str]:
    from ..fol import predicates
    own = {pa for c in program.clauses if c.formula is not None for pa in predicates(c.formula)}
    used = {p for p, _ in own}
    out = {}
    for name, arity in sorted(own):
        word = vocab.alias_of(name, arity)
        if word and word not in used:
            out.setdefault(word, name)
    return out


def in_own_spelling(formula, program: Program | None, vocab: Vocabulary | None):
    """`formula` with the program's own names for the text's words (see `own_spelling`)."""
    names = own_spelling(program, vocab)
    if not names:
        return formula
    from ..fol import rename_preds
    return rename_preds(formula, names)


def own_names(program: Program | None, vocab: Vocabulary | None) -> dict:
    """The text's individuals to the program's own spelling of them (`bald_eagle` ->
    `the_bald_eagle`, as constants), for the constants the program spells otherwise: a
    mapping for `fol.replace_terms`."""
    if program is None or vocab is None or not hasattr(vocab, "name_alias"):
        return {}
    return dict(_once(program, vocab, "names", lambda: _own_names(program, vocab)))


def _own_names(program: Program, vocab: Vocabulary) -> dict:
    from ..fol import Const, constants
    own = {k.name for c in program.clauses if c.formula is not None for k in constants(c.formula)}
    out = {}
    for name in sorted(own):
        word = vocab.name_alias(name)
        if word and word not in own:
            out.setdefault(Const(word), Const(name))
    return out


def tree_connective(d: str, kids: list, walk):
    """The formula of a parse tree node that is a connective (`neg`, `conj`, `disj`, `imp`,
    `iff`, and `rimp`, `q <- p`), its children read by `walk`; None for any other node. The
    formula grammars (FOL text, Prover9) name their connective rules alike."""
    if d == "neg":
        return Not(walk(kids[0]))
    if d in ("conj", "disj"):
        parts = tuple(walk(k) for k in kids)
        return And(parts) if d == "conj" else Or(parts)
    if d == "imp":
        return Implies(walk(kids[0]), walk(kids[1]))
    if d == "rimp":
        return Implies(walk(kids[1]), walk(kids[0]))
    if d == "iff":
        return Iff(walk(kids[0]), walk(kids[1]))
    return None
