"""Memory caps: the default cap of a search, sizes such as "8G", and bytes in words.

Shared by the compiled search (`grundy.engine.transposition`, whose transposition table
takes a cap) and the generic solver (`grundy.solver`, which bounds its search by
the same default), so that a generic search does not import the compiled one.

>>> parse_memory("1.5G") == 3 << 29, format_bytes(3 << 29)
(True, '1.5 GiB')
"""

from __future__ import annotations

import os
import re
from numbers import Real

__all__ = ["DEFAULT_MEMORY", "MIN_BYTES", "PHYSICAL_MEMORY", "format_bytes", "parse_memory"]

MIN_BYTES = 8 << 10  # the smallest cap parse_memory accepts


def _physical_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 8 << 30


#: This machine's memory (8 GiB where the system does not say).
PHYSICAL_MEMORY = _physical_memory()
#: Default cap: a quarter of the physical memory, at most 8 GiB.
DEFAULT_MEMORY = min(8 << 30, max(64 << 20, PHYSICAL_MEMORY // 4))

_MEMORY_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE | re.ASCII)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_memory(spec: str | int | float | None) -> int:
    """Bytes from "8G", "512M", "1.5g", "64MiB" or a number of bytes (None: default).

    Units are powers of 1024.  At least 8 KiB is required.
    """
    if spec is None:
        return DEFAULT_MEMORY
    if isinstance(spec, bool):
        raise TypeError("memory must be a size such as '8G' or a number of bytes")
    if isinstance(spec, Real):  # numpy's numbers too
        amount = float(spec)
    elif isinstance(spec, str):
        match = _MEMORY_RE.match(spec)
        if match is None:
            raise ValueError(f"bad memory size {spec!r}: expected e.g. 8G, 512M or 1.5G")
        amount = float(match.group(1)) * _UNITS[match.group(2).lower()]
    else:
        raise TypeError(f"memory must be a size such as '8G', got {type(spec).__name__}")
    if amount < MIN_BYTES:
        raise ValueError(f"memory cap {spec!r} is too small: at least 8K is needed")
    return int(amount)


def format_bytes(n: float) -> str:
    """A number of bytes in the largest unit (powers of 1024) that keeps it at least 1."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"
