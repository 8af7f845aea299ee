"""The compiled options kernel of Chomp (`grundy.games.chomp.chomp`).

A bite on the boundary word (`grundy.engine.words`, letter p is bit p). Row i
(0-based, top down) has λ_i boxes, and h = ℓ − i rows are row i or below it. The
bite at box (i, j) leaves those rows at most j boxes: on the path it sorts the
stretch from just after the j-th R (letter a; a = 0 for j = 0) through row i's U
(letter h + λ_i − 1), U first. So the child has the parent's length: its letters
a … h + j − 1 are U, h + j … h + λ_i − 1 are R, the others the parent's. A step
along a row, (i, j − 1) → (i, j), flips two letters (the j-th R, out of the
stretch and an R again, and letter h + j − 1, now a U), and so does a step down
the first column, (i − 1, 0) → (i, 0) (letter h, now an R, and row i − 1's U,
out of the stretch and a U again). Conjugation mirrors the word (letter p ↔
n − 1 − p) and swaps its letters, so the child's conjugate is kept beside it by
the mirrored flips, and min(λ, λ′) of a bite costs one comparison. Only the bites
of the first row (the child's top letters are R, so its conjugate starts with U)
and of the first column (the child starts with U: empty rows) go through
`canon`, on whichever of the two words is normalised. The options come in the
rules' order, row by row from the top, left to right (`grundy.games.chomp.chomp`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> [str(decode(w)) for w in CHOMP.option_words(encode(Partition([2, 2])))]
['2', '2', '2,1']
"""

from __future__ import annotations

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.wordops import bit, canon, flip_bit, less, nbits, put_word, zero_like

__all__ = ["CHOMP", "chomp"]


@cached_njit
def letter_positions(w, n, where):
    """where[0:λ1] ← the letters of w's R steps, left to right; where[λ1 + i] ← the letter
    of row i's U step (rows top down); returns λ1.  `where` has room for n letters.

    >>> import numpy as np
    >>> where = np.zeros(5, np.int64)
    >>> letter_positions(np.uint64(0b11010), 5, where), where  # [2, 2, 1]: R U R U U
    (2, array([0, 2, 4, 3, 1]))
    """
    columns = 0
    up = n
    for p in range(n):
        if bit(w, p):
            up -= 1
            where[up] = p
        else:
            where[columns] = p
            columns += 1
    return columns


@cached_njit
def _flip_both(child, mirror, n, p, q):
    """Flip letters p and q of the child and the mirrored letters of its conjugate."""
    child = flip_bit(flip_bit(child, p), q)
    mirror = flip_bit(flip_bit(mirror, n - 1 - p), n - 1 - q)
    return child, mirror


@cached_njit
def _first_letters(w, count):
    """The word of w's width whose `count` lowest letters are U and the rest R."""
    x = zero_like(w)
    for p in range(count):
        x = flip_bit(x, p)
    return x


@cached_njit
def _canonical(child, mirror, i, j):
    """min(λ, λ′) of the bite at (i, j), given its word and its conjugate's, unnormalised.

    A function of its own: written inline as ``put_word(out, m, a if less(a, b) else
    b)`` in a branch of the kernel, numba stored 0 (its inliner and branches,
    `grundy.engine.wordops._inline`).
    """
    if i == 0:  # the child has no leading U
        return canon(child)
    if j == 0:  # the conjugate has no leading U
        return canon(mirror)
    return mirror if less(mirror, child) else child


@cached_njit
def chomp(w, out, out2):
    """Chomp (GAMES.md 1): bite at any box (i, j) ≠ (0, 0): rows ≥ i keep at most j boxes.

    O(1) word operations a bite, `canon` for the bites of the first row and column
    (the module's docstring); returns the number of options, −1 if out is too short.
    """
    n = nbits(w)
    where = np.empty(n, dtype=np.int64)
    columns = letter_positions(w, n, where)
    rows = n - columns
    # the bite at (0, 0) unnormalised, U^rows R^columns, and its conjugate
    child = _first_letters(w, rows)
    mirror = _first_letters(w, columns)
    m = 0
    for i in range(rows):
        cut = rows - i  # rows i, i + 1, …: the bite's U letters from column 0
        if i > 0:
            child, mirror = _flip_both(child, mirror, n, cut, where[columns + i - 1])
        row, row_mirror = child, mirror
        for j in range(where[columns + i] + 1 - cut):  # λ_i boxes
            if j > 0:
                row, row_mirror = _flip_both(row, row_mirror, n, where[j - 1], cut + j - 1)
            elif i == 0:
                continue  # the poison
            if m == out.shape[0]:
                return -1
            put_word(out, m, _canonical(row, row_mirror, i, j))
            m += 1
    return m


CHOMP = CompiledKernel("chomp", chomp, conjugation_canonical, allows_empty=False)
