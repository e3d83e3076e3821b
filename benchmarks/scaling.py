"""Time and peak memory of every path of sedac against the size of its input.

Every path (`check` without and with the problem text, `--fix`, `--unsafe-fixes`, `ask`
without and with the text, `eval`, `report`, `verify-chain`) runs on generated inputs of 1k
to 16k clauses, in every language (Prolog, Pyke, FOL text, TPTP, LINC, Prover9, SMT-LIB: each
written by its reader's own `write`, SMT-LIB with its declarations), for three families:

- facts: N facts over 10 classes (`Name is a wumpus.`), one in ten written with the plural
  (`wumpuses(namea)`, a shallow diagnostic R6 with a fix), a chain of 9 rules, a query;
- rules: N rules of two conditions (`All big, kind things are red.`) over 40 adjectives,
  20 facts about 10 individuals, a query (the grammar's lexicon stays small: a text of
  thousands of distinct nouns is a lexicon the rules family does not need to measure growth);
- relations: N binary facts (`Namea likes Nameb.`), 10 rules on them, a query.

Each family grows one dimension: the open-world prover grounds every rule over every
individual, so rules times individuals is its work (a program of 16k rules over 16k
individuals is 256M ground clauses for any grounding prover).

With a text (the paths that take one) the text says exactly what the program means, so
the program's diagnostics are its shallow ones. `eval` and `report` run on a corpus of N/40
problems of the facts family at 40 clauses each (the per-problem work is what grows);
`verify-chain` on one chain of N/10 steps over a text of N/10 facts.

Each run is a fresh process; its CPU time (user + system, the machine may be shared) and
its peak resident memory are its own (the `swipl` and prover children included). Prints
one row per run and the growth exponent log(t2/t1)/log(n2/n1) between consecutive sizes;
`--markdown` prints the table README shows. `--plot` draws `benchmarks/scaling.png`.
`--repeat N` runs each case N times and keeps the fastest (the machine may be shared).

    python3 benchmarks/scaling.py                     # everything (long: about an hour)
    python3 benchmarks/scaling.py --quick             # 1k, 2k, 4k; Prolog only
    python3 benchmarks/scaling.py --paths check,fix --langs prolog,pyke --sizes 4000,16000
"""
from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

from sedac.fol import And, Atom, Const, Forall, Implies, Var, constants, predicates
from sedac.readers import reader_for

TIMEOUT = 900
LANGS = ("prolog", "pyke", "fol", "tptp", "linc", "prover9", "smtlib")
EXT = {"prolog": ".pl", "pyke": ".pyke", "fol": ".fol", "tptp": ".p", "linc": ".linc",
       "prover9": ".p9", "smtlib": ".smt2"}
PATHS = ("check", "check-nl", "fix", "unsafe-fixes", "ask", "ask-nl", "eval", "report",
         "verify-chain")
FAMILIES = ("facts", "rules", "relations")
SIZES = (1000, 2000, 4000, 8000, 16000)
NOUNS = ("wumpus", "zumpus", "jompus", "yumpus", "dumpus", "rompus", "numpus", "tumpus",
         "vumpus", "impus")
WORDS = ("big", "kind", "red", "cold", "nice", "round", "young", "blue", "quiet", "rough",
         "green", "white", "furry", "smart", "shy", "happy", "sad", "bright", "dull", "fast",
         "slow", "sweet", "sour", "bitter", "hot", "wet", "dry", "loud", "soft", "hard",
         "tall", "short", "old", "new", "rich", "poor", "wild", "tame", "brave", "calm")
ADJS = ("big", "kind", "red", "cold", "nice", "round", "young", "blue", "quiet", "rough")


def letters(i: int, width: int = 4) -> str:
    """A distinct name of letters for each number: 0 -> `aaaa`, 1 -> `aaab`. Never an `s`:
    a name that looks plural (`naoes`) makes the vocabulary load `inflect` once, a constant
    two seconds that would read as growth."""
    out = ""
    for _ in range(width):
        i, r = divmod(i, 25)
        out = "abcdefghijklmnopqrtuvwxyz"[r] + out
    return out


def plural(noun: str) -> str:
    return noun + ("es" if noun.endswith(("s", "x", "z", "sh", "ch")) else "s")


# ------------------------------------------------------------------ the problems

def family(kind: str, n: int) -> tuple[list, list, tuple, str]:
    """(statements as (formula, sentence), the query formula and sentence, the text)."""
    X = Var("X")

    def is_a(name, noun, written=None):
        return (Atom(written or noun, (Const(name),)), f"{name.capitalize()} is a {noun}.")

    def every(a, b, written=None):
        return (Forall((X,), Implies(Atom(written or a, (X,)), Atom(b, (X,)))),
                f"Every {a} is a {b}.")

    stmts = []
    if kind == "facts":
        for i in range(n):
            noun = NOUNS[i % 10]
            stmts.append(is_a("n" + letters(i), noun, plural(noun) if i % 10 == 3 else None))
        stmts += [every(NOUNS[k], NOUNS[k + 1]) for k in range(9)]
        query = is_a("n" + letters(5), NOUNS[9])
    elif kind == "rules":
        # distinct rules over a fixed vocabulary: `All big, kind things are red.` for every
        # pair of conditions and conclusion among 40 adjectives; 10 individuals
        def adj(f, name):
            return Atom(f, (Const(name),)), f"{name.capitalize()} is {f}."
        for k in range(10):
            stmts += [adj(WORDS[k], "n" + letters(k)), adj(WORDS[k + 1], "n" + letters(k))]
        made = 0
        for a in range(len(WORDS)):
            for b in range(a + 1, len(WORDS)):
                for c in range(len(WORDS)):
                    if made == n or c in (a, b):
                        continue
                    made += 1
                    stmts.append((Forall((X,), Implies(And((Atom(WORDS[a], (X,)), Atom(WORDS[b], (X,)))),
                                                       Atom(WORDS[c], (X,)))),
                                  f"All {WORDS[a]}, {WORDS[b]} things are {WORDS[c]}."))
        query = adj(WORDS[12], "n" + letters(3))
    elif kind == "relations":
        for i in range(n):
            a, b = "n" + letters(i % 200), "n" + letters((i * 7 + 1) % 200 + 200)
            stmts.append((Atom("likes", (Const(a), Const(b))),
                          f"{a.capitalize()} likes {b.capitalize()}."))
        for k in range(10):
            b = "n" + letters(200 + k)
            stmts.append((Forall((X,), Implies(Atom("likes", (X, Const(b))), Atom(ADJS[k], (X,)))),
                          f"If something likes {b.capitalize()} then it is {ADJS[k]}."))
        query = (Atom(ADJS[2], (Const("n" + letters(3)),)), f"N{letters(3)} is {ADJS[2]}.")
    else:
        raise ValueError(kind)
    text = " ".join(s for _, s in stmts) + \
        f"\nIs the following statement true or false? {query[1]}\n"
    return stmts, query, text


def program(lang: str, stmts: list, query: tuple) -> str:
    """The statements and the query in `lang`, framed as that language frames a program."""
    w = reader_for(lang)
    body = [w.write(f, "statement") for f, _ in stmts]
    ask = w.write(query[0], "query")
    if lang == "prolog":
        return "\n".join(body + [ask]) + "\n"
    if lang == "pyke":
        facts = [b for b in body if ">>>" not in b]
        rules = [b for b in body if ">>>" in b]
        return "\n".join(["Facts:", *facts, "Rules:", *rules, "Query:", ask]) + "\n"
    if lang == "fol":
        return "\n".join(["Premises:", *body, "Conclusion:", ask]) + "\n"
    if lang == "tptp":
        lines = [b.replace("fof(fixed,", f"fof(a{i},", 1) for i, b in enumerate(body)]
        return "\n".join(lines + [ask.replace("fof(fixed,", "fof(goal,", 1)]) + "\n"
    if lang == "linc":
        pairs = [f"TEXT:\t{s}\nFOL:\t{b}" for b, (_, s) in zip(body, stmts)]
        return "\n".join(pairs + [f"TEXT:\t{query[1]}\nFOL:\t{ask}"]) + "\n"
    if lang == "prover9":
        return "\n".join(["formulas(assumptions).", *body, "end_of_list.",
                          "formulas(goals).", ask, "end_of_list."]) + "\n"
    if lang == "smtlib":
        formulas = [f for f, _ in stmts] + [query[0]]
        preds = sorted({p for f in formulas for p in predicates(f)})
        names = sorted({c.name for f in formulas for c in constants(f)})
        decls = ["(declare-sort Entity 0)",
                 *[f"(declare-fun {p} ({' '.join(['Entity'] * k)}) Bool)" for p, k in preds],
                 *[f"(declare-const {c} Entity)" for c in names]]
        return "\n".join(decls + body + [ask]) + "\n"
    raise ValueError(lang)


def corpus(n_problems: int) -> list[dict]:
    """Logic-LM records of the facts family at 40 clauses, each with its Prolog program."""
    out = []
    for p in range(n_problems):
        stmts, query, text = family("facts", 30)
        context, question = text.strip().split("\n")
        out.append({"id": f"scale-{p}", "context": context, "question": question,
                    "options": ["A) True", "B) False"], "answer": "A",
                    "raw_logic_programs": [program("prolog", stmts, query)]})
    return out


def chain(n: int) -> tuple[str, str]:
    """A text of n facts and 9 rules and a chain of n steps (restating facts, then the
    rules' conclusions)."""
    stmts, query, text = family("facts", n)
    steps = [s for f, s in stmts if isinstance(f, Atom)][:max(1, n - 9)]
    name = query[1].split()[0]
    steps += [f"{name} is a {NOUNS[k]}." for k in range(5, 10)]   # it is a rompus
    return text, "\n".join(steps[-n:]) + "\n"


# ------------------------------------------------------------------ running

def run(args: list[str], cwd: Path) -> tuple[float, float, str]:
    """(CPU seconds, peak MB, error) of `python3 -m sedac ARGS`, children included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run([sys.executable, "-m", "sedac", *args], capture_output=True, text=True,
                           cwd=cwd, timeout=TIMEOUT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    except subprocess.TimeoutExpired:
        return float("nan"), float("nan"), f"over {TIMEOUT} s"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest of any child so far: each run's own peak
    # is read from a fresh process tree, see `measure`.
    error = "" if r.returncode in (0, 1) else (r.stderr.strip().splitlines() or ["?"])[-1][:80]
    return cpu, after.ru_maxrss / 1024, error


def measure(path: str, lang: str, kind: str, n: int) -> dict:
    """One run in a fresh helper process, so that its peak memory is its own."""
    out = subprocess.run([sys.executable, __file__, "--one", json.dumps([path, lang, kind, n])],
                         capture_output=True, text=True, timeout=2 * TIMEOUT + 60)
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"seconds": float("nan"), "peak_mb": float("nan"),
                "error": (out.stderr.strip().splitlines() or ["?"])[-1][:80]}


def one(path: str, lang: str, kind: str, n: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        if path in ("eval", "report"):
            records = corpus(max(1, n // 40))
            (d / "c.json").write_text(json.dumps(records))
            args = ["eval", "c.json", "--jobs", "1", "--out", "out"]
            if path == "report":     # the eval is the setup; the report is measured
                run(args, d)
                args = ["report", "out"]
        elif path == "verify-chain":
            text, steps = chain(max(10, n // 10))
            (d / "t.txt").write_text(text)
            (d / "s.txt").write_text(steps)
            args = ["verify-chain", "--text", "t.txt", "--steps", "s.txt", "--gold", "True",
                    "--predicted", "True"]
        else:
            stmts, query, text = family(kind, n)
            name = "p" + EXT[lang]
            (d / name).write_text(program(lang, stmts, query))
            (d / "p.txt").write_text(text)
            nl = ["--nl", "p.txt"]
            args = {"check": ["check", name],
                    "check-nl": ["check", name, *nl],
                    "fix": ["check", name, *nl, "--fix"],
                    "unsafe-fixes": ["check", name, *nl, "--fix", "--unsafe-fixes"],
                    "ask": ["ask", name],
                    "ask-nl": ["ask", name, *nl]}[path]
            if path.startswith("check") or path in ("fix", "unsafe-fixes"):
                args += ["--output-format", "json", "--exit-zero"]
        start = time.perf_counter()
        cpu, peak, error = run(args, d)
        return {"seconds": cpu, "wall": time.perf_counter() - start, "peak_mb": peak,
                "error": error}


def exponent(a: tuple[int, float], b: tuple[int, float]) -> float:
    (n1, t1), (n2, t2) = a, b
    if not (t1 > 0 and t2 > 0) or n1 == n2:
        return float("nan")
    return math.log(t2 / t1) / math.log(n2 / n1)


def cases(paths, langs, families):
    for path in paths:
        if path in ("eval", "report", "verify-chain"):
            yield path, "-", "-"
            continue
        for lang in langs:
            for kind in families:
                yield path, lang, kind


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--paths", default=",".join(PATHS))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--quick", action="store_true", help="sizes 1k, 2k, 4k and Prolog only")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs of each case; the fastest counts (a shared machine is noisy)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    ap.add_argument("--plot", metavar="PNG", nargs="?", const=str(Path(__file__).with_name("scaling.png")))
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one(*json.loads(args.one))))
        return
    sizes = [1000, 2000, 4000] if args.quick else [int(s) for s in args.sizes.split(",")]
    langs = ["prolog"] if args.quick else args.langs.split(",")
    rows = []
    print(f"{'path':13s} {'lang':8s} {'family':9s} {'size':>6s} {'cpu s':>8s} {'peak MB':>8s} "
          f"{'exponent':>8s}", flush=True)
    for path, lang, kind in cases(args.paths.split(","), langs, args.families.split(",")):
        prev = None
        for n in sizes:
            runs = [measure(path, lang, kind, n) for _ in range(args.repeat)]
            m = min(runs, key=lambda r: r["seconds"] if r["seconds"] == r["seconds"] else math.inf)
            e = exponent(prev, (n, m["seconds"])) if prev else float("nan")
            rows.append({"path": path, "lang": lang, "family": kind, "size": n, **m, "exponent": e})
            print(f"{path:13s} {lang:8s} {kind:9s} {n:6d} {m['seconds']:8.2f} {m['peak_mb']:8.0f} "
                  f"{e:8.2f} {m.get('error', '')}", flush=True)
            prev = (n, m["seconds"])
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    if args.markdown:
        print(markdown(rows, sizes))
    if args.plot:
        plot(rows, args.plot)


def markdown(rows: list[dict], sizes: list[int]) -> str:
    """One line per path, language and family: seconds at each size, the peak memory at
    the largest, and the exponent between the last two sizes."""
    head = "| path | lang | family | " + " | ".join(f"{n // 1000}k s" for n in sizes) + \
        f" | peak MB | exponent {sizes[-2] // 1000}k-{sizes[-1] // 1000}k |" if len(sizes) > 1 else ""
    lines = [head, "|" + "---|" * (5 + len(sizes))]
    groups: dict = {}
    for r in rows:
        groups.setdefault((r["path"], r["lang"], r["family"]), {})[r["size"]] = r
    for (path, lang, kind), by in groups.items():
        times = " | ".join(f"{by[n]['seconds']:.1f}" if n in by else "" for n in sizes)
        last = by.get(sizes[-1], {})
        e = exponent((sizes[-2], by.get(sizes[-2], {}).get("seconds", float("nan"))),
                     (sizes[-1], last.get("seconds", float("nan"))))
        lines.append(f"| {path} | {lang} | {kind} | {times} | {last.get('peak_mb', float('nan')):.0f} "
                     f"| {e:.2f} |")
    return "\n".join(lines)


def plot(rows: list[dict], png: str):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(12, 5))
    groups: dict = {}
    for r in rows:
        groups.setdefault((r["path"], r["lang"], r["family"]), []).append(r)
    for key, rs in groups.items():
        label = " ".join(k for k in key if k != "-")
        axes[0].loglog([r["size"] for r in rs], [r["seconds"] for r in rs], "o-", label=label)
        axes[1].loglog([r["size"] for r in rs], [r["peak_mb"] for r in rs], "o-", label=label)
    axes[0].set_title("CPU seconds")
    axes[1].set_title("peak memory (MB)")
    for ax in axes:
        ax.set_xlabel("clauses")
        ax.grid(alpha=0.3, which="both")
    axes[0].legend(fontsize=6, ncol=2)
    fig.suptitle("sedac: every path against the size of its input")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    print(f"figure: {png}")


if __name__ == "__main__":
    main()
