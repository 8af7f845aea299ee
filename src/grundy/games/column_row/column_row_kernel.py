"""The compiled options kernel of Column-Row (`grundy.games.column_row.column_row`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> sorted(str(decode(w)) for w in COLUMN_ROW.option_words(encode(Partition([3, 1]))))
['1', '2', '2,1', '3']
"""

from __future__ import annotations

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.wordops import (
    bit,
    canon,
    delete_bit,
    get_word,
    insert_bit,
    nbits,
    put_word,
    strip_low_ones,
)

__all__ = ["ANY_LETTER", "COLUMN_ROW", "column_row", "column_row_unmove", "run_deletions"]

#: `run_deletions`'s `letter` for deleting a letter of any run (rows and columns).
ANY_LETTER = -1


@cached_njit
def run_deletions(w, letter, out):
    """Write to `out` the words left by deleting one letter of each run of equal letters
    of w whose letter is `letter` (1: U, removing a row; 0: R, removing a column;
    `ANY_LETTER`: every run); returns how many, or −1 if `out` is too small.

    Every letter of a run gives the same option, and leading U letters (rows of length
    0) are stripped: Column-Row's moves (002 §2), and CRPM's divided between its players
    (`grundy.games.partizan_cr.crpm_kernel`).  The words are not made canonical.
    """
    n = nbits(w)
    m = 0
    p = 0
    while p < n:
        b = bit(w, p)
        q = p + 1
        while q < n and bit(w, q) == b:
            q += 1
        if letter == ANY_LETTER or b == letter:
            if m == out.shape[0]:
                return -1
            put_word(out, m, strip_low_ones(delete_bit(w, p)))
            m += 1
        p = q
    return m


@cached_njit
def column_row(w, out, out2):
    """Column-Row (002 §2): delete one letter of a run of equal letters (`run_deletions`).

    Deleting a U removes a row, deleting an R removes a column; each option is written
    as the smaller word of it and its conjugate (`canon`: the game is symmetric).
    """
    m = run_deletions(w, ANY_LETTER, out)
    for i in range(m):
        put_word(out, i, canon(get_word(out, i)))
    return m


@cached_njit
def column_row_unmove(w, k, out):
    """The parents of the Column-Row position w with k more boxes: w with a row of k boxes
    inserted (a U letter after its k-th R letter, R letters past its top counted in),
    and w with a column of k boxes (an R letter below its k-th U letter from the top, U
    letters for empty rows added below its bottom where k is more than its rows).  Each
    is a move of its parent, a deletion of one letter of a run, so a parent made both
    ways (a row and a column of k boxes) comes twice, as `column_row` lists it twice.
    Written to `out` in w's width, not canonical; returns 2 (0 for k ≤ 0), −1 if `out`
    is too short.

    >>> import numpy as np
    >>> from grundy.engine.words import decode, encode
    >>> from grundy.partition import Partition
    >>> out = np.zeros(2, np.uint64)
    >>> column_row_unmove(np.uint64(encode(Partition([2, 1]))), 2, out)
    2
    >>> [str(decode(int(w))) for w in out]  # a row of 2, a column of 2
    ['2^2,1', '3,2']
    """
    if k <= 0:
        return 0
    if out.shape[0] < 2:
        return -1
    n = nbits(w)
    columns = 0  # R letters read from the bottom
    rows = 0  # U letters read
    row_at = -1  # where the row of k goes: just above the k-th R
    for p in range(n):
        if bit(w, p):
            rows += 1
        else:
            columns += 1
            if columns == k:
                row_at = p + 1
    if row_at < 0:  # past the top: R letters up to the k-th
        row_at = n + k - columns
    put_word(out, 0, insert_bit(w, row_at, 1))
    column = w
    for _ in range(k - rows):  # empty rows below the bottom, made rows of one box
        column = insert_bit(column, 0, 1)
    below = rows - k  # the U letters below the column's R
    p = 0
    while below > 0:
        below -= bit(column, p)
        p += 1
    put_word(out, 1, insert_bit(column, p, 0))
    return 2


#: Column-Row: delete one letter of the boundary word.
COLUMN_ROW = CompiledKernel("cr", column_row, conjugation_canonical, unmove=column_row_unmove)
