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
top 8 bits of a 64-bit table slot for the value (see `grundy.engine.transposition`).
"""

from __future__ import annotations

import numpy as np

from grundy.partition import Partition

from .kernels import MAX_LETTERS, canon_py, conj_word

__all__ = [
    "MAX_LETTERS",
    "canonical",
    "conjugate",
    "decode",
    "encode",
    "fits",
    "letters",
]


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


def conjugate(word: int) -> int:
    """The packed word of the conjugate partition."""
    word = int(word)
    return 0 if word == 0 else int(conj_word(np.uint64(word), word.bit_length()))


def canonical(word: int) -> int:
    """min(word, conjugate(word)): the engine's key for λ and λ′."""
    return int(canon_py(np.uint64(int(word))))
