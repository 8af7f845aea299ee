"""Hasse diagrams as SVG or TikZ, with a value written on every node.

The style of paper 004 Figures 4, 5 and 7: elements drawn bottom-up by rank
(by longest-chain level when the poset is not graded), cover relations as
lines, the Grundy value inside each node and the element's name beside it, on a
white halo drawn as a text of its own underneath (every SVG converter draws it:
cairosvg ignores ``paint-order``, and would paint a one-element halo over its
letters).  Nodes of value 0 are shaded.

Both pictures share one layered layout (Sugiyama's method, as in Graphviz
`dot`): a cover that skips levels bends at a point on every level between,
so that no line runs behind a node; the order within each level is chosen to
make few lines cross, by median sweeps and sifting from several starting
orders, keeping the best (`hasse_crossings` counts what is left).  Levels are
spread apart as the widest one grows, so that a large poset is not drawn as a
flat strip.  The starting orders are shuffled with a fixed seed: the same
poset always gives the same picture.

Posets with more than `MAX_ELEMENTS` elements are refused with a ValueError:
such a picture cannot be read.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import numpy as np

from grundy.atomic import check_writable, write_text_atomic
from grundy.posets import Poset, bits
from grundy.render.svg import svg_document, text_width, title_element
from grundy.validate import as_bool

__all__ = [
    "MAX_ELEMENTS",
    "check_drawable",
    "hasse_crossings",
    "hasse_layout",
    "hasse_svg",
    "hasse_tikz",
    "write_hasse_svg",
]

MAX_ELEMENTS = 2000
_RADIUS = 13
_ROW = 70  # least gap between levels, px
_MARGIN = 30
_TITLE_SIZE = 15
_TITLE_ROOM = 24  # below the margin, above the top row, when there is a title
_CHAR = 6.6  # approximate width of one character of the 11px label font
_ASPECT = 2.0  # the levels are spread until the picture is at most this much wider than high,
_MAX_GAP = 6  # but by at most this many times the least gap
_STARTS = 8  # starting orders tried: the stored linear extension's, then shuffles
_EFFORT = 400_000  # improvement rounds allowed in all, times the size of one (bounds the time)


def check_drawable(poset: Poset) -> None:
    """ValueError if the poset is too large to draw legibly.

    >>> from grundy import posets
    >>> check_drawable(posets.set_partitions(8))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Π_8 has 4140 elements; a Hasse diagram is drawn for at most 2000 (use ...)
    """
    if not isinstance(poset, Poset):
        raise TypeError(f"expected a Poset, got {type(poset).__name__}")
    if len(poset) > MAX_ELEMENTS:
        raise ValueError(
            f"{poset.name} has {len(poset)} elements; a Hasse diagram is drawn for at most "
            f"{MAX_ELEMENTS} (use `grundy poset values` for the numbers)"
        )


def hasse_layout(poset: Poset) -> list[list[int]]:
    """Element indices per level (level 0 at the bottom), in drawing order, left to right.

    Each level's list is a permutation of the elements of that level:

    >>> from grundy import posets
    >>> [len(row) for row in hasse_layout(posets.set_partitions(4))]
    [1, 6, 7, 1]
    """
    rows, _ = _layered(poset)
    n = len(poset)
    return [[i for i in row if i < n] for row in rows]


def hasse_crossings(poset: Poset) -> int:
    """How many pairs of cover lines cross in the drawings of `hasse_svg` and `hasse_tikz`.

    >>> from grundy import posets
    >>> hasse_crossings(posets.divisors(12)), hasse_crossings(posets.set_partitions(4))
    (0, 32)
    """
    return _crossings(*_layered(poset))


def _layered(poset: Poset) -> tuple[list[list[int]], list[list[int]]]:
    """Nodes per level, ordered by `_order`, and each node's lower neighbours one level down.

    Nodes 0..len(poset)-1 are the elements; each further node is the bend of a cover
    that skips a level and has one lower neighbour.
    """
    check_drawable(poset)
    levels = poset.levels()
    rows: list[list[int]] = [[] for _ in range(max(levels, default=-1) + 1)]
    for i, level in enumerate(levels):
        rows[level].append(i)
    down: list[list[int]] = [[] for _ in range(len(poset))]
    for i, mask in enumerate(poset.lower_cover_masks()):
        for j in bits(mask):
            below = j
            for level in range(levels[j] + 1, levels[i]):
                down.append([below])
                below = len(down) - 1
                rows[level].append(below)
            down[i].append(below)
    return _order(rows, down), down


def _order(rows: list[list[int]], down: list[list[int]]) -> list[list[int]]:
    """The rows reordered to few crossings.

    From each starting order, rounds of `_improve` until one brings no gain; the best
    order seen wins.  Rounds are shared out by `_EFFORT`, so large posets get few.
    """
    up: list[list[int]] = [[] for _ in down]
    for i, below in enumerate(down):
        for j in below:
            up[j].append(i)
    size = len(down) + sum(len(r) * len(s) for r, s in itertools.pairwise(rows))
    rounds = max(1, _EFFORT // max(1, size))
    shuffler = random.Random(0)
    best, fewest = rows, _crossings(rows, down)
    start = rows
    for _ in range(_STARTS):
        current = [list(r) for r in start]
        last = _crossings(current, down)
        while rounds > 0 and fewest > 0:
            rounds -= 1
            _improve(current, down, up)
            count = _crossings(current, down)
            if count < fewest:
                best, fewest = [list(r) for r in current], count
            if count >= last:
                break
            last = count
        if rounds == 0 or fewest == 0:
            break
        start = [shuffler.sample(r, len(r)) for r in rows]
    return best


def _improve(rows: list[list[int]], down: list[list[int]], up: list[list[int]]) -> None:
    """One round, in place: median sweeps up and down, then each row sifted both ways."""
    pos = _positions(rows, len(down))
    for level in range(1, len(rows)):
        _median_sort(rows[level], down, pos)
    for level in range(len(rows) - 2, -1, -1):
        _median_sort(rows[level], up, pos)
    for level in [*range(len(rows)), *range(len(rows) - 2, -1, -1)]:
        _sift(rows, level, down, up, pos)


def _median_sort(row: list[int], neighbours: list[list[int]], pos: list[int]) -> None:
    """Sort `row` in place by the median position of each node's neighbours."""

    def median(i: int) -> float:
        near = sorted(pos[j] for j in neighbours[i])
        if not near:
            return pos[i]
        half = len(near) // 2
        return near[half] if len(near) % 2 else (near[half - 1] + near[half]) / 2

    row.sort(key=median)
    for k, i in enumerate(row):
        pos[i] = k


def _sift(
    rows: list[list[int]], level: int, down: list[list[int]], up: list[list[int]], pos: list[int]
) -> None:
    """Move each node of a row, most connected first, to its best place in the row."""
    row = rows[level]
    if len(row) < 2:
        return
    # spread[v, y]: v's lines ending right of place y in a next row, less those ending left;
    # summed over u's places y it is (crossings with v left of u) - (with v right of u)
    spread, places = [], [[] for _ in row]
    offset = 0
    for other, neighbours in ((level - 1, down), (level + 1, up)):
        if 0 <= other < len(rows):
            a = _adjacency(row, neighbours, pos, len(rows[other]))
            spread.append(_right(a) - (np.cumsum(a, axis=1) - a))
            for k, i in enumerate(row):
                places[k].extend(offset + pos[j] for j in neighbours[i])
            offset += len(rows[other])
    if not spread:
        return
    table = np.hstack(spread)
    local = {i: k for k, i in enumerate(row)}
    order = list(row)
    for u in sorted(row, key=lambda i: -len(down[i]) - len(up[i])):
        at = order.index(u)
        rest = order[:at] + order[at + 1 :]
        change = table[:, places[local[u]]].sum(axis=1)
        cost = np.concatenate(([0], np.cumsum(change[[local[v] for v in rest]])))
        if cost[at] > cost.min():
            at = int(cost.argmin())
            order = [*rest[:at], u, *rest[at:]]
    row[:] = order
    for k, i in enumerate(row):
        pos[i] = k


def _adjacency(row: list[int], neighbours: list[list[int]], pos: list[int], width: int) -> Any:
    """0/1 matrix: entry [k, m] is 1 when row[k] is joined to the node at place m next door."""
    a = np.zeros((len(row), width), dtype=np.int64)
    for k, i in enumerate(row):
        a[k, [pos[j] for j in neighbours[i]]] = 1
    return a


def _right(a: Any) -> Any:
    """Entry [k, m]: how many lines of row[k] end right of place m (see `_adjacency`)."""
    return np.cumsum(a[:, ::-1], axis=1)[:, ::-1] - a


def _positions(rows: list[list[int]], size: int) -> list[int]:
    """Each node's place in its row."""
    pos = [0] * size
    for row in rows:
        for k, i in enumerate(row):
            pos[i] = k
    return pos


def _crossings(rows: list[list[int]], down: list[list[int]]) -> int:
    """Pairs of lines that cross between consecutive rows.

    A line from v to place y crosses each line from a node left of v to a place right of y.
    """
    pos = _positions(rows, len(down))
    total = 0
    for level in range(1, len(rows)):
        a = _adjacency(rows[level], down, pos, len(rows[level - 1]))
        right = _right(a)
        total += int(((np.cumsum(right, axis=0) - right) * a).sum())
    return total


def _place(
    rows: list[list[int]], step: float, gap: float
) -> tuple[list[tuple[float, float]], float]:
    """Node centres (x from the middle, y up from the bottom row) and the gap between rows.

    Rows are centred, `step` apart; the gap between rows is at least `gap` and grows
    with the widest row (see `_ASPECT`, `_MAX_GAP`).
    """
    widest = max((len(r) for r in rows), default=1)
    spread = (widest - 1) * step / (_ASPECT * max(1, len(rows) - 1))
    rise = min(_MAX_GAP * gap, max(gap, spread))
    pos = [(0.0, 0.0)] * sum(len(r) for r in rows)
    for level, row in enumerate(rows):
        for k, i in enumerate(row):
            pos[i] = ((k - (len(row) - 1) / 2) * step, level * rise)
    return pos, rise


def _lines(poset: Poset, down: list[list[int]]) -> list[list[int]]:
    """Each cover as its path of nodes, from the upper element down through its bends."""
    paths = []
    for i in range(len(poset)):
        for j in down[i]:
            path = [i, j]
            while path[-1] >= len(poset):
                path.append(down[path[-1]][0])
            paths.append(path)
    return paths


def hasse_svg(
    poset: Poset,
    node_values: Mapping[Any, int] | None = None,
    *,
    title: str | None = None,
    labels: bool = True,
) -> str:
    """The Hasse diagram of `poset` as an SVG document.

    `node_values` maps elements to the numbers written in their nodes (e.g.
    `grundy.coin_turning.values(P, "ruler")`); without it the nodes are empty.
    The `title`, if any, is centred on top with its exponents raised
    (`grundy.render.svg.title_element`); without one no room is kept for it.

    >>> from grundy import posets
    >>> svg = hasse_svg(posets.divisors(12), {d: d % 3 for d in (1, 2, 3, 4, 6, 12)})
    >>> svg.count("<circle"), svg.count("<line"), svg.count("#d9d9d9")  # value 0 is shaded
    (6, 7, 3)
    >>> hasse_svg(posets.young("2^2"), title="on Y(2^2)").count('<tspan dy="-5.25"')
    1
    """
    check_drawable(poset)
    if node_values is not None:
        missing = [x for x in poset if x not in node_values]
        if missing:
            raise ValueError(f"no value given for element {poset.format(missing[0])}")
    rows, down = _layered(poset)
    names = [poset.format(x) for x in poset]
    labels = as_bool(labels, "labels")
    label_w = max((len(t) for t in names), default=1) * _CHAR if labels else 0
    step = max(2 * _RADIUS + 14, 2 * _RADIUS + label_w + 12)
    centres, rise = _place(rows, step, _ROW)
    widest = max((len(r) for r in rows), default=1)
    title_width = text_width(title, _TITLE_SIZE) if title else 0
    width = round(2 * _MARGIN + max(widest * step, title_width))
    top = _MARGIN + (_TITLE_ROOM if title else 0)
    height = round(top + _MARGIN + max(0, len(rows) - 1) * rise + 2 * _RADIUS)
    pos = [(width / 2 + x - label_w / 2, height - _MARGIN - _RADIUS - y) for x, y in centres]
    out = []
    if title:
        out.append(title_element(title, width / 2, _MARGIN, _TITLE_SIZE, anchor="middle"))
    out.append('<g stroke="#444" stroke-width="1.2" fill="none">')
    for path in _lines(poset, down):
        points = [pos[k] for k in path]
        points[0] = _towards(points[0], points[1], _RADIUS)
        points[-1] = _towards(points[-1], points[-2], _RADIUS)
        if len(points) == 2:
            (x1, y1), (x2, y2) = points
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
        else:
            text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            out.append(f'<polyline points="{text}"/>')
    out.append("</g>")
    for i, x in enumerate(poset):
        cx, cy = pos[i]
        value = None if node_values is None else node_values[x]
        fill = "#d9d9d9" if value == 0 else "white"
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{_RADIUS}" fill="{fill}" '
            f'stroke="black" stroke-width="1.3"><title>{escape(names[i])}</title></circle>'
        )
        if value is not None:
            size = 12 if len(str(value)) <= 2 else max(7, 24 // len(str(value)))
            out.append(
                f'<text x="{cx:.1f}" y="{cy + size / 3:.1f}" text-anchor="middle" '
                f'font-size="{size}" font-weight="bold">{value}</text>'
            )
        if labels:  # a white halo under the name, where a line passes behind it
            at = f'x="{cx + _RADIUS + 4:.1f}" y="{cy + 4:.1f}" font-size="11"'
            out.append(
                f'<text class="halo" {at} fill="white" stroke="white" stroke-width="3" '
                f'stroke-linejoin="round">{escape(names[i])}</text>'
            )
            out.append(f'<text class="label" {at} fill="#555">{escape(names[i])}</text>')
    return svg_document(width, height, out, title=title)


def _towards(
    start: tuple[float, float], end: tuple[float, float], distance: float
) -> tuple[float, float]:
    """The point `distance` from `start` on the way to `end` (where a line leaves a node)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1e-9, (dx * dx + dy * dy) ** 0.5)
    return (start[0] + dx * distance / length, start[1] + dy * distance / length)


def write_hasse_svg(
    path: str | os.PathLike[str],
    poset: Poset,
    node_values: Mapping[Any, int] | None = None,
    **kwargs: Any,
) -> Path:
    """Write `hasse_svg(...)` to `path` atomically; returns the path."""
    check_writable(path)
    return write_text_atomic(path, hasse_svg(poset, node_values, **kwargs))


def hasse_tikz(poset: Poset, node_values: Mapping[Any, int] | None = None) -> str:
    """The Hasse diagram as a TikZ picture, in the layout of `hasse_svg`.

    Nodes hold the values if given, else the element names; one `\\node` per element
    and one `\\draw` per cover relation.  Distances are in cm.

    >>> from grundy import posets
    >>> print(hasse_tikz(posets.chain(2)))
    % \\usepackage{tikz}
    \\begin{tikzpicture}[every node/.style={circle, draw, inner sep=1.5pt, font=\\small}]
    \\node (n0) at (0.00, 0.00) {1};
    \\node (n1) at (0.00, 1.20) {2};
    \\draw (n0) -- (n1);
    \\end{tikzpicture}
    """
    from grundy.render.latex import escape as latex_escape

    check_drawable(poset)
    rows, down = _layered(poset)
    if node_values:
        labels = [str(node_values[x]) for x in poset]
    else:
        labels = [latex_escape(poset.format(x)) for x in poset]
    # about 0.2 cm per character of \small: names inside the nodes need wider steps
    step = max(1.2, 0.2 * max((len(t) for t in labels), default=1) + 0.4)
    centres, _ = _place(rows, step, 1.2)
    lines = [
        r"% \usepackage{tikz}",
        r"\begin{tikzpicture}[every node/.style={circle, draw, inner sep=1.5pt, font=\small}]",
    ]
    for i, label in enumerate(labels):
        x, y = centres[i]
        lines.append(rf"\node (n{i}) at ({x:.2f}, {y:.2f}) {{{label}}};")
    for path in _lines(poset, down):
        bends = [f"({centres[k][0]:.2f}, {centres[k][1]:.2f})" for k in reversed(path[1:-1])]
        lines.append(r"\draw " + " -- ".join([f"(n{path[-1]})", *bends, f"(n{path[0]})"]) + ";")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)
