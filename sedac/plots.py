"""PNG figures for `sedac eval`: errors by category, their correlation, accuracy by condition."""
from __future__ import annotations

from pathlib import Path

from .program import CATEGORIES

CONDITIONS = ("raw", "syntax", "partial", "full")


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def write_figures(out: Path, records: list[dict], summary: dict, title: str = "") -> list[Path]:
    plt = _pyplot()
    made = []
    ok = [r for r in records if "errors" in r]
    n = max(1, len(records))

    fig, ax = plt.subplots(figsize=(8, 4))
    values = [100 * summary["errors"][c] / n for c in CATEGORIES]
    ax.bar(range(len(CATEGORIES)), values, color="#4c72b0")
    ax.set_xticks(range(len(CATEGORIES)), CATEGORIES, rotation=35, ha="right")
    ax.set_ylabel("errors per 100 problems")
    ax.set_title(f"Errors by category{': ' + title if title else ''}")
    fig.tight_layout()
    made.append(_save(fig, out / "errors_by_category.png", plt))

    fig, ax = plt.subplots(figsize=(7, 6))
    matrix = _correlation([[r["errors"][c] for c in CATEGORIES] for r in ok])
    im = ax.imshow(matrix, vmin=-1, vmax=1, cmap="RdBu_r")
    ax.set_xticks(range(len(CATEGORIES)), CATEGORIES, rotation=45, ha="right")
    ax.set_yticks(range(len(CATEGORIES)), CATEGORIES)
    for i in range(len(CATEGORIES)):
        for j in range(len(CATEGORIES)):
            ax.text(j, i, f"{matrix[i][j]:.2f}", ha="center", va="center", fontsize=7)
    fig.colorbar(im, ax=ax)
    ax.set_title("Correlation of error categories across problems")
    fig.tight_layout()
    made.append(_save(fig, out / "category_correlation.png", plt))

    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.27
    worlds = (("open_world", "#4c72b0"), ("closed_world", "#dd8452"), ("forward", "#55a868"))
    for k, (world, color) in enumerate(worlds):
        vals = [summary["conditions"][c].get(world, {}).get("accuracy", 0.0) for c in CONDITIONS]
        ax.bar([i + (k - 1) * width for i in range(len(CONDITIONS))], vals, width,
               label=world.replace("_", " "), color=color)
    ax.set_xticks(range(len(CONDITIONS)), CONDITIONS)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("accuracy")
    ax.legend(loc="lower right")
    ax.set_title(f"Accuracy by condition{': ' + title if title else ''}")
    fig.tight_layout()
    made.append(_save(fig, out / "accuracy_by_condition.png", plt))
    return made


def _save(fig, path: Path, plt) -> Path:
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)
    return path


def _correlation(rows: list[list[int]]) -> list[list[float]]:
    """Pearson correlation of columns; 0 where a column never varies."""
    k = len(CATEGORIES)
    n = len(rows)
    if n < 2:
        return [[1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    cols = list(zip(*rows))
    means = [sum(c) / n for c in cols]
    dev = [[x - m for x in c] for c, m in zip(cols, means)]
    norms = [sum(d * d for d in dv) ** 0.5 for dv in dev]
    out = []
    for i in range(k):
        row = []
        for j in range(k):
            if norms[i] == 0 or norms[j] == 0:
                row.append(1.0 if i == j else 0.0)
            else:
                row.append(sum(a * b for a, b in zip(dev[i], dev[j])) / (norms[i] * norms[j]))
        out.append(row)
    return out
