"""`grundy classify`: Gurvich–Ho classes of the small positions (paper 000 Definition 2)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import (
    GameArg,
    JsonOption,
    PieceOption,
    app,
    console,
    emit,
    interruptible,
    progress_bar,
    resolve_game,
    starts_over,
)


@app.command("classify")
def classify_command(
    game: GameArg,
    max_n: Annotated[int, typer.Option("--max-n", help="Largest position size to include.")],
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """Gurvich–Ho classes (000 Definition 2) over all positions of size <= N."""
    from grundy.analysis.sg_pairs import classify_sizes

    rules = resolve_game(game, piece)
    doing = f"classifying the positions of {rules.name} of size ≤ {max_n}"
    with (
        interruptible(doing, starts_over),
        progress_bar(f"classifying {rules.name} positions") as bar,
    ):
        result = classify_sizes(rules, max_n, bar.update)

    def show() -> None:
        console.print(
            f"{escape(rules.name)}: {result['positions']} positions (up to the game's symmetry) "
            f"reachable from the positions of size <= {max_n}"
        )
        pairs = ", ".join(f"{p}: {c}" for p, c in result["pairs"].items())
        console.print(f"(SG, SG-) pairs: {pairs}")
        table = Table()
        for column in ("class", "holds", "smallest counterexample", "reason"):
            table.add_column(column)
        for name, answer in result["classes"].items():
            example = answer["counterexample"]
            if example is None:
                text = "-"
            else:
                text = f"{example['position']} {tuple(example['pair'])}"
                if "move_to" in example:
                    text += f" -> {example['move_to']} {tuple(example['move_to_pair'])}"
            holds = "[green]yes[/green]" if answer["holds"] else "[red]no[/red]"
            table.add_row(name, holds, text, "" if answer["holds"] else answer["reason"])
        console.print(table)

    emit(result, as_json, show)
