"""The options of a command about a game, declared once and handed to it as one value.

`grundy value`, `count`, `sweep` … all take the game (an argument) and some of the same
options: --misere, --piece, --atlas, --store, --latex, --no-title, --json.  A command
names the ones it takes (`game_options`) and declares one parameter of type
`GameOptions`; the command line then has the game argument first and the named options
where that parameter stands, in the order named, and the command gets what was given as
one `GameOptions` (`grundy.cli.bundles.bundled`).

>>> from typer.testing import CliRunner
>>> demo = typer.Typer()
>>> @demo.command()
... @game_options("misere", "json")
... def show(position: str, shared: GameOptions) -> None:
...     print(shared.rules().name, position, shared.misere, shared.as_json)
>>> CliRunner().invoke(demo, ["crim", "3,1", "--misere"]).output
'cr 3,1 True False\\n'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer  # noqa: F401  (the doctest uses it)

from grundy.cli.bundles import Command, bundled
from grundy.cli.common import resolve_game
from grundy.cli.options import (
    AtlasOption,
    GameArg,
    JsonOption,
    LatexOption,
    MisereOption,
    NoStoreOption,
    NoTitleOption,
    PieceOption,
    ReadStoreOption,
    SchedulerOption,
    StoreOption,
)
from grundy.game import Ruleset


@dataclass(frozen=True)
class GameOptions:
    """The game a command was given and its shared options; an option the command does not
    take keeps its default here."""

    game: str
    piece: str | None = None
    misere: bool = False
    atlas: str | None = None
    #: `--store`: a store to read and write (`StoreOption`), or only to read (`ReadStoreOption`).
    store: Path | str | None = None
    no_store: bool = False
    scheduler: str | None = None
    latex: str | None = None
    no_title: bool = False
    as_json: bool = False

    def rules(self) -> Ruleset:
        """The game's ruleset, with its parameters (--piece); an unknown game is a ValueError."""
        return resolve_game(self.game, self.piece)


#: Each option a command may name → (the `GameOptions` field it fills, its declaration).
#: "store" is a store to read and write, "read-store" one only read (`grundy value`, `moves`).
SHARED: dict[str, tuple[str, Any]] = {
    "misere": ("misere", MisereOption),
    "piece": ("piece", PieceOption),
    "atlas": ("atlas", AtlasOption),
    "store": ("store", StoreOption),
    "read-store": ("store", ReadStoreOption),
    "no-store": ("no_store", NoStoreOption),
    "scheduler": ("scheduler", SchedulerOption),
    "latex": ("latex", LatexOption),
    "no-title": ("no_title", NoTitleOption),
    "json": ("as_json", JsonOption),
}


def game_options(*names: str) -> Callable[[Command], Command]:
    """Give a command the game argument and the shared options `names` (keys of `SHARED`),
    handed to it as one `GameOptions` (`grundy.cli.bundles.bundled`): the command declares
    one parameter annotated `GameOptions`, and the options stand in its place."""
    return bundled(GameOptions, {"game": GameArg}, dict(SHARED[name] for name in names))
