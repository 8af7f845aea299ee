"""What the commands print: rich for people, plain text when piped, JSON, LaTeX and CSV.

Output: a rich rendering for people, or with `--json` one JSON object on stdout (`emit`).
When stdout is not a terminal (piped or redirected), `console` prints plain text: tables
as tab-separated rows, no line wrapped or cut.  A file a command writes is named on
stderr (`say_written`); `--latex FILE` writes its tables (`write_latex`).
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.table import Table
from rich.text import Text


class PlainWhenPiped(Console):
    """rich's Console on stdout that prints plain text when stdout is not a terminal.

    Piped or redirected output must read well in a file or another program:
    a table becomes a '# title' line, a header row and one row per line,
    cells separated by tabs; markup is rendered to plain text, and no line
    is wrapped or cut at a width.  On a terminal it is rich's Console.
    """

    def piped(self) -> bool:
        """Whether stdout is not a terminal."""
        isatty = getattr(self.file, "isatty", None)
        return not (isatty is not None and isatty())

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """rich's `Console.print` on a terminal, a table too wide for it transposed
        (`fitted`); plain text (see the class) when piped."""
        if not self.piped():
            for obj in objects:
                for part in self.fitted(obj) if isinstance(obj, Table) else [obj]:
                    super().print(part, **kwargs)
            return
        kwargs.setdefault("soft_wrap", True)
        for obj in objects:
            if isinstance(obj, Table):
                self.file.write(self.plain_table(obj))
            else:
                super().print(obj, **kwargs)

    def fitted(self, table: Table) -> list[Table]:
        """The table as it is if it fits the terminal's width; else transposed (its
        columns as rows: a count's values down, its sizes across); else the transposed
        table in parts of as many columns as fit, as `--latex` fits a table to a page
        (`grundy.render.latex.fit_columns`).  No cell is cut to "…".

        >>> console = PlainWhenPiped(width=40)
        >>> wide = Table("n", *(f"value {v}" for v in range(8)), title="counts")
        >>> wide.add_row("1", *"01234567")
        >>> [len(t.columns) for t in console.fitted(wide)], console.fitted(wide)[0].title
        ([2], 'counts')
        """
        from grundy.render.latex import fit_columns

        header = [column.header for column in table.columns]
        rows = [list(row) for row in zip(*(column.cells for column in table.columns), strict=True)]

        def fits(header: list[Any], rows: list[list[Any]]) -> bool:
            return self._width_of(self._part(table, header, rows)) <= self.width

        parts = fit_columns(header, rows, fits)
        return [table] if parts is None else [self._part(table, *part) for part in parts]

    def _width_of(self, table: Table) -> int:
        """The width the table takes with no cell cut (rich measures within the width)."""
        return self.measure(table, options=self.options.update(max_width=1 << 30)).maximum

    @staticmethod
    def _part(table: Table, header: list[Any], rows: list[list[Any]]) -> Table:
        """A table of `header` and `rows` with the title of `table`, numbers right-aligned."""
        out = Table(title=table.title, show_header=table.show_header)
        out.add_column(header[0], overflow="fold")
        for cell in header[1:]:
            out.add_column(cell, justify="right", overflow="fold")
        for row in rows:
            out.add_row(*row)
        return out

    def plain_table(self, table: Table) -> str:
        """The table as text: '# title', header and rows, tab-separated, one per line."""
        header, rows = self.plain_cells(table)
        lines = []
        if table.title:
            lines.append("# " + self._plain(table.title))
        if table.show_header:
            lines.append("\t".join(header))
        lines += ["\t".join(row) for row in rows]
        return "".join(line + "\n" for line in lines)

    def plain_cells(self, table: Table) -> tuple[list[str], list[list[str]]]:
        """The table's header and rows, each cell as plain text (`_plain`).

        >>> table = Table("move", "winning")
        >>> table.add_row("remove\\n the top row", "[green]yes[/green]")
        >>> PlainWhenPiped().plain_cells(table)
        (['move', 'winning'], [['remove the top row', 'yes']])
        """
        header = [self._plain(column.header) for column in table.columns]
        columns = [list(column.cells) for column in table.columns]
        rows = [[self._plain(cell) for cell in row] for row in zip(*columns, strict=True)]
        return header, rows

    def _plain(self, cell: Any) -> str:
        """A cell's text without markup, on one line (newlines and tabs become spaces)."""
        if isinstance(cell, Text):
            text = cell.plain
        elif isinstance(cell, str):
            text = self.render_str(cell).plain
        else:
            text = str(cell)
        return " ".join(text.split())


class ShortTextHighlighter(ReprHighlighter):
    """rich's colouring of numbers, strings and the like, on text of at most `LONGEST`
    characters; longer text is printed as it is.

    A few of rich's patterns (a name before "(") rescan the rest of the text from
    every position, so colouring costs the square of the text's length: 6 s for a
    10,000-digit position, minutes for a matrix of 100,000 entries.  Without it,
    printing is linear in the size of the output (benchmarks/bench_printing.py).
    """

    LONGEST = 1_000

    def highlight(self, text: Text) -> None:
        """Colour `text` in place, if it is short enough to colour in linear time."""
        if len(text) <= self.LONGEST:
            super().highlight(text)


console = PlainWhenPiped(highlighter=ShortTextHighlighter())


def emit(data: dict[str, Any], as_json: bool, show: Callable[[], None]) -> None:
    """Print `data` as JSON when asked, else call `show` to render it for people."""
    if as_json:
        sys.stdout.write(json.dumps(data, default=_jsonable) + "\n")
    else:
        show()


def say_written(path: str | Path, as_json: bool = False, detail: str = "") -> None:
    """The one line every command prints for a file it wrote: "wrote PATH" (and a detail in
    parentheses), on stderr, so that the results on stdout stay whole for a pipe.  Nothing
    with --json: the JSON object names the files.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     say_written("plot.svg", detail="3 values")
    >>> err.getvalue()
    'wrote plot.svg (3 values)\\n'
    """
    if not as_json:
        sys.stderr.write(f"wrote {path}" + (f" ({detail})" if detail else "") + "\n")


#: The columns whose cells are positions or templates in a game's syntax (``2^2,1``,
#: ``a^m,b``): formulas in LaTeX, their exponents raised.  Other columns are text.
FORMULA_COLUMNS = ("position", "to", "partition", "template", "family")


def tables_latex(tables: Sequence[Table]) -> str:
    """The printed tables as LaTeX (`grundy.render.latex.latex_tables`): each cell's plain
    text as piped output shows it, the title as the caption, the `FORMULA_COLUMNS` typeset.

    >>> table = Table("to", "winning", title="[bold]cr[/bold] 2^2,1: value 3")
    >>> table.add_row("2^2", "[green]yes[/green]")
    >>> print(tables_latex([table]))
    % \\usepackage{booktabs}
    % \\caption{cr 2$^{2}$,1: value 3}
    \\begin{tabular}{ll}
    \\toprule
    to & winning \\\\
    \\midrule
    $2^{2}$ & yes \\\\
    \\bottomrule
    \\end{tabular}
    """
    from grundy.render.latex import LatexTable, latex_tables

    written = []
    for table in tables:
        header, rows = console.plain_cells(table)
        caption = console._plain(table.title) if table.title else None
        written.append(LatexTable(header, rows, caption))
    return latex_tables(written, FORMULA_COLUMNS)


def write_latex(
    path: str | Path | None, tables: Sequence[Table], data: dict[str, Any], as_json: bool
) -> None:
    """`--latex FILE` (`LatexOption`): write the command's tables to FILE as LaTeX
    (`tables_latex`), atomically; name it in the JSON object `data` and say it was written.
    Nothing without the option."""
    if path is None:
        return
    from grundy.atomic import write_text_atomic

    write_text_atomic(path, tables_latex(tables) + "\n")
    data["latex"] = str(path)
    say_written(path, as_json)


def emit_tables(
    data: dict[str, Any],
    tables: Sequence[Table],
    latex: str | Path | None,
    as_json: bool,
    empty: str | None = None,
) -> None:
    """The end of a command whose result is its tables: write them to `--latex FILE`
    (`write_latex`), then print `data` as JSON or the tables for people (`emit`); `empty`,
    when given, is the line printed instead of tables without a row."""
    write_latex(latex, tables, data, as_json)

    def show() -> None:
        if empty is not None and not any(table.row_count for table in tables):
            console.print(empty)
        else:
            console.print(*tables)

    emit(data, as_json, show)


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    return str(obj)


def rows_as_csv(rows: list[dict[str, Any]]) -> str:
    """Rows of equal keys as CSV text, with a header line.

    >>> print(rows_as_csv([{"position": "3,1", "value": 0}]), end="")
    position,value
    "3,1",0
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
