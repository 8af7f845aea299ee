"""`grundy sweep`: value every position of a family, one row per parameter combination.

The values come from the results store where it has them (`--store`), the rest from
`grundy.analysis.sweep`, serially or on a Dask cluster; `grundy pattern` runs the same
sweep (`run_sweep`, `parameter_ranges`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from grundy.answers import atlas_for
from grundy.atomic import check_writable, write_text_atomic
from grundy.cli.common import app, display_name
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import brief, interruptible
from grundy.cli.options import (
    FamilyArg,
    LatexOption,
)
from grundy.cli.printing import console, emit, rows_as_csv, say_written
from grundy.cli.progress import progress_bar
from grundy.cli.reading import refuse_together
from grundy.cli.results_store import how_to_resume, open_store
from grundy.families import parse_range
from grundy.game import Ruleset

_PARAMETER = re.compile(r"^--([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$")


@app.command("sweep", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
@game_options("no-title", "misere", "store", "no-store", "scheduler", "piece", "atlas", "json")
def sweep_command(
    ctx: typer.Context,
    family: FamilyArg,
    both: Annotated[bool, typer.Option("--both", help="Normal and misère values.")] = False,
    csv_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--csv", help="Also write the rows as CSV to this file."),
    ] = None,
    parquet: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--parquet", help="Also write the rows as a Parquet file."),
    ] = None,
    latex: LatexOption = None,
    plot: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--plot", help="Also draw the values (.svg, .png, .pdf): one or two varying parameters."
        ),
    ] = None,
    *,
    shared: GameOptions,
) -> None:
    """Value every position of a family: one row per parameter combination.

    With an atlas (--atlas DIR or $GRUNDY_ATLAS), the members within its levels are read
    from it (the family partitions: whole levels), the rest computed.
    """
    from grundy.analysis.sweep import write_parquet
    from grundy.render.latex import booktabs

    rules, misere, as_json = shared.rules(), shared.misere, shared.as_json
    ranges = parameter_ranges(ctx.args)
    for path in (csv_file, parquet, plot):  # --latex is checked as it is read
        if path is not None:
            check_writable(path)
    if plot is not None:
        from grundy.render.plots import check_figure_path  # matplotlib: only when asked

        check_figure_path(plot)
        if sum(len(r) > 1 for r in ranges.values()) not in (1, 2):
            raise ValueError(
                "--plot draws one or two varying parameters: give the others one value"
            )
    refuse_together(
        {"--misere": misere, "--both": both}, "--both gives the normal and the misère values"
    )
    rows = run_sweep(rules, family, ranges, None if both else misere, shared)
    if csv_file is not None:
        write_text_atomic(csv_file, rows_as_csv(rows))
    if parquet is not None:
        write_parquet(rows, parquet)
    heading = f"{rules.name} on {family}: {len(rows)} positions" + _k_explained(family)
    if latex is not None:
        write_text_atomic(latex, booktabs(rows, caption=heading) + "\n")
    if plot is not None:
        from grundy.render.plots import save_figure, sweep_figure  # matplotlib: only when asked

        play = "misère" if misere else "normal"
        title = None if shared.no_title else f"{display_name(rules)} on {family}, {play} play"
        save_figure(sweep_figure(rows, title=title), plot)
    for path in (csv_file, parquet, latex, plot):
        if path is not None:
            say_written(path, as_json)
    data = {"game": rules.name, "family": family, "misere": "both" if both else misere}
    if latex is not None:
        data["latex"] = str(latex)
    data["rows"] = rows

    def show() -> None:
        table = Table(title=escape(heading))
        for column in rows[0]:
            table.add_column(column, justify="left" if column == "position" else "right")
        for row in rows:
            table.add_row(*(escape(str(v)) for v in row.values()))
        console.print(table)

    emit(data, as_json, show)


#: What the column k of a family of many members per choice of parameters numbers
#: (`grundy.analysis.sweep.ENUMERATED`), for the sweep's heading.
_K_COLUMN = {
    "partitions": "the partitions of n, from [n] to 1^n (reverse lexicographic order)",
    "box": "the non-empty diagrams in the box, in lexicographic order (1, 1^2, 2, 2,1, …)",
}


def _k_explained(family: str) -> str:
    """What the heading adds for a family whose rows have a column k (none for others).

    >>> _k_explained("partitions")
    '; k numbers the partitions of n, from [n] to 1^n (reverse lexicographic order)'
    >>> _k_explained("a^m,b")
    ''
    """
    return f"; k numbers {_K_COLUMN[family]}" if family in _K_COLUMN else ""


def run_sweep(
    rules: Ruleset,
    family: str,
    ranges: dict[str, range],
    misere: bool | None,
    shared: GameOptions,
) -> list[dict[str, Any]]:
    """The sweep behind `sweep` and `pattern` (None for `misere`: both values), with the
    store and the scheduler of `shared`, the atlas (`--atlas`, else $GRUNDY_ATLAS:
    `grundy.answers.atlas_for`), a progress bar and a line on Ctrl-C saying how many values
    are stored."""
    from grundy.analysis.sweep import sweep

    results = open_store(shared.store, shared.no_store)
    values_at = atlas_for(rules, misere, shared.atlas)
    done = [0, 0]

    def progress(values: int, total: int) -> None:
        done[:] = [values, total]
        bar.update(values, total)

    def resume() -> str:
        kept = f"{done[0]:,} of {done[1]:,} values are stored" if done[1] else None
        return how_to_resume(rules, results, kept or "the values found before are kept")

    doing = f"sweeping {rules.name} {brief(family)}"
    with interruptible(doing, resume), progress_bar(f"sweeping {escape(rules.name)}") as bar:
        return sweep(
            rules, family, misere=misere, store=results, scheduler=shared.scheduler,
            progress=progress, atlas=values_at, **ranges,
        )  # fmt: skip


def parameter_ranges(args: list[str]) -> dict[str, range]:
    """--name A..B (or --name=A..B) pairs after the family, as ranges by name."""
    ranges: dict[str, range] = {}
    i = 0
    while i < len(args):
        match = _PARAMETER.match(args[i])
        if match is None:
            raise ValueError(f"unexpected argument {args[i]!r}: give parameters as --a 1..10")
        name, text = match[1], match[2]
        if text is None:
            if i + 1 == len(args):
                raise ValueError(f"parameter --{name} needs a range, e.g. --{name} 1..10")
            i += 1
            text = args[i]
        if name in ranges:
            raise ValueError(f"parameter --{name} given twice")
        ranges[name] = parse_range(text, f"range of --{name}")
        i += 1
    if not ranges:
        raise ValueError("give a range for each parameter of the family, e.g. --a 1..10")
    return ranges
