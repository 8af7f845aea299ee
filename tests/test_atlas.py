"""The atlas (grundy.atlas): ranks as a bijection, levels against the generic solver."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy.atlas
from grundy import get_ruleset
from grundy.atlas import AtlasError, build
from grundy.atlas.files import locked
from grundy.cli import main
from grundy.engine.box_levels import BoxEngine
from grundy.engine.box_ranking import box_unrank
from grundy.engine.levels import LevelEngine, narrowest
from grundy.engine.ranking import (
    MAX_N,
    NARROW_N,
    WIDE_N,
    like_word,
    next_conjugate,
    next_parts,
    parts_unrank,
    rank,
    ranking_table,
    unrank,
)
from grundy.engine.transposition import pack, unpack
from grundy.engine.wordops import word_width
from grundy.engine.words import BROAD_LETTERS, encode
from grundy.game import capabilities
from grundy.games import load_all
from grundy.partition import Partition, partition_numbers, partitions
from grundy.registry import rulesets
from grundy.solver import Solver

#: The largest level checked against the generic solver, for every game with a kernel.
CHECKED_N = 16


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


def test_next_parts_steps_through_the_partitions_in_order() -> None:
    for n in range(1, 21):
        parts = np.zeros(n, np.int64)
        length = parts_unrank(n, 0, ranking_table(n), parts)
        for r, lam in enumerate(partitions(n)):
            if r:
                length = next_parts(parts, length)
            assert Partition(parts[:length].tolist()) == lam


@pytest.mark.parametrize(
    ("n", "start", "steps"),
    [(n, 0, partition_numbers(n)[n] - 1) for n in range(1, 16)]
    + [(n, partition_numbers(n)[n] - 400, 399) for n in (30, NARROW_N, NARROW_N + 1, 70, WIDE_N)]
    + [(n, partition_numbers(n)[n] // 3, 300) for n in (NARROW_N, NARROW_N + 1, WIDE_N, MAX_N)]
    + [(n, partition_numbers(n)[n] - 300, 299) for n in (WIDE_N + 1, MAX_N)],
)
def test_next_conjugate_steps_the_conjugates_word_with_the_parts(
    n: int, start: int, steps: int
) -> None:
    """From the first partitions (every n ≤ 15), the last ones (hooks and columns: words
    past one limb) and middle ones, narrow, wide and broad."""
    width = word_width(like_word(n))
    parts = np.zeros(n + 1, np.int64)
    length = parts_unrank(n, start, ranking_table(n), parts)
    word = encode(unrank(n, start).conjugate(), BROAD_LETTERS)
    for r in range(start + 1, start + steps + 1):
        length, c = next_conjugate(parts, length, pack(word, width))
        word = unpack(c)
        lam = unrank(n, r)
        assert Partition(parts[:length].tolist()) == lam
        assert word == encode(lam.conjugate(), BROAD_LETTERS)


@pytest.mark.parametrize("letters", [63, 64, 65, 66, 100])
def test_ranks_of_words_across_their_two_limbs(letters: int) -> None:
    """Wide words whose runs of R or U letters cross from the low limb to the high one."""
    for rows in (2, letters // 3, letters // 2, letters - 20):
        for lam in (
            Partition([letters - rows] + [1] * (rows - 1)),  # a hook: runs of every length
            Partition([letters - rows - 2] + [2] * (rows - 2) + [1]),
        ):
            if lam.size <= MAX_N:
                assert unrank(lam.size, rank(lam)) == lam


def test_ranks_refuse_what_the_words_cannot_hold() -> None:
    with pytest.raises(ValueError, match="past the engine's words"):
        unrank(MAX_N + 1, 0)
    with pytest.raises(ValueError, match=r"rank must be in 0\.\.4"):
        unrank(4, 5)


def test_every_kernel_game_is_checked() -> None:
    names = kernel_games()
    assert {"cr", "chomp", "cris", "pnim", "rit", "sato-welter", "chess-king"} <= set(names)
    assert "lctr-nonrep" not in names


#: Boxes checked against the generic solver: square and not (one of each shape).
BOXES = [(1, 1), (5, 5), (2, 5), (5, 3)]


@pytest.mark.parametrize("name", kernel_games())
def test_levels_and_boxes_agree_with_the_generic_solver(name: str) -> None:
    """Every partition of n ≤ CHECKED_N (the level engine) and every diagram inside the
    boxes up to 5 × 5 (the box engine), both conventions, against the solver without a
    kernel (one solver, so the two share its memo)."""
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
        for a, b in BOXES:
            values = BoxEngine(rules.kernel, a, b, misere, chunk=4).value_level(0).tolist()
            for r, value in enumerate(values):
                lam = box_unrank(a, b, r)
                if lam.size == 0 and not rules.kernel.allows_empty:
                    assert value == 0
                    continue
                expected = solver.value(rules.parse(str(lam)), misere)
                assert value == expected, (name, misere, (a, b), str(lam))


def test_levels_do_not_depend_on_the_width_of_the_kernels_words() -> None:
    """The level loop hands the kernel a wide word only past `_narrow_letters` letters
    (56): at 6, levels n ≤ 12 switch between narrow and wide words again and again, and
    must be those valued in narrow words alone.  Cris splits: both pieces cross over."""
    kernel = get_ruleset("cris").kernel
    narrow, mixed = LevelEngine(kernel, 12), LevelEngine(kernel, 12, chunk=64)
    mixed._narrow_letters = 6
    for n in range(13):
        assert mixed.value_level(n).tolist() == narrow.value_level(n).tolist(), n


# --------------------------------------------------------------------------- on disk
def atlas_files(directory: Path) -> dict[str, bytes]:
    """Every file of an atlas but its lock, by path: what two builds must agree on."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def test_chunks_of_a_level_are_the_level(tmp_path: Path) -> None:
    whole = build(get_ruleset("cr"), 10, tmp_path / "whole")
    chunked = build(get_ruleset("cr"), 10, tmp_path / "chunked", chunk=4)
    assert chunked.manifest["levels"][10] == {"n": 10, "count": 42, "chunks": 11}
    for n in range(11):
        assert chunked.level(n).tolist() == whole.level(n).tolist()
        assert [lo for lo, _ in chunked.chunks(n)] == list(range(0, partition_numbers(n)[n], 4))
    assert [chunked.value(lam) for lam in partitions(10)] == whole.level(10).tolist()


def test_a_build_resumes_from_its_last_chunk_with_identical_files(tmp_path: Path) -> None:
    cr = get_ruleset("cr")
    whole = build(cr, 9, tmp_path / "whole", chunk=4)
    build(cr, 5, tmp_path / "parts", chunk=4)  # stopped after level 5
    rows = json.loads((tmp_path / "whole" / "level-006" / "chunks.json").read_text())
    rows["chunks"][2:] = [None] * (len(rows["chunks"]) - 2)  # stopped in level 6
    (tmp_path / "parts" / "level-006").mkdir()
    (tmp_path / "parts" / "level-006" / "chunks.json").write_text(json.dumps(rows, indent=1) + "\n")
    for k in range(2):
        (tmp_path / "parts" / "level-006" / f"{k:05d}.npy").write_bytes(
            (tmp_path / "whole" / "level-006" / f"{k:05d}.npy").read_bytes()
        )
    (tmp_path / "parts" / "level-006" / "00002.npy").write_bytes(b"half a chunk")  # no row
    parts = build(cr, 9, tmp_path / "parts")  # the atlas's own chunk size
    assert atlas_files(tmp_path / "parts") == atlas_files(tmp_path / "whole")
    assert parts.manifest == whole.manifest
    assert sum(parts.counts(9).values()) == partition_numbers(9)[9]
    with pytest.raises(AtlasError, match="chunks of 4 ranks, not 8"):
        build(cr, 10, tmp_path / "parts", chunk=8)


def test_a_build_killed_in_the_middle_of_a_level_resumes_to_identical_files(
    tmp_path: Path,
) -> None:
    """kill -9 while level 24 is being written (chunks of 64 ranks), then resume."""
    script = (
        "import sys\n"
        "from grundy import get_ruleset\n"
        "from grundy.atlas import build\n"
        "def progress(n, done, size):\n"
        "    if n == 24 and done >= size // 2:\n"
        "        print('half', flush=True)\n"
        "        sys.stdin.readline()\n"  # held here until killed
        "build(get_ruleset('cr'), 26, sys.argv[1], chunk=64, on_progress=progress)\n"
    )
    killed = tmp_path / "killed"
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(killed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert child.stdout.readline() == "half\n"
    finally:
        child.kill()
        child.wait()
    assert grundy.atlas.open(killed).levels == 23
    rows = json.loads((killed / "level-024" / "chunks.json").read_text())["chunks"]
    assert 0 < sum(row is not None for row in rows) < len(rows)  # stopped within level 24
    resumed = build(get_ruleset("cr"), 26, killed)
    clean = build(get_ruleset("cr"), 26, tmp_path / "clean", chunk=64)
    assert atlas_files(killed) == atlas_files(tmp_path / "clean")
    assert resumed.levels == clean.levels == 26


def test_a_build_on_a_local_cluster_writes_the_same_files(tmp_path: Path) -> None:
    """Two worker processes value the chunks of each level (chunks of 16 ranks: up to 39
    tasks a level), from the lower levels' files, resuming a build begun here."""
    serial = build(get_ruleset("chomp"), 18, tmp_path / "serial", chunk=16)
    build(get_ruleset("chomp"), 12, tmp_path / "cluster", chunk=16)
    progress: list[tuple[int, int, int]] = []
    on_cluster = build(
        get_ruleset("chomp"), 18, tmp_path / "cluster", workers=2,
        on_progress=lambda *report: progress.append(report),
    )  # fmt: skip
    assert atlas_files(tmp_path / "cluster") == atlas_files(tmp_path / "serial")
    assert on_cluster.manifest == serial.manifest
    assert {n for n, _, _ in progress} == set(range(13, 19))
    assert (18, partition_numbers(18)[18], partition_numbers(18)[18]) in progress


def test_a_box_atlas_on_disk_resumes_and_answers_lookups(tmp_path: Path, capsys) -> None:
    chomp = get_ruleset("chomp")
    whole = build(chomp, None, tmp_path / "whole", box=(6, 5), chunk=64)
    assert whole.box == (6, 5) and whole.levels == -1 and whole.info()["positions"] == 462
    build(chomp, None, tmp_path / "parts", box=(6, 5), chunk=64)
    rows = json.loads((tmp_path / "parts" / "level-000" / "chunks.json").read_text())
    rows["chunks"][3:] = [None] * (len(rows["chunks"]) - 3)  # stopped after chunk 2
    (tmp_path / "parts" / "level-000" / "chunks.json").write_text(json.dumps(rows, indent=1) + "\n")
    manifest = json.loads((tmp_path / "parts" / "manifest.json").read_text())
    manifest["levels"] = []
    (tmp_path / "parts" / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    assert grundy.atlas.open(tmp_path / "parts").info()["partial"] == {
        "n": 0, "written": 3, "chunks": 8,
    }  # fmt: skip
    assert main(["atlas", "build", "chomp", "--box", "6x5", "--dir", str(tmp_path / "parts")]) == 0
    assert atlas_files(tmp_path / "parts") == atlas_files(tmp_path / "whole")
    solver = Solver(chomp)
    for lam in (Partition([5] * 6), Partition([5, 1]), Partition([1] * 6), Partition([3, 3, 2])):
        assert whole.covers(lam) and whole.value(lam) == solver.value(lam)
    assert not whole.covers(Partition([6])) and not whole.covers(Partition([1] * 7))
    assert not whole.covers(Partition())  # Chomp has no empty board
    capsys.readouterr()
    assert main(["value", "chomp", "5^6", "--atlas", str(tmp_path / "whole"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == solver.value(Partition([5] * 6))
    with pytest.raises(ValueError, match="one pass"):
        build(chomp, None, tmp_path / "cluster", box=(3, 3), workers=2)
    with pytest.raises(AtlasError, match=r"chomp in the 6 × 5 box .*, not of chomp in the 5 × 6"):
        build(chomp, None, tmp_path / "whole", box=(5, 6))


def test_a_second_build_of_the_same_directory_is_refused(tmp_path: Path) -> None:
    build(get_ruleset("cr"), 2, tmp_path)
    with (
        locked(tmp_path),  # as another build holds it
        pytest.raises(AtlasError, match="being built by another process"),
    ):
        build(get_ruleset("cr"), 3, tmp_path)
    assert build(get_ruleset("cr"), 3, tmp_path).levels == 3


def test_wide_chunks_are_read_as_they_are_written(tmp_path: Path) -> None:
    """A chunk kept as uint16 (a value above 255) is read by the engine and the atlas
    as a uint8 one is: level 9 valued from wide copies of the levels below is the same."""
    kernel = get_ruleset("cr").kernel
    narrow = LevelEngine(kernel, 9, chunk=4)
    wide = LevelEngine(kernel, 9, chunk=4)
    for n in range(9):
        narrow.value_level(n)
        for k in range(wide.chunks(n)):
            wide.hold(n, k, narrow.level(n)[narrow.ranks(n, k)].astype(np.uint16))
    assert wide.value_level(9).tolist() == narrow.value_level(9).tolist()
    assert narrowest(np.array([7, 300], np.uint16)).dtype == np.uint16
    assert narrowest(np.array([7, 255], np.uint16)).dtype == np.uint8


def test_a_misere_chomp_atlas_has_no_empty_board(tmp_path: Path, capsys) -> None:
    assert main(["atlas", "build", "chomp", "--n", "1..4", "--dir", str(tmp_path / "cli")]) == 0
    assert "levels 0..4, 11 positions" in capsys.readouterr().out
    atlas = grundy.atlas.open(build(get_ruleset("chomp"), 4, tmp_path / "m", misere=True).directory)
    assert atlas.misere and atlas.counts(0) == {} and atlas.value("1") == 1
    with pytest.raises(ValueError, match="not a position of chomp"):
        atlas.value(Partition())


def test_a_corrupt_chunk_is_refused(tmp_path: Path) -> None:
    build(get_ruleset("cr"), 6, tmp_path, chunk=4)
    level = tmp_path / "level-006" / "00001.npy"
    data = bytearray(level.read_bytes())
    data[-1] ^= 1
    level.write_bytes(bytes(data))
    with pytest.raises(AtlasError, match="level 6 chunk 1 does not match its checksum"):
        grundy.atlas.open(tmp_path).level(6)
    cr = get_ruleset("cr")
    assert grundy.atlas.open(tmp_path).value("6") == Solver(cr).value(cr.parse("6"))  # chunk 0
    with pytest.raises(AtlasError, match="checksum"):
        build(get_ruleset("cr"), 7, tmp_path)
    assert level.read_bytes() == bytes(data)  # never overwritten


def test_foreign_and_mismatched_directories_are_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(AtlasError, match="is not an atlas"):
        build(get_ruleset("cr"), 3, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    build(get_ruleset("cr"), 3, tmp_path / "cr")
    with pytest.raises(AtlasError, match=r"atlas of cr .*normal play.*, not of cr .*misère"):
        build(get_ruleset("cr"), 3, tmp_path / "cr", misere=True)
    with pytest.raises(FileNotFoundError, match="no atlas directory"):
        grundy.atlas.open(tmp_path / "absent")


# ----------------------------------------------------------------- command line
def test_atlas_build_and_info_at_the_command_line(tmp_path: Path, capsys) -> None:
    where = str(tmp_path / "cr")
    assert main(["atlas", "build", "cr", "--n", "1..8", "--dir", where, "--json"]) == 0
    built = json.loads(capsys.readouterr().out)
    assert built["levels"] == 8 and built["positions"] == sum(partition_numbers(8))
    assert main(["atlas", "info", where, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == built
    assert main(["atlas", "build", "chomp", "--n", "8", "--dir", where]) == 2
    assert "is an atlas of cr" in capsys.readouterr().err


def test_ctrl_c_says_which_level_stopped_and_a_rerun_resumes(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    value_chunk = LevelEngine.value_chunk

    def stop_at_6(self: LevelEngine, n: int, k: int, progress=None):
        if (n, k) == (6, 2):
            progress(0)
            raise KeyboardInterrupt
        return value_chunk(self, n, k, progress)

    monkeypatch.setattr(LevelEngine, "value_chunk", stop_at_6)
    where = str(tmp_path / "cr")
    assert main(["atlas", "build", "cr", "--n", "8", "--dir", where, "--chunk", "4"]) == 130
    err = capsys.readouterr().err
    assert "building level 6 of the cr atlas" in err
    assert "levels 0..5 and 2 of 3 chunks of level 6 are kept" in err
    assert grundy.atlas.open(where).levels == 5
    monkeypatch.setattr(LevelEngine, "value_chunk", value_chunk)
    assert main(["atlas", "build", "cr", "--n", "8", "--dir", where]) == 0
    assert grundy.atlas.open(where).levels == 8
