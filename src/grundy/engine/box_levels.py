"""The box engine: every Young diagram inside an a × b box valued in one pass, through the
game's own options kernel.  It names no game.

The diagrams inside the box are ranked lexicographically (`grundy.engine.box_ranking`): a
diagram contained in λ ranks before λ, so every option of a game that removes
cells is valued before the position, and the box is one level of C(a+b, a)
ranks, cut into chunks as the level engine's levels are.  The loop
`value_box_ranks` steps from one diagram to the next (`next_in_box`), asks the
kernel for the options of the diagram's canonical form, and reads each
option's value at its box rank: from the chunk being valued, or from a chunk
held (`level_loop.held_at`: in memory, or a memory map of its file): every diagram of a
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
from typing import Any, NamedTuple, NoReturn

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
from grundy.engine.level_loop import (
    LEVEL_DONE,
    NOT_SMALLER,
    OPTIONS_FULL,
    VALUE_TOO_LARGE,
    compiled_loops,
    held_at,
    refuse,
    settle,
    stop,
)
from grundy.engine.levels import LevelEngine, check_kernel
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.wordops import conj, from_parts, get_word

__all__ = ["BoxEngine"]


class Box(NamedTuple):
    """The box `value_box_ranks` values, and how: its ranks (`table` = `box_table(a, b)`),
    its words (`like` = `box_like_word(a, b)`), the value of a position with no option
    (`base`), the value kept for the empty diagram (`empty`), whether options split,
    and whether the kernel's canonical form is min(λ, λ′) (`symmetric`)."""

    table: np.ndarray
    like: np.uint64 | tuple[np.uint64, np.uint64]
    base: int
    empty: int
    splits: bool
    symmetric: bool


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


def twin_rank(word, w, b, table):
    """The box rank of the twin of `word` (w: its canonical form): another diagram with
    the same canonical form, w itself or else word's conjugate; −1 if there is none, or
    it is not inside the box."""
    twin = w
    if w == word:
        twin = conj(word)
        if canonical(twin) != w:  # noqa: F821 (bound per kernel)
            return -1
    if twin == word:
        return -1
    return box_word_rank(twin, b, table)


def value_box_ranks(box, span, held, scratch):
    """Value the diagrams of box ranks span.at[0] … hi − 1 (`Span`; every rank below lo
    is held, as level 0).

    A diagram copies the value of a twin of smaller rank (its canonical form, or its
    conjugate with the same canonical form) when the twin fits the box.  Stops early
    as `levels.value_ranks` does (OPTIONS_FULL, VALUE_TOO_LARGE; NOT_SMALLER for an
    option that is not inside the position).
    """
    table, like, base, empty, splits, symmetric = box
    lo, hi, chunk, at = span
    out, out2, seen = scratch
    a, b = table.shape[0] - 1, table.shape[1] - 1
    parts = np.zeros(a + 2, dtype=np.int64)  # the diagram at hand
    length = box_parts_unrank(a, b, at[0], table, parts)
    for r in range(at[0], hi):
        if r > at[0]:
            length = next_in_box(parts, length, a)
        if length == 0:
            chunk[r - lo] = empty
            continue
        word = from_parts(parts, length, like)
        w = canonical(word)  # noqa: F821 (bound per kernel)
        t = twin_rank(word, w, b, table)
        if lo <= t < r:
            chunk[r - lo] = chunk[t - lo]
            continue
        if 0 <= t < lo:
            chunk[r - lo] = held_at(held, t, base)
            continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0 or m + 1 >= len(seen):
            return stop(at, r, OPTIONS_FULL)
        for i in range(m):
            v = 0
            for piece in range(2 if splits else 1):
                t = option_rank(get_word(out2 if piece else out, i), r, symmetric, b, table)
                if t < 0:
                    return stop(at, r, NOT_SMALLER)
                if t == 0:
                    v ^= base
                elif t >= lo:
                    v ^= chunk[t - lo]
                else:
                    v ^= held_at(held, t, base)
            if v <= m:
                seen[v] = r
        if not settle(chunk, r - lo, seen, r, m, base):
            return stop(at, r, VALUE_TOO_LARGE)
    return stop(at, hi, LEVEL_DONE)


TEMPLATES = (value_box_ranks, option_rank, twin_rank)


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
        self._start(kernel, misere, chunk, np.array([box_size(a, b)], dtype=np.int64))
        self.empty = self.base if kernel.allows_empty else 0
        # a conjugate has the same canonical form, and so the same value
        self.symmetric = kernel.canonical is conjugation_canonical

    def _check_ready(self, n: int, k: int) -> None:
        """ValueError unless what chunk k of the box is valued from is held: every chunk
        before it."""
        if not all(self.is_held(0, before) for before in range(k)):
            raise ValueError(f"chunk {k} of the box needs every chunk before it held")

    def _loop(self, n: int) -> tuple[Callable[..., int], Any]:
        """The compiled loop that values the box (level n = 0), and its first argument."""
        splits, symmetric = self.kernel.splits, self.symmetric
        box = Box(self.box_table, self.like, self.base, self.empty, splits, symmetric)
        return compiled_loops(TEMPLATES, self.kernel)["value_box_ranks"], box

    def _refuse(self, status: int, n: int, rank: int) -> NoReturn:
        """The ValueError of a loop that stopped at `rank` of the box with `status`."""
        where = f"{self.kernel.name}: the {self.box[0]} × {self.box[1]} box, rank {rank}"
        refuse(status, where, "not inside the position")
