"""Non-repetitive LCTR (games/lctr/lctr_nonrep.py): rules, conjugation, comparison with LCTR.

The reference plays on tuples of parts with the history as a string: a move
is legal unless the last four moves (history + move) hold two L and two T.
"""

from __future__ import annotations

import doctest
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver
from grundy.games.lctr import lctr_nonrep
from grundy.games.lctr.lctr_nonrep import LCTR_NONREP, NonRepPosition, allowed, swap
from grundy.partition import Partition, partitions_up_to

Parts = tuple[int, ...]
MAX_N = 14
ALL = list(partitions_up_to(MAX_N))
HISTORIES = ["", *"LT", *(a + b for a in "LT" for b in "LT")]
HISTORIES += [a + b for a in "LT" for b in HISTORIES[3:]]
FORBIDDEN = {"LLTT", "LTLT", "LTTL", "TLLT", "TLTL", "TTLL"}


# ----------------------------------------------------------------- reference
def ref_moves(parts: Parts, history: str) -> list[tuple[str, Parts, str]]:
    if not parts:
        return []
    out = []
    for move, child in (("T", parts[1:]), ("L", tuple(p - 1 for p in parts if p > 1))):
        if (history + move)[-4:] not in FORBIDDEN:
            out.append((move, child, (history + move)[-3:]))
    return out


@cache
def ref_value(parts: Parts, history: str, misere: bool) -> int:
    seen = {ref_value(child, h, misere) for _, child, h in ref_moves(parts, history)}
    if not seen:
        return 1 if misere else 0
    m = 0
    while m in seen:
        m += 1
    return m


def parts_of(lam: Partition) -> Parts:
    return tuple(lam.parts())


# -------------------------------------------------------------------- rules
def test_registered_name_and_histories() -> None:
    assert grundy.get_ruleset("lctr-nonrep") is LCTR_NONREP
    assert len(HISTORIES) == 15 and len(set(HISTORIES)) == 15


def test_options_match_reference() -> None:
    for lam in ALL:
        if lam.size > 10:
            continue
        for h in HISTORIES:
            got = [
                (m, parts_of(p.partition), p.history)
                for m, p in LCTR_NONREP.options(NonRepPosition(lam, h))
            ]
            assert got == ref_moves(parts_of(lam), h), (str(lam), h)


def test_worked_example() -> None:
    # docs/games.md: LCTR on [3,2,1] → [2,1] (T) and [2,1] (L); the history only forbids moves.
    moves = [
        (m, LCTR_NONREP.format_position(p))
        for m, p in LCTR_NONREP.options(LCTR_NONREP.parse("3,2,1"))
    ]
    assert moves == [("T", "2,1 | T"), ("L", "2,1 | L")]
    assert [m for m, _ in LCTR_NONREP.options(LCTR_NONREP.parse("3,2,1 | LTL"))] == ["L"]
    assert [m for m, _ in LCTR_NONREP.options(LCTR_NONREP.parse("3,2,1 | TTL"))] == ["T"]
    assert [m for m, _ in LCTR_NONREP.options(LCTR_NONREP.parse("3,2,1 | LLL"))] == ["T", "L"]
    assert LCTR_NONREP.format_move("T") == "remove the top row"
    assert grundy.value("lctr-nonrep", "3,2,1") == 1


def test_only_the_empty_diagram_is_terminal() -> None:
    for h in HISTORIES:
        assert [m for m in "LT" if allowed(h, m)], h
        assert list(LCTR_NONREP.options(NonRepPosition(Partition(), h))) == []
    assert {h for h in HISTORIES if len(h) == 3 and not allowed(h, "L")} == {
        "LTT", "TLT", "TTL",
    }  # fmt: skip


@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference_on_every_partition(misere: bool) -> None:
    exact = Solver(LCTR_NONREP, fast=False)
    for lam in ALL:
        for h in HISTORIES if lam.size <= 10 else [""]:
            want = ref_value(parts_of(lam), h, misere)
            assert exact.value(NonRepPosition(lam, h), misere) == want, (str(lam), h)
            # the compiled kernel (grundy.value takes it when the key fits)
            assert grundy.value("lctr-nonrep", (lam, h), misere) == want, (str(lam), h)


def test_kernel_keys_and_their_limit() -> None:
    assert LCTR_NONREP.kernel.key(NonRepPosition(Partition([26] * 25), "TTL")) is not None
    too_big = NonRepPosition(Partition([26] * 26), "TTL")  # 52 letters: no room for h
    assert LCTR_NONREP.kernel.key(too_big) is None
    assert grundy.value("lctr-nonrep", too_big) == ref_value((26,) * 26, "TTL", False)


def test_values_at_most_two() -> None:
    for misere in (False, True):
        values = {ref_value(parts_of(lam), h, misere) for lam in ALL for h in HISTORIES}
        assert values == {0, 1, 2}


# ------------------------------------------------------------- conjugation
def test_conjugation_swaps_l_and_t() -> None:
    for lam in ALL:
        if lam.size > 12:
            continue
        for h in HISTORIES:
            for misere in (False, True):
                assert ref_value(parts_of(lam), h, misere) == ref_value(
                    parts_of(lam.conjugate()), swap(h), misere
                ), (str(lam), h)
            canon = LCTR_NONREP.canonical(NonRepPosition(lam, h))
            assert canon in (NonRepPosition(lam, h), NonRepPosition(lam.conjugate(), swap(h)))
            assert canon == LCTR_NONREP.canonical(NonRepPosition(lam.conjugate(), swap(h)))


def test_conjugation_without_swapping_fails() -> None:
    # (λ′, h) is not the same game as (λ, h): the smallest case.
    bad = [
        (lam, h) for lam in ALL if lam.size <= 4 for h in HISTORIES
        if ref_value(parts_of(lam), h, False) != ref_value(parts_of(lam.conjugate()), h, False)
    ]  # fmt: skip
    assert bad and min(lam.size for lam, _ in bad) == 2
    assert grundy.value("lctr-nonrep", "2 | LTT") != grundy.value("lctr-nonrep", "1,1 | LTT")


# ---------------------------------------------------- comparison with LCTR
@pytest.mark.parametrize(("misere", "first"), [(False, {"4^2", "2^4"}), (True, {"3^3"})])
def test_comparison_with_lctr(misere: bool, first: set[str]) -> None:
    # docs/findings/lctr_nonrep.md: the smallest partitions where the values differ.
    differ = [
        lam for lam in ALL
        if ref_value(parts_of(lam), "", misere) != grundy.value("lctr", lam, misere)
    ]  # fmt: skip
    smallest = min(lam.size for lam in differ)
    assert {str(lam) for lam in differ if lam.size == smallest} == first
    counts = {n: sum(1 for lam in differ if lam.size == n) for n in range(11, 15)}
    assert counts == (
        {11: 6, 12: 15, 13: 20, 14: 33} if not misere else {11: 9, 12: 16, 13: 25, 14: 40}
    )


def test_box_positions_are_fresh_sub_diagrams() -> None:
    lam = Partition([4, 2, 1])
    grid = LCTR_NONREP.box_positions(LCTR_NONREP.parse("4,2,1 | LT"))
    assert LCTR_NONREP.diagram(LCTR_NONREP.parse("4,2,1 | LT")) == lam
    assert grid == [
        [NonRepPosition(lam.sub(i, j)) for j in range(p)] for i, p in enumerate([4, 2, 1])
    ]


def test_positions_of_size() -> None:
    assert [len(list(LCTR_NONREP.positions_of_size(n))) for n in range(8)] == [
        1, 1, 2, 3, 5, 7, 11, 15,
    ]  # fmt: skip
    assert all(p.history == "" for p in LCTR_NONREP.positions_of_size(6))


# ------------------------------------------------------- reading and writing
def test_round_trip() -> None:
    for lam in ALL[:200]:
        for h in HISTORIES:
            p = NonRepPosition(lam, h)
            assert LCTR_NONREP.parse(LCTR_NONREP.format_position(p)) == p
    assert LCTR_NONREP.format_position(LCTR_NONREP.parse("3,2,1")) == "3,2,1"
    assert LCTR_NONREP.format_position(LCTR_NONREP.parse(" 3,2,1 |LT ")) == "3,2,1 | LT"
    assert LCTR_NONREP.parse("[] | T") == NonRepPosition(Partition(), "T")
    assert LCTR_NONREP.parse(([3, 1], "TL")) == NonRepPosition(Partition([3, 1]), "TL")
    assert LCTR_NONREP.parse([3, 1]) == NonRepPosition(Partition([3, 1]), "")


@pytest.mark.parametrize(
    ("spec", "error", "match"),
    [
        ("3,2,1 | LX", ValueError, "bad move 'X'"),
        ("3,2,1 | lt", ValueError, "bad move 'l'"),
        ("3,2,1 | LTLT", ValueError, "has 4 moves"),
        ("3,2,1 |", ValueError, "empty history"),
        ("3,a | L", ValueError, "bad partition token 'a'"),
        ("3,2 | L | T", ValueError, "bad move ' ' in history 'L | T'"),
        (([3], 5), TypeError, "part must be an int"),
        (NonRepPosition([3], "L"), TypeError, "expected a Partition"),
        (3.5, TypeError, "float"),
    ],
)
def test_bad_input(spec: object, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        LCTR_NONREP.parse(spec)


def test_doctests() -> None:
    assert doctest.testmod(lctr_nonrep).failed == 0


# -------------------------------------------------------------- hypothesis
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 12), min_size=0, max_size=10),
    st.sampled_from(HISTORIES),
    st.booleans(),
)
def test_random_partitions(parts: list[int], history: str, misere: bool) -> None:
    lam = Partition(parts)
    want = ref_value(parts_of(lam), history, misere)
    assert grundy.value(LCTR_NONREP, NonRepPosition(lam, history), misere) == want
