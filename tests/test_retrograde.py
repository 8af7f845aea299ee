"""The retrograde outcome levels (grundy.engine.retrograde_levels) and the unmove kernels
they run (Chomp's, Column-Row's): parents against the forward kernels and the rules, codes
against the forward engine, atlas files against the forward engine's, byte for byte."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import get_ruleset
from grundy.atlas import build
from grundy.engine import CompiledKernel
from grundy.engine.outcome_levels import OutcomeEngine, P, bitmap
from grundy.engine.retrograde_levels import RARE, RetrogradeEngine
from grundy.engine.words import decode, encode
from grundy.partition import Partition, partitions

#: The games with an unmove kernel.
UNMOVE_GAMES = ("chomp", "cr")
#: The largest level whose every partition is checked against the forward kernel, and
#: against the rules' own moves; the largest level of the engines' and atlases' codes.
KERNEL_N, RULES_N, CODES_N = 12, 9, 30
#: How many boxes smaller than a random diagram its options checked are.
RANDOM_K = 12


def parents_by_unmove(kernel: CompiledKernel, q: Partition, n: int, wide: bool = False) -> Counter:
    """{parent: how often} of the partition q at level n, as the kernel's unmove lists them."""
    return Counter(decode(w) for w in kernel.parent_words(encode(q), n - q.size, wide))


def smaller(kernel: CompiledKernel, n: int) -> list[Partition]:
    """Every position of every level below n."""
    return [q for m in range(0 if kernel.allows_empty else 1, n) for q in partitions(m)]


@pytest.mark.parametrize("name", UNMOVE_GAMES)
def test_unmove_lists_each_parent_as_often_as_the_forward_kernel_lists_the_move(name: str) -> None:
    """For every partition p of every n ≤ KERNEL_N: the options the forward kernel lists
    for p (canonical words, repeats kept) are, class by class, the partitions q below
    whose unmove lists p, as often as it lists it; narrow and wide words alike."""
    kernel = get_ruleset(name).kernel
    for n in range(1, KERNEL_N + 1):
        forward = Counter(
            (p, option) for p in partitions(n) for option in kernel.option_words(encode(p))
        )
        backward: Counter = Counter()
        for q in smaller(kernel, n):
            parents = parents_by_unmove(kernel, q, n)
            assert parents_by_unmove(kernel, q, n, wide=True) == parents, (name, str(q))
            for p, times in parents.items():
                backward[(p, kernel.canonical_word(encode(q)))] += times
        assert backward == forward, (name, n)


@pytest.mark.parametrize("name", UNMOVE_GAMES)
def test_unmove_lists_the_positions_whose_moves_in_the_rules_leave_q(name: str) -> None:
    """Brute force on the rules' own moves (uncanonised diagrams): the parents of q at
    level n are the p of size n with as many moves to q."""
    rules = get_ruleset(name)
    for n in range(1, RULES_N + 1):
        moves_to: dict[Partition, Counter] = {}
        for p in partitions(n):
            for _, child in rules.options(p):
                moves_to.setdefault(child, Counter())[p] += 1
        for q in smaller(rules.kernel, n):
            assert parents_by_unmove(rules.kernel, q, n) == moves_to.get(q, Counter()), str(q)


@st.composite
def positions(draw: st.DrawFn) -> Partition:
    """A random diagram of 2 … 70 boxes (wide words past 55)."""
    n = draw(st.integers(2, 70))
    parts = []
    while n:
        part = draw(st.integers(1, min(n, parts[-1] if parts else n)))
        parts.append(part)
        n -= part
    return Partition(parts)


@pytest.mark.parametrize("name", UNMOVE_GAMES)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_random_diagrams_are_listed_as_parents_of_each_of_their_options(name: str, data) -> None:
    """Past the levels checked whole: a random p is listed among the parents of each
    option q of the rules that is at most `RANDOM_K` boxes smaller, as often as p moves
    to q (those further down have too many parents to list here)."""
    rules = get_ruleset(name)
    p = data.draw(positions())
    children = Counter(child for _, child in rules.options(p))
    for q, times in children.items():
        if p.size - q.size <= RANDOM_K:
            assert parents_by_unmove(rules.kernel, q, p.size)[p] == times, (str(p), str(q))


def test_unmove_of_no_boxes_or_of_nothing_lists_nothing() -> None:
    chomp, cr = get_ruleset("chomp").kernel, get_ruleset("cr").kernel
    assert chomp.parent_words(encode(Partition([2, 1])), 0) == []
    assert chomp.parent_words(0, 3) == []  # Chomp has no empty board: nothing bites to it
    assert sorted(str(decode(w)) for w in cr.parent_words(0, 2)) == ["1^2", "2"]
    with pytest.raises(ValueError, match="no unmove"):
        get_ruleset("rit").kernel.parent_words(encode(Partition([1])), 1)


@pytest.mark.parametrize("name", UNMOVE_GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_retrograde_codes_are_the_forward_engines(name: str, misere: bool) -> None:
    """Every level n ≤ CODES_N, every level marked (rare = 1) and as the default marks
    them (where at most `RARE` of the positions below are P-positions: Chomp's from
    n = 20 on, from 29 in misère play), in chunks smaller than a level."""
    kernel = get_ruleset(name).kernel
    forward = OutcomeEngine(kernel, CODES_N, misere, chunk=256)
    marked = RetrogradeEngine(kernel, CODES_N, misere, chunk=256, rare=1)
    unranked = RetrogradeEngine(kernel, CODES_N, misere, chunk=256, rare=1, words_bytes=0)
    default = RetrogradeEngine(kernel, CODES_N, misere, chunk=512)
    p_positions = positions_below = 0
    for n in range(CODES_N + 1):
        codes = forward.value_level(n)
        assert np.array_equal(marked.value_level(n), codes), (name, misere, n)
        assert np.array_equal(unranked.value_level(n), codes), (name, misere, n)
        assert np.array_equal(default.value_level(n), codes), (name, misere, n)
        assert marked.marks(n)
        assert default.marks(n) == (p_positions <= RARE * positions_below), (name, misere, n)
        p_positions += int(np.count_nonzero(codes == P))
        positions_below += len(codes)
    marked_levels = {n for n in range(CODES_N + 1) if default.marks(n)}
    if name == "chomp":
        assert set(range(20 if not misere else 29, CODES_N + 1)) <= marked_levels
    else:  # P-positions are 28% of Column-Row's
        assert max(marked_levels) <= 2


@pytest.mark.parametrize("misere", [False, True])
def test_marked_levels_in_chunks_of_two_ranks_and_as_bitmaps(misere: bool) -> None:
    """Chunks that do not start at a byte of the counters (two bits a rank), and each
    level's bitmap as `OutcomeEngine.level` gives it, from P-positions' offsets or bits."""
    kernel = get_ruleset("chomp").kernel
    forward = OutcomeEngine(kernel, 16, misere, chunk=2)
    marked = RetrogradeEngine(kernel, 16, misere, chunk=2, rare=1)
    lean = RetrogradeEngine(kernel, 16, misere, chunk=64, rare=1)
    levels = [forward.value_level(n) for n in range(17)]
    for n, codes in enumerate(levels):
        assert np.array_equal(marked.value_level(n), codes), (misere, n)
        assert np.array_equal(lean.value_level(n), codes), (misere, n)
    for n, codes in enumerate(levels):
        forward.pack(n)
        assert np.array_equal(marked.level(n), forward.level(n)), (misere, n)
        assert np.array_equal(lean.level(n), bitmap(codes)), (misere, n)  # 64 ranks: 8 bytes


def files_of(directory: Path) -> dict[str, bytes]:
    """Every file of an atlas but its lock, by path."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


@pytest.mark.parametrize("misere", [False, True])
def test_the_outcome_atlas_built_retrograde_is_the_forward_ones_byte_for_byte(
    tmp_path: Path, misere: bool
) -> None:
    """Chomp n ≤ CODES_N: forward, retrograde throughout, and as `build` picks (retrograde
    from n = 20); and forward to n = 24, then resumed retrograde from the files."""
    chomp = get_ruleset("chomp")
    built = {}
    for how in (False, True, None):
        where = tmp_path / str(how)
        build(chomp, CODES_N, where, misere, chunk=512, outcomes=True, retrograde=how)
        built[how] = files_of(where)
    resumed = tmp_path / "resumed"
    build(chomp, 24, resumed, misere, chunk=512, outcomes=True, retrograde=False)
    build(chomp, CODES_N, resumed, misere, chunk=512, outcomes=True, retrograde=True)
    assert len(built[False]) > CODES_N
    assert built[True] == built[False] == built[None] == files_of(resumed)


def test_the_retrograde_levels_are_refused_where_they_cannot_run(tmp_path: Path) -> None:
    chomp, rit = get_ruleset("chomp"), get_ruleset("rit")
    with pytest.raises(ValueError, match="rit: its kernel has no unmove"):
        RetrogradeEngine(rit.kernel, 4)
    with pytest.raises(ValueError, match="rare is a share"):
        RetrogradeEngine(chomp.kernel, 4, rare=2)
    with pytest.raises(ValueError, match="not on a cluster"):
        build(chomp, 4, tmp_path / "a", outcomes=True, retrograde=True, workers=1)
    with pytest.raises(ValueError, match="an outcome atlas only"):
        build(chomp, 4, tmp_path / "b", retrograde=True)
    with pytest.raises(ValueError, match="no unmove"):
        build(rit, 4, tmp_path / "c", outcomes=True, retrograde=True)
    with pytest.raises(ValueError, match="processes must be a whole number"):
        RetrogradeEngine(chomp.kernel, 4, processes=0)
    for refused in (
        {"outcomes": False},
        {"outcomes": True, "workers": 2},
        {"outcomes": True, "retrograde": False},
    ):
        with pytest.raises(ValueError, match="processes share out the retrograde marking"):
            build(chomp, 4, tmp_path / "d", processes=2, **refused)
    with pytest.raises(ValueError, match="processes share out"):
        build(rit, 4, tmp_path / "d", outcomes=True, processes=2)
    assert not any(tmp_path.iterdir())  # refused before any file is made


@pytest.mark.parametrize("name", UNMOVE_GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_marking_shared_out_to_processes_gives_the_same_codes(name: str, misere: bool) -> None:
    """Three processes, the words of the P-positions below kept for the lowest levels
    only (so that shares of both kinds, words and offsets, are dealt out)."""
    kernel = get_ruleset(name).kernel
    alone = RetrogradeEngine(kernel, 24, misere, chunk=256, rare=1)
    shared = RetrogradeEngine(kernel, 24, misere, chunk=256, rare=1, words_bytes=3000, processes=3)
    for n in range(25):
        assert np.array_equal(shared.value_level(n), alone.value_level(n)), (name, misere, n)


def test_an_atlas_marked_by_two_processes_is_the_same_files(tmp_path: Path) -> None:
    chomp = get_ruleset("chomp")
    build(chomp, 26, tmp_path / "one", chunk=512, outcomes=True)
    build(chomp, 26, tmp_path / "two", chunk=512, outcomes=True, processes=2)
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")


@numba.njit
def itself(w, k, out):
    """A broken unmove: w is listed as its own parent, k boxes short."""
    out[0] = w
    return 1


def test_a_broken_unmove_is_refused_with_its_level() -> None:
    chomp = get_ruleset("chomp").kernel
    broken = CompiledKernel(
        "broken", chomp.expand, chomp.canonical, allows_empty=False, unmove=itself
    )
    engine = RetrogradeEngine(broken, 3, rare=1)
    engine.value_level(0), engine.value_level(1)
    with pytest.raises(
        ValueError, match="broken: level 2: its unmove listed a parent of another size"
    ):
        engine.value_level(2)
