"""Reading an atlas at its scale: conjectures on arrays (grundy.expression's `holds` on the
features of grundy.atlas.features), the DataFrame view (grundy.atlas.views.frame), sums
counted from the single diagrams' levels, and sweeps over every partition of n, each
against the same answer without an atlas."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest

import grundy.analysis.conjectures
import grundy.atlas
from grundy import get_ruleset
from grundy.analysis.conjectures import DIAGRAM_NAMES, NAMES, check_conjecture
from grundy.analysis.counts import count_table
from grundy.analysis.sweep import sweep
from grundy.atlas import Atlas, build
from grundy.atlas.features import features, partitions_at
from grundy.atlas.views import frame, level_blocks
from grundy.cli import main
from grundy.expression import FAILURES, Expression, ListColumn, NotElementwise
from grundy.partition import Partition, partitions

#: The atlases' levels (the conjectures compare every size up to it).
LEVELS = 20
KINDS = [("cr", False), ("cr", True), ("chomp", False), ("chomp", True)]
FUNCTIONS = {"len": len, "min": min, "max": max, "abs": abs, "sum": sum}

#: (when, then): plain ones, ones that raise at some partition (an IndexError, a division
#: by 0), and ones the arrays hand back to one-by-one checking (text, a slice, a number
#: past 64 bits).
CONJECTURES = [
    ("value == 0", "rank % 2 == 0"),
    ("True", "value != 1"),
    ("value == 0", "durfee % 2 == 0 or columns > 2 * rows"),
    ("len(parts) > 2 and parts[2] == 1", "value < 3"),
    ("rows <= 3 < columns", "max(parts) - min(parts) != value"),
    ("value in parts", "value > 0"),
    ("value > 0", "value // rank >= 0"),
    ("True", "parts[3] > 0"),
    ("True", "position != '3,1'"),
    ("value == 1", "sum(parts[1:]) < 5"),
    ("True", "value * 10 ** 19 >= 0"),
]


@pytest.fixture(scope="module")
def atlases(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool], Atlas]:
    """An atlas of each game and convention of `KINDS` to level `LEVELS`, and of CRIS
    and PNim's single diagrams (normal play) to level 10."""
    where = tmp_path_factory.mktemp("atlases")
    made = {
        (game, misere): build(get_ruleset(game), LEVELS, where / f"{game}-{misere}", misere)
        for game, misere in KINDS
    }
    for game in ("cris", "pnim"):
        made[game, False] = build(get_ruleset(game), 10, where / game)
    return made


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`grundy ARGS`: exit status, stdout, stderr."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def answer(game: str, when: str, then: str, misere: bool, atlas: Atlas | None) -> object:
    """check_conjecture's result on sizes 0..LEVELS, or its error's text."""
    try:
        return check_conjecture(game, then, when, range(LEVELS + 1), misere, atlas=atlas)
    except ValueError as error:
        return str(error)


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_conjectures_on_arrays_agree_with_the_census(
    atlases: dict[tuple[str, bool], Atlas], game: str, misere: bool
) -> None:
    for when, then in CONJECTURES:
        without = answer(game, when, then, misere, None)
        assert answer(game, when, then, misere, atlases[game, misere]) == without, (when, then)


def test_the_json_of_a_conjecture_is_the_same_with_the_atlas(
    atlases: dict[tuple[str, bool], Atlas], capsys
) -> None:
    args = ["conjecture", "chomp", "--n", f"1..{LEVELS}", "--when", "True", "--then", "rank < 3"]
    without = run(capsys, *args, "--json")
    assert without[0] == 1 and json.loads(without[1])["counterexamples"]  # 1: false
    assert (
        run(capsys, *args, "--json", "--atlas", str(atlases["chomp", False].directory)) == without
    )


def test_a_conjecture_on_arrays_checks_no_partition_alone(
    atlases: dict[tuple[str, bool], Atlas], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a partition was checked alone")

    monkeypatch.setattr(grundy.analysis.conjectures, "_check_each", refuse)
    for when, then in CONJECTURES[:6]:
        check_conjecture("cr", then, when, range(LEVELS + 1), atlas=atlases["cr", False])
    with pytest.raises(AssertionError, match="checked alone"):
        check_conjecture("cr", "position != '3,1'", sizes=[4], atlas=atlases["cr", False])


#: Expressions over a partition's names, each evaluated on arrays and one by one.
EXPRESSIONS = [
    *(part for pair in CONJECTURES for part in pair),
    "1 < rows <= 3 < columns", "value in (0, 1, n)", "not parts", "parts[-rows] == columns",
    "2 ** rows > columns", "rank ** -1 > 0", "parts[rows] > 0", "parts[value] == 1",
    "max(value, rank, 1) + min(durfee, 2) > 3", "(value or rank) + 1 > 2", "value and rank",
    "1 // 0 == 1 or value == 0", "value == 0 or 1 // 0 == 1", "value not in parts",
    "-value < -1 < abs(rank)", "2 ** 2 ** 40 > 0", "rank in (durfee, -durfee)",
    "P or rows > 2", "not P and value < 2", "P == (value == 0)",
]  # fmt: skip


@pytest.mark.parametrize("n", [0, 1, 7])
def test_expressions_on_arrays_are_what_each_element_gives(n: int) -> None:
    lams = list(partitions(n))
    values = np.arange(len(lams), dtype=np.uint8) % 4
    columns = {
        "value": values,
        "P": values == 0,
        "n": n,
        **features(n, 0, len(lams), DIAGRAM_NAMES),
    }
    for source in EXPRESSIONS:
        expression = Expression(source, NAMES, FUNCTIONS)
        try:
            holds, raises = expression.holds(columns, len(lams))
        except NotElementwise:
            continue
        for i, lam in enumerate(lams):
            parts = lam.to_list()
            names = {"value": int(values[i]), "P": values[i] == 0, "n": n, "parts": parts}
            names["rows"] = len(parts)
            names.update(columns=lam.largest, rank=lam.largest - len(parts), durfee=lam.durfee())
            try:
                alone = bool(expression(names))
            except FAILURES:
                assert raises[i], (source, str(lam))
                continue
            assert not raises[i] and holds[i] == alone, (source, str(lam))


def test_what_arrays_cannot_give_exactly_is_not_elementwise() -> None:
    column = ListColumn(np.array([[3, 1]]), np.array([2]))
    for source in ("parts[1:] == [1]", "value * 2 ** 62 > 0", "value ** -1 > 0", "position"):
        expression = Expression(source, ("value", "parts", "position"))
        with pytest.raises(NotElementwise):
            expression.holds({"value": np.array([3]), "parts": column}, 1)


def test_features_are_the_partitions_own() -> None:
    for n in range(13):
        found = features(n, 0, len(list(partitions(n))), ("rows", "columns", "rank", "durfee"))
        for i, lam in enumerate(partitions(n)):
            expected = (lam.length, lam.largest, lam.largest - lam.length, lam.durfee())
            assert tuple(int(found[f][i]) for f in ("rows", "columns", "rank", "durfee")) == (
                expected
            )
        assert list(partitions_at(n, 0, len(found["rows"]))) == list(partitions(n))
    assert [str(lam) for lam in partitions_at(6, 3, 2)] == ["4,1^2", "3^2"]
    with pytest.raises(ValueError, match=r"ranks 10\.\.11"):
        features(5, 10, 2, ("rows",))
    with pytest.raises(ValueError, match="unknown feature 'size'"):
        features(5, 0, 1, ("size",))


def test_a_frame_is_the_level_with_its_partitions(
    atlases: dict[tuple[str, bool], Atlas],
) -> None:
    atlas = atlases["chomp", True]
    table = grundy.atlas.frame(
        atlas, 9, ["partition", "parts", "rows", "columns", "rank", "durfee"]
    )
    lams = list(partitions(9))
    assert table.index.name == "level_index" and list(table.index) == list(range(len(lams)))
    assert list(table["partition"]) == [str(lam) for lam in lams]
    assert list(table["parts"]) == [lam.to_list() for lam in lams]
    assert list(table["value"]) == [atlas.value(lam) for lam in lams]
    assert list(table["rank"]) == [lam.largest - lam.length for lam in lams]
    assert table["value"].dtype == atlas.level(9).dtype
    part = frame(atlas, 9, ["durfee"], start=5, stop=9)
    assert list(part.index) == [5, 6, 7, 8]
    assert list(part["durfee"]) == [lam.durfee() for lam in lams[5:9]]
    assert list(frame(atlas, 0).columns) == ["value"] and len(frame(atlas, 0)) == 0  # no position
    with pytest.raises(ValueError, match="unknown column 'size'"):
        frame(atlas, 9, ["size"])
    with pytest.raises(ValueError, match=r"ranks 3\.\.2"):
        frame(atlas, 9, start=3, stop=2)


def test_blocks_cover_a_range_of_a_level(atlases: dict[tuple[str, bool], Atlas]) -> None:
    atlas = atlases["cr", False]
    blocks = list(level_blocks(atlas, 12, ["parts"], start=7, stop=70, block=10))
    assert [lo for lo, _, _ in blocks] == list(range(7, 70, 10))
    values = np.concatenate([values for _, values, _ in blocks])
    assert values.tolist() == atlas.level(12)[7:70].tolist()
    lams = [Partition(p) for _, _, found in blocks for p in found["parts"].as_lists()]
    assert lams == list(partitions(12))[7:70]


@pytest.mark.parametrize("game", ["cris", "pnim"])
def test_sums_are_counted_from_the_levels_of_single_diagrams(
    atlases: dict[tuple[str, bool], Atlas], capsys, game: str
) -> None:
    without = count_table(game, 12, sums=True)
    assert count_table(game, 12, sums=True, atlas=atlases[game, False]) == without
    args = ["count", game, "--n", "0..12", "--sums", "--no-store", "--json"]
    status, out, _ = run(capsys, *args, "--atlas", str(atlases[game, False].directory))
    counted = json.loads(out)
    assert status == 0 and counted["from_atlas"] == list(range(11))
    assert counted["counts"] == {str(n): {str(v): c for v, c in row.items()} for n, row in
                                 enumerate(without)}  # fmt: skip
    status, _, err = run(capsys, *args, "--misere", "--atlas", str(atlases[game, False].directory))
    assert status == 2 and "normal play only; drop --misere" in err


@pytest.mark.parametrize(("game", "misere"), KINDS)
def test_sweeps_over_every_partition_of_n_read_the_atlas(
    atlases: dict[tuple[str, bool], Atlas], monkeypatch: pytest.MonkeyPatch, game: str, misere: bool
) -> None:
    atlas = atlases[game, misere]
    for family, ranges in (("partitions", {"n": range(LEVELS - 3, LEVELS + 2)}),
                           ("b^a,1", {"a": range(1, 5), "b": range(1, 9)})):  # fmt: skip
        without = sweep(game, family, misere=misere, **ranges)
        assert sweep(game, family, misere=misere, atlas=atlas, **ranges) == without

    def refuse(rules: object, wanted: dict[bool, list[str]], *args: object) -> None:
        assert not any(wanted.values()), f"{wanted} were computed"

    monkeypatch.setattr(sys.modules["grundy.analysis.sweep"], "value_many", refuse)
    sweep(game, "partitions", misere=misere, atlas=atlas, n=range(1, LEVELS + 1))


def test_a_sweep_of_both_conventions_reads_the_atlas_of_one(
    atlases: dict[tuple[str, bool], Atlas], capsys
) -> None:
    args = ["sweep", "cr", "partitions", "--n", "9..11", "--both", "--no-store", "--json"]
    without = run(capsys, *args)
    assert without[0] == 0
    for misere in (False, True):
        assert run(capsys, *args, "--atlas", str(atlases["cr", misere].directory)) == without
    status, _, err = run(capsys, *args, "--atlas", str(atlases["chomp", False].directory))
    assert status == 2 and "an atlas of chomp" in err
    pattern = ["pattern", "cr", "b^a", "--a", "2", "--b", "1..12", "--no-store", "--json"]
    assert run(capsys, *pattern, "--atlas", str(atlases["cr", False].directory)) == run(
        capsys, *pattern
    )
