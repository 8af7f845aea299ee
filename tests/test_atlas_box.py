"""Ranks in a box (grundy.engine.box_ranking): lexicographic order on the padded parts, a bijection
onto 0 … C(a+b, a) − 1, on narrow and wide words, stepped in order."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.engine.box_ranking import (
    box_parts_unrank,
    box_rank,
    box_size,
    box_table,
    box_unrank,
    box_word_rank,
    next_in_box,
)
from grundy.engine.wordops import NARROW_LETTERS, WIDE_LETTERS
from grundy.engine.words import encode
from grundy.partition import Partition

SMALL_BOXES = [(a, b) for a in range(7) for b in range(7)]
#: Every box past the narrow words whose ranks fit an int64: (a, b) with a + b > 56.
WIDE_BOXES = [
    (a, b)
    for a in range(WIDE_LETTERS + 1)
    for b in range(max(0, NARROW_LETTERS + 1 - a), WIDE_LETTERS + 1 - a)
    if comb(a + b, a) < 2**63
]


def padded_diagrams(a: int, b: int) -> list[tuple[int, ...]]:
    """Every diagram inside the a × b box as its parts padded to a, in lexicographic order."""
    return sorted(
        tuple(sorted(rows, reverse=True))
        for rows in itertools.combinations_with_replacement(range(b + 1), a)
    )


def reference_rank(parts: list[int], a: int) -> int:
    """The diagrams padded lexicographically below λ, counted from the definition: those
    that agree on the rows above row i and have a part v < λi there, then any diagram
    of the rows below inside a (a − i) × v box."""
    return sum(comb(a - i - 1 + v, v) for i, part in enumerate(parts) for v in range(part))


def packed(position: Partition, wide: bool) -> np.uint64 | tuple[np.uint64, np.uint64]:
    word = encode(position)
    if wide:
        return (np.uint64(word & (2**64 - 1)), np.uint64(word >> 64))
    return np.uint64(word)


@pytest.mark.parametrize(("a", "b"), SMALL_BOXES)
def test_ranks_list_the_diagrams_of_a_box_in_lexicographic_order(a: int, b: int) -> None:
    diagrams = padded_diagrams(a, b)
    assert box_size(a, b) == len(diagrams) == comb(a + b, a)
    for r, rows in enumerate(diagrams):
        lam = Partition(rows)
        assert box_rank(lam, a, b) == r
        assert box_unrank(a, b, r) == lam
        for wide in (False, True):
            assert box_word_rank(packed(lam, wide), b, box_table(a, b)) == r


@pytest.mark.parametrize(("a", "b"), SMALL_BOXES)
def test_next_in_box_walks_the_box_in_rank_order(a: int, b: int) -> None:
    parts = np.zeros(a, np.int64)
    length = box_parts_unrank(a, b, 0, box_table(a, b), parts)
    for r, rows in enumerate(padded_diagrams(a, b)):
        if r:
            length = next_in_box(parts, length, a)
        assert Partition(parts[:length].tolist()) == Partition(rows)
        assert length == Partition(rows).length


@pytest.mark.parametrize(("a", "b"), [(a, b) for a in range(6) for b in range(6)])
def test_every_diagram_inside_another_ranks_before_it(a: int, b: int) -> None:
    diagrams = padded_diagrams(a, b)
    for r, outer in enumerate(diagrams):
        for s, inner in enumerate(diagrams):
            if inner != outer and all(i <= o for i, o in zip(inner, outer, strict=True)):
                assert s < r


def check_rank(lam: Partition, a: int, b: int) -> None:
    """λ's rank in the a × b box: the reference's, within range, unranked back to λ, and
    the same from a wide word as from a narrow one where it fits one."""
    r = box_rank(lam, a, b)
    assert r == reference_rank(list(lam.parts()), a)
    assert 0 <= r < box_size(a, b)
    assert box_unrank(a, b, r) == lam
    if lam.largest + lam.length <= NARROW_LETTERS:
        assert box_word_rank(packed(lam, False), b, box_table(a, b)) == r
    assert box_word_rank(packed(lam, True), b, box_table(a, b)) == r


@st.composite
def diagram_in_box(draw: st.DrawFn, boxes: st.SearchStrategy) -> tuple[Partition, int, int]:
    a, b = draw(boxes)
    rows = draw(st.lists(st.integers(0, b), max_size=a))
    return Partition(rows), a, b


@settings(max_examples=150, deadline=None)
@given(diagram_in_box(st.tuples(st.integers(0, 30), st.integers(0, 30))))
def test_ranks_of_random_diagrams_in_boxes_up_to_30_by_30(case) -> None:
    check_rank(*case)


@settings(max_examples=150, deadline=None)
@given(diagram_in_box(st.sampled_from(WIDE_BOXES)))
def test_ranks_of_random_diagrams_in_boxes_past_the_narrow_words(case) -> None:
    check_rank(*case)


@pytest.mark.parametrize("letter", range(58, 68))
def test_runs_of_rows_or_columns_across_the_two_limbs(letter: int) -> None:
    """Wide words whose run of U letters (equal parts) or R letters (equal columns)
    crosses from the low limb into the high one at letter 64."""
    for rows in range(1, 8):
        check_rank(Partition([letter] * rows), 10, 100)  # U letters from `letter` on
        check_rank(Partition([letter - rows] * rows), 10, 100)  # U letters up to `letter`
        check_rank(Partition([letter, 1]), 2, 100)  # R letters 1 … letter − 1


def test_box_word_rank_refuses_a_diagram_outside_the_box() -> None:
    table = box_table(3, 4)
    for outside in ([5], [1, 1, 1, 1], [5, 4, 3, 2, 1]):
        for wide in (False, True):
            assert box_word_rank(packed(Partition(outside), wide), 4, table) == -1


def test_bad_boxes_and_ranks_are_refused_naming_the_bad_part() -> None:
    with pytest.raises(ValueError, match=r"a \(rows\) must be non-negative, got -1"):
        box_table(-1, 3)
    with pytest.raises(ValueError, match=r"b \(columns\) must be non-negative, got -2"):
        box_size(3, -2)
    with pytest.raises(ValueError, match=r"a \+ b = 121 letters, at most 120 fit"):
        box_table(1, 120)
    with pytest.raises(ValueError, match=r"more than an int64 rank counts"):
        box_table(40, 40)
    with pytest.raises(TypeError, match=r"a \(rows\) must be an int"):
        box_size(2.0, 2)
    with pytest.raises(ValueError, match=r"partition 3,1 .* not inside the 2 × 2 box"):
        box_rank(Partition([3, 1]), 2, 2)
    with pytest.raises(ValueError, match=r"not inside the 2 × 2 box"):
        box_rank(Partition([1, 1, 1]), 2, 2)
    with pytest.raises(ValueError, match=r"rank must be in 0\.\.5 for the 2 × 2 box, got 6"):
        box_unrank(2, 2, 6)
    with pytest.raises(ValueError, match=r"rank must be in 0\.\.5"):
        box_unrank(2, 2, -1)
