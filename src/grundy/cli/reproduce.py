"""`grundy reproduce`: check every numbered statement of the five papers in one command.

One row per statement: paper and number, the claim, the range checked, the
verdict (`grundy.reproduce.catalogue.Verdict`), the smallest counterexample and a
command that shows it; then the values grundy computed beyond the papers.
`--report FILE.md|FILE.html` writes the report (docs/findings.md is the full
run's Markdown, written by `make findings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table

from grundy.atomic import check_writable, write_text_atomic
from grundy.cli.common import app, grundy_version
from grundy.cli.interrupts import interruptible, starts_over
from grundy.cli.options import JsonOption, LatexOption
from grundy.cli.printing import emit_tables, say_written
from grundy.cli.progress import progress_bar

_REPORT_KINDS = (".md", ".html")


@app.command("reproduce")
def reproduce_command(
    paper: Annotated[
        str,
        typer.Argument(help="000, 001, 002, 003, 004, games (docs/games.md) or all."),
    ] = "all",
    quick: Annotated[
        bool, typer.Option("--quick", help="Smaller ranges: every paper in under two minutes.")
    ] = False,
    report_path: Annotated[
        Optional[Path],  # noqa: UP045  (typer reads the annotation at run time)
        typer.Option(
            "--report", metavar="FILE", help="Also write the report to FILE.md or FILE.html."
        ),
    ] = None,
    latex: LatexOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check every numbered statement of the papers and print a verdict for each.

    Verdicts: verified (over the range shown), false as stated, holds only with
    its hypotheses, proof slip, wording, not checkable.  The full run takes
    longer than --quick and shows progress on a terminal; Ctrl-C stops it and
    says which statement it was checking.
    """
    from grundy.reproduce import catalogue as core
    from grundy.reproduce import report

    if report_path is not None:
        if report_path.suffix not in _REPORT_KINDS:
            raise ValueError(f"--report {str(report_path)!r}: the file must end in .md or .html")
        check_writable(report_path)
    items = [*core.statements(paper), *core.new_results(paper)]
    current: list[str] = []
    done: list[core.Result] = []

    def doing() -> str:
        where = current[-1] if current else f"the statements of {paper}"
        return f"checking {where} ({len(done)} of {len(items)} done)"

    with interruptible(doing, starts_over), progress_bar("reproduce", len(items)) as advance:
        results = core.run(
            items,
            quick,
            on_start=lambda item: (current.append(item.key), advance.describe(item.key)),
            on_done=lambda result: (done.append(result), advance(1)),
        )
    if report_path is not None:
        page = report.html_page if report_path.suffix == ".html" else report.markdown
        write_text_atomic(report_path, page(results, quick))
        say_written(report_path, as_json)
    tables = []
    for section in report.sections(results):
        table = Table(*section.header, title=section.title)
        for row in section.rows:
            table.add_row(*(escape(cell) for cell in row))
        tables.append(table)
    data = {
        "grundy": grundy_version(),
        "paper": paper,
        "quick": quick,
        "results": [r.as_dict() for r in results],
        "seconds": round(sum(r.seconds for r in results), 3),
    }
    emit_tables(data, tables, latex, as_json)
