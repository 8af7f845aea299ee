"""`grundy count`: how many positions of each size have each value."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table

from grundy.answers import Source, atlas_for, json_source, partizan_game, source_of
from grundy.atomic import check_writable, write_text_atomic
from grundy.cli.common import app, display_name
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import interruptible
from grundy.cli.options import (
    SizesOption,
)
from grundy.cli.partizan import count_partizan
from grundy.cli.printing import emit_tables, say_written
from grundy.cli.progress import progress_bar
from grundy.cli.reading import parse_range
from grundy.cli.results_store import counted_sizes, how_to_resume, open_store
from grundy.validate import check_non_negative


@app.command("count")
@game_options(
    "no-title", "misere", "latex", "store", "no-store", "scheduler", "piece", "atlas", "json"
)
def count_command(
    n: SizesOption,
    method: Annotated[
        str,
        typer.Option(
            "--method",
            help="auto: the fastest method the game declares ({games with a counting formula}: "
            "its counting formula, such as the Durfee window of 000 Cor. 16 / Thm. 11; games "
            "with a compiled kernel: its census); "
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
        Optional[int],  # noqa: UP045  (None: not given; the b-file counts P-positions)
        typer.Option("--oeis-value", help="The value counted in the b-file (0: P-positions)."),
    ] = None,
    sums: Annotated[
        bool,
        typer.Option(
            "--sums",
            help="Games on sums of partitions ({games on sums}): count every sum of total size n, "
            "not only single partitions (normal play; values by nim-sum).",
        ),
    ] = False,
    plot: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--plot", help="Also draw counts by value against n (.svg, .png or .pdf)."),
    ] = None,
    *,
    shared: GameOptions,
) -> None:
    """How many positions of each size n have each value (LCTR value 0: OEIS A373457).

    With an atlas (--atlas DIR or $GRUNDY_ATLAS), the sizes within its levels are
    read from it; the rest come from the store or are counted.  --json names the
    sources of the sizes asked: "atlas", "store", "closed form" (the game's counting
    formula), "kernel" (its census) or "search" (every position valued).  An outcome
    atlas (atlas build --outcomes) gives its levels' P- and N-positions instead
    ("outcomes" in --json), and their N-positions with one winning move and with several.
    """
    from grundy.analysis.counts import METHODS, check_sums, count_table

    partizan = partizan_game(shared.game)
    if partizan is not None:  # positions by outcome class (L, R, N, P), distinct values
        return count_partizan(partizan, n, shared)
    rules, misere, as_json = shared.rules(), shared.misere, shared.as_json
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; choose one of {', '.join(METHODS)}")
    sizes = parse_range(n, "--n")
    if oeis_value is not None and oeis is None:
        raise ValueError("--oeis-value says which value the --oeis b-file counts: give --oeis FILE")
    oeis_value = 0 if oeis_value is None else oeis_value
    if oeis is not None:
        check_writable(oeis)
        check_non_negative(oeis_value=oeis_value)
    if plot is not None:
        from grundy.render.plots import check_figure_path  # matplotlib: only when asked

        check_figure_path(plot)
    if sums:
        check_sums(rules, misere)  # before the atlas: a misère atlas would not help
    results = open_store(shared.store, shared.no_store)
    n_max = sizes.stop - 1
    values_at = atlas_for(rules, misere, shared.atlas)
    if values_at is not None and not values_at.holds_values:  # an outcome atlas
        from grundy.cli.atlas import count_outcomes

        if sums or oeis_value or plot is not None:
            raise ValueError(
                "an outcome atlas counts P- and N-positions: no --sums, --plot, --oeis-value"
            )
        count_outcomes(rules, values_at, sizes, oeis, shared.latex, as_json)
        return
    in_atlas = range(0 if values_at is None else min(values_at.levels, n_max) + 1)

    def resume() -> str:
        return how_to_resume(rules, results, counted_sizes(results, rules, misere, n_max))

    doing = f"counting {rules.name}"
    computed: list[int] = []  # the sizes counted now; the others were read from the store
    sources: dict[int, Source] = {}
    with interruptible(doing, resume), progress_bar(f"counting {escape(rules.name)}") as bar:
        table = count_table(
            rules, n_max, misere, method, bar.update,
            store=results, scheduler=shared.scheduler, sums=sums,
            on_size=lambda size, _: computed.append(size), atlas=values_at, sources=sources,
        )  # fmt: skip
    rows = {size: table[size] for size in sizes}
    if oeis is not None:
        write_text_atomic(
            oeis, "".join(f"{k} {row.get(oeis_value, 0)}\n" for k, row in rows.items())
        )
        say_written(oeis, as_json)
    if plot is not None:
        from grundy.render.plots import counts_figure, save_figure

        what = "sums" if sums else "positions"
        play = "misère" if misere else "normal"
        title = f"{display_name(rules)}, {play} play: {what} of size n by value"
        save_figure(
            counts_figure(rows, title=None if shared.no_title else title, counted=what), plot
        )
        say_written(plot, as_json)
    data = {
        "game": rules.name,
        "misere": misere,
        "method": method,
        "sums": sums,
        "counts": {str(size): {str(v): c for v, c in row.items()} for size, row in rows.items()},
        "computed": sorted(computed),
        "from_store": sorted(set(range(n_max + 1)) - set(computed) - set(in_atlas)),
        "from_atlas": list(in_atlas),
        "source": json_source(source_of(sources[size] for size in sizes)),
    }
    table_out = _counts_table(rules.name, misere, sums, rows)
    emit_tables(data, [table_out], shared.latex, as_json)


def _counts_table(game: str, misere: bool, sums: bool, rows: dict[int, dict[int, int]]) -> Table:
    """One row per size n: how many positions (or sums) have each value, and in all."""
    play = "misère" if misere else "normal"
    what = "sums of size n" if sums else "positions of size n"
    values = sorted({v for row in rows.values() for v in row})
    table = Table(title=f"{escape(game)} ({play} play): {what} by value")
    table.add_column("n", justify="right")
    for v in values:
        table.add_column(f"value {v}", justify="right")
    table.add_column("total", justify="right")
    for size, row in rows.items():
        cells = [str(row.get(v, 0)) for v in values]
        table.add_row(str(size), *cells, str(sum(row.values())))
    return table
