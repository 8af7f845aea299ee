"""Young diagrams with a number written in every box, and grids of cells.

Paper 000 §3.3 (Figures 5 and 8) draws a game on a partition λ by writing
SG(λ[i, j]) in the box on row i + 1 and column j + 1 of the Young diagram
(English notation: rows top to bottom, left-justified).  For LCTR the boxes
just outside the diagram hold the terminal positions λ[i, j] = [] (value 0 in
normal play, 1 in misère play, 000 §2.3); Figure 5 shows them as well.

Everything here draws plain data: `table_text`, `table_rich` and `table_svg`
draw *any* table of integers whose row lengths form a partition (row i has
λ_{i+1} entries), `cells_svg` a grid of filled and empty cells.  Computing the
values and drawing them is `grundy.analysis.tables` (`young_text`, …).

>>> print(table_text([[1, 0], [2]], outside=0), end="")
┌───┬───┐
│ 1 │ 0 │ 0
├───┼───┘
│ 2 │ 0
└───┘
  0

Diagrams too large to read are refused with a ValueError (limits below),
which `check_drawable` gives from the shape alone, before any value is
computed; nothing is ever truncated.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral
from xml.sax.saxutils import escape

from rich.text import Text

from grundy.partition import Partition
from grundy.render.svg import svg_document, text_width, title_element
from grundy.render.typeset import svg_length

__all__ = [
    "MAX_SVG_BOXES",
    "MAX_SVG_COLUMNS",
    "MAX_SVG_ROWS",
    "MAX_TEXT_BOXES",
    "MAX_TEXT_COLUMNS",
    "MAX_TEXT_ROWS",
    "cells_svg",
    "check_drawable",
    "outside_cells",
    "partition_svg",
    "table_rich",
    "table_svg",
    "table_text",
]

#: Largest diagrams drawn as text (rows, columns, boxes).
MAX_TEXT_ROWS = 200
MAX_TEXT_COLUMNS = 200
MAX_TEXT_BOXES = 10_000
#: Largest diagrams drawn as SVG (rows, columns, boxes).
MAX_SVG_ROWS = 300
MAX_SVG_COLUMNS = 300
MAX_SVG_BOXES = 20_000

Table = Sequence[Sequence[int]]

# Box-drawing character for each set of arms (up, down, left, right) at a vertex.
_JUNCTIONS = {
    (True, True, True, True): "┼",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (True, False, False, False): "│",
    (False, True, False, False): "│",
    (False, False, True, False): "─",
    (False, False, False, True): "─",
    (False, False, False, False): " ",
}

_ZERO_STYLE = "bold green"
_OUTSIDE_STYLE = "dim"
_BORDER_STYLE = "bright_black"


# ------------------------------------------------------------------ checks
def check_drawable(shape: Partition | Sequence[int], kind: str = "text") -> None:
    """Refuse (ValueError) a diagram too large to draw legibly as `kind` ("text" or "svg").

    `shape` is the partition or its row lengths.  Only the run-length data is
    read, so this is instant even for partitions with 10^18 boxes.
    """
    if kind == "text":
        limits = (MAX_TEXT_ROWS, MAX_TEXT_COLUMNS, MAX_TEXT_BOXES)
    elif kind == "svg":
        limits = (MAX_SVG_ROWS, MAX_SVG_COLUMNS, MAX_SVG_BOXES)
    else:
        raise ValueError(f"unknown picture kind {kind!r}; expected 'text' or 'svg'")
    if isinstance(shape, Partition):
        rows, columns, boxes = shape.length, shape.largest, shape.size
    else:
        rows, columns, boxes = len(shape), max(shape, default=0), sum(shape)
    max_rows, max_columns, max_boxes = limits
    problems = []
    if rows > max_rows:
        problems.append(f"{rows} rows (at most {max_rows})")
    if columns > max_columns:
        problems.append(f"{columns} columns (at most {max_columns})")
    if boxes > max_boxes:
        problems.append(f"{boxes} boxes (at most {max_boxes})")
    if problems:
        raise ValueError(
            f"diagram too large to draw as {kind}: " + ", ".join(problems) + "; get the numbers "
            "with young_table or `grundy table --json` instead"
        )


def _shape_of(table: Table, kind: str) -> list[int]:
    """Validate a table of values and return its row lengths (a partition)."""
    if isinstance(table, (str, bytes)) or not isinstance(table, Sequence):
        raise TypeError(f"a value table is a sequence of rows, got {type(table).__name__}")
    shape = []
    for i, row in enumerate(table):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"row {i + 1} of the value table is not a sequence of values")
        shape.append(len(row))
    check_drawable(shape, kind)
    for i, row in enumerate(table):
        if not row:
            raise ValueError(f"row {i + 1} of the value table is empty: rows must be non-empty")
        if i and len(row) > shape[i - 1]:
            raise ValueError(
                f"row {i + 1} of the value table is longer than row {i}: row lengths must "
                "weakly decrease (a Young diagram)"
            )
        for v in row:
            if isinstance(v, bool) or not isinstance(v, Integral):  # numpy's ints are Integral
                raise TypeError(f"table values must be integers, got {v!r} in row {i + 1}")
    return shape


def outside_cells(shape: Sequence[int]) -> list[tuple[int, int]]:
    """The 0-based cells (i, j) just outside a diagram, where λ[i, j] = [].

    These are the cells not in the diagram whose upper or left neighbour is
    (the terminal positions an LCTR move reaches, 000 Eq. (3)); for the empty
    diagram, the cell (0, 0) itself.  `shape` lists the row lengths.
    """
    if not shape:
        return [(0, 0)]
    cells = []
    previous = 0  # length of the row above
    for i, length in enumerate([*shape, 0]):
        reach = max(length + 1 if length else 0, previous)
        cells.extend((i, j) for j in range(length, reach))
        previous = length
    return cells


# -------------------------------------------------------------------- text
def _text_segments(
    table: Table, outside: int | None, title: str | None
) -> list[list[tuple[str, str]]]:
    """The picture as lines of (text, rich style) segments; shared by text and rich."""
    shape = _shape_of(table, "text")
    rows = len(shape)
    rim = set(outside_cells(shape)) if outside is not None else set()
    values = [v for row in table for v in row]
    if outside is not None:
        values.append(outside)
    width = max((len(str(v)) for v in values), default=1)
    columns = max([*shape, *(j + 1 for _, j in rim)], default=0)

    def length(i: int) -> int:
        return shape[i] if 0 <= i < rows else 0

    def border(k: int) -> list[tuple[str, str]]:
        above, below = length(k - 1), length(k)
        span = max(above, below)
        out = []
        for c in range(columns + 1):
            arms = (
                k >= 1 and c <= above and above > 0,
                k < rows and c <= below and below > 0,
                1 <= c <= span,
                c < span,
            )
            out.append((_JUNCTIONS[arms], _BORDER_STYLE))
            if c < columns:
                out.append(("─" * (width + 2) if c < span else " " * (width + 2), _BORDER_STYLE))
        return out

    def content(i: int) -> list[tuple[str, str]]:
        n = length(i)
        out = []
        for c in range(columns + 1):
            out.append(("│" if n and c <= n else " ", _BORDER_STYLE))
            if c == columns:
                break
            if c < n:
                v = table[i][c]
                out.append((f" {str(v).rjust(width)} ", _ZERO_STYLE if v == 0 else ""))
            elif (i, c) in rim:
                out.append((f" {str(outside).rjust(width)} ", _OUTSIDE_STYLE))
            else:
                out.append((" " * (width + 2), ""))
        return out

    lines: list[list[tuple[str, str]]] = []
    if title:
        lines.append([(title, "bold")])
    for i in range(rows):
        lines.append(border(i))
        lines.append(content(i))
    if rows:
        lines.append(border(rows))
    if any(i == rows for i, _ in rim):
        lines.append(content(rows))
    if not rows and not rim:
        lines.append([("(empty diagram)", "italic")])
    return [_rstrip(line) for line in lines]


def _rstrip(line: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Drop trailing blanks so no line of the picture ends in spaces."""
    out = list(line)
    while out and not out[-1][0].strip():
        out.pop()
    if out:
        out[-1] = (out[-1][0].rstrip(), out[-1][1])
    return out


def table_text(table: Table, *, outside: int | None = None, title: str | None = None) -> str:
    """A value table drawn as a Young diagram with box-drawing characters.

    Row i of `table` holds the values of the boxes of row i + 1 (000 §3.3);
    values are right-aligned.  With `outside`, that value is written in every
    cell just outside the diagram (the terminal positions of 000 Figure 5).
    Refuses (ValueError) more than MAX_TEXT_ROWS rows, MAX_TEXT_COLUMNS
    columns or MAX_TEXT_BOXES boxes.
    """
    lines = _text_segments(table, outside, title)
    return "\n".join("".join(text for text, _ in line) for line in lines) + "\n"


def table_rich(table: Table, *, outside: int | None = None, title: str | None = None) -> Text:
    """`table_text` as a rich Text for the terminal: zeros (P-positions) highlighted.

    Values 0 are bold green, outside values dim, borders grey.
    """
    out = Text()
    for line in _text_segments(table, outside, title):
        for text, style in line:
            out.append(text, style=style or None)
        out.append("\n")
    return out


# --------------------------------------------------------------------- SVG
_CELL = 40  # side of a box, px (more for values of many digits)
_FONT = 18  # size of the values
_MARGIN = 16
_TITLE_SIZE = 16
_NOTE_SIZE = 12
_P_FILL = "#c8c8c8"  # shading of the boxes of value 0
_GRID_CELL = 18  # side of a cell of `cells_svg`, px
_DIGIT_CELL = 24  # the same with its entry written in it
_GRID_MARGIN = 2
_ON_FILL = "#9ecae1"  # a True cell of `cells_svg`
_ENTRY_SIZE = 0.6  # size of the digits in `cells_svg`, as a fraction of the cell


def table_svg(table: Table, *, outside: int | None = None, title: str | None = None) -> str:
    """A value table drawn as an SVG picture (a complete, standalone document).

    Every box is a `<rect class="box">` (class "box p" and grey when its value
    is 0, a P-position) with its value centred in a `<text class="value">`;
    `outside` values (000 Figure 5) are `<text class="outside">` without a
    box.  The title, if any, on top with its exponents raised (``5^2`` as 5²:
    `grundy.render.svg.title_element`); without one no room is kept for it.
    A one-line legend below.  Refuses (ValueError) more than MAX_SVG_ROWS rows,
    MAX_SVG_COLUMNS columns or MAX_SVG_BOXES boxes.

    >>> svg = table_svg([[1, 0], [0]], title="2^2")
    >>> svg.count('class="box p"'), svg.count('class="value"'), svg.count("<tspan")
    (2, 3, 1)
    """
    shape = _shape_of(table, "svg")
    rim = outside_cells(shape) if outside is not None else []
    values = [v for row in table for v in row] + ([outside] if outside is not None else [])
    digits = max((len(str(v)) for v in values), default=1)
    font = _FONT
    cell = max(_CELL, round(digits * 0.62 * font + 14))  # room for the widest value
    columns = max([*shape, *(j + 1 for _, j in rim)], default=0)
    rows = max([len(shape), *(i + 1 for i, _ in rim)])
    top = _MARGIN + (_TITLE_SIZE + 12 if title else 0)
    legend = "grey boxes: value 0 (P-positions)"
    if outside is not None:
        legend += f"; outside the diagram: terminal positions (value {outside})"
    title_width = text_width(title, _TITLE_SIZE, bold=True) if title else 0
    legend_width = text_width(legend, _NOTE_SIZE)
    width = 2 * _MARGIN + max(columns * cell, title_width, legend_width)
    height = top + rows * cell + _NOTE_SIZE + 14 + _MARGIN

    def centre(i: int, j: int) -> tuple[str, str]:
        x = _MARGIN + (j + 0.5) * cell
        y = top + (i + 0.5) * cell + 0.35 * font  # baseline of centred digits
        return svg_length(x), svg_length(y)

    out = []
    if title:
        out.append(title_element(title, _MARGIN, _MARGIN + _TITLE_SIZE, _TITLE_SIZE, bold=True))
    out.append('<g class="boxes" stroke="black" stroke-width="1.5">')
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            cls, fill = ("box p", _P_FILL) if v == 0 else ("box", "white")
            out.append(
                f'<rect class="{cls}" x="{_MARGIN + j * cell}" y="{svg_length(top + i * cell)}" '
                f'width="{cell}" height="{cell}" fill="{fill}"/>'
            )
    out.append("</g>")
    out.append(
        f'<g class="values" text-anchor="middle" font-size="{svg_length(font)}" fill="black">'
    )
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            x, y = centre(i, j)
            out.append(f'<text class="value" x="{x}" y="{y}">{v}</text>')
    out.append("</g>")
    if rim:
        out.append(
            f'<g class="outside" text-anchor="middle" font-size="{svg_length(font)}" '
            'fill="#777777" font-style="italic">'
        )
        for i, j in rim:
            x, y = centre(i, j)
            out.append(f'<text class="outside" x="{x}" y="{y}">{outside}</text>')
        out.append("</g>")
    out.append(
        f'<text class="legend" x="{_MARGIN}" y="{svg_length(top + rows * cell + _NOTE_SIZE + 10)}" '
        f'font-size="{_NOTE_SIZE}" fill="#444444">{escape(legend)}</text>'
    )
    return svg_document(width, height, out, title=title)


def cells_svg(
    cells: Sequence[Sequence[bool]], cell: int | None = None, *, digits: bool = False
) -> str:
    """A grid as SVG: a filled `<rect class="cell on">` for True, an outlined
    `<rect class="cell">` for False (Jupyter pictures of partitions and 0/1 matrices);
    with `digits`, each cell's entry, 1 or 0, written in it (`<text class="entry">`,
    row by row).  Cells are `cell` px wide: by default 18, or 24 with digits (large
    enough to read them).  Refuses grids larger than an SVG table may be.

    >>> svg = cells_svg([[True, False], [True]], digits=True)
    >>> svg.count('<rect class="cell'), svg.count('class="cell on"'), svg.count('"entry"')
    (3, 2, 3)
    """
    check_drawable([len(row) for row in cells], "svg")
    if cell is None:
        cell = _DIGIT_CELL if digits else _GRID_CELL
    height = max(len(cells), 1) * cell + 2 * _GRID_MARGIN
    width = max((len(row) for row in cells), default=1) * cell + 2 * _GRID_MARGIN
    out = ['<g class="cells" stroke="black" stroke-width="1">']
    for i, row in enumerate(cells):
        for j, on in enumerate(row):
            cls, fill = ("cell on", _ON_FILL) if on else ("cell", "white")
            out.append(
                f'<rect class="{cls}" x="{_GRID_MARGIN + j * cell}" '
                f'y="{_GRID_MARGIN + i * cell}" width="{cell}" height="{cell}" fill="{fill}"/>'
            )
    out.append("</g>")
    if digits:
        out.extend(_entries(cells, cell))
    return svg_document(width, height, out)


def _entries(cells: Sequence[Sequence[bool]], cell: int) -> list[str]:
    """Each cell's entry, 1 or 0, centred in it, row by row (black: readable on both fills)."""
    size = round(cell * _ENTRY_SIZE)
    out = [f'<g class="entries" text-anchor="middle" font-size="{size}" fill="black">']
    for i, row in enumerate(cells):
        for j, on in enumerate(row):
            x = _GRID_MARGIN + (j + 0.5) * cell
            y = _GRID_MARGIN + (i + 0.5) * cell + 0.35 * size  # baseline of a centred digit
            at = f'x="{svg_length(x)}" y="{svg_length(y)}"'
            out.append(f'<text class="entry" {at}>{int(on)}</text>')
    out.append("</g>")
    return out


def partition_svg(partition: Partition) -> str:
    """The Young diagram of `partition` as `cells_svg` (how Jupyter shows a partition:
    `grundy.jupyter`); a ValueError when it is too large to draw, before listing a part.

    >>> partition_svg(Partition([3, 1])).count('<rect class="cell on"')
    4
    """
    check_drawable(partition, "svg")
    return cells_svg([[True] * part for part in partition.parts()])
