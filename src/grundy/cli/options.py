"""The options and arguments several commands share, declared once as the `Annotated`
types typer reads, with the checks typer runs on them while the command line is read."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from grundy.validate import check_input_file


def option(kind: Any, *flags: str, **settings: Any) -> Any:
    """The type of an option: values of `kind`, read by ``typer.Option(*flags, **settings)``.

    >>> option(bool, "--json", help="Print JSON.").__metadata__[0].help
    'Print JSON.'
    """
    return Annotated[kind, typer.Option(*flags, **settings)]


def argument(kind: Any, **settings: Any) -> Any:
    """The type of an argument: values of `kind`, read by ``typer.Argument(**settings)``."""
    return Annotated[kind, typer.Argument(**settings)]


JsonOption = option(bool, "--json", help="Print one JSON object on stdout.")
MisereOption = option(bool, "--misere", help="Misère play (000 §2.3).")
GameArg = argument(
    str,
    help="The game: a name from `grundy games` ({games}), an octal code (0.137), or a "
    "module:attr / file.py:attr reference to your own ruleset.",
)
PieceOption = option(
    str | None,
    "--piece",
    help='The piece, for {games with a piece}: e.g. "leaps=1:2,2:1;riders=1:1" '
    "(a:b = a rows down, b columns right; riders repeat their step).",
)
#: Every position argument says so; `read_position` reads it.
FROM_FILE_HELP = " @FILE reads it from FILE (UTF-8 text; lines starting with # are comments)."
PositionArg = argument(
    str,
    help='The position in the game\'s syntax, e.g. "8,7,6,5^2,2,1" or "3,1 + 2^2".'
    + FROM_FILE_HELP,
)
#: One partition, not a sum: what the compiled engine and the per-box table take.
PartitionArg = argument(str, help='The partition, e.g. "22,21,20,19" or "5^3,2".' + FROM_FILE_HELP)
SizesOption = option(str, "--n", help="Sizes A..B (inclusive) or a single N.")
#: Pictures for a paper, whose caption is the paper's: every picture-drawing option takes it.
NoTitleOption = option(
    bool, "--no-title", help="Draw pictures without a title (a paper gives its caption)."
)


def _writable(path: str | Path | None) -> str | Path | None:
    """A file option's check while the command line is read, before any work: its
    directory exists and it is not a directory (`grundy.atomic.check_writable`).
    `--store` too: a store's folder is made only for the default store."""
    if path is not None:
        from grundy.atomic import check_writable

        check_writable(path)
    return path


#: Every command that prints a table takes it (`write_latex`); tests/test_latex.py
#: fails for a table command without it.
LatexOption = option(
    str | None,
    "--latex",
    metavar="FILE",
    help="Also write the table(s) as LaTeX to FILE (booktabs; a longtable when longer "
    "than a page).",
    callback=_writable,
)
CheckpointOption = option(
    Path | None,
    "--checkpoint",
    metavar="FILE",
    help="Resume from FILE if it exists; save the work done to it (atomically) as it goes.",
)
FamilyArg = argument(
    str,
    help='A template in the game\'s syntax, e.g. "a^m,b" or "c,1^(r-1)", with a range '
    "per parameter: --a 1..30 --m 1..30 --b 5 (A..B..STEP allowed); or a named "
    "family: staircase, rectangle, gamma, thick_gamma; or every member of: partitions "
    "(--n), box (--rows --columns: the non-empty diagrams inside it).",
)
StoreOption = option(
    Path | None,
    "--store",
    help="The results store (default $GRUNDY_STORE, else results.sqlite in "
    "$XDG_DATA_HOME/grundy or ~/.local/share/grundy).",
    callback=_writable,
)


def _existing_store(path: str | None) -> str | None:
    """`ReadStoreOption`'s check while the command line is read: the file exists."""
    if path is not None:
        check_input_file(path, "results store")
    return path


#: `value` and `moves`: a results store read (never written) for the values a sweep kept.
ReadStoreOption = option(
    str | None,
    "--store",
    metavar="FILE",
    help="Also read values from this results store (`grundy sweep` keeps them there; "
    "none by default).",
    callback=_existing_store,
)
NoStoreOption = option(bool, "--no-store", help="Neither read nor write the results store.")
SchedulerOption = option(
    str | None,
    "--scheduler",
    help="Where values are computed: serial, local (a Dask cluster on this machine's "
    "cores) or a Dask scheduler's address (tcp://host:8786).  Default: serial for small "
    "jobs, a local cluster from 20,000 positions to value on.",
)
AtlasOption = option(
    str | None,
    "--atlas",
    metavar="DIR",
    help="Read values from the atlas in DIR (`grundy atlas build`; default $GRUNDY_ATLAS "
    "when it is this game's and convention's); positions beyond its levels are computed.",
)
