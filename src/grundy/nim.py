"""Nim arithmetic on plain Python ints of any size.

`mex` is the minimum excluded value of Sprague–Grundy theory (000 Eq. (2));
`add` is the nim-sum (bitwise XOR, 004 (2.2)).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["add", "mex"]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among `values` (000 §2.2)."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def add(*values: int) -> int:
    """The nim-sum a ⊕ b ⊕ …: bitwise exclusive or (004 (2.2))."""
    total = 0
    for v in values:
        if v < 0:
            raise ValueError(f"nimbers are non-negative, got {v}")
        total ^= v
    return total
