"""The compiled options kernels of the corner games (`grundy.games.corners.corners`):
Corner, Consecutive Corner, SCC and Anticorner.

The outer corners of a diagram are its removable boxes
(`grundy.engine.primitives.is_removable_box`).

>>> from grundy.partition import Partition
>>> from grundy.engine.words import decode, encode
>>> sorted(str(decode(w)) for w in CORNER.option_words(encode(Partition([2, 1]))))
['1', '2', '2']
"""

from __future__ import annotations

import numpy as np

from grundy.engine import CompiledKernel, cached_njit
from grundy.engine.primitives import (
    conjugation_canonical,
    emit_word,
    is_removable_box,
    toggle_box,
)
from grundy.engine.wordops import bit, delete_bit, flip_bit, nbits

__all__ = [
    "ANTICORNER",
    "CONSECUTIVE_CORNER",
    "CORNER",
    "SCC",
    "anticorner",
    "consecutive_corner",
    "corner",
    "end_corners",
]


@cached_njit
def corner(w, out, out2):
    """Corner (docs/games.md 6): any non-empty set of outer corners loses its boxes.

    The sets are visited in Gray-code order, one corner toggled per step."""
    n = nbits(w)
    at = np.empty(n // 2 + 1, dtype=np.int64)  # the letters where corners are
    k = 0
    for p in range(n - 1):
        if is_removable_box(w, p):
            at[k] = p
            k += 1
    c = w
    m = 0
    for step in range(1, 1 << k):
        t = 0  # the corner toggled at this step: the lowest set bit of step
        while not (step >> t) & 1:
            t += 1
        c = toggle_box(c, at[t])
        m = emit_word(out, m, c)
        if m < 0:
            return -1
    return m


@cached_njit
def consecutive_corner(w, out, out2):
    """Consecutive Corner (docs/games.md 7): a non-empty run of consecutive outer corners."""
    n = nbits(w)
    m = 0
    for a in range(n - 1):
        if not is_removable_box(w, a):
            continue
        c = w
        for b in range(a, n - 1):
            if is_removable_box(w, b):
                c = toggle_box(c, b)
                m = emit_word(out, m, c)
                if m < 0:
                    return -1
    return m


@cached_njit
def end_corners(w, out, out2):
    """SCC (docs/games.md 8): a non-empty prefix or suffix of the list of outer corners."""
    n = nbits(w)
    m = 0
    first = -1
    c = w
    for b in range(n - 1):  # runs from the lowest corner up, the whole list last
        if is_removable_box(w, b):
            if first < 0:
                first = b
            c = toggle_box(c, b)
            m = emit_word(out, m, c)
            if m < 0:
                return -1
    c = w
    for a in range(n - 2, first, -1):  # runs from the highest corner down, not all
        if is_removable_box(w, a):
            c = toggle_box(c, a)
            m = emit_word(out, m, c)
            if m < 0:
                return -1
    return m


@cached_njit
def anticorner(w, out, out2):
    """Anticorner (docs/games.md 9): bite at the last box of row 1, the first box of the
    bottom row (not for [1]), or the box (i, λ_{i+1}) of a row i < ℓ with λ_{i+1} < λ_i.

    On the word: the last column is the highest R, the bottom row the lowest U.
    A bite at (i, λ_{i+1}) cuts row i and the block of b rows equal to λ_{i+1}
    below it to λ_{i+1} − 1: the letters R U^b R^a U (the R before the block,
    the block, row i's a extra boxes, row i's end) become U^(b+1) R^(a+1)."""
    n = nbits(w)
    if n == 0:
        return 0
    top_r = n - 1
    while bit(w, top_r):
        top_r -= 1
    m = emit_word(out, 0, delete_bit(w, top_r))
    low_u = 0
    while not bit(w, low_u):
        low_u += 1
    if n > 2 and m >= 0:  # [1] is the word R U: its bottom row is the last column
        m = emit_word(out, m, delete_bit(w, low_u))
    if m < 0:
        return -1
    a = 0  # R letters just below letter e
    for e in range(n):
        if not bit(w, e):
            a += 1
            continue
        if a > 0 and e > low_u:  # row i is longer than row i + 1, which exists
            start = e - a - 1
            while bit(w, start):  # down through the block of U's to the R below it
                start -= 1
            ups = e - a - start  # b + 1
            c = w
            for p in range(start, e + 1):
                if bit(c, p) != (1 if p < start + ups else 0):
                    c = flip_bit(c, p)
            m = emit_word(out, m, c)
            if m < 0:
                return -1
        a = 0
    return m


CORNER = CompiledKernel("corner", corner, conjugation_canonical)
CONSECUTIVE_CORNER = CompiledKernel("consecutive-corner", consecutive_corner, conjugation_canonical)
SCC = CompiledKernel("scc", end_corners, conjugation_canonical)
ANTICORNER = CompiledKernel("anticorner", anticorner, conjugation_canonical)
