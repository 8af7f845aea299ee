"""The closed forms of paper 003 (`grundy.games.matrix.matrix_theorems`), each checked
against the generic Solver on the plain matrix game over every case of a range."""

from __future__ import annotations

import itertools
import random

import pytest

import grundy
from grundy import Solver
from grundy.games.column_row import column_row
from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import PLAIN_MATRIX, BoolMatrix, ferrers_matrix
from grundy.partition import rectangle, staircase

PLAIN = Solver(PLAIN_MATRIX, fast=False)  # the reference: plain game, exhaustive search


def search(parts: list[int]) -> int:
    return PLAIN.value(ferrers_matrix(parts))


def partitions_in_box(k: int, low: int, high: int) -> list[list[int]]:
    """All partitions with exactly k parts, each in [low, high], decreasing."""
    return [list(a) for a in itertools.combinations_with_replacement(range(high, low - 1, -1), k)]


# ---------------------------------------------------------------- Section 2
def test_proposition1_permutation_matrices() -> None:
    rng = random.Random(1)
    for n in range(0, 11):
        perm = list(range(n))
        rng.shuffle(perm)
        matrix = BoolMatrix([1 << perm[i] for i in range(n)], n)
        assert PLAIN.value(matrix) == th.permutation_matrix_value(n)
        assert grundy.value("matrix", matrix if n else "0") == th.permutation_matrix_value(n)


def test_theorem1_all_ones() -> None:
    for m in range(0, 9):
        for n in range(0, 9):
            expected = search([n] * m) if m and n else 0
            assert th.all_ones_value(m, n) == expected, (m, n)
    for m in range(1, 40):
        for n in range(1, 40):
            value = th.all_ones_value(m, n)
            assert value == column_row.rectangle_value(m, n)  # 002 Lemma 1.1
            if m + n < 30:
                assert value == grundy.value("lctr", rectangle(m, n))  # 000 Lemma 17


def test_u_values_of_003() -> None:
    """003's computed Gr(U_n), n ≤ 10, against search on the staircase S_n."""
    for n, expected in th.U_VALUES_003.items():
        if n <= 9:
            assert search(list(range(n, 0, -1))) == expected
        assert grundy.value("cr", staircase(n)) == expected


# --------------------------------------------------------- Sections 3 and 4
def test_theorems_2_to_6_every_case_up_to_10() -> None:
    """Every Ferrers matrix with at most 3 rows and at most 10 columns, and its transpose."""
    count = 0
    for k in (1, 2, 3):
        for parts in partitions_in_box(k, 1, 10):
            value = search(parts)
            assert th.ferrers_value(parts) == value, parts
            conjugate = grundy.Partition(parts).conjugate()
            assert th.ferrers_value(conjugate) == value
            count += 1
    assert count == 10 + 55 + 220
    assert th.ferrers_value([]) == 0
    assert th.ferrers_value([4, 4, 4, 4]) is None


def test_individual_theorems_match_dispatcher() -> None:
    for a1 in range(1, 12):
        assert th.corollary1_value(a1) == search([a1])
        assert th.theorem3_value(a1) == search([a1, 1, 1])
        for a2 in range(1, a1 + 1):
            assert th.theorem2_value(a1, a2) == search([a1, a2])
            if a2 >= 2:
                assert th.theorem4_value(a1, a2) == search([a1, a2, 1])
                assert th.theorem5_value(a1, a2) == search([a1, a2, 2])
            for a3 in range(3, a2 + 1):
                assert th.theorem6_value(a1, a2, a3) == search([a1, a2, a3])


@pytest.mark.parametrize(
    ("call", "args"),
    [
        (th.theorem2_value, (2, 3)),
        (th.theorem4_value, (5, 1)),
        (th.theorem5_value, (5, 1)),
        (th.theorem6_value, (5, 4, 2)),
        (th.corollary1_value, (0,)),
        (th.all_ones_value, (-1, 2)),
        (th.permutation_matrix_value, (-1,)),
        (th.theorem7_p, ([9, 8, 7, 4],)),  # not strong
        (th.theorem7_p, ([9, 8, 7, 6, 6],)),  # k = 5, not 4
        (th.theorem13_p, ([9, 8, 7, 6, 6],)),  # k odd
        (th.theorem15_p, ([9, 8, 7, 6],)),  # k even
        (th.theorem12_n, ([9, 8, 7, 6],)),  # k < 5
        (th.remark5_formula, (3,)),
    ],
)
def test_hypotheses_are_checked(call: object, args: tuple) -> None:
    with pytest.raises(ValueError):
        call(*args)  # type: ignore[operator]


# ---------------------------------------------------------------- Section 5
@pytest.mark.parametrize("k", [4, 5, 6])
def test_strong_partitions(k: int) -> None:
    """Every strong partition with k parts, each at most 2k + 2: Theorems 7–16."""
    for parts in partitions_in_box(k, k + 1, 2 * k + 2):
        p_position = search(parts) == 0
        assert th.is_strong(parts)
        assert (th.strong_outcome(parts) == "P") == p_position, parts
        if th.theorem11_p(parts):
            assert p_position
        if k >= 5 and th.theorem12_n(parts):
            assert not p_position
        if k == 4:
            assert th.theorem7_p(parts) == p_position
            assert th.theorem8_n(parts) == (not p_position)
        if k == 5:
            assert th.theorem9_p(parts) == p_position
            assert th.theorem10_n(parts) == (not p_position)
        if k % 2 == 0:
            assert th.theorem13_p(parts) == p_position
            assert th.theorem14_n(parts) == (not p_position)
        else:
            assert th.theorem15_p(parts) == p_position
            assert th.theorem16_n(parts) == (not p_position)


def test_strong_partitions_up_to_three_rows() -> None:
    for k in (1, 2, 3):
        for parts in partitions_in_box(k, k + 1, 9):
            assert (th.strong_outcome(parts) == "P") == (search(parts) == 0)
    assert not th.is_strong([3, 3, 3]) and not th.is_strong([])
    with pytest.raises(ValueError, match="strong"):
        th.strong_outcome([5, 4, 3, 2])


def test_example2_figure2() -> None:
    """003 Example 2: [19, 18, 15, 14, 11, 9, 8] is a P-position."""
    parts = [19, 18, 15, 14, 11, 9, 8]
    assert th.strong_outcome(parts) == "P"
    assert grundy.value("cr", parts) == 0


def test_remark5_counts() -> None:
    for k in range(4, 13):
        assert th.remark5_counts(k) == th.remark5_formula(k)
        p, n = th.remark5_formula(k)
        assert p + n == 2 ** (k - 1)
    assert th.nearest_integer(8, 3) == 3 and th.nearest_integer(16, 3) == 5
    assert th.nearest_integer(1, 2) == 0 and th.nearest_integer(3, 2) == 1


@pytest.mark.parametrize("k", [4, 5, 6])
def test_remark5_counts_by_search(k: int) -> None:
    """Remark 5 reproduced by search: outcomes of the least strong partition of each parity."""
    p_count = 0
    for pattern in th.parity_patterns(k):
        parts = th.smallest_strong_partition(pattern, k)
        assert [a % 2 for a in parts[:-1]] == list(pattern) and th.is_strong(parts)
        p_count += search(parts) == 0
    assert (p_count, 2 ** (k - 1) - p_count) == th.remark5_formula(k)
