"""Hasse diagrams as SVG with a value written on every node.

The style of paper 004 Figures 4, 5 and 7: elements drawn bottom-up by rank
(by longest-chain level when the poset is not graded), cover relations as
lines, the Grundy value inside each node and the element's name beside it.
Nodes of value 0 are shaded.  Within a level, elements are ordered by the
mean position of their neighbours (a few barycentre sweeps) to keep lines
from crossing needlessly.

Posets with more than `MAX_ELEMENTS` elements are refused with a ValueError:
such a picture cannot be read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from grundy.atomic import check_writable, write_text_atomic
from grundy.posets import Poset, bits

__all__ = ["MAX_ELEMENTS", "hasse_layout", "hasse_svg", "write_hasse_svg"]

MAX_ELEMENTS = 2000
_RADIUS = 13
_ROW = 70
_MARGIN = 30
_CHAR = 6.6  # approximate width of one character of the 11px label font


def check_drawable(poset: Poset) -> None:
    """ValueError if the poset is too large to draw legibly."""
    if not isinstance(poset, Poset):
        raise TypeError(f"expected a Poset, got {type(poset).__name__}")
    if len(poset) > MAX_ELEMENTS:
        raise ValueError(
            f"{poset.name} has {len(poset)} elements; a Hasse diagram is drawn for at most "
            f"{MAX_ELEMENTS} (use `grundy poset values` for the numbers)"
        )


def hasse_layout(poset: Poset, sweeps: int = 4) -> list[list[int]]:
    """Element indices per level (level 0 at the bottom), ordered to reduce crossings."""
    check_drawable(poset)
    levels = poset.levels()
    rows: list[list[int]] = [[] for _ in range(max(levels, default=-1) + 1)]
    for i, lv in enumerate(levels):
        rows[lv].append(i)
    lower = poset.lower_cover_masks()
    upper: list[list[int]] = [[] for _ in range(len(poset))]
    for i, mask in enumerate(lower):
        for j in bits(mask):
            upper[j].append(i)
    place = {i: k / max(1, len(row) - 1) for row in rows for k, i in enumerate(row)}

    def reorder(row: list[int], neighbours: Any) -> list[int]:
        def key(i: int) -> tuple[float, float]:
            near = neighbours(i)
            centre = sum(place[j] for j in near) / len(near) if near else place[i]
            return (centre, place[i])

        new = sorted(row, key=key)
        for k, i in enumerate(new):
            place[i] = k / max(1, len(new) - 1)
        return new

    for _ in range(sweeps):
        for lv in range(1, len(rows)):
            rows[lv] = reorder(rows[lv], lambda i: list(bits(lower[i])))
        for lv in range(len(rows) - 2, -1, -1):
            rows[lv] = reorder(rows[lv], lambda i: upper[i])
    return rows


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
    """
    check_drawable(poset)
    if node_values is not None:
        missing = [x for x in poset if x not in node_values]
        if missing:
            raise ValueError(f"no value given for element {poset.format(missing[0])}")
    rows = hasse_layout(poset)
    names = [poset.format(x) for x in poset]
    label_w = max((len(t) for t in names), default=1) * _CHAR if labels else 0
    step = max(2 * _RADIUS + 14, 2 * _RADIUS + label_w + 12)
    widest = max((len(r) for r in rows), default=1)
    width = 2 * _MARGIN + max(1, widest) * step
    top = _MARGIN + (24 if title else 0)
    height = top + _MARGIN + max(0, len(rows) - 1) * _ROW + 2 * _RADIUS
    pos: dict[int, tuple[float, float]] = {}
    for lv, row in enumerate(rows):
        y = height - _MARGIN - _RADIUS - lv * _ROW
        offset = (width - len(row) * step) / 2
        for k, i in enumerate(row):
            pos[i] = (offset + (k + 0.5) * step - (label_w / 2 if labels else 0), y)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
    ]
    if title:
        out.append(
            f'<text x="{width / 2:.1f}" y="{_MARGIN:.0f}" text-anchor="middle" '
            f'font-size="15">{escape(title)}</text>'
        )
    out.append('<g stroke="#444" stroke-width="1.2">')
    lower = poset.lower_cover_masks()
    for i in range(len(poset)):
        x1, y1 = pos[i]
        for j in bits(lower[i]):
            x2, y2 = pos[j]
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1 + _RADIUS:.1f}" '
                f'x2="{x2:.1f}" y2="{y2 - _RADIUS:.1f}"/>'
            )
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
        if labels:
            out.append(
                f'<text x="{cx + _RADIUS + 4:.1f}" y="{cy + 4:.1f}" font-size="11" '
                f'fill="#555">{escape(names[i])}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


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
    """The Hasse diagram as a TikZ picture, laid out as `hasse_svg` (by rank, crossings
    reduced); nodes hold the values if given, else the element names."""
    from grundy.render.latex import escape

    rows = hasse_layout(poset)
    lines = [
        r"% \usepackage{tikz}",
        r"\begin{tikzpicture}[every node/.style={circle, draw, inner sep=1.5pt, font=\small}]",
    ]
    for level, row in enumerate(rows):
        for k, i in enumerate(row):
            x = (k - (len(row) - 1) / 2) * 1.2
            element = poset.elements[i]
            label = str(node_values[element]) if node_values else escape(poset.format(element))
            lines.append(rf"\node (n{i}) at ({x:.2f}, {1.2 * level:.2f}) {{{label}}};")
    for i, mask in enumerate(poset.lower_cover_masks()):
        for j in bits(mask):
            lines.append(rf"\draw (n{j}) -- (n{i});")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)
