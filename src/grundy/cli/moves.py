"""`grundy moves`: every option of a position with its value, for any game."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from grundy.answers import answer, json_source, partizan_game, source_of
from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.options import (
    PositionArg,
)
from grundy.cli.partizan import moves_partizan
from grundy.cli.printing import console, emit, write_latex
from grundy.cli.progress import search_progress
from grundy.cli.reading import read_position
from grundy.solver import solver_for


@app.command("moves")
@game_options("misere", "piece", "atlas", "read-store", "latex", "json")
def moves_command(position: PositionArg, shared: GameOptions) -> None:
    """Every option of a position with its value; winning moves (to value 0, a P-position) marked.

    With an atlas (--atlas DIR or $GRUNDY_ATLAS), values within its levels are looked up (an
    outcome atlas gives an option's outcome, P or N, in place of its value);
    with --store, values a sweep kept are read.  --json names the sources that answered
    (of the position's value and its options' values).
    """
    partizan = partizan_game(shared.game)
    if partizan is not None:  # a canonical form and an outcome class, not a nimber
        return moves_partizan(partizan, position, shared)
    rules, misere = shared.rules(), shared.misere
    sources = {"atlas": shared.atlas, "store": shared.store}
    _, pos = read_position(rules, position)
    with search_progress(solver_for(rules), f"{rules.name} {position}"):
        # The position first: a search past its bound is refused before the options are
        # listed, and one that runs values every option into the memo on the way.
        found = answer(rules, pos, misere, **sources)
        listed = answer(rules, pos, misere, question="options", **sources)
    opts, result = listed.value, found.value
    rows = [
        {
            "move": str(opt.move),
            "description": opt.description,
            "position": rules.format_position(opt.position),
            "value": opt.value,
            "winning": opt.winning,
        }
        for opt in opts
    ]
    data = {
        "game": rules.name,
        "position": rules.format_position(pos),
        "misere": misere,
        "value": result,
        "options": rows,
        "source": json_source(source_of([*found.sources, *listed.sources])),
    }

    table = Table(title=f"{escape(rules.name)} {escape(data['position'])}: value {result}")
    for column in ("move", "to", "value", "winning"):
        table.add_column(column, overflow="fold")
    for row in rows:
        mark = "[green]yes[/green]" if row["winning"] else "no"
        table.add_row(row["description"], row["position"], str(row["value"]), mark)
    write_latex(shared.latex, [table], data, shared.as_json)

    def show() -> None:
        console.print(table)
        if not rows:
            console.print("terminal position: no moves")

    emit(data, shared.as_json, show)
