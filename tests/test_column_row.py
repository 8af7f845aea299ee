"""Column-Row (games/column_row/column_row.py): rules, closed forms, public API, CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, capabilities, get_ruleset
from grundy import engine as search
from grundy.analysis import box_values
from grundy.cli import main
from grundy.games.column_row import column_row as cr
from grundy.nim import mex
from grundy.partition import Partition, gamma, partitions_up_to, rectangle, staircase

MAX_N = 18  # issue 3: every partition with n ≤ 18
CR = get_ruleset("cr")


ALL = list(partitions_up_to(MAX_N))


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(CR, fast=False)  # the reference: no closed form, no compiled kernel


# ------------------------------------------------------------------ rules
def test_names_and_aliases() -> None:
    assert get_ruleset("cr") is get_ruleset("column-row") is get_ruleset("CRIM") is CR


def test_capabilities() -> None:
    assert capabilities(CR) == [
        "canonical",
        "closed_form",
        "kernel",
        "box_positions",
        "value_table",
        "positions_of_size",
        "drawing",
    ]
    assert CR.kernel is cr.COLUMN_ROW_KERNEL
    # normal play only: the closed forms of 002/003 say nothing about misère play
    assert CR.closed_form(rectangle(3, 4)) == cr.rectangle_value(3, 4)
    assert CR.closed_form(rectangle(3, 4), misere=True) is None


def brute_options(lam: Partition) -> set[Partition]:
    """Delete each row index and each column index of the 0/1 Ferrers matrix."""
    rows = lam.to_list()
    out = set()
    for i in range(len(rows)):
        out.add(Partition(rows[:i] + rows[i + 1 :]))
    for j in range(lam.largest):
        out.add(Partition([r - 1 if r > j else r for r in rows]))
    return out


def test_options_match_brute_force() -> None:
    for lam in ALL:
        if lam.size > 11:
            continue
        moves = list(CR.options(lam))
        assert {pos for _, pos in moves} == brute_options(lam)
        labels = [m for m, _ in moves]
        assert len(labels) == len(set(labels)) == 2 * len(lam.runs)


def test_move_labels() -> None:
    moves = dict(CR.options(Partition([3, 1])))
    assert moves == {
        ("row", 3): Partition([1]),
        ("row", 1): Partition([3]),
        ("col", 2): Partition([2]),
        ("col", 1): Partition([2, 1]),
    }
    assert CR.format_move(("row", 5)) == "remove a row of length 5"
    assert CR.format_move(("col", 2)) == "remove a column of length 2"


def test_remove_row_and_column_errors() -> None:
    with pytest.raises(ValueError, match="no row of length 2"):
        cr.remove_row(Partition([3, 1]), 2)
    with pytest.raises(ValueError, match="no column of length 3"):
        cr.remove_column(Partition([3, 1]), 3)


def test_canonical_is_min_of_conjugates() -> None:
    for lam in ALL[:200]:
        conj = lam.conjugate()
        assert CR.canonical(lam) == CR.canonical(conj)
        assert CR.canonical(lam) in (lam, conj)


# ----------------------------------------------------------- public values
@pytest.mark.parametrize("misere", [False, True])
def test_value_matches_solver_on_every_partition(solver: Solver, misere: bool) -> None:
    for lam in ALL:
        assert grundy.value("cr", lam, misere) == solver.value(lam, misere), str(lam)


def test_options_and_winning_moves(solver: Solver) -> None:
    for lam in ALL[::7]:
        opts = grundy.options("cr", lam)
        assert [o.value for o in opts] == [solver.value(p) for _, p in CR.options(lam)]
        wins = grundy.winning_moves("cr", lam)
        assert all(o.value == 0 for o in wins)
        assert (solver.value(lam) == 0) == (not wins)


def test_staircases_settle_the_papers(solver: Solver) -> None:
    # 003 §2: Gr(U_n) = 1 for n = 1, 3, 5; 2 for n = 7, 9; 0 for n = 2, 4, …, 10.
    # 002 Conjecture 1 says 2 for odd n other than 5: false at n = 1 and n = 3.
    values = {n: solver.value(staircase(n)) for n in range(1, 11)}
    assert values == {1: 1, 2: 0, 3: 1, 4: 0, 5: 1, 6: 0, 7: 2, 8: 0, 9: 2, 10: 0}
    assert grundy.value("cr", staircase(16)) == 0
    assert grundy.value("cr", staircase(15)) == 2


# ------------------------------------------------------------ closed forms
def test_closed_forms_match_solver_on_every_partition(solver: Solver) -> None:
    used = 0
    for lam in ALL:
        form = cr.closed_form_value(lam)
        if form is not None:
            used += 1
            assert form == solver.value(lam), str(lam)
    assert used > 100


def test_rectangles_002_lemma_1_1(solver: Solver) -> None:
    for a in range(1, 8):
        for b in range(1, 8):
            assert cr.rectangle_value(a, b) == solver.value(rectangle(a, b)), (a, b)
    # the "or" must be bracketed: R_{3,1} is 1, not 2
    assert cr.rectangle_value(3, 1) == 1


def test_gammas_002_theorem_4_1(solver: Solver) -> None:
    for a in range(1, 10):
        for b in range(1, 10):
            assert cr.gamma_value(a, b) == solver.value(gamma(a, b)), (a, b)


def test_almost_gammas_002_theorem_5_1(solver: Solver) -> None:
    for a in range(4, 9):
        for b in range(3, 9):
            for d in range(3, b + 1):
                lam = Partition.from_runs([(b, 1), (d, a - 1)])
                assert cr.almost_gamma_value(a, b, d) == solver.value(lam), (a, b, d)


def test_quadrated_002_lemma_3_1(solver: Solver) -> None:
    quadrated = [lam for lam in ALL if lam and lam.is_quadrated()]
    assert len(quadrated) >= 5
    for lam in quadrated:
        assert cr.quadrated_value(lam) == 0 == solver.value(lam)
    assert cr.quadrated_value(Partition([2, 1])) is None


def test_closed_forms_reject_bad_parameters() -> None:
    with pytest.raises(ValueError):
        cr.rectangle_value(0, 3)
    with pytest.raises(ValueError):
        cr.gamma_value(2, 0)
    with pytest.raises(ValueError, match=r"Theorem 5\.1"):
        cr.almost_gamma_value(3, 5, 3)


def test_huge_positions() -> None:
    # closed forms: no search at all
    assert grundy.value("cr", "1000000^1000001") == 1
    assert grundy.value("cr", "1000000,1^999999") == 0
    assert grundy.value("cr", "10^10,4^6") == 0  # quadrated
    # too long for the compiled engine (boundary > MAX_LETTERS), few runs: the generic solver
    lam = Partition([search.MAX_LETTERS + 10, 3])
    assert not search.fits(lam) and CR.kernel.value(lam) is None
    assert grundy.value("cr", lam) == Solver(CR, fast=False).value(lam)


@pytest.mark.parametrize("misere", [False, True])
def test_value_table(solver: Solver, misere: bool) -> None:
    # [60, 3] is packed in two machine words, the last one in none (generic solver per box)
    too_long = Partition([search.MAX_LETTERS + 10, 3])
    for lam in (Partition([4, 3, 3, 1]), staircase(4), Partition([60, 3]), too_long):
        table = box_values("cr", lam, misere)
        assert [len(row) for row in table] == lam.to_list()
        for i, row in enumerate(table):
            for j, v in enumerate(row):
                assert v == solver.value(lam.sub(i, j), misere)
        fast = CR.value_table(lam, misere)  # the compiled engine's table, when λ fits
        assert fast == (table if search.fits(lam) else None)
    assert box_values("cr", Partition([])) == []


# -------------------------------------------------------------- properties
partitions_st = st.lists(st.integers(1, 8), max_size=8).map(Partition)


@settings(max_examples=60, deadline=None)
@given(partitions_st, st.booleans())
def test_value_is_mex_of_options(lam: Partition, misere: bool) -> None:
    opts = grundy.options("cr", lam, misere)
    expected = (1 if misere else 0) if not opts else mex(o.value for o in opts)
    assert grundy.value("cr", lam, misere) == expected
    assert grundy.value("cr", lam.conjugate(), misere) == expected


# --------------------------------------------------------------------- CLI
def test_cli_value_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "cr", "3,2,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 1 and data["game"] == "cr"
    assert main(["moves", "crim", "2,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["description"] for o in data["options"]} == {
        "remove a row of length 2",
        "remove a row of length 1",
        "remove a column of length 1",
        "remove a column of length 2",
    }


def test_cli_search(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    ck = tmp_path / "ck.npz"
    args = ["search", "cr", "12,11,10,9,8,7,6,5,4,3,2,1", "--checkpoint", str(ck), "--json"]
    assert main([*args, "--memory", "64M"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["value"] == 0 and first["stats"]["expanded"] > 0 and ck.exists()
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["value"] == 0 and second["loaded_from_checkpoint"] > 0
    assert second["stats"]["expanded"] == 0
    assert main(["search", "cr", "7,6,5,4,3,2,1", "--is", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["answer"] is True and data["value"] == 2
    assert main(["search", "cr", "3,1", "--misere"]) == 0
    assert "value" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "lctr", "3,1"],
        ["search", "cr", "3,x"],
        ["search", "cr", "3,1", "--memory", "lots"],
        ["search", "cr", "3,1", "--method", "guess"],
        # a staircase whose boundary is longer than the engine packs
        ["search", "cr", str(staircase(search.MAX_LETTERS // 2 + 1))],
    ],
)
def test_cli_search_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("grundy: error:") and err.count("\n") == 1
