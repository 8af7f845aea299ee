"""The level engine: every partition of n valued from the levels below, through the game's
own options kernel.  It names no game.

A move shrinks the diagram, so level n (the p(n) partitions of n, in rank order,
`grundy.atlas.ranking`) needs only the levels below it.  For each rank r of a
range [lo, hi) the compiled loop `value_ranks` steps to the next partition
(`next_parts`, amortised O(1); it unranks only lo), asks the kernel
(``CompiledKernel.expand``, as the search drivers do, `grundy.search.drivers`)
for its options, ranks each option from its word (`word_rank`, O(distinct
parts)), reads its value from its level, and writes the mex: one byte a
position, no hash table.  An
option that is a sum of two pieces (a kernel with ``splits``) is worth the
nim-sum of the pieces (normal play only: misère sums are refused, as the
census refuses them).  A position with no option is worth 0, or 1 in misère
play; the empty partition is such a position where the kernel
``allows_empty``, and level 0 is then [base], else empty.

Values are stored as uint8; a level that needs a value above `MAX_VALUE` is
refused with a clear message.

>>> from grundy import get_ruleset
>>> engine = LevelEngine(get_ruleset("cr").kernel, n_max=4)
>>> [engine.value_level(n).tolist() for n in range(5)]  # [2, 2] is rank 2 of level 4
[[0], [1], [2, 2], [1, 0, 1], [2, 3, 0, 3, 2]]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from grundy.atlas.ranking import (
    first_part,
    like_word,
    next_parts,
    parts_unrank,
    ranking_table,
    word_rank,
)
from grundy.partition import partition_numbers
from grundy.search import CompiledKernel
from grundy.search.specialise import specialised
from grundy.search.wordops import conj, from_parts, get_word

__all__ = ["MAX_VALUE", "LevelEngine", "check_kernel"]

#: Largest value a level holds (uint8).
MAX_VALUE = 255
#: Ranks valued per compiled call (progress and Ctrl-C come between calls).
CHUNK = 1 << 16
DONE, WIDER, HUGE, NOT_SMALLER = 0, 1, 2, 3


def value_ranks(n, hi, table, values, offsets, level, base, splits, like,
                out, out2, parts, seen, state):  # fmt: skip
    """Value the partitions of n of ranks state[0] … hi − 1 into level[r] (ranks below
    state[0] are valued), stepping from one partition to the next (`next_parts`).

    values[offsets[k] + rank] holds level k < n.  A partition copies the value of a
    twin of smaller rank: its canonical form (the kernel's), or its conjugate if that
    has the same canonical form (then whichever of the two ranks first is valued).
    Stops early with WIDER (the
    kernel wants a larger `out`), HUGE (a value above MAX_VALUE) or NOT_SMALLER
    (an option of size ≥ n: a broken kernel), state[0] then the rank it stopped
    at; DONE with state[0] = hi.  `seen` is int64[MAX_VALUE + 2] of scratch.
    """
    seen[:] = -1
    length = parts_unrank(n, state[0], table, parts)
    for r in range(state[0], hi):
        if r > state[0]:
            length = next_parts(parts, length)
        word = from_parts(parts, length, like)
        w = canonical(word)  # noqa: F821 (bound per kernel)
        twin = w  # a partition of the same value: its canonical form, or else
        if w == word:  # its conjugate if that has the same canonical form
            twin = conj(word)
            if canonical(twin) != w:  # noqa: F821 (bound per kernel)
                twin = word
        if twin != word and first_part(twin) >= parts[0]:  # else the twin ranks later
            size, twin_rank = word_rank(twin, table)
            if size == n and twin_rank < r:
                level[r] = level[twin_rank]
                continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0:
            state[0] = r
            return WIDER
        for i in range(m):
            v = 0  # the nim-sum of the option's pieces (one unless the kernel splits)
            largest = 0
            for piece in range(2 if splits else 1):
                size, rank = word_rank(get_word(out2 if piece else out, i), table)
                v ^= values[offsets[size] + rank] if size else base
                largest = max(largest, size)
            if largest >= n:
                state[0] = r
                return NOT_SMALLER
            seen[v] = r
        v = 0
        while seen[v] == r:
            v += 1
        if m == 0:
            v = base
        if v > MAX_VALUE:
            state[0] = r
            return HUGE
        level[r] = v
    state[0] = hi
    return DONE


TEMPLATES = (value_ranks,)


def check_kernel(kernel: CompiledKernel, misere: bool) -> None:
    """Refuse (ValueError) a kernel the level engine cannot take: positions that are not
    plain partitions (packed keys with a history), or misère play of a splitting game.

    >>> from grundy import get_ruleset
    >>> check_kernel(get_ruleset("cris").kernel, misere=True)
    Traceback (most recent call last):
    ...
    ValueError: cris: no misère atlas for a game whose moves split (sums are not nim-sums)
    """
    if not kernel.positions_are_partitions:
        raise ValueError(
            f"{kernel.name}: its positions are not plain partitions (its kernel packs "
            "more than the diagram), so it has no atlas"
        )
    if misere and kernel.splits:
        raise ValueError(
            f"{kernel.name}: no misère atlas for a game whose moves split (sums are not nim-sums)"
        )


class LevelEngine:
    """Levels 0 … n_max of one kernel and convention, held in one flat uint8 array.

    Levels are valued in order (`value_level`) or handed in from disk
    (`load_level`); level n can be valued once every level below it is held.

    >>> from grundy import get_ruleset
    >>> engine = LevelEngine(get_ruleset("chomp").kernel, n_max=3, misere=True)
    >>> [engine.value_level(n).tolist() for n in range(4)]  # Chomp has no empty board
    [[], [1], [0, 0], [2, 1, 2]]
    """

    def __init__(self, kernel: CompiledKernel, n_max: int, misere: bool = False) -> None:
        check_kernel(kernel, misere)
        like_word(n_max)  # refuses n_max past the engine's words
        self.kernel = kernel
        self.n_max = n_max
        self.base = 1 if misere else 0
        self.table = ranking_table(n_max)
        counts = np.array(partition_numbers(n_max), dtype=np.int64)
        if not kernel.allows_empty:
            counts[0] = 0
        self.sizes = counts
        self.offsets = np.concatenate(([0], np.cumsum(counts)))
        self.values = np.zeros(int(self.offsets[-1]), dtype=np.uint8)
        self.held = 0  # levels 0 … held − 1 are in `values`
        self._buffer = 64

    def level(self, n: int) -> np.ndarray:
        """Level n (held) as a view of the flat array."""
        if not 0 <= n < self.held:
            raise ValueError(f"level {n} is not held (levels 0..{self.held - 1} are)")
        return self.values[self.offsets[n] : self.offsets[n + 1]]

    def load_level(self, n: int, values: np.ndarray) -> None:
        """Hold level n from `values` (read from disk): n must be the next level."""
        self._check_next(n)
        if values.shape != (self.sizes[n],):
            raise ValueError(f"level {n} has {values.shape} values, expected ({self.sizes[n]},)")
        self.values[self.offsets[n] : self.offsets[n + 1]] = values
        self.held = n + 1

    def value_level(self, n: int, progress: Callable[[int, int], None] | None = None) -> np.ndarray:
        """Value level n (the next one), hold it and return it; `progress(done, total)`
        is called after each chunk of ranks."""
        self._check_next(n)
        level = self.values[self.offsets[n] : self.offsets[n + 1]]
        total = len(level)
        for lo in range(0, total, CHUNK):
            self._value_range(n, lo, min(lo + CHUNK, total), level)
            if progress is not None:
                progress(min(lo + CHUNK, total), total)
        self.held = n + 1
        return level

    def _check_next(self, n: int) -> None:
        if n != self.held:
            raise ValueError(f"level {n} cannot come next: levels 0..{self.held - 1} are held")
        if n > self.n_max:
            raise ValueError(f"level {n} is past this engine's n_max = {self.n_max}")

    def _value_range(self, n: int, lo: int, hi: int, level: np.ndarray) -> None:
        like = like_word(n)
        loop = _compiled(self.kernel)["value_ranks"]
        parts = np.zeros(n + 2, dtype=np.int64)
        seen = np.full(MAX_VALUE + 2, -1, dtype=np.int64)
        state = np.array([lo], dtype=np.int64)
        splits = self.kernel.splits
        while True:
            shape = (self._buffer,) if np.ndim(like) == 0 else (self._buffer, 2)
            out, out2 = np.zeros(shape, np.uint64), np.zeros(shape, np.uint64)
            status = loop(
                n, hi, self.table, self.values, self.offsets, level, self.base,
                splits, like, out, out2, parts, seen, state,
            )  # fmt: skip
            if status == DONE:
                return
            if status != WIDER:
                break
            self._buffer *= 2
        where = f"{self.kernel.name}: level {n}, rank {int(state[0])}"
        if status == HUGE:
            raise ValueError(f"{where} has a value above {MAX_VALUE}; the atlas stores a byte")
        raise ValueError(f"{where}: the kernel listed an option that is not smaller")


@cache
def _compiled(kernel: CompiledKernel) -> dict[str, Callable[..., int]]:
    """The level loop compiled for `kernel` (once per process, cached on disk)."""
    return specialised(TEMPLATES, kernel.expand, kernel.canonical, kernel.name)
