"""Every diagnostic code sedac emits, with its category and fix safety.

Letters group the codes as ruff does: C communication, Y symbol, N natural
language, K knowledge, E and P other syntax, R shallow rewrite rules, D deep
derivation rules, O omission, Q query. `--select`/`--ignore` take codes,
prefixes (`R`, `D1`) or category names (`deep-semantic`). F001 and F002 are notes of
sedac's own fix check (`sedac/fixcheck.py`), not errors of the program: their category is
`other-syntax` (the contract's categories are fixed), and `sedac eval` keeps them out of its
error counts.
"""
from __future__ import annotations

from dataclasses import dataclass

from .rules import REGISTRY


@dataclass(frozen=True)
class Code:
    code: str
    category: str
    fix: str            # safe | unsafe | display-only | none
    summary: str


_TABLE = [
    Code("C001", "communication", "safe", "a Markdown code fence around the program (made a comment)"),
    Code("C002", "communication", "safe", "prose or chatter addressed to the reader instead of code (made a comment)"),
    Code("C003", "communication", "safe", "a `<<` / `>>` marker around the code"),
    Code("C004", "communication", "safe", "trailing text after the program (a second problem, an answer)"),
    Code("C005", "communication", "safe", "the output of running a query (`A = false.`, `true.`, `yes`) pasted after it (made a comment)"),
    Code("C006", "communication", "safe", "prose, headings or bullets around the fenced code blocks of a Markdown reply (made a comment)"),
    Code("C008", "communication", "safe", "the question named only in prose (`We want to know whether Rex is large.`): read as the query, the goal written beneath it"),
    Code("C007", "communication", "none", "the file's content is another language than its extension says (read as what it is)"),
    Code("Y001", "symbol", "safe", "`-?` or `?` written for the query operator `?-`"),
    Code("Y002", "symbol", "safe", "`:=`, `<-` or `if` written for `:-`"),
    Code("Y003", "symbol", "safe", "a clause without its final full stop"),
    Code("Y004", "symbol", "safe", "a variable without a quantifier (read as universally quantified)"),
    Code("Y005", "symbol", "safe", "a negated head `\\+p(X) :- ...`, not loadable; written `neg_p(X) :- ...` (or the program's own `not_p`)"),
    Code("Y006", "symbol", "safe", "`?` or `bool` in place of a truth value"),
    Code("Y007", "symbol", "safe", "a name written with a capital letter, so a variable in Prolog (`yumpus(Max).`)"),
    Code("Y008", "symbol", "safe", "negation written into a predicate name (`NotEarthy($x, True)`)"),
    Code("Y009", "symbol", "safe", "a predicate named like a SWI-Prolog built-in (`number/1`): renamed consistently (`is_number`)"),
    Code("Y010", "symbol", "safe", "negation written `!`, `~`, `¬`, `not` or `Not(...)` in the Pyke-like format, whose negation is the truth value `False`"),
    Code("Y011", "symbol", "safe", "a name written with a space (`bald eagle`): read as one name (`BaldEagle`)"),
    Code("Y012", "symbol", "safe", "a truth value after `=` (`Likes(cat, dog) = False`) instead of as the last argument"),
    Code("Y013", "symbol", "safe", "an individual written with a name starting with u-z, so a variable in Prover9 (`tumpus(wren).`): written `Wren`"),
    Code("N001", "natural-language", "safe", "an English sentence of the simple forms in place of code (translated)"),
    Code("N002", "natural-language", "safe", "English text in place of code that sedac cannot translate (commented out)"),
    Code("K001", "knowledge", "safe", "arithmetic or numbers: background knowledge instead of a translation (commented out)"),
    Code("K002", "knowledge", "safe", "a class defined by a type test and the failure of an unstated predicate (commented out)"),
    Code("E001", "other-syntax", "safe", "a clause that does not parse (commented out)"),
    Code("E002", "other-syntax", "safe", "brackets nested too deeply (commented out)"),
    Code("E003", "other-syntax", "safe", "a nested term: the logic has no function symbols (commented out)"),
    Code("E004", "other-syntax", "safe", "a built-in without logical reading (cut, I/O, call of a variable) (commented out)"),
    Code("E005", "other-syntax", "safe", "a clause head that is not a predicate (commented out)"),
    Code("E006", "other-syntax", "safe", "a truth value alone as a statement (commented out)"),
    Code("E007", "other-syntax", "safe", "a truth value among the arguments (commented out)"),
    Code("E008", "other-syntax", "safe", "a predicate called but never defined nor declared: SWI-Prolog raises an existence error (declared `:- dynamic`)"),
    Code("E009", "other-syntax", "none", "`:- initialization(G)`: SWI-Prolog runs a goal of the program when it loads the file; sedac never runs it (goals that act outside the logic, there or anywhere, are E010)"),
    Code("E010", "other-syntax", "safe", "a goal that acts outside the logic (a process, files or streams, the program's own clauses, loading code, threads or sockets, ending the process, a call of a goal built at run time, a load-time hook) in a body, directive, wrapper or query: read as `true`, commented out so the fixed file is safe to load. Other-syntax: it is a construct of Prolog the programming language with no reading in the logic, like E004's I/O; not knowledge, which is content of the world"),
    Code("P001", "other-syntax", "safe", "a rule under `Facts:` (read as a rule)"),
    Code("P002", "other-syntax", "safe", "a statement under `Predicates:` (read as a premise)"),
    Code("P004", "other-syntax", "none", "a Prover9 formula outside `formulas(...)` ... `end_of_list.` (read as an assumption)"),
    Code("P003", "other-syntax", "safe", "a rule written right to left with `<<<` (read as conditions `>>>` conclusion)"),
    Code("P005", "other-syntax", "safe", "an SMT-LIB command sedac does not read (a datatype, recursion, optimisation: noted; an unknown command: commented out)"),
    Code("P006", "other-syntax", "safe", "an SMT-LIB symbol used but never declared (declared), or used before its declaration, so an SMT solver refuses the file"),
    *[Code(r.code, r.category, r.applicability, f"{r.premise}  ->  {r.conclusion}"
           + (f"  if {r.condition}" if r.condition else "")) for r in REGISTRY],
    Code("D000", "deep-semantic", "unsafe", "a clause the text does not entail and no rule repairs (dropped)"),
    Code("F001", "other-syntax", "none", "a note: a fix withheld because the fixed file, read back, no longer says something no fix names (the file is left as it is there)"),
    Code("F002", "other-syntax", "none", "a note: a second --fix would change the fixed file again (sedac's fixes are not idempotent on it)"),
    Code("O001", "omission", "display-only", "a sentence of the text that the program does not entail"),
    Code("Q001", "query", "unsafe", "the program has no query; the text asks a question"),
    Code("Q002", "query", "unsafe", "the program's query does not ask what the question asks"),
    Code("Q003", "query", "unsafe", "an SMT-LIB question asked by `get-value` (a value in one model, not what follows): read as the query, rewritten as a refutation"),
]
CODES: dict[str, Code] = {c.code: c for c in _TABLE}

# Notes: not diagnostics (they name no error of the program, count in no category and set no
# exit code) but what sedac could not do on a file, said where its diagnostics are (`note:`
# lines in text, `"limits"` in check's JSON, `limits` in eval's summary.json). A file with a
# note is never reported as "All checks passed!".
NOTES: dict[str, Code] = {c.code: c for c in [
    Code("L001", "note", "none", "sentences of the text left unread: the grammar's inference budget "
         "(which grows with the text) ran out on them (JSON `limits.grammar`)"),
    Code("L002", "note", "none", "the closed-world answer was cut by its inference budget (which grows "
         "with the program): `Timeout`, no answer (JSON `limits.closed_world`)"),
    Code("L003", "note", "none", "prover questions left open by its time limit: unknown to sedac "
         "(JSON `limits.prover`)"),
]}
LIMIT_NOTES = {"grammar": "L001", "closed_world": "L002", "prover": "L003"}


def matches(code: str, category: str, selectors: list[str]) -> bool:
    """Whether a diagnostic is named by any selector (code, prefix or category)."""
    for s in selectors:
        s = s.strip()
        if not s:
            continue
        if s.upper() == "ALL" or code.startswith(s.upper()) or category == s.lower():
            return True
    return False


def known_selector(s: str) -> bool:
    s = s.strip()
    from .program import CATEGORIES
    return (s.upper() == "ALL" or s.lower() in CATEGORIES
            or any(c.startswith(s.upper()) for c in CODES))
