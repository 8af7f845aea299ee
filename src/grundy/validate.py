"""The one place where user-supplied numbers are checked.

Every public function that takes an integer from a user goes through these,
so a bad value is always a TypeError (wrong type: bools, floats, strings) or
a ValueError (out of range) that names the parameter.

>>> check_positive(n=3)
>>> check_positive(n=0)
Traceback (most recent call last):
...
ValueError: n must be a positive integer, got 0
"""

from __future__ import annotations

import operator

__all__ = ["as_int", "check_non_increasing", "check_non_negative", "check_positive"]


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
