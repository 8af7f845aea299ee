"""The `grundy` command: a thin layer over the library (typer + rich).

Every sub-command that prints a result takes `--json` (`play`, a game at the prompt, does
not).  Bad input ends with one line on stderr and exit status 2, never a traceback; so
does a missing command (after the help).

Where a command lives: `grundy X` in `cli/X.py` (one file per command); a command group
`grundy X Y` in `cli/X.py`, or in `cli/X_*.py` when the group is large (`poset`:
`poset.py`, and its tables of paper 004 in `poset_tables.py`).  What several commands
share is in a module named for what it holds: the app and the game a command names
(`common.py`), the options and arguments declared once (`options.py`), parameters
handed to a command as one value (`bundles.py`; a game command's: `game_options.py`),
help texts naming the games of the registry (`late_help.py`), reading positions, sizes and files
(`reading.py`), output (`printing.py`), progress bars (`progress.py`), Ctrl-C
(`interrupts.py`) and the results store's messages (`results_store.py`); a command built
on another imports from that command's module (`pattern` runs `sweep.run_sweep`).
"""

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer

# Importing a command module registers its commands on `app`; `grundy -h` lists them
# in the panels of `PANELS` (`arranged`), whatever the order of these imports.
# isort: off
from grundy.cli import sweep, pattern, conjecture, stats, count, classify, games  # noqa: F401
from grundy.cli import play, nim, value, moves, reproduce, search, serve, table  # noqa: F401
from grundy.cli import warm, sequence  # noqa: F401
from grundy.cli import store, poset, poset_tables, atlas  # noqa: F401
from grundy.cli import quotient  # noqa: F401

# isort: on
from grundy.cli.common import HELP_OPTIONS, app
from grundy.cli.interrupts import Interrupted

__all__ = ["PANELS", "app", "arranged", "main", "run"]

#: The panels of `grundy -h`, in order, each with its commands (listed alphabetically).
PANELS = {
    "Games and positions": ("games", "value", "moves", "table", "search", "play", "nim"),
    "Families and sizes": (
        "sweep",
        "pattern",
        "count",
        "conjecture",
        "classify",
        "stats",
        "sequence",
        "quotient",
    ),
    "Posets": ("poset",),
    "Kept results": ("store", "atlas", "warm"),
    "Papers and the page": ("reproduce", "serve"),
}

_NEGATIVE_NUMBER = re.compile(r"^-[0-9]")
#: A paper cited by its key in a help text: "000 §2.3", "(004 Theorem 4.1)" (not the
#: digits of "10,000").
_PAPER_KEY = re.compile(r"(?<![\d,.])(\d{3})(?![\d,.])")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        with _exact_integers():
            status = _invoke(_command(), args)
    except (ValueError, TypeError, OverflowError, OSError) as exc:
        return _fail(str(exc))
    except MemoryError:
        return _fail("out of memory: the input is too large for this machine")
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    except Exception as exc:
        # Usage errors of the command-line parser (Typer vendors click, whose
        # exception classes are private): they carry a message and a status.
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            return _fail(_usage_message(exc, args))
        if type(exc).__name__ == "Abort":  # Ctrl-C while the parser prompts
            return _interrupted(None)
        raise
    return status if isinstance(status, int) else 0


def _invoke(command: Any, args: list[str]) -> Any:
    """Run the command line `args` (what click's `Command.main` does without standalone
    mode), letting Ctrl-C through to `main`.

    Typer's `main` turns a KeyboardInterrupt into a silent exit with status 130 (older
    Typers and click into `Abort`, after an empty line on stderr), so the command's
    `grundy.cli.interrupts.interruptible` line would never be printed.
    """
    try:
        with command.make_context("grundy", args) as ctx:
            return command.invoke(ctx)
    except typer.Exit as stop:  # --help, --version
        return stop.exit_code


def _interrupted(exc: BaseException | None) -> int:
    """Ctrl-C: the command's line (`Interrupted`) or a plain one on stderr, status 130."""
    what = str(exc) if isinstance(exc, Interrupted) else "interrupted"
    sys.stderr.write(f"grundy: {what}\n")
    return 130


def _usage_message(exc: Any, args: list[str]) -> str:
    """The parser's message, reworded where it misleads a user."""
    name = type(exc).__name__
    if name == "NoArgsIsHelpError":  # the help went to stdout; its message is empty
        path = exc.ctx.command_path if exc.ctx is not None else "grundy"
        return f"missing command: `{path} -h` lists the commands"
    option = getattr(exc, "option_name", None)
    if name == "NoSuchOption" and option and _NEGATIVE_NUMBER.match(option):
        token = next((a for a in args if a.startswith(option)), option)
        return (
            f"{token!r} is negative: parts, sizes and nimbers must be non-negative "
            f"(to pass an argument that starts with '-', put it after '--')"
        )
    return exc.format_message()


def _command() -> Any:
    """The click command of `app`; flags show no type ("--json", not "--json <bool>"), and
    text parameters and flags are taken as they are (`_as_given`)."""
    from grundy.reproduce.rows import PAPERS

    command = arranged(typer.main.get_command(app))
    _tidy(command, _as_given(), PAPERS)
    return command


def arranged(command: Any) -> Any:
    """The click group `command` with its commands in the panels of `PANELS`, panel by
    panel and alphabetically within each (a command no panel names: a ValueError, so that
    a new command is given its place).

    >>> list(arranged(typer.main.get_command(app)).commands)[:4]
    ['games', 'moves', 'nim', 'play']
    """
    panel_of = {name: panel for panel, names in PANELS.items() for name in names}
    unplaced = sorted(set(command.commands) - set(panel_of))
    if unplaced:
        raise ValueError(f"grundy.cli.PANELS places no command {', '.join(unplaced)}")
    order = list(PANELS)
    for name, sub in command.commands.items():
        sub.rich_help_panel = panel_of[name]
    command.commands = dict(
        sorted(command.commands.items(), key=lambda item: (order.index(panel_of[item[0]]), item[0]))
    )
    return command


def _tidy(command: Any, as_given: Any, papers: dict[str, str]) -> None:
    """Flags take no value: give them (and -h/--help) an empty metavar; give text
    parameters and flags the coercion `as_given` (when not None); and name the papers
    the help cites by key (`papers`, e.g. "000 §2.3") below it; recursively."""
    _name_papers(command, papers)
    params = list(command.params)
    help_option = command.get_help_option(typer.Context(command, help_option_names=HELP_OPTIONS))
    if help_option is not None:
        params.append(help_option)
    for param in params:
        flag = getattr(param, "is_flag", False)
        if flag:
            param.metavar = ""
        described = getattr(param, "type_descriptor", None)
        if as_given is None or described is None or getattr(param, "_runtime_param", 0) is not None:
            continue
        info = described.parameter_info
        plain = described.annotation is str or (described.annotation is bool and flag)
        if plain and info.parser is None and described.file_annotation is None:
            param._runtime_param = as_given(parameter_info=info, annotation=described.annotation)
    for sub in getattr(command, "commands", {}).values():
        _tidy(sub, as_given, papers)


def _name_papers(command: Any, papers: dict[str, str]) -> None:
    """End the command's help with what each paper it or its options cite is ("Papers:
    000 = Gottlieb, Krnc, Muršič: …"), from `grundy.reproduce.rows.PAPERS`."""
    texts = [command.help or "", *(getattr(p, "help", None) or "" for p in command.params)]
    cited = sorted({key for text in texts for key in _PAPER_KEY.findall(text)} & set(papers))
    if cited:
        command.epilog = "Papers: " + "; ".join(f"{key} = {papers[key]}" for key in cited)


def _as_given() -> Any:
    """Typer's coercion that passes a value of the parameter's type through unchanged, or
    None if this version of typer has none.

    Typer coerces each parameter with a pydantic TypeAdapter, built when the command
    runs; importing pydantic for it costs more than the rest of a small command.  Text
    (`str`) parameters arrive as text and flags as True/False (None when unset), so
    they need no coercion: with this one, a command whose parameters are text and flags
    never imports pydantic.
    """
    try:
        from typer._coercion import PassThroughRuntimeParam
    except ImportError:  # another typer: its own coercion, only slower to start
        return None
    return PassThroughRuntimeParam


@contextmanager
def _exact_integers() -> Iterator[None]:
    """Print integers of any length: lift Python's 4,300-digit limit while a command runs."""
    get = getattr(sys, "get_int_max_str_digits", None)
    if get is None:  # Python < 3.10.7 has no limit
        yield
        return
    before = get()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


def _fail(message: str) -> int:
    """One line on stderr, exit status 2."""
    line = " ".join(message.split())
    sys.stderr.write(f"grundy: error: {line}\n")
    return 2


def run() -> None:
    """Console-script wrapper: exit with `main`'s status.

    The process ends right after, so the objects left are moved out of the garbage
    collector's reach first (`gc.freeze`): its last collection at exit would only walk
    them, and after a compiled search numba's object graphs make that walk cost more
    than a small search (0.3 s).  Exit handlers still run and files are closed by the
    `with` blocks that opened them; Python never promised finalizers at exit anyway.
    """
    status = main()
    gc.freeze()
    sys.exit(status)
