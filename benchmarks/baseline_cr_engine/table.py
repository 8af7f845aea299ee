"""A compact open-addressing transposition table with a memory cap.

One uint64 per slot: the low 56 bits hold a packed position (a non-zero
boundary word, `grundy.engine.words`), the top 8 bits what is known of its
value:

* ``0x80 | v``: the value is exactly v (v < 128);
* ``0x00 … 0x7F``: a mask of ruled-out values, bit k set meaning "the value
  is not k" (k < 7), as learned by the nimber test.

An empty slot is 0.  Probing is linear within a window of `WINDOW` slots from
the slot given by Fibonacci hashing, so a lookup never reads more than
`WINDOW` slots.

The table starts small and doubles while the doubled table and the old one
fit in the memory cap together.  Once it cannot grow it keeps working: an
insertion goes to an empty slot of its window, else replaces the longest word
of the window (`kernels.tt_put`).  The table is only a cache of proven facts,
so replacing entries never changes a result; it only costs recomputation,
which grows fast when the table holds much less than the positions a search
meets.  It never raises MemoryError.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from .kernels import (
    COUNT,
    EXACT,
    GROW_AT,
    META_SIZE,
    REPLACED,
    reinsert,
    tt_get,
    tt_put,
)

__all__ = ["DEFAULT_MEMORY", "TranspositionTable", "format_bytes", "parse_memory"]

SLOT_BYTES = 8
MIN_LOG = 10


def _physical_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 8 << 30


#: Default cap: a quarter of the physical memory, at most 8 GiB.
DEFAULT_MEMORY = min(8 << 30, max(64 << 20, _physical_memory() // 4))

_MEMORY_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_memory(spec: str | int | float | None) -> int:
    """Bytes from "8G", "512M", "1.5g", "64MiB" or a number of bytes (None: default).

    Units are powers of 1024.  At least 8 KiB is required.
    """
    if spec is None:
        return DEFAULT_MEMORY
    if isinstance(spec, bool):
        raise TypeError("memory must be a size such as '8G' or a number of bytes")
    if isinstance(spec, (int, float)):
        amount = float(spec)
    elif isinstance(spec, str):
        match = _MEMORY_RE.match(spec)
        if match is None:
            raise ValueError(f"bad memory size {spec!r}: expected e.g. 8G, 512M or 1.5G")
        amount = float(match.group(1)) * _UNITS[match.group(2).lower()]
    else:
        raise TypeError(f"memory must be a size such as '8G', got {type(spec).__name__}")
    if amount < (8 << 10):
        raise ValueError(f"memory cap {spec!r} is too small: at least 8K is needed")
    return int(amount)


def format_bytes(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


# --------------------------------------------------------------- the table
class TranspositionTable:
    """Position → known value facts, in at most `memory` bytes (see module doc)."""

    def __init__(self, memory: str | int | None = None, initial_log: int = 16) -> None:
        self.memory = parse_memory(memory)
        log = max(MIN_LOG, min(initial_log, self._max_log()))
        self._allocate(log)
        self.peak_bytes = self.keys.nbytes

    def _max_log(self) -> int:
        log = MIN_LOG - 1
        while (1 << (log + 1)) * SLOT_BYTES <= self.memory:
            log += 1
        return log

    def _allocate(self, log: int) -> None:
        self.logcap = log
        self.keys = np.zeros(1 << log, dtype=np.uint64)
        self.meta = np.zeros(META_SIZE, dtype=np.int64)
        self._set_grow_at()

    def _set_grow_at(self) -> None:
        cap = 1 << self.logcap
        # Doubling needs the old and the new table at once: 3 × cap slots.
        if 3 * cap * SLOT_BYTES <= self.memory:
            self.meta[GROW_AT] = (cap * 7) // 10
        else:
            self.meta[GROW_AT] = np.iinfo(np.int64).max

    # ------------------------------------------------------------- queries
    @property
    def capacity(self) -> int:
        return 1 << self.logcap

    @property
    def count(self) -> int:
        return int(self.meta[COUNT])

    @property
    def fill(self) -> float:
        return self.count / self.capacity

    @property
    def nbytes(self) -> int:
        return int(self.keys.nbytes)

    @property
    def can_grow(self) -> bool:
        return bool(self.meta[GROW_AT] < np.iinfo(np.int64).max)

    @property
    def replaced(self) -> int:
        return int(self.meta[REPLACED])

    def get(self, word: int) -> int:
        """The info byte stored for a canonical word (0 if none)."""
        return int(tt_get(self.keys, self.logcap, np.uint64(word)))

    def exact(self, word: int) -> int | None:
        info = self.get(word)
        return info & 0x7F if info & EXACT else None

    def put_exact(self, word: int, value: int) -> None:
        tt_put(self.keys, self.logcap, self.meta, np.uint64(word), EXACT | value)

    def clear(self) -> None:
        self.keys[:] = 0
        self.meta[:] = 0
        self._set_grow_at()

    # -------------------------------------------------------------- growth
    def grow(self) -> bool:
        """Double the table if the cap allows it; returns whether it grew."""
        if not self.can_grow:
            return False
        old = self.keys
        replaced = self.replaced
        self._allocate(self.logcap + 1)
        self.peak_bytes = max(self.peak_bytes, old.nbytes + self.keys.nbytes)
        reinsert(self.keys, self.logcap, self.meta, old)
        self.meta[REPLACED] += replaced
        return True

    # --------------------------------------------------------- checkpoints
    def save(self, path: str | os.PathLike[str], header: dict[str, Any]) -> None:
        """Write the occupied slots and `header` to `path` atomically (temp + os.replace)."""
        path = Path(path)
        entries = self.keys[self.keys != 0]
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "wb") as fh:
                meta = np.array([f"{k}={v}" for k, v in sorted(header.items())], dtype=np.str_)
                np.savez(fh, entries=entries, header=meta)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def load(self, path: str | os.PathLike[str], header: dict[str, Any]) -> int:
        """Merge the entries saved at `path`; its header must match `header`.

        Returns the number of entries read.  A file that is not a checkpoint,
        or one saved for another game or play convention, is a ValueError.
        """
        try:
            with np.load(path, allow_pickle=False) as data:
                entries = data["entries"]
                saved = dict(item.split("=", 1) for item in data["header"].tolist())
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{path}: not a grundy search checkpoint ({exc})") from None
        expected = {k: str(v) for k, v in header.items()}
        if saved != expected:
            raise ValueError(f"{path}: checkpoint is for {saved}, not {expected}")
        if entries.dtype != np.uint64:
            raise ValueError(f"{path}: checkpoint entries have dtype {entries.dtype}")
        while entries.size > (self.capacity * 7) // 10 and self.grow():
            pass
        reinsert(self.keys, self.logcap, self.meta, entries)
        return int(entries.size)
