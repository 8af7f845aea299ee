"""A compact open-addressing transposition table with a memory cap.

A slot holds a packed position (a non-zero boundary word,
`grundy.engine.words`) and, in the top 8 bits of its last uint64, what is
known of its value.  A table of narrow words has one uint64 per slot (56
bits of word); a table of wide words two (120 bits of word).  The info byte:

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
import zipfile
from typing import Any

import numpy as np

from grundy.atomic import atomic_open
from grundy.engine.cache import cached_njit
from grundy.engine.wordops import COUNT, EXACT, GROW_AT, REPLACED, entry, is_zero, tt_get, tt_put
from grundy.memory import DEFAULT_MEMORY, MIN_BYTES, format_bytes, parse_memory

__all__ = [
    "DEFAULT_MEMORY",
    "TranspositionTable",
    "format_bytes",
    "pack",
    "parse_memory",
    "unpack",
]

META_SIZE = 4
#: How many slots of the old table `TranspositionTable.grow` moves at a time.
MOVE_SLOTS = 1 << 20
_LOW64 = (1 << 64) - 1


def pack(word: int, width: int) -> np.uint64 | tuple[np.uint64, ...]:
    """A Python int word as the compiled engine's narrow (width 1), wide (width 2) or
    broad (width 3) word: its limbs, lowest first.

    >>> pack(5 | 7 << 64, 2), unpack(pack(5 | 7 << 128, 3)) == 5 | 7 << 128
    ((np.uint64(5), np.uint64(7)), True)
    """
    if width == 1:
        return np.uint64(word)
    return tuple(np.uint64(word >> (64 * i) & _LOW64) for i in range(width))


def unpack(word: Any) -> int:
    """A word of the compiled engine (a uint64, or its limbs lowest first: a tuple or an
    array) as a Python int."""
    if np.ndim(word) == 0:
        return int(word)
    limbs = word.ravel() if isinstance(word, np.ndarray) else word  # (not via floats)
    return sum(int(limb) << (64 * i) for i, limb in enumerate(limbs))


@cached_njit
def _get(keys, logcap, w):
    return tt_get(keys, logcap, w)


@cached_njit
def _put(keys, logcap, meta, w, info):
    tt_put(keys, logcap, meta, w, info)


@cached_njit
def _reinsert(keys, logcap, meta, entries):
    """Put every occupied slot of `entries` (another table's keys) into this table."""
    for e in range(entries.shape[0]):
        w, info = entry(entries, e)
        if not is_zero(w):
            tt_put(keys, logcap, meta, w, info)


def describe_mismatch(saved: dict[str, str], expected: dict[str, str]) -> str:
    """What differs between a checkpoint's header and this search's, in words.

    >>> describe_mismatch({"game": "cr", "misere": "1"}, {"game": "heap", "misere": "0"})
    'the checkpoint was saved by another search: game cr, not heap; misère play, not normal play'
    """

    def say(key: str, value: str) -> str:
        if key == "misere":
            return "misère play" if value == "1" else "normal play"
        if key == "width":
            return f"{value}-word positions"
        if key == "format":
            return f"checkpoint format {value}"
        return f"{key} {value}"

    differences = []
    for key in sorted(expected, key=lambda k: (k != "game", k)):
        if saved.get(key) != expected[key]:
            was, now = say(key, saved.get(key, "?")), say(key, expected[key])
            if key == "game":
                now = expected[key]
            differences.append(f"{was}, not {now}")
    return "the checkpoint was saved by another search: " + "; ".join(differences)


# --------------------------------------------------------------- the table
class TranspositionTable:
    """Position → known value facts, in at most `memory` bytes (see module doc).

    `width` is 1 for narrow words, 2 for wide ones (`grundy.engine.wordops`).
    """

    def __init__(
        self, memory: str | int | None = None, width: int = 1, initial_log: int = 16
    ) -> None:
        if width not in (1, 2):
            raise ValueError(f"a table holds words of 1 or 2 machine words, not {width}")
        self.memory = parse_memory(memory)
        self.width = width
        self.slot_bytes = 8 * width
        self.min_log = (MIN_BYTES // self.slot_bytes).bit_length() - 1
        log = max(self.min_log, min(initial_log, self._max_log()))
        self._allocate(log)
        self.peak_bytes = self.keys.nbytes

    def _max_log(self) -> int:
        log = self.min_log - 1
        while (1 << (log + 1)) * self.slot_bytes <= self.memory:
            log += 1
        return log

    def _allocate(self, log: int) -> None:
        self.logcap = log
        shape = (1 << log,) if self.width == 1 else (1 << log, 2)
        self.keys = np.zeros(shape, dtype=np.uint64)
        self.meta = np.zeros(META_SIZE, dtype=np.int64)
        self._set_grow_at()

    def _set_grow_at(self) -> None:
        cap = 1 << self.logcap
        # Doubling needs the old and the new table at once: 3 × cap slots.
        if 3 * cap * self.slot_bytes <= self.memory:
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
        return int(_get(self.keys, self.logcap, pack(word, self.width)))

    def exact(self, word: int) -> int | None:
        info = self.get(word)
        return info & 0x7F if info & EXACT else None

    def put_exact(self, word: int, value: int) -> None:
        _put(self.keys, self.logcap, self.meta, pack(word, self.width), EXACT | value)

    def clear(self) -> None:
        self.keys[:] = 0
        self.meta[:] = 0
        self._set_grow_at()

    # -------------------------------------------------------------- growth
    def grow(self) -> bool:
        """Double the table if the cap allows it; returns whether it grew.

        The old entries move over in chunks of `MOVE_SLOTS` slots (about a tenth of a
        second each), so Ctrl-C stops even a large table's growth at once (a table of
        512 MiB takes 2 s to grow); the table is a cache of proven facts, so one left
        with part of its old entries is still right.
        """
        if not self.can_grow:
            return False
        old = self.keys
        replaced = self.replaced
        self._allocate(self.logcap + 1)
        self.peak_bytes = max(self.peak_bytes, old.nbytes + self.keys.nbytes)
        try:
            for start in range(0, old.shape[0], MOVE_SLOTS):
                _reinsert(self.keys, self.logcap, self.meta, old[start : start + MOVE_SLOTS])
        finally:
            self.meta[REPLACED] += replaced
        return True

    # --------------------------------------------------------- checkpoints
    def _occupied(self) -> np.ndarray:
        if self.width == 1:
            return self.keys[self.keys != 0]
        return self.keys[(self.keys != 0).any(axis=1)]

    def save(self, path: str | os.PathLike[str], header: dict[str, Any]) -> None:
        """Write the occupied slots and `header` to `path` atomically (`grundy.atomic`)."""
        meta = np.array([f"{k}={v}" for k, v in sorted(header.items())], dtype=np.str_)
        with atomic_open(path, "wb", regular=True) as fh:
            np.savez(fh, entries=self._occupied(), header=meta)

    def load(self, path: str | os.PathLike[str], header: dict[str, Any]) -> int:
        """Merge the entries saved at `path`; its header must match `header`.

        Returns the number of entries read.  A file that is not a checkpoint,
        or one saved for another game, play convention or word width, is a
        ValueError.
        """
        not_ours = ValueError(f"not a grundy checkpoint: {os.fspath(path)}")
        try:
            with np.load(path, allow_pickle=False) as data:
                entries = data["entries"]
                saved = dict(item.split("=", 1) for item in data["header"].tolist())
        except (
            OSError,
            KeyError,
            ValueError,
            EOFError,
            AttributeError,
            TypeError,
            zipfile.BadZipFile,
        ):
            # numpy's own messages (codec errors, pickle advice) would mislead here.
            raise not_ours from None
        expected = {k: str(v) for k, v in header.items()}
        if set(saved) != set(expected):
            raise not_ours
        if saved != expected:
            raise ValueError(f"{os.fspath(path)}: {describe_mismatch(saved, expected)}")
        if entries.dtype != np.uint64 or entries.shape[1:] != self.keys.shape[1:]:
            raise not_ours
        while entries.shape[0] > (self.capacity * 7) // 10 and self.grow():
            pass
        _reinsert(self.keys, self.logcap, self.meta, entries)
        return int(entries.shape[0])
