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
    nbits,
    put_word,
    strip_low_ones,
)

__all__ = ["ANY_LETTER", "COLUMN_ROW", "column_row", "run_deletions"]

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


#: Column-Row: delete one letter of the boundary word.
COLUMN_ROW = CompiledKernel("cr", column_row, conjugation_canonical)
