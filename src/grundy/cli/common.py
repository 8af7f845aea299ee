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

from grundy.cli.late_help import GrundyTyper
from grundy.game import Ruleset
from grundy.registry import get_ruleset

#: The help options of every command and group (sub-groups inherit them).
HELP_OPTIONS = ["-h", "--help"]
app = GrundyTyper(
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
    return get_ruleset(game, **parameters)  # a partizan game's name says which commands answer


def display_name(rules: Ruleset) -> str:
    """The game's name for a title: the one it declares (`Ruleset.display_name`).

    >>> display_name(get_ruleset("cr")), display_name(get_ruleset("sato-welter"))
    ('Column-Row', 'Sato–Welter')
    """
    return rules.display_name
