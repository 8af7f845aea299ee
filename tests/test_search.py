"""The generic compiled engine (grundy.engine) on Column-Row, against the generic solver.

The word primitives themselves are tested in tests/test_wordops.py.  Compile
time counts here: every search below uses the Column-Row kernel (its drivers
are compiled once per width and method in the process), and one extra kernel
(heaps of Nim) checks the limits of the info byte.
"""

from __future__ import annotations

import io
import itertools
import json
import math
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from grundy import Solver, get_ruleset
from grundy.cli import main
from grundy.engine import (
    CompiledKernel,
    Search,
    SearchStats,
    TranspositionTable,
    ValueTooLarge,
    parse_memory,
)
from grundy.engine import search as engine
from grundy.engine import words as W
from grundy.engine.drivers import partition_words
from grundy.engine.primitives import identity
from grundy.engine.transposition import pack
from grundy.games.column_row.column_row import COLUMN_ROW_KERNEL as K
from grundy.partition import (
    Partition,
    partition_numbers,
    partitions,
    partitions_up_to,
    staircase,
)
from grundy.sums import PartitionSum

MAX_N = 18  # issue 3: every partition with n ≤ 18
ALL = list(partitions_up_to(MAX_N))
CR = get_ruleset("cr")
SOLVER = Solver(CR, fast=False)  # the generic reference: no kernel, no closed forms


@pytest.fixture(scope="module")
def reference() -> dict[bool, dict[Partition, int]]:
    return {m: {lam: SOLVER.value(lam, m) for lam in ALL} for m in (False, True)}


def word(lam: Partition | str | list[int]) -> int:
    return W.encode(Partition.coerce(lam))


def roots(lams: list[Partition], width: int) -> np.ndarray:
    packed = [pack(word(lam), width) for lam in lams]
    return np.array(packed, dtype=np.uint64).reshape(len(lams), *(() if width == 1 else (2,)))


# ------------------------------------------------------------------ words
def test_encode_decode_round_trip() -> None:
    for lam in ALL:
        w = W.encode(lam)
        assert W.decode(w) == lam
        assert w.bit_length() == W.letters(lam) == lam.largest + lam.length
        assert W.conjugate(w) == W.encode(lam.conjugate())
        assert W.canonical(w) == min(w, W.encode(lam.conjugate()))
        assert W.conjugate(W.conjugate(w)) == w


def test_encode_known_words() -> None:
    # [2,1]: from the bottom-left corner R U R U; bit t is letter t, 1 for U
    assert W.encode(Partition([2, 1])) == 0b1010
    assert W.encode(Partition([3, 1, 1])) == 0b100110
    assert W.encode(Partition([])) == 0
    assert W.decode(0) == Partition()
    assert W.decode(0b10101) == Partition([2, 1])  # a leading U (a row of length 0)
    with pytest.raises(ValueError, match="non-negative"):
        W.decode(-1)


@pytest.mark.parametrize(
    ("lam", "width"),
    [
        ([54], 1),  # 55 letters
        ([55], 1),  # 56: the longest narrow word
        ([56], 2),  # 57
        ([28] * 28, 1),  # 56
        ([28] * 29, 2),  # 57
        ([119], 2),  # 120: the longest wide word
        ([60] * 60, 2),  # 120
        ([120], None),  # 121
        ([60] * 61, None),  # 121
    ],
)
def test_width_boundaries(lam: list[int], width: int | None) -> None:
    p = Partition(lam)
    assert W.width(p) == width
    assert W.fits(p) == (width is not None)
    if width is None:
        with pytest.raises(ValueError, match="at most 120"):
            W.encode(p)
    else:
        assert W.encode(p).bit_length() == W.letters(p)
        assert W.decode(W.encode(p)) == p


def test_word_too_long_is_a_clear_error() -> None:
    big = Partition([70, *range(50, 0, -1)])  # 121 letters
    assert not W.fits(big)
    with pytest.raises(ValueError, match=r"boundary of 121 steps.*at most 120"):
        W.encode(big)
    with pytest.raises(ValueError, match="at most 120"):
        K.search(big)
    assert K.value(big) is None
    assert CR.value_table(big) is None


# ---------------------------------------------------------------- engines
@pytest.mark.parametrize("width", [1, 2])
@pytest.mark.parametrize("method", ["mex", "test", "auto"])
@pytest.mark.parametrize("misere", [False, True])
def test_engine_matches_solver_on_every_partition(
    reference: dict[bool, dict[Partition, int]], method: str, misere: bool, width: int
) -> None:
    search = Search(K, misere=misere, memory="4M", progress=False, width=width)
    for lam in ALL:
        assert search.value(word(lam), method) == reference[misere][lam], str(lam)
    for lam in ALL[::7]:  # a conjugate is the same canonical word
        assert search.value(word(lam.conjugate()), method) == reference[misere][lam], str(lam)


@pytest.mark.parametrize("misere", [False, True])
def test_nimber_test_largest_first(misere: bool) -> None:
    # Largest positions first, so each search starts nearly cold and options of
    # a frame become known exactly while a sibling's subtree is searched.  The
    # driver once skipped such options in its "does some option have value j?"
    # scan and concluded SG = j wrongly: 6 scc positions of size 14 came out
    # wrong, and chomp [6, 6, 5, 4, 2, 1] came out 13 instead of 6.
    rules = get_ruleset("scc")
    exact = Solver(rules, fast=False)
    search = Search(rules.kernel, misere=misere, memory="4M", progress=False)
    for lam in reversed([lam for lam in ALL if 11 <= lam.size <= 14]):
        assert search.value(word(lam), "test") == exact.value(lam, misere), str(lam)
    chomp = get_ruleset("chomp").kernel
    cold = Search(chomp, misere=misere, progress=False)
    assert cold.value(word([6, 6, 5, 4, 2, 1]), "test") == (10 if misere else 6)


RECHECK = Path(__file__).parents[1] / "docs" / "findings" / "staircases_recheck.jsonl"


@pytest.mark.parametrize("width", [1, 2])
@pytest.mark.parametrize("n", [12, 13, 14])
def test_staircase_searches_expand_what_the_recorded_runs_expanded(n: int, width: int) -> None:
    # The recorded runs (findings/staircases_recheck.jsonl) expanded exactly as
    # many positions as the dedicated engine did.  A table lookup that misses
    # a stored word leaves every value right but expands more: this catches
    # it (a miscompiled inlined lookup once did exactly that).
    runs = [json.loads(line) for line in RECHECK.read_text().splitlines()]
    for misere in (False, True):
        play = "misere" if misere else "normal"
        (run,) = [r for r in runs if r["n"] == n and r["play"] == play]
        search = Search(K, misere=misere, progress=False, width=width)
        assert search.value(word(staircase(n)), "test") == run["value"]
        assert search.stats.expanded == run["expanded"], (n, play, width)


@pytest.mark.parametrize("width", [1, 2])
@pytest.mark.parametrize("misere", [False, True])
def test_nimber_test_answers_every_k(
    reference: dict[bool, dict[Partition, int]], misere: bool, width: int
) -> None:
    small = [lam for lam in ALL if lam.size <= 10]
    top = max(reference[misere][lam] for lam in small)
    for lam in small:
        search = Search(K, misere=misere, progress=False, width=width)  # a cold table each time
        truth = reference[misere][lam]
        for k in range(top + 2):
            assert search.is_value(word(lam), k) == (k == truth), (str(lam), k)
    # and with a warm table (facts "≠ k" and exact values from earlier questions)
    search = Search(K, misere=misere, progress=False, width=width)
    for k in range(top + 2):
        for lam in small:
            assert search.is_value(word(lam), k) == (k == reference[misere][lam]), (str(lam), k)


def test_values_of_many_roots(reference: dict[bool, dict[Partition, int]]) -> None:
    for width in (1, 2):
        for misere in (False, True):
            search = Search(K, misere=misere, progress=False, width=width)
            got = search.values(roots(ALL, width))
            assert got.tolist() == [reference[misere][lam] for lam in ALL]


@pytest.mark.parametrize("width", [1, 2])
def test_tiny_table_still_exact(reference: dict[bool, dict[Partition, int]], width: int) -> None:
    # 1024 slots (the smallest table): far fewer than the positions met;
    # entries get replaced, answers stay exact
    cap = 8 << 10 if width == 1 else 16 << 10
    for method in ("mex", "test"):
        search = Search(K, memory=cap, progress=False, width=width)
        assert not search.table.can_grow and search.table.capacity == 1024
        for lam in ALL[-60:]:
            assert search.value(word(lam), method) == reference[False][lam]
        assert search.value(word(staircase(9)), method) == 2  # 2134 positions
        t = search.table
        assert t.count <= t.capacity and t.nbytes <= cap and t.peak_bytes <= cap
        assert t.replaced > 0  # it was full and kept going


def test_smallest_cap_holds_for_wide_tables() -> None:
    assert TranspositionTable("8K", width=2).nbytes <= 8 << 10


@pytest.mark.parametrize("width", [1, 2])
def test_table_growth_keeps_entries(width: int) -> None:
    t = TranspositionTable("1G", width=width, initial_log=12)
    rng = random.Random(width)
    letters = 56 if width == 1 else 120
    words = sorted({rng.getrandbits(letters) | 1 << (letters - 1) for _ in range(2500)})
    for i, w in enumerate(words):
        t.put_exact(w, i % 127)
    while t.grow() and t.capacity < 1 << 16:
        pass
    assert t.capacity >= 1 << 16
    assert all(t.exact(w) == i % 127 for i, w in enumerate(words))
    assert t.count == len(words) and t.replaced == 0


def test_table_grows_during_a_search(reference: dict[bool, dict[Partition, int]]) -> None:
    search = Search(K, memory="64M", progress=False)
    start = search.table.capacity
    assert search.value(word(staircase(13)), "mex") == 2
    t = search.table
    assert t.capacity > start and t.count > start * 7 // 10
    assert t.peak_bytes >= t.nbytes + t.nbytes // 2  # old and new table at once
    # every small position met before or after the growth is still known, and right
    checked = 0
    for lam in ALL:
        known = t.exact(W.canonical(word(lam))) if lam else None
        if known is not None:
            assert known == reference[False][lam], str(lam)
            checked += 1
    assert checked > 500


def test_memory_cap_is_respected() -> None:
    search = Search(K, memory="256K", progress=False)
    assert search.value(word(staircase(12)), "mex") == 0  # 37 700 positions, 32 768 slots
    t = search.table
    assert t.peak_bytes <= 256 << 10 and t.nbytes <= 256 << 10 and t.replaced > 0


# A wide word has 57 … 120 letters (λ1 + number of rows); these keep the
# reference solver cheap (few runs) and cross the limb boundary (63/64/65).
WIDE = [
    "56",
    "55,1",
    "1^56",
    "61,1",
    "62,1",
    "63,1",
    "62,59",
    "60,1",
    "40,1^25",
    "45^2,3^15",
    "60^60",
    "119",
    "59^7,57",
    "48,47^8",
    "56^2,4^2",
]


def _few_runs(count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        parts = sorted(rng.sample(range(1, 70), rng.randint(2, 3)), reverse=True)
        lam = Partition.from_runs([(p, rng.randint(1, 40)) for p in parts])
        rows = math.prod(m + 1 for _, m in lam.runs)
        cols = math.prod(m + 1 for _, m in lam.conjugate().runs)
        if 57 <= W.letters(lam) <= 120 and rows * cols <= 3000:
            out.append(str(lam))
    return out


@pytest.mark.parametrize("misere", [False, True])
def test_wide_words_match_solver(misere: bool) -> None:
    for text in WIDE + _few_runs(5):
        lam = Partition.parse(text)
        assert W.width(lam) == 2, text
        truth = SOLVER.value(lam, misere)
        for method in ("mex", "test"):
            search, w = K.search(lam, misere, progress=False)
            assert search.width == 2 and w == word(lam)
            assert search.value(w, method) == truth, (text, method)
        assert K.value(lam, misere) == truth, text  # the shared wide search
        assert K.value(lam.conjugate(), misere) == truth, text


@pytest.mark.parametrize("misere", [False, True])
def test_big_narrow_words_in_both_widths(misere: bool) -> None:
    for text in ("50,40,3", "30,29,28,2,1", "20,1^35", "12^3,2^20"):
        lam = Partition.parse(text)
        truth = SOLVER.value(lam, misere)
        for width in (1, 2):
            for method in ("mex", "test"):
                search = Search(K, misere=misere, progress=False, width=width)
                assert search.value(word(lam), method) == truth, (text, width, method)


@pytest.mark.parametrize("width", [1, 2])
@pytest.mark.parametrize("method", ["mex", "test"])
def test_stack_growth_paths(
    reference: dict[bool, dict[Partition, int]], width: int, method: str
) -> None:
    """A stack of 2 frames of 2 options: every search hits DEEPER and WIDER."""
    for misere in (False, True):
        search = Search(K, misere=misere, progress=False, width=width)
        for lam in [lam for lam in ALL if lam.size <= 12] + [staircase(8)]:
            search._stack = engine._Stack(width, depth=2, options=2)
            truth = reference[misere][lam] if lam.size <= MAX_N else SOLVER.value(lam, misere)
            assert search.value(word(lam), method) == truth, (str(lam), misere)
        assert search._stack.depth > 2 and search._stack.options > 2
    search = Search(K, progress=False, width=width)
    search._stack = engine._Stack(width, depth=2, options=2)
    assert search.values(roots(ALL, width)).tolist() == [reference[False][lam] for lam in ALL]


def test_stack_defaults_grow_on_deep_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = Search(K, progress=False).value(word(staircase(11)), "mex")
    monkeypatch.setattr(engine._Stack.__init__, "__defaults__", (2, 2))
    for method in ("test", "mex"):
        search = Search(K, progress=False)
        assert search._stack.depth == 2 and search._stack.options == 2
        assert search.value(word(staircase(11)), method) == expected
        assert search._stack.depth >= 16 and search._stack.options >= 16


# ---------------------------------------------------------- info byte limits
@njit
def _heap(w, out, out2):
    """Nim heaps: the word w is a heap of w tokens; its options are all smaller heaps."""
    m = 0
    for v in range(int(w)):
        if m == out.shape[0]:
            return -1
        out[m] = np.uint64(v)
        m += 1
    return m


HEAP = CompiledKernel("heap", _heap, identity)


def test_largest_value_and_too_large_values() -> None:
    search = Search(HEAP, progress=False)
    assert search.value(126, "mex") == 126  # 126 options: the options buffer grows
    with pytest.raises(ValueTooLarge):
        search.value(127, "mex")
    assert search.value(126) == 126  # the table is still sound


def test_nimber_test_refuses_values_above_the_info_byte() -> None:
    search = Search(HEAP, progress=False)
    with pytest.raises(ValueTooLarge):
        search.value(128, "test")


# ----------------------------------------------------------------- census
@pytest.mark.parametrize("misere", [False, True])
def test_count_table_matches_solver(
    reference: dict[bool, dict[Partition, int]], misere: bool
) -> None:
    calls: list[tuple[int, int]] = []
    table = K.count_table(16, misere, progress=lambda done, total: calls.append((done, total)))
    assert table is not None and len(table) == 17
    for n in range(17):
        expected = Counter(reference[misere][lam] for lam in partitions(n))
        assert table[n] == dict(expected), n
    assert calls[-1] == (17, 17)


def test_count_table_limits() -> None:
    assert K.count_table(120) is None  # λ1 + ℓ = 121 letters: not even wide
    assert get_ruleset("lctr-nonrep").kernel.count_table(51) is None  # history: narrow only
    assert get_ruleset("cris").kernel.count_table(4, misere=True) is None


def test_partition_words_are_partitions_in_order() -> None:
    counts = partition_numbers(60)
    for n in range(MAX_N + 1):
        got = partition_words(n, counts[n])
        assert got.dtype == np.uint64 and got.shape == (counts[n],)
        assert [W.decode(int(w)) for w in got] == list(partitions(n)), n
        wide = partition_words(n, counts[n], 2)
        assert wide.shape == (counts[n], 2) and (wide[:, 0] == got).all() and not wide[:, 1].any()
    big = partition_words(60, counts[60], 2)  # [60] and [1^60] have 61 letters: wide only
    first = [W.decode(int(lo) | int(hi) << 64) for lo, hi in big[:300]]
    assert first == list(itertools.islice(partitions(60), 300))
    assert W.decode(int(big[-1, 0]) | int(big[-1, 1]) << 64) == Partition([1] * 60)


def test_census_on_wide_words(reference: dict[bool, dict[Partition, int]]) -> None:
    search = Search(K, progress=False, width=2)
    for n in (12, 16):
        roots = partition_words(n, partition_numbers(n)[n], 2)
        got = search.values(roots).tolist()
        assert got == [reference[False][lam] for lam in partitions(n)]


# ------------------------------------------------------------ checkpoints
def test_checkpoint_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "s14.npz"
    first = Search(K, checkpoint=path, progress=False)
    assert first.value(word(staircase(14)), "mex") == 0
    assert path.exists() and first.loaded == 0
    second = Search(K, checkpoint=path, progress=False)
    assert second.loaded == first.table.count
    assert second.value(word(staircase(14)), "mex") == 0
    assert second.value(word(staircase(13)), "mex") == 2  # an option of S_14: in the table
    assert second.stats.expanded == 0  # everything came from the checkpoint
    assert not [p.name for p in tmp_path.iterdir() if p.name != "s14.npz"]  # no temp file


def test_checkpoint_round_trip_wide_misere(tmp_path: Path) -> None:
    path = tmp_path / "wide.npz"
    lam = Partition.parse("45^2,3^15")
    first, w = K.search(lam, misere=True, checkpoint=path, progress=False)
    v = first.value(w, "test")
    second, _ = K.search(lam, misere=True, checkpoint=path, progress=False)
    assert second.width == 2 and second.loaded == first.table.count > 0
    assert second.value(w, "test") == v == SOLVER.value(lam, True)
    assert second.stats.expanded == 0


def test_checkpoint_mismatch_and_garbage_are_errors(tmp_path: Path) -> None:
    path = tmp_path / "normal.npz"
    Search(K, checkpoint=path, progress=False).value(word(staircase(8)))
    with pytest.raises(ValueError, match=r"another search: normal play, not misère play$"):
        Search(K, misere=True, checkpoint=path, progress=False)
    with pytest.raises(ValueError, match=r"1-word positions, not 2-word positions$"):
        Search(K, width=2, checkpoint=path, progress=False)
    other = CompiledKernel("not-cr", K.expand, K.canonical)
    with pytest.raises(ValueError, match=r"another search: game cr, not not-cr$"):
        Search(other, checkpoint=path, progress=False)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match=r"^not a grundy checkpoint: "):
        Search(K, checkpoint=junk, progress=False)
    empty = tmp_path / "empty.npz"
    empty.write_bytes(b"")
    with pytest.raises(ValueError, match=r"^not a grundy checkpoint: "):
        Search(K, checkpoint=empty, progress=False)
    wrong = tmp_path / "wrong.npz"
    header = np.array(["format=2", "game=cr", "misere=0", "width=1"])
    np.savez(wrong, entries=np.zeros((3, 2), dtype=np.uint64), header=header)
    with pytest.raises(ValueError, match=r"^not a grundy checkpoint: "):
        Search(K, checkpoint=wrong, progress=False)


def test_truncated_checkpoint_is_a_value_error(tmp_path: Path) -> None:
    path = tmp_path / "cut.npz"
    Search(K, checkpoint=path, progress=False).value(word(staircase(8)))
    data = path.read_bytes()
    for cut in (len(data) // 2, len(data) - 10, 30):
        path.write_bytes(data[:cut])
        try:
            Search(K, checkpoint=path, progress=False)
        except ValueError as exc:
            assert str(exc) == f"not a grundy checkpoint: {path}"
        else:
            pytest.fail(f"a checkpoint cut at {cut} bytes was accepted")


def test_interrupt_saves_checkpoint_and_resume_finishes(tmp_path: Path) -> None:
    path = tmp_path / "s14.npz"
    calls = []

    def interrupt(stats: SearchStats) -> None:
        calls.append(stats.expanded)
        raise KeyboardInterrupt

    out = io.StringIO()
    search = Search(K, checkpoint=path, progress=interrupt, report_every=0.0, stream=out)
    search._budget = 2000  # small chunks, so the search is interrupted mid-way
    with pytest.raises(KeyboardInterrupt):
        search.value(word(staircase(14)), "mex")
    assert calls and 0 < calls[0] < 257_607 and path.exists()
    assert out.getvalue() == ""  # no progress line to clear; the caller says what stopped
    resumed = Search(K, checkpoint=path, progress=False)
    assert resumed.loaded > 0
    assert resumed.value(word(staircase(14)), "mex") == 0
    assert resumed.stats.expanded < 257_607  # the saved facts were used


def test_progress_line_written_to_stream() -> None:
    out = io.StringIO()
    search = Search(K, progress=True, stream=out, report_every=0.0)
    search._budget = 1000
    assert search.value(word(staircase(13)), "mex") == 2
    text = out.getvalue()
    assert "states" in text and "/s" in text and "table" in text and text.endswith("\n")


def test_progress_callable_receives_stats() -> None:
    seen: list[int] = []
    search = Search(K, progress=lambda s: seen.append(s.expanded), report_every=0.0)
    search._budget = 1000
    assert search.value(word(staircase(12)), "mex") == 0
    assert seen and seen == sorted(seen)
    stats = search.snapshot().as_dict()
    assert stats["expanded"] == search.stats.expanded > 0 and stats["entries"] > 0


def test_quiet_when_not_a_terminal() -> None:
    out = io.StringIO()
    Search(K, progress=None, stream=out, report_every=0.0).value(word(staircase(12)))
    assert out.getvalue() == ""


# -------------------------------------------------------- tables of boxes
def test_value_table_matches_sub_partitions(reference: dict[bool, dict[Partition, int]]) -> None:
    for misere in (False, True):
        for lam in (Partition([4, 3, 3, 2, 1]), staircase(4), Partition([3, 3, 3])):
            table = CR.value_table(lam, misere)
            assert table == K.box_values(lam, misere)
            assert [len(row) for row in table] == list(lam.parts())
            for i, row in enumerate(table):
                for j, v in enumerate(row):
                    assert v == reference[misere][lam.sub(i, j)], (str(lam), i, j)


def test_value_table_of_a_wide_partition() -> None:
    lam = Partition([60, 1])
    table = CR.value_table(lam)
    assert [len(row) for row in table] == [60, 1]
    for i, row in enumerate(table):
        for j, v in enumerate(row):
            assert v == SOLVER.value(lam.sub(i, j)), (i, j)


# ------------------------------------------------------------- arguments
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
    search = Search(K, progress=False)
    with pytest.raises(ValueError, match="unknown search method"):
        search.value(word([2, 1]), "magic")
    with pytest.raises(ValueError, match="non-negative"):
        search.is_value(word([2, 1]), -1)
    with pytest.raises(TypeError):
        parse_memory(True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 or 2 machine words"):
        TranspositionTable(width=3)
    with pytest.raises(ValueError, match=r"single partition|too large"):
        K.search(PartitionSum(["2,1", "3"]))
    assert K.value(PartitionSum(["2,1", "3"])) is None


def test_splitting_kernel_is_normal_play_only() -> None:
    cris = get_ruleset("cris").kernel
    assert cris.splits
    with pytest.raises(ValueError, match="misère"):
        Search(cris, misere=True, progress=False)
    with pytest.raises(ValueError, match="misère"):
        cris.search(Partition([3, 2]), misere=True)
    assert cris.value(Partition([3, 2]), misere=True) is None
    assert cris.box_values(Partition([3, 2]), misere=True) is None
    with pytest.raises(ValueError, match="nimber test"):
        Search(cris, progress=False).value(word([3, 2]), "test")


def test_word_too_wide_for_the_search_is_refused() -> None:
    with pytest.raises(ValueError):
        Search(K, progress=False).value(word([60, 1]))  # 62 letters in a narrow search


# ------------------------------------------------------------- properties
partitions_st = st.lists(st.integers(1, 7), max_size=7).map(Partition)


@settings(max_examples=60, deadline=None)
@given(partitions_st, st.booleans())
def test_engine_matches_solver_on_random_partitions(lam: Partition, misere: bool) -> None:
    ref = SOLVER.value(lam, misere)
    assert K.value(lam, misere) == ref
    assert K.value(lam.conjugate(), misere) == ref
    search, w = K.search(lam, misere, progress=False)
    assert search.is_value(w, ref)
    assert not search.is_value(w, ref + 1)


# -------------------------------------------------------------------- CLI
def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_search_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "search", "cr", "5,4,3,2,1", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "cr" and data["position"] == "5,4,3,2,1" and data["misere"] is False
    assert data["value"] == SOLVER.value(staircase(5)) and data["outcome"] == "N"
    assert data["loaded_from_checkpoint"] == 0
    assert {"expanded", "lookups", "seconds", "entries", "peak_table_bytes"} <= set(data["stats"])
    status, out, _ = run_cli(capsys, "search", "cr", "5,4,3,2,1", "--is", "1", "--json")
    data = json.loads(out)
    assert status == 0 and data["is"] == 1 and data["answer"] is (data["value"] == 1)


def test_cli_search_wide_misere_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "search", "cr", "62,59", "--misere", "--method", "mex")
    assert status == 0
    assert f"cr 62,59 (misère play): value {SOLVER.value(Partition([62, 59]), True)}" in out
    assert "positions expanded" in out
    status, out, _ = run_cli(capsys, "search", "cr", "3,2", "--is", "2")
    assert status == 0 and "value 2? no" in out  # SG([3, 2]) = 3


def test_cli_search_checkpoint_resume(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "s9.npz")
    status, out, _ = run_cli(capsys, "search", "cr", "9,8,7,6,5,4,3,2,1", "--checkpoint", path)
    assert status == 0 and Path(path).exists()
    args = ("search", "cr", "9,8,7,6,5,4,3,2,1", "--checkpoint", path, "--json")
    status, out, _ = run_cli(capsys, *args)
    data = json.loads(out)
    assert status == 0 and data["value"] == 2 and data["loaded_from_checkpoint"] > 0
    assert data["stats"]["expanded"] == 0


def test_cli_search_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run_cli(capsys, "search", "lctr", "5,4,3,2,1")
    assert status == 2 and "no compiled kernel" in err
    missing = str(tmp_path / "no" / "such" / "dir" / "x.npz")
    status, _, err = run_cli(capsys, "search", "cr", "5,4,3,2,1", "--checkpoint", missing)
    assert status == 2 and "does not exist" in err
    status, _, err = run_cli(capsys, "search", "cr", "60^61")
    assert status == 2 and "at most 120" in err
    status, _, err = run_cli(capsys, "search", "cr", "3,2", "--method", "magic")
    assert status == 2 and "unknown search method" in err
    status, _, err = run_cli(capsys, "search", "cr", "3,2", "--memory", "4K")
    assert status == 2 and "too small" in err


def test_checkpoint_in_missing_folder_fails_before_searching(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="does not exist"):
        Search(K, checkpoint=tmp_path / "missing" / "x.npz", progress=False)
