"""LaTeX for papers: Young diagrams with values in the boxes (ytableau), tables (booktabs).

`young_latex` writes a per-box table (`grundy table`) as a ``ytableau``
environment, P-positions (value 0) shaded as in 000 Figure 5.

`latex_tables` writes tables (those a command prints: `grundy.cli.common.write_latex`)
with booktabs' ``\\toprule``, ``\\midrule`` and ``\\bottomrule``: a ``tabular`` when a
table has at most `PAGE_ROWS` rows, else a ``longtable``, which breaks across pages
with its header repeated on every page and "continued on the next page" at the foot
of all but the last.  `booktabs` does the same for rows given as dictionaries (a
sweep's).  Numbers are right-aligned, text left-aligned; the cells of the `math`
columns (positions in a game's syntax, ``2^2,1``) are formulas, ``$2^{2},1$``
(`grundy.render.typeset.latex_formula`), every other cell is text escaped for LaTeX.
A caption, its exponents raised, is the longtable's ``\\caption``; a tabular is not a
float, so its caption is a comment above it, ready to move into the paper's ``table``.

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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.render.typeset import escape_latex as escape
from grundy.render.typeset import latex_formula, latex_text, unicode_note

__all__ = ["PAGE_ROWS", "LatexTable", "booktabs", "escape", "latex_tables", "young_latex"]

#: The most rows a table has as one ``tabular``; a longer one is a ``longtable``, which
#: LaTeX breaks across pages (about 40 rows of 10-point text fill a page).
PAGE_ROWS = 40

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


def latex_tables(
    tables: Sequence[LatexTable],
    math: Collection[str] = ("position",),
    page_rows: int = PAGE_ROWS,
) -> str:
    """The tables in order, each a booktabs ``tabular``, or a ``longtable`` when it has more
    than `page_rows` rows, under a comment naming the packages they need.

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
    2 & $a\\_1$ \\\\
    \\end{longtable}
    """
    if not tables:
        raise ValueError("no table to write")
    long = any(len(table.rows) > page_rows for table in tables)
    packages = "booktabs,longtable" if long else "booktabs"
    body = "\n\n".join(_environment(table, math, len(table.rows) > page_rows) for table in tables)
    note = unicode_note(body)
    return f"% \\usepackage{{{packages}}}\n" + (f"{note}\n" if note else "") + body


def _environment(table: LatexTable, math: Collection[str], long: bool) -> str:
    """One table: its header and rows between booktabs' rules, as a longtable if `long`."""
    formulas = [column in math for column in table.header]
    align = "".join(
        "l" if formula else _alignment([row[i] for row in table.rows])
        for i, formula in enumerate(formulas)
    )
    head = [
        r"\toprule",
        " & ".join(escape(column) for column in table.header) + r" \\",
        r"\midrule",
    ]
    rows = [
        " & ".join(_cell(value, formula) for value, formula in zip(row, formulas, strict=True))
        + r" \\"
        for row in table.rows
    ]
    caption = []
    if table.caption is not None:
        caption = [rf"\caption{{{latex_text(' '.join(table.caption.split()))}}}"]
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
