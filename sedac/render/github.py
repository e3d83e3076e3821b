"""GitHub Actions workflow commands: one `::error` annotation per diagnostic."""
from __future__ import annotations


def _data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(s: str) -> str:
    return _data(s).replace(":", "%3A").replace(",", "%2C")


def render(reports, **_) -> str:
    out = []
    for r in reports:
        for d in r.diagnostics:
            level = "warning" if d.category == "omission" else "error"
            props = (f"file={_prop(r.path)},line={d.span.line},col={d.span.column},"
                     f"endLine={d.span.end_line},endColumn={d.span.end_column},"
                     f"title={_prop(f'{d.code} {d.category}')}")
            out.append(f"::{level} {props}::{_data(f'{d.code} {d.message}')}")
    return "\n".join(out) + ("\n" if out else "")
