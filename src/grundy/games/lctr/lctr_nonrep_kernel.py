"""The compiled options kernel of non-repetitive LCTR (`grundy.games.lctr.lctr_nonrep`).

A position is its diagram and its last (up to) three moves: the key is
word << 5 | history, history = length << 3 | moves, move t (oldest first)
at bit t, 1 for L.  Narrow words only: the diagram has at most 51 letters.

>>> [bin(key) for key in LCTR_NONREP.option_words(0b1010 << NONREP_SHIFT)]  # [2, 1]
['0b1001000', '0b1001000']

([2, 1] has no history; T and L both lead to [1] after one move, T and L
being one class under conjugation.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.wordops import NARROW_LETTERS, bit, conj, delete_bit, nbits, strip_low_ones
from grundy.engine.words import encode, letters

if TYPE_CHECKING:
    from grundy.games.lctr.lctr_nonrep import NonRepPosition

__all__ = ["LCTR_NONREP", "NONREP_SHIFT", "lctr_nonrep", "nonrep_canonical", "nonrep_key"]

#: How far a diagram's word is shifted left in a position's key (the history's bits).
NONREP_SHIFT = 5


@cached_njit
def _nonrep_mirror(key):
    """(λ′, the history with L and T swapped): what conjugation does (000 Lemma 6)."""
    h = key & np.uint64(31)
    length = h >> np.uint64(3)
    swapped = (~h) & ((np.uint64(1) << length) - np.uint64(1))
    return (conj(key >> np.uint64(NONREP_SHIFT)) << np.uint64(NONREP_SHIFT)) | (
        (length << np.uint64(3)) | swapped
    )


@cached_njit
def nonrep_canonical(key):
    """The smaller of a position's key and its mirror's."""
    mirror = _nonrep_mirror(key)
    return mirror if mirror < key else key


@cached_njit
def lctr_nonrep(key, out, out2):
    """Non-repetitive LCTR (000 §8; docs/games.md): T or L, unless the last four moves
    would hold two of each."""
    w = key >> np.uint64(NONREP_SHIFT)
    if w == 0:
        return 0
    h = np.int64(key & np.uint64(31))
    length = h >> 3
    moves = h & 7
    n = nbits(w)
    m = 0
    for move in range(2):  # 0: T (top row), 1: L (left column)
        if length == 3:
            ells = move
            for t in range(3):
                ells += (moves >> t) & 1
            if ells == 2:
                continue
        if move == 0:
            child = delete_bit(w, n - 1)
        else:
            p = 0
            while bit(w, p):
                p += 1
            child = strip_low_ones(delete_bit(w, p))
        all_moves = moves | (move << length)
        new_length = length + 1
        if new_length == 4:
            all_moves >>= 1
            new_length = 3
        new_key = (child << np.uint64(NONREP_SHIFT)) | np.uint64((new_length << 3) | all_moves)
        if m == out.shape[0]:
            return -1
        out[m] = nonrep_canonical(new_key)
        m += 1
    return m


def nonrep_key(position: NonRepPosition) -> int | None:
    """The key of a non-repetitive LCTR position (`lctr_nonrep`).

    word << 5 | len(h) << 3 | (bit t set when move t of h is L), or None when
    the diagram's boundary has more than 51 letters.

    >>> from grundy.games.lctr.lctr_nonrep import NonRepPosition
    >>> from grundy.partition import Partition
    >>> nonrep_key(NonRepPosition(Partition([1]), "LT"))  # word 0b10, 2 moves, L first
    81
    """
    lam, history = position
    if letters(lam) > NARROW_LETTERS - NONREP_SHIFT:
        return None
    ells = sum(1 << t for t, move in enumerate(history) if move == "L")
    return encode(lam) << NONREP_SHIFT | len(history) << 3 | ells


LCTR_NONREP = CompiledKernel(
    "lctr-nonrep",
    lctr_nonrep,
    nonrep_canonical,
    pack=nonrep_key,
    census_shift=NONREP_SHIFT,
)
