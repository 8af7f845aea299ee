"""The compiled partizan outcome levels (`grundy.engine.partizan_levels`) against a direct
search of the raw game, and through the door and `grundy count`.

The search is `test_partizan_games.make_search`: the rules written again on plain
tuples, who wins found move by move with no canonical form, kernel or ranking in it.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import answer
from grundy.analysis.conjectures import check_conjecture
from grundy.analysis.partizan_counts import DISTINCT_N, partizan_counts
from grundy.cli import main
from grundy.engine import cached_njit
from grundy.engine.partizan_levels import PartizanKernel, PartizanLevels, shared_levels
from grundy.engine.ranking import unrank
from grundy.engine.wordops import put_word
from grundy.games.partizan_cr.crpm_kernel import CRPM_KERNEL
from grundy.partition import partition_numbers
from grundy.partizan import get_partizan, outcome
from test_partizan_games import all_partitions, make_search, searched_outcome


@pytest.fixture(scope="module")
def crpm_wins():  # type: ignore[no-untyped-def]
    return make_search("crpm")


def test_every_partition_to_16_agrees_with_direct_search(crpm_wins) -> None:  # type: ignore[no-untyped-def]
    """Left first and Right first, every partition of n ≤ 16, by rank."""
    levels = PartizanLevels(CRPM_KERNEL)
    checked = 0
    for n in range(17):
        classes = levels.classes(n)
        assert len(classes) == sum(1 for _ in all_partitions(n))
        for r, found in enumerate(classes):
            lam = tuple(unrank(n, r).parts())
            assert found == searched_outcome(crpm_wins, lam), lam
            checked += 1
    assert checked == 1 + sum(sum(1 for _ in all_partitions(n)) for n in range(1, 17))


@settings(max_examples=12, deadline=None)
@given(st.integers(17, 24).flatmap(lambda n: st.integers(0, 10**9).map(lambda r: (n, r))))
def test_larger_diagrams_agree_with_the_canonical_forms(n_and_seed: tuple[int, int]) -> None:
    """A random partition of 17 ≤ n ≤ 24 (wide words from n = 56 are the other test's):
    the kernel's class is its canonical form's."""
    n, seed = n_and_seed
    levels = shared_levels(CRPM_KERNEL)
    r = seed % len(levels.codes(n))
    lam = unrank(n, r)
    assert levels.outcome(lam) == outcome("crpm", lam)


def test_wide_words_agree_with_the_narrow_engine_by_symmetry() -> None:
    """Past n = 55 the words are two machine words: at n = 57 every diagram's class is its
    conjugate's with the players swapped, and a few agree with the one-level search."""
    levels = shared_levels(CRPM_KERNEL)
    swap = {"L": "R", "R": "L", "N": "N", "P": "P"}
    classes = levels.classes(57)
    rng = np.random.default_rng(57)
    for r in rng.integers(0, len(classes), 400):
        lam = unrank(57, int(r))
        assert classes[r] == swap[levels.outcome(lam.conjugate())], lam
    # a diagram's class follows from its options' classes, one level down
    rules = get_partizan("crpm")
    for r in rng.integers(0, len(classes), 50):
        lam = rules.parse(str(unrank(57, int(r))))
        left = any(levels.outcome(p.summands[0]) in "LP" for _, p in rules.left_options(lam))
        right = any(levels.outcome(p.summands[0]) in "RP" for _, p in rules.right_options(lam))
        assert classes[r] == {(1, 0): "L", (0, 1): "R", (1, 1): "N", (0, 0): "P"}[left, right]


@cached_njit
def _no_smaller(w, side, out, out2):  # a broken kernel: the position is its own option
    put_word(out, 0, w)
    return 1


def test_a_kernel_whose_option_is_not_smaller_is_refused() -> None:
    with pytest.raises(ValueError, match="not smaller"):
        PartizanLevels(PartizanKernel("broken", _no_smaller)).codes(2)
    with pytest.raises(TypeError, match="PartizanKernel"):
        PartizanLevels(get_partizan("crpm"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"0\.\.183"):
        PartizanLevels(CRPM_KERNEL).codes(500)


def test_the_door_asks_the_kernel_for_one_diagram() -> None:
    assert answer("crpm", "6,4,4,1", question="outcome").source == "kernel"
    assert answer("crpm", "6,4,4,1", question="outcome", source="search").value == (
        answer("crpm", "6,4,4,1", question="outcome").value
    )
    summed = answer("crpm", "3,2 + 2,1", question="outcome")  # a sum needs values
    assert (summed.value, summed.source) == (outcome("crpm", "3,2 + 2,1"), "search")
    assert answer("crps", "3,1", question="outcome").source == "search"  # no kernel
    with pytest.raises(ValueError, match="one diagram"):
        answer("crpm", "3,2 + 2,1", question="outcome", source="kernel")
    with pytest.raises(ValueError, match="outcomes only"):
        answer("crpm", "3,2", source="kernel")
    with pytest.raises(ValueError, match="without a kernel"):
        answer("crps", "3,2", question="outcome", source="kernel")


def test_counts_take_outcomes_from_the_kernel_and_values_where_affordable() -> None:
    small = partizan_counts("crpm", 12)
    assert small.source == "kernel" and small.distinct is not None
    assert sum(small.outcomes.values()) == partition_numbers(12)[12]
    big = partizan_counts("crpm", DISTINCT_N + 5)
    assert big.distinct is None and big.outcomes["P"] == 0
    with pytest.raises(ValueError, match="no kernel"):
        partizan_counts("crps", DISTINCT_N + 1)


def test_count_json_omits_distinct_past_its_bound(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["count", "crpm", "--n", f"{DISTINCT_N}..{DISTINCT_N + 2}", "--json"]) == 0
    result = capsys.readouterr()
    data = json.loads(result.out)
    assert sorted(data["outcomes"]) == [str(DISTINCT_N + k) for k in range(3)]
    assert list(data["distinct"]) == [str(DISTINCT_N)]
    assert data["source"] == ["kernel"]
    assert f"distinct values are counted for n <= {DISTINCT_N} only" in result.err


def test_conjectures_over_partizan_outcome_classes() -> None:
    """`check_conjecture` reads a partizan game's classes: from the kernel's levels in
    blocks (CRPM) or from canonical forms (CRPS), and counts what the counts count."""
    sign = check_conjecture("crpm", when="L", then="rank > 0", sizes=range(1, 31))
    assert sign["holds"] and sign["checked"] == sum(
        partizan_counts("crpm", n).outcomes["L"] for n in range(1, 31)
    )
    odd = check_conjecture("crps", when="P", then="n % 2 == 0", sizes=range(1, 14), limit=2)
    assert not odd["holds"]
    assert [(c["n"], c["position"], c["value"]) for c in odd["counterexamples"]] == [
        (11, "4^2,3", "P"),
        (11, "3^3,2", "P"),
    ]
    impartial = check_conjecture("cr", when="L or R", then="False", sizes=range(1, 9))
    assert impartial["holds"] and impartial["checked"] == 0  # an impartial game has no L, R
    assert check_conjecture("cr", when="N", then="not P", sizes=range(1, 9))["holds"]
    with pytest.raises(ValueError, match="canonical forms, not numbers"):
        check_conjecture("crpm", when="value == 0", then="True", sizes=[3])
    with pytest.raises(ValueError, match="normal play only"):
        check_conjecture("crpm", then="True", sizes=[3], misere=True)
