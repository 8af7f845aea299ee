"""The atlas (grundy.atlas): ranks as a bijection, levels against the generic solver."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy.atlas
from grundy import get_ruleset
from grundy.atlas import AtlasError, build
from grundy.atlas.build import LevelEngine
from grundy.atlas.ranking import (
    MAX_N,
    NARROW_N,
    next_parts,
    parts_unrank,
    rank,
    ranking_table,
    unrank,
)
from grundy.cli import main
from grundy.game import capabilities
from grundy.games import load_all
from grundy.partition import Partition, partition_numbers, partitions
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


def test_next_parts_steps_through_the_partitions_in_order() -> None:
    for n in range(1, 21):
        parts = np.zeros(n, np.int64)
        length = parts_unrank(n, 0, ranking_table(n), parts)
        for r, lam in enumerate(partitions(n)):
            if r:
                length = next_parts(parts, length)
            assert Partition(parts[:length].tolist()) == lam


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


# --------------------------------------------------------------------------- on disk
def test_a_build_resumes_from_its_last_level_with_identical_files(tmp_path: Path) -> None:
    cr = get_ruleset("cr")
    whole = grundy.atlas.build(cr, 9, tmp_path / "whole")
    build(cr, 5, tmp_path / "parts")  # stopped after level 5
    (tmp_path / "parts" / "level-006.npy").write_bytes(b"half a level")  # not in the manifest
    parts = build(cr, 9, tmp_path / "parts")
    for n in range(10):
        name = f"level-{n:03d}.npy"
        assert (tmp_path / "parts" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()
    assert parts.manifest == whole.manifest
    assert [parts.value(lam) for lam in partitions(9)] == parts.level(9).tolist()
    assert sum(parts.counts(9).values()) == partition_numbers(9)[9]


def test_a_misere_chomp_atlas_has_no_empty_board(tmp_path: Path) -> None:
    atlas = grundy.atlas.open(build(get_ruleset("chomp"), 4, tmp_path, misere=True).directory)
    assert atlas.misere and atlas.counts(0) == {} and atlas.value("1") == 1
    with pytest.raises(ValueError, match="not a position of chomp"):
        atlas.value(Partition())


def test_a_corrupt_level_is_refused(tmp_path: Path) -> None:
    build(get_ruleset("cr"), 6, tmp_path)
    level = tmp_path / "level-006.npy"
    data = bytearray(level.read_bytes())
    data[-1] ^= 1
    level.write_bytes(bytes(data))
    with pytest.raises(AtlasError, match="level 6 does not match its checksum"):
        grundy.atlas.open(tmp_path).value("3,2,1")
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
    value_level = LevelEngine.value_level

    def stop_at_6(self: LevelEngine, n: int, progress=None):
        if n == 6:
            progress(0, 1)
            raise KeyboardInterrupt
        return value_level(self, n, progress)

    monkeypatch.setattr(LevelEngine, "value_level", stop_at_6)
    where = str(tmp_path / "cr")
    assert main(["atlas", "build", "cr", "--n", "8", "--dir", where]) == 130
    err = capsys.readouterr().err
    assert "building level 6 of the cr atlas" in err and "levels 0..5 are kept" in err
    assert grundy.atlas.open(where).levels == 5
    monkeypatch.setattr(LevelEngine, "value_level", value_level)
    assert main(["atlas", "build", "cr", "--n", "8", "--dir", where]) == 0
    assert grundy.atlas.open(where).levels == 8
