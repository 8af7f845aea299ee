"""Pictures of sweeps (matplotlib): value against one parameter, a heat map over two,
and of counts: how many positions of size n have each value, against n.

The parameters that vary in the sweep decide the picture: one varying
parameter gives the value against it, two give a heat map of the value
(one cell per pair, the value written in small cells), more are an error
(fix the others to a single value).  Files are written atomically
(`grundy.atomic`); the format follows the suffix (.svg, .png, .pdf).

>>> rows = [{"a": a, "b": b, "value": (a + b) % 2} for a in (1, 2) for b in (1, 2, 3)]
>>> figure = sweep_figure(rows, title="parity")
>>> [ax.get_xlabel() for ax in figure.axes][:1]
['b']
>>> counts = counts_figure({1: {1: 1}, 2: {0: 1, 2: 1}, 3: {0: 1, 1: 2}}, title="cr")
>>> [ax.get_ylabel() for ax in counts.axes]
['positions', 'share']
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never a window
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from grundy.atomic import atomic_open, check_writable

__all__ = [
    "FORMATS",
    "check_figure_path",
    "counts_figure",
    "figure_bytes",
    "save_figure",
    "sweep_figure",
]

FORMATS = (".svg", ".png", ".pdf")
_LABELLED_CELLS = 900  # write values into the cells of heat maps up to this size


def sweep_figure(rows: list[dict[str, Any]], value: str = "value", title: str = "") -> Figure:
    """The picture of a sweep's rows (see the module docstring)."""
    if not rows:
        raise ValueError("no rows to draw")
    skip = {value, "value", "misere_value", "position"}
    names = [k for k, v in rows[0].items() if k not in skip and type(v) is int]
    varying = [p for p in names if len({row[p] for row in rows}) > 1]
    fixed = {p: rows[0][p] for p in names if p not in varying}
    caption = title
    if fixed:
        caption += " (" + ", ".join(f"{p} = {v}" for p, v in fixed.items()) + ")"
    if len(varying) == 1:
        return _line(rows, varying[0], value, caption)
    if len(varying) == 2:
        return _heat_map(rows, varying, value, caption)
    raise ValueError(
        f"a picture shows one or two varying parameters, the sweep varies {len(varying)} "
        f"({', '.join(varying)}): give the others a single value"
    )


def counts_figure(table: dict[int, dict[int, int]], title: str = "") -> Figure:
    """Counts by value against n, from {n: {value: count}} (`grundy count`): the number
    of positions of size n with each value (log scale, one line per value) above the
    share of each value among the positions of size n."""
    sizes = sorted(table)
    if not sizes:
        raise ValueError("no counts to draw")
    values = sorted({v for n in sizes for v in table[n]})
    totals = [sum(table[n].values()) for n in sizes]
    figure, (count_ax, share_ax) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    colours = plt.get_cmap("tab20" if len(values) > 10 else "tab10")
    for i, v in enumerate(values):
        counts = [table[n].get(v, 0) for n in sizes]
        line = {"marker": ".", "linewidth": 1, "color": colours(i % colours.N), "label": f"{v}"}
        count_ax.plot(sizes, [c if c else np.nan for c in counts], **line)
        share_ax.plot(
            sizes, [c / t if t else np.nan for c, t in zip(counts, totals, strict=True)], **line
        )
    count_ax.set_yscale("log")
    count_ax.set_ylabel("positions")
    count_ax.set_title(title)
    count_ax.legend(title="value", fontsize=7, ncol=max(1, len(values) // 8))
    share_ax.set_ylabel("share")
    share_ax.set_xlabel("n")
    share_ax.xaxis.get_major_locator().set_params(integer=True)
    return figure


def check_figure_path(path: str | os.PathLike[str]) -> Path:
    """`path` as a writable picture file of a known format (checked before the work)."""
    target = check_writable(path)
    if target.suffix.lower() not in FORMATS:
        endings = ", ".join(FORMATS)
        raise ValueError(f"cannot draw to {str(target)!r}: use a file ending in {endings}")
    return target


def figure_bytes(figure: Figure, form: str) -> bytes:
    """The figure drawn in format `form` ("svg", "png", "pdf"); the figure is closed."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format=form, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


def save_figure(figure: Figure, path: str | os.PathLike[str]) -> None:
    """Write the figure to `path` atomically, in the format its suffix names."""
    target = check_figure_path(path)
    data = figure_bytes(figure, target.suffix[1:].lower())
    with atomic_open(target, "wb") as handle:
        handle.write(data)


def _line(rows: list[dict[str, Any]], parameter: str, value: str, title: str) -> Figure:
    xs = [row[parameter] for row in rows]
    ys = [row[value] for row in rows]
    figure, ax = plt.subplots(figsize=(7, 3.5))
    ax.plot(xs, ys, marker="o", linewidth=1)
    ax.set_xlabel(parameter)
    ax.set_ylabel(value)
    ax.set_title(title)
    ax.yaxis.get_major_locator().set_params(integer=True)
    return figure


def _heat_map(rows: list[dict[str, Any]], varying: list[str], value: str, title: str) -> Figure:
    down, across = varying
    ys = sorted({row[down] for row in rows})
    xs = sorted({row[across] for row in rows})
    grid = np.full((len(ys), len(xs)), np.nan)
    for row in rows:
        grid[ys.index(row[down]), xs.index(row[across])] = row[value]
    figure, ax = plt.subplots(figsize=(1 + 0.32 * len(xs), 1 + 0.3 * len(ys)))
    top = int(np.nanmax(grid))
    colours = plt.get_cmap("tab20" if top >= 10 else "tab10", top + 1)  # one colour per value
    image = ax.imshow(
        grid, cmap=colours, vmin=-0.5, vmax=top + 0.5, origin="upper", aspect="auto",
        interpolation="nearest",
    )  # fmt: skip
    ax.set_xticks(range(len(xs)), [str(x) for x in xs], fontsize=7)
    ax.set_yticks(range(len(ys)), [str(y) for y in ys], fontsize=7)
    ax.set_xlabel(across)
    ax.set_ylabel(down)
    ax.set_title(title)
    if grid.size <= _LABELLED_CELLS:
        for (i, j), v in np.ndenumerate(grid):
            if not np.isnan(v):
                ax.text(j, i, str(int(v)), ha="center", va="center", fontsize=6, color="black")
    figure.colorbar(image, ax=ax, label=value, ticks=range(top + 1))
    return figure
