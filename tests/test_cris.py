"""CRIS (games/cris/cris.py, docs/games.md item 2): rules, values, sums, parsing."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.games.cris import cris
from grundy.nim import mex
from grundy.partition import Partition, partitions_up_to, rectangle, staircase
from grundy.sums import PartitionSum

CRIS = get_ruleset("cris")
ALL = list(partitions_up_to(14))

Parts = tuple[int, ...]
Sum = tuple[Parts, ...]


# ------------------------------------------------- reference (tuples only)
def ref_splits(parts: Parts) -> set[tuple[Parts, Parts]]:
    """Delete row i or column j of the diagram; the two pieces, nothing closed up."""
    out = set()
    for i in range(len(parts)):
        out.add((parts[:i], parts[i + 1 :]))
    for j in range(1, (parts[0] if parts else 0) + 1):
        left = tuple(min(p, j - 1) for p in parts if min(p, j - 1) > 0)
        right = tuple(p - j for p in parts if p > j)
        out.add((left, right))
    return out


def as_sum(pieces: tuple[Parts, ...]) -> Sum:
    return tuple(sorted(p for p in pieces if p))


@cache
def ref_value(parts: Parts) -> int:
    """Normal play on one partition: the pieces of an option nim-add."""
    return mex(ref_value(a) ^ ref_value(b) for a, b in ref_splits(parts))


@cache
def ref_misere(position: Sum) -> int:
    """Misère play on a whole sum (sorted tuple of parts tuples); the empty sum is 1."""
    if not position:
        return 1
    seen = set()
    for k, summand in enumerate(position):
        rest = position[:k] + position[k + 1 :]
        for pieces in ref_splits(summand):
            seen.add(ref_misere(as_sum(rest + pieces)))
    return mex(seen)


def tup(lam: Partition) -> Parts:
    return tuple(lam.parts())


def to_sum(position: PartitionSum) -> Sum:
    return as_sum(tuple(tup(p) for p in position))


# ------------------------------------------------------------------ rules
def test_registered() -> None:
    assert get_ruleset("CRIS") is CRIS is cris.CRIS
    assert CRIS.reference == "docs/games.md item 2"


def test_options_of_3_2_1() -> None:
    # docs/games.md item 2: delete a row or a column; the pieces are a sum.
    moves = {m: str(PartitionSum(p)) for m, p in CRIS.summand_options(Partition([3, 2, 1]))}
    assert moves == {
        ("row", 1): "2,1",  # = column 1: the same sum, listed once
        ("row", 2): "3 + 1",
        ("row", 3): "3,2",
        ("col", 2): "1^3 + 1",
        ("col", 3): "2^2,1",
    }
    assert CRIS.format_move(("3,2,1", ("col", 2))) == "in 3,2,1: delete column 2"
    assert CRIS.format_move(("3,2,1", ("row", 1))) == "in 3,2,1: delete row 1"


def test_equal_rows_give_different_splits() -> None:
    moves = {m: str(PartitionSum(p)) for m, p in CRIS.summand_options(Partition([2, 2, 2]))}
    assert moves == {("row", 1): "2^2", ("row", 2): "2 + 2", ("col", 1): "1^3"}


def test_options_match_reference() -> None:
    for lam in ALL:
        if lam.size > 10:
            break
        moves = list(CRIS.summand_options(lam))
        got = [to_sum(PartitionSum(pieces)) for _, pieces in moves]
        assert len(got) == len(set(got)), str(lam)  # identical sums listed once
        assert set(got) == {as_sum(p) for p in ref_splits(tup(lam))}, str(lam)
        assert len({m for m, _ in moves}) == len(moves)


def test_options_of_a_sum() -> None:
    position = CRIS.parse("2 + 1 + 1")
    got = {str(child) for _, child in CRIS.options(position)}
    assert got == {"1 + 1", "1 + 1 + 1", "2 + 1"}
    assert len(list(CRIS.options(position))) == 3  # equal summands move alike


def test_delete_row_and_column() -> None:
    lam = Partition([4, 4, 2])
    assert cris.delete_row(lam, 2) == (Partition([4]), Partition([2]))
    assert cris.delete_column(lam, 3) == (Partition([2, 2, 2]), Partition([1, 1]))
    assert cris.delete_column(lam, 1) == (Partition(), Partition([3, 3, 1]))
    with pytest.raises(ValueError, match="no row 4"):
        cris.delete_row(lam, 4)
    with pytest.raises(ValueError, match="no column 0"):
        cris.delete_column(lam, 0)
    with pytest.raises(TypeError, match="column"):
        cris.delete_column(lam, 1.5)


# ----------------------------------------------------------------- values
def test_worked_example() -> None:
    assert grundy.value("cris", "3,2,1") == 1  # docs/games.md item 2
    assert grundy.value("cris", "[]") == 0
    assert grundy.value("cris", "[]", misere=True) == 1


@pytest.mark.parametrize("misere", [False, True])
def test_every_partition_up_to_14(misere: bool) -> None:
    reference = Solver(CRIS, fast=False)
    for lam in ALL:
        want = ref_misere(as_sum((tup(lam),))) if misere else ref_value(tup(lam))
        assert grundy.value("cris", lam, misere) == want, str(lam)
        assert reference.value(CRIS.parse(lam), misere) == want, str(lam)


def test_conjugation_invariance_up_to_12() -> None:
    for lam in ALL:
        if lam.size > 12:
            break
        conj = lam.conjugate()
        assert ref_value(tup(lam)) == ref_value(tup(conj)), str(lam)
        assert ref_misere((tup(lam),)) == ref_misere((tup(conj),)), str(lam)
        flipped = {
            as_sum(tuple(tup(Partition(p).conjugate()) for p in pieces))
            for pieces in ref_splits(tup(conj))
        }
        assert flipped == {as_sum(p) for p in ref_splits(tup(lam))}, str(lam)
        assert CRIS.canonical(PartitionSum([lam])) == CRIS.canonical(PartitionSum([conj]))


def test_rectangles_and_staircases() -> None:
    # docs/findings/cris.md §3: rectangles proved, staircases observed
    for a in range(1, 11):
        for b in range(1, 11):
            want = 1 if a % 2 and b % 2 else 0 if a % 2 == b % 2 == 0 else 2
            assert grundy.value("cris", rectangle(a, b)) == want, (a, b)
    assert [grundy.value("cris", staircase(r)) for r in range(1, 11)] == [1, 0] * 5
    assert [grundy.value("cris", staircase(r), misere=True) for r in range(1, 6)] == [0, 1, 0, 3, 0]


SMALL = [lam for lam in ALL if 1 <= lam.size <= 4]
SUMS = [c for k in (2, 3) for c in combinations_with_replacement(SMALL, k)]


def test_sums_of_small_partitions() -> None:
    xor_differs = 0
    for summands in SUMS:
        position = PartitionSum(summands)
        text = " + ".join(str(p) for p in summands)
        normal = 0
        for p in summands:
            normal ^= ref_value(tup(p))
        assert grundy.value("cris", text) == normal, text
        misere = ref_misere(to_sum(position))
        assert grundy.value("cris", text, misere=True) == misere, text
        separately = 0
        for p in summands:
            separately ^= grundy.value("cris", p, misere=True)
        xor_differs += misere != separately
    assert xor_differs > 50  # misère values do not add, and grundy does not add them
    # smallest example: [1] is worth 0 in misère play, but [1] + [1] is worth 1, not 0 ⊕ 0
    assert grundy.value("cris", "1", misere=True) == 0
    assert grundy.value("cris", "1 + 1", misere=True) == 1


# ------------------------------------------------------ reading and writing
@pytest.mark.parametrize(
    "text", ["3,2,1 + 2^2", "1 + 1 + 1", "[3, 1] + (2) + 4^3", "5", "[]", "0 + 2,1"]
)
def test_round_trip(text: str) -> None:
    position = CRIS.parse(text)
    again = CRIS.parse(CRIS.format_position(position))
    assert again == position
    assert CRIS.format_position(again) == CRIS.format_position(position)


def test_parse_forms() -> None:
    assert str(CRIS.parse("2^2 + 3,2,1")) == "3,2,1 + 2^2"
    assert CRIS.parse([3, 2, 1]) == CRIS.parse("3,2,1") == CRIS.parse(Partition([3, 2, 1]))
    assert CRIS.parse([[2, 2], "3,2,1"]) == CRIS.parse("3,2,1 + 2,2")
    assert str(CRIS.parse("0 + 2,1")) == "2,1"  # empty summands are dropped


def test_box_positions_and_diagram() -> None:
    position = CRIS.parse("3,1")
    table = CRIS.box_positions(position)
    assert [[str(p) for p in row] for row in table] == [["3,1", "2", "1"], ["1"]]
    with pytest.raises(ValueError, match="single partition"):
        CRIS.diagram(CRIS.parse("1 + 1"))


# -------------------------------------------------------------- properties
partition_st = st.lists(st.integers(1, 7), min_size=1, max_size=6).map(Partition)


@settings(max_examples=40, deadline=None)
@given(st.lists(partition_st, min_size=1, max_size=3))
def test_larger_sums_nim_add(summands: list[Partition]) -> None:
    position = PartitionSum(summands)
    total = 0
    for p in summands:
        total ^= ref_value(tup(p))
    assert grundy.value("cris", position) == total
    opts = grundy.options("cris", position)
    assert total == mex(o.value for o in opts)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(partition_st, min_size=1, max_size=3).filter(lambda s: sum(p.size for p in s) <= 16)
)
def test_misere_sums(summands: list[Partition]) -> None:
    position = PartitionSum(summands)
    want = ref_misere(to_sum(position))
    assert grundy.value("cris", position, misere=True) == want
    opts = grundy.options("cris", position, misere=True)
    assert want == mex(o.value for o in opts)
