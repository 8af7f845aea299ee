"""LaTeX for papers: Young diagrams with values in the boxes (ytableau), tables (booktabs).

`young_latex` writes a per-box table (`grundy table`) as a ``ytableau``
environment, P-positions (value 0) shaded as in 000 Figure 5.

`latex_tables` writes tables (those a command prints: `grundy.cli.printing.write_latex`)
with booktabs' ``\\toprule``, ``\\midrule`` and ``\\bottomrule``: a ``tabular`` when a
table has at most `PAGE_ROWS` rows, else a ``longtable``, which breaks across pages
with its header repeated on every page and "continued on the next page" at the foot
of all but the last.  A table of more than `PAGE_COLUMNS` columns is fitted to the
page as the terminal fits a table to its width (`fit_columns`, one decision for
both): transposed (a count's values down, its sizes across), and if still too
wide, cut into parts of as many columns as fit, each part captioned "part k of m".
`booktabs` does the same for rows given as dictionaries (a sweep's).  Numbers are
right-aligned, text left-aligned; the cells of the `math` columns (positions in a
game's syntax, ``2^2,1``) are formulas, ``$2^{2},1$``
(`grundy.render.typeset.latex_formula`), every other cell is text escaped for LaTeX.
A caption, its exponents raised and subscripts lowered, is the longtable's
``\\caption``; a tabular is not a float, so its caption is a comment above it, ready
to move into the paper's ``table``.

>>> print(young_latex([[1, 0], [2]]))
% \\usepackage{ytableau} \\usepackage[table]{xcolor}
\\begin{ytableau}
1 & *(green!25) 0 \\\\
2
\\end{ytableau}
>>> print(booktabs([{"a": 1, "position": "2^2,1", "value": 0}]))
% \\usepackage{booktabs}
\\begin{tabular}{rlr}
\\toprule
a & position & value \\\\
\\midrule
1 & $2^{2},1$ & 0 \\\\
\\bottomrule
\\end{tabular}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from grundy.render.typeset import escape_latex as escape
from grundy.render.typeset import latex_formula, latex_text, unicode_note

__all__ = [
    "PAGE_COLUMNS",
    "PAGE_ROWS",
    "LatexTable",
    "booktabs",
    "escape",
    "fit_columns",
    "latex_tables",
    "young_latex",
]

#: The most rows a table has as one ``tabular``; a longer one is a ``longtable``, which
#: LaTeX breaks across pages (about 40 rows of 10-point text fill a page).
PAGE_ROWS = 40
#: The most columns a table has on a page: ten columns of five-digit numbers (a count's
#: cells up to n = 40) with booktabs' spacing fill the 345 pt text width of a 10-point
#: article.  A wider table is transposed or cut (`fit_columns`).  A table too wide only
#: because of its long cells (positions) is kept: transposing would not narrow it.
PAGE_COLUMNS = 10

#: A cell of a table being fitted (`fit_columns`): any value, kept as it is.
Cell = TypeVar("Cell")

#: A number as a cell shows it: right-aligned.
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?([eE][-+]?\d+)?")


def young_latex(table: Sequence[Sequence[int]], caption: str | None = None) -> str:
    """A ``ytableau`` of the values, row i box j holding `table[i][j]`; zeros shaded."""
    if not table or not all(table):
        raise ValueError("a Young diagram with values needs at least one box in every row")
    rows = [" & ".join(f"*(green!25) {v}" if v == 0 else str(v) for v in row) for row in table]
    lines = [r"% \usepackage{ytableau} \usepackage[table]{xcolor}"]
    if caption:
        lines.append(f"% {escape(caption)}")
    lines += [r"\begin{ytableau}", " \\\\\n".join(rows), r"\end{ytableau}"]
    return "\n".join(lines)


@dataclass(frozen=True)
class LatexTable:
    """A table to write: the column headers, rows of cells (numbers or text) and a caption.

    >>> LatexTable(["n", "value"], [[1, 0], [2]])
    Traceback (most recent call last):
    ...
    ValueError: row 2 has 1 cells for the 2 columns n, value
    """

    header: Sequence[str]
    rows: Sequence[Sequence[Any]]
    caption: str | None = None

    def __post_init__(self) -> None:
        if not self.header:
            raise ValueError("a table needs at least one column")
        for number, row in enumerate(self.rows, 1):
            if len(row) != len(self.header):
                raise ValueError(
                    f"row {number} has {len(row)} cells for the {len(self.header)} "
                    f"columns {', '.join(self.header)}"
                )


def booktabs(
    rows: Sequence[Mapping[str, Any]],
    math: Collection[str] = ("position",),
    caption: str | None = None,
    page_rows: int = PAGE_ROWS,
) -> str:
    """The rows (dictionaries of equal keys, the columns) as one table of `latex_tables`:
    the `math` columns (positions such as ``2^2,1``) typeset as formulas, ``$2^{2},1$``."""
    if not rows:
        raise ValueError("no rows to write")
    header = list(rows[0])
    cells = [[row[column] for column in header] for row in rows]
    return latex_tables([LatexTable(header, cells, caption)], math, page_rows)


def fit_columns(
    header: Sequence[Cell],
    rows: Sequence[Sequence[Cell]],
    fits: Callable[[list[Cell], list[list[Cell]]], bool],
) -> list[tuple[list[Cell], list[list[Cell]]]] | None:
    """How a table too wide for its page or terminal is shown, decided once for LaTeX
    (`latex_tables`) and the terminal (`grundy.cli.printing.PlainWhenPiped.fitted`):
    None when the table `fits` (a predicate on a header and rows) as it is; else the
    table transposed (its columns as rows: a count's values down, its sizes across), as
    one part if that fits, else in parts of as many columns as fit (at least one), each
    part a (header, rows) with the transposed table's first column.  No cell is lost.

    >>> narrow = lambda header, rows: len(header) <= 3
    >>> fit_columns(["n", "value 0"], [[1, 0], [2, 1]], narrow) is None
    True
    >>> for part in fit_columns(["n", "v0", "v1", "total"], [[1, 1, 0, 1], [2, 1, 1, 2]],
    ...                         lambda header, rows: len(header) <= 2):
    ...     print(part)
    (['n', 1], [['v0', 1], ['v1', 0], ['total', 1]])
    (['n', 2], [['v0', 1], ['v1', 1], ['total', 2]])
    """
    header, rows = list(header), [list(row) for row in rows]
    if fits(header, rows):
        return None
    turned = [header[0], *(row[0] for row in rows)]  # the transposed table's header
    columns = [[name, *(row[i] for row in rows)] for i, name in enumerate(header[1:], 1)]

    def part(start: int, stop: int) -> tuple[list[Cell], list[list[Cell]]]:
        """Columns start..stop-1 of the transposed table, after its first column."""
        return [turned[0], *turned[start:stop]], [[c[0], *c[start:stop]] for c in columns]

    parts = []
    start = 1
    while start < len(turned):
        stop = start + 1
        while stop < len(turned) and fits(*part(start, stop + 1)):
            stop += 1
        parts.append(part(start, stop))
        start = stop
    return parts or [part(1, 1)]  # no rows: the first column's header alone


def latex_tables(
    tables: Sequence[LatexTable],
    math: Collection[str] = ("position",),
    page_rows: int = PAGE_ROWS,
    page_columns: int = PAGE_COLUMNS,
) -> str:
    """The tables in order, each a booktabs ``tabular``, or a ``longtable`` when it has more
    than `page_rows` rows, under a comment naming the packages they need; a table of more
    than `page_columns` columns transposed or cut into parts that fit (`fit_columns`).

    >>> long = LatexTable(["n", "to"], [[1, "1^2"], [2, "a_1"]], caption="moves of 2^2")
    >>> print(latex_tables([long], math=["to"], page_rows=1))
    % \\usepackage{booktabs,longtable}
    \\begin{longtable}{rl}
    \\caption{moves of 2$^{2}$} \\\\
    \\toprule
    n & to \\\\
    \\midrule
    \\endfirsthead
    \\toprule
    n & to \\\\
    \\midrule
    \\endhead
    \\midrule
    \\multicolumn{2}{r}{\\emph{continued on the next page}} \\\\
    \\endfoot
    \\bottomrule
    \\endlastfoot
    1 & $1^{2}$ \\\\
    2 & $a_{1}$ \\\\
    \\end{longtable}
    >>> wide = LatexTable(["n", "value 0", "value 1", "total"], [[1, 1, 0, 1], [2, 1, 1, 2]])
    >>> print(latex_tables([wide], page_columns=3))
    % \\usepackage{booktabs}
    \\begin{tabular}{lrr}
    \\toprule
    n & 1 & 2 \\\\
    \\midrule
    value 0 & 1 & 1 \\\\
    value 1 & 0 & 1 \\\\
    total & 1 & 2 \\\\
    \\bottomrule
    \\end{tabular}
    """
    if not tables:
        raise ValueError("no table to write")
    fitted = [part for table in tables for part in _fitted(table, math, page_columns)]
    long = any(len(rows) > page_rows for _, rows, _ in fitted)
    packages = "booktabs,longtable" if long else "booktabs"
    body = "\n\n".join(_environment(part, len(part[1]) > page_rows) for part in fitted)
    note = unicode_note(body)
    return f"% \\usepackage{{{packages}}}\n" + (f"{note}\n" if note else "") + body


#: A table as written: its header and rows of (value, whether it is a formula) cells,
#: and its caption.
_Part = tuple[list[tuple[Any, bool]], list[list[tuple[Any, bool]]], "str | None"]


def _fitted(table: LatexTable, math: Collection[str], page_columns: int) -> list[_Part]:
    """`table` as tables of at most `page_columns` columns (`fit_columns`: transposed, then
    cut), each cell paired with whether it is a formula (its column is one of `math`),
    each part of several captioned "part k of m"."""
    header = [(name, False) for name in table.header]
    rows = [
        [(value, name in math) for value, name in zip(row, table.header, strict=True)]
        for row in table.rows
    ]
    parts = fit_columns(header, rows, lambda header, rows: len(header) <= page_columns)
    if parts is None:
        return [(header, rows, table.caption)]
    if len(parts) == 1 or table.caption is None:
        return [(h, r, table.caption) for h, r in parts]
    return [
        (h, r, f"{table.caption} (part {k} of {len(parts)})") for k, (h, r) in enumerate(parts, 1)
    ]


def _environment(table: _Part, long: bool) -> str:
    """One table: its header and rows between booktabs' rules, as a longtable if `long`."""
    header, cells, title = table
    align = "".join(
        "l" if any(formula for _, formula in column) else _alignment([v for v, _ in column])
        for column in zip(*cells, strict=True)
    ) or "l" * len(header)
    head = [r"\toprule", " & ".join(_cell(*cell) for cell in header) + r" \\", r"\midrule"]
    rows = [" & ".join(_cell(*cell) for cell in row) + r" \\" for row in cells]
    caption = []
    if title is not None:
        caption = [rf"\caption{{{latex_text(' '.join(title.split()))}}}"]
    if not long:
        lines = [f"% {line}" for line in caption]
        lines += [rf"\begin{{tabular}}{{{align}}}", *head, *rows, r"\bottomrule", r"\end{tabular}"]
        return "\n".join(lines)
    continued = rf"\multicolumn{{{len(align)}}}{{r}}{{\emph{{continued on the next page}}}} \\"
    lines = [rf"\begin{{longtable}}{{{align}}}", *(line + r" \\" for line in caption)]
    lines += [*head, r"\endfirsthead", *head, r"\endhead"]  # every page's header
    lines += [r"\midrule", continued, r"\endfoot", r"\bottomrule", r"\endlastfoot"]
    lines += [*rows, r"\end{longtable}"]
    return "\n".join(lines)


def _alignment(cells: Sequence[Any]) -> str:
    """``r`` for a column of numbers (empty cells allowed), ``l`` for text."""
    shown = [str(cell) for cell in cells if str(cell)]
    return "r" if shown and all(_NUMBER.fullmatch(cell) for cell in shown) else "l"


def _cell(value: Any, formula: bool) -> str:
    """A cell's LaTeX: a formula (an empty one stays empty: ``$$`` is display math) or text."""
    text = str(value)
    return latex_formula(text) if formula and text else escape(text)
