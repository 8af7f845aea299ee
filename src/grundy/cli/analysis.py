"""`grundy stats`, `grundy count` and `grundy classify` (paper 000 §6, §7)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from grundy.analysis.counts import METHODS, count_steps, count_table
from grundy.analysis.sg_pairs import classify_partitions
from grundy.analysis.tree_size import stats
from grundy.cli.common import (
    JsonOption,
    MisereOption,
    app,
    console,
    emit,
    parse_range,
    progress_bar,
)
from grundy.registry import get_ruleset

GameArg = Annotated[str, typer.Argument(help="Game name: lctr, downright, …")]


@app.command("stats")
def stats_command(
    game: GameArg,
    position: Annotated[str, typer.Argument(help='The starting position, e.g. "4^3".')],
    as_json: JsonOption = False,
) -> None:
    """Game-tree sizes of a position: nodes, leaves, distinct states, height (000 §7)."""
    rules = get_ruleset(game)
    pos = rules.parse(position)
    sizes = stats(rules, pos)
    data: dict[str, Any] = {"game": rules.name, "position": rules.format_position(pos), **sizes}

    def show() -> None:
        table = Table(title=f"{rules.name} {data['position']}: game tree")
        table.add_column("parameter")
        table.add_column("value", justify="right")
        for key in ("nodes", "leaves", "states", "height"):
            table.add_row(key, str(sizes[key]))
        console.print(table)

    emit(data, as_json, show)


@app.command("count")
def count_command(
    game: GameArg,
    n: Annotated[str, typer.Option("--n", help="Sizes A..B (inclusive) or a single N.")],
    misere: MisereOption = False,
    method: Annotated[
        str,
        typer.Option(
            "--method",
            help=f"One of {', '.join(METHODS)}: auto = durfee, the Durfee window (000 Cor. 16, "
            "Thm. 11; misère: width 2, proved in games/lctr.py); enumerate = top-row vectors.",
        ),
    ] = "auto",
    as_json: JsonOption = False,
) -> None:
    """How many partitions of each size n have each value (LCTR value 0: OEIS A373457)."""
    rules = get_ruleset(game)
    sizes = parse_range(n, "--n")
    n_max = sizes.stop - 1
    steps = count_steps(n_max, method)
    with progress_bar(f"counting {rules.name}", steps) as advance:
        table = count_table(rules, n_max, misere, method, progress=lambda _: advance(1))
    rows = {size: table[size] for size in sizes}
    values = sorted({v for row in rows.values() for v in row})
    data = {
        "game": rules.name,
        "misere": misere,
        "method": method,
        "counts": {str(size): {str(v): c for v, c in row.items()} for size, row in rows.items()},
    }

    def show() -> None:
        play = "misère" if misere else "normal"
        table_out = Table(title=f"{rules.name} ({play} play): partitions of n by value")
        table_out.add_column("n", justify="right")
        for v in values:
            table_out.add_column(f"value {v}", justify="right")
        table_out.add_column("total", justify="right")
        for size, row in rows.items():
            cells = [str(row.get(v, 0)) for v in values]
            table_out.add_row(str(size), *cells, str(sum(row.values())))
        console.print(table_out)

    emit(data, as_json, show)


@app.command("classify")
def classify_command(
    game: GameArg,
    max_n: Annotated[int, typer.Option("--max-n", help="Largest partition size to include.")],
    as_json: JsonOption = False,
) -> None:
    """Gurvich–Ho classes (000 Definition 2) over all partitions of size <= N."""
    rules = get_ruleset(game)
    result = classify_partitions(rules, max_n)

    def show() -> None:
        console.print(
            f"{rules.name}: {result['positions']} positions (up to conjugation where the game "
            f"is symmetric) reachable from the partitions of size <= {max_n}"
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
