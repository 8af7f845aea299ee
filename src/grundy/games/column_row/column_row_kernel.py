"""The compiled options kernel of Column-Row (`grundy.games.column_row.column_row`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> sorted(str(decode(w)) for w in COLUMN_ROW.option_words(encode(Partition([3, 1]))))
['1', '2', '2,1', '3']
"""

from __future__ import annotations

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import conjugation_canonical
from grundy.engine.wordops import bit, canon, delete_bit, nbits, put_word, strip_low_ones

__all__ = ["COLUMN_ROW", "column_row"]


@cached_njit
def column_row(w, out, out2):
    """Column-Row (002 §2): delete one letter of a run of equal letters.

    Deleting a U removes a row, deleting an R removes a column; every letter
    of a run gives the same option, and leading U letters (rows of length 0)
    are stripped.
    """
    n = nbits(w)
    m = 0
    p = 0
    while p < n:
        b = bit(w, p)
        q = p + 1
        while q < n and bit(w, q) == b:
            q += 1
        if m == out.shape[0]:
            return -1
        put_word(out, m, canon(strip_low_ones(delete_bit(w, p))))
        m += 1
        p = q
    return m


#: Column-Row: delete one letter of the boundary word.
COLUMN_ROW = CompiledKernel("cr", column_row, conjugation_canonical)
