"""Sato–Welter (games/sato_welter/sato_welter.py, docs/games.md item 3): hooks, β-sets,
Welter's function.

Two references written here from the rules alone: the hook game on tuples of
parts and Welter's game on sets of beads.  grundy's values (closed form and
the exhaustive `Solver(fast=False)`) are compared with them on every
partition with n ≤ 14 (normal and misère play) and every bead set in [0, 10).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.games.sato_welter import sato_welter as sw
from grundy.partition import Partition, partitions_up_to

MAX_N = 14
ALL = list(partitions_up_to(MAX_N))
RULES = sw.SATO_WELTER
EXACT = Solver(RULES, fast=False)


# --------------------------------------------------------------- references
def conj(p: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(1 for x in p if x > j) for j in range(p[0])) if p else ()


def ref_options(p: tuple[int, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
    """Box (i, j) → the diagram left when its hook is deleted and the rest closes up."""
    out = {}
    for i, part in enumerate(p):
        for j in range(part):
            cells = {(r, c) for r, row in enumerate(p) for c in range(row)}
            hook = {(i, c) for c in range(j, part)} | {(r, j) for r in range(i, len(p)) if p[r] > j}
            rest = cells - hook
            # close up: boxes right of column j move left, then rows re-sort
            rows = [sum(1 for (r, _) in rest if r == k) for k in range(len(p))]
            out[(i + 1, j + 1)] = tuple(sorted((x for x in rows if x), reverse=True))
    return out


@cache
def ref_value(p: tuple[int, ...], misere: bool) -> int:
    values = {ref_value(q, misere) for q in ref_options(p).values()}
    if not values:
        return 1 if misere else 0
    return min(set(range(len(values) + 1)) - values)


@cache
def bead_game(beads: frozenset[int]) -> int:
    """Welter's game: a coin moves down to an empty place ≥ 0 (normal play)."""
    values = {bead_game(beads - {b} | {q}) for b in beads for q in range(b) if q not in beads}
    return min(set(range(len(values) + 1)) - values)


def pairwise_welter(beads: list[int]) -> int:
    """⊕ a_i ⊕ ⨁_{i<j} (2^{v(a_i−a_j)+1} − 1), written out pair by pair."""
    total = 0
    for a in beads:
        total ^= a
    for a, b in combinations(beads, 2):
        v = ((a - b) & -(a - b)).bit_length() - 1
        total ^= (1 << (v + 1)) - 1
    return total


def parts(lam: Partition) -> tuple[int, ...]:
    return tuple(lam.to_list())


# -------------------------------------------------------------------- rules
def test_names() -> None:
    assert get_ruleset("sato-welter") is get_ruleset("Welter") is RULES
    assert RULES.conjugation_invariant


def test_options_match_reference_box_by_box() -> None:
    for lam in ALL:
        if lam.size > 10:
            break
        got = {move: parts(child) for move, child in RULES.options(lam)}
        assert got == ref_options(parts(lam)), str(lam)
        assert len(set(got.values())) == lam.size  # different boxes, different diagrams


def test_worked_example_3_2_1() -> None:
    children = {str(o.position) for o in grundy.options("sato-welter", "3,2,1")}
    assert children == {"1", "1^3", "2^2,1", "3", "3,1^2", "3,2"}
    assert grundy.value("sato-welter", "3,2,1") == 0
    assert sw.remove_hook(Partition([3, 2, 1]), 1, 1) == Partition([1])
    assert sw.remove_hook(Partition([3, 2, 1]), 1, 2) == Partition([1, 1, 1])


def test_move_labels_and_errors() -> None:
    assert RULES.format_move((2, 3)) == "remove the hook of box (2, 3)"
    with pytest.raises(ValueError, match=r"box \(2, 3\) is not in the diagram"):
        sw.remove_hook(Partition([3, 2]), 2, 3)
    with pytest.raises(ValueError, match="i must be a positive integer"):
        sw.remove_hook(Partition([3, 2]), 0, 1)
    with pytest.raises(TypeError, match="j must be an int"):
        sw.remove_hook(Partition([3, 2]), 1, "2")


# ------------------------------------------------------------------- values
@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference(misere: bool) -> None:
    for lam in ALL:
        expected = ref_value(parts(lam), misere)
        assert grundy.value("sato-welter", lam, misere) == expected, str(lam)
        assert EXACT.value(lam, misere) == expected, str(lam)


def test_closed_form_is_sato_welter_normal_play_only() -> None:
    for lam in ALL:
        value = ref_value(parts(lam), False)
        assert RULES.closed_form(lam) == sw.sato_welter_value(lam) == value, str(lam)
        assert sw.welter(sw.beta_set(lam)) == pairwise_welter(sw.beta_set(lam)) == value
        assert RULES.closed_form(lam, misere=True) is None


def test_welter_is_the_value_of_welters_game() -> None:
    for size in range(11):
        for beads in combinations(range(10), size):
            w = bead_game(frozenset(beads))
            assert sw.welter(beads) == pairwise_welter(list(beads)) == w, beads


def test_padding_does_not_change_the_value() -> None:
    for lam in ALL:
        value = sw.sato_welter_value(lam)
        for extra in range(4):
            beads = sw.beta_set(lam, lam.length + extra)
            assert sw.welter(beads) == value
            assert sw.partition_of_beta_set(beads) == lam


def test_hook_removal_is_a_bead_move() -> None:
    for lam in ALL:
        if lam.size > 9:
            break
        beads = set(sw.beta_set(lam))
        moved = {frozenset(beads - {b} | {q}) for b in beads for q in range(b) if q not in beads}
        children = {frozenset(sw.beta_set(child, lam.length)) for _, child in RULES.options(lam)}
        assert children == moved


def test_beta_set() -> None:
    assert sw.beta_set(Partition([3, 2, 1])) == [5, 3, 1]
    assert sw.beta_set(Partition([3, 2, 1]), 5) == [7, 5, 3, 1, 0]
    assert sw.beta_set(Partition([])) == []
    with pytest.raises(ValueError, match="at least the number of parts 3"):
        sw.beta_set(Partition([3, 2, 1]), 2)
    with pytest.raises(ValueError, match="distinct"):
        sw.welter([3, 1, 3])
    with pytest.raises(ValueError, match="bead must be a non-negative"):
        sw.partition_of_beta_set([2, -1])
    with pytest.raises(TypeError, match="bead must be an int"):
        sw.welter([1.5])


def test_huge_positions() -> None:
    # run-length partitions whose β-set is a few long intervals
    for text in ("1000000^1000001", "10^100000,3^7,1^99999", "2^300000,1"):
        lam = Partition.parse(text)
        assert grundy.value("welter", lam) == grundy.value("welter", lam.conjugate())
    # a long interval of beads against the pair-by-pair formula
    lam = Partition.parse("40^300,7^45,1^33")
    assert sw.sato_welter_value(lam) == pairwise_welter(sw.beta_set(lam))


# -------------------------------------------------------------- conjugation
def test_conjugation_invariant() -> None:
    for lam in ALL:
        if lam.size > 12:
            break
        p, q = parts(lam), parts(lam.conjugate())
        assert set(ref_options(q).values()) == {conj(c) for c in ref_options(p).values()}
        for misere in (False, True):
            assert ref_value(p, misere) == ref_value(q, misere)
        assert RULES.canonical(lam) == RULES.canonical(lam.conjugate())


# ------------------------------------------------------------ input/output
def test_parse_format_round_trip() -> None:
    for lam in ALL[::5]:
        assert RULES.parse(RULES.format_position(lam)) == lam
    assert RULES.parse("[3, 2^2]") == Partition([3, 2, 2])


# --------------------------------------------------------------- properties
@settings(max_examples=100, deadline=None)
@given(st.sets(st.integers(0, 300), max_size=40))
def test_welter_interval_sweep_matches_pairs(beads: set[int]) -> None:
    assert sw.welter(beads) == pairwise_welter(sorted(beads))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 8), max_size=8).map(Partition))
def test_closed_form_random(lam: Partition) -> None:
    # Welter's game on the β-set is the hook game (test_hook_removal_is_a_bead_move)
    assert grundy.value("sato-welter", lam) == bead_game(frozenset(sw.beta_set(lam)))
