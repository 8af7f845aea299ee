"""Partitions as boundary words packed into one uint64.

Walk the boundary of a Young diagram (English notation, row 1 on top) from
its bottom left to its top right: every step is either R
(right, along the bottom of a column) or U (up, along the end of a row).  A
partition with r rows and λ1 columns is a word of λ1 + r letters that starts
with R and ends with U; the U step of a row comes after as many R steps as
the row has boxes, and the R step of a column comes before as many U steps as
the column has boxes.

Diagrams in these terms: removing a row deletes one U, removing a column
deletes one R, and deleting any letter of a run of equal letters gives the
same word (removing either of two equal rows gives the same diagram).  A deletion can
leave a leading U (a row of length 0) or a trailing R (a column of length 0);
these are stripped, as 003 Remark 1 strips zero lines.  Conjugation
(002 Lemma 1.2) reverses the word and swaps R and U.

Packing: letter t is bit t (bit = 1 for U), so a normalised word has its top
letter U as its highest set bit and its length is its bit length; the empty
partition is 0.  Here words are Python ints; the compiled engine holds words
of up to `NARROW_LETTERS` letters in one uint64 and of up to `WIDE_LETTERS`
in two (`grundy.engine.wordops`), leaving 8 bits of a table slot for the
value (`grundy.engine.transposition`); the level engines' ranks hold up to
`BROAD_LETTERS` in three (`grundy.engine.ranking`).

>>> from grundy.partition import Partition
>>> bin(encode(Partition([2, 1])))  # R U R U from the bottom left
'0b1010'
>>> decode(conjugate(encode(Partition([3, 1]))))
Partition.parse('2,1^2')
"""

from __future__ import annotations

from grundy.engine.wordops import BROAD_LETTERS, NARROW_LETTERS, WIDE_LETTERS
from grundy.partition import Partition

__all__ = [
    "BROAD_LETTERS",
    "MAX_LETTERS",
    "canonical",
    "conjugate",
    "decode",
    "encode",
    "fits",
    "letters",
    "width",
]

#: Longest boundary (λ1 + number of rows) the compiled engine's kernels and searches take.
MAX_LETTERS = WIDE_LETTERS


def letters(position: Partition) -> int:
    """λ1 + r: the length of the boundary word of λ."""
    return position.largest + position.length


def width(position: Partition) -> int | None:
    """1 (narrow) or 2 (wide) machine words for λ's boundary word; None if it fits neither."""
    n = letters(position)
    if n <= NARROW_LETTERS:
        return 1
    if n <= WIDE_LETTERS:
        return 2
    return None


def fits(position: Partition) -> bool:
    """Whether λ's boundary word fits the compiled engine (≤ MAX_LETTERS letters)."""
    return width(position) is not None


def encode(position: Partition, most: int = MAX_LETTERS) -> int:
    """The packed boundary word of λ (ValueError if it has more than `most` letters: the
    searches' `MAX_LETTERS`, or up to `BROAD_LETTERS` for the level engines' ranks).

    >>> encode(Partition([130]), most=BROAD_LETTERS) == 1 << 130
    True
    """
    n = letters(position)
    if n > most:
        raise ValueError(
            f"partition {position} has a boundary of {n} steps; the compiled engine "
            f"packs at most {most} (λ1 + number of rows ≤ {most})"
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
    """The packed word of the conjugate partition: reverse the letters, swap R and U."""
    n = int(word).bit_length()
    if n == 0:
        return 0
    reversed_word = int(format(int(word), f"0{n}b")[::-1], 2)
    return ~reversed_word & ((1 << n) - 1)


def canonical(word: int) -> int:
    """min(word, conjugate(word)): the engine's key for λ and λ′."""
    return min(int(word), conjugate(word))
