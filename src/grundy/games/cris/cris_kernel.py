"""The compiled options kernel of CRIS (`grundy.games.cris.cris`).

A CRIS move splits the diagram: each option is a pair of pieces (``splits=True``, normal
play only).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> pieces = CRIS.option_words(encode(Partition([2])))  # the row, either column
>>> sorted((str(decode(above)), str(decode(below))) for above, below in pieces)
[('1', '[]'), ('[]', '1'), ('[]', '[]')]
"""

from __future__ import annotations

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.wordops import canon, from_parts, nbits, put_word, to_parts

__all__ = ["CRIS", "cris"]


@cached_njit
def cris(w, out, out2):
    """CRIS (docs/games.md 2): delete a row or a column; the rest splits into two pieces
    (out: the piece above / left, out2: the piece below / right)."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    piece = np.empty(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    m = 0
    for i in range(length):
        if m == out.shape[0]:
            return -1
        put_word(out, m, canon(from_parts(lam, i, w)))
        for r in range(i + 1, length):
            piece[r - i - 1] = lam[r]
        put_word(out2, m, canon(from_parts(piece, length - i - 1, w)))
        m += 1
    for j in range(lam[0] if length else 0):
        if m == out.shape[0]:
            return -1
        for r in range(length):
            piece[r] = min(lam[r], j)
        put_word(out, m, canon(from_parts(piece, length, w)))
        for r in range(length):
            piece[r] = max(lam[r] - j - 1, 0)
        put_word(out2, m, canon(from_parts(piece, length, w)))
        m += 1
    return m


CRIS = CompiledKernel("cris", cris, conjugation_canonical, splits=True)
