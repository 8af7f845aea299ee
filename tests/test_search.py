"""The compiled Column-Row engine (grundy.search) against the generic solver."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import search
from grundy.partition import partitions_up_to
from grundy import Solver, get_ruleset
from grundy.partition import Partition, staircase
from grundy.search import Search, TranspositionTable, parse_memory
from grundy.search import words as W

MAX_N = 18  # issue 3: every partition with n ≤ 18


ALL = list(partitions_up_to(MAX_N))
CR = get_ruleset("cr")


@pytest.fixture(scope="module")
def reference() -> dict[bool, dict[Partition, int]]:
    solver = Solver(CR)
    return {m: {lam: solver.value(lam, m) for lam in ALL} for m in (False, True)}


# ------------------------------------------------------------------ words
def test_encode_decode_round_trip() -> None:
    for lam in ALL:
        w = W.encode(lam)
        assert W.decode(w) == lam
        assert w.bit_length() == W.letters(lam)
        assert W.conjugate(w) == W.encode(lam.conjugate())
        assert W.canonical(w) == min(w, W.encode(lam.conjugate()))


def test_encode_known_word() -> None:
    # [2,1]: from the bottom-left corner R U R U
    assert W.encode(Partition([2, 1])) == 0b1010
    assert W.encode(Partition([])) == 0


def test_word_too_long_is_a_clear_error() -> None:
    big = staircase(30)
    assert not search.fits(big)
    with pytest.raises(ValueError, match="boundary of 60 steps"):
        search.cr_value(big)


# ---------------------------------------------------------------- engines
@pytest.mark.parametrize("method", ["mex", "test", "auto"])
@pytest.mark.parametrize("misere", [False, True])
def test_engines_match_solver_on_every_partition(
    reference: dict[bool, dict[Partition, int]], method: str, misere: bool
) -> None:
    engine = Search(misere=misere, memory="4M", progress=False)
    for lam in ALL:
        assert engine.value(lam, method) == reference[misere][lam], str(lam)


@pytest.mark.parametrize("misere", [False, True])
def test_nimber_test_answers_every_k(
    reference: dict[bool, dict[Partition, int]], misere: bool
) -> None:
    engine = Search(misere=misere, progress=False)
    for lam in ALL:
        if lam.size > 10:
            continue
        truth = reference[misere][lam]
        for k in range(5):
            assert engine.is_value(lam, k) == (k == truth), (str(lam), k)


def test_tiny_table_still_exact(reference: dict[bool, dict[Partition, int]]) -> None:
    # 1024 slots: far fewer than the positions met; entries get replaced, answers stay exact
    for method in ("mex", "test"):
        engine = Search(memory="8K", progress=False)
        assert not engine.table.can_grow
        for lam in ALL[-60:]:
            assert engine.value(lam, method) == reference[False][lam]
        assert engine.value(staircase(9), method) == 2  # 2134 positions > 1024 slots
        t = engine.table
        assert t.count <= t.capacity and t.nbytes <= 8 << 10
        assert t.replaced > 0  # it was full and kept going


def test_table_growth_keeps_entries() -> None:
    t = TranspositionTable("1G", initial_log=12)
    words = [W.canonical(W.encode(lam)) for lam in ALL if lam]
    words = sorted(set(words))
    for i, w in enumerate(words):
        t.put_exact(w, i % 50)
    while t.grow() and t.capacity < 1 << 16:
        pass
    assert t.capacity >= 1 << 16
    assert all(t.exact(w) == i % 50 for i, w in enumerate(words))
    assert t.count == len(words)


def test_checkpoint_round_trip(tmp_path) -> None:
    path = tmp_path / "s14.npz"
    first = Search(checkpoint=path, progress=False)
    assert first.value(staircase(14), "mex") == 0
    assert path.exists() and first.loaded == 0
    second = Search(checkpoint=path, progress=False)
    assert second.loaded == first.table.count
    assert second.value(staircase(14), "mex") == 0
    assert second.stats.expanded == 0  # everything came from the checkpoint
    assert second.value(staircase(13), "mex") == 2
    assert not list(tmp_path.glob("*.tmp"))  # atomic write left no temp file


def test_checkpoint_mismatch_and_garbage_are_errors(tmp_path) -> None:
    path = tmp_path / "normal.npz"
    Search(checkpoint=path, progress=False).value(staircase(8))
    with pytest.raises(ValueError, match="checkpoint is for"):
        Search(misere=True, checkpoint=path, progress=False)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match="not a grundy search checkpoint"):
        Search(checkpoint=junk, progress=False)


def test_interrupt_saves_checkpoint_and_resume_finishes(tmp_path) -> None:
    path = tmp_path / "s16.npz"
    calls = []

    def interrupt(stats: search.SearchStats) -> None:
        calls.append(stats.expanded)
        raise KeyboardInterrupt

    engine = Search(checkpoint=path, progress=interrupt, report_every=0.0)
    engine._budget = 2000  # small chunks, so the search is interrupted mid-way
    with pytest.raises(KeyboardInterrupt):
        engine.value(staircase(16), "mex")
    assert calls and path.exists()
    resumed = Search(checkpoint=path, progress=False)
    assert resumed.loaded > 0
    assert resumed.value(staircase(16), "mex") == 0


def test_progress_line_written_to_stream() -> None:
    out = io.StringIO()
    engine = Search(progress=True, stream=out, report_every=0.0)
    engine._budget = 1000
    assert engine.value(staircase(14), "mex") == 0
    text = out.getvalue()
    assert "states" in text and "/s" in text and "table" in text and text.endswith("\n")


def test_quiet_when_not_a_terminal() -> None:
    out = io.StringIO()
    Search(progress=None, stream=out, report_every=0.0).value(staircase(12))
    assert out.getvalue() == ""


def test_value_table_matches_sub_partitions(reference: dict[bool, dict[Partition, int]]) -> None:
    for misere in (False, True):
        for lam in (Partition([4, 3, 3, 2, 1]), staircase(4), Partition([3, 3, 3])):
            table = search.cr_value_table(lam, misere)
            assert [len(row) for row in table] == list(lam.parts())
            for i, row in enumerate(table):
                for j, v in enumerate(row):
                    assert v == reference[misere][lam.sub(i, j)]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [("8G", 8 << 30), ("512M", 512 << 20), ("1.5g", 3 << 29), ("64KiB", 64 << 10), (2**20, 2**20)],
)
def test_parse_memory(spec: str | int, expected: int) -> None:
    assert parse_memory(spec) == expected


@pytest.mark.parametrize("spec", ["", "8X", "-1G", "10", "4K"])
def test_parse_memory_rejects(spec: str) -> None:
    with pytest.raises(ValueError):
        parse_memory(spec)


def test_bad_arguments() -> None:
    engine = Search(progress=False)
    with pytest.raises(ValueError, match="unknown search method"):
        engine.value([2, 1], "magic")
    with pytest.raises(ValueError, match="non-negative"):
        engine.is_value([2, 1], -1)
    with pytest.raises(TypeError):
        parse_memory(True)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        search.cr_value("3,x")


# ------------------------------------------------------------- properties
partitions_st = st.lists(st.integers(1, 9), max_size=9).map(Partition)


@settings(max_examples=60, deadline=None)
@given(partitions_st, st.booleans())
def test_engine_matches_solver_on_random_partitions(lam: Partition, misere: bool) -> None:
    ref = Solver(CR).value(lam, misere)
    assert search.cr_value(lam, misere) == ref
    assert search.cr_value(lam.conjugate(), misere) == ref
    assert search.cr_is_value(lam, ref, misere)


def test_packed_helpers_are_consistent() -> None:
    w = np.uint64(W.encode(Partition([4, 2, 2, 1])))
    assert W.canonical(int(w)) == W.canonical(W.encode(Partition([4, 2, 2, 1]).conjugate()))
