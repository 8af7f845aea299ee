"""The compiled options kernel of Sato–Welter (`grundy.games.sato_welter.sato_welter`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> sorted(str(decode(w)) for w in SATO_WELTER.option_words(encode(Partition([2, 1]))))
['2', '2', '[]']
"""

from __future__ import annotations

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical, emit_word
from grundy.engine.wordops import bit, delete_bit, flip_bit, insert_bit, nbits

__all__ = ["SATO_WELTER", "sato_welter"]


@cached_njit
def sato_welter(w, out, out2):
    """Sato–Welter (docs/games.md 3): remove a hook.  On the boundary word a hook is a pair
    of letters R at i < U at j; removing it swaps them (a bead moves down, Welter)."""
    n = nbits(w)
    m = 0
    for i in range(n):
        if bit(w, i):
            continue
        for j in range(i + 1, n):
            if not bit(w, j):
                continue
            m = emit_word(out, m, flip_bit(insert_bit(delete_bit(w, j), j, 0), i))
            if m < 0:
                return -1
    return m


SATO_WELTER = CompiledKernel("sato-welter", sato_welter, conjugation_canonical)
