"""How many partitions of n have each LCTR / Downright value (grundy.games.lctr.lctr_counts):
the Durfee-window count against the top-row-vector enumeration and the reference
solver, OEIS A373457, 000 Lemma 7, and `grundy count` on these games."""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path

import pytest

import grundy
from grundy import Solver, get_ruleset
from grundy.analysis import count, count_table
from grundy.cli import main
from grundy.games.lctr import lctr_counts
from grundy.games.lctr.lctr_base import DIAGONAL_WINDOW, NO_OPTION, box_table
from grundy.games.lctr.lctr_counts import durfee_count_table, enumerated_count_table
from grundy.partition import partition_numbers, partitions

RECORDS = Path(__file__).resolve().parents[1] / "src" / "grundy" / "reproduce" / "records"
GAMES = ("lctr", "downright")
COMBOS = [("lctr", False), ("lctr", True), ("downright", False), ("downright", True)]

# OEIS A373457, n = 1..50: partitions of n with LCTR value 0.
A373457 = [
    0, 0, 1, 3, 3, 4, 7, 11, 12, 17, 24, 34, 40, 54, 73, 100, 125, 164, 208, 270, 337, 428,
    534, 673, 828, 1033, 1276, 1584, 1938, 2385, 2909, 3559, 4318, 5252, 6346, 7678, 9230,
    11108, 13309, 15953, 19034, 22719, 27019, 32132, 38084, 45129, 53326, 62988, 74200, 87371,
]  # fmt: skip
# p(n), A000041, n = 0..20
PARTITION_NUMBERS = [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176, 231, 297, 385,
                     490, 627]  # fmt: skip


def direct_counts(game: str, n_max: int, misere: bool) -> list[dict[int, int]]:
    """Every partition valued by the reference solver (no closed form)."""
    rules = get_ruleset(game)
    solver = Solver(rules, fast=False)
    table = []
    for n in range(n_max + 1):
        tally: dict[int, int] = {}
        for lam in partitions(n):
            if lam or game == "lctr":
                v = solver.value(lam, misere)
                tally[v] = tally.get(v, 0) + 1
        table.append(dict(sorted(tally.items())))
    return table


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_both_counts_against_the_reference_solver(game: str, misere: bool) -> None:
    expected = direct_counts(game, 16, misere)
    assert durfee_count_table(game, 16, misere=misere) == expected
    assert enumerated_count_table(game, 16, misere) == expected
    # the ruleset's count_table capability is the Durfee window
    assert get_ruleset(game).count_table(16, misere) == expected
    assert count_table(game, 16, misere) == expected  # "auto"
    assert count_table(game, 16, misere, "enumerate") == expected  # every partition valued


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_durfee_window_counts_match_enumeration(game: str, misere: bool) -> None:
    """000 Corollary 16 / Theorem 11 (normal) and the misère window of width 2
    (`grundy.games.lctr.lctr`, "Misère propagation") put to work: the window count
    equals the enumerating count for every n <= 60, and every row sums to p(n)."""
    window = durfee_count_table(game, 60, misere=misere)
    assert window == enumerated_count_table(game, 60, misere)
    p = partition_numbers(60)
    assert all(sum(window[n].values()) == p[n] for n in range(1, 61))
    assert p[60] == 966467


def test_counts_oeis_a373457_and_lemma_7() -> None:
    table = count_table("lctr", 50)
    assert [table[n].get(0, 0) for n in range(1, 51)] == A373457
    assert grundy.count("lctr", 30) == {0: 2385, 1: 2311, 2: 908}
    # 000 Lemma 7: Downright's P-positions are misère LCTR's P-positions
    down = count_table("downright", 40)
    mis = count_table("lctr", 40, misere=True)
    assert all(down[n].get(0, 0) == mis[n].get(0, 0) for n in range(1, 41))
    assert all(sum(table[n].values()) == PARTITION_NUMBERS[n] for n in range(21))
    assert count("downright", 0) == {} and count("lctr", 0, misere=True) == {1: 1}


def test_misere_window_small_durfee_lengths() -> None:
    """d = 0 ([]), d = 1 (the gammas) and d = 2 < 3 are the window itself, exact."""
    assert count("lctr", 0, misere=True) == {1: 1}  # [] is terminal: misère value 1
    assert count("lctr", 1, misere=True) == {0: 1}  # [1] → [] only
    assert count("downright", 1, misere=True) == {1: 1}  # the corner [1]
    assert count("downright", 0, misere=True) == {}
    for game in GAMES:
        table = count_table(game, 8, misere=True)
        # every partition of n <= 8 has d <= 2
        assert table[1:] == direct_counts(game, 8, True)[1:], game


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_progress(game: str, misere: bool) -> None:
    """progress(done, total): arm-series lengths for the window, sizes for the enumeration."""
    seen: list[tuple[int, int]] = []
    durfee_count_table(game, 30, lambda d, t: seen.append((d, t)), misere)
    assert seen == [(30, 100), (57, 100), (79, 100), (94, 100), (100, 100)]  # 31 − d², d ≤ 5
    seen.clear()
    enumerated_count_table(game, 12, misere, lambda d, t: seen.append((d, t)))
    assert seen == [(n, 13) for n in range(1, 14)]
    seen.clear()
    count_table(game, 25, misere, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (75, 75)  # through the ruleset's count_table: 26 − d², d ≤ 5


def test_count_errors() -> None:
    with pytest.raises(TypeError, match="misere"):
        durfee_count_table("lctr", 5, misere=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game"):
        durfee_count_table("cr", 5)
    with pytest.raises(ValueError, match="unknown game"):
        enumerated_count_table("chomp", 5)
    with pytest.raises(ValueError, match="non-negative"):
        durfee_count_table("lctr", -1)
    with pytest.raises(ValueError, match="non-negative"):
        enumerated_count_table("downright", -1)
    assert durfee_count_table("lctr", 0) == [{0: 1}] == enumerated_count_table("lctr", 0)
    assert durfee_count_table("downright", 0) == [{}] == enumerated_count_table("downright", 0)
    assert lctr_counts.__all__ == ["durfee_count_table", "enumerated_count_table"]


# --------------------------------------------------------------------- CLI
def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "count", "lctr", "--n", "28..30", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["counts"]["30"] == {"0": 2385, "1": 2311, "2": 908}
    assert list(data["counts"]) == ["28", "29", "30"]
    assert data["method"] == "auto" and data["misere"] is False and data["game"] == "lctr"
    status, out, _ = run_cli(capsys, "count", "downright", "--n", "5", "--misere")
    assert status == 0 and "value" in out
    for game in GAMES:  # misère: the default (Durfee window) agrees with enumeration
        runs = []
        for extra in ((), ("--method", "enumerate")):
            args = ("count", game, "--n", "1..30", "--misere", "--json", *extra)
            status, out, _ = run_cli(capsys, *args)
            assert status == 0
            runs.append(json.loads(out)["counts"])
        assert runs[0] == runs[1] and runs[0]["30"] == {
            str(v): c for v, c in enumerated_count_table(game, 30, True)[30].items()
        }


# ------------------------------------------------- the column automaton, large n
def tail_classes(k: int, size: int, empty: int, box: lctr_counts.Table) -> dict[tuple, tuple]:
    """x(a) for every tail a = (a_1 ≥ … ≥ a_k ≥ 0) with |a| ≤ size, the way the
    Durfee window first did it: every tuple valued by the per-box recursion on
    the tuple itself (000 Eq. (3)/(4)), the top-left box stepping down to
    (a_2, …, a_k, 0) and right to (a_1 − 1, …, a_k − 1)."""
    tails = sorted(
        a
        for a in product(range(size + 1), repeat=k)
        if sum(a) <= size and list(a) == sorted(a, reverse=True)
    )  # lexicographic: both options come earlier
    sg = {}
    for a in tails:
        if not any(a):
            sg[a] = empty
        else:
            sg[a] = box[sg[(*a[1:], 0)]][sg[tuple(max(p - 1, 0) for p in a)]]
    return {a: tuple(sg[(*a[i:], *(0,) * i)] for i in range(k)) for a in tails}


@pytest.mark.parametrize(("game", "misere"), COMBOS)
def test_column_automaton_gives_the_boundary_classes(game: str, misere: bool) -> None:
    """x(a) read column by column, c_h = a_h − a_{h+1} columns of height h from the
    right, equals x(a) valued on the tuples, and the automaton's states are exactly
    the classes that occur."""
    box = box_table(misere)
    empty = (1 if misere else 0) if game == "lctr" else NO_OPTION
    for k in range(1, DIAGONAL_WINDOW[game, misere] + 1):
        expected = tail_classes(k, 24, empty, box)
        for a, x in expected.items():
            state = (empty,) * k
            for h in range(1, k + 1):
                for _ in range(a[h - 1] - (a[h] if h < k else 0)):
                    state = lctr_counts._column(state, h, empty, box)
            assert state == x, (a, state, x)
        states, _ = lctr_counts._automaton(k, empty, box)
        assert set(states) == set(expected.values())


def b_file_terms(path: Path) -> dict[int, int]:
    """The 'n a(n)' lines of a b-file, after its '#' comment lines."""
    lines = path.read_text().splitlines()
    assert lines[0].startswith("# A373457")
    terms = {}
    for line in lines:
        if not line.startswith("#"):
            n, a = line.split()
            terms[int(n)] = int(a)
    assert list(terms) == list(range(1, len(terms) + 1))
    return terms


def test_durfee_count_against_the_b_file_to_500() -> None:
    """The recorded b-file of A373457 (grundy/reproduce/records/analysis_A373457_b.txt) for
    n ≤ 500, where it agrees with the method this one replaced (every tuple of w arm
    parts valued; the whole row n = 500 is that method's too), and every row sums to
    p(n)."""
    terms = b_file_terms(RECORDS / "analysis_A373457_b.txt")
    assert len(terms) >= 500
    table = durfee_count_table("lctr", 500)
    assert [table[n].get(0, 0) for n in range(1, 501)] == [terms[n] for n in range(1, 501)]
    assert table[500] == {
        0: 998123399276153545486,
        1: 993688488377117936513,
        2: 308353144921052513028,
    }
    p = partition_numbers(500)
    assert all(sum(table[n].values()) == p[n] for n in range(501))
    for game, misere in COMBOS[1:]:
        rows = durfee_count_table(game, 300, misere=misere)
        assert all(sum(rows[n].values()) == p[n] for n in range(1, 301)), (game, misere)
