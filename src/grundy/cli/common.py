"""What every `grundy` sub-command shares: the Typer app, output and errors.

Output: a rich rendering for people, or with `--json` one JSON object on
stdout.  When stdout is not a terminal (piped or redirected), `console`
prints plain text: tables as tab-separated rows, no line wrapped or cut.
Errors: bad input ends with one line on stderr and exit status 2 (see
`grundy.cli.main`).  Progress bars show on a terminal only.  `-h` and
`--help` are help everywhere; `grundy --version` prints the version.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeVar

import typer
from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.table import Table
from rich.text import Text

from grundy import families
from grundy.game import Ruleset
from grundy.registry import get_ruleset
from grundy.validate import check_input_file

if TYPE_CHECKING:
    from rich.progress import Progress

    from grundy.results import Store

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


class PlainWhenPiped(Console):
    """rich's Console on stdout that prints plain text when stdout is not a terminal.

    Piped or redirected output must read well in a file or another program:
    a table becomes a '# title' line, a header row and one row per line,
    cells separated by tabs; markup is rendered to plain text, and no line
    is wrapped or cut at a width.  On a terminal it is rich's Console.
    """

    def piped(self) -> bool:
        """Whether stdout is not a terminal."""
        isatty = getattr(self.file, "isatty", None)
        return not (isatty is not None and isatty())

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """rich's `Console.print` on a terminal, a table too wide for it transposed
        (`fitted`); plain text (see the class) when piped."""
        if not self.piped():
            for obj in objects:
                for part in self.fitted(obj) if isinstance(obj, Table) else [obj]:
                    super().print(part, **kwargs)
            return
        kwargs.setdefault("soft_wrap", True)
        for obj in objects:
            if isinstance(obj, Table):
                self.file.write(self.plain_table(obj))
            else:
                super().print(obj, **kwargs)

    def fitted(self, table: Table) -> list[Table]:
        """The table as it is if it fits the terminal's width; else transposed (its
        columns as rows: a count's values down, its sizes across); else the transposed
        table in parts of as many columns as fit, as `--latex` fits a table to a page
        (`grundy.render.latex.fit_columns`).  No cell is cut to "…".

        >>> console = PlainWhenPiped(width=40)
        >>> wide = Table("n", *(f"value {v}" for v in range(8)), title="counts")
        >>> wide.add_row("1", *"01234567")
        >>> [len(t.columns) for t in console.fitted(wide)], console.fitted(wide)[0].title
        ([2], 'counts')
        """
        from grundy.render.latex import fit_columns

        header = [column.header for column in table.columns]
        rows = [list(row) for row in zip(*(column.cells for column in table.columns), strict=True)]

        def fits(header: list[Any], rows: list[list[Any]]) -> bool:
            return self._width_of(self._part(table, header, rows)) <= self.width

        parts = fit_columns(header, rows, fits)
        return [table] if parts is None else [self._part(table, *part) for part in parts]

    def _width_of(self, table: Table) -> int:
        """The width the table takes with no cell cut (rich measures within the width)."""
        return self.measure(table, options=self.options.update(max_width=1 << 30)).maximum

    @staticmethod
    def _part(table: Table, header: list[Any], rows: list[list[Any]]) -> Table:
        """A table of `header` and `rows` with the title of `table`, numbers right-aligned."""
        out = Table(title=table.title, show_header=table.show_header)
        out.add_column(header[0], overflow="fold")
        for cell in header[1:]:
            out.add_column(cell, justify="right", overflow="fold")
        for row in rows:
            out.add_row(*row)
        return out

    def plain_table(self, table: Table) -> str:
        """The table as text: '# title', header and rows, tab-separated, one per line."""
        header, rows = self.plain_cells(table)
        lines = []
        if table.title:
            lines.append("# " + self._plain(table.title))
        if table.show_header:
            lines.append("\t".join(header))
        lines += ["\t".join(row) for row in rows]
        return "".join(line + "\n" for line in lines)

    def plain_cells(self, table: Table) -> tuple[list[str], list[list[str]]]:
        """The table's header and rows, each cell as plain text (`_plain`).

        >>> table = Table("move", "winning")
        >>> table.add_row("remove\\n the top row", "[green]yes[/green]")
        >>> PlainWhenPiped().plain_cells(table)
        (['move', 'winning'], [['remove the top row', 'yes']])
        """
        header = [self._plain(column.header) for column in table.columns]
        columns = [list(column.cells) for column in table.columns]
        rows = [[self._plain(cell) for cell in row] for row in zip(*columns, strict=True)]
        return header, rows

    def _plain(self, cell: Any) -> str:
        """A cell's text without markup, on one line (newlines and tabs become spaces)."""
        if isinstance(cell, Text):
            text = cell.plain
        elif isinstance(cell, str):
            text = self.render_str(cell).plain
        else:
            text = str(cell)
        return " ".join(text.split())


class ShortTextHighlighter(ReprHighlighter):
    """rich's colouring of numbers, strings and the like, on text of at most `LONGEST`
    characters; longer text is printed as it is.

    A few of rich's patterns (a name before "(") rescan the rest of the text from
    every position, so colouring costs the square of the text's length: 6 s for a
    10,000-digit position, minutes for a matrix of 100,000 entries.  Without it,
    printing is linear in the size of the output (benchmarks/bench_printing.py).
    """

    LONGEST = 1_000

    def highlight(self, text: Text) -> None:
        """Colour `text` in place, if it is short enough to colour in linear time."""
        if len(text) <= self.LONGEST:
            super().highlight(text)


console = PlainWhenPiped(highlighter=ShortTextHighlighter())

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
MisereOption = Annotated[bool, typer.Option("--misere", help="Misère play (000 §2.3).")]
GameArg = Annotated[
    str,
    typer.Argument(
        help="The game: a name from `grundy games` (e.g. lctr, cr, chomp), or a "
        "module:attr / file.py:attr reference to your own ruleset."
    ),
]
PieceOption = Annotated[
    Optional[str],  # noqa: UP045  (typer reads the annotation at run time)
    typer.Option(
        "--piece",
        help='The piece of the `chess` game, e.g. "leaps=1:2,2:1;riders=1:1" '
        "(a:b = a rows down, b columns right; riders repeat their step).",
    ),
]
#: Every position argument says so; `read_position` reads it.
FROM_FILE_HELP = " @FILE reads it from FILE (UTF-8 text; lines starting with # are comments)."
PositionArg = Annotated[
    str,
    typer.Argument(
        help='The position in the game\'s syntax, e.g. "8,7,6,5^2,2,1" or "3,1 + 2^2".'
        + FROM_FILE_HELP
    ),
]
#: One partition, not a sum: what the compiled engine and the per-box table take.
PartitionArg = Annotated[
    str, typer.Argument(help='The partition, e.g. "22,21,20,19" or "5^3,2".' + FROM_FILE_HELP)
]
SizesOption = Annotated[str, typer.Option("--n", help="Sizes A..B (inclusive) or a single N.")]
#: Pictures for a paper, whose caption is the paper's: every picture-drawing option takes it.
NoTitleOption = Annotated[
    bool,
    typer.Option("--no-title", help="Draw pictures without a title (a paper gives its caption)."),
]


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
LatexOption = Annotated[
    Optional[str],  # noqa: UP045  (text: a Path would make typer import pydantic)
    typer.Option(
        "--latex",
        metavar="FILE",
        help="Also write the table(s) as LaTeX to FILE (booktabs; a longtable when longer "
        "than a page).",
        callback=_writable,
    ),
]
CheckpointOption = Annotated[
    Optional[Path],  # noqa: UP045
    typer.Option(
        "--checkpoint",
        metavar="FILE",
        help="Resume from FILE if it exists; save the work done to it (atomically) as it goes.",
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
StoreOption = Annotated[
    Optional[Path],  # noqa: UP045
    typer.Option(
        "--store",
        help="The results store (default $GRUNDY_STORE, else results.sqlite in "
        "$XDG_DATA_HOME/grundy or ~/.local/share/grundy).",
        callback=_writable,
    ),
]


def _existing_store(path: str | None) -> str | None:
    """`ReadStoreOption`'s check while the command line is read: the file exists."""
    if path is not None:
        check_input_file(path, "results store")
    return path


#: `value` and `moves`: a results store read (never written) for the values a sweep kept.
ReadStoreOption = Annotated[
    Optional[str],  # noqa: UP045  (text: a Path would make typer import pydantic)
    typer.Option(
        "--store",
        metavar="FILE",
        help="Also read values from this results store (`grundy sweep` keeps them there; "
        "none by default).",
        callback=_existing_store,
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

AtlasOption = Annotated[
    Optional[str],  # noqa: UP045  (text: a Path would make typer import pydantic)
    typer.Option(
        "--atlas",
        metavar="DIR",
        help="Read values from the atlas in DIR (`grundy atlas build`; default $GRUNDY_ATLAS "
        "when it is this game's and convention's); positions beyond its levels are computed.",
    ),
]


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


#: The most an ``@FILE`` argument reads: 1 MiB (a 0/1 matrix of some 500,000 entries).
MAX_ARGUMENT_FILE = 1 << 20


def argument_file(argument: str, what: str) -> Path | None:
    """The file an ``@FILE`` argument names, checked before it is read; None for an
    argument without the ``@`` (that is the thing itself, as text).

    FILE must be a regular file (not a directory, FIFO or device) of at most
    `MAX_ARGUMENT_FILE` bytes; anything else is a ValueError naming it as `what`
    ("position file", "poset file").  Only the command line reads files: the
    library's parsers and the web page take text.

    >>> argument_file("3,1", "position file") is None
    True
    >>> argument_file("@/no/such/board.txt", "position file")
    Traceback (most recent call last):
    ...
    ValueError: position file /no/such/board.txt does not exist
    """
    if not argument.startswith("@"):
        return None
    name = argument[1:]
    if not name:
        raise ValueError(f"'@' names no {what}: write @FILE")
    path = check_input_file(name, what)
    try:
        found = path.stat()
    except OSError as exc:
        raise ValueError(f"cannot read {what} {name}: {exc.strerror}") from None
    if not stat.S_ISREG(found.st_mode):
        raise ValueError(f"{name} is not a regular file, so not a {what}")
    if found.st_size > MAX_ARGUMENT_FILE:
        raise ValueError(f"{what} {name} is larger than 1 MiB ({found.st_size:,} bytes)")
    return path


def parse_argument(argument: str, parse: Callable[[str], T], what: str) -> T:
    """`parse(argument)`; when that fails on an argument naming a file, a ValueError
    saying that `what` ("a chomp position") is read from a file only as ``@FILE``.

    >>> parse_argument("/", int, "a number")
    Traceback (most recent call last):
    ...
    ValueError: '/' is not a number but names a file: to read from it, write @/
    """
    try:
        return parse(argument)
    except ValueError:
        if os.path.exists(argument):
            raise ValueError(
                f"{argument!r} is not {what} but names a file: to read from it, write @{argument}"
            ) from None
        raise


def read_position(rules: Ruleset, argument: str) -> tuple[str, Any]:
    """The position a command-line argument names: (its text, ``rules.parse`` of it).

    The argument is the position's text; ``@FILE`` takes the text from FILE
    (`argument_file`; UTF-8, lines starting with ``#`` are comments), and an error
    in it names the file.  A bare file name is refused by `parse_argument`.
    Every command taking a position reads it here, for every game.

    >>> read_position(get_ruleset("matrix"), "101;011")[1]
    BoolMatrix('101;011')
    """
    path = argument_file(argument, "position file")
    if path is None:
        return argument, parse_argument(argument, rules.parse, f"a {rules.name} position")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_ARGUMENT_FILE + 1)  # bounded even if it grew since
    except OSError as exc:
        raise ValueError(f"cannot read position file {path}: {exc.strerror}") from None
    if len(data) > MAX_ARGUMENT_FILE:
        raise ValueError(f"position file {path} is larger than 1 MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a text file (UTF-8)") from None
    text = "\n".join("" if line.lstrip().startswith("#") else line for line in text.splitlines())
    try:
        return text, rules.parse(text)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


T = TypeVar("T")


def emit(data: dict[str, Any], as_json: bool, show: Callable[[], None]) -> None:
    """Print `data` as JSON when asked, else call `show` to render it for people."""
    if as_json:
        sys.stdout.write(json.dumps(data, default=_jsonable) + "\n")
    else:
        show()


def say_written(path: str | Path, as_json: bool = False, detail: str = "") -> None:
    """The one line every command prints for a file it wrote: "wrote PATH" (and a detail in
    parentheses), on stderr, so that the results on stdout stay whole for a pipe.  Nothing
    with --json: the JSON object names the files.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     say_written("plot.svg", detail="3 values")
    >>> err.getvalue()
    'wrote plot.svg (3 values)\\n'
    """
    if not as_json:
        sys.stderr.write(f"wrote {path}" + (f" ({detail})" if detail else "") + "\n")


#: The columns whose cells are positions or templates in a game's syntax (``2^2,1``,
#: ``a^m,b``): formulas in LaTeX, their exponents raised.  Other columns are text.
FORMULA_COLUMNS = ("position", "to", "partition", "template", "family")


def tables_latex(tables: Sequence[Table]) -> str:
    """The printed tables as LaTeX (`grundy.render.latex.latex_tables`): each cell's plain
    text as piped output shows it, the title as the caption, the `FORMULA_COLUMNS` typeset.

    >>> table = Table("to", "winning", title="[bold]cr[/bold] 2^2,1: value 3")
    >>> table.add_row("2^2", "[green]yes[/green]")
    >>> print(tables_latex([table]))
    % \\usepackage{booktabs}
    % \\caption{cr 2$^{2}$,1: value 3}
    \\begin{tabular}{ll}
    \\toprule
    to & winning \\\\
    \\midrule
    $2^{2}$ & yes \\\\
    \\bottomrule
    \\end{tabular}
    """
    from grundy.render.latex import LatexTable, latex_tables

    written = []
    for table in tables:
        header, rows = console.plain_cells(table)
        caption = console._plain(table.title) if table.title else None
        written.append(LatexTable(header, rows, caption))
    return latex_tables(written, FORMULA_COLUMNS)


def write_latex(
    path: str | Path | None, tables: Sequence[Table], data: dict[str, Any], as_json: bool
) -> None:
    """`--latex FILE` (`LatexOption`): write the command's tables to FILE as LaTeX
    (`tables_latex`), atomically; name it in the JSON object `data` and say it was written.
    Nothing without the option."""
    if path is None:
        return
    from grundy.atomic import write_text_atomic

    write_text_atomic(path, tables_latex(tables) + "\n")
    data["latex"] = str(path)
    say_written(path, as_json)


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    return str(obj)


def show_progress() -> bool:
    """Progress bars only on a terminal, never when piped."""
    return sys.stderr.isatty()


class Bar:
    """A progress bar's handle: call it to advance, or `update(done, total)`."""

    def __init__(self, progress: Progress | None = None, task: Any = None) -> None:
        self._progress = progress
        self._task = task

    def __call__(self, n: int = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def update(self, done: int, total: int | None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=done, total=total)

    def describe(self, description: str) -> None:
        """Say what the bar is doing now (e.g. the statement being checked)."""
        if self._progress is not None:
            self._progress.update(self._task, description=description)


@contextmanager
def progress_bar(description: str, total: int | None = None) -> Iterator[Bar]:
    """A rich progress bar on stderr (terminal only; a silent `Bar` when piped)."""
    if not show_progress():
        yield Bar()
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ]
    progress = Progress(*columns, console=Console(stderr=True), transient=True)
    try:
        with ctrl_c_held_back():  # halfway, stderr would stay redirected to the bar
            progress.start()
        yield Bar(progress, progress.add_task(description, total=total))
    finally:
        with ctrl_c_held_back():
            progress.stop()


@contextmanager
def ctrl_c_held_back() -> Iterator[None]:
    """Run the block whole, and deliver a Ctrl-C that came meanwhile right after it.

    For steps that must not stop halfway, such as starting and stopping a progress
    bar (rich then redirects stderr and hides the cursor).  Outside the main thread,
    where Python runs signal handlers, the block runs as it is.
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield  # (None: a handler Python did not install, which it cannot put back)
        return
    came: list[int] = []
    signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came and callable(previous):
        previous(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt
    elif came and previous == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a long command, worded: what it was doing and how to go on.

    Raised by `interruptible`; `grundy.cli.main` prints it as the command's one
    line on stderr and exits with status 130.  It is a KeyboardInterrupt, so
    code that cleans up after Ctrl-C (checkpoints, atomic files) still does.
    """


#: Text, or a function returning it when it is needed.
Said = str | Callable[[], str]


def starts_over(why: str = "nothing is kept") -> str:
    """What an interrupted command that cannot resume says about going on."""
    return f"{why}, so running it again starts over"


def resume_with_checkpoint(saved: str, checkpoint: object) -> str:
    """What an interrupted command says after saving `saved` to its --checkpoint."""
    return f"{saved} is saved in {checkpoint}: resume with the same --checkpoint"


@contextmanager
def interruptible(doing: Said, resume: Said) -> Iterator[None]:
    """Ctrl-C inside ends the command with one line: "interrupted while DOING; RESUME".

    `doing` and `resume` are text, or functions returning it when Ctrl-C comes
    (so the line can say how far the work got).  One `interruptible` inside
    another: the innermost speaks.

    >>> try:
    ...     with interruptible("counting cr", starts_over):
    ...         raise KeyboardInterrupt
    ... except Interrupted as stop:
    ...     print(stop)
    interrupted while counting cr; nothing is kept, so running it again starts over
    """
    try:
        yield
    except Interrupted:
        raise
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted while {_said(doing)}; {_said(resume)}") from None


def _said(text: Said) -> str:
    return text() if callable(text) else text


def brief(text: str, width: int = 60) -> str:
    """`text` cut to `width` characters with "…", for a one-line message.

    >>> brief("1" * 100, 8)
    '1111111…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


@contextmanager
def search_progress(solver: Any, what: str) -> Iterator[None]:
    """Show the generic solver's search of `what` on a terminal, once it has run a while.

    The bar counts the positions the search holds against its bound
    (`grundy.solver.search_limit`); Ctrl-C ends with one line saying what was
    being searched and how far it got (`interruptible`).
    """
    held = [0]
    with ExitStack() as bars:
        bar: list[Bar] = []

        def report(positions: int, limit: int) -> None:
            held[0] = positions
            if not bar and show_progress():
                bar.append(bars.enter_context(progress_bar(f"searching {what}", limit)))
            if bar:
                bar[0].update(positions, limit)

        solver.progress = report
        try:
            with interruptible(
                lambda: f"searching {brief(what)} ({held[0]:,} positions held)", starts_over
            ):
                yield
        finally:
            solver.progress = None


def refuse_together(options: dict[str, bool], why: str) -> None:
    """A ValueError naming the options given together when more than one of `options`
    (name → whether given) is; `why` says why they conflict.

    >>> refuse_together({"--misere": True, "--both": True}, "--both gives both values")
    Traceback (most recent call last):
    ...
    ValueError: --misere and --both cannot be given together: --both gives both values
    """
    given = [name for name, present in options.items() if present]
    if len(given) > 1:
        raise ValueError(f"{' and '.join(given)} cannot be given together: {why}")


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """Iterate with a progress bar (terminal only)."""
    with progress_bar(description, total) as advance:
        for item in items:
            yield item
            advance(1)


def parse_range(text: str, what: str = "range") -> range:
    """Sizes 'A..B', 'A..B..STEP' or 'N' (`grundy.families.parse_range`), non-negative.

    Only ASCII digits: `int` would also read "３..５" (fullwidth).
    """
    if not text.isascii():
        raise ValueError(f"bad {what} {text!r}: write sizes in digits 0-9")
    sizes = families.parse_range(text, what)
    if sizes.start < 0:
        raise ValueError(f"bad {what} {text!r}: sizes are non-negative")
    return sizes


def open_store(store: Path | None, no_store: bool = False, writes: bool = True) -> Store | None:
    """The results store of `--store`, else of $GRUNDY_STORE, else the default one
    (`grundy.results.default_path`); None with `--no-store` (both together are refused).

    A store the user named (`--store`, $GRUNDY_STORE) that fails is an error (a
    `StoreError`).  The default store, which nobody asked for, may be impossible to
    make or (`writes`) to write, as for a user whose home folder is read-only: then one
    line on stderr says so and the command goes on without a store (None).

    >>> import contextlib, io, pathlib, tempfile
    >>> from unittest import mock
    >>> blocked = pathlib.Path(tempfile.mkdtemp()) / "a-file"
    >>> _ = blocked.write_text("")  # nothing can be made under a file, not even by root
    >>> unset = {"XDG_DATA_HOME": str(blocked), "GRUNDY_STORE": ""}  # "": as if unset
    >>> with mock.patch.dict(os.environ, unset), contextlib.redirect_stderr(io.StringIO()) as err:
    ...     print(open_store(None))
    None
    >>> err.getvalue().startswith("grundy: going on without the results store: ")
    True
    """
    refuse_together(
        {"--store": store is not None, "--no-store": no_store},
        "--no-store neither reads nor writes a store",
    )
    if no_store:
        return None
    from grundy.results import Store, StoreError

    if store is not None or os.environ.get("GRUNDY_STORE"):
        return Store(store)
    try:
        results = Store()
        if writes:
            results.check_writable()
    except StoreError as error:
        if error.kind not in ("read-only", "full"):
            raise
        what = str(error).split("; ")[0]
        sys.stderr.write(
            f"grundy: going on without the results store: {what}; to keep results, give "
            "--store FILE or set $GRUNDY_STORE (--no-store: no store, and no line)\n"
        )
        return None
    return results


def how_to_resume(rules: Ruleset, results: Store | None, kept: str | None) -> str:
    """What an interrupted sweep or count says: what the store keeps (`kept`, e.g. "12 of
    40 values are stored") and that a rerun goes on from there; or that nothing is kept.

    The sweep and the count store their work as it is done (`grundy.results`).
    """
    from grundy.registry import identifies

    if results is None:
        return starts_over("no results store is used")
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
    sizes = results.tallies(rules.name, rules.rules_version, misere, range(n_max + 1))
    if not sizes:
        return None
    from grundy.results import sizes_text

    text = sizes_text(sizes)
    return f"size {text} is stored" if len(sizes) == 1 else f"sizes {text} are stored"


def rows_as_csv(rows: list[dict[str, Any]]) -> str:
    """Rows of equal keys as CSV text, with a header line.

    >>> print(rows_as_csv([{"position": "3,1", "value": 0}]), end="")
    position,value
    "3,1",0
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
