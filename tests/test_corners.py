"""The corner games (games/corners/corners.py, docs/games.md items 6–9): rules, symmetry,
misère play.

The references below are written from docs/games.md alone, on sets of boxes; every
value of grundy (fast path and the exhaustive `Solver(fast=False)`) is
compared with them on every partition with n ≤ 14, normal and misère play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, get_ruleset
from grundy.games.corners import corners
from grundy.partition import Partition, partitions_up_to

MAX_N = 14
ALL = list(partitions_up_to(MAX_N))
GAMES = ("corner", "consecutive-corner", "scc", "anticorner")
RULES = {
    "corner": corners.CORNER,
    "consecutive-corner": corners.CONSECUTIVE_CORNER,
    "scc": corners.SCC,
    "anticorner": corners.ANTICORNER,
}
EXACT = {name: Solver(rules, fast=False) for name, rules in RULES.items()}

Parts = tuple[int, ...]
Cells = set[tuple[int, int]]


# --------------------------------------------------------------- reference
def cells(p: Parts) -> Cells:
    return {(i, j) for i, part in enumerate(p) for j in range(part)}


def shape(boxes: Cells) -> Parts:
    rows = Counter(i for i, _ in boxes)
    return tuple(sorted(rows.values(), reverse=True))


def corner_list(p: Parts) -> list[tuple[int, int]]:
    """Last box of every row strictly longer than the row below, top to bottom (0-based)."""
    return [(i, p[i] - 1) for i in range(len(p)) if p[i] > (p[i + 1] if i + 1 < len(p) else 0)]


def corner_sets(game: str, k: int) -> set[frozenset[int]]:
    """Positions in the corner list a move may take."""
    if game == "corner":
        return {frozenset(t for t in range(k) if mask >> t & 1) for mask in range(1, 1 << k)}
    runs = {frozenset(range(a, b + 1)) for a in range(k) for b in range(a, k)}
    if game == "consecutive-corner":
        return runs
    return {run for run in runs if 0 in run or k - 1 in run}  # scc


def ref_corner_options(game: str, p: Parts) -> set[Parts]:
    listed = corner_list(p)
    return {
        shape(cells(p) - {listed[t] for t in chosen}) for chosen in corner_sets(game, len(listed))
    }


def ref_anticorner_options(p: Parts) -> set[Parts]:
    """Bite (delete (i′, j′) ≥ (i, j)) at (1, λ1), at (ℓ, 1) unless λ = [1], and at
    (i, λ_{i+1}) for i < ℓ with λ_{i+1} < λ_i (1-based, as docs/games.md item 9)."""
    if not p:
        return set()
    ell = len(p)
    candidates = [(1, p[0])]
    if p != (1,):
        candidates.append((ell, 1))
    candidates += [(i, p[i]) for i in range(1, ell) if p[i] < p[i - 1]]  # p[i] = λ_{i+1}
    return {
        shape({(a, b) for a, b in cells(p) if not (a + 1 >= i and b + 1 >= j)})
        for i, j in candidates
    }


def ref_options(game: str, p: Parts) -> set[Parts]:
    return ref_anticorner_options(p) if game == "anticorner" else ref_corner_options(game, p)


@cache
def ref_value(game: str, p: Parts, misere: bool) -> int:
    values = {ref_value(game, q, misere) for q in ref_options(game, p)}
    if not values:
        return 1 if misere else 0
    return min(set(range(len(values) + 1)) - values)


def parts(lam: Partition) -> Parts:
    return tuple(lam.to_list())


def conj(p: Parts) -> Parts:
    return tuple(sum(1 for x in p if x > j) for j in range(p[0])) if p else ()


# ------------------------------------------------------------------- rules
def test_names() -> None:
    for name, rules in RULES.items():
        assert get_ruleset(name) is get_ruleset(name.upper()) is rules
        assert rules.conjugation_invariant and rules.allows_empty


@pytest.mark.parametrize("game", GAMES)
def test_option_sets_match_reference(game: str) -> None:
    count: dict[str, Callable[[int], int]] = {
        "corner": lambda k: 2**k - 1,
        "consecutive-corner": lambda k: k * (k + 1) // 2,
        "scc": lambda k: 2 * k - 1,
        "anticorner": lambda k: k + 1,
    }
    for lam in ALL:
        if lam.size > 10:
            break
        moves = list(RULES[game].options(lam))
        children = [parts(child) for _, child in moves]
        assert set(children) == ref_options(game, parts(lam)), str(lam)
        assert len(set(children)) == len({m for m, _ in moves}) == len(moves)
        k = len(lam.runs)
        expected = 0 if not lam else 1 if lam == Partition([1]) else count[game](k)
        assert len(moves) == expected, str(lam)


def test_worked_examples_3_2_1() -> None:
    # docs/games.md items 6–9 on [3,2,1]
    lam = "3,2,1"
    assert len(grundy.options("corner", lam)) == 7
    assert grundy.value("corner", lam) == 4
    assert len(grundy.options("consecutive-corner", lam)) == 6
    assert grundy.value("consecutive-corner", lam) == 4
    scc = {str(o.position) for o in grundy.options("scc", lam)}
    assert scc == {"2^2,1", "2,1^2", "2,1", "3,2", "3,1"}
    assert grundy.value("scc", lam) == 0
    anti = {str(o.position) for o in grundy.options("anticorner", lam)}
    assert anti == {"2^2,1", "1^3", "3", "3,2"}
    assert grundy.value("anticorner", lam) == 0
    # the moves left out of the smaller games: {1, 3} (not a run), {2} (not an end)
    full = {o.move for o in grundy.options("corner", lam)}
    assert full - {o.move for o in grundy.options("consecutive-corner", lam)} == {(1, 3)}
    assert full - {o.move for o in grundy.options("scc", lam)} == {(1, 3), (2,)}


def test_corner_helpers() -> None:
    lam = Partition.parse("5^3,2^2,1")
    assert corners.outer_corners(lam) == [3, 5, 6]
    assert corners.outer_corners(Partition([])) == []
    assert corners.delete_corners(lam, [3, 6]) == Partition([5, 5, 4, 2, 2])
    assert corners.delete_corners(lam, ()) == lam
    with pytest.raises(ValueError, match=r"row\(s\) \[2\]"):
        corners.delete_corners(lam, [2])
    with pytest.raises(ValueError, match="row 3 is given twice"):
        corners.delete_corners(lam, [3, 3])
    huge = Partition.parse("7^1000000,3")
    assert corners.delete_corners(huge, [1000000]) == Partition.parse("7^999999,6,3")


def test_anticorner_boxes_and_the_one_box() -> None:
    assert corners.anticorner_boxes(Partition([3, 2, 1])) == [(1, 3), (1, 2), (2, 1), (3, 1)]
    assert corners.anticorner_boxes(Partition([])) == []
    # [1]: the first box of the bottom row is excluded; the last box of row 1 is the same
    # box (1, 1), and biting it leaves []: the exception changes no option
    assert corners.anticorner_boxes(Partition([1])) == [(1, 1)]
    assert dict(corners.ANTICORNER.options(Partition([1]))) == {(1, 1): Partition([])}
    assert ref_anticorner_options((1,)) == {()}
    assert grundy.value("anticorner", "1") == 1
    assert dict(corners.ANTICORNER.options(Partition([4]))) == {
        (1, 4): Partition([3]),
        (1, 1): Partition([]),
    }


def test_move_labels() -> None:
    assert dict(corners.SCC.options(Partition([2, 1]))) == {
        (1,): Partition([1, 1]),
        (1, 2): Partition([1]),
        (2,): Partition([2]),
    }
    assert corners.CORNER.format_move((2,)) == "delete the last box of row 2"
    assert corners.CORNER.format_move((1, 3)) == "delete the last box of rows 1, 3"
    assert corners.ANTICORNER.format_move((2, 1)) == "bite at box (2, 1)"


# ------------------------------------------------------------------ values
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference(game: str, misere: bool) -> None:
    for lam in ALL:
        expected = ref_value(game, parts(lam), misere)
        assert grundy.value(game, lam, misere) == expected, str(lam)
        assert EXACT[game].value(lam, misere) == expected, str(lam)


@pytest.mark.parametrize("game", GAMES[:3])
def test_rows_columns_closed_form_and_misere(game: str) -> None:
    # module docstring: G([n]) = n mod 2 = 1 − G⁻([n]); G⁻ = G off rows and columns
    rules = RULES[game]
    for lam in ALL:
        normal = EXACT[game].value(lam, False)
        misere = EXACT[game].value(lam, True)
        if len(lam.runs) <= 1 and (not lam or 1 in lam.runs[0]):
            assert rules.closed_form(lam) == normal == lam.size % 2
            assert rules.closed_form(lam, misere=True) == misere == 1 - normal
        else:
            assert rules.closed_form(lam) is None and rules.closed_form(lam, True) is None
            assert misere == normal, str(lam)
    assert grundy.value(game, "1^1000001") == 1
    assert grundy.value(game, "1000000", misere=True) == 1


def test_anticorner_misere_differs_widely() -> None:
    # no such rule for Anticorner: G⁻ ≠ G already on a partition with two rows
    assert ref_value("anticorner", (2, 1), False) == 1
    assert ref_value("anticorner", (2, 1), True) == 0
    assert corners.ANTICORNER.closed_form(Partition([2])) is None


# -------------------------------------------------------------- conjugation
@pytest.mark.parametrize("game", GAMES)
def test_conjugation_invariant(game: str) -> None:
    for lam in ALL:
        if lam.size > 12:
            break
        p, q = parts(lam), parts(lam.conjugate())
        assert ref_options(game, q) == {conj(c) for c in ref_options(game, p)}, str(lam)
        for misere in (False, True):
            assert ref_value(game, p, misere) == ref_value(game, q, misere)
        rules = RULES[game]
        assert rules.canonical(lam) == rules.canonical(lam.conjugate())


# ----------------------------------------------------------- input/output
@pytest.mark.parametrize("game", GAMES)
def test_parse_format_round_trip(game: str) -> None:
    rules = RULES[game]
    for lam in ALL[::5]:
        assert rules.parse(rules.format_position(lam)) == lam
    assert rules.parse("[3, 2^2, 1]") == Partition([3, 2, 2, 1])
    assert rules.parse("") == Partition([])


# --------------------------------------------------------------- properties
@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(1, 6), max_size=6).map(Partition),
    st.sampled_from(GAMES),
    st.booleans(),
)
def test_random(lam: Partition, game: str, misere: bool) -> None:
    expected = ref_value(game, parts(lam), misere)
    assert grundy.value(game, lam, misere) == expected
    assert grundy.value(game, lam.conjugate(), misere) == expected
