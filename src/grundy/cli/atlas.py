"""`grundy atlas build|info`: every partition up to size N valued once and kept on disk."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import interruptible
from grundy.cli.late_help import GrundyTyper
from grundy.cli.options import JsonOption, argument, option
from grundy.cli.printing import console, emit
from grundy.cli.progress import progress_bar
from grundy.cli.reading import parse_range, refuse_together
from grundy.game import Ruleset

if TYPE_CHECKING:
    from grundy.atlas.outcome_atlas import OutcomeAtlas

atlas_app = GrundyTyper(
    help="The atlas: every partition of every n ≤ N valued once, one byte each, on disk.",
    no_args_is_help=True,
)
app.add_typer(atlas_app, name="atlas")

AtlasDirArg = argument(Path, help="The atlas directory.")
AtlasDirOption = option(
    Path, "--dir", help="The atlas directory (made if absent; resumed if an atlas)."
)


ChunkOption = option(
    int | None,
    "--chunk",
    help="Ranks a chunk file holds, a power of two (default 2^20; an atlas keeps its own).",
)
WorkersOption = option(
    int | None,
    "--workers",
    help="Start a Dask cluster of K worker processes on this machine to value the chunks.",
)
ClusterOption = option(
    str | None,
    "--scheduler",
    help="serial (default), local (a Dask cluster, one worker a core) or the address of "
    "a running Dask scheduler (tcp://host:8786) whose workers see --dir.",
)


BoxOption = option(
    str | None,
    "--box",
    metavar="AxB",
    help="Instead of --n: every diagram inside the A × B box (A rows, B columns), in one pass.",
)
OutcomesOption = option(
    bool,
    "--outcomes",
    help="Keep only who wins: each level's P-positions (a bit a position or less) and "
    "its tallies of N-positions with one winning move and with several.",
)
ProcessesOption = option(
    int | None,
    "--processes",
    help="With --outcomes: mark each level the retrograde engine marks in K processes on "
    "this machine (each holds the level's counters, a quarter byte a position).",
)
SizesToBuildOption = option(str | None, "--n", help="Sizes A..B or N: levels 0 … B are built.")


@atlas_app.command("build")
@game_options("misere", "piece", "json")
def atlas_build(
    directory: AtlasDirOption,
    n: SizesToBuildOption = None,
    box: BoxOption = None,
    chunk: ChunkOption = None,
    workers: WorkersOption = None,
    scheduler: ClusterOption = None,
    outcomes: OutcomesOption = False,
    processes: ProcessesOption = None,
    *,
    shared: GameOptions,
) -> None:
    """Value every partition of every size up to B of --n A..B (levels 0 … B: each level
    needs the ones below), or every diagram inside the box of --box AxB, chunk by chunk,
    resuming from the last chunk written.  With --outcomes, keep only which positions
    are P-positions, and each level's tallies of winning moves (an outcome atlas)."""
    from grundy.atlas import build
    from grundy.engine.box_ranking import box_size
    from grundy.partition import partition_numbers
    from grundy.validate import parse_box

    refuse_together(
        {"--workers": workers is not None, "--scheduler": scheduler is not None},
        "--workers starts a local cluster of its own",
    )
    refuse_together(
        {"--n": n is not None, "--box": box is not None},
        "an atlas holds whole levels (--n A..B) or the diagrams inside one box (--box AxB)",
    )
    if n is None and box is None:
        raise ValueError("give the levels to build with --n A..B, or a box with --box AxB")
    shape = None if box is None else parse_box(box, "--box")
    n_max = None if n is None else _largest_level(n)
    rules, misere = shared.rules(), shared.misere
    refuse_without_kernel(rules)
    at = [-1]
    sizes = partition_numbers(n_max) if shape is None else [box_size(*shape)]
    total = sum(sizes)
    before = [0]

    def stopped() -> str:
        if shape is not None:
            return "building the {} × {} box of the {} atlas".format(*shape, rules.name)
        # a level is reported as it is valued: the one after a complete level is not yet
        level = max(at[0], _levels_done(directory) + 1)
        return f"building level {level} of the {rules.name} atlas" if level >= 0 else "starting"

    def resume() -> str:
        return f"{_kept(directory)}: run the same command again to resume"

    with progress_bar(f"{rules.name} atlas", total) as bar, interruptible(stopped, resume):

        def on_level(level: int, done: int, size: int) -> None:
            if level != at[0]:
                before[0] = sum(sizes[:level])
                at[0] = level
                what = f"level {level}" if shape is None else "the {} × {} box".format(*shape)
                bar.describe(f"{rules.name} atlas: {what} ({size:,} positions)")
            bar.update(before[0] + done, total)

        atlas = build(
            rules,
            n_max,
            directory,
            misere,
            on_level,
            chunk,
            scheduler,
            workers,
            shape,
            outcomes,
            processes=processes,
        )
    info = atlas.info()
    emit(info, shared.as_json, lambda: console.print(_describe(info)))


@atlas_app.command("info")
def atlas_info(directory: AtlasDirArg, as_json: JsonOption = False) -> None:
    """The atlas's game, rules version, convention, levels done and size on disk."""
    from grundy.atlas import open as open_atlas

    info = open_atlas(directory).info()
    emit(info, as_json, lambda: console.print(_describe(info)))


def _largest_level(n: str) -> int:
    """B of --n A..B (or N): every level up to it is built, so B is at most the largest
    level the ranking numbers (`grundy.engine.ranking.MAX_N`).

    >>> _largest_level("3..9"), _largest_level("7")
    (9, 7)
    >>> _largest_level("0..99999999999999999999")
    Traceback (most recent call last):
    ...
    ValueError: --n 0..99999999999999999999: an atlas holds levels 0..183 (the largest n whose ...
    """
    from grundy.engine.ranking import MAX_N

    sizes = parse_range(n, "--n")
    if sizes.step != 1 or not sizes:
        raise ValueError(f"bad --n {n!r}: give the sizes as A..B or N (every level is built)")
    if sizes[-1] > MAX_N:
        raise ValueError(
            f"--n {n}: an atlas holds levels 0..{MAX_N} (the largest n whose partitions "
            "the ranking numbers)"
        )
    return sizes[-1]


def refuse_without_kernel(rules: Ruleset) -> None:
    """A ValueError for a game with no compiled kernel (nothing builds its atlas), saying
    why one with a closed form needs none.

    >>> from grundy.registry import get_ruleset
    >>> refuse_without_kernel(get_ruleset("lctr"))
    Traceback (most recent call last):
    ...
    ValueError: lctr needs no atlas: its closed form gives any position's value at once ...
    >>> refuse_without_kernel(get_ruleset("cr"))
    """
    from grundy.game import capabilities

    found = capabilities(rules)
    if "kernel" in found:
        return
    if "closed_form" in found:
        raise ValueError(
            f"{rules.name} needs no atlas: its closed form gives any position's value at "
            "once (grundy value, count and sweep use it), and it has no compiled kernel to "
            "build one"
        )
    raise ValueError(f"{rules.name} has no compiled kernel, so it has no atlas")


def _levels_done(directory: Path) -> int:
    """The largest complete level of the atlas in `directory` (-1: none, or no atlas)."""
    from grundy.atlas import AtlasError
    from grundy.atlas import open as open_atlas

    try:
        return int(open_atlas(directory).info()["levels"])
    except (AtlasError, FileNotFoundError):
        return -1


def _kept(directory: Path) -> str:
    """What an interrupted build kept in `directory`: its complete levels and the chunks
    of the next."""
    from grundy.atlas import AtlasError
    from grundy.atlas import open as open_atlas

    try:
        info = open_atlas(directory).info()
    except (AtlasError, FileNotFoundError):
        return f"nothing is kept in {directory}"
    kept = f"levels 0..{info['levels']}" if info["levels"] >= 0 else "no level"
    if info["partial"]:
        level = info["partial"]
        what = f"level {level['n']}" if "box" not in info else "the box"
        kept += f" and {level['written']} of {level['chunks']} chunks of {what}"
    return f"{kept} are kept in {directory}"


def _describe(info: dict[str, object]) -> str:
    play = "misère" if info["misere"] else "normal"
    kind = "outcome atlas" if info.get("outcomes") else "atlas"
    if "box" in info:
        done = "complete" if info["complete"] else "in progress"
        levels = "the {} × {} box ".format(*info["box"]) + done  # type: ignore[misc]
    else:
        levels = f"levels 0..{info['levels']}"
    return (
        f"{kind} {escape(str(info['directory']))}: {escape(str(info['game']))} "
        f"(rules version {info['rules_version']}, {play} play), {levels}, "
        f"{info['positions']:,} positions"
        + (f" ({info['P']:,} P-positions)" if info.get("outcomes") else "")
        + f", {info['bytes']:,} bytes"
    )


def count_outcomes(
    rules: Ruleset,
    atlas: OutcomeAtlas,
    sizes: range,
    oeis: Path | None,
    latex: Path | None,
    as_json: bool,
) -> None:
    """`grundy count --atlas` with an outcome atlas: each size's P- and N-positions, and
    its N-positions with one winning move and with several, from the atlas's tallies;
    --oeis writes the P-positions' b-file.  A size past its levels is refused (the
    atlas holds no value to count the rest from).

    >>> import tempfile
    >>> from grundy.atlas import build
    >>> from grundy.registry import get_ruleset
    >>> chomp = get_ruleset("chomp")
    >>> atlas = build(chomp, 8, tempfile.mkdtemp(), outcomes=True)
    >>> count_outcomes(chomp, atlas, range(7, 9), None, None, as_json=True)
    ... # doctest: +ELLIPSIS
    {"game": "chomp", "misere": false, "outcomes": {"7": {"P": 3, "N": 12}, "8": {...}}, ...
    """
    from grundy.atomic import write_text_atomic
    from grundy.cli.printing import emit_tables, say_written

    if sizes.stop - 1 > atlas.levels:
        raise ValueError(
            f"the outcome atlas {atlas.directory} holds levels 0..{atlas.levels} and no "
            "values: ask sizes within its levels, or give a value atlas"
        )
    tallies = {n: atlas.tallies(n) for n in sizes}
    if oeis is not None:
        write_text_atomic(oeis, "".join(f"{n} {row['P']}\n" for n, row in tallies.items()))
        say_written(oeis, as_json)
    play = "misère" if atlas.misere else "normal"
    table = Table(title=f"{escape(rules.name)} ({play} play): positions of size n by outcome")
    for column in ("n", "P", "N", "N, one winning move", "N, several"):
        table.add_column(column, justify="right")
    for n, row in tallies.items():
        table.add_row(str(n), *(f"{row[k]}" for k in ("P", "N", "one", "several")))
    data = {
        "game": rules.name,
        "misere": atlas.misere,
        "outcomes": {str(n): {"P": row["P"], "N": row["N"]} for n, row in tallies.items()},
        "winning_moves": {
            str(n): {"one": row["one"], "several": row["several"]} for n, row in tallies.items()
        },
        "from_atlas": list(sizes),
        "source": "atlas",
    }
    emit_tables(data, [table], latex, as_json)
