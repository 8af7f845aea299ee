"""The box engine: every Young diagram inside an a × b box valued in one pass, through the
game's own options kernel.  It names no game.

The diagrams inside the box are ranked lexicographically (`grundy.engine.box_ranking`): a
diagram contained in λ ranks before λ, so every option of a game that removes
cells is valued before the position, and the box is one level of C(a+b, a)
ranks, cut into chunks as the level engine's levels are.  The loop
`value_box_ranks` steps from one diagram to the next (`next_in_box`), asks the
kernel for the options of the diagram's canonical form, and reads each
option's value at its box rank: from the chunk being valued, or from a chunk
held (`engine.held_value`: in memory, or a memory map of its file): every diagram of a
smaller rank is valued.  An option that ranks later, or does not fit the box
(the kernel expanded the conjugate, its canonical form, or a box that is not
square), is read as its conjugate, which has the same canonical form and lies
inside λ.  A chunk needs every chunk
before it, so a box is built chunk after chunk, in one process.

`BoxEngine` has the level engine's interface with a single level, 0: the box.
The empty diagram (rank 0) is worth 0, or 1 in misère play, where the kernel
``allows_empty``; elsewhere it is no position, and holds 0.

>>> from grundy import get_ruleset
>>> engine = BoxEngine(get_ruleset("chomp").kernel, 2, 3)
>>> engine.value_level(0).tolist()  # [], 1, 1², 2, 2,1, 2², 3, 3,1, 3,2, 3²
[0, 0, 1, 1, 0, 2, 2, 3, 0, 4]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from grundy.engine import CompiledKernel
from grundy.engine.box_ranking import (
    box_like_word,
    box_parts_unrank,
    box_size,
    box_table,
    box_word_rank,
    next_in_box,
)
from grundy.engine.levels import (
    DONE,
    HUGE,
    MAX_VALUE,
    NOT_SMALLER,
    STEP,
    WIDER,
    LevelEngine,
    check_kernel,
    held_value,
    narrowest,
    refuse,
    stamped_mex,
)
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.specialise import specialised
from grundy.engine.wordops import conj, from_parts, get_word

__all__ = ["BoxEngine"]


def option_rank(o, r, symmetric, b, table):
    """The box rank of a diagram worth what option o is worth that ranks before r (so is
    valued): o itself, or else its conjugate, when that has the same canonical form
    (always, for a kernel whose canonical form is min(λ, λ′): `symmetric`); −1 if
    neither does."""
    t = box_word_rank(o, b, table)
    if 0 <= t < r:
        return t
    x = conj(o)
    if not symmetric and canonical(x) != canonical(o):  # noqa: F821 (bound per kernel)
        return -1
    t = box_word_rank(x, b, table)
    return t if 0 <= t < r else -1


def value_box_ranks(b, lo, hi, table, where, wide, shift, base, empty, splits, symmetric,
                    like, out, out2, chunk, parts, seen, state):  # fmt: skip
    """Value the diagrams of box ranks state[0] … hi − 1 into chunk[r − lo] (ranks lo …
    state[0] − 1 are valued; every rank below lo is held, rank t in slot t >> shift).

    A diagram copies the value of a twin of smaller rank (its canonical form, or its
    conjugate with the same canonical form) when the twin fits the box.  Stops early
    as `engine.value_ranks` does (WIDER, HUGE; NOT_SMALLER for an option that is not
    inside the position), state[0] then the rank it stopped at.  `empty` is the value
    kept for the empty diagram.
    """
    a = table.shape[0] - 1
    mask = (1 << shift) - 1
    length = box_parts_unrank(a, b, state[0], table, parts)
    for r in range(state[0], hi):
        if r > state[0]:
            length = next_in_box(parts, length, a)
        if length == 0:
            chunk[r - lo] = empty
            continue
        word = from_parts(parts, length, like)
        w = canonical(word)  # noqa: F821 (bound per kernel)
        twin = w
        if w == word:
            twin = conj(word)
            if canonical(twin) != w:  # noqa: F821 (bound per kernel)
                twin = word
        if twin != word:
            t = box_word_rank(twin, b, table)
            if lo <= t < r:
                chunk[r - lo] = chunk[t - lo]
                continue
            if 0 <= t < lo:
                chunk[r - lo] = held_value(where, wide, t >> shift, t & mask)
                continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0 or m + 1 >= len(seen):
            state[0] = r
            return WIDER
        for i in range(m):
            v = 0
            for piece in range(2 if splits else 1):
                t = option_rank(get_word(out2 if piece else out, i), r, symmetric, b, table)
                if t < 0:
                    state[0] = r
                    return NOT_SMALLER
                if t == 0:
                    v ^= base
                elif t >= lo:
                    v ^= chunk[t - lo]
                else:
                    v ^= held_value(where, wide, t >> shift, t & mask)
            if v <= m:
                seen[v] = r
        v = stamped_mex(seen, r, m, base)
        if v > MAX_VALUE:
            state[0] = r
            return HUGE
        chunk[r - lo] = v
    state[0] = hi
    return DONE


TEMPLATES = (value_box_ranks, option_rank)


class BoxEngine(LevelEngine):
    """The diagrams inside an a × b box, one level (0) in chunks of `chunk` box ranks.

    Chunk k is valued (`value_chunk(0, k)`) once chunks 0 … k − 1 are held.

    >>> from grundy import get_ruleset
    >>> engine = BoxEngine(get_ruleset("cr").kernel, 3, 3, chunk=8)
    >>> engine.chunks(0), engine.value_level(0)[-1]  # 20 diagrams; 3^3 is worth 0
    (3, np.uint8(0))
    """

    def __init__(
        self, kernel: CompiledKernel, a: int, b: int, misere: bool = False, chunk: int = 1 << 20
    ) -> None:
        check_kernel(kernel, misere)
        self.check_chunk(chunk)
        self.box = (a, b)
        self.box_table = box_table(a, b)
        self.like = box_like_word(a, b)
        self.kernel = kernel
        self.n_max = 0
        self.base = 1 if misere else 0
        self.empty = self.base if kernel.allows_empty else 0
        # a conjugate has the same canonical form, and so the same value
        self.symmetric = kernel.canonical is conjugation_canonical
        self.chunk = chunk
        self.shift = chunk.bit_length() - 1
        self.sizes = np.array([box_size(a, b)], dtype=np.int64)
        self.first = np.array([0, -(-self.sizes[0] // chunk)], dtype=np.int64)
        self.where = np.zeros(int(self.first[-1]), dtype=np.uint64)
        self.wide = np.zeros(int(self.first[-1]), dtype=np.uint8)
        self._held = {}
        self._buffer = 64

    def value_chunk(
        self, n: int, k: int, progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        """The values of chunk k of the box (n = 0; chunks 0 … k − 1 held), narrowest type."""
        self._check_chunk(n, k)
        if not all(self.is_held(0, before) for before in range(k)):
            raise ValueError(f"chunk {k} of the box needs every chunk before it held")
        ranks = self.ranks(0, k)
        values = np.zeros(len(ranks), dtype=np.uint16)
        for lo in range(ranks.start, ranks.stop, STEP):
            self._value_box_range(ranks.start, lo, min(lo + STEP, ranks.stop), values)
            if progress is not None:
                progress(min(lo + STEP, ranks.stop) - ranks.start)
        return narrowest(values)

    def _value_box_range(self, lo: int, start: int, hi: int, values: np.ndarray) -> None:
        loop = _compiled(self.kernel)["value_box_ranks"]
        parts = np.zeros(self.box[0] + 2, dtype=np.int64)
        state = np.array([start], dtype=np.int64)
        while True:
            shape = (self._buffer,) if np.ndim(self.like) == 0 else (self._buffer, 2)
            out, out2 = np.zeros(shape, np.uint64), np.zeros(shape, np.uint64)
            seen = np.full(self._buffer + 2, -1, dtype=np.int64)
            status = loop(
                self.box[1], lo, hi, self.box_table, self.where, self.wide, self.shift,
                self.base, self.empty, self.kernel.splits, self.symmetric, self.like, out,
                out2, values, parts, seen, state,
            )  # fmt: skip
            if status == DONE:
                return
            if status != WIDER:
                break
            self._buffer *= 2
        where = f"{self.kernel.name}: the {self.box[0]} × {self.box[1]} box, rank {int(state[0])}"
        refuse(status, where, "not inside the position")


@cache
def _compiled(kernel: CompiledKernel) -> dict[str, Callable[..., int]]:
    """The box loop compiled for `kernel` (once per process, cached on disk)."""
    return specialised(TEMPLATES, kernel.expand, kernel.canonical, kernel.name)
