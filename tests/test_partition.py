"""Partition: parsing, printing, and every operation against the plain list definitions."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.partition import (
    Partition,
    gamma,
    rectangle,
    staircase,
    thick_gamma,
)

parts_lists = st.lists(st.integers(min_value=1, max_value=12), max_size=12).map(
    lambda xs: sorted(xs, reverse=True)
)


# ----------------------------------------------------- naive list definitions
def naive_conjugate(parts: list[int]) -> list[int]:
    return [sum(1 for p in parts if p >= j) for j in range(1, (parts[0] if parts else 0) + 1)]


def naive_durfee(parts: list[int]) -> int:
    return max([ell for ell in range(1, len(parts) + 1) if parts[ell - 1] >= ell], default=0)


def naive_sub(parts: list[int], i: int, j: int) -> list[int]:
    return [p - j for p in parts[i:] if p - j > 0]


# ------------------------------------------------------------------ parsing
@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("8,7,6,5^2,2,1", [8, 7, 6, 5, 5, 2, 1]),
        ("[8, 7, 6, 5^2, 2, 1]", [8, 7, 6, 5, 5, 2, 1]),
        ("(3 3 1)", [3, 3, 1]),
        ("1 3, 2", [3, 2, 1]),
        ("2^3", [2, 2, 2]),
        ("", []),
        ("0", []),
        ("[]", []),
        ("  ", []),
        ("4,0,0", [4]),
    ],
)
def test_parse_examples(text: str, parts: list[int]) -> None:
    assert Partition.parse(text).to_list() == parts


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("3,-1", "-1"),
        ("3,1.5", "1.5"),
        ("3,x", "x"),
        ("3,2^0", "2^0"),
        ("3^", "3^"),
        ("[3,1", "[3"),
        ("3,^2", "^2"),
    ],
)
def test_parse_rejects_bad_tokens_naming_them(text: str, token: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(token))):
        Partition.parse(text)


def test_parse_needs_a_string() -> None:
    with pytest.raises(TypeError):
        Partition.parse([3, 1])  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [[3, -1], [2.0], ["3"], [True]])
def test_constructor_rejects_non_integer_or_negative_parts(bad: list) -> None:
    with pytest.raises((ValueError, TypeError)):
        Partition(bad)


def test_from_runs_merges_and_validates() -> None:
    assert Partition.from_runs([(2, 1), (5, 2), (2, 3), (1, 0)]).runs == ((5, 2), (2, 4))
    with pytest.raises(ValueError):
        Partition.from_runs([(3, -1)])
    with pytest.raises(TypeError):
        Partition.from_runs([(3,)])


@given(parts_lists)
def test_round_trip_through_text(parts: list[int]) -> None:
    p = Partition(parts)
    assert Partition.parse(str(p)) == p
    assert p.to_list() == parts


def test_equal_partitions_hash_equal() -> None:
    a = Partition.parse("5^2,2")
    b = Partition([2, 5, 5])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Partition.parse("5,2")


def test_coerce() -> None:
    p = Partition.parse("3,1")
    assert Partition.coerce(p) is p
    assert Partition.coerce("3,1") == p == Partition.coerce([1, 3]) == Partition.coerce((3, 1))
    with pytest.raises(TypeError):
        Partition.coerce(3.5)  # type: ignore[arg-type]


# ----------------------------------------------------- operations vs naive
@given(parts_lists)
def test_operations_match_list_definitions(parts: list[int]) -> None:
    p = Partition(parts)
    assert p.size == sum(parts)
    assert p.length == len(parts) == len(p)
    assert p.largest == (parts[0] if parts else 0)
    assert p.conjugate().to_list() == naive_conjugate(parts)
    assert p.conjugate().conjugate() == p
    assert p.durfee() == naive_durfee(parts)
    for i in range(1, len(parts) + 3):
        assert p.part(i) == (parts[i - 1] if i <= len(parts) else 0)
    conj = naive_conjugate(parts)
    for j in range(1, p.largest + 3):
        assert p.column(j) == (conj[j - 1] if j <= len(conj) else 0)


@given(parts_lists, st.integers(0, 14), st.integers(0, 14))
def test_sub_partition_matches_definition_and_eq1(parts: list[int], i: int, j: int) -> None:
    p = Partition(parts)
    assert p.sub(i, j).to_list() == naive_sub(parts, i, j)
    # 000 Eq. (1): (λ[i1, j1])[i2, j2] = λ[i1 + i2, j1 + j2]
    assert p.sub(i // 2, j // 3).sub(i - i // 2, j - j // 3) == p.sub(i, j)
    assert p.contains_box(i, j) == bool(p.sub(i, j))
    # 000 Lemma 6(1): λ'[i, j] = λ[j, i]'
    assert p.conjugate().sub(i, j) == p.sub(j, i).conjugate()


@given(parts_lists)
def test_corners_are_the_boxes_with_subpartition_one(parts: list[int]) -> None:
    p = Partition(parts)
    expected = [
        (i, j) for i in range(len(parts)) for j in range(parts[i]) if naive_sub(parts, i, j) == [1]
    ]
    assert sorted(p.corners()) == expected


def test_sub_rejects_negative_indices() -> None:
    with pytest.raises(ValueError):
        Partition.parse("3").sub(-1, 0)


# ------------------------------------------------------------ huge inputs
def test_huge_run_length_partition_costs_nothing() -> None:
    p = Partition.parse("1000000000000^7, 999999999999^3, 5^100000000000")
    assert p.size == 7 * 10**12 + 3 * 999999999999 + 5 * 10**11
    assert p.length == 10 + 10**11
    assert p.durfee() == 10
    assert str(p.conjugate()) == "100000000010^5,10^999999999994,7"
    assert p.sub(9, 5).runs == ((999999999994, 1),)
    assert p.part(10**11) == 5
    with pytest.raises(ValueError, match="too many"):
        p.to_list()


def test_durfee_of_deep_square() -> None:
    n = 10**15
    assert Partition.from_runs([(n, n)]).durfee() == n
    assert Partition.from_runs([(n, 3), (2, n)]).durfee() == 3


# --------------------------------------------------------------- families
def test_families() -> None:
    assert staircase(4).to_list() == [4, 3, 2, 1]
    assert rectangle(2, 3).to_list() == [3, 3]
    assert gamma(3, 4).to_list() == [4, 1, 1]
    assert gamma(1, 1).to_list() == [1]
    assert thick_gamma(2, 1, 3).to_list() == [3, 3, 2, 2, 2]
    assert thick_gamma(1, 3, 2) == gamma(3, 4)
    with pytest.raises(ValueError):
        staircase(0)
    with pytest.raises(ValueError):
        thick_gamma(1, -1, 0)


def test_quadrated() -> None:
    assert Partition.parse("4^2,2^4").is_quadrated()
    assert Partition.parse("").is_quadrated()
    assert not Partition.parse("4^2,2^3").is_quadrated()
    assert not Partition.parse("3^2").is_quadrated()
