"""`grundy store list|export|clear`: the results store, what sweeps and counts have computed."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from grundy.atomic import check_writable, write_text_atomic
from grundy.cli.common import app
from grundy.cli.late_help import GrundyTyper
from grundy.cli.options import JsonOption, LatexOption, StoreOption, option
from grundy.cli.printing import console, emit_tables, rows_as_csv, say_written
from grundy.cli.results_store import open_store

store_app = GrundyTyper(help="The results store: what sweeps have computed.", no_args_is_help=True)
app.add_typer(store_app, name="store")

GameFilterOption = option(str | None, "--game", help="Only this game's values.")


@store_app.command("list")
def store_list(
    store: StoreOption = None, latex: LatexOption = None, as_json: JsonOption = False
) -> None:
    """How many values and counted sizes are stored, per game, rules version and play.

    Where the default store cannot be made (a home folder that cannot be written), one
    line says so and the list is empty."""
    results = open_store(store, writes=False)
    summary = results.summary() if results is not None else []
    where = "none" if results is None else str(results.path)
    table = Table(title=f"results store {escape(where)}")
    for column in ("game", "rules version", "play"):
        table.add_column(column)
    for column in ("values", "sizes counted"):
        table.add_column(column, justify="right")
    for row in summary:
        play = "misère" if row["misere"] else "normal"
        counts = (str(row["values"]), row["sizes"] or "none")
        table.add_row(escape(row["game"]), str(row["rules_version"]), play, *counts)
    data = {"store": None if results is None else str(results.path), "games": summary}
    emit_tables(data, [table], latex, as_json)


@store_app.command("export")
def store_export(
    output: Annotated[Path, typer.Argument(help="CSV file to write (atomically).")],
    game: GameFilterOption = None,
    store: StoreOption = None,
) -> None:
    """Every stored value (of one game) as CSV: game, rules_version, misere, position, value."""
    check_writable(output)
    results = open_store(store, writes=False)
    rows = list(results.rows(game)) if results is not None else []
    if not rows:
        raise ValueError(
            "nothing to export: the store has no values" + (f" of {game}" if game else "")
        )
    write_text_atomic(output, rows_as_csv(rows))
    say_written(output, detail=f"{len(rows)} values")


@store_app.command("clear")
def store_clear(
    game: GameFilterOption = None,
    store: StoreOption = None,
) -> None:
    """Delete the stored values and tallies (of one game)."""
    from grundy.results import Store

    removed = Store(store).clear(game)
    console.print(f"{removed} values and tallies deleted")
