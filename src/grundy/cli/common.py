"""The `grundy` Typer app every sub-command registers on, the game a command names and its
name in titles.

Errors: bad input ends with one line on stderr and exit status 2 (see `grundy.cli.main`).
`-h` and `--help` are help everywhere; `grundy --version` prints the version.  What the
commands print is in `grundy.cli.printing`, the options they share in `grundy.cli.options`.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from grundy.game import Ruleset
from grundy.registry import get_ruleset

#: The help options of every command and group (sub-groups inherit them).
HELP_OPTIONS = ["-h", "--help"]
app = typer.Typer(
    name="grundy",
    help="Sprague–Grundy values of impartial games on Young diagrams, matrices and posets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": HELP_OPTIONS},
)


def grundy_version() -> str:
    """The installed package's version (package metadata), or "unknown" from a bare checkout."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("grundy")
    except PackageNotFoundError:
        return "unknown"


def _print_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"grundy {grundy_version()}\n")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print grundy's version and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Sprague–Grundy values of impartial games on Young diagrams, matrices and posets."""


def resolve_game(game: str, piece: str | None = None) -> Ruleset:
    """The ruleset named on the command line, with its parameters (e.g. --piece)."""
    parameters = {} if piece is None else {"piece": piece}
    return get_ruleset(game, **parameters)


#: The names docs/games.md gives the built-in games, for the titles of pictures
#: ("Column-Row, normal play"); tests/test_plots.py checks them against that page.
DISPLAY_NAMES = {
    "lctr": "LCTR",
    "downright": "Downright",
    "cr": "Column-Row",
    "matrix": "Nim on Boolean matrices",
    "coin-turning": "Coin turning on posets",
    "chomp": "Chomp",
    "cris": "CRIS",
    "sato-welter": "Sato–Welter",
    "rit": "RIT",
    "crit": "CRIT",
    "corner": "Corner",
    "consecutive-corner": "Consecutive Corner",
    "scc": "SCC",
    "anticorner": "Anticorner",
    "pnim": "PNim",
    "chess": "Impartial chess",
    "chess-king": "Impartial chess, king",
    "chess-rook": "Impartial chess, rook",
    "chess-bishop": "Impartial chess, bishop",
    "chess-queen": "Impartial chess, queen",
    "chess-knight": "Impartial chess, knight",
    "chess-pawn": "Impartial chess, pawn",
    "lctr-3d": "3-dimensional LCTR",
    "lctr-nonrep": "Non-repetitive LCTR",
}


def display_name(rules: Ruleset) -> str:
    """The game's name for a title: its ``display_name`` if the ruleset declares one, else
    the name docs/games.md gives it (`DISPLAY_NAMES`), else its command-line name.

    >>> display_name(get_ruleset("cr")), display_name(get_ruleset("sato-welter"))
    ('Column-Row', 'Sato–Welter')
    """
    declared = getattr(rules, "display_name", None)
    return declared if isinstance(declared, str) else DISPLAY_NAMES.get(rules.name, rules.name)
