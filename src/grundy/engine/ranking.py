"""Ranks: the partitions of n numbered 0 … p(n) − 1, in the order `grundy.partition.partitions`
lists them (reverse lexicographic on the parts: [n] is 0, [1^n] is p(n) − 1).

With P(m, k), the number of partitions of m into parts ≤ k (`ranking_table`),
the partitions of m into parts ≤ k that come before λ = (a, rest) are those
whose first part is larger than a: P(m, k) − P(m, a) of them; so

    rank(λ) = Σ_i P(m_i, λ_{i−1}) − P(m_i, λ_i),   m_i = λ_i + λ_{i+1} + …,  λ_0 = n,

and `word_unrank` walks the same sums back.  The terms of a run of equal parts
cancel but for its top one, so `word_rank` reads a word run by run, O(distinct
parts); `next_parts` steps a partition to the next rank in amortised O(1), so a
level is walked in order without unranking.  Both work on the engine's packed
boundary words (`grundy.engine.words`): narrow uint64 words for n ≤ `NARROW_N`,
wide pairs up to `WIDE_N`, broad triples up to `MAX_N` (`like_word`); they are
compiled (`grundy.engine.cached_njit`) for the level engine
(`grundy.engine.levels`), and `rank` / `unrank` wrap them for Python.

>>> from grundy.partition import Partition, partitions
>>> [str(unrank(4, r)) for r in range(5)]
['4', '3,1', '2^2', '2,1^2', '1^4']
>>> rank(Partition([2, 1, 1]))
3
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import intrinsic

from grundy.engine import cached_njit
from grundy.engine.transposition import pack, unpack
from grundy.engine.wordops import (
    BROAD_LETTERS,
    LETTERS,
    NARROW_LETTERS,
    WIDE_LETTERS,
    empty_word,
    flip_low,
    from_parts,
    keep_low,
    limbs,
    word_width,
)
from grundy.engine.words import decode, encode
from grundy.partition import Partition
from grundy.validate import as_int

__all__ = [
    "MAX_N",
    "NARROW_N",
    "WIDE_N",
    "first_part",
    "like_word",
    "next_conjugate",
    "next_parts",
    "parts_unrank",
    "rank",
    "ranking_table",
    "unrank",
    "word_rank",
    "word_unrank",
]

#: Largest n whose partitions all have narrow words (λ1 + ℓ ≤ n + 1 letters).
NARROW_N = NARROW_LETTERS - 1
#: Largest n whose partitions all have wide words (or narrow ones).
WIDE_N = WIDE_LETTERS - 1
#: Largest n whose partitions all fit the engine's words (broad ones above WIDE_N).
MAX_N = BROAD_LETTERS - 1


_U = np.uint64


@cache
def ranking_table(n_max: int) -> np.ndarray:
    """int64[n_max + 1, n_max + 1]: entry [m, k] is P(m, k), the number of partitions of m
    into parts ≤ k (P(m, k) = p(m) for k ≥ m; P(0, k) = 1).  Read-only.

    >>> ranking_table(4)[4].tolist()  # P(4, k) for k = 0 … 4
    [0, 1, 3, 4, 5]
    """
    n_max = as_int(n_max, "n_max")
    if not 0 <= n_max <= MAX_N:
        raise ValueError(f"n_max must be in 0..{MAX_N} (the engine's words), got {n_max}")
    table = np.zeros((n_max + 1, n_max + 1), dtype=np.int64)
    table[0, :] = 1
    for m in range(1, n_max + 1):
        for k in range(1, n_max + 1):
            # P(m, k) = P(m, k − 1) + P(m − k, k): no part k, or at least one
            table[m, k] = table[m, k - 1] + (table[m - k, k] if k <= m else 0)
    table.flags.writeable = False
    return table


@cached_njit
def word_rank(w, table):
    """(n, rank) of the partition of the packed word w (of any width), in one pass over
    its runs of U letters (rows): O(distinct parts), no scratch, no branch but the loop's.

    Within a run of equal parts the sum's terms cancel but the top one's, and the top
    one's P(M, a′) is read as the next run's P(M, a′) with its M: a run of rows of part
    a lifting the boxes below it from M to M′ adds P(M, a) − P(M′, a), and the whole
    sum is those plus p(n) − 1 (the bottom run's P(0, a) = 1 is the − 1).  A run split
    between two limbs, or rows of 0 (leading U letters), add the same.

    >>> from grundy.engine.words import encode
    >>> word_rank(np.uint64(encode(Partition([2, 1, 1]))), ranking_table(4))
    (4, 3)
    """
    ws = limbs(w)
    rows = 0  # U letters below the run
    boxes = 0  # in the rows below the run (M)
    r = 0
    for i in range(len(ws)):  # the limbs, lowest first: each run of U letters in a few steps
        x, base = ws[i], 64 * i
        while x:
            start = np.int64(trailing_zeros(x))
            cleared = x + (x & (~x + _U(1)))  # the lowest run of 1s carried out
            end = np.int64(trailing_zeros(cleared))  # 64 past a carry out
            x &= cleared
            a = base + start - rows
            k = end - start
            more = boxes + k * a
            r += table[_U(boxes), _U(a)] - table[_U(more), _U(a)]  # unsigned: no wrap-around
            rows += k
            boxes = more
    return boxes, r + table[_U(boxes), _U(boxes)] - 1


@cached_njit
def first_part(w):
    """λ1 of the partition of the packed word w (of any width), its R letters, in a few
    instructions: a partition with a smaller first part ranks later.

    >>> from grundy.engine.words import encode
    >>> first_part(np.uint64(encode(Partition([3, 1])))), first_part((np.uint64(0), np.uint64(0)))
    (3, 0)
    """
    ws = limbs(w)
    letters = 0
    for i in range(len(ws)):  # the highest limb that is not 0 has the last letter
        if ws[i]:
            letters = 64 * (i + 1) - np.int64(leading_zeros(ws[i]))
    return letters - _rows(w)


@cached_njit
def _rows(w):
    """ℓ of the partition of the packed word w (of any width): its U letters."""
    rows = 0
    for x in limbs(w):
        rows += np.int64(_popcount(x))
    return rows


@intrinsic
def _popcount(typingctx, x):
    """The 1 bits of an integer (LLVM's ctpop)."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return x(x), codegen


@cached_njit
def word_unrank(n, r, table, parts, like):
    """The packed word (of `like`'s width) of the partition of n of rank r; `parts` is
    scratch room for n rows (int64).

    >>> import numpy as np
    >>> from grundy.engine.words import decode
    >>> decode(int(word_unrank(4, 2, ranking_table(4), np.zeros(4, np.int64), np.uint64(0))))
    Partition.parse('2^2')
    """
    return from_parts(parts, parts_unrank(n, r, table, parts), like)


@cached_njit
def parts_unrank(n, r, table, parts):
    """Write the parts of the partition of n of rank r to parts[0:ℓ], largest first
    (room for n); returns ℓ."""
    m = n
    k = n
    length = 0
    while m > 0:
        a = min(k, m)
        while r >= table[m - a, a]:  # table[m − a, a]: those whose first part is a
            r -= table[m - a, a]
            a -= 1
        parts[length] = a
        length += 1
        m -= a
        k = a
    return length


@cached_njit
def next_parts(parts, length):
    """Step parts[0:length] (largest first, not all 1s) to the partition of the next rank,
    in place; returns its length.  The last part above 1 loses a box, which with the 1s
    after it is dealt out again in parts no larger.

    >>> import numpy as np
    >>> parts = np.array([3, 1, 1, 0, 0])
    >>> length = next_parts(parts, 3)
    >>> parts[:length].tolist()
    [2, 2, 1]
    """
    return _step_parts(parts, length)[1]


@cached_njit
def _step_parts(parts, length):
    """`next_parts`, returning (h, its length): parts[h:] changed, the parts before did not."""
    h = length - 1
    while parts[h] == 1:
        h -= 1
    a = parts[h] - 1
    left = length - h  # the 1s after it, and its lost box
    parts[h] = a
    i = h + 1
    while left > a:
        parts[i] = a
        left -= a
        i += 1
    parts[i] = left
    return h, i + 1


@cached_njit
def next_conjugate(parts, length, c):
    """Step parts[0:length] as `next_parts` does, and c, the packed word of its conjugate,
    with it; returns (its length, the conjugate's word), in O(1) but the steps of
    `next_parts`: no rebuilding of a word from every part.

    Read from the bottom, the conjugate's word lists the rows of λ from the top: a 0
    (an R) for each row, a 1 (a U) for each column, where the row above ends.  The rows
    above the changed tail keep their letters at the bottom of c; the tail (its rows of
    part a, then one row of `left` ≤ a) is 1s up to the top but for 0s at its rows,
    written as stretches of 1s flipped in turn (`flip_low`, the lowest k letters).

    >>> import numpy as np
    >>> from grundy.engine.words import decode, encode
    >>> parts = np.array([3, 1, 1, 0, 0])
    >>> length, c = next_conjugate(parts, 3, np.uint64(encode(Partition([3, 1, 1]).conjugate())))
    >>> parts[:length].tolist(), decode(int(c))  # [2, 2, 1]′ = [3, 2]
    ([2, 2, 1], Partition.parse('3,2'))
    """
    h, length = _step_parts(parts, length)
    top, a, left = parts[0], parts[h], parts[length - 1]
    kept = h + top - parts[h - 1] if h else 0  # the letters of the rows above h
    letters = top + length
    rows = top - a + h  # where the tail's rows of part a start
    c = keep_low(c, kept)
    for k in (
        letters, kept,  # 1s from `kept` to the top,
        rows, rows + length - 1 - h,  # but 0s at the rows of part a
        letters - 1 - left, letters - left,  # and at the last row
    ):  # fmt: skip
        c = flip_low(c, k)
    return length, c


def like_word(n: int, width: int | None = None) -> np.uint64 | tuple[np.uint64, ...]:
    """The empty word of `width` limbs (`grundy.engine.wordops.LETTERS`), or if None of
    the narrowest width that holds every partition of n (λ1 + ℓ ≤ n + 1 letters):
    narrow up to `NARROW_N`, wide up to `WIDE_N`, broad up to `MAX_N`; ValueError where
    the words are too short.

    >>> like_word(55), like_word(56), like_word(120)
    (np.uint64(0), (np.uint64(0), np.uint64(0)), (np.uint64(0), np.uint64(0), np.uint64(0)))
    >>> like_word(4, width=3)  # words broader than they need be (for tests)
    (np.uint64(0), np.uint64(0), np.uint64(0))
    """
    if width is None:
        width = next((k for k, letters in LETTERS.items() if n < letters), 0)
    if width not in LETTERS:
        raise ValueError(
            f"n = {n} is past the engine's words: the partitions of n ≤ {MAX_N} fit "
            f"(λ1 + rows ≤ {BROAD_LETTERS} letters)"
        )
    if n >= LETTERS[width]:
        raise ValueError(
            f"n = {n} is past words of {width} limbs: they hold the partitions of "
            f"n ≤ {LETTERS[width] - 1}"
        )
    return empty_word(width)


def rank(position: Partition) -> int:
    """The rank of λ among the partitions of |λ| (0 for [n], p(n) − 1 for [1^n]).

    >>> rank(Partition([3, 1])), rank(Partition())
    (1, 0)
    """
    n = position.size
    like = like_word(n)  # refuses n past MAX_N
    packed = pack(encode(position, BROAD_LETTERS), word_width(like))
    _, r = word_rank(packed, ranking_table(n))
    return int(r)


def unrank(n: int, r: int) -> Partition:
    """The partition of n of rank r (0 ≤ r < p(n)).

    >>> unrank(5, 0), unrank(5, 6)
    (Partition.parse('5'), Partition.parse('1^5'))
    """
    n, r = as_int(n, "n"), as_int(r, "r")
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    like = like_word(n)
    table = ranking_table(n)
    if not 0 <= r < table[n, n]:
        raise ValueError(f"rank must be in 0..{table[n, n] - 1} for n = {n}, got {r}")
    word = word_unrank(n, r, table, np.zeros(n + 1, np.int64), like)
    return decode(unpack(word))
