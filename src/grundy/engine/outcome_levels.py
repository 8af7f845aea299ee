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

Every chunk is held as its bitmap, one bit a position (1: a P-position, least
significant bit first, `bitmap`), read by a compiled bit lookup: a level takes an
eighth of the value atlas's bytes.  A twin in the chunk being valued gives its
code; a twin in a chunk held gives only whether it is a P-position, and one that is
an N-position is valued again (about 2% more work for Chomp n ≤ 66, for half the
memory of holding the level being valued as codes) — so a chunk's codes never
depend on where the chunks before it were valued.

An option that is a sum of two pieces has an outcome only its pieces' values
give, so a game whose moves split has no outcome atlas.  Winning moves are
counted among the options the kernel lists for the canonical form.

>>> from grundy import get_ruleset
>>> engine = OutcomeEngine(get_ruleset("chomp").kernel, n_max=6)
>>> [engine.value_level(n).tolist() for n in range(4)]  # Chomp has no empty board
[[], [0], [1, 1], [1, 0, 1]]
>>> [engine.value_level(n).tolist() for n in (4, 5, 6)][1:]  # 3,2 is P; 3,2,1 has two
[[1, 1, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]]
>>> engine.level(5).tolist()  # held as its bitmap: ranks 2, 3, 4 are P-positions
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
    DEFAULT_CHUNK,
    NOT_PLACED,
    Level,
    LevelEngine,
    canonical_twin,
    check_kernel,
    level_words,
    option_place,
)
from grundy.engine.ranking import (  # first_part, word_rank: canonical_twin's, compiled here
    first_part,  # noqa: F401
    like_word,
    next_conjugate,
    parts_unrank,
    word_rank,  # noqa: F401
)
from grundy.engine.wordops import conj, from_parts, get_word

__all__ = ["NO_MOVE", "ONE", "SEVERAL", "OutcomeEngine", "P", "bitmap", "check_outcome_kernel"]

#: A position's code: a P-position; an N-position with one winning move, with several,
#: with no move at all (misère play).
P, ONE, SEVERAL, NO_MOVE = 0, 1, 2, 3


@cached_njit
def is_p_at(held, place, base):
    """Whether the position at `place` (`levels.option_place`: slot << shift | index of
    a held bitmap; −1: the empty partition, a P-position in normal play, `base` 0) is a
    P-position."""
    if place < 0:
        return base == 0
    index = place & ((1 << held.shift) - 1)
    byte = _load_uint8(held.where[place >> held.shift] + np.uint64(index >> 3))
    return (byte >> (index & 7)) & 1 == 1


def outcome_ranks(level, span, held, scratch):
    """The codes of the partitions of level n of ranks span.at[0] … hi − 1 (`Span`;
    the module's doc), stepping as `levels.value_ranks` does and stopping with its
    status codes (`level_loop`).  Each option is ranked and read in turn, and the
    reading stops at the second P option: an option not read is not checked to be
    smaller (NOT_SMALLER)."""
    n, table, like, narrow_letters, base, _ = level
    lo, hi, chunk, at = span
    out, out2, seen = scratch
    parts = np.zeros(n + 2, dtype=np.int64)  # the partition at hand
    length = parts_unrank(n, at[0], table, parts)
    conjugate = conj(from_parts(parts, length, like))
    for r in range(at[0], hi):
        if r > at[0]:
            length, conjugate = next_conjugate(parts, length, conjugate)
        fits, word, mirror = level_words(conjugate, out, narrow_letters)
        if not fits:
            return stop(at, r, OTHER_WIDTH)
        w, t = canonical_twin(word, mirror, length, parts[0], table, n)
        if lo <= t < r:
            chunk[r - lo] = chunk[t - lo]
            continue
        held_twin = 0 <= t < lo and held.where[slot_of(held, n, t)] != 0
        if held_twin and is_p_at(held, (held.first[n] << held.shift) + t, base):
            chunk[r - lo] = P  # (a twin held that is an N-position is valued again)
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


TEMPLATES = (outcome_ranks, canonical_twin)


def bitmap(codes: np.ndarray) -> np.ndarray:
    """The bitmap of a chunk's codes: bit i (of byte i // 8, least significant first) set
    where position i is a P-position.

    >>> bitmap(np.array([0, 1, 2, 0, 1, 1, 1, 1, 0], np.uint8)).tolist()
    [9, 1]
    """
    return np.packbits(codes == P, bitorder="little")


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
    `value_level` give codes (uint8, the module's doc); a chunk is held as its bitmap
    (`hold`: from its codes; `hold_bits`: from the bitmap), and `level` is a level's
    bitmaps end to end.

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
    ) -> None:
        check_outcome_kernel(kernel, misere)
        super().__init__(kernel, n_max, misere, chunk)

    def hold(self, n: int, k: int, values: np.ndarray) -> None:
        """Hold chunk k of level n as the bitmap of its codes (`value_chunk`)."""
        if values.dtype != np.uint8 or values.shape != (len(self.ranks(n, k)),):
            raise ValueError(f"level {n} chunk {k} is not its codes (uint8, one a rank)")
        self.hold_bits(n, k, bitmap(values))

    def hold_bits(self, n: int, k: int, bits: np.ndarray) -> None:
        """Hold chunk k of level n from its bitmap (uint8, one bit a rank, `bitmap`),
        which must stay unchanged while held."""
        if bits.dtype != np.uint8:
            raise ValueError(f"level {n} chunk {k} is {bits.dtype}, not a uint8 bitmap")
        self._place(n, k, bits, -(-len(self.ranks(n, k)) // 8), False)

    def value_chunk(
        self, n: int, k: int, progress: Callable[[int], None] | None = None
    ) -> np.ndarray:
        """The codes of chunk k of level n (uint8: the module's doc); every level below
        must be held."""
        return super().value_chunk(n, k, progress).astype(np.uint8, copy=False)

    def _loop(self, n: int) -> tuple[Callable[..., int], Any]:
        """The compiled loop that finds the outcomes of level n, and its first argument."""
        level = Level(n, self.table, like_word(n), self._narrow_letters, self.base, False)
        return compiled_loops(TEMPLATES, self.kernel)["outcome_ranks"], level
