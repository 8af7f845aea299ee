"""Outcome classes of a partizan game on partitions, level by level, by a compiled loop
that names no game (issue 26).

A partizan game's kernel (`PartizanKernel`) lists the options of one side: ``expand(w,
side, out, out2)`` writes to `out` the words of Left's options (side 0) or Right's
(side 1) of the partition of the boundary word w (`grundy.engine.words`) and returns how
many (−1: `out` is too small).  Every option must be a smaller partition.  Each position
gets a code of two bits:

* bit 0 (`LEFT_FIRST`): Left, moving first, wins: some Left option is lost by Right
  moving first there (its bit 1 is clear);
* bit 1 (`RIGHT_FIRST`): Right, moving first, wins, in the same way.

So the outcome class (Siegel, *Combinatorial Game Theory*, §I.1, normal play: the
player with no move loses) is N with both bits, L with bit 0 alone, R with bit 1 alone
and P with neither; the empty board is P.  The levels are held a byte a position, in
rank order (`grundy.engine.ranking`), from n = 0 up; no canonical form is asked, so
the loop is as fast as the options kernel and the ranking of its options.

>>> from grundy.games.partizan_cr.crpm_kernel import CRPM_KERNEL
>>> levels = PartizanLevels(CRPM_KERNEL)
>>> [levels.classes(n) for n in range(4)]  # by rank: 3, then 2,1, then 1^3
[['P'], ['N'], ['L', 'R'], ['L', 'N', 'R']]
>>> levels.tally(3)
{'L': 1, 'R': 1, 'N': 1, 'P': 0}
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from grundy.engine import cached_njit  # noqa: F401 (the template's, compiled there)
from grundy.engine.primitives import identity
from grundy.engine.ranking import (
    MAX_N,
    like_word,
    next_parts,
    parts_unrank,
    rank,
    ranking_table,
    word_rank,
)
from grundy.engine.specialise import specialised
from grundy.engine.wordops import from_parts, get_word, word_array, word_width
from grundy.partition import Partition, partition_numbers
from grundy.validate import as_int

__all__ = [
    "CLASSES",
    "LEFT_FIRST",
    "RIGHT_FIRST",
    "PartizanKernel",
    "PartizanLevels",
    "shared_levels",
]

#: The code's bits: the first player wins, moving first as Left, as Right.
LEFT_FIRST, RIGHT_FIRST = 1, 2
#: The outcome class of each code 0 … 3.
CLASSES = ("P", "L", "R", "N")
#: The loop's answer when an option is not a smaller partition (a broken kernel).
NOT_SMALLER = -2


class PartizanKernel:
    """A partizan game's compiled options kernel: its name and ``expand(w, side, out,
    out2)`` (the module's doc), declared by the game beside its rules."""

    def __init__(self, name: str, expand: Callable[..., int]) -> None:
        self.name = name
        self.expand = expand

    def __repr__(self) -> str:
        return f"PartizanKernel({self.name!r})"


def partizan_ranks(n, table, like, codes, offsets, out, out2):
    """Write the codes of every partition of n (`codes[offsets[n] + rank]`) from the levels
    below; returns p(n), −1 if `out` is too small for a position's options, or
    `NOT_SMALLER` for an option that is not a smaller partition."""
    count = table[n, n]
    parts = np.zeros(n + 2, dtype=np.int64)
    length = parts_unrank(n, 0, table, parts)
    for r in range(count):
        if r:
            length = next_parts(parts, length)
        w = from_parts(parts, length, like)
        code = 0
        for side in range(2):
            m = expand(w, side, out, out2)  # noqa: F821 (bound per kernel)
            if m < 0:
                return -1
            for i in range(m):
                size, at = word_rank(get_word(out, i), table)
                if size >= n:
                    return NOT_SMALLER
                if not (codes[offsets[size] + at] >> (1 - side)) & 1:
                    code |= 1 << side  # the other side, moving first there, loses
                    break
        codes[offsets[n] + r] = code
    return count


class PartizanLevels:
    """The codes (the module's doc) of every partition of n = 0, 1, …, found a level at a
    time as they are asked, a byte a position, in one array grown as levels are added.

    >>> from grundy.games.partizan_cr.crpm_kernel import CRPM_KERNEL
    >>> PartizanLevels(CRPM_KERNEL).outcome(Partition([3, 2]))
    'L'
    """

    def __init__(self, kernel: PartizanKernel) -> None:
        if not isinstance(kernel, PartizanKernel):
            raise TypeError(f"a partizan outcome engine takes a PartizanKernel, not {kernel!r}")
        self.kernel = kernel
        self._loop = specialised((partizan_ranks,), kernel.expand, identity, kernel.name)[
            "partizan_ranks"
        ]
        self._codes = np.zeros(1, dtype=np.uint8)  # level 0: the empty board, P
        self._done = 0

    def codes(self, n: int) -> np.ndarray:
        """The codes of the partitions of n, by rank (read-only uint8)."""
        n = self._valued(n)
        offsets = self._offsets(n)
        view = self._codes[offsets[n] : offsets[n + 1]]
        view.flags.writeable = False
        return view

    def classes(self, n: int) -> list[str]:
        """The outcome class of each partition of n, by rank."""
        return [CLASSES[c] for c in self.codes(n)]

    def tally(self, n: int) -> dict[str, int]:
        """How many partitions of n are in each outcome class, keys "L", "R", "N", "P"."""
        counts = np.bincount(self.codes(n), minlength=4)
        return {name: int(counts[CLASSES.index(name)]) for name in "LRNP"}

    def outcome(self, position: Partition) -> str:
        """The outcome class of one partition (its level and all below are valued)."""
        return CLASSES[self.codes(position.size)[rank(position)]]

    def _valued(self, n: int) -> int:
        """n, once every level up to it is valued (ValueError past the engine's words)."""
        n = as_int(n, "n")
        if not 0 <= n <= MAX_N:
            raise ValueError(f"n must be in 0..{MAX_N} (the engine's words), got {n}")
        if n > self._done:
            offsets = self._offsets(n)
            grown = np.zeros(offsets[n + 1], dtype=np.uint8)
            grown[: len(self._codes)] = self._codes
            self._codes = grown
            table = ranking_table(n)
            for level in range(self._done + 1, n + 1):
                self._value_level(level, table, offsets)
            self._done = n
        return n

    def _value_level(self, n: int, table: np.ndarray, offsets: np.ndarray) -> None:
        like = like_word(n)
        out, out2 = (word_array(n + 2, word_width(like)) for _ in range(2))
        got = self._loop(n, table, like, self._codes, offsets, out, out2)
        if got == NOT_SMALLER:
            raise ValueError(f"{self.kernel.name}: an option at level {n} is not smaller")
        if got < 0:
            raise ValueError(f"{self.kernel.name}: a position of {n} has more than {n + 2} options")

    @staticmethod
    def _offsets(n: int) -> np.ndarray:
        """offsets[k]: where level k starts (the partitions of every size below it)."""
        return np.concatenate(([0], np.cumsum(partition_numbers(n)))).astype(np.int64)


@cache
def shared_levels(kernel: PartizanKernel) -> PartizanLevels:
    """The one `PartizanLevels` of `kernel` in this process, its levels kept as they are
    valued (the door's, `grundy.answers`)."""
    return PartizanLevels(kernel)
