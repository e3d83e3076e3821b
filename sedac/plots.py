"""Figures for `sedac eval`: errors by category, their correlation, accuracy by condition,
and, for `eval --compare`, the same side by side for several models.

Every figure names its corpus in the title, labels its bars with their values, keeps its
legend clear of the data, and is written as PNG, SVG or PDF (`--figure-format`).
"""
from __future__ import annotations

from pathlib import Path

from .program import CATEGORIES

CONDITIONS = ("raw", "syntax", "partial", "full")
WORLDS = (("open_world", "open world", "#4c72b0"), ("closed_world", "closed world", "#dd8452"),
          ("forward", "forward chaining", "#55a868"))
FORMATS = ("png", "svg", "pdf")


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _save(fig, path: Path, plt) -> Path:
    meta = {"Software": None} if path.suffix == ".png" else \
        ({"Date": None} if path.suffix == ".svg" else {"CreationDate": None})
    fig.savefig(path, dpi=110, metadata=meta, bbox_inches="tight")
    plt.close(fig)
    return path


def _labels(ax, bars, fmt: str, size: int = 7) -> None:
    for b in bars:
        h = b.get_height()
        ax.annotate(fmt.format(h), (b.get_x() + b.get_width() / 2, h), xytext=(0, 2),
                    textcoords="offset points", ha="center", va="bottom", fontsize=size)


def write_figures(out: Path, records: list[dict], summary: dict, title: str = "",
                  fmt: str = "png") -> list[Path]:
    plt = _pyplot()
    made = []
    ok = [r for r in records if "errors" in r]
    n = max(1, len(records))
    name = f" ({title}, {len(records)} problems)" if title else f" ({len(records)} problems)"

    fig, ax = plt.subplots(figsize=(8, 4.2))
    values = [100 * summary["errors"][c] / n for c in CATEGORIES]
    bars = ax.bar(range(len(CATEGORIES)), values, color="#4c72b0")
    _labels(ax, bars, "{:.1f}")
    ax.set_xticks(range(len(CATEGORIES)), CATEGORIES, rotation=35, ha="right")
    ax.set_ylabel("errors per 100 problems")
    ax.set_ylim(0, max(values + [1]) * 1.15)
    ax.set_title(f"Errors by category{name}")
    made.append(_save(fig, out / f"errors_by_category.{fmt}", plt))

    fig, ax = plt.subplots(figsize=(8, 7))
    matrix = _correlation([[r["errors"][c] for c in CATEGORIES] for r in ok])
    import numpy as np
    shown = np.ma.masked_invalid(np.array(matrix, dtype=float))
    cmap = plt.get_cmap("RdBu_r").copy()
    cmap.set_bad("#f0f0f0")
    im = ax.imshow(shown, vmin=-1, vmax=1, cmap=cmap)
    ax.set_xticks(range(len(CATEGORIES)), CATEGORIES, rotation=45, ha="right", fontsize=9)
    ax.set_yticks(range(len(CATEGORIES)), CATEGORIES, fontsize=9)
    for i in range(len(CATEGORIES)):
        for j in range(len(CATEGORIES)):
            v = matrix[i][j]
            if v == v:   # categories that never occur (or never vary) stay blank
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=8,
                        color="white" if abs(v) > 0.6 else "black")
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
    ax.set_title(f"Correlation of error categories across problems{name}\n"
                 "(blank: the category never occurs or never varies)", fontsize=10)
    made.append(_save(fig, out / f"category_correlation.{fmt}", plt))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.27
    for k, (world, label, color) in enumerate(WORLDS):
        vals = [summary["conditions"][c].get(world, {}).get("accuracy", 0.0) for c in CONDITIONS]
        bars = ax.bar([i + (k - 1) * width for i in range(len(CONDITIONS))], vals, width,
                      label=label, color=color)
        _labels(ax, bars, "{:.2f}", 6)
    ax.set_xticks(range(len(CONDITIONS)), CONDITIONS)
    ax.set_ylim(0, 1.12)
    ax.set_ylabel("accuracy")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.set_title(f"Accuracy by condition{name}")
    made.append(_save(fig, out / f"accuracy_by_condition.{fmt}", plt))
    return made


def write_comparison_figure(path: Path, summaries: list[tuple[str, dict]],
                            semantics: str = "open_world") -> Path:
    """One figure for several evaluated corpora (models): accuracy per condition per model,
    and errors per category per model."""
    plt = _pyplot()
    names = [n for n, _ in summaries]
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(max(8, 1.6 * len(names) + 4), 9))
    width = 0.8 / max(1, len(names))
    colors = plt.get_cmap("tab10")
    for k, (name, s) in enumerate(summaries):
        vals = [s["conditions"][c].get(semantics, {}).get("accuracy", 0.0) for c in CONDITIONS]
        bars = a1.bar([i + (k - (len(names) - 1) / 2) * width for i in range(len(CONDITIONS))],
                      vals, width, label=name, color=colors(k % 10))
        _labels(a1, bars, "{:.2f}", 6)
    a1.set_xticks(range(len(CONDITIONS)), CONDITIONS)
    a1.set_ylim(0, 1.12)
    a1.set_ylabel(f"accuracy ({semantics.replace('_', ' ')})")
    a1.set_title("Accuracy per condition per model")
    a1.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    for k, (name, s) in enumerate(summaries):
        n = max(1, s["problems"])
        vals = [100 * s["errors"][c] / n for c in CATEGORIES]
        a2.bar([i + (k - (len(names) - 1) / 2) * width for i in range(len(CATEGORIES))], vals,
               width, label=name, color=colors(k % 10))
    a2.set_xticks(range(len(CATEGORIES)), CATEGORIES, rotation=30, ha="right")
    a2.set_ylabel("errors per 100 problems")
    a2.set_yscale("symlog", linthresh=10)
    a2.set_title("Errors per category per model (symmetric log scale)")
    a2.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    return _save(fig, path, plt)


def _correlation(rows: list[list[int]]) -> list[list[float]]:
    """Pearson correlation of columns; NaN (drawn blank) where a column never varies, since
    a category that never occurs correlates with nothing, not perfectly with itself."""
    k = len(CATEGORIES)
    n = len(rows)
    nan = float("nan")
    if n < 2:
        return [[nan] * k for _ in range(k)]
    cols = list(zip(*rows))
    means = [sum(c) / n for c in cols]
    dev = [[x - m for x in c] for c, m in zip(cols, means)]
    norms = [sum(d * d for d in dv) ** 0.5 for dv in dev]
    out = []
    for i in range(k):
        row = []
        for j in range(k):
            if norms[i] == 0 or norms[j] == 0:
                row.append(nan)
            else:
                row.append(sum(a * b for a, b in zip(dev[i], dev[j])) / (norms[i] * norms[j]))
        out.append(row)
    return out
