"""PNim (games/pnim/pnim.py, docs/games.md item 10): rules, values, known results, sums, parsing."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.games.pnim import pnim
from grundy.nim import mex
from grundy.partition import Partition, partitions_up_to
from grundy.sums import PartitionSum

PNIM = get_ruleset("pnim")
ALL = list(partitions_up_to(14))

Parts = tuple[int, ...]
Sum = tuple[Parts, ...]


# ------------------------------------------------- reference (tuples only)
@cache
def ref_options(parts: Parts) -> frozenset[Parts]:
    """Every non-empty subset of the row indices, and of the column indices 1..λ1, deleted."""
    out = set()
    rows = len(parts)
    for mask in range(1, 2**rows):
        out.add(tuple(p for i, p in enumerate(parts) if not mask >> i & 1))
    cols = parts[0] if parts else 0
    for mask in range(1, 2**cols):
        # a row of length p keeps the columns 1..p outside the set (bits 0..p−1 of mask)
        kept = (p - (mask & ((1 << p) - 1)).bit_count() for p in parts)
        out.add(tuple(n for n in kept if n))
    return frozenset(out)


@cache
def ref_value(parts: Parts) -> int:
    return mex(ref_value(q) for q in ref_options(parts))


@cache
def ref_misere(position: Sum) -> int:
    """Misère play on a whole sum (sorted tuple of parts tuples); the empty sum is 1."""
    if not position:
        return 1
    seen = set()
    for k, summand in enumerate(position):
        rest = position[:k] + position[k + 1 :]
        for q in ref_options(summand):
            seen.add(ref_misere(tuple(sorted(rest + ((q,) if q else ())))))
    return mex(seen)


def tup(lam: Partition) -> Parts:
    return tuple(lam.parts())


# ------------------------------------------------------------------ rules
def test_registered() -> None:
    assert get_ruleset("PNim") is PNIM is pnim.PNIM
    assert PNIM.reference == "docs/games.md item 10"


def test_options_of_3_2_1() -> None:
    moves = {m: str(p) for m, (p,) in PNIM.summand_options(Partition([3, 2, 1]))}
    assert moves == {
        ("rows", ((1, 1),)): "3,2",
        ("rows", ((2, 1),)): "3,1",
        ("rows", ((2, 1), (1, 1))): "3",
        ("rows", ((3, 1),)): "2,1",
        ("rows", ((3, 1), (1, 1))): "2",
        ("rows", ((3, 1), (2, 1))): "1",
        ("rows", ((3, 1), (2, 1), (1, 1))): "[]",
        ("cols", ((1, 1),)): "2^2,1",
        ("cols", ((2, 1),)): "2,1^2",
        ("cols", ((2, 1), (1, 1))): "1^3",
        ("cols", ((3, 1), (1, 1))): "1^2",
        # the other column sets give 2,1 / 1 / [] again: listed once, as row moves
    }
    assert grundy.value("pnim", "3,2,1") == 5


def test_move_sentences() -> None:
    assert PNIM.format_summand_move(("rows", ((3, 1),))) == "delete a row of length 3"
    assert PNIM.format_summand_move(("rows", ((2, 2), (1, 1)))) == "delete rows of lengths 2^2,1"
    assert PNIM.format_summand_move(("cols", ((4, 1),))) == "delete a column of height 4"
    assert PNIM.format_move(("2,1", ("cols", ((2, 1), (1, 1))))) == (
        "in 2,1: delete columns of heights 2,1"
    )


def test_options_match_reference() -> None:
    for lam in ALL:
        if lam.size > 10:
            break
        moves = list(PNIM.summand_options(lam))
        got = [tup(p) for _, (p,) in moves]
        assert len(got) == len(set(got)), str(lam)  # each result listed once
        assert set(got) == ref_options(tup(lam)), str(lam)
        assert len({m for m, _ in moves}) == len(moves)


def test_row_deletions_count_by_runs() -> None:
    lam = Partition.parse("5^3,2,1^4")
    results = [p for _, p in pnim.row_deletions(lam)]
    assert len(results) == len(set(results)) == 4 * 2 * 5 - 1
    assert Partition() in results


def test_options_of_a_sum() -> None:
    got = {str(child) for _, child in PNIM.options(PNIM.parse("2 + 1 + 1"))}
    assert got == {"1 + 1", "2 + 1", "1 + 1 + 1"}


# ----------------------------------------------------------------- values
@pytest.mark.parametrize("misere", [False, True])
def test_every_partition_up_to_14(misere: bool) -> None:
    reference = Solver(PNIM, fast=False)
    for lam in ALL:
        want = ref_misere((tup(lam),) if lam else ()) if misere else ref_value(tup(lam))
        assert grundy.value("pnim", lam, misere) == want, str(lam)
        assert reference.value(PNIM.parse(lam), misere) == want, str(lam)


def test_one_row_is_nim() -> None:
    # column moves on [n] delete any number of boxes: a Nim heap of n
    for n in range(1, 15):
        assert grundy.value("pnim", [n]) == n


def test_conjugation_invariance_up_to_12() -> None:
    for lam in ALL:
        if lam.size > 12:
            break
        conj = lam.conjugate()
        assert ref_value(tup(lam)) == ref_value(tup(conj)), str(lam)
        flipped = {tup(Partition(q).conjugate()) for q in ref_options(tup(conj))}
        assert flipped == ref_options(tup(lam)), str(lam)
        assert PNIM.canonical(PartitionSum([lam])) == PNIM.canonical(PartitionSum([conj]))


# ------------------------------------------------ known results (docs/games.md 10)
def test_upper_bound_and_where_it_is_attained() -> None:
    below = []
    for lam in ALL[1:]:
        bound = lam.largest + lam.length - 1
        assert ref_value(tup(lam)) <= bound, str(lam)
        if ref_value(tup(lam)) < bound:
            below.append(str(lam))
    # the bound is attained by every partition of n ≤ 14 except these 14 (7 up to conjugation)
    assert below == [
        "2^2",
        "4^2",
        "3^2,2",
        "2^4",
        "3^3",
        "4,3^2",
        "3^3,1",
        "6^2",
        "4^3",
        "3^4",
        "2^6",
        "4^2,3,2",
        "4^3,2",
        "4^2,3^2",
    ]


def test_value_one_exactly_on_the_interval() -> None:
    ones = [lam for lam in ALL if ref_value(tup(lam)) == 1]
    assert ones == [lam for lam in ALL if pnim.is_value_one_shape(lam)]
    assert [str(lam) for lam in ones] == [
        "1",
        "2^2",
        "3^2,2",
        "3^3",
        "4^2,3,2",
        "4^3,2",
        "4^2,3^2",
    ]


def test_is_value_one_shape() -> None:
    yes = ["1", "2^2", "3^2,2", "3^3", "4^2,3,2", "4^4", "5^2,4,3,2", "5^5", "7^3,6,5,4,3"]
    no = ["[]", "2", "2,1", "3^2,1", "3^2,2,1", "4^2,3,1", "4^2,2^2", "5^5,1", "4^3", "1^2"]
    assert all(pnim.is_value_one_shape(Partition.parse(t)) for t in yes)
    assert not any(pnim.is_value_one_shape(Partition.parse(t)) for t in no)
    assert pnim.is_value_one_shape(Partition.parse("1000000^1000000"))


# ------------------------------------------------------------------- sums
SMALL = [lam for lam in ALL if 1 <= lam.size <= 4]
SUMS = [c for k in (2, 3) for c in combinations_with_replacement(SMALL, k)]


def test_sums_of_small_partitions() -> None:
    xor_differs = 0
    for summands in SUMS:
        text = " + ".join(str(p) for p in summands)
        normal = 0
        for p in summands:
            normal ^= ref_value(tup(p))
        assert grundy.value("pnim", text) == normal, text
        misere = ref_misere(tuple(sorted(tup(p) for p in summands)))
        assert grundy.value("pnim", text, misere=True) == misere, text
        separately = 0
        for p in summands:
            separately ^= grundy.value("pnim", p, misere=True)
        xor_differs += misere != separately
    assert xor_differs > 50  # misère values do not add, and grundy does not add them
    assert grundy.value("pnim", "1", misere=True) == 0
    assert grundy.value("pnim", "1 + 1", misere=True) == 1


# ------------------------------------------------------ reading and writing
@pytest.mark.parametrize("text", ["3,2,1 + 2^2", "1 + 1", "[4, 1] + 10^3", "7", "[]"])
def test_round_trip(text: str) -> None:
    position = PNIM.parse(text)
    assert PNIM.parse(PNIM.format_position(position)) == position


# -------------------------------------------------------------- properties
partition_st = st.lists(st.integers(1, 6), min_size=1, max_size=6).map(Partition)


@settings(max_examples=40, deadline=None)
@given(st.lists(partition_st, min_size=1, max_size=3))
def test_larger_sums_nim_add(summands: list[Partition]) -> None:
    position = PartitionSum(summands)
    total = 0
    for p in summands:
        value = ref_value(tup(p))
        assert value <= p.largest + p.length - 1
        total ^= value
    assert grundy.value("pnim", position) == total
    assert total == mex(o.value for o in grundy.options("pnim", position))


@settings(max_examples=30, deadline=None)
@given(
    st.lists(partition_st, min_size=2, max_size=3).filter(lambda s: sum(p.size for p in s) <= 18)
)
def test_misere_sums(summands: list[Partition]) -> None:
    position = PartitionSum(summands)
    want = ref_misere(tuple(sorted(tup(p) for p in summands)))
    assert grundy.value("pnim", position, misere=True) == want
