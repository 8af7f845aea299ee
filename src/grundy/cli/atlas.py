"""`grundy atlas build|info`: every partition up to size N valued once and kept on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from grundy.cli.common import (
    GameArg,
    JsonOption,
    MisereOption,
    PieceOption,
    SizesOption,
    app,
    console,
    emit,
    interruptible,
    parse_range,
    progress_bar,
    resolve_game,
)

atlas_app = typer.Typer(
    help="The atlas: every partition of every n ≤ N valued once, one byte each, on disk.",
    no_args_is_help=True,
)
app.add_typer(atlas_app, name="atlas")

AtlasDirArg = Annotated[Path, typer.Argument(help="The atlas directory.", show_default=False)]
AtlasDirOption = Annotated[
    Path, typer.Option("--dir", help="The atlas directory (made if absent; resumed if an atlas).")
]


@atlas_app.command("build")
def atlas_build(
    game: GameArg,
    n: SizesOption,
    directory: AtlasDirOption,
    misere: MisereOption = False,
    piece: PieceOption = None,
    as_json: JsonOption = False,
) -> None:
    """Value every partition of every size up to B of --n A..B (levels 0 … B: each level
    needs the ones below), one level after another, resuming from the last complete one."""
    from grundy.atlas import build
    from grundy.partition import partition_numbers

    sizes = parse_range(n, "--n")
    if sizes.step != 1 or len(sizes) == 0:
        raise ValueError(f"bad --n {n!r}: give the sizes as A..B or N (every level is built)")
    n_max = sizes[-1]
    rules = resolve_game(game, piece)
    at = [-1]
    total = sum(partition_numbers(n_max))
    before = [0]

    def stopped() -> str:
        return f"building level {at[0]} of the {rules.name} atlas" if at[0] >= 0 else "starting"

    def resume() -> str:
        kept = f"levels 0..{at[0] - 1} are kept" if at[0] > 0 else "no level is kept"
        return f"{kept} in {directory}: run the same command again to resume"

    with progress_bar(f"{rules.name} atlas", total) as bar, interruptible(stopped, resume):

        def on_level(level: int, done: int, size: int) -> None:
            if level != at[0]:
                before[0] = sum(partition_numbers(level)[:level]) if level else 0
                at[0] = level
                bar.describe(f"{rules.name} atlas: level {level} ({size:,} positions)")
            bar.update(before[0] + done, total)

        atlas = build(rules, n_max, directory, misere, on_level)
    info = atlas.info()
    emit(info, as_json, lambda: console.print(_describe(info)))


@atlas_app.command("info")
def atlas_info(directory: AtlasDirArg, as_json: JsonOption = False) -> None:
    """The atlas's game, rules version, convention, levels done and size on disk."""
    from grundy.atlas import open as open_atlas

    info = open_atlas(directory).info()
    emit(info, as_json, lambda: console.print(_describe(info)))


def _describe(info: dict[str, object]) -> str:
    play = "misère" if info["misere"] else "normal"
    return (
        f"atlas {escape(str(info['directory']))}: {escape(str(info['game']))} "
        f"(rules version {info['rules_version']}, {play} play), levels 0..{info['levels']}, "
        f"{info['positions']:,} positions, {info['bytes']:,} bytes"
    )
