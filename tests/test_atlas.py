"""The atlas (grundy.atlas): ranks as a bijection, levels against the generic solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.atlas.build import LevelEngine
from grundy.atlas.ranking import MAX_N, NARROW_N, rank, ranking_table, unrank
from grundy.game import capabilities
from grundy.games import load_all
from grundy.partition import partition_numbers, partitions
from grundy.registry import rulesets
from grundy.solver import Solver

#: The largest level checked against the generic solver, for every game with a kernel.
CHECKED_N = 12


def kernel_games() -> list[str]:
    """Every registered game with a kernel whose positions are plain partitions (not
    lctr-nonrep, whose positions carry their history)."""
    load_all()
    return [
        rules.name
        for rules in rulesets()
        if "kernel" in capabilities(rules) and rules.kernel.positions_are_partitions
    ]


def test_ranks_list_the_partitions_in_order() -> None:
    for n in range(31):
        for r, lam in enumerate(partitions(n)):
            assert rank(lam) == r
            assert unrank(n, r) == lam
    assert ranking_table(30)[30, 30] == partition_numbers(30)[30]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_rank_unrank_is_a_bijection_for_larger_n(data: st.DataObject) -> None:
    n = data.draw(st.integers(31, MAX_N))
    r = data.draw(st.integers(0, partition_numbers(n)[n] - 1))
    lam = unrank(n, r)
    assert lam.size == n and rank(lam) == r
    assert (lam.largest + lam.length <= NARROW_N + 1) or n > NARROW_N


def test_ranks_refuse_what_the_words_cannot_hold() -> None:
    with pytest.raises(ValueError, match="past the engine's words"):
        unrank(MAX_N + 1, 0)
    with pytest.raises(ValueError, match=r"rank must be in 0\.\.4"):
        unrank(4, 5)


def test_every_kernel_game_is_checked() -> None:
    names = kernel_games()
    assert {"cr", "chomp", "cris", "pnim", "rit", "sato-welter", "chess-king"} <= set(names)
    assert "lctr-nonrep" not in names


@pytest.mark.parametrize("name", kernel_games())
def test_levels_agree_with_the_generic_solver(name: str) -> None:
    rules = next(r for r in rulesets() if r.name == name)
    solver = Solver(rules, fast=False)
    for misere in (False, True):
        if misere and rules.kernel.splits:
            with pytest.raises(ValueError, match="misère"):
                LevelEngine(rules.kernel, CHECKED_N, misere)
            continue
        engine = LevelEngine(rules.kernel, CHECKED_N, misere)
        for n in range(CHECKED_N + 1):
            level = engine.value_level(n).tolist()
            if n == 0 and not rules.kernel.allows_empty:
                assert level == []
                continue
            expected = [solver.value(rules.parse(str(lam)), misere) for lam in partitions(n)]
            assert level == expected, (name, misere, n)
