"""Ranks in a box: the Young diagrams with at most a rows and parts at most b numbered
0 … C(a+b, a) − 1, lexicographically on (λ1, …, λa) padded with zeros.

The empty diagram is 0 and the full box b^a is C(a+b, a) − 1; a diagram contained
in λ is componentwise no larger, so it ranks before λ, and a box is valued in one
pass in rank order (every option of a game that removes cells comes first).

With D(j, p) = C(j+p, j), the number of diagrams inside a j × p box (`box_table`),
the diagrams that agree with λ on its rows above i and have a smaller part in row
i are those inside the (a − i + 1) × (λi − 1) box, so

    rank(λ) = Σ_i D(a − i + 1, λi − 1)        (rows of 0 add D(j, −1) = 0).

By the hockey stick Σ_{j ≤ J} D(j, p − 1) = D(J, p), a run of k rows of one part
p whose top row has J = a − i + 1 rows from it down to row a adds
D(J, p) − D(J − k, p), so `box_word_rank` reads a packed word run by run,
O(distinct parts); the rank does not depend on b, which only bounds λ1.
`next_in_box` steps a diagram to the next rank in amortised O(1), so a box is
walked in order without unranking.  They work on the engine's packed boundary
words (`grundy.engine.words`), narrow for a + b ≤ `NARROW_LETTERS`, wide up to
`WIDE_LETTERS`, compiled (`grundy.engine.cached_njit`) for the level engine;
`box_rank` / `box_unrank` wrap them for Python.

>>> [str(box_unrank(2, 2, r)) for r in range(box_size(2, 2))]
['[]', '1', '1^2', '2', '2,1', '2^2']
>>> box_rank(Partition([2, 1]), 2, 2)
4
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from grundy.engine import cached_njit
from grundy.engine.ranking import _rows
from grundy.engine.wordops import NARROW_LETTERS, WIDE_LETTERS, limbs, nbits
from grundy.engine.words import encode
from grundy.partition import Partition
from grundy.validate import as_int

__all__ = [
    "box_like_word",
    "box_parts_unrank",
    "box_rank",
    "box_size",
    "box_table",
    "box_unrank",
    "box_word_rank",
    "next_in_box",
]

_INT64_MAX = 2**63 - 1
_U = np.uint64


def box_table(a: int, b: int) -> np.ndarray:
    """int64[a + 1, b + 1]: entry [j, p] is D(j, p) = C(j + p, j), the number of diagrams
    inside a j × p box; [a, b] is the box's size.  Read-only, one per box.  Refuses
    (ValueError) negative sides, a box whose full diagram's boundary (a + b letters)
    does not fit the engine's words, and a box with more diagrams than an int64 counts.

    >>> box_table(2, 3).tolist()
    [[1, 1, 1, 1], [1, 2, 3, 4], [1, 3, 6, 10]]
    """
    a, b = as_int(a, "a (rows)"), as_int(b, "b (columns)")
    for side, name in ((a, "a (rows)"), (b, "b (columns)")):
        if side < 0:
            raise ValueError(f"the box's {name} must be non-negative, got {side}")
    if a + b > WIDE_LETTERS:
        raise ValueError(
            f"a {a} × {b} box is past the engine's words: its full diagram's boundary has "
            f"a + b = {a + b} letters, at most {WIDE_LETTERS} fit"
        )
    if comb(a + b, a) > _INT64_MAX:
        raise ValueError(
            f"a {a} × {b} box holds C({a + b}, {a}) = {comb(a + b, a):.3g} diagrams, "
            f"more than an int64 rank counts (2^63 − 1)"
        )
    return _table(a, b)


@cache
def _table(a: int, b: int) -> np.ndarray:
    """`box_table` of a box it has checked (cached after the checks, which a float or bool
    equal to a cached side would skip)."""
    table = np.array([[comb(j + p, j) for p in range(b + 1)] for j in range(a + 1)], np.int64)
    table.flags.writeable = False
    return table


@cached_njit
def box_word_rank(w, b, table):
    """The rank of the diagram of the normalised packed word w (narrow or wide) in the
    box of `table` = box_table(a, b), or −1 if it does not fit (more than a rows, or
    λ1 > b).  One pass over its runs of equal parts, O(distinct parts), no scratch:
    a run of k rows of part p, J rows from its top row down to row a, adds
    D(J, p) − D(J − k, p).  A run split between the two limbs of a wide word is read
    as two runs of the same part, whose terms add up to the whole run's.

    >>> from grundy.engine.words import encode
    >>> box_word_rank(np.uint64(encode(Partition([2, 1]))), 2, box_table(2, 2))
    4
    >>> box_word_rank(np.uint64(encode(Partition([3]))), 2, box_table(2, 2))
    -1
    """
    rows = _rows(w)  # U letters: one a row
    a = table.shape[0] - 1
    if rows > a or nbits(w) - rows > b:
        return -1
    empty = a - rows  # the box's rows under the diagram's last one
    below = empty  # the box's rows under the current run
    r = 0
    ws = limbs(w)
    for i in range(len(ws)):  # the limbs, lowest first: each run of U letters in a few steps
        x, base = ws[i], 64 * i
        while x:
            cleared = x + (x & (~x + _U(1)))  # the lowest run of 1s carried out
            start = base + np.int64(trailing_zeros(x))
            end = base + np.int64(trailing_zeros(cleared))  # 64 past a carry out
            x &= cleared
            part = _U(start - (below - empty))  # its R letters less the U letters under it
            top = below + end - start  # J: the rows from the run's top row down to row a
            # unsigned indices: numba skips the wraparound test of negative ones
            r += table[_U(top), part] - table[_U(below), part]
            below = top
    return r


@cached_njit
def box_parts_unrank(a, b, r, table, parts):
    """Write the parts of the diagram of rank r in the a × b box (table = box_table(a, b),
    0 ≤ r < C(a+b, a)) to parts[0:ℓ], largest first (room for a); returns ℓ.  Each row
    takes the largest part p ≤ the row above's with D(j, p − 1) ≤ r, j the rows left,
    so the parts are found in O(a + b) steps.

    >>> parts = np.zeros(2, np.int64)
    >>> length = box_parts_unrank(2, 2, 4, box_table(2, 2), parts)
    >>> parts[:length].tolist()
    [2, 1]
    """
    part = b
    length = 0
    while r > 0:  # r > 0: this row is not empty, nor those above it
        j = a - length
        while table[j, part - 1] > r:  # D(j, p − 1): those with a smaller part here
            part -= 1
        r -= table[j, part - 1]
        parts[length] = part
        length += 1
    return length


@cached_njit
def next_in_box(parts, length, a):
    """Step parts[0:length] (largest first, inside an a × b box, not its last diagram b^a)
    to the diagram of the next rank, in place; returns its length.  A new row of 1 if
    the diagram has fewer than a rows, else the last row that can grow (shorter than
    the one above, or the first: shorter than b, since the diagram is not b^a) gains a
    box and the rows after it go.  Amortised O(1): the scan passes the last run of
    equal parts only.  parts[length:] is neither read nor cleared.

    >>> parts = np.array([2, 1])
    >>> length = next_in_box(parts, 2, 2)
    >>> parts[:length].tolist()
    [2, 2]
    >>> next_in_box(parts, 1, 2), parts.tolist()
    (2, [2, 1])
    """
    if length < a:
        parts[length] = 1
        return length + 1
    i = length - 1
    while i > 0 and parts[i] == parts[i - 1]:
        i -= 1
    parts[i] += 1
    return i + 1


def box_like_word(a: int, b: int) -> np.uint64 | tuple[np.uint64, np.uint64]:
    """The empty word of the width that holds every diagram inside the a × b box: narrow
    for a + b ≤ `NARROW_LETTERS`, wide up to `WIDE_LETTERS` (ValueError beyond).

    >>> box_like_word(28, 28), box_like_word(28, 29)
    (np.uint64(0), (np.uint64(0), np.uint64(0)))
    """
    box_table(a, b)  # refuses a box past the words
    if a + b <= NARROW_LETTERS:
        return np.uint64(0)
    return (np.uint64(0), np.uint64(0))


def box_size(a: int, b: int) -> int:
    """C(a+b, a): the number of diagrams inside the a × b box, the empty one included.

    >>> box_size(2, 2), box_size(16, 16)
    (6, 601080390)
    """
    return int(box_table(a, b)[a, b])


def box_rank(position: Partition, a: int, b: int) -> int:
    """The rank of λ among the diagrams inside the a × b box (ValueError if λ is outside).

    >>> box_rank(Partition(), 3, 3), box_rank(Partition([3, 3, 3]), 3, 3)
    (0, 19)
    """
    table = box_table(a, b)
    if position.length > a or position.largest > b:
        raise ValueError(
            f"partition {position} ({position.length} rows, first part {position.largest}) "
            f"is not inside the {a} × {b} box"
        )
    word = encode(position)
    like = box_like_word(a, b)
    packed = np.uint64(word) if np.ndim(like) == 0 else (_U(word & (2**64 - 1)), _U(word >> 64))
    return int(box_word_rank(packed, b, table))


def box_unrank(a: int, b: int, r: int) -> Partition:
    """The diagram of rank r (0 ≤ r < C(a+b, a)) inside the a × b box.

    >>> box_unrank(3, 3, 0), box_unrank(3, 3, 19)
    (Partition.parse('[]'), Partition.parse('3^3'))
    """
    table = box_table(a, b)
    r = as_int(r, "r")
    if not 0 <= r < table[a, b]:
        raise ValueError(f"rank must be in 0..{table[a, b] - 1} for the {a} × {b} box, got {r}")
    parts = np.zeros(a, np.int64)
    return Partition(parts[: box_parts_unrank(a, b, r, table, parts)].tolist())
