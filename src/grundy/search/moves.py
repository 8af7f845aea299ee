"""Compiled options kernels of the built-in games, on packed boundary words.

Each kernel ``expand(w, out, out2) -> m`` writes the canonical options of the
packed partition w (`grundy.search.wordops`) to ``out[0:m]`` and returns m,
or −1 when ``out`` is too small (see `grundy.search.drivers`).  Kernels are
written once with the overloaded word primitives and compile for narrow and
wide words alike.  The game modules in `grundy.games` name their kernel by
wrapping it in a `grundy.search.CompiledKernel`.

>>> import numpy as np
>>> from grundy.search.words import encode, decode
>>> from grundy.partition import Partition
>>> out, out2 = np.zeros(8, np.uint64), np.zeros(8, np.uint64)
>>> m = column_row(np.uint64(encode(Partition([2, 1]))), out, out2)
>>> sorted(str(decode(int(w))) for w in out[:m])
['1^2', '2']
"""

from __future__ import annotations

import numpy as np
from numba import njit

from grundy.search.wordops import (
    bit,
    canon,
    conj,
    delete_bit,
    get_word,
    is_zero,
    nbits,
    put_word,
    strip_low_ones,
)

__all__ = ["column_row", "conjugation_canonical", "identity"]


@njit(cache=True)
def identity(w):
    """The canonical form of a game without symmetry."""
    return w


@njit(cache=True)
def conjugation_canonical(w):
    """min(λ, λ′) for games invariant under conjugation."""
    return canon(w)


@njit(cache=True)
def _add_option(out, m, c):
    """Append c to out[0:m] unless it is there; the new m, or −1 if out is full."""
    for t in range(m):
        if get_word(out, t) == c:
            return m
    if m == out.shape[0]:
        return -1
    put_word(out, m, c)
    return m + 1


@njit(cache=True)
def column_row(w, out, out2):
    """Column-Row (002 §2): delete one letter of a run of equal letters.

    Deleting a U removes a row, deleting an R removes a column; every letter
    of a run gives the same option, and leading U letters (rows of length 0)
    are stripped.  Options come self-conjugate first (mirror-like, often P),
    then shorter first: the order the nimber test tries them in.
    """
    n = nbits(w)
    m = 0
    p = 0
    while p < n:
        b = bit(w, p)
        q = p + 1
        while q < n and bit(w, q) == b:
            q += 1
        m = _add_option(out, m, canon(strip_low_ones(delete_bit(w, p))))
        if m < 0:
            return -1
        p = q
    keys = np.empty(m, dtype=np.int64)
    for t in range(m):
        c = get_word(out, t)
        if is_zero(c):
            keys[t] = 0
        else:
            keys[t] = (0 if conj(c) == c else 1000) + nbits(c)
    for t in range(1, m):
        kc = keys[t]
        cc = get_word(out, t)
        s = t - 1
        while s >= 0 and keys[s] > kc:
            keys[s + 1] = keys[s]
            put_word(out, s + 1, get_word(out, s))
            s -= 1
        keys[s + 1] = kc
        put_word(out, s + 1, cc)
    return m
