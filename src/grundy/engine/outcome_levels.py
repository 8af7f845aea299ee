"""The outcome level engine: whether each partition of n is a P-position, and how many
winning moves an N-position has, from the levels below held one bit a position.  It
names no game.

The level engine (`grundy.engine.levels`) writes each position's value, the mex of
its options' values; here only who wins is asked.  The compiled loop
`outcome_ranks` steps through a level as `levels.value_ranks` does (the same
stepping, twins and narrow or wide words: `level_words`, `canonical_twin`), asks
the kernel for the options of the partition's canonical form, and ranks them one
at a time, reading at once whether each is a P-position: forward with early exit,
no mex.  It writes a position's code, the number of its options that are
P-positions (winning moves: a move for each option the kernel lists), saturating at 2:

* 0 (`P`): a P-position, no option is one (or, in normal play, none at all);
* 1 (`ONE`): an N-position with exactly one winning move;
* 2 (`SEVERAL`): an N-position with several, found at its second P option;
* 3 (`NO_MOVE`): an N-position with no option, in misère play (it wins by having
  no move).

The levels below are held as bitmaps, one bit a position (1: a P-position,
least significant bit first, `bitmap`), read by a compiled bit lookup: a level
takes an eighth of the value atlas's bytes.  The chunks of the level being valued
are held as their codes, two bits a position (`quarters`), so that a twin copies
its code, until the next level starts: then they are packed into bitmaps
(`OutcomeEngine.pack`).  A chunk of the level held as a bitmap (written by an
earlier run, or by another worker) gives a twin only whether it is a P-position,
and a twin that is an N-position there is valued again, so a chunk's codes never
depend on where the chunks before it were valued.  (Holding every chunk as a
bitmap at once, and so valuing again every N-twin in an earlier chunk, costs 27%
more CPU for Chomp n ≤ 70.)

An option that is a sum of two pieces has an outcome only its pieces' values
give, so a game whose moves split has no outcome atlas.  Winning moves are
counted among the options the kernel lists for the canonical form.

>>> from grundy import get_ruleset
>>> engine = OutcomeEngine(get_ruleset("chomp").kernel, n_max=6)
>>> [engine.value_level(n).tolist() for n in range(4)]  # Chomp has no empty board
[[], [0], [1, 1], [1, 0, 1]]
>>> [engine.value_level(n).tolist() for n in (4, 5, 6)][1:]  # 3,2 is P; 3,2,1 has two
[[1, 1, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]]
>>> engine.pack(5)
>>> engine.level(5).tolist()  # its bitmap: ranks 2, 3, 4 are P-positions
[28]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.level_loop import (
    LEVEL_DONE,
    NOT_SMALLER,
    OPTIONS_FULL,
    OTHER_WIDTH,
    _load_uint8,
    compiled_loops,
    slot_of,
    stop,
)
from grundy.engine.levels import (
    COPIED,  # noqa: F401 (next_rank's, compiled here)
    DEFAULT_CHUNK,
    NOT_PLACED,
    TO_VALUE,
    Level,
    LevelEngine,
    canonical_twin,
    check_kernel,
    level_words,  # noqa: F401 (next_rank's, compiled here)
    next_rank,
    option_place,
)
from grundy.engine.ranking import (  # first_part, word_rank: canonical_twin's, compiled here
    first_part,  # noqa: F401
    like_word,
    next_conjugate,  # noqa: F401 (next_rank's, compiled here)
    parts_unrank,
    word_rank,  # noqa: F401
)
from grundy.engine.wordops import conj, from_parts, get_word

__all__ = [
    "NO_MOVE",
    "ONE",
    "SEVERAL",
    "OutcomeEngine",
    "P",
    "bitmap",
    "check_outcome_kernel",
    "from_quarters",
    "quarters",
]

#: A position's code: a P-position; an N-position with one winning move, with several,
#: with no move at all (misère play).
P, ONE, SEVERAL, NO_MOVE = 0, 1, 2, 3


@cached_njit
def held_code(held, slot, index):
    """The code of the position at `index` of the chunk in `slot`: read from its codes,
    two bits each (`Held.wide` set: `quarters`), or from its bitmap, where only a
    P-position's (0) is known: −1 for an N-position there."""
    if held.wide[slot]:
        byte = _load_uint8(held.where[slot] + np.uint64(index >> 2))
        return (byte >> (2 * (index & 3))) & 3
    bit = (_load_uint8(held.where[slot] + np.uint64(index >> 3)) >> (index & 7)) & 1
    return P if bit else -1


@cached_njit
def is_p_at(held, place, base):
    """Whether the position at `place` (`levels.option_place`; −1: the empty partition,
    a P-position in normal play, `base` 0) is a P-position."""
    if place < 0:
        return base == 0
    return held_code(held, place >> held.shift, place & ((1 << held.shift) - 1)) == P


def outcome_ranks(level, span, held, scratch):
    """The codes of the partitions of level n of ranks span.at[0] … hi − 1 (`Span`;
    the module's doc), stepping as `levels.value_ranks` does and stopping with its
    status codes (`level_loop`).  Each option is ranked and read in turn, and the
    reading stops at the second P option: an option not read is not checked to be
    smaller (NOT_SMALLER)."""
    n, table, like, _, base, _ = level
    lo, hi, chunk, at = span
    out, out2, seen = scratch
    parts = np.zeros(n + 2, dtype=np.int64)  # the partition at hand
    length = parts_unrank(n, at[0], table, parts)
    conjugate = conj(from_parts(parts, length, like))
    for r in range(at[0], hi):
        length, conjugate, w, t, state = next_rank(level, span, out, r, parts, length, conjugate)
        if state != TO_VALUE:
            if state == OTHER_WIDTH:
                return stop(at, r, OTHER_WIDTH)
            continue
        if 0 <= t < lo and held.where[slot_of(held, n, t)]:
            code = held_code(held, slot_of(held, n, t), t & ((1 << held.shift) - 1))
            if code >= 0:  # (−1: an N-position held as a bitmap, valued again)
                chunk[r - lo] = code
                continue
        m = expand(w, out, out2)  # noqa: F821 (bound per kernel)
        if m < 0 or m + 1 >= len(seen):
            return stop(at, r, OPTIONS_FULL)
        code = NO_MOVE if m == 0 and base else P
        for i in range(m):
            place = option_place(held, get_word(out, i), table, n)
            if place == NOT_PLACED:
                return stop(at, r, NOT_SMALLER)
            if is_p_at(held, place, base):
                code += 1
                if code == SEVERAL:
                    break
        chunk[r - lo] = code
    return stop(at, hi, LEVEL_DONE)


TEMPLATES = (outcome_ranks, next_rank, canonical_twin)


def bitmap(codes: np.ndarray) -> np.ndarray:
    """The bitmap of a chunk's codes: bit i (of byte i // 8, least significant first) set
    where position i is a P-position.

    >>> bitmap(np.array([0, 1, 2, 0, 1, 1, 1, 1, 0], np.uint8)).tolist()
    [9, 1]
    """
    return np.packbits(codes == P, bitorder="little")


def quarters(codes: np.ndarray) -> np.ndarray:
    """A chunk's codes two bits each, four a byte (the first in the lowest bits).

    >>> quarters(np.array([0, 1, 2, 3, 2], np.uint8)).tolist()  # 0b11100100, 0b10
    [228, 2]
    """
    padded = np.zeros(-(-len(codes) // 4) * 4, dtype=np.uint8)
    padded[: len(codes)] = codes
    four = padded.reshape(-1, 4)
    return four[:, 0] | four[:, 1] << 2 | four[:, 2] << 4 | four[:, 3] << 6


def from_quarters(packed: np.ndarray, ranks: int) -> np.ndarray:
    """The codes of a chunk of `ranks` positions from `quarters`.

    >>> from_quarters(np.array([228, 2], np.uint8), 5).tolist()
    [0, 1, 2, 3, 2]
    """
    shifts = np.array([0, 2, 4, 6], dtype=np.uint8)
    return ((packed[:, None] >> shifts) & 3).reshape(-1)[:ranks]


def check_outcome_kernel(kernel: CompiledKernel, misere: bool) -> None:
    """Refuse (ValueError) a kernel the outcome engine cannot take: those `check_kernel`
    refuses, and a game whose moves split (a sum's outcome needs its pieces' values).

    >>> from grundy import get_ruleset
    >>> check_outcome_kernel(get_ruleset("cris").kernel, misere=False)
    Traceback (most recent call last):
    ...
    ValueError: cris: no outcome atlas for a game whose moves split (a sum's outcome needs values)
    """
    check_kernel(kernel, misere)
    if kernel.splits:
        raise ValueError(
            f"{kernel.name}: no outcome atlas for a game whose moves split "
            "(a sum's outcome needs values)"
        )


class OutcomeEngine(LevelEngine):
    """Levels 0 … n_max of one kernel and convention, by outcome: `value_chunk` and
    `value_level` give codes (uint8, the module's doc); `hold` holds a chunk's codes
    (two bits each), `hold_bits` its bitmap (`bitmap`).  The levels below the one being
    valued are packed into bitmaps as it starts (`pack`).

    >>> from grundy import get_ruleset
    >>> engine = OutcomeEngine(get_ruleset("cr").kernel, n_max=4, misere=True)
    >>> [engine.value_level(n).tolist() for n in range(4)]  # misère: the empty board wins
    [[3], [0], [1, 1], [0, 2, 0]]
    """

    def __init__(
        self,
        kernel: CompiledKernel,
        n_max: int,
        misere: bool = False,
        chunk: int = DEFAULT_CHUNK,
        width: int | None = None,
    ) -> None:
        check_outcome_kernel(kernel, misere)
        super().__init__(kernel, n_max, misere, chunk, width)

    def hold(self, n: int, k: int, values: np.ndarray) -> None:
        """Hold chunk k of level n from its codes (`value_chunk`), two bits each."""
        ranks = len(self.ranks(n, k))
        if values.dtype != np.uint8 or values.shape != (ranks,):
            raise ValueError(f"level {n} chunk {k} is not its codes (uint8, one a rank)")
        self._place(n, k, quarters(values), -(-ranks // 4), True)

    def hold_bits(self, n: int, k: int, bits: np.ndarray) -> None:
        """Hold chunk k of level n from its bitmap (uint8, one bit a rank, `bitmap`),
        which must stay unchanged while held."""
        if bits.dtype != np.uint8:
            raise ValueError(f"level {n} chunk {k} is {bits.dtype}, not a uint8 bitmap")
        self._place(n, k, bits, -(-len(self.ranks(n, k)) // 8), False)

    def pack(self, n: int) -> None:
        """Hold every chunk of level n held as codes as its bitmap instead."""
        first = self.held.first
        for k, slot in enumerate(range(first[n], first[n + 1])):
            if slot in self._held and self.held.wide[slot]:
                codes = from_quarters(self._held[slot], len(self.ranks(n, k)))
                self.hold_bits(n, k, bitmap(codes))

    def value_chunk(
        self, n: int, k: int, progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        """The codes of chunk k of level n (uint8: the module's doc); every level below
        must be held (and is packed into bitmaps first)."""
        for below in range(n):
            self.pack(below)
        return super().value_chunk(n, k, progress).astype(np.uint8, copy=False)

    def _loop(self, n: int) -> tuple[Callable[..., int], Any]:
        """The compiled loop that finds the outcomes of level n, and its first argument."""
        like = like_word(n, self._width)
        level = Level(n, self.table, like, self._narrow_letters, self.base, False)
        return compiled_loops(TEMPLATES, self.kernel)["outcome_ranks"], level
