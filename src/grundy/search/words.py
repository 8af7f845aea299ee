"""Partitions as boundary words packed into one uint64.

Walk the boundary of a Young diagram (English notation, row 1 on top) from
its bottom-left corner to its top-right corner: every step is either R
(right, along the bottom of a column) or U (up, along the end of a row).  A
partition with r rows and λ1 columns is a word of λ1 + r letters that starts
with R and ends with U; the U step of a row comes after as many R steps as
the row has boxes, and the R step of a column comes before as many U steps as
the column has boxes.

Column-Row in these terms (002 §2): removing a row deletes one U, removing
a column deletes one R, and deleting any letter of a run of equal letters
gives the same word (rows of equal length are one option).  A deletion can
leave a leading U (a row of length 0) or a trailing R (a column of length 0);
these are stripped, as 003 Remark 1 strips zero lines.  Conjugation
(002 Lemma 1.2) reverses the word and swaps R and U.

Packing: letter t is bit t (bit = 1 for U), so a normalised word has its top
letter U as its highest set bit and its length is its bit length; the empty
partition is 0.  Words of up to `MAX_LETTERS` letters are packed, leaving the
top 8 bits of a 64-bit table slot for the value (see `grundy.search.table`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from grundy.partition import Partition

__all__ = [
    "MAX_LETTERS",
    "canonical",
    "conjugate",
    "decode",
    "encode",
    "fits",
    "letters",
]

#: Longest boundary (λ1 + number of rows) the compiled engine packs.
MAX_LETTERS = 56

_U64 = nb.uint64


def letters(position: Partition) -> int:
    """λ1 + r: the length of the boundary word of λ."""
    return position.largest + position.length


def fits(position: Partition) -> bool:
    """Whether λ's boundary word fits the compiled engine (≤ MAX_LETTERS letters)."""
    return letters(position) <= MAX_LETTERS


def encode(position: Partition) -> int:
    """The packed boundary word of λ (ValueError if it is too long to pack)."""
    n = letters(position)
    if n > MAX_LETTERS:
        raise ValueError(
            f"partition {position} has a boundary of {n} steps; the compiled engine "
            f"packs at most {MAX_LETTERS} (λ1 + number of rows ≤ {MAX_LETTERS})"
        )
    word = 0
    pos = 0
    prev = 0
    for part, mult in reversed(position.runs):
        pos += part - prev  # R steps: zero bits
        prev = part
        word |= ((1 << mult) - 1) << pos  # U steps: one bit per row
        pos += mult
    return word


def decode(word: int) -> Partition:
    """The partition of a packed (normalised or not) boundary word."""
    word = int(word)
    if word < 0:
        raise ValueError(f"a packed word is non-negative, got {word}")
    runs = []
    boxes = 0
    t = 0
    while word >> t:
        if (word >> t) & 1:
            runs.append((boxes, 1))
        else:
            boxes += 1
        t += 1
    return Partition.from_runs(runs)


# ------------------------------------------------------------ jitted helpers
@nb.njit(nb.int64(nb.uint64), cache=True, inline="always")
def bit_length(w):
    n = 0
    while w:
        w >>= _U64(1)
        n += 1
    return n


@nb.njit(nb.uint64(nb.uint64), cache=True, inline="always")
def _reverse64(x):
    x = ((x >> _U64(1)) & _U64(0x5555555555555555)) | ((x & _U64(0x5555555555555555)) << _U64(1))
    x = ((x >> _U64(2)) & _U64(0x3333333333333333)) | ((x & _U64(0x3333333333333333)) << _U64(2))
    x = ((x >> _U64(4)) & _U64(0x0F0F0F0F0F0F0F0F)) | ((x & _U64(0x0F0F0F0F0F0F0F0F)) << _U64(4))
    x = ((x >> _U64(8)) & _U64(0x00FF00FF00FF00FF)) | ((x & _U64(0x00FF00FF00FF00FF)) << _U64(8))
    x = ((x >> _U64(16)) & _U64(0x0000FFFF0000FFFF)) | ((x & _U64(0x0000FFFF0000FFFF)) << _U64(16))
    return (x >> _U64(32)) | (x << _U64(32))


@nb.njit(nb.uint64(nb.uint64, nb.int64), cache=True, inline="always")
def conj_word(w, n):
    """The conjugate of a normalised word of n ≥ 1 letters: reverse, then swap R/U."""
    r = _reverse64(w) >> _U64(64 - n)
    mask = (_U64(1) << _U64(n)) - _U64(1)
    return (~r) & mask


@nb.njit(nb.uint64(nb.uint64), cache=True, inline="always")
def canon_word(w):
    """min(w, conjugate(w)) for a normalised word (0 stays 0)."""
    if w == 0:
        return w
    c = conj_word(w, bit_length(w))
    return c if c < w else w


@nb.njit(nb.uint64(nb.uint64, nb.int64), cache=True, inline="always")
def delete_letter(w, p):
    """Delete letter p of w and normalise (strip leading U letters)."""
    low = w & ((_U64(1) << _U64(p)) - _U64(1))
    high = (w >> _U64(p + 1)) << _U64(p)
    v = low | high
    while v & _U64(1):
        v >>= _U64(1)
    return v


@nb.njit(cache=True)
def _canon_py(w):
    return canon_word(nb.uint64(w))


def conjugate(word: int) -> int:
    """The packed word of the conjugate partition."""
    word = int(word)
    return 0 if word == 0 else int(conj_word(np.uint64(word), word.bit_length()))


def canonical(word: int) -> int:
    """min(word, conjugate(word)): the engine's key for λ and λ′."""
    return int(_canon_py(np.uint64(int(word))))
