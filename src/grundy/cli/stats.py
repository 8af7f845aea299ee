"""`grundy stats`: game-tree sizes of a position (paper 000 §7)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import brief, interruptible, starts_over
from grundy.cli.options import FROM_FILE_HELP
from grundy.cli.printing import emit_tables
from grundy.cli.progress import progress_bar
from grundy.cli.reading import read_position


@app.command("stats")
@game_options("piece", "latex", "json")
def stats_command(
    position: Annotated[
        str, typer.Argument(help='The starting position, e.g. "4^3".' + FROM_FILE_HELP)
    ],
    shared: GameOptions,
) -> None:
    """Game-tree sizes of a position: nodes, leaves, distinct states, height (000 §7)."""
    from grundy.analysis.tree_size import stats

    rules = shared.rules()
    text, pos = read_position(rules, position)
    doing = f"walking the game tree of {rules.name} {brief(position)}"
    with (
        interruptible(doing, starts_over),
        progress_bar(f"walking the game tree of {escape(rules.name)}") as bar,
    ):
        sizes = stats(rules, text, lambda states: bar.update(states, None))
    data: dict[str, Any] = {"game": rules.name, "position": rules.format_position(pos), **sizes}
    table = Table(title=f"{escape(rules.name)} {escape(data['position'])}: game tree")
    table.add_column("parameter")
    table.add_column("value", justify="right")
    for key in ("nodes", "leaves", "states", "height"):
        table.add_row(key, str(sizes[key]))
    emit_tables(data, [table], shared.latex, shared.as_json)
