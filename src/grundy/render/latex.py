"""LaTeX for papers: Young diagrams with values in the boxes (ytableau), tables (booktabs).

`young_latex` writes a per-box table (`grundy table`) as a ``ytableau``
environment, P-positions (value 0) shaded as in 000 Figure 5; `booktabs`
writes rows (a sweep's, a count's) as a ``tabular`` with ``\\toprule``,
``\\midrule`` and ``\\bottomrule``.  Text is escaped for LaTeX.

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

from collections.abc import Sequence
from typing import Any

from grundy.render.typeset import escape_latex as escape
from grundy.render.typeset import latex_formula

__all__ = ["booktabs", "escape", "young_latex"]


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


def booktabs(rows: Sequence[dict[str, Any]], math: Sequence[str] = ("position",)) -> str:
    """The rows as a booktabs ``tabular``: numbers right-aligned, text left-aligned; the
    `math` columns (positions such as ``2^2,1``) typeset as formulas, ``$2^{2},1$``."""
    if not rows:
        raise ValueError("no rows to write")
    columns = list(rows[0])
    align = "".join("r" if isinstance(rows[0][c], (int, float)) else "l" for c in columns)
    lines = [
        r"% \usepackage{booktabs}",
        rf"\begin{{tabular}}{{{align}}}",
        r"\toprule",
        " & ".join(escape(c) for c in columns) + r" \\",
        r"\midrule",
    ]
    lines += [
        " & ".join(
            latex_formula(str(row[c])) if c in math else escape(str(row[c])) for c in columns
        )
        + r" \\"
        for row in rows
    ]
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines)
