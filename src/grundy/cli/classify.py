"""`grundy classify`: Gurvich–Ho classes of the small positions (paper 000 Definition 2)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import interruptible, starts_over
from grundy.cli.printing import console, emit, write_latex
from grundy.cli.progress import progress_bar


@app.command("classify")
@game_options("piece", "latex", "json")
def classify_command(
    max_n: Annotated[int, typer.Option("--max-n", help="Largest position size to include.")],
    shared: GameOptions,
) -> None:
    """Gurvich–Ho classes (000 Definition 2) over all positions of size <= N."""
    from grundy.analysis.sg_pairs import classify_sizes

    rules = shared.rules()
    doing = f"classifying the positions of {rules.name} of size ≤ {max_n}"
    with (
        interruptible(doing, starts_over),
        progress_bar(f"classifying {rules.name} positions") as bar,
    ):
        result = classify_sizes(rules, max_n, bar.update)
    table = _classes_table(result["classes"])
    write_latex(shared.latex, [table], result, shared.as_json)

    def show() -> None:
        console.print(
            f"{escape(rules.name)}: {result['positions']} positions (up to the game's symmetry) "
            f"reachable from the positions of size <= {max_n}"
        )
        pairs = ", ".join(f"{p}: {c}" for p, c in result["pairs"].items())
        console.print(f"(SG, SG-) pairs: {pairs}")
        console.print(table)

    emit(result, shared.as_json, show)


def _classes_table(classes: dict[str, Any]) -> Table:
    """One row per class: whether every position is in it, else the smallest that is not."""
    table = Table()
    for column in ("class", "holds", "smallest counterexample", "reason"):
        table.add_column(column)
    for name, answer in classes.items():
        example = answer["counterexample"]
        if example is None:
            text = "-"
        else:
            text = f"{example['position']} {tuple(example['pair'])}"
            if "move_to" in example:
                text += f" -> {example['move_to']} {tuple(example['move_to_pair'])}"
        holds = "[green]yes[/green]" if answer["holds"] else "[red]no[/red]"
        table.add_row(name, holds, text, "" if answer["holds"] else answer["reason"])
    return table
