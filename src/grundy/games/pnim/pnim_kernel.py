"""The compiled options kernel of PNim on one partition (`grundy.games.pnim.pnim`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> sorted(str(decode(w)) for w in PNIM.option_words(encode(Partition([2, 1]))))
['1', '1', '2', '2', '[]', '[]']
"""

from __future__ import annotations

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical, emit_parts
from grundy.engine.wordops import conj, nbits, to_parts

__all__ = ["PNIM", "pnim"]


@cached_njit
def _pnim_rows(w, out, m):
    """PNim moves on rows: delete k_r of the m_r rows of each run, not all k_r = 0."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    child = np.empty(n + 1, dtype=np.int64)
    part = np.empty(n + 1, dtype=np.int64)
    mult = np.empty(n + 1, dtype=np.int64)
    take = np.zeros(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    runs = 0
    for r in range(length):
        if runs and part[runs - 1] == lam[r]:
            mult[runs - 1] += 1
        else:
            part[runs] = lam[r]
            mult[runs] = 1
            runs += 1
    while True:
        t = 0  # next counter in mixed radix (take[t] ≤ mult[t])
        while t < runs and take[t] == mult[t]:
            take[t] = 0
            t += 1
        if t == runs:
            return m
        take[t] += 1
        size = 0
        for q in range(runs):
            for _ in range(mult[q] - take[q]):
                child[size] = part[q]
                size += 1
        m = emit_parts(out, m, child, size, w, True)
        if m < 0:
            return -1


@cached_njit
def pnim(w, out, out2):
    """PNim (docs/games.md 10) on one partition: delete a non-empty set of rows or of columns."""
    m = _pnim_rows(w, out, 0)
    if m < 0:
        return -1
    return _pnim_rows(conj(w), out, m)


PNIM = CompiledKernel("pnim", pnim, conjugation_canonical)
