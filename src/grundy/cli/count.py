"""`grundy stats`, `grundy count`, `grundy classify` (paper 000 §6, §7) and `grundy games`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from grundy.atomic import check_writable, write_text_atomic
from grundy.cli.common import (
    GameArg,
    JsonOption,
    MisereOption,
    PieceOption,
    app,
    brief,
    console,
    emit,
    interruptible,
    parse_range,
    progress_bar,
    resolve_game,
    starts_over,
)
from grundy.cli.sweep import (
    NoStoreOption,
    SchedulerOption,
    StoreOption,
    counted_sizes,
    how_to_resume,
    open_store,
)
from grundy.game import capabilities
from grundy.registry import rulesets
from grundy.validate import check_non_negative


@app.command("stats")
def stats_command(
    game: GameArg,
    position: Annotated[str, typer.Argument(help='The starting position, e.g. "4^3".')],
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """Game-tree sizes of a position: nodes, leaves, distinct states, height (000 §7)."""
    from grundy.analysis.tree_size import stats

    rules = resolve_game(game, piece)
    pos = rules.parse(position)
    doing = f"walking the game tree of {rules.name} {brief(position)}"
    with (
        interruptible(doing, starts_over),
        progress_bar(f"walking the game tree of {escape(rules.name)}") as bar,
    ):
        sizes = stats(rules, position, lambda states: bar.update(states, None))
    data: dict[str, Any] = {"game": rules.name, "position": rules.format_position(pos), **sizes}

    def show() -> None:
        table = Table(title=f"{escape(rules.name)} {escape(data['position'])}: game tree")
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
            help="auto: the fastest method the game declares (LCTR and Downright: the Durfee "
            "window, 000 Cor. 16 / Thm. 11; games with a compiled kernel: its census); "
            "enumerate: value every position of each size.",
        ),
    ] = "auto",
    oeis: Annotated[
        Optional[Path],  # noqa: UP045  (typer reads the annotation at run time)
        typer.Option(
            "--oeis",
            help="Also write an OEIS b-file: lines 'n a(n)', a(n) the "
            "number of positions of size n with value --oeis-value.",
        ),
    ] = None,
    oeis_value: Annotated[
        int, typer.Option("--oeis-value", help="The value counted in the b-file (0: P-positions).")
    ] = 0,
    sums: Annotated[
        bool,
        typer.Option(
            "--sums",
            help="Games on sums of partitions (pnim, cris): count every sum of total size n, "
            "not only single partitions (normal play; values by nim-sum).",
        ),
    ] = False,
    plot: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--plot", help="Also draw counts by value against n (.svg, .png or .pdf)."),
    ] = None,
    store: StoreOption = None,
    no_store: NoStoreOption = False,
    scheduler: SchedulerOption = None,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """How many positions of each size n have each value (LCTR value 0: OEIS A373457)."""
    from grundy.analysis.counts import METHODS, count_table

    rules = resolve_game(game, piece)
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; choose one of {', '.join(METHODS)}")
    sizes = parse_range(n, "--n")
    if oeis is not None:
        check_writable(oeis)
        check_non_negative(oeis_value=oeis_value)
    if plot is not None:
        from grundy.render.plots import check_figure_path  # matplotlib: only when asked

        check_figure_path(plot)
    results = open_store(store, no_store)
    n_max = sizes.stop - 1

    def resume() -> str:
        return how_to_resume(rules, results, counted_sizes(results, rules, misere, n_max))

    doing = f"counting {rules.name}"
    computed: list[int] = []  # the sizes counted now; the others were read from the store
    with interruptible(doing, resume), progress_bar(f"counting {escape(rules.name)}") as bar:
        table = count_table(
            rules, n_max, misere, method, bar.update,
            store=results, scheduler=scheduler, sums=sums,
            on_size=lambda size, _: computed.append(size),
        )  # fmt: skip
    rows = {size: table[size] for size in sizes}
    if oeis is not None:
        write_text_atomic(
            oeis, "".join(f"{k} {row.get(oeis_value, 0)}\n" for k, row in rows.items())
        )
    if plot is not None:
        from grundy.render.plots import counts_figure, save_figure

        what = "sums" if sums else "positions"
        save_figure(counts_figure(rows, title=f"{rules.name}: {what} of size n by value"), plot)
    values = sorted({v for row in rows.values() for v in row})
    data = {
        "game": rules.name,
        "misere": misere,
        "method": method,
        "sums": sums,
        "counts": {str(size): {str(v): c for v, c in row.items()} for size, row in rows.items()},
        "computed": sorted(computed),
        "from_store": sorted(set(range(n_max + 1)) - set(computed)),
    }

    def show() -> None:
        play = "misère" if misere else "normal"
        what = "sums of size n" if sums else "positions of size n"
        table_out = Table(title=f"{escape(rules.name)} ({play} play): {what} by value")
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


@app.command("games")
def games_command(as_json: JsonOption = False) -> None:
    """Every game grundy knows (built-in and plug-ins), with what each can do."""
    rows = [
        {
            "name": rules.name,
            "aliases": list(rules.aliases),
            "description": rules.description,
            "reference": rules.reference,
            "parameters": dict(rules.parameters),
            "capabilities": capabilities(rules),
        }
        for rules in rulesets()
    ]

    def show() -> None:
        table = Table(title="games (use a name, or module:attr for your own ruleset)")
        for column in ("name", "description", "capabilities"):
            table.add_column(column, overflow="fold")
        for row in rows:
            name = row["name"] + "".join(f"\n  {a}" for a in row["aliases"])
            table.add_row(name, row["description"], ", ".join(row["capabilities"]))
        console.print(table)

    emit({"games": rows}, as_json, show)
