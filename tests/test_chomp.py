"""Chomp (games/chomp/chomp.py, docs/games.md item 1): rules, closed form, known facts, symmetry.

The reference below is written from docs/games.md alone, on sets of boxes; every
value of grundy (fast path and the exhaustive `Solver(fast=False)`) is
compared with it on every partition with n ≤ 14, normal and misère play.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.games.chomp import chomp
from grundy.partition import Partition, gamma, partitions_up_to, rectangle

MAX_N = 14
ALL = [lam for lam in partitions_up_to(MAX_N) if lam]
RULES = chomp.CHOMP
EXACT = Solver(RULES, fast=False)


# --------------------------------------------------------------- reference
def boxes(p: tuple[int, ...]) -> set[tuple[int, int]]:
    return {(i, j) for i, part in enumerate(p) for j in range(part)}


def shape(cells: set[tuple[int, int]]) -> tuple[int, ...]:
    rows = Counter(i for i, _ in cells)
    return tuple(sorted(rows.values(), reverse=True))


def ref_options(p: tuple[int, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
    """Box (i, j) ≠ (1, 1), 1-based → the diagram without every (i′, j′) ≥ (i, j)."""
    cells = boxes(p)
    return {
        (i + 1, j + 1): shape({(a, b) for a, b in cells if not (a >= i and b >= j)})
        for i, j in cells
        if (i, j) != (0, 0)
    }


@cache
def ref_value(p: tuple[int, ...], misere: bool) -> int:
    values = {ref_value(q, misere) for q in ref_options(p).values()}
    if not values:
        return 1 if misere else 0
    return min(set(range(len(values) + 1)) - values)


def parts(lam: Partition) -> tuple[int, ...]:
    return tuple(lam.to_list())


def conj(p: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(1 for x in p if x > j) for j in range(p[0])) if p else ()


# ------------------------------------------------------------------- rules
def test_name_and_flags() -> None:
    assert get_ruleset("chomp") is get_ruleset("Chomp") is RULES
    assert RULES.conjugation_invariant and not RULES.allows_empty
    assert "St000681" in RULES.reference and "St000681" in chomp.__doc__


def test_option_sets_match_reference() -> None:
    for lam in ALL:
        if lam.size > 10:
            break
        moves = dict(RULES.options(lam))
        assert len(moves) == lam.size - 1  # one label per box but the poison
        assert {m: parts(c) for m, c in moves.items()} == ref_options(parts(lam)), str(lam)
        assert len(set(moves.values())) == len(moves)  # different boxes, different diagrams


def test_worked_examples() -> None:
    # docs/games.md item 1
    assert [grundy.value("chomp", p) for p in ("1", "1,1", "2,1")] == [0, 1, 0]
    assert grundy.options("chomp", "1") == []
    assert {o.move: str(o.position) for o in grundy.options("chomp", "3,2,1")} == {
        (1, 2): "1^3",
        (1, 3): "2^2,1",
        (2, 1): "3",
        (2, 2): "3,1^2",
        (3, 1): "3,2",
    }
    assert grundy.value("chomp", "3,2,1") == 1


def test_bite() -> None:
    lam = Partition.parse("5^3,2^2")
    assert chomp.bite(lam, 2, 3) == Partition([5, 2, 2, 2, 2])
    assert chomp.bite(lam, 4, 2) == Partition([5, 5, 5, 1, 1])
    assert chomp.bite(lam, 1, 6) == lam  # no box there: nothing goes
    assert chomp.bite(Partition.parse("10^1000000"), 500001, 1) == Partition.parse("10^500000")
    assert RULES.format_move((2, 3)) == "bite at box (2, 3)"


# ------------------------------------------------------------------ values
@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference(misere: bool) -> None:
    for lam in ALL:
        expected = ref_value(parts(lam), misere)
        assert grundy.value("chomp", lam, misere) == expected, str(lam)
        assert EXACT.value(lam, misere) == expected, str(lam)


@pytest.mark.parametrize("misere", [False, True])
def test_gamma_closed_form_against_search(misere: bool) -> None:
    # [a, 1^(b−1)] is two-pile Nim on (a − 1, b − 1); misère: misère Nim
    used = 0
    for lam in ALL:
        form = RULES.closed_form(lam, misere)
        runs = lam.runs
        is_gamma = len(runs) == 1 and 1 in runs[0]
        is_gamma |= len(runs) == 2 and runs[0][1] == 1 and runs[1][0] == 1
        assert (form is not None) == is_gamma, str(lam)
        if form is not None:
            used += 1
            assert form == EXACT.value(lam, misere), str(lam)
    assert used == sum(range(1, MAX_N + 1))  # n gammas [a, 1^(n−a)] of each size n
    for a in range(1, 8):
        for b in range(1, 8):
            nim = (a - 1) ^ (b - 1)
            assert chomp.gamma_value(a, b) == nim == ref_value(parts(gamma(b, a)), False)
            misere_nim = nim ^ 1 if max(a, b) <= 2 else nim
            assert chomp.gamma_value(a, b, misere=True) == misere_nim
    with pytest.raises(ValueError, match="a=0"):
        chomp.gamma_value(0, 3)


def test_huge_gammas() -> None:
    assert grundy.value("chomp", "1000000,1^999999") == 0
    assert grundy.value("chomp", "1000000,1^999") == 999999 ^ 999
    assert grundy.value("chomp", "1^1000000", misere=True) == 999999


# ------------------------------------------------------------- known facts
def test_rectangles_are_n_positions() -> None:
    # strategy stealing: every rectangle but [1] is an N-position (6×6 and below)
    for r in range(1, 7):
        for c in range(1, 7):
            value = EXACT.value(rectangle(r, c))
            assert (value == 0) == (r == c == 1), (r, c)


def test_two_row_p_positions() -> None:
    # P-positions with at most two rows: exactly [a, a − 1] (n ≤ 41 here)
    for a in range(1, 21):
        for b in range(a + 1):
            p = (a, b) if b else (a,)
            assert (ref_value(p, False) == 0) == (b == a - 1), p
            assert ref_value(conj(p), False) == ref_value(p, False)


# -------------------------------------------------------------- conjugation
def test_conjugation_invariant() -> None:
    for lam in ALL:
        if lam.size > 12:
            break
        p, q = parts(lam), parts(lam.conjugate())
        assert set(ref_options(q).values()) == {conj(c) for c in ref_options(p).values()}
        for misere in (False, True):
            assert ref_value(p, misere) == ref_value(q, misere)
        assert RULES.canonical(lam) == RULES.canonical(lam.conjugate()) in (lam, lam.conjugate())


# ----------------------------------------------------------- input/output
def test_parse_format_round_trip() -> None:
    for lam in ALL[::5]:
        assert RULES.parse(RULES.format_position(lam)) == lam
    assert RULES.parse("[3, 2^2, 1]") == Partition([3, 2, 2, 1])


# --------------------------------------------------------------- properties
@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=6).map(Partition), st.booleans())
def test_random(lam: Partition, misere: bool) -> None:
    expected = ref_value(parts(lam), misere)
    assert grundy.value("chomp", lam, misere) == expected
    assert grundy.value("chomp", lam.conjugate(), misere) == expected
