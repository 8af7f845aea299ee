"""The one place where user-supplied numbers, flags, digits, positions, stores and input
files are checked.

Every public function that takes an integer from a user goes through these,
so a bad value is always a TypeError (wrong type: bools, floats, strings) or
a ValueError (out of range) that names the parameter; numpy's integers are
integers (`as_int`).  A flag (misere, with_stats, …) is True or False
(`as_bool`): "no" is refused, not read as true.  A position given as a dict
is refused (`parse_position`): its keys would be read as the position.  A
results store is a `grundy.results.Store` or the path of one (`as_store`).
Text read as a number must be ASCII digits (`is_digits`): `str.isdigit` and
`int` also accept "３" (fullwidth) or "٣" (Arabic-Indic), which no user
means.  Files a user names go through `check_input_file`, so a directory or
a missing file is a ValueError naming it instead of an errno; JSON files
through `read_json`, so one nested too deeply is a ValueError, not a
RecursionError.

>>> check_positive(n=3)
>>> check_positive(n=0)
Traceback (most recent call last):
...
ValueError: n must be a positive integer, got 0
>>> is_digits("12"), is_digits("３"), is_digits("")
(True, False, False)
"""

from __future__ import annotations

import json
import operator
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grundy.results import Store

__all__ = [
    "as_bool",
    "as_int",
    "as_store",
    "check_input_file",
    "check_non_increasing",
    "check_non_negative",
    "check_positive",
    "is_digits",
    "parse_natural",
    "parse_position",
    "read_json",
]


def as_int(value: object, what: str) -> int:
    """`value` as a Python int; a TypeError naming `what` for bools, floats, strings, …"""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an int, got bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}") from None


def check_positive(**values: object) -> None:
    """Each keyword argument must be an int ≥ 1."""
    for name, value in values.items():
        if as_int(value, name) < 1:
            raise ValueError(f"{name} must be a positive integer, got {value}")


def check_non_negative(**values: object) -> None:
    """Each keyword argument must be an int ≥ 0."""
    for name, value in values.items():
        if as_int(value, name) < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {value}")


def check_non_increasing(rows: tuple[int, ...], what: str = "row lengths") -> None:
    """Row lengths of a partition: ints, non-negative, non-increasing."""
    previous = None
    for r in rows:
        if as_int(r, what) < 0:
            raise ValueError(f"{what} must be non-negative, got {rows}")
        if previous is not None and r > previous:
            raise ValueError(f"{what} must be non-increasing, got {rows}")
        previous = r


def as_bool(value: object, what: str) -> bool:
    """`value` as a bool; a TypeError naming `what` for anything but True and False
    (numpy's too).

    A string such as "yes" or "no" is refused rather than read by its truth
    value (every non-empty string is true), and so are numbers.

    >>> as_bool(False, "misere")
    False
    >>> as_bool("no", "misere")
    Traceback (most recent call last):
    ...
    TypeError: misere must be True or False, got str 'no'
    """
    if isinstance(value, bool):
        return value
    if _is_numpy_bool(value):
        return bool(value)
    raise TypeError(f"{what} must be True or False, got {type(value).__name__} {value!r}")


def _is_numpy_bool(value: object) -> bool:
    """Whether `value` is a numpy boolean scalar (told apart without importing numpy)."""
    numpy = type(value).__module__ == "numpy"
    return numpy and getattr(value, "dtype", None) == "bool" and getattr(value, "shape", 0) == ()


def parse_position(rules: Any, position: object) -> Any:
    """`rules.parse(position)`; a dict (any mapping) is a TypeError naming it, since
    reading it would take its keys for the position.

    >>> from grundy.registry import get_ruleset
    >>> parse_position(get_ruleset("lctr"), {5: 3})
    Traceback (most recent call last):
    ...
    TypeError: a position is text or a sequence, not a dict: {5: 3}
    """
    if isinstance(position, Mapping):
        shown = repr(position)
        if len(shown) > 60:
            shown = shown[:59] + "…"
        raise TypeError(
            f"a position is text or a sequence, not a {type(position).__name__}: {shown}"
        )
    return rules.parse(position)


def as_store(store: object, what: str = "store") -> Store | None:
    """A results store from a `grundy.results.Store`, a path to one (str or PathLike:
    opened, created if missing) or None; a TypeError naming `what` for anything else."""
    if store is None:
        return None
    from grundy.results import Store  # sqlite3 loads only where a store is given

    if isinstance(store, Store):
        return store
    if isinstance(store, (str, os.PathLike)):
        return Store(store)
    raise TypeError(
        f"{what} must be a Store or the path of one, got {type(store).__name__} {store!r}"
    )


def is_digits(text: str) -> bool:
    """Whether `text` is a non-empty run of ASCII digits 0-9 (no sign, space or '_')."""
    return text.isascii() and text.isdigit()


def parse_natural(text: str, what: str) -> int:
    """A non-negative integer written in ASCII digits; a ValueError naming `what` otherwise."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a string of digits, got {type(text).__name__}")
    if not is_digits(text):
        raise ValueError(f"{what} must be a non-negative integer in digits 0-9, got {text!r}")
    return int(text)


def parse_box(text: str, what: str = "box") -> tuple[int, int]:
    """(a, b) from "AxB" (or "A×B"): a box of A rows and B columns, both positive.

    >>> parse_box("16x16"), parse_box("3 × 5")
    ((16, 16), (3, 5))
    >>> parse_box("16")
    Traceback (most recent call last):
    ...
    ValueError: bad box '16': give it as AxB, e.g. 16x16
    """
    pieces = str(text).replace("×", "x").split("x")
    if len(pieces) != 2 or not all(is_digits(piece.strip()) for piece in pieces):
        raise ValueError(f"bad {what} {text!r}: give it as AxB, e.g. 16x16")
    a, b = (parse_natural(piece.strip(), what) for piece in pieces)
    check_positive(**{f"{what} rows": a, f"{what} columns": b})
    return a, b


def check_input_file(path: str | os.PathLike[str], what: str) -> Path:
    """`path` as a Path if it names an existing file; else a ValueError naming it.

    `what` says what the file should hold ("matrix file", "poset file", …).
    """
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"{os.fspath(path)} is a directory, not a {what}")
    if not target.exists():
        raise ValueError(f"{what} {os.fspath(path)} does not exist")
    return target


#: Deepest nesting of lists and objects `read_json` accepts (grundy's files need 3).
MAX_JSON_DEPTH = 100


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value in the file `path`; a ValueError saying why if it is not valid
    JSON or is nested more than `MAX_JSON_DEPTH` levels deep (Python's reader answers a
    deep file with a RecursionError, or reads it and leaves the recursion to whoever
    walks the value).  The caller names the file in its message.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     _ = f.write("[" * 100_000 + "]" * 100_000)
    >>> read_json(f.name)
    Traceback (most recent call last):
    ...
    ValueError: not valid JSON: nested more than 100 levels deep
    >>> os.remove(f.name)
    """
    too_deep = f"not valid JSON: nested more than {MAX_JSON_DEPTH} levels deep"
    try:
        with open(path, encoding="utf-8") as handle:
            value = json.load(handle)
    except RecursionError:
        raise ValueError(too_deep) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"not valid JSON ({exc})") from None
    if _nesting(value) > MAX_JSON_DEPTH:
        raise ValueError(too_deep)
    return value


def _nesting(value: Any) -> int:
    """How deeply lists and objects nest in a JSON value (a number: 0, [1]: 1), counted
    no further than one past `MAX_JSON_DEPTH`; iterative, so any depth is safe."""
    deepest = 0
    todo = [(value, 1)]
    while todo and deepest <= MAX_JSON_DEPTH:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            todo.extend(
                (child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest
