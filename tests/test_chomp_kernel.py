"""Chomp's compiled options kernel (games/chomp/chomp_kernel.py) against the game's rules.

The kernel builds each bite's word from its neighbour's by flipping letters; the
reference is the rules' own options (`grundy.games.chomp.chomp.bite`, on parts), encoded
and made canonical in Python.  The kernel must write exactly those words in exactly
the rules' order (the nimber test's stable sort keeps that order among equal keys),
for narrow and wide words alike.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import get_ruleset
from grundy.engine.transposition import pack
from grundy.engine.wordops import NARROW_LETTERS, WIDE_LETTERS
from grundy.engine.words import canonical, encode, letters
from grundy.games.chomp.chomp_kernel import CHOMP, chomp
from grundy.partition import Partition, partitions_up_to

RULES = get_ruleset("chomp")


def expected(lam: Partition) -> list[int]:
    """The canonical words of λ's options, in the rules' order."""
    return [canonical(encode(child)) for _, child in RULES.options(lam)]


def written(lam: Partition, width: int) -> list[int]:
    """What the kernel writes for λ packed in `width` machine words, as Python ints."""
    shape = (lam.size,) if width == 1 else (lam.size, 2)
    out = np.zeros(shape, np.uint64)
    m = chomp(pack(encode(lam), width), out, np.zeros_like(out))
    if width == 1:
        return [int(w) for w in out[:m]]
    return [int(lo) | int(hi) << 64 for lo, hi in out[:m]]


@pytest.mark.parametrize("width", [1, 2])
def test_every_partition_up_to_18(width: int) -> None:
    for lam in partitions_up_to(18):
        assert written(lam, width) == expected(lam), str(lam)


@st.composite
def wide_partitions(draw: st.DrawFn) -> Partition:
    """A partition whose boundary needs a wide word: NARROW_LETTERS < λ1 + ℓ ≤ WIDE_LETTERS."""
    largest = draw(st.integers(1, WIDE_LETTERS - 1))
    rows = draw(st.integers(max(1, NARROW_LETTERS + 1 - largest), WIDE_LETTERS - largest))
    others = draw(st.lists(st.integers(1, largest), min_size=rows - 1, max_size=rows - 1))
    return Partition([largest, *sorted(others, reverse=True)])


@settings(max_examples=25, deadline=None)  # up to ~3600 boxes: the reference is slow
@given(wide_partitions())
def test_wide_partitions(lam: Partition) -> None:
    assert NARROW_LETTERS < letters(lam) <= WIDE_LETTERS
    assert written(lam, 2) == expected(lam)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 27), min_size=1, max_size=28))
def test_narrow_partitions(parts: list[int]) -> None:
    lam = Partition(sorted(parts, reverse=True))
    assert written(lam, 1) == written(lam, 2) == expected(lam)


def test_a_short_buffer_asks_for_more() -> None:
    lam = Partition([3, 2, 2])
    word = np.uint64(encode(lam))
    assert chomp(word, np.zeros(lam.size - 2, np.uint64), np.zeros(1, np.uint64)) == -1
    out = np.zeros(lam.size - 1, np.uint64)  # one option a box, but the poison
    assert chomp(word, out, np.zeros(1, np.uint64)) == lam.size - 1


def test_terminal_and_empty() -> None:
    assert CHOMP.option_words(encode(Partition([1]))) == []
    assert CHOMP.option_words(0) == []
