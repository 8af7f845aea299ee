"""`grundy sweep`, `grundy pattern`, `grundy conjecture` (the research loop) and `grundy store`."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

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
    progress_bar,
    refuse_together,
    resolve_game,
    starts_over,
)
from grundy.cli.common import parse_range as parse_sizes
from grundy.families import parse_range
from grundy.game import Ruleset

if TYPE_CHECKING:
    from grundy.store import Store

_PARAMETER = re.compile(r"^--([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$")

StoreOption = Annotated[
    Optional[Path],  # noqa: UP045  (typer reads the annotation at run time)
    typer.Option(
        "--store", help="The results store (default $GRUNDY_STORE or ~/.local/share/grundy)."
    ),
]

FamilyArg = Annotated[
    str,
    typer.Argument(
        help='A template in the game\'s syntax, e.g. "a^m,b" or "c,1^(r-1)", with a range '
        "per parameter: --a 1..30 --m 1..30 --b 5 (A..B..STEP allowed); or a named "
        "family: staircase, rectangle, gamma, thick_gamma; or every member of: partitions "
        "(--n), box (--rows --columns: the non-empty diagrams inside it)."
    ),
]

NoStoreOption = Annotated[
    bool, typer.Option("--no-store", help="Neither read nor write the results store.")
]
SchedulerOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option(
        "--scheduler",
        help="Where values are computed: serial, local (a Dask cluster on this machine's "
        "cores) or a Dask scheduler's address (tcp://host:8786).  Default: serial for small "
        "jobs, a local cluster from 20,000 positions to value on.",
    ),
]

store_app = typer.Typer(help="The results store: what sweeps have computed.", no_args_is_help=True)
app.add_typer(store_app, name="store")


@app.command("sweep", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def sweep_command(
    ctx: typer.Context,
    game: GameArg,
    family: FamilyArg,
    misere: MisereOption = False,
    both: Annotated[bool, typer.Option("--both", help="Normal and misère values.")] = False,
    csv_file: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--csv", help="Also write the rows as CSV to this file."),
    ] = None,
    parquet: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--parquet", help="Also write the rows as a Parquet file."),
    ] = None,
    latex: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option("--latex", help="Also write the rows as a LaTeX booktabs table."),
    ] = None,
    plot: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            "--plot", help="Also draw the values (.svg, .png, .pdf): one or two varying parameters."
        ),
    ] = None,
    store: StoreOption = None,
    no_store: NoStoreOption = False,
    scheduler: SchedulerOption = None,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """Value every position of a family: one row per parameter combination."""
    from grundy.analysis.sweep import write_parquet
    from grundy.render.latex import booktabs

    rules = resolve_game(game, piece)
    ranges = parameter_ranges(ctx.args)
    for path in (csv_file, parquet, latex, plot):
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
    rows = run_sweep(rules, family, ranges, None if both else misere, store, no_store, scheduler)
    if csv_file is not None:
        write_text_atomic(csv_file, rows_as_csv(rows))
    if parquet is not None:
        write_parquet(rows, parquet)
    if latex is not None:
        write_text_atomic(latex, booktabs(rows) + "\n")
    if plot is not None:
        from grundy.render.plots import save_figure, sweep_figure  # matplotlib: only when asked

        play = "misère" if misere else "normal"
        save_figure(sweep_figure(rows, title=f"{rules.name} {family} ({play} play)"), plot)
    data = {"game": rules.name, "family": family, "misere": "both" if both else misere}
    data["rows"] = rows

    def show() -> None:
        table = Table(title=f"{escape(rules.name)} on {escape(family)}: {len(rows)} positions")
        for column in rows[0]:
            table.add_column(column, justify="left" if column == "position" else "right")
        for row in rows:
            table.add_row(*(escape(str(v)) for v in row.values()))
        console.print(table)

    emit(data, as_json, show)


@app.command("pattern", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def pattern_command(
    ctx: typer.Context,
    game: GameArg,
    family: FamilyArg,
    misere: MisereOption = False,
    store: StoreOption = None,
    no_store: NoStoreOption = False,
    scheduler: SchedulerOption = None,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """The simplest rule explaining a sweep's values: residues, strips, boundaries."""
    from grundy.analysis.patterns import find_pattern

    rules = resolve_game(game, piece)
    ranges = parameter_ranges(ctx.args)
    rows = run_sweep(rules, family, ranges, misere, store, no_store, scheduler)
    pattern = find_pattern(rows, parameters=list(ranges))
    data = {"game": rules.name, "family": family, "misere": misere, **pattern.as_dict()}

    def show() -> None:
        console.print(escape(pattern.describe()), soft_wrap=True)
        if pattern.found and pattern.features:
            table = Table()
            for f in pattern.features:
                table.add_column(escape(f.name), justify="right")
            table.add_column("value", justify="right")
            for key, value in sorted(pattern.table.items()):
                table.add_row(*(str(k) for k in key), str(value))
            console.print(table)

    emit(data, as_json, show)


@app.command("conjecture")
def conjecture_command(
    game: GameArg,
    then: Annotated[
        str, typer.Option("--then", help='What must hold, e.g. "(parts[0] - len(parts)) % 2 == 0".')
    ],
    n: Annotated[str, typer.Option("--n", help="Sizes A..B (inclusive) or a single N.")],
    when: Annotated[
        str, typer.Option("--when", help='Which positions, e.g. "value == 0" (default: all).')
    ] = "True",
    misere: MisereOption = False,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check "when P then Q" on every position of each size; the smallest counterexamples.

    P and Q are Python expressions over the names value, n (the size), position
    (its text) and, for games on one diagram, parts (the row lengths, largest
    first), rows, columns, rank (λ1 − rows) and durfee (the Durfee square's
    side).  They may use numbers, comparisons, and/or/not, + - * // % **,
    parts[0] and slices, and len, min, max, abs and sum; nothing else runs.  A
    number past 10,000 bits (2 ** 2 ** 40) is refused, not computed.
    """
    from grundy.analysis.conjectures import check_conjecture

    rules = resolve_game(game, piece)
    sizes = parse_sizes(n, "--n")
    done = [0]

    def progress(finished: int, total: int) -> None:
        done[0] = finished
        bar.update(finished, total)

    def doing() -> str:
        n = sizes[min(done[0], len(sizes) - 1)]
        return f"checking the conjecture on {rules.name} at n = {n}"

    with interruptible(doing, starts_over), progress_bar(f"checking {escape(rules.name)}") as bar:
        result = check_conjecture(rules, then, when, sizes, misere, progress=progress)

    def show() -> None:
        lo, hi = result["sizes"]
        if result["holds"]:
            console.print(
                f"holds for every position with {lo} ≤ n ≤ {hi} "
                f"({result['checked']:,} positions where {escape(result['when'])})"
            )
            return
        console.print(f"[bold red]false[/]: counterexamples with n ≤ {hi} (smallest first)")
        for c in result["counterexamples"]:
            console.print(f"  n = {c['n']}: {escape(c['position'])} (value {c['value']})")

    emit(result, as_json, show)


def run_sweep(
    rules: Ruleset,
    family: str,
    ranges: dict[str, range],
    misere: bool | None,
    store: Path | None,
    no_store: bool,
    scheduler: str | None,
) -> list[dict[str, Any]]:
    """The sweep behind `sweep` and `pattern`, with the store, a progress bar and a line
    on Ctrl-C saying how many values are stored."""
    from grundy.analysis.sweep import sweep

    results = open_store(store, no_store)
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
            rules, family, misere=misere, store=results, scheduler=scheduler,
            progress=progress, **ranges,
        )  # fmt: skip


def open_store(store: Path | None, no_store: bool) -> Store | None:
    """The results store of `--store` (default: `grundy.store.default_path`), or None
    with `--no-store`; both together are refused."""
    refuse_together(
        {"--store": store is not None, "--no-store": no_store},
        "--no-store neither reads nor writes a store",
    )
    from grundy.store import Store

    return None if no_store else Store(store)


def how_to_resume(rules: Ruleset, results: Store | None, kept: str | None) -> str:
    """What an interrupted sweep or count says: what the store keeps (`kept`, e.g. "12 of
    40 values are stored") and that a rerun goes on from there; or that nothing is kept.

    The sweep and the count store their work as it is done (`grundy.store`).
    """
    from grundy.registry import identifies

    if results is None:
        return starts_over("--no-store keeps nothing")
    if not identifies(rules):
        return starts_over(f"{rules.name} is not stored (its name does not identify it)")
    if kept is None:
        return starts_over("nothing was stored yet")
    return f"{kept} in {results.path}: run the same command again to go on"


def counted_sizes(results: Store | None, rules: Ruleset, misere: bool, n_max: int) -> str | None:
    """Which sizes n ≤ n_max `results` holds tallies of, e.g. "sizes 0..12, 15 are stored",
    or None."""
    if results is None:
        return None
    sizes = sorted(results.tallies(rules.name, rules.rules_version, misere, range(n_max + 1)))
    if not sizes:
        return None
    runs: list[list[int]] = []
    for n in sizes:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in runs)
    return f"size {text} is stored" if len(sizes) == 1 else f"sizes {text} are stored"


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


def rows_as_csv(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


# ------------------------------------------------------------------ store
@store_app.command("list")
def store_list(store: StoreOption = None, as_json: JsonOption = False) -> None:
    """How many values and counted sizes are stored, per game, rules version and play."""
    from grundy.store import Store

    results = Store(store)
    summary = results.summary()

    def show() -> None:
        table = Table(title=f"results store {escape(str(results.path))}")
        for column in ("game", "rules version", "play"):
            table.add_column(column)
        for column in ("values", "sizes counted"):
            table.add_column(column, justify="right")
        for row in summary:
            play = "misère" if row["misere"] else "normal"
            counts = (str(row["values"]), str(row["counted_sizes"]))
            table.add_row(escape(row["game"]), str(row["rules_version"]), play, *counts)
        console.print(table)

    emit({"store": str(results.path), "games": summary}, as_json, show)


@store_app.command("export")
def store_export(
    output: Annotated[Path, typer.Argument(help="CSV file to write (atomically).")],
    game: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--game", help="Only this game's values."),
    ] = None,
    store: StoreOption = None,
) -> None:
    """Every stored value (of one game) as CSV: game, rules_version, misere, position, value."""
    from grundy.store import Store

    check_writable(output)
    rows = list(Store(store).rows(game))
    if not rows:
        raise ValueError(
            "nothing to export: the store has no values" + (f" of {game}" if game else "")
        )
    write_text_atomic(output, rows_as_csv(rows))
    console.print(f"{len(rows)} values written to {escape(str(output))}")


@store_app.command("clear")
def store_clear(
    game: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--game", help="Only this game's values."),
    ] = None,
    store: StoreOption = None,
) -> None:
    """Delete the stored values and tallies (of one game)."""
    from grundy.store import Store

    removed = Store(store).clear(game)
    console.print(f"{removed} values and tallies deleted")
