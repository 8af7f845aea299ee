"""The level engines on broad words (three limbs, n ≤ 183): ranks and levels.

No level past 119 can be built in a test (p(120) = 1.8e9), so the ranks of broad
words are checked on every partition of small n in words broader than they need
be and on random partitions of n = 120 … 183, and the levels are built with
their words forced broad (``width=3``) and compared with those built in the
narrowest words.  The kernel is handed a narrow word up to `NARROW` letters (as it
is up to 56) and a broad one above, so both cross over again and again.  Only
Chomp and Column-Row are compiled for broad words here: each game's level loops
compile once more for them.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import get_ruleset
from grundy.engine.levels import LevelEngine
from grundy.engine.outcome_levels import OutcomeEngine
from grundy.engine.ranking import (
    MAX_N,
    WIDE_N,
    first_part,
    like_word,
    next_conjugate,
    next_parts,
    parts_unrank,
    rank,
    ranking_table,
    unrank,
    word_rank,
    word_unrank,
)
from grundy.engine.retrograde_levels import RetrogradeEngine
from grundy.engine.transposition import pack, unpack
from grundy.engine.words import BROAD_LETTERS, encode
from grundy.partition import Partition, partition_numbers, partitions

#: Levels built in broad words and compared with the narrow ones.
CHECKED_N = 16
#: The kernel gets narrow words up to so many letters, broad ones above.
NARROW = 6
GAMES = ("chomp", "cr")


def broad(lam: Partition) -> tuple[np.uint64, ...]:
    """λ's word as a broad word."""
    return pack(encode(lam, BROAD_LETTERS), 3)  # type: ignore[return-value]


def test_ranks_of_broad_words_for_every_partition_of_small_n() -> None:
    """word_rank, word_unrank, first_part, next_parts and next_conjugate on broad words
    of every partition of n ≤ 14, in rank order."""
    like = like_word(0, width=3)
    for n in range(1, 15):
        table = ranking_table(n)
        parts, stepped, scratch = (np.zeros(n + 1, np.int64) for _ in range(3))
        length = parts_unrank(n, 0, table, stepped)
        plain = parts_unrank(n, 0, table, parts)
        conjugate = broad(Partition([n]).conjugate())
        for r, lam in enumerate(partitions(n)):
            if r:
                length, conjugate = next_conjugate(stepped, length, conjugate)
                plain = next_parts(parts, plain)
            assert Partition(stepped[:length].tolist()) == lam == Partition(parts[:plain].tolist())
            assert unpack(conjugate) == encode(lam.conjugate())
            assert word_rank(broad(lam), table) == (n, r)
            assert unpack(word_unrank(n, r, table, scratch, like)) == encode(lam)
            assert first_part(broad(lam)) == lam.largest


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_ranks_of_random_partitions_past_the_wide_words(data: st.DataObject) -> None:
    """Random partitions of n = 120 … 183: unrank and rank are inverse, rank order is
    reverse lexicographic order, and next_parts / next_conjugate step to the next rank."""
    n = data.draw(st.integers(WIDE_N + 1, MAX_N), label="n")
    table = ranking_table(n)
    r = data.draw(st.integers(0, int(table[n, n]) - 2), label="rank")
    lam, after = unrank(n, r), unrank(n, r + 1)
    assert lam.size == n == after.size
    assert rank(lam) == r and rank(after) == r + 1
    assert list(lam.parts()) > list(after.parts())  # reverse lexicographic
    parts = np.zeros(n + 2, np.int64)
    length = parts_unrank(n, r, table, parts)
    length, conjugate = next_conjugate(parts, length, broad(lam.conjugate()))
    assert Partition(parts[:length].tolist()) == after
    assert unpack(conjugate) == encode(after.conjugate(), BROAD_LETTERS)
    assert word_rank(broad(after), table) == (n, r + 1)


def test_the_longest_partitions_of_the_last_level_rank_and_unrank() -> None:
    """[183] and [1^183], 184 letters: the last letter of a broad word."""
    for lam in (Partition([MAX_N]), Partition([1] * MAX_N), Partition([92, *[1] * 91])):
        assert unrank(MAX_N, rank(lam)) == lam
    assert rank(Partition([1] * MAX_N)) == partition_numbers(MAX_N)[MAX_N] - 1
    with pytest.raises(ValueError, match="past words of 2 limbs"):
        like_word(WIDE_N + 1, width=2)


def forced(engine: LevelEngine) -> LevelEngine:
    """`engine`, its kernel given broad words past `NARROW` letters."""
    engine._narrow_letters = NARROW
    return engine


def test_value_levels_in_broad_words_are_the_narrow_ones() -> None:
    """Column-Row's (the value levels past 119 are not a record anyone asks for: a byte a
    position; each game compiled for broad words costs seconds of the suite)."""
    name = "cr"
    kernel = get_ruleset(name).kernel
    for misere in (False, True):
        narrow = LevelEngine(kernel, CHECKED_N, misere)
        broad_engine = forced(LevelEngine(kernel, CHECKED_N, misere, chunk=64, width=3))
        for n in range(CHECKED_N + 1):
            expected = narrow.value_level(n).tolist()
            assert broad_engine.value_level(n).tolist() == expected, (name, misere, n)


@pytest.mark.parametrize("name", GAMES)
def test_outcome_levels_in_broad_words_are_the_narrow_ones(name: str) -> None:
    """Forward (`OutcomeEngine`) outcome levels, both conventions, and for Chomp (whose
    records past 119 are marked) the retrograde ones (`RetrogradeEngine`, every level
    from 2 marked)."""
    kernel = get_ruleset(name).kernel
    for misere in (False, True):
        narrow = OutcomeEngine(kernel, CHECKED_N, misere)
        forward = forced(OutcomeEngine(kernel, CHECKED_N, misere, chunk=64, width=3))
        engines = [forward]
        if name == "chomp":
            engines.append(forced(RetrogradeEngine(kernel, CHECKED_N, misere, rare=1, width=3)))
        for n in range(CHECKED_N + 1):
            expected = narrow.value_level(n).tolist()
            for engine in engines:
                assert engine.value_level(n).tolist() == expected, (name, misere, n)
        if name == "chomp":
            assert engines[-1].marks(CHECKED_N)
