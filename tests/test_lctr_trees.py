"""Game-tree sizes of LCTR and Downright on the runs of λ (grundy.games.lctr.lctr_trees,
000 §7.2–7.3): `partition_stats` against the generic state-graph walk of
`grundy.analysis.tree_size`, 000 Table 1, Lemmas 24–26, Corollary 23,
Proposition 28, and Conjecture 27 (`max_nodes`, `max_nodes_by_rows`)."""

from __future__ import annotations

from collections.abc import Iterator
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.analysis import stats, tree_size
from grundy.games.lctr import lctr_trees
from grundy.games.lctr.lctr import DOWNRIGHT, LCTR
from grundy.games.lctr.lctr_trees import (
    conjecture_27,
    max_nodes,
    max_nodes_by_rows,
    partition_stats,
)
from grundy.partition import Partition, gamma, partitions, partitions_up_to, rectangle, staircase

GAMES = ("lctr", "downright")


def positions(game: str, n_max: int) -> Iterator[Partition]:
    for lam in partitions_up_to(n_max):
        if lam or game == "lctr":
            yield lam


# ------------------------------------------------- against the generic walk
def test_partition_stats_matches_generic_walk() -> None:
    for game in GAMES:
        for lam in positions(game, 13):
            assert partition_stats(game, lam) == tree_size(game, lam), (game, lam)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=12))
def test_partition_stats_matches_generic_walk_random(parts: list[int]) -> None:
    lam = Partition(parts)
    for game in GAMES:
        assert partition_stats(game, lam) == tree_size(game, lam)


def test_stats_uses_the_tree_size_capability(monkeypatch: pytest.MonkeyPatch) -> None:
    """`stats` asks the ruleset (LCTR: `partition_stats`) before walking the graph."""
    assert grundy.stats("lctr", "4^3") == {"nodes": 69, "leaves": 35, "states": 13, "height": 6}
    assert LCTR.tree_size(Partition.parse("4^3")) == partition_stats("lctr", "4^3").as_dict()
    assert DOWNRIGHT.tree_size(Partition([3, 1])) == partition_stats("downright", "3,1").as_dict()
    expected = partition_stats("downright", "5,3")
    calls: list[tuple[str, Partition]] = []

    def spy(game: str, position: Partition) -> lctr_trees.TreeSize:
        calls.append((game, position))
        return lctr_trees.TreeSize(1, 2, 3, 4)

    monkeypatch.setattr(lctr_trees, "partition_stats", spy)
    assert stats("downright", "5,3") == {"nodes": 1, "leaves": 2, "states": 3, "height": 4}
    assert calls == [("downright", Partition([5, 3]))]
    # the generic walk does not use the capability
    assert tree_size("downright", "5,3") == expected and len(calls) == 1


# --------------------------------------------------------------- 000 Table 1
@pytest.mark.parametrize("r", range(1, 8))
@pytest.mark.parametrize("c", range(1, 8))
def test_table_1_gamma_and_rectangle(r: int, c: int) -> None:
    """000 Table 1, rows for the gamma Γ_{r,c} and the rectangle ⊞_{r,c} (states, α, ϱ)."""
    g = gamma(r, c)
    lg, dg = stats("lctr", g), stats("downright", g)
    if min(r, c) == 1:
        assert (lg["states"], lg["nodes"], lg["leaves"]) == (r + c, 2 * r + 2 * c - 1, r + c)
        assert (dg["states"], dg["nodes"], dg["leaves"]) == (r + c - 1, r + c - 1, 1)
    else:
        assert (lg["states"], lg["nodes"], lg["leaves"]) == (r + c - 1, 2 * r + 2 * c - 1, r + c)
        assert (dg["states"], dg["nodes"], dg["leaves"]) == (r + c - 2, r + c - 1, 2)
    b = rectangle(r, c)
    lb, db = stats("lctr", b), stats("downright", b)
    assert (lb["states"], lb["nodes"], lb["leaves"]) == (
        r * c + 1,
        2 * comb(r + c, r) - 1,
        comb(r + c, r),
    )
    assert (db["states"], db["nodes"], db["leaves"]) == (
        r * c,
        comb(r + c, r) - 1,
        comb(r + c - 2, r - 1),
    )
    assert lb == tree_size("lctr", b).as_dict()
    assert db == tree_size("downright", b).as_dict()


@pytest.mark.parametrize("r", range(1, 13))
def test_table_1_staircase(r: int) -> None:
    """000 Table 1, staircase rows: L(P_r) has r+1 states, 2^{r+1}−1 nodes, 2^r leaves;
    D(P_r) has r states, 2^r − 1 nodes, 2^{r−1} leaves."""
    s = staircase(r)
    assert stats("lctr", s) == {"nodes": 2 ** (r + 1) - 1, "leaves": 2**r, "states": r + 1,
                                "height": r}  # fmt: skip
    assert stats("downright", s) == {"nodes": 2**r - 1, "leaves": 2 ** (r - 1), "states": r,
                                     "height": r - 1}  # fmt: skip


def test_lemma_24_and_26_rectangles() -> None:
    """000 Lemma 24: α(D(⊞_{r,c})) = C(r+c, r) − 1; Lemma 26: ϱ(L(⊞_{r,c})) = C(r+c, r)."""
    for r in range(1, 15):
        for c in range(1, 15):
            assert stats("downright", rectangle(r, c))["nodes"] == comb(r + c, r) - 1
            assert stats("lctr", rectangle(r, c))["leaves"] == comb(r + c, r)
    # huge rectangles through the run-length path: exact big integers
    big = rectangle(3000, 2000)
    assert stats("downright", big)["nodes"] == comb(5000, 3000) - 1
    assert stats("lctr", big)["leaves"] == comb(5000, 3000)
    assert stats("lctr", big)["states"] == 3000 * 2000 + 1


def test_corollary_23_and_lemma_25_all_small_partitions() -> None:
    """000 Corollary 23: α(L(λ)) = α(D(λ)) + ϱ(L(λ)); Lemma 25: ϱ(D) ≥ 1, ϱ(L) ≥ n + 1,
    both attained by [n]."""
    for lam in positions("downright", 12):
        lt, dt = tree_size("lctr", lam), tree_size("downright", lam)
        assert lt.nodes == dt.nodes + lt.leaves
        assert dt.leaves >= 1 and lt.leaves >= lam.size + 1
    for n in range(1, 20):
        assert stats("lctr", [n])["leaves"] == n + 1
        assert stats("downright", [n])["leaves"] == 1


def test_proposition_28_state_bounds() -> None:
    """000 Proposition 28: states(L(λ)) ≤ n + 1 and states(D(λ)) ≤ n, attained by gammas;
    states ≥ height + 1; λ ⊢ n ≥ C(r+1, 2), λ ≠ P_r has height ≥ r (D) and ≥ r + 1 (L)."""
    for lam in positions("downright", 13):
        n = lam.size
        ls, ds = stats("lctr", lam), stats("downright", lam)
        assert ls["states"] <= n + 1 and ds["states"] <= n
        assert ls["states"] >= ls["height"] + 1 and ds["states"] >= ds["height"] + 1
        for r in range(1, n + 1):
            if comb(r + 1, 2) <= n and lam != staircase(r):
                assert ds["height"] >= r and ls["height"] >= r + 1
    # The bounds are attained exactly by the rectangles (so by the degenerate gammas [n],
    # [1^n], but not by a gamma [c, 1^(r-1)] with min(r, c) > 1: it has n and n - 1 states).
    for n in range(1, 13):
        for lam in partitions(n):
            is_rectangle = len(lam.runs) == 1
            assert (stats("lctr", lam)["states"] == n + 1) == is_rectangle
            assert (stats("downright", lam)["states"] == n) == is_rectangle
        if n >= 3:
            assert stats("lctr", gamma(2, n - 1))["states"] == n


# ---------------------------------------------------------- Conjecture 27
def test_conjecture_27_small_squares() -> None:
    """000 Conjecture 27: among partitions of n², the square maximises α (n ≤ 5 here;
    the findings report n ≤ 8)."""
    for n in range(1, 6):
        for game in GAMES:
            best, winners = max_nodes(game, n * n)
            assert winners == [rectangle(n, n)]
            assert best == stats(game, rectangle(n, n))["nodes"]


def test_max_nodes_by_rows_matches_enumeration() -> None:
    for game in GAMES:
        for size in range(1 if game == "downright" else 0, 23):
            best, winners = max_nodes(game, size)
            assert max_nodes_by_rows(game, size) == (best, len(winners)), (game, size)


@pytest.mark.parametrize("game", GAMES)
def test_conjecture_27_up_to_12(game: str) -> None:
    """000 Conjecture 27 holds, with the square the only maximiser, for n <= 12
    (the findings report n <= 30)."""
    for n in range(1, 13):
        result = conjecture_27(game, n)
        assert result["holds"] and result["maximisers"] == 1, result
        assert result["square_nodes"] == stats(game, rectangle(n, n))["nodes"]
        assert result["n"] == n and result["max_nodes"] == result["square_nodes"]


# ------------------------------------------------------------------ errors
def test_errors() -> None:
    with pytest.raises(ValueError, match="max_span"):
        stats("lctr", "1000000000000^7,5^10")
    with pytest.raises(ValueError, match="max_span"):
        partition_stats("downright", "50,1^50", max_span=100)
    assert partition_stats("downright", "50,1^49", max_span=100).nodes == 99
    with pytest.raises(TypeError):
        partition_stats(LCTR, "3")  # type: ignore[arg-type]  (a game name, not a ruleset)
    with pytest.raises(ValueError, match="unknown game"):
        partition_stats("cr", "3")
    with pytest.raises(ValueError, match="non-empty"):
        partition_stats("downright", "")
    assert partition_stats("lctr", "") == (1, 1, 1, 0)
    with pytest.raises(ValueError, match="no positions of size 0"):
        max_nodes("downright", 0)
    with pytest.raises(ValueError, match="size 0"):
        max_nodes_by_rows("downright", 0)
    assert max_nodes("lctr", 0) == (1, [Partition()]) and max_nodes_by_rows("lctr", 0) == (1, 1)
    with pytest.raises(ValueError, match="positive"):
        conjecture_27("lctr", 0)
