"""d-dimensional LCTR (games/lctr/lctr_3d.py): rules, plane partitions, d = 2 = LCTR, boxes.

The reference below plays 3-dimensional LCTR on plane partitions written as
tuples of rows of heights, with the three moves of docs/games.md: delete the first
row, delete the first column, lower every height by one.
"""

from __future__ import annotations

import doctest
from functools import cache
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver
from grundy.games.lctr import lctr_3d
from grundy.games.lctr.lctr import downright_value, lemma17_rectangle
from grundy.games.lctr.lctr_3d import (
    LCTR_3D,
    Antichain,
    DimensionalLCTR,
    box_value,
    cell_values,
    from_heights,
    from_partition,
    to_partition,
)
from grundy.partition import Partition, partitions_up_to

PP = tuple[tuple[int, ...], ...]
A000219 = [1, 1, 3, 6, 13, 24, 48, 86, 160, 282, 500, 859, 1479, 2485, 4167]
A000293 = [1, 1, 4, 10, 26, 59, 140, 307, 684]  # solid partitions (d = 4)
MAX_N = 12  # every plane partition of n ≤ 12 against the reference (both conventions)


# ----------------------------------------------------------------- reference
def ref_rows_under(m: int, bound: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Weakly decreasing positive rows of sum m, entry k at most bound[k]."""

    def rec(m: int, k: int, cap: int) -> list[tuple[int, ...]]:
        if m == 0:
            return [()]
        if k >= len(bound):
            return []
        return [
            (x, *rest) for x in range(min(m, cap, bound[k]), 0, -1) for rest in rec(m - x, k + 1, x)
        ]

    return rec(m, 0, m)


def ref_plane_partitions(n: int, above: tuple[int, ...] | None = None) -> list[PP]:
    if n == 0:
        return [()]
    bound = above if above is not None else (n,) * n
    return [
        (row, *rest)
        for m in range(n, 0, -1)
        for row in ref_rows_under(m, bound)
        for rest in ref_plane_partitions(n - m, row)
    ]


def ref_moves(pp: PP) -> list[PP]:
    """Delete the first row, delete the first column, lower every height (docs/games.md)."""
    if not pp:
        return []
    lowered = tuple(t for t in (tuple(h - 1 for h in row if h > 1) for row in pp) if t)
    return [pp[1:], tuple(row[1:] for row in pp if len(row) > 1), lowered]


def ref_mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


@cache
def ref_value(pp: PP, misere: bool) -> int:
    moves = ref_moves(pp)
    if not moves:
        return 1 if misere else 0
    return ref_mex({ref_value(q, misere) for q in moves})


def ref_permute(pp: PP, order: tuple[int, ...]) -> PP:
    """The plane partition with the cubes' coordinates (row, column, height) permuted."""
    columns: dict[tuple[int, int], int] = {}  # (new row, new column) → number of cubes
    for r, row in enumerate(pp, 1):
        for c, top in enumerate(row, 1):
            for h in range(1, top + 1):
                x = (r, c, h)
                key = (x[order[0]], x[order[1]])
                columns[key] = columns.get(key, 0) + 1
    out = []
    r = 1
    while (r, 1) in columns:
        c = 1
        while (r, c + 1) in columns:
            c += 1
        out.append(tuple(columns[r, k] for k in range(1, c + 1)))
        r += 1
    return tuple(out)


PLANE = {n: ref_plane_partitions(n) for n in range(MAX_N + 1)}
ALL = [pp for n in range(MAX_N + 1) for pp in PLANE[n]]


POSITIONS = {pp: from_heights(pp, 3) for pp in ALL}


def pos(pp: PP) -> Antichain:
    return POSITIONS.get(pp) or from_heights(pp, 3)


# ------------------------------------------------------------- enumeration
def test_registered_name() -> None:
    assert grundy.get_ruleset("lctr-3d") is LCTR_3D
    assert LCTR_3D.dim == 3 and DimensionalLCTR(4).name == "lctr-4d"
    assert DimensionalLCTR(2).draw_outside and not LCTR_3D.draw_outside


def test_positions_of_size_are_the_plane_partitions_a000219() -> None:
    counts = [sum(1 for _ in LCTR_3D.positions_of_size(n)) for n in range(MAX_N + 1)]
    assert counts == A000219[: MAX_N + 1]  # n ≤ 14 in benchmarks/lctr_3d_tables.py
    for n in range(11):
        mine = [a.heights() for a in LCTR_3D.positions_of_size(n)]
        assert len(mine) == len(set(mine)) and set(mine) == set(PLANE[n]), n
        assert all(a.size == n for a in LCTR_3D.positions_of_size(n))


def test_other_dimensions_count_partitions_and_solid_partitions() -> None:
    assert [sum(1 for _ in DimensionalLCTR(2).positions_of_size(n)) for n in range(12)] == [
        1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56,
    ]  # fmt: skip
    four = DimensionalLCTR(4)
    assert [sum(1 for _ in four.positions_of_size(n)) for n in range(9)] == A000293


# -------------------------------------------------------------------- rules
def test_options_are_the_three_moves_of_games_md() -> None:
    for pp in ALL:
        if sum(map(sum, pp)) > 10:
            continue
        moves = list(LCTR_3D.options(pos(pp)))
        assert [m for m, _ in moves] == ([1, 2, 3] if pp else [])
        assert [q.heights() for _, q in moves] == ref_moves(pp), pp


def test_a_move_leaves_an_antichain() -> None:
    # Antichain(...) re-checks that no point lies below another.
    for d in (3, 4):
        rules = DimensionalLCTR(d)
        for n in range(9):
            for a in rules.positions_of_size(n):
                for _, b in rules.options(a):
                    assert Antichain(d, b.points) == b


def test_worked_options() -> None:
    a = LCTR_3D.parse("3,2,1;2,1;1")
    assert [LCTR_3D.format_position(b) for _, b in LCTR_3D.options(a)] == [
        "2,1;1", "2,1;1", "2,1;1",
    ]  # fmt: skip
    assert [LCTR_3D.format_move(m) for m, _ in LCTR_3D.options(a)] == [
        "delete the first row", "delete the first column", "lower every height by one",
    ]  # fmt: skip
    assert DimensionalLCTR(5).format_move(4) == "lower coordinate 4"


@pytest.mark.parametrize("misere", [False, True])
def test_values_match_reference_on_every_plane_partition(misere: bool) -> None:
    exact = Solver(LCTR_3D, fast=False)
    for pp in ALL:
        want = ref_value(pp, misere)
        assert exact.value(pos(pp), misere) == want, pp
        assert grundy.value("lctr-3d", pos(pp), misere) == want, pp


@pytest.mark.parametrize("misere", [False, True])
def test_values_at_n_13_and_14(misere: bool) -> None:
    for n in (13, 14):
        for a in LCTR_3D.positions_of_size(n):
            assert grundy.value(LCTR_3D, a, misere) == ref_value(a.heights(), misere)


def test_values_never_exceed_d_and_reach_it() -> None:
    for misere in (False, True):
        values = {ref_value(pp, misere) for pp in ALL}
        assert values == {0, 1, 2, 3}
    four = DimensionalLCTR(4)
    values = {grundy.value(four, a) for n in range(8) for a in four.positions_of_size(n)}
    assert max(values) <= 4


def test_smallest_value_3() -> None:
    three = [pp for pp in ALL if ref_value(pp, False) == 3]
    assert min(sum(map(sum, pp)) for pp in three) == 4
    assert grundy.value("lctr-3d", "3,1") == 3


def test_cell_values_and_value_table_match_solver() -> None:
    exact = Solver(LCTR_3D, fast=False)
    for misere in (False, True):
        for pp in ALL[::13]:
            a = pos(pp)
            for s, v in cell_values(a, misere).items():
                assert exact.value(a.sub(s), misere) == v
            table = LCTR_3D.value_table(a, misere)
            boxes = LCTR_3D.box_positions(a)
            assert table == [[exact.value(b, misere) for b in row] for row in boxes]


# --------------------------------------------------------------- symmetry
def test_values_are_invariant_under_permuting_coordinates() -> None:
    for pp in ALL:
        want = ref_value(pp, False), ref_value(pp, True)
        for order in permutations(range(3)):
            moved = ref_permute(pp, order)
            assert (ref_value(moved, False), ref_value(moved, True)) == want, (pp, order)
            assert pos(moved) == pos(pp).permuted(order)


def test_canonical_is_least_permutation() -> None:
    for pp in ALL[: len(ALL) // 2]:
        a = pos(pp)
        images = [a.permuted(order) for order in permutations(range(3))]
        canon = LCTR_3D.canonical(a)
        assert canon in images and canon.points == min(b.points for b in images)
        assert all(LCTR_3D.canonical(b) == canon for b in images)


# ------------------------------------------------------------- d = 2 is LCTR
@pytest.mark.parametrize("misere", [False, True])
def test_two_dimensions_is_lctr(misere: bool) -> None:
    two = DimensionalLCTR(2)
    exact = Solver(two, fast=False)
    for lam in partitions_up_to(14):
        a = from_partition(lam)
        assert to_partition(a) == lam
        assert two.parse(str(lam)) == a and two.format_position(a) == str(lam)
        assert exact.value(a, misere) == grundy.value("lctr", lam, misere), str(lam)
    for lam in partitions_up_to(8):
        moves = [to_partition(b) for _, b in two.options(from_partition(lam))]
        assert moves == [q for _, q in grundy.get_ruleset("lctr").options(lam)]


# ------------------------------------------------------------------- families
@pytest.mark.parametrize("misere", [False, True])
def test_box_closed_form(misere: bool) -> None:
    for d, side in ((2, 8), (3, 6), (4, 4), (5, 3)):
        rules = DimensionalLCTR(d)
        exact = Solver(rules, fast=False)
        for p in product(range(1, side + 1), repeat=d):
            box = Antichain(d, [p])
            assert box_value(p, misere) == exact.value(box, misere), p
            assert rules.closed_form(box, misere) == box_value(p, misere)
    for r, c in product(range(1, 12), repeat=2):  # d = 2: 000 Lemma 17 (normal play)
        assert box_value((r, c)) == lemma17_rectangle(r, c)
    assert LCTR_3D.closed_form(LCTR_3D.parse("1,1;1"), misere) is None
    assert grundy.value("lctr-3d", {(10**9, 10**9, 7)}, misere) == box_value(
        (10**9, 10**9, 7), misere
    )


def test_box_value_rejects_bad_sides() -> None:
    with pytest.raises(ValueError, match="positive"):
        box_value((0, 1, 1))
    with pytest.raises(ValueError, match="at least 2"):
        box_value((3,))
    with pytest.raises(TypeError, match="side"):
        box_value((1, 1.5, 1))


def test_staircases_alternate() -> None:
    # {p : p1 + p2 + p3 = m + 2} → {p : … = m + 1} by every move, so SG = m mod 2.
    for m in range(1, 7):
        stair = {p for p in product(range(1, m + 1), repeat=3) if sum(p) == m + 2}
        assert grundy.value("lctr-3d", stair) == m % 2


def test_one_row_plane_partition_is_one_plus_downright() -> None:
    # The row move empties [λ]; the other two act as LCTR on λ, so the options
    # are 0 and 1 + (Downright options): SG = 1 + SG_Downright(λ) (findings).
    for lam in partitions_up_to(14):
        if lam:
            assert ref_value((tuple(lam.parts()),), False) == 1 + downright_value(lam)


# ------------------------------------------------------------------ per box
def test_box_positions_delete_rows_and_columns() -> None:
    pp = ((4, 3, 3, 1), (3, 2, 1), (2, 2), (1,))
    a = pos(pp)
    assert LCTR_3D.diagram(a) == Partition([4, 3, 2, 1])
    grid = LCTR_3D.box_positions(a)
    assert [len(row) for row in grid] == [4, 3, 2, 1]
    for i, row in enumerate(grid):
        for j, b in enumerate(row):
            want = tuple(r[j:] for r in pp[i:] if len(r) > j)
            assert b.heights() == want
    assert grundy.value("lctr-3d", grid[0][0]) == ref_value(pp, False)


# ------------------------------------------------------- reading and writing
def test_round_trip() -> None:
    for pp in ALL[:800]:
        a = pos(pp)
        text = LCTR_3D.format_position(a)
        assert LCTR_3D.parse(text) == a and a.heights() == pp
        assert LCTR_3D.parse(str(a)) == a  # the corners
        assert LCTR_3D.parse(set(a.points)) == a and LCTR_3D.parse(a) is a
    four = DimensionalLCTR(4)
    for a in four.positions_of_size(6):
        assert four.parse(four.format_position(a)) == a
        assert four.parse(a.heights()) == a


def test_corner_coordinates_are_row_column_height() -> None:
    a = LCTR_3D.parse("(1,2,3) (2,1,1)")
    assert a.heights() == ((3, 3), (1,))
    assert LCTR_3D.format_position(a) == "3,3;1"
    assert LCTR_3D.parse("3,2,1;2,1;1").points == (
        (1, 1, 3), (1, 2, 2), (1, 3, 1), (2, 1, 2), (2, 2, 1), (3, 1, 1),
    )  # fmt: skip
    assert LCTR_3D.parse("3 2 0; 1 0") == LCTR_3D.parse([[3, 2], [1]])
    assert LCTR_3D.parse("{(1,1,2), (1,2,1)}") == LCTR_3D.parse("2,1")
    for empty in ("", "[]", "{}", "0", [], [[0]]):
        assert not LCTR_3D.parse(empty)
    assert LCTR_3D.format_position(LCTR_3D.parse("")) == "[]"


@pytest.mark.parametrize(
    ("spec", "error", "match"),
    [
        (
            "3,2;4",
            ValueError,
            "height 4 at row 2, column 1 exceeds the height 3 at row 1, column 1",
        ),
        ("1,2", ValueError, "height 2 at row 1, column 2"),
        ("2,0,1", ValueError, "height 1 at row 1, column 3"),
        ("3,x;1", ValueError, "bad height 'x' at row 1, column 2"),
        ("3,-1", ValueError, "bad height '-1'"),
        ("(1,2) (1,1,1)", ValueError, r"point \(1,2\)"),
        ("(1,1,1) (1,2,1)", ValueError, r"\(1,1,1\) lies below \(1,2,1\)"),
        ("(1,1,1) (1,1,1)", ValueError, "listed twice"),
        ("(0,1,1)", ValueError, r"point \(0,1,1\)"),
        ("(1,a,1)", ValueError, "bad coordinate 'a'"),
        ("(1,1,1) foo", ValueError, "unexpected 'foo'"),
        ([[1, "a"]], TypeError, "row 1, column 2"),
        ([[2], [-1]], ValueError, "height -1 at row 2, column 1"),
        ([1, 2], TypeError, "nested list"),
        (3.5, TypeError, "float"),
    ],
)
def test_bad_input(spec: object, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        LCTR_3D.parse(spec)


def test_bad_input_other_dimensions() -> None:
    with pytest.raises(ValueError, match="corners as points with 4 coordinates"):
        DimensionalLCTR(4).parse("3,2,1")
    with pytest.raises(ValueError, match="at least 2"):
        DimensionalLCTR(1)
    with pytest.raises(TypeError, match="dimension"):
        Antichain("3", [])
    with pytest.raises(ValueError, match="3-dimensional"):
        LCTR_3D.parse(from_partition(Partition([2, 1])))
    with pytest.raises(ValueError, match="only a 2-dimensional"):
        to_partition(LCTR_3D.parse("1"))


def test_doctests() -> None:
    assert doctest.testmod(lctr_3d).failed == 0


# -------------------------------------------------------------- hypothesis
@st.composite
def plane_partitions(draw: st.DrawFn) -> PP:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    grid = [[draw(st.integers(0, 6)) for _ in range(cols)] for _ in range(rows)]
    for r in range(rows - 1, -1, -1):  # suffix maxima: weakly decreasing both ways
        for c in range(cols - 1, -1, -1):
            below = grid[r + 1][c] if r + 1 < rows else 0
            right = grid[r][c + 1] if c + 1 < cols else 0
            grid[r][c] = max(grid[r][c], below, right)
    return tuple(t for t in (tuple(h for h in row if h) for row in grid) if t)


@settings(max_examples=40, deadline=None)
@given(plane_partitions(), st.booleans())
def test_random_plane_partitions(pp: PP, misere: bool) -> None:
    a = pos(pp)
    want = ref_value(pp, misere)
    assert cell_values(a, misere).get((0, 0, 0), 1 if misere else 0) == want
    assert grundy.value(LCTR_3D, a, misere) == want
    assert ref_value(ref_permute(pp, (2, 0, 1)), misere) == want
