"""`file:line:col: CODE message` lines, as linters print them, and a summary."""
from __future__ import annotations

from collections import Counter

from ..codes import CODES, LIMIT_NOTES


_STYLE = {"path": "1", "code": "1;31", "fixable": "32", "gutter": "34", "caret": "1;31"}


def _paint(text: str, what: str, color: bool) -> str:
    return f"\033[{_STYLE[what]}m{text}\033[0m" if color else text


def _snippet(r, d, color: bool) -> list[str]:
    """The diagnostic's first source line with carets under its span, as compilers show it."""
    lines = r.program.text.split("\n")
    if not 1 <= d.span.line <= len(lines) or d.span.start == d.span.end:
        return []
    line = lines[d.span.line - 1]
    end = d.span.end_column if d.span.end_line == d.span.line else len(line) + 1
    width = max(1, min(end, len(line) + 1) - d.span.column)
    number = str(d.span.line)
    pad = " " * len(number)
    return [f" {pad} {_paint('|', 'gutter', color)}",
            f" {_paint(number, 'gutter', color)} {_paint('|', 'gutter', color)} {line[:160]}",
            f" {pad} {_paint('|', 'gutter', color)} {' ' * (d.span.column - 1)}"
            f"{_paint('^' * min(width, 160), 'caret', color)}"]


def render(reports, show_statistics: bool = False, unsafe_fixes: bool = False,
           applied: bool = False, show_fixes: bool = False, quiet: bool = False,
           color: bool = False, snippets: bool = False, **_) -> str:
    """`applied`: the fixes were written (`--fix`), so fixed diagnostics are counted as such.
    `color` and `snippets` are for a terminal: ANSI colours, and the source line under each
    diagnostic."""
    out: list[str] = []
    total = fixed = fixable = hidden = 0
    for r in reports:
        for d in r.diagnostics:
            total += 1
            mark = ""
            if d.status in ("fixed", "dropped") and applied:
                fixed += 1
                mark = f" [{d.status}]"
            elif d.status in ("fixed", "dropped"):
                fixable += 1
                mark = " [*]"
            elif d.fix is not None and d.fix.applicability == "unsafe":
                hidden += 1     # exactly what --unsafe-fixes would apply (D000's drop included)
            where = _paint(f"{r.path}:{d.span.line}:{d.span.column}:", "path", color)
            out.append(f"{where} {_paint(d.code, 'code', color)} [{d.category}] "
                       f"{d.message}{_paint(mark, 'fixable', color) if mark else ''}")
            if snippets:
                out.extend(_snippet(r, d, color))
            if show_fixes and d.fix is not None and d.fix.applicability != "display-only":
                shown = d.fix.replacement.rstrip("\n").replace("\n", "\n        ") or "(removed)"
                out.append(f"    fix ({d.fix.applicability}): {shown}")
        if quiet:
            continue
        reading = getattr(r.program, "reading", None)
        if reading is not None:
            out.append(f"{r.path}: note: {reading.describe()}")
        for n in getattr(r, "noqa", {}).get("unused", ()):
            out.append(f"{r.path}:{n}:1: note: unused noqa: it silences no diagnostic")
        for u in getattr(r, "undecided", ()):
            out.append(f"{r.path}:{u['line']}:{u['column']}: note: unknown to sedac: {u['question']} "
                       f"(the prover said {u['status']})")
        for what, n in getattr(r, "limits", {}).items():
            out.append(f"{r.path}:1:1: note: {LIMIT_NOTES.get(what, 'L000')} {_limit_text(what, n)}")
        if r.answer is not None:
            a = r.answer
            lines = a.get("evidence", {}).get("lines") or []
            shown = ", ".join(map(str, lines[:10])) + (f" and {len(lines) - 10} more"
                                                         if lines and len(lines) > 10 else "")
            because = f" (from line{'s' if len(lines) > 1 else ''} {shown})" if lines else ""
            parts = [f"open world {a['open_world']}{because}" if "open_world" in a else "",
                     f"closed world {a['closed_world']}" if "closed_world" in a else "",
                     f"forward {a['forward']}" if "forward" in a else ""]
            version = "after all fixes" if unsafe_fixes and r.mode == "full" else (
                "after syntax repairs" if r.mode == "syntax" else "after safe fixes")
            out.append(f"{r.path}: answer to `{a['query']}`: " + ", ".join(p for p in parts if p)
                       + f" ({version})")
    if quiet:
        return "\n".join(out) + ("\n" if out else "")
    if show_fixes and applied:
        done = Counter((r.path, d.code) for r in reports for d in r.diagnostics
                       if d.status in ("fixed", "dropped"))
        if done:
            out.append(f"Fixed {sum(done.values())} diagnostic{'s' if sum(done.values()) != 1 else ''}:")
            for (path, code), n in sorted(done.items()):
                out.append(f"- {path}: {n} x {code}")
    if show_statistics:
        counts = Counter((d.code, d.category) for r in reports for d in r.diagnostics)
        for (code, cat), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            fix = CODES[code].fix if code in CODES else ""
            out.append(f"{n:5d}  {code:5s} {cat:17s} {fix}")
    unread = sum(len(r.truth.unparsed) for r in reports if getattr(r, "truth", None) is not None)
    limited = sum(1 for r in reports if getattr(r, "limits", None))
    if total == 0 and (unread or limited):
        # never "All checks passed!" over sentences sedac did not read, or answers it cut short
        said = ([f"{unread} sentence{'s' if unread != 1 else ''} of the text not understood"]
                if unread else []) + ([f"limits hit on {limited} file{'s' if limited != 1 else ''}"]
                                      if limited else [])
        out.append(f"No diagnostics in what sedac read, but it did not check everything: "
                   f"{'; '.join(said)} (see the notes).")
    elif total == 0:
        out.append("All checks passed!")
    else:
        remaining = total - fixed
        line = f"Found {total} diagnostic{'s' if total != 1 else ''}"
        if fixed:
            line += f" ({fixed} fixed, {remaining} remaining)"
        out.append(line + ".")
        if fixable:
            out.append(f"[*] {fixable} fixable with the `--fix` option.")
        if hidden:
            out.append(f"{hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the "
                       "`--unsafe-fixes` option (deep fixes the prover has shown the text entails).")
    return "\n".join(out) + "\n"


def _limit_text(what: str, n: int) -> str:
    if what == "grammar":
        return (f"{n} sentence{'s' if n != 1 else ''} of the text not read: the grammar's "
                "inference budget ran out on them (unknown to sedac, not evidence)")
    if what == "closed_world":
        return "the closed-world answer was cut by its inference budget (Timeout: no answer)"
    if what == "prover":
        return (f"{n} prover question{'s' if n != 1 else ''} left open by its limits "
                "(unknown to sedac)")
    return f"limit {what} hit {n} time(s)"
