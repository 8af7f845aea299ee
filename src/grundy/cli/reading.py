"""Reading what the command line gives: a position or poset as text or from ``@FILE``,
sizes, and options that cannot be given together."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from grundy import families
from grundy.game import Ruleset
from grundy.registry import get_ruleset  # noqa: F401  (read_position's doctest uses it)
from grundy.validate import check_input_file

T = TypeVar("T")


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
