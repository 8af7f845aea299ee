"""The compiled options kernel of Chomp (`grundy.games.chomp`).

Imported on first use: the game declares ``kernel =
LazyKernel("grundy.games.chomp_kernel:CHOMP")``, so importing the game never
loads numba (docs/architecture.md, "Start-up").

>>> from grundy import get_ruleset
>>> from grundy.partition import Partition
>>> from grundy.search.words import decode, encode
>>> get_ruleset("chomp").kernel is CHOMP
True
>>> sorted(str(decode(w)) for w in CHOMP.option_words(encode(Partition([2, 2]))))
['2', '2', '2,1']
"""

from __future__ import annotations

import numpy as np

from grundy.search import CompiledKernel, cached_njit
from grundy.search.primitives import conjugation_canonical, emit_parts
from grundy.search.wordops import nbits, to_parts

__all__ = ["CHOMP", "chomp"]


@cached_njit
def _capped(lam, length, child, first, cap):
    """child = λ with rows first, first+1, … cut to at most `cap` boxes (a bite)."""
    for r in range(length):
        child[r] = lam[r] if r < first else min(lam[r], cap)


@cached_njit
def chomp(w, out, out2):
    """Chomp (GAMES.md 1): bite at any box (i, j) ≠ (0, 0): rows ≥ i keep at most j boxes."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    child = np.empty(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    m = 0
    for i in range(length):
        for j in range(lam[i]):
            if i == 0 and j == 0:
                continue
            _capped(lam, length, child, i, j)
            m = emit_parts(out, m, child, length, w, True)
            if m < 0:
                return -1
    return m


CHOMP = CompiledKernel("chomp", chomp, conjugation_canonical, allows_empty=False)
