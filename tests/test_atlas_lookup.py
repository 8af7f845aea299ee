"""The rest of grundy reads the atlas: value, moves and count with --atlas or $GRUNDY_ATLAS."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grundy
import grundy.analysis.conjectures
import grundy.atlas
from grundy import get_ruleset
from grundy.analysis.counts import count_table
from grundy.atlas import AtlasError, build
from grundy.cli import main
from grundy.partition import partitions
from grundy.solver import Solver

#: The atlases' levels: positions of size ≤ LEVELS are looked up, larger ones computed.
LEVELS = 10
KINDS = [("cr", False), ("cr", True), ("chomp", False), ("chomp", True)]


@pytest.fixture(scope="module")
def atlases(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool], Path]:
    """A tiny atlas of each game and convention of `KINDS`."""
    where = tmp_path_factory.mktemp("atlases")
    return {
        (game, misere): build(
            get_ruleset(game), LEVELS, where / f"{game}-{misere}", misere
        ).directory
        for game, misere in KINDS
    }


def refuse_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every value the solver would compute an error: only the atlas may answer."""

    def refuse(self: Solver, position: object, misere: bool = False) -> int:
        raise AssertionError(f"the solver was asked about {position}")

    monkeypatch.setattr(Solver, "value", refuse)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`grundy ARGS`: exit status, stdout, stderr."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def answered(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`run`, with a --json answer's "source" left out: the answer, wherever it came from."""
    status, out, err = run(capsys, *args)
    if "--json" in args and status == 0:
        data = json.loads(out)
        data.pop("source", None)
        out = json.dumps(data)
    return status, out, err


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_lookups_agree_with_the_solver_on_every_partition(
    atlases: dict[tuple[str, bool], Path], game: str, misere: bool
) -> None:
    rules = get_ruleset(game)
    atlas = grundy.atlas.open(atlases[game, misere])
    reference = Solver(rules, fast=False)
    for n in range(LEVELS + 1):
        for lam in partitions(n):
            if n == 0 and not atlas.covers(lam):  # misère Chomp's empty board
                continue
            found = grundy.answer(rules, lam, misere, atlas=atlas)
            assert found.value == reference.value(lam, misere), lam
            assert set(found.sources) <= {"closed form", "atlas"}, lam  # never searched


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_value_at_the_command_line_is_the_same_with_the_atlas(
    atlases: dict[tuple[str, bool], Path], capsys, game: str, misere: bool
) -> None:
    flags = ["--misere"] if misere else []
    for position in ("1", "4,3,2,1", "4,4,2", "6,4,1^2"):
        args = ["value", game, position, *flags, "--json"]
        without = answered(capsys, *args)
        assert without[0] == 0
        assert answered(capsys, *args, "--atlas", str(atlases[game, misere])) == without


def test_value_and_moves_within_the_atlas_never_ask_the_solver(
    atlases: dict[tuple[str, bool], Path], capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_solving(monkeypatch)
    where = str(atlases["cr", False])
    status, out, _ = run(capsys, "value", "cr", "4,3,2,1", "--atlas", where, "--json")
    assert status == 0 and json.loads(out)["value"] == 0
    status, out, _ = run(capsys, "moves", "cr", "4,3,2,1", "--atlas", where, "--json")
    assert status == 0 and len(json.loads(out)["options"]) == 8
    # 5,4,3 (12 boxes, as its canonical form 3^3,2,1) is beyond the atlas
    with pytest.raises(AssertionError, match=r"asked about 3\^3,2,1"):
        main(["value", "cr", "5,4,3", "--atlas", where])


def test_a_sum_is_looked_up_summand_by_summand(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = str(build(get_ruleset("cris"), 6, tmp_path).directory)
    for position in ("3,1 + 2 + 1^2", "2,1 + 2,1"):  # the second: a pair that cancels
        args = ["value", "cris", position, "--json"]
        without = answered(capsys, *args)
        with monkeypatch.context() as patched:
            refuse_solving(patched)
            assert answered(capsys, *args, "--atlas", where) == without


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_moves_are_identical_with_and_without_the_atlas(
    atlases: dict[tuple[str, bool], Path], capsys, game: str, misere: bool
) -> None:
    flags = ["--misere"] if misere else []
    # 5,3,2,1 (11 boxes) is beyond the atlas, its options within it
    for position in ("1", "4,3,2,1", "3^3", "5,3,2,1"):
        for output in ([], ["--json"]):
            args = ["moves", game, position, *flags, *output]
            without = answered(capsys, *args)
            assert without[0] == 0
            assert answered(capsys, *args, "--atlas", str(atlases[game, misere])) == without


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_counts_come_from_the_atlas_up_to_its_levels(
    atlases: dict[tuple[str, bool], Path], capsys, game: str, misere: bool
) -> None:
    flags = ["--misere"] if misere else []
    args = ["count", game, "--n", "0..12", *flags, "--no-store", "--json"]
    status, out, _ = run(capsys, *args)
    without = json.loads(out)
    status, out, _ = run(capsys, *args, "--atlas", str(atlases[game, misere]))
    with_atlas = json.loads(out)
    assert status == 0 and with_atlas["counts"] == without["counts"]
    assert without["from_atlas"] == [] and without["computed"] == list(range(13))
    assert with_atlas["from_atlas"] == list(range(LEVELS + 1))
    assert with_atlas["computed"] == [11, 12] and with_atlas["from_store"] == []


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_conjectures_are_checked_the_same_with_the_atlas(
    atlases: dict[tuple[str, bool], Path], capsys, game: str, misere: bool
) -> None:
    flags = ["--misere"] if misere else []
    for when, then in (("value == 0", "rank % 2 == 0"), ("True", "value != 1")):
        args = ["conjecture", game, "--n", "0..11", "--when", when, "--then", then, *flags]
        without = run(capsys, *args, "--json")
        assert without[0] == (0 if json.loads(without[1])["holds"] else 1)  # 1: false
        assert run(capsys, *args, "--json", "--atlas", str(atlases[game, misere])) == without


def test_a_conjecture_within_the_atlas_values_nothing(
    atlases: dict[tuple[str, bool], Path], capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(rules: object, n: int, misere: bool, atlas: object) -> None:
        raise AssertionError(f"size {n} was valued")

    monkeypatch.setattr(grundy.analysis.conjectures, "_valued", refuse)
    where = str(atlases["cr", False])
    args = ["conjecture", "cr", "--n", "1..10", "--when", "value == 0", "--then", "rank % 2 == 0"]
    status, out, _ = run(capsys, *args, "--atlas", where, "--json")
    p_positions = sum(grundy.atlas.open(where).counts(n).get(0, 0) for n in range(1, 11))
    assert status == 0 and json.loads(out)["holds"] and json.loads(out)["checked"] == p_positions
    with pytest.raises(AssertionError, match="size 11 was valued"):
        main([*args[:3], "1..11", *args[4:], "--atlas", where])


def test_count_table_refuses_an_atlas_of_another_convention(
    atlases: dict[tuple[str, bool], Path],
) -> None:
    atlas = grundy.atlas.open(atlases["cr", True])
    with pytest.raises(AtlasError, match=r"misère play.*, not of cr .*normal play"):
        count_table("cr", 4, atlas=atlas)
    assert count_table("cr", 4, True, atlas=atlas) == count_table("cr", 4, True)
    assert grundy.count("cr", LEVELS, True, atlas=atlas) == grundy.count("cr", LEVELS, True)


def one_line_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line on stderr of `grundy ARGS`, which must end with status 2."""
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    return err


def test_a_bad_atlas_is_one_line(atlases: dict[tuple[str, bool], Path], capsys, tmp_path) -> None:
    cr = str(atlases["cr", False])
    err = one_line_error(capsys, "value", "chomp", "3,1", "--atlas", cr)
    assert "is an atlas of cr" in err and "not of chomp" in err
    assert "not of cr (rules version 1, misère" in one_line_error(
        capsys, "moves", "cr", "3,1", "--misere", "--atlas", cr
    )
    assert "not of chomp" in one_line_error(capsys, "count", "chomp", "--n", "4", "--atlas", cr)
    (tmp_path / "notes.txt").write_text("mine")
    assert "is not an atlas" in one_line_error(
        capsys, "value", "cr", "3,1", "--atlas", str(tmp_path)
    )
    absent = str(tmp_path / "absent")
    assert "no atlas directory" in one_line_error(capsys, "value", "cr", "3,1", "--atlas", absent)
    corrupt = tmp_path / "corrupt"
    build(get_ruleset("cr"), 5, corrupt)
    level = corrupt / "level-005" / "00000.npy"
    level.write_bytes(level.read_bytes()[:-1] + b"\x07")
    err = one_line_error(capsys, "value", "cr", "3,2", "--atlas", str(corrupt))  # no closed form
    assert "level 5 chunk 0 does not match its checksum" in err


def test_grundy_atlas_names_one_atlas_for_every_command(
    atlases: dict[tuple[str, bool], Path], capsys, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setenv("GRUNDY_ATLAS", str(atlases["cr", False]))
    without = ["value", "chomp", "3,1", "--json"]
    with_atlas = answered(capsys, *without, "--atlas", str(atlases["chomp", False]))
    assert answered(capsys, *without) == with_atlas
    status, out, _ = run(capsys, "count", "cr", "--n", "6", "--no-store", "--json")
    assert status == 0 and json.loads(out)["from_atlas"] == list(range(7))
    status, out, _ = run(capsys, "count", "cr", "--n", "6", "--misere", "--no-store", "--json")
    assert status == 0 and json.loads(out)["from_atlas"] == []  # another convention: ignored
    monkeypatch.setenv("GRUNDY_ATLAS", str(tmp_path / "absent"))
    assert "$GRUNDY_ATLAS: no atlas directory" in one_line_error(capsys, "value", "cr", "3,1")
