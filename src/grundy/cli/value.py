"""`grundy value` and `grundy moves`: a position's value and its options, for any game."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import (
    GameArg,
    JsonOption,
    MisereOption,
    PieceOption,
    app,
    console,
    emit,
    resolve_game,
    search_progress,
)
from grundy.solver import solver_for

PositionArg = Annotated[
    str,
    typer.Argument(help='The position in the game\'s syntax, e.g. "8,7,6,5^2,2,1" or "3,1 + 2^2".'),
]


@app.command("value")
def value_command(
    game: GameArg,
    position: PositionArg,
    misere: MisereOption = False,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """The Sprague–Grundy value of a position (misère value with --misere).

    Bounds: a closed form answers at once, whatever the size (LCTR, Downright,
    RIT, gammas and rectangles …); the compiled engine takes boundary words of
    up to 120 letters (λ1 + number of rows ≤ 120) under a memory cap of a
    quarter of the machine's memory.  Anything else goes to the generic solver,
    which holds at most one position per 1,000 bytes of that cap and stops with
    an error when the search passes it; on a terminal it shows its progress
    against that bound, and Ctrl-C says what it was searching.
    """
    rules = resolve_game(game, piece)
    pos = rules.parse(position)
    solver = solver_for(rules)
    with search_progress(solver, f"{rules.name} {position}"):
        result = solver.value(pos, misere)
    data = {
        "game": rules.name,
        "position": rules.format_position(pos),
        "misere": misere,
        "value": result,
        "outcome": "P" if result == 0 else "N",
    }

    def show() -> None:
        play = "misère" if misere else "normal"
        who = "previous player wins (P)" if result == 0 else "next player wins (N)"
        console.print(
            f"{escape(rules.name)} {escape(data['position'])} ({play} play): "
            f"value [bold]{result}[/bold], {who}",
            soft_wrap=True,
        )

    emit(data, as_json, show)


@app.command("moves")
def moves_command(
    game: GameArg,
    position: PositionArg,
    misere: MisereOption = False,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """Every option of a position with its value; winning moves (to value 0) marked."""
    rules = resolve_game(game, piece)
    pos = rules.parse(position)
    solver = solver_for(rules)
    with search_progress(solver, f"{rules.name} {position}"):
        opts = solver.options(pos, misere)
        result = solver.value(pos, misere)
    rows = [
        {
            "move": str(opt.move),
            "description": rules.format_move(opt.move),
            "position": rules.format_position(opt.position),
            "value": opt.value,
            "winning": opt.value == 0,
        }
        for opt in opts
    ]
    data = {
        "game": rules.name,
        "position": rules.format_position(pos),
        "misere": misere,
        "value": result,
        "options": rows,
    }

    def show() -> None:
        table = Table(title=f"{escape(rules.name)} {escape(data['position'])}: value {result}")
        for column in ("move", "to", "value", ""):
            table.add_column(column, overflow="fold")
        for row in rows:
            mark = "[green]winning[/green]" if row["winning"] else ""
            table.add_row(row["description"], row["position"], str(row["value"]), mark)
        console.print(table)
        if not rows:
            console.print("terminal position: no moves")

    emit(data, as_json, show)
