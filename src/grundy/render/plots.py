"""Pictures of sweeps (matplotlib): value against one parameter, a heat map over two,
and of counts: how many positions of size n have each value, against n.

The pictures are made for a paper: `TEXT_WIDTH` wide at most, no text smaller
than `SMALLEST_FONT` at that size, cells drawn as vector rectangles (no raster
image in an SVG), titles typeset (`grundy.render.typeset.mathtext`: ``5^2`` with a
raised 2) or left out (``title=None``) for the paper's own caption.

The parameters that vary in the sweep decide the picture: one varying
parameter gives the value against it, two give a heat map of the value (each
cell's value written in it where the digits fit), more are an error (fix the
others to a single value).  Up to `FEW_VALUES` values get one distinct colour
each (lines, or heat-map cells); more values make a heat map of counts, and a
heat map of a sweep coloured along a sequential scale with a colorbar.
Files are written atomically (`grundy.atomic`); the format follows the suffix
(.svg, .png, .pdf).

>>> rows = [{"a": a, "b": b, "value": (a + b) % 2} for a in (1, 2) for b in (1, 2, 3)]
>>> figure = sweep_figure(rows, title="parity")
>>> [ax.get_xlabel() for ax in figure.axes][:1]
['b']
>>> counts = counts_figure({1: {1: 1}, 2: {0: 1, 2: 1}, 3: {0: 1, 1: 2}}, title="cr")
>>> [ax.get_ylabel() for ax in counts.axes]
['positions', 'share']
>>> b'viewBox="0 0 ' in figure_bytes(counts, "svg")
True
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never a window
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import QuadMesh
from matplotlib.colorbar import Colorbar
from matplotlib.colors import BoundaryNorm, Colormap, ListedColormap, LogNorm, Normalize
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, MaxNLocator

from grundy.atomic import atomic_open, check_writable
from grundy.render.typeset import mathtext

__all__ = [
    "FEW_VALUES",
    "FORMATS",
    "SMALLEST_FONT",
    "TEXT_WIDTH",
    "check_figure_path",
    "contrast_ratio",
    "counts_figure",
    "figure_bytes",
    "save_figure",
    "sweep_figure",
]

FORMATS = (".svg", ".png", ".pdf")
#: The widest picture, in inches: the text width of an 11 pt LaTeX article (360 pt).
TEXT_WIDTH = 5.0
#: The smallest font, in points, of any text in a picture at its own size.
SMALLEST_FONT = 7.0
#: Up to this many values, each has its own colour (`PALETTE`); more make a heat map.
FEW_VALUES = 10
#: One colour per value when there are few: matplotlib's "tab10", value 0 blue.
PALETTE = matplotlib.colormaps["tab10"].colors
#: The sequential colour scale of heat maps with many values, and of counts.
SEQUENTIAL = "viridis"
_MARKERS = "osD^v<>ph*"  # one per line with PALETTE: lines told apart in black and white too
_TITLE_FONT, _LABEL_FONT, _TICK_FONT = 9.0, 8.0, SMALLEST_FONT
_LARGEST_DIGITS = 10.0  # digits in heat-map cells: as large as the cell allows, up to this
_LARGEST_CELL = 0.35  # inches: a heat map of few cells is not blown up past this
_DIGIT_WIDTH = 0.64  # a digit's width, in ems (DejaVu Sans: 0.636)
_SEAM = 0.3  # points: each cell's outline in its own colour, over the seams between cells
_SHARE_LINES = 4  # the shares drawn below a heat map of counts: value 0 and the most frequent


def sweep_figure(
    rows: list[dict[str, Any]], value: str = "value", title: str | None = None
) -> Figure:
    """The picture of a sweep's rows (see the module docstring); `title` is typeset
    (`mathtext`), with the parameters that do not vary after it ("Column-Row on a^m,b,
    normal play, b = 3"); None or "": no title."""
    if not rows:
        raise ValueError("no rows to draw")
    skip = {value, "value", "misere_value", "position"}
    names = [k for k, v in rows[0].items() if k not in skip and type(v) is int]
    varying = [p for p in names if len({row[p] for row in rows}) > 1]
    fixed = {p: rows[0][p] for p in names if p not in varying}
    caption = title or ""
    if caption and fixed:
        caption += "".join(f", {p} = {v}" for p, v in fixed.items())
    if len(varying) == 1:
        return _line(rows, varying[0], value, caption)
    if len(varying) == 2:
        return _heat_map(rows, varying, value, caption)
    raise ValueError(
        f"a picture shows one or two varying parameters, the sweep varies {len(varying)} "
        f"({', '.join(varying)}): give the others a single value"
    )


def counts_figure(
    table: dict[int, dict[int, int]], title: str | None = None, counted: str = "positions"
) -> Figure:
    """Counts by value against n, from {n: {value: count}} (`grundy count`): how many
    `counted` things of size n have each value.  Up to `FEW_VALUES` values: one line per
    value (log scale) above the share of each value among the things of size n, the
    legend beside the axes.  More: a heat map of n across and value down, coloured by
    the count (log scale), above the shares of value 0 and of the most frequent values
    (there are too many to draw all), the legend above them saying so.  `title` is
    typeset (`mathtext`); None or "": no title."""
    if not table:
        raise ValueError("no counts to draw")
    sizes = list(range(min(table), max(table) + 1))  # a size not in `table`: a gap
    values = sorted({v for row in table.values() for v in row})
    if len(values) > FEW_VALUES:  # every value between, each a row of the heat map
        values = list(range(values[0], values[-1] + 1))
    counts = np.array([[table.get(n, {}).get(v, 0) for n in sizes] for v in values], float)
    shares = counts / np.maximum(counts.sum(axis=0), 1)
    figure = _paper_figure(4.6 if len(values) > FEW_VALUES else 4.2)
    top, share_ax = figure.subplots(
        2, 1, sharex=True, gridspec_kw={"height_ratios": (2.2, 1)}
    )  # fmt: skip
    if len(values) <= FEW_VALUES:
        _value_lines(top, sizes, values, counts)
        top.set_yscale("log")
        _label(top, "", counted, title)
        _legend_beside(top)
        shown = list(range(len(values)))
    else:
        _counts_heat_map(figure, top, sizes, values, counts, counted)
        _label(top, "", "value", title)
        shown = _share_rows(values, counts)
    _value_lines(share_ax, sizes, [values[i] for i in shown], shares[shown])
    _label(share_ax, "n", "share", None)
    share_ax.set_ylim(bottom=0)
    share_ax.xaxis.set_major_locator(_round_ticks())
    if len(values) > FEW_VALUES:
        _legend_above(share_ax, _shares_shown(values, shown))
    return figure


def contrast_ratio(colour: Sequence[float], other: Sequence[float]) -> float:
    """The WCAG contrast ratio (1 to 21) of two RGB(A) colours with channels in 0..1.

    >>> round(contrast_ratio((0, 0, 0), (1, 1, 1)), 1)
    21.0
    """
    light, dark = sorted((_luminance(colour), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def check_figure_path(path: str | os.PathLike[str]) -> Path:
    """`path` as a writable picture file of a known format (checked before the work)."""
    target = check_writable(path)
    if target.suffix.lower() not in FORMATS:
        endings = ", ".join(FORMATS)
        raise ValueError(f"cannot draw to {str(target)!r}: use a file ending in {endings}")
    return target


#: The metadata that would put the time of drawing into a file, left out.
_NO_DATE = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}


def figure_bytes(figure: Figure, form: str) -> bytes:
    """The figure drawn in format `form` ("svg", "png", "pdf"), cropped to what it shows;
    the same figure gives the same bytes (no date inside, fixed SVG ids), so a paper's
    repository sees a picture change only when what it shows does."""
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "grundy"}):
        figure.savefig(
            buffer, format=form, bbox_inches="tight", pad_inches=0.02, dpi=200,
            metadata=_NO_DATE.get(form),
        )  # fmt: skip
    return buffer.getvalue()


def save_figure(figure: Figure, path: str | os.PathLike[str]) -> None:
    """Write the figure to `path` atomically, in the format its suffix names."""
    target = check_figure_path(path)
    data = figure_bytes(figure, target.suffix[1:].lower())
    with atomic_open(target, "wb") as handle:
        handle.write(data)


def _paper_figure(height: float, width: float = TEXT_WIDTH) -> Figure:
    """An empty figure `width` × `height` inches whose layout keeps every label inside."""
    figure = Figure(figsize=(width, height))
    FigureCanvasAgg(figure)  # measures text for the layout, and renders (`figure_bytes`)
    figure.set_layout_engine("constrained", w_pad=0.03, h_pad=0.03)
    return figure


def _line(rows: list[dict[str, Any]], parameter: str, value: str, title: str) -> Figure:
    figure = _paper_figure(2.4)
    ax = figure.subplots()
    ax.plot([row[parameter] for row in rows], [row[value] for row in rows],
            marker="o", markersize=3, linewidth=1, color=PALETTE[0])  # fmt: skip
    _label(ax, parameter, value, title)
    ax.xaxis.set_major_locator(_round_ticks())
    ax.yaxis.set_major_locator(_round_ticks())
    return figure


def _heat_map(rows: list[dict[str, Any]], varying: list[str], value: str, title: str) -> Figure:
    """The values over two parameters (`varying`: down, across) as vector cells, each
    with its value written in it where the digits fit."""
    down, across = varying
    ys = sorted({row[down] for row in rows})
    xs = sorted({row[across] for row in rows})
    grid = np.full((len(ys), len(xs)), np.nan)
    for row in rows:
        grid[ys.index(row[down]), xs.index(row[across])] = row[value]
    values = sorted({int(v) for v in grid[~np.isnan(grid)]})
    cell = min(_LARGEST_CELL, (TEXT_WIDTH - 1.4) / len(xs), 6.5 / len(ys))
    figure = _paper_figure(cell * len(ys) + (1.0 if title else 0.75), cell * len(xs) + 1.4)
    ax = figure.subplots()
    colours, norm = _value_colours(values)
    mesh = ax.pcolormesh(_edges(len(xs)), _edges(len(ys)), np.ma.masked_invalid(grid),
                         cmap=colours, norm=norm, edgecolors="face", linewidth=_SEAM)  # fmt: skip
    _cell_ticks(ax.xaxis, xs)
    _cell_ticks(ax.yaxis, ys)
    ax.invert_yaxis()
    _label(ax, across, down, title)
    bar = _colorbar(figure, mesh, ax, value)
    if len(values) <= FEW_VALUES:
        bar.set_ticks(values, labels=[str(v) for v in values])
    else:
        bar.locator = _round_ticks()
    _write_cell_values(figure, ax, grid, mesh)
    return figure


def _colorbar(figure: Figure, mesh: QuadMesh, ax: Axes, label: str) -> Colorbar:
    """The colour scale of `mesh` beside `ax`, vector-drawn (matplotlib rasterizes
    a long scale's colours: an image in an SVG)."""
    bar = figure.colorbar(mesh, ax=ax, label=label, aspect=30, pad=0.02)
    bar.solids.set_rasterized(False)
    bar.solids.set_edgecolor("face")  # no hairline seams between the scale's colours
    bar.solids.set_linewidth(_SEAM)
    bar.ax.tick_params(labelsize=_TICK_FONT)
    bar.ax.yaxis.label.set_size(_LABEL_FONT)
    return bar


def _value_colours(values: list[int]) -> tuple[Colormap, Normalize]:
    """Few values: one `PALETTE` colour each (in order: 0 blue where 0 is the
    smallest), with the boundaries between them; many: the `SEQUENTIAL` scale."""
    if len(values) <= FEW_VALUES:
        bounds = [values[0] - 0.5] + [(a + b) / 2 for a, b in pairwise(values)]
        return ListedColormap(PALETTE[: len(values)]), BoundaryNorm(
            [*bounds, values[-1] + 0.5], len(values)
        )
    return matplotlib.colormaps[SEQUENTIAL], Normalize(values[0], values[-1])


def _write_cell_values(figure: Figure, ax: Axes, grid: np.ndarray, mesh: QuadMesh) -> None:
    """Each cell's value written in it, as large as the cell allows (up to
    `_LARGEST_DIGITS`), black or white, whichever stands out more from the cell's
    colour; nothing where the digits would be smaller than `SMALLEST_FONT`."""
    figure.draw_without_rendering()  # the layout: the cells' size on the page
    box = ax.get_window_extent()
    points_per_pixel = 72 / figure.dpi
    cell_width = box.width / grid.shape[1] * points_per_pixel
    cell_height = box.height / grid.shape[0] * points_per_pixel
    digits = max(len(str(int(v))) for v in grid[~np.isnan(grid)])
    size = min(_LARGEST_DIGITS, 0.7 * cell_height, 0.65 * cell_width / (_DIGIT_WIDTH * digits))
    if size < SMALLEST_FONT:
        return
    for (i, j), v in np.ndenumerate(grid):
        if not np.isnan(v):
            rgba = mesh.cmap(mesh.norm(v))
            ink = max(("black", "white"), key=lambda c: contrast_ratio(rgba, _RGB[c]))
            ax.text(j, i, str(int(v)), ha="center", va="center_baseline", fontsize=size,
                    color=ink)  # fmt: skip


_RGB = {"black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0)}


def _luminance(colour: Sequence[float]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _counts_heat_map(figure: Figure, ax: Axes, sizes: list[int], values: list[int],
                     counts: np.ndarray, counted: str) -> None:  # fmt: skip
    """n across, value down, each cell coloured by the count (log scale, colorbar); no
    cell where the count is 0."""
    mesh = ax.pcolormesh(
        _edges_at(sizes), _edges_at(values), np.ma.masked_equal(counts, 0),
        cmap=SEQUENTIAL, norm=LogNorm(1, max(counts.max(), 2)), edgecolors="face",
        linewidth=_SEAM,
    )  # fmt: skip
    ax.invert_yaxis()
    ax.yaxis.set_major_locator(_round_ticks())
    _colorbar(figure, mesh, ax, counted)


def _share_rows(values: list[int], counts: np.ndarray) -> list[int]:
    """The rows of `counts` whose shares are drawn below its heat map: value 0 (the
    P-positions) and the most frequent values over all sizes, `_SHARE_LINES` in all."""
    ranked = sorted(range(len(values)), key=lambda i: (values[i] != 0, -counts[i].sum()))
    return sorted(ranked[:_SHARE_LINES])


def _shares_shown(values: list[int], shown: list[int]) -> str:
    """What the shares below a heat map of counts are: why these values (`shown`, rows).

    >>> _shares_shown(list(range(12)), [0, 1, 2, 4])
    'share of value 0 (P-positions) and of the 3 most frequent values'
    >>> _shares_shown(list(range(1, 13)), [0, 1, 2, 4])
    'share of the 4 most frequent values'
    """
    if values[0] == 0:
        return f"share of value 0 (P-positions) and of the {len(shown) - 1} most frequent values"
    return f"share of the {len(shown)} most frequent values"


def _value_lines(ax: Axes, sizes: list[int], values: list[int], ys: np.ndarray) -> None:
    """One line per value (row of `ys`), each its own `PALETTE` colour and marker; a
    zero is drawn as a gap."""
    for i, (v, row) in enumerate(zip(values, ys, strict=True)):
        ax.plot(sizes, np.where(row > 0, row, np.nan), label=str(v), color=PALETTE[i],
                marker=_MARKERS[i], markersize=2.5, linewidth=0.9)  # fmt: skip


def _legend_beside(ax: Axes) -> None:
    """The legend of `ax`'s lines to its right, outside the axes."""
    ax.legend(title="value", loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0,
              fontsize=_TICK_FONT, title_fontsize=_TICK_FONT, frameon=False,
              handlelength=1.5)  # fmt: skip


def _legend_above(ax: Axes, title: str) -> None:
    """The legend of `ax`'s lines in one row above it, outside the axes, under `title`."""
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(handles, [f"value {v}" for v in labels], loc="lower right",
              bbox_to_anchor=(1, 1.02), borderaxespad=0, ncols=len(labels),
              fontsize=_TICK_FONT, title=title, title_fontsize=_TICK_FONT,
              alignment="right", frameon=False, handlelength=1.5)  # fmt: skip


def _label(ax: Axes, xlabel: str, ylabel: str, title: str | None) -> None:
    """Axis labels, tick labels and the title (typeset: `mathtext`) in the picture's fonts."""
    ax.set_xlabel(xlabel, fontsize=_LABEL_FONT)
    ax.set_ylabel(ylabel, fontsize=_LABEL_FONT)
    ax.tick_params(labelsize=_TICK_FONT)
    if title:
        ax.set_title(mathtext(title), fontsize=_TITLE_FONT)


def _edges(count: int) -> np.ndarray:
    """The cell edges of `count` cells centred on 0, 1, …"""
    return np.arange(count + 1) - 0.5


def _edges_at(centres: list[int]) -> np.ndarray:
    """The cell edges of consecutive integers `centres`, each cell centred on its own."""
    return np.arange(centres[0], centres[-1] + 2) - 0.5


def _cell_ticks(axis: Any, labels: list[int]) -> None:
    """Ticks at the cells 0, 1, … labelled with the parameter's values: every one where
    they fit, else a readable subset."""
    every = max(1, -(-len(labels) // 20))
    at = list(range(0, len(labels), every))
    axis.set_major_locator(FixedLocator(at))
    axis.set_ticklabels([str(labels[i]) for i in at])


def _round_ticks() -> MaxNLocator:
    """Ticks at whole numbers, in steps of 1, 2, 5 or 10 (times a power of 10)."""
    return MaxNLocator(integer=True, steps=[1, 2, 5, 10])
