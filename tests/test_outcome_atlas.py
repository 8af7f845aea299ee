"""The outcome atlas (grundy.atlas.outcome_atlas, grundy.engine.outcome_levels): P-positions
and winning moves against the value atlas and brute force, on disk, resumed, on a cluster."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import grundy.atlas
from grundy import get_ruleset
from grundy.answers import answer, value
from grundy.atlas import AtlasError, build
from grundy.atlas.files import Atlas
from grundy.cli import main
from grundy.engine import CompiledKernel
from grundy.engine.box_levels import BoxEngine
from grundy.engine.box_outcomes import BoxOutcomeEngine
from grundy.engine.box_ranking import box_size, box_unrank
from grundy.engine.levels import LevelEngine
from grundy.engine.outcome_levels import NO_MOVE, OutcomeEngine
from grundy.engine.ranking import rank
from grundy.game import capabilities
from grundy.games import load_all
from grundy.partition import partition_numbers, partitions
from grundy.registry import rulesets
from grundy.solver import Solver

#: The largest level checked against the value engine; against brute force, `BRUTE_N`.
CHECKED_N, BRUTE_N = 40, 14
#: Games whose kernel lists some move twice where their rules list it once (CRIT: a row
#: move and a column move that leave the same diagram; partition Nim: 1 → the empty
#: board), so that their winning moves are the kernel's count, not the rules'.
LISTED_TWICE = {"crit", "pnim"}


def outcome_games() -> list[str]:
    """Every game with a kernel whose positions are plain partitions and whose moves do
    not split: those `grundy atlas build --outcomes` takes."""
    load_all()
    return [
        rules.name
        for rules in rulesets()
        if "kernel" in capabilities(rules)
        and rules.kernel.positions_are_partitions
        and not rules.kernel.splits
    ]


def atlas_files(directory: Path) -> dict[str, bytes]:
    """Every file of an atlas but its lock, by path: what two builds must agree on."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def test_every_outcome_game_is_checked_and_splitting_games_are_refused() -> None:
    assert {"cr", "chomp", "rit", "sato-welter", "corner"} <= set(outcome_games())
    with pytest.raises(ValueError, match="moves split"):
        OutcomeEngine(get_ruleset("cris").kernel, 4)


@pytest.mark.parametrize("name", outcome_games())
def test_outcomes_agree_with_values_and_with_brute_force(name: str) -> None:
    """Both conventions: a P-position exactly where the value engine has 0 (n ≤ 24),
    and the winning moves counted by brute force over the game's own moves (n ≤ 14)."""
    rules = get_ruleset(name)
    solver = Solver(rules)
    for misere in (False, True):
        values = LevelEngine(rules.kernel, CHECKED_N, misere)
        outcomes = OutcomeEngine(rules.kernel, CHECKED_N, misere, chunk=256)
        levels = []
        for n in range(CHECKED_N + 1):
            levels.append(values.value_level(n))
            codes = outcomes.value_level(n)
            assert np.array_equal(codes == 0, levels[n] == 0), (name, misere, n)
            if n > BRUTE_N or (n == 0 and not rules.kernel.allows_empty) or name in LISTED_TWICE:
                continue
            for lam, code in zip(partitions(n), codes.tolist(), strict=True):
                moves = solver.moves(rules.parse(str(lam)))
                children = [CompiledKernel.partition_of(child) for _, child in moves]
                winning = sum(levels[c.size][rank(c)] == 0 for c in children)
                expected = NO_MOVE if misere and not children else min(winning, 2)
                assert code == expected, (name, misere, str(lam))


@pytest.mark.parametrize("name", outcome_games())
@pytest.mark.parametrize("box", [(5, 5), (4, 6)])
def test_box_outcomes_agree_with_the_value_box_and_with_the_levels(
    name: str, box: tuple[int, int]
) -> None:
    """Both conventions, the 5 × 5 box and a box that is not square (options read as
    their conjugates): a P-position exactly where the value box engine has 0, and each
    diagram's code (its winning moves) that of the same partition in the outcome levels,
    which the test above checks against brute force."""
    rules = get_ruleset(name)
    a, b = box
    for misere in (False, True):
        values = BoxEngine(rules.kernel, a, b, misere).value_level(0)
        codes = BoxOutcomeEngine(rules.kernel, a, b, misere, chunk=64).value_level(0)
        assert np.array_equal(codes == 0, values == 0), (name, box, misere)
        levels = OutcomeEngine(rules.kernel, a * b, misere)
        for r in range(0 if rules.kernel.allows_empty else 1, box_size(a, b)):
            lam = box_unrank(a, b, r)
            assert codes[r] == levels.value_level(lam.size)[rank(lam)], (name, misere, str(lam))


def test_a_box_outcome_atlas_answers_resumes_and_matches_at_the_command_line(
    tmp_path: Path, capsys
) -> None:
    chomp = get_ruleset("chomp")
    whole = build(chomp, None, tmp_path / "whole", box=(6, 6), outcomes=True, chunk=128)
    assert (whole.outcome("3,2"), whole.outcome("6^6")) == ("P", "N")
    assert whole.tallies(0)["P"] == int(
        np.count_nonzero(
            build(chomp, None, tmp_path / "values", box=(6, 6), chunk=128).level(0) == 0
        )
    )

    # a build stopped within the box resumes to the same bytes, the chunks written
    # before held as bitmaps
    class Stopped(Exception):
        pass

    def stop_halfway(n: int, done: int, size: int) -> None:
        if done >= size // 2:
            raise Stopped

    partial = tmp_path / "partial"
    with pytest.raises(Stopped):
        build(chomp, None, partial, box=(6, 6), outcomes=True, chunk=128, on_progress=stop_halfway)
    rows = json.loads((partial / "level-000" / "chunks.json").read_text())["chunks"]
    assert 0 < sum(row is not None for row in rows) < len(rows)
    build(chomp, None, partial, box=(6, 6), outcomes=True)
    assert atlas_files(partial) == atlas_files(tmp_path / "whole")
    assert (
        main(
            [
                "atlas",
                "build",
                "chomp",
                "--box",
                "6x6",
                "--outcomes",
                "--chunk",
                "128",
                "--dir",
                str(tmp_path / "cli"),
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert atlas_files(tmp_path / "cli") == atlas_files(tmp_path / "whole")


def test_an_outcome_atlas_on_disk_answers_and_tallies(tmp_path: Path) -> None:
    chomp = get_ruleset("chomp")
    values = build(chomp, 20, tmp_path / "values")
    atlas = build(chomp, 20, tmp_path / "outcomes", outcomes=True, chunk=64)
    assert isinstance(atlas, grundy.atlas.OutcomeAtlas)
    assert grundy.atlas.open(tmp_path / "outcomes").tallies(20) == atlas.tallies(20)
    for n in range(1, 21):
        assert atlas.level(n).tolist() == (values.level(n) == 0).tolist()
        tallies = atlas.tallies(n)
        assert tallies["P"] == values.counts(n).get(0, 0) == atlas.outcomes(n)["P"]
        assert tallies["one"] + tallies["several"] == tallies["N"]  # normal play: all move
    rows = json.loads((tmp_path / "outcomes" / "level-020" / "chunks.json").read_text())
    assert "ranks" in {row["form"] for row in rows["chunks"]}  # Chomp's P-positions are rare
    assert [atlas.outcome(lam) for lam in partitions(12)] == [
        "P" if v == 0 else "N" for v in values.level(12).tolist()
    ]
    info = atlas.info()
    assert info["outcomes"] and info["P"] == sum(atlas.tallies(n)["P"] for n in range(21))
    assert info["bytes"] < values.info()["bytes"] * 1.5  # .npy headers: 128 bytes a chunk
    with pytest.raises(ValueError, match="holds outcomes, not values"):
        atlas.value("3,2")


def test_the_door_answers_the_outcome_and_says_the_value_is_unknown(tmp_path: Path, capsys) -> None:
    where = str(tmp_path)
    build(get_ruleset("chomp"), 9, where, outcomes=True)
    assert answer("chomp", "3,2", atlas=where) == answer("chomp", "3,2", atlas=where,
                                                         question="outcome")  # fmt: skip
    assert answer("chomp", "4,3,1", atlas=where).kind == "outcome"
    assert answer("chomp", "12", atlas=where).kind == "nimber"  # past its levels
    with pytest.raises(ValueError, match="only the outcome"):
        value("chomp", "3,2", atlas=where)
    assert main(["value", "chomp", "3,2", "--atlas", where, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["outcome"], data["source"]) == (None, "P", "atlas")
    assert main(["value", "chomp", "4,3,1", "--atlas", where]) == 0
    assert "value unknown" in capsys.readouterr().out
    assert main(["count", "chomp", "--n", "7..9", "--atlas", where, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["outcomes"]["7"] == {"P": 3, "N": 12} and data["source"] == "atlas"
    assert data["winning_moves"]["7"] == {"one": 10, "several": 2}
    assert main(["count", "chomp", "--n", "9..10", "--atlas", where]) == 2
    assert "holds levels 0..9 and no values" in capsys.readouterr().err


@pytest.mark.parametrize("misere", [False, True])
def test_the_options_of_a_position_from_an_outcome_atlas_win_where_the_search_says(
    tmp_path: Path, misere: bool
) -> None:
    where = str(tmp_path)
    build(get_ruleset("cr"), 8, where, misere=misere, outcomes=True)
    atlas_read = 0
    for position in partitions(9):  # one past the atlas: the options are all in it
        from_atlas = answer("cr", position, misere, question="options", atlas=where)
        searched = answer("cr", position, misere, question="options", source="search")
        assert [o.position for o in from_atlas.value] == [o.position for o in searched.value]
        assert [o.winning for o in from_atlas.value] == [o.value == 0 for o in searched.value]
        read = [o.value for o in from_atlas.value if isinstance(o.value, str)]
        assert set(read) <= {"P", "N"}
        assert ("atlas" in from_atlas.sources) == bool(read)
        atlas_read += len(read)
        winning = answer("cr", position, misere, question="winning moves", atlas=where)
        assert [o.position for o in winning.value] == [
            o.position for o in searched.value if o.value == 0
        ]
    assert atlas_read >= 40  # (the closed forms value rows, columns, ...: the rest is read)


def test_a_conjecture_over_an_outcome_atlas_reads_p_and_refuses_value(tmp_path: Path) -> None:
    from grundy.analysis.conjectures import check_conjecture

    outcomes, values = tmp_path / "outcomes", tmp_path / "values"
    build(get_ruleset("chomp"), 14, outcomes, outcomes=True)
    build(get_ruleset("chomp"), 14, values)
    for when, then in [("P", "n % 2 == 0"), ("True", "P or rows > 1"), ("not P", "n > 1")]:
        asked = {"then": then, "when": when, "sizes": range(1, 17), "limit": 50}
        read = check_conjecture("chomp", atlas=outcomes, **asked)  # 15, 16: valued
        valued = check_conjecture("chomp", atlas=values, **asked)
        assert read["checked"] == valued["checked"] and read["holds"] == valued["holds"]
        shown = [(c["n"], c["position"]) for c in read["counterexamples"]]
        assert shown == [(c["n"], c["position"]) for c in valued["counterexamples"]]
        assert {c["value"] for c in read["counterexamples"] if c["n"] <= 14} <= {"P", "N"}
    assert not check_conjecture("chomp", "n % 2 == 0", "P", range(1, 15), atlas=outcomes)["holds"]
    with pytest.raises(ValueError, match="only who wins"):
        check_conjecture("chomp", "value < 3", sizes=range(1, 5), atlas=outcomes)


def test_a_build_killed_in_the_middle_of_a_level_resumes_to_identical_files(
    tmp_path: Path,
) -> None:
    """kill -9 while level 22 is being written (chunks of 64 ranks), then resume: the
    chunks written before, held as bitmaps, give the same files."""
    script = (
        "import sys\n"
        "from grundy import get_ruleset\n"
        "from grundy.atlas import build\n"
        "def progress(n, done, size):\n"
        "    if n == 22 and done >= size // 2:\n"
        "        print('half', flush=True)\n"
        "        sys.stdin.readline()\n"  # held here until killed
        "build(get_ruleset('chomp'), 24, sys.argv[1], chunk=64, on_progress=progress,\n"
        "      outcomes=True)\n"
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
    assert grundy.atlas.open(killed).levels == 21
    rows = json.loads((killed / "level-022" / "chunks.json").read_text())["chunks"]
    assert 0 < sum(row is not None for row in rows) < len(rows)  # stopped within level 22
    resumed = build(get_ruleset("chomp"), 24, killed, outcomes=True)
    clean = build(get_ruleset("chomp"), 24, tmp_path / "clean", chunk=64, outcomes=True)
    assert atlas_files(killed) == atlas_files(tmp_path / "clean")
    assert resumed.manifest == clean.manifest


def test_a_build_on_a_local_cluster_writes_the_same_files(tmp_path: Path) -> None:
    serial = build(get_ruleset("cr"), 16, tmp_path / "serial", chunk=16, outcomes=True)
    build(get_ruleset("cr"), 10, tmp_path / "cluster", chunk=16, outcomes=True)
    on_cluster = build(get_ruleset("cr"), 16, tmp_path / "cluster", workers=2, outcomes=True)
    assert atlas_files(tmp_path / "cluster") == atlas_files(tmp_path / "serial")
    assert on_cluster.manifest == serial.manifest


def test_corrupt_and_foreign_outcome_atlases_are_refused(tmp_path: Path) -> None:
    chomp = get_ruleset("chomp")
    build(chomp, 12, tmp_path, chunk=16, outcomes=True)
    chunk = tmp_path / "level-012" / "00001.npy"
    data = bytearray(chunk.read_bytes())
    data[-1] ^= 1
    chunk.write_bytes(bytes(data))
    with pytest.raises(AtlasError, match="level 12 chunk 1 does not match its checksum"):
        grundy.atlas.open(tmp_path).level(12)
    with pytest.raises(AtlasError, match="checksum"):
        build(chomp, 13, tmp_path, outcomes=True)
    assert chunk.read_bytes() == bytes(data)  # never overwritten
    with pytest.raises(AtlasError, match=r"is an atlas of the outcomes of chomp .*, not of chomp"):
        build(chomp, 12, tmp_path)
    with pytest.raises(AtlasError, match="an atlas of outcomes, not of values"):
        Atlas(tmp_path)
    build(chomp, 5, tmp_path / "values")
    with pytest.raises(AtlasError, match=r"an atlas of chomp .*, not of the outcomes of chomp"):
        build(chomp, 5, tmp_path / "values", outcomes=True)


def test_a_chunk_whose_p_positions_break_its_tallies_is_refused(tmp_path: Path) -> None:
    """A chunk rewritten with its checksum (a forged atlas): its P-positions must still be
    its row's."""
    build(get_ruleset("chomp"), 10, tmp_path, outcomes=True)
    path = tmp_path / "level-010" / "chunks.json"
    rows = json.loads(path.read_text())
    row = rows["chunks"][0]
    assert row["form"] == "ranks" and row["P"] == 2  # among 42 positions
    np.save(tmp_path / "level-010" / "00000.npy", np.array([1, 0], np.uint8))
    row["sha256"] = hashlib.sha256((tmp_path / "level-010" / "00000.npy").read_bytes()).hexdigest()
    path.write_text(json.dumps(rows))
    with pytest.raises(AtlasError, match="level 10 chunk 0: its ranks are not increasing"):
        grundy.atlas.open(tmp_path).outcome("10")


def test_atlas_build_outcomes_at_the_command_line(tmp_path: Path, capsys) -> None:
    where = str(tmp_path / "cr")
    args = ["atlas", "build", "cr", "--n", "1..10", "--dir", where, "--outcomes"]
    assert main([*args, "--json"]) == 0
    built = json.loads(capsys.readouterr().out)
    assert built["outcomes"] and built["positions"] == sum(partition_numbers(10))
    assert main(["atlas", "info", where]) == 0
    assert f"outcome atlas {where}: cr" in capsys.readouterr().out
    args = ["atlas", "build", "cris", "--n", "4", "--dir", str(tmp_path / "x"), "--outcomes"]
    assert main(args) == 2
    assert "moves split" in capsys.readouterr().err


def test_a_misere_outcome_atlas_sets_apart_the_positions_without_a_move(tmp_path: Path) -> None:
    """Misère play: the empty board (Column-Row's level 0) is an N-position with no
    winning move, counted in neither tally."""
    cr = get_ruleset("cr")
    values = build(cr, 10, tmp_path / "values", misere=True)
    atlas = build(cr, 10, tmp_path / "outcomes", misere=True, outcomes=True)
    assert atlas.tallies(0) == {"P": 0, "N": 1, "one": 0, "several": 0}
    for n in range(11):
        assert atlas.level(n).tolist() == (values.level(n) == 0).tolist()
    assert answer("cr", "2,2", misere=True, atlas=tmp_path / "outcomes").kind == "outcome"


def test_an_outcome_manifest_with_tallies_past_its_level_is_refused(tmp_path: Path) -> None:
    build(get_ruleset("chomp"), 6, tmp_path, outcomes=True)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    manifest["levels"][6]["one"] = 11  # with 1 "several": 12 of level 6's 11 positions
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(AtlasError, match="tallies above its 11 positions"):
        grundy.atlas.open(tmp_path)
