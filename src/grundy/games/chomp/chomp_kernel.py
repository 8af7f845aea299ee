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

The unmove kernel (`chomp_unmove`) goes the other way: the positions that bite to a
given one (the retrograde outcome levels, `grundy.engine.retrograde_levels`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> [str(decode(w)) for w in CHOMP.option_words(encode(Partition([2, 2])))]
['2', '2', '2,1']
"""

from __future__ import annotations

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.wordops import (
    bit,
    canon,
    flip_bit,
    insert_bit,
    less,
    nbits,
    put_word,
    zero_like,
)

__all__ = ["CHOMP", "chomp", "chomp_unmove"]


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


@cached_njit(inline="always")
def _move_row(w, top, t, old, new):
    """w with row t of a stack of rows (their U letters at top, top − 1, …, before any
    box was added: row t's at top − t) moved from `old` added boxes to `new`.

    A row's U letter moves up by the boxes added to it, past R letters only, and the
    moves of the rows of a stack compose as flips (exclusive or), in any order.
    """
    if old != new:
        w = flip_bit(flip_bit(w, top - t + old), top - t + new)
    return w


@cached_njit(inline="always")
def _fill(w, added, top, rows, t, left, cap):
    """Rows t … rows − 1 of the stack (`_move_row`) given `left` boxes greedily, each at
    most `cap` and no more than the row above; `added` keeps each row's boxes.  Returns
    the word."""
    for s in range(t, rows):
        v = min(cap, left)
        w = _move_row(w, top, s, added[s], v)
        added[s] = v
        left -= v
        cap = v
    return w


@cached_njit(inline="always")
def _stack_parents(w, top, rows, width, k, added, out, m):
    """Write to out[m:] the words of w with k boxes added to a stack of `rows` rows
    (`_move_row`) in the shape of a partition μ ⊢ k (row t gets μ_t), μ_0 ≤ `width`; every
    μ once, in reverse lexicographic order.  Returns the new count, which counts on past
    the end of `out` (those words are not written)."""
    if k > rows * width:
        return m
    for t in range(rows):
        added[t] = 0
    w = _fill(w, added, top, rows, 0, k, width)
    while True:
        if m < out.shape[0]:
            put_word(out, m, w)
        m += 1
        tail = 0  # boxes of the rows below t
        t = rows - 1
        while t >= 0:  # the lowest row that can give a box to the rows below it
            v = added[t] - 1
            if v >= 0 and v * (rows - 1 - t) >= tail + 1:
                break
            tail += added[t]
            t -= 1
        if t < 0:
            return m
        w = _move_row(w, top, t, added[t], v)
        added[t] = v
        w = _fill(w, added, top, rows, t + 1, tail + 1, v)


@cached_njit
def chomp_unmove(w, k, out):
    """The parents of the Chomp position w with k more boxes: every μ (k boxes) whose bite
    leaves w, written to `out` (the words of w's width, not canonical); returns their
    number, or −1 if out is too short.

    A bite at (i, j) leaves λ minus the boxes (i′, j′) ≥ (i, j) of λ, and (i, j) is
    then a box one can add to the remainder w: the top row of a run of equal rows of w
    at the end of its rows (j = that row's length), or below the last row (j = 0),
    never (0, 0).  The bitten boxes are a partition μ ⊢ k set in the quadrant beyond
    (i, j), within the rows of its run (or any number below the last row) and within
    the columns up to the row above (any number on the first row).  Each parent comes
    once: a bite is named by its box.  On the word, row t of a run (from its top) has
    its U letter moved up by μ_t (`_move_row`).  Below the last row, μ of h rows is
    h rows of one box (U letters inserted after the first R) and a partition of k − h
    boxes into at most h rows added to them, each one box short of the last row.
    """
    if k <= 0:
        return 0
    n = nbits(w)
    added = np.zeros(k, dtype=np.int64)
    m = 0
    bottom = -1  # the last row's length: the R letters below its U
    p = 0
    while p < n:
        if not bit(w, p):
            p += 1
            continue
        if bottom < 0:
            bottom = p
        start = p
        while p < n and bit(w, p):
            p += 1
        above = p  # the R letters above the run: how far past its rows a bite may reach
        while above < n and not bit(w, above):
            above += 1
        width = above - p if above < n else k  # the first row: any width
        rows = min(p - start, k)  # its top rows: μ has at most k rows
        m = _stack_parents(w, p - 1, rows, width, k, added, out, m)
    below = w  # with h rows of one box below the last
    for h in range(1, k + 1 if bottom > 0 else 1):
        below = insert_bit(below, 1, 1)
        m = _stack_parents(below, h, min(h, k - h), bottom - 1, k - h, added, out, m)
    return m if m <= out.shape[0] else -1


CHOMP = CompiledKernel(
    "chomp", chomp, conjugation_canonical, allows_empty=False, unmove=chomp_unmove
)
