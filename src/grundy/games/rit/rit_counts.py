"""RIT's P-positions counted for every n without listing a partition, from its closed form.

A partition is the sequence of its differences d_i = λ_i − λ_{i+1} ≥ 0 (i ≥ 1,
finitely many non-zero), with n = Σ i·d_i, and every such sequence is one
partition.  RIT's value is the Nim sum of the odd-indexed differences
d_1 ⊕ d_3 ⊕ … (`rit.rit_value`, proved in `grundy.games.rit.rit`), and its misère
value the same but for the last bit when no odd-indexed difference is 2 or more
(`rit.rit_misere_value`).  So the P-positions of n are counted by a product of
generating functions: the even-indexed differences are free (partitions of n − E
into even parts), and the odd-indexed ones are counted by weight, Nim sum and
whether one is ≥ 2, one index at a time.  That is O(n² log n · 2^⌈log2 n⌉)
operations on arrays: n = 200 takes a fraction of a second, against hours of
level engine past n = 120 (docs/findings/outcomes.md).

>>> p_positions(10)
[1, 0, 1, 0, 3, 0, 5, 0, 11, 0, 17]
>>> p_positions(7, misere=True)
[0, 1, 0, 2, 0, 4, 0, 7]
"""

from __future__ import annotations

import numpy as np

from grundy.validate import as_bool, as_int

__all__ = ["p_positions"]

#: Largest n counted: p(n) must fit int64 (p(400) ≈ 6.9·10¹⁸).
MAX_COUNT_N = 400


def p_positions(n_max: int, misere: bool = False) -> list[int]:
    """The number of P-positions of RIT among the partitions of n, for n = 0 … n_max
    (normal play, or misère with `misere`; the empty partition counts at n = 0).

    >>> p_positions(4)  # [1,1] at n = 2; [2,2], [2,1,1] and [1^4] at n = 4
    [1, 0, 1, 0, 3]
    """
    n_max = as_int(n_max, "n_max")
    misere = as_bool(misere, "misere")
    if not 0 <= n_max <= MAX_COUNT_N:
        raise ValueError(f"n_max must be in 0..{MAX_COUNT_N} (counts in int64), got {n_max}")
    width = 1 << max(n_max, 1).bit_length()  # every d ≤ n_max, so every Nim sum, fits
    # odd[small][w, x]: odd-indexed differences of weight w and Nim sum x, with every
    # one ≤ 1 (small 1) or some one ≥ 2 (small 0)
    odd = np.zeros((2, n_max + 1, width), dtype=np.int64)
    odd[1, 0, 0] = 1
    for i in range(1, n_max + 1, 2):
        before = odd.copy()
        for d in range(1, n_max // i + 1):
            shift = i * d
            xors = np.arange(width) ^ d
            moved = before[:, : n_max + 1 - shift, :][:, :, xors]
            if d == 1:
                odd[:, shift:, :] += moved
            else:  # d ≥ 2: the sequence now has a large odd-indexed difference
                odd[0, shift:, :] += moved[0] + moved[1]
    even = np.zeros(n_max + 1, dtype=np.int64)  # weights of the even-indexed differences
    even[0] = 1
    for i in range(2, n_max + 1, 2):
        for w in range(i, n_max + 1):
            even[w] += even[w - i]
    # value 0: X = 0; misère: X = 0 with a large difference, X = 1 without one
    zero = odd[0, :, 0] + odd[1, :, 1 if misere else 0]
    return [int(np.dot(even[: n + 1][::-1], zero[: n + 1])) for n in range(n_max + 1)]
