"""A static HTML report of an evaluated corpus (`sedac report DIR`, `sedac eval --html`).

Reads what `sedac eval --out DIR` wrote (results.jsonl, summary.json, the figures) and
writes DIR/report/index.html (the tables, the figures, and every problem in a list that can
be filtered by error category, by right or wrong, and by text) and one page per problem:
its numbered sentences, the program with each diagnostic at its line, the diff of the fixed
program, the evidence, and the answers per condition and semantics. No script or style is
fetched from anywhere: the pages open from the disk.
"""
from __future__ import annotations

import difflib
import html
import json
from pathlib import Path

from .errors import SedacError
from .evaluate import CONDITIONS, SEMANTICS, compare_rows
from .files import write_atomic
from .program import CATEGORIES
from .vocab import sentences

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f4f4f4}
.ok{color:#1a7f37;font-weight:600}.bad{color:#cf222e;font-weight:600}
.figs img{max-width:48%;margin:4px;border:1px solid #eee;vertical-align:top}
pre{background:#f6f8fa;padding:8px;overflow-x:auto;font-size:12.5px}
.code{font-family:ui-monospace,monospace;font-size:12.5px;border:1px solid #ddd}
.code .ln{color:#999;text-align:right;padding-right:8px;user-select:none;width:3em}
.code td{border:none;text-align:left;padding:0 6px;white-space:pre}
.diag td{background:#fff8c5;white-space:normal;font-family:system-ui,sans-serif;max-width:1100px}
.scroll{overflow-x:auto;max-width:100%}
.cat{display:inline-block;border-radius:3px;padding:0 5px;font-size:12px;background:#ddf4ff;margin-right:4px}
.add{background:#dafbe1}.del{background:#ffebe9}.hunk{color:#8250df}
#filters{margin:.5em 0}#filters select,#filters input{margin-right:1em}
ol.sent li{margin:2px 0}
"""

FILTER_JS = """
function apply(){
  var cat=document.getElementById('cat').value, st=document.getElementById('st').value,
      q=document.getElementById('q').value.toLowerCase(), n=0;
  document.querySelectorAll('#problems tbody tr').forEach(function(r){
    var show=(cat===''||r.dataset.cats.split(' ').indexOf(cat)>=0)
      &&(st===''||r.dataset[st.split(':')[0]]===st.split(':')[1])
      &&(q===''||r.textContent.toLowerCase().indexOf(q)>=0);
    r.style.display=show?'':'none'; if(show)n++;});
  document.getElementById('count').textContent=n+' shown';
}
"""


def _e(s) -> str:
    return html.escape(str(s), quote=True)


def _page(title: str, body: str, script: str = "") -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n{body}\n"
            + (f"<script>{script}</script>" if script else "") + "</body></html>\n")


def _table(rows: list[list[str]]) -> str:
    head = "".join(f"<th>{_e(x)}</th>" for x in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{_e(x)}</td>" for x in r) + "</tr>" for r in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _mark(ok) -> str:
    if ok is None:
        return "<span>-</span>"
    return '<span class="ok">right</span>' if ok else '<span class="bad">wrong</span>'


def _page_name(i: int) -> str:
    return f"p{i + 1:05d}.html"


def write_report(out: Path) -> Path:
    """Write out/report/ from an eval output folder; the index's path."""
    out = Path(out)
    try:
        summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
        records = [json.loads(line) for line in
                   (out / "results.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError) as e:
        raise SedacError(f"not an eval output folder: {e}", path=str(out)) from None
    rep = out / "report"
    (rep / "problems").mkdir(parents=True, exist_ok=True)
    main = "forward" if any(r.get("gold") == "Unknown" for r in records) else "open_world"
    write_atomic(str(rep / "index.html"), _index(out, summary, records, main))
    for i, r in enumerate(records):
        write_atomic(str(rep / "problems" / _page_name(i)), _problem(r, i, len(records), main))
    return rep / "index.html"


def _index(out: Path, summary: dict, records: list[dict], main: str) -> str:
    name = ", ".join(Path(c).stem for c in summary.get("corpus", [])) or out.name
    parts = [f"<h1>sedac report: {_e(name)}</h1>",
             f"<p>{summary['problems']} problems, {summary['failed']} failed; sedac "
             f"{_e(summary.get('sedac_version', '?'))}, prover {_e(summary.get('prover', '?'))}, "
             f"{_e(summary.get('date', ''))}. Right/wrong below: full SEDAC under "
             f"<b>{_e(main.replace('_', ' '))}</b>.</p>"]
    for title, rows in compare_rows([(name, summary)]):
        parts += [f"<h2>{_e(title)}</h2>", _table(rows)]
    figs = []
    for stem in ("accuracy_by_condition", "errors_by_category", "category_correlation"):
        for ext in ("svg", "png"):
            if (out / f"{stem}.{ext}").exists():
                figs.append(f'<img src="../{stem}.{ext}" alt="{_e(stem.replace("_", " "))}">')
                break
    if figs:
        parts += ["<h2>Figures</h2>", f'<div class="figs">{"".join(figs)}</div>']
    cats = [c for c in CATEGORIES if summary["errors"].get(c)]
    parts += ["<h2>Problems</h2>", '<div id="filters">',
              '<label>category <select id="cat" onchange="apply()"><option value="">any</option>'
              + "".join(f'<option value="{_e(c)}">{_e(c)}</option>' for c in cats) + "</select></label>",
              '<label>answer <select id="st" onchange="apply()"><option value="">any</option>'
              '<option value="full:wrong">wrong after full SEDAC</option>'
              '<option value="full:right">right after full SEDAC</option>'
              '<option value="raw:wrong">wrong as written</option>'
              '<option value="fixed:yes">made right by sedac</option></select></label>',
              '<label>text <input id="q" oninput="apply()" placeholder="id, code..."></label>',
              '<span id="count"></span></div>']
    rows = []
    for i, r in enumerate(records):
        correct = r.get("correct", {})
        full = correct.get("full", {}).get(main)
        raw = correct.get("raw", {}).get(main)
        errs = r.get("errors", {})
        present = [c for c in CATEGORIES if errs.get(c)]
        codes = ", ".join(f"{k}×{v}" for k, v in r.get("codes", {}).items())
        rows.append(
            f'<tr data-cats="{_e(" ".join(present))}" data-full="{"right" if full else "wrong"}" '
            f'data-raw="{"right" if raw else "wrong"}" data-fixed="{"yes" if full and not raw else "no"}">'
            f'<td><a href="problems/{_page_name(i)}">{_e(r["id"])}</a></td><td>{_e(r.get("gold"))}</td>'
            f"<td>{_mark(raw if 'correct' in r else None)}</td><td>{_mark(full if 'correct' in r else None)}</td>"
            f"<td>{''.join(f'<span class=cat>{_e(c)}</span>' for c in present)}</td>"
            f"<td>{_e(codes or r.get('failed', ''))}</td></tr>")
    parts.append('<table id="problems"><thead><tr><th>problem</th><th>gold</th><th>raw</th>'
                 '<th>full</th><th>categories</th><th>codes</th></tr></thead><tbody>'
                 + "".join(rows) + "</tbody></table>")
    return _page(f"sedac report: {name}", "\n".join(parts), FILTER_JS + "apply();")


def _problem(r: dict, i: int, n: int, main: str) -> str:
    nav = ('<p><a href="../index.html">index</a>'
           + (f' · <a href="{_page_name(i - 1)}">previous</a>' if i > 0 else "")
           + (f' · <a href="{_page_name(i + 1)}">next</a>' if i + 1 < n else "") + "</p>")
    parts = [nav, f"<h1>{_e(r['id'])}</h1>"]
    if "failed" in r:
        parts.append(f"<p class=bad>sedac could not process this problem: {_e(r['failed'])}</p>")
        return _page(r["id"], "\n".join(parts))
    parts.append(f"<p>gold answer <b>{_e(r.get('gold'))}</b>; program in {_e(r.get('lang'))} "
                 f"({_e(r.get('program_source'))}).</p>")
    # answers
    rows = [["condition"] + [w.replace("_", " ") for w in SEMANTICS]]
    for c in CONDITIONS:
        ans = r["answers"][c]
        rows.append([c] + [f"{ans.get(w)} ({'right' if r['correct'][c].get(w) else 'wrong'})"
                           for w in SEMANTICS])
    parts += ["<h2>Answers</h2>", _table(rows)]
    if r.get("raw_failure"):
        parts.append(f"<p>As written the program answers nothing: {_e(r['raw_failure'])}</p>")
    if r.get("reason"):
        reason = r["reason"]
        items = "".join(f"<li>{_e(m.get('sentence', m.get('line', '')))}: {_e(m.get('text', ''))} "
                        f"<i>({_e(m['status'])})</i></li>" for m in reason.get("missing", []))
        parts += [f"<h2>Why full SEDAC is still wrong ({_e(reason.get('semantics', main))})</h2>",
                  f"<p>sentences the answer needs: {_e(reason.get('needed'))}</p><ul>{items}</ul>"]
    # sentences
    text = r.get("text", "")
    parts += ["<h2>Problem text</h2>", "<ol class=sent>"
              + "".join(f"<li>{_e(s)}</li>" for _, s in sentences(text)) + "</ol>"]
    unparsed = r.get("unparsed_sentences")
    if unparsed:
        parts.append("<p class=bad>not understood by the grammar: "
                     + "; ".join(_e(u) for u in unparsed) + "</p>")
    # program with diagnostics at their lines
    diags = r.get("diagnostics", [])
    by_line: dict[int, list] = {}
    for d in diags:
        by_line.setdefault(d["line"], []).append(d)
    lines = (r.get("program") or "").split("\n")
    body = []
    for k, line in enumerate(lines, start=1):
        body.append(f'<tr><td class="ln">{k}</td><td>{_e(line) or "&nbsp;"}</td></tr>')
        for d in by_line.get(k, ()):
            fix = d.get("fix") or {}
            body.append(f'<tr class="diag"><td></td><td><b>{_e(d["code"])}</b> '
                        f'<span class=cat>{_e(d["category"])}</span>{_e(d["message"])} '
                        f'<i>[{_e(d.get("status"))}'
                        + (f', {_e(fix.get("applicability"))} fix' if fix else "") + "]</i></td></tr>")
    beyond = [d for d in diags if d["line"] > len(lines)]
    for d in beyond:
        body.append(f'<tr class="diag"><td></td><td><b>{_e(d["code"])}</b> {_e(d["message"])}</td></tr>')
    parts += [f"<h2>Program, with its {len(diags)} diagnostics</h2>",
              f'<div class="scroll"><table class="code">{"".join(body)}</table></div>']
    # the diff
    old, new = r.get("program") or "", r.get("fixed_program") or ""
    diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), "as written",
                                     "after full SEDAC (all fixes)", lineterm=""))
    if diff:
        out = []
        for line in diff:
            cls = "add" if line.startswith("+") and not line.startswith("+++") else \
                "del" if line.startswith("-") and not line.startswith("---") else \
                "hunk" if line.startswith("@@") else ""
            out.append(f'<span class="{cls}">{_e(line)}</span>')
        parts += ["<h2>The fixed program (diff)</h2>", "<pre>" + "\n".join(out) + "</pre>"]
    else:
        parts += ["<h2>The fixed program</h2>", "<p>unchanged</p>"]
    # evidence
    ev = [(d, d.get("evidence")) for d in diags if d.get("evidence")]
    if ev:
        parts.append("<h2>Evidence</h2>")
        for d, e in ev:
            parts.append(f"<h3>line {d['line']}: {_e(d['code'])}</h3>"
                         + _evidence(e))
    return _page(r["id"], "\n".join(parts) + nav)


def _evidence(e: dict) -> str:
    """The entailing sentences, the countermodel and the rest of a diagnostic's evidence."""
    out = []
    if e.get("entailed_by"):
        out.append("<p>entailed by: " + "; ".join(
            f"sentence {s['sentence']}: {_e(s['text'])}" for s in e["entailed_by"]) + "</p>")
    cm = e.get("countermodel")
    if cm:
        out.append("<p>countermodel (the text holds, the clause does not):</p><pre>"
                   + _e(json.dumps(cm, indent=1, ensure_ascii=False)) + "</pre>")
    rest = {k: v for k, v in e.items() if k not in ("entailed_by", "countermodel")}
    if rest:
        out.append("<pre>" + _e(json.dumps(rest, indent=1, ensure_ascii=False)) + "</pre>")
    return "".join(out)
