"""The door (`grundy.answers`): each question answered by the first source holding it,
the source named, and the answer that of exhaustive search whichever source gave it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grundy
from grundy import get_ruleset
from grundy.answers import SOURCES, Answer, source_of
from grundy.atlas import build
from grundy.cli import main
from grundy.partition import partitions
from grundy.results import Store
from grundy.solver import Solver

#: A plug-in with neither a closed form nor a kernel: LCTR's moves by hand.
PLUGIN = """
def lctr_by_hand(p):
    return [p.sub(1, 0), p.sub(0, 1)] if p else []
"""


@pytest.fixture(scope="module")
def cr_atlas(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every cr partition up to 6, normal play."""
    return build(get_ruleset("cr"), 6, tmp_path_factory.mktemp("atlas")).directory


@pytest.fixture
def plugin(tmp_path: Path) -> str:
    path = tmp_path / "door_plugin.py"
    path.write_text(PLUGIN)
    return f"{path}:lctr_by_hand"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """A results store holding chomp 3,2's value (canonical text 2^2,1), as a sweep keeps it."""
    rules = get_ruleset("chomp")
    path = tmp_path / "results.sqlite"
    Store(path).put(rules.name, rules.rules_version, False, {"2^2,1": 0})
    return path


def asked(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# (what: the source expected, game, position, extra arguments; "ATLAS" / "STORE" / "PLUGIN"
# stand for the fixtures).  Chomp 5,4,3,2,1 is above chomp's small_size: its kernel.
SOURCE_ROWS = [
    ("closed form", "lctr", "8,7,6,5^2,2,1", []),
    ("atlas", "cr", "3,2", ["--atlas", "ATLAS"]),
    ("store", "chomp", "3,2", ["--store", "STORE"]),
    ("kernel", "chomp", "5,4,3,2,1", []),
    ("search", "PLUGIN", "4,3,1", []),
    ("search", "cr", "3,2", []),  # the same position without the atlas
]


@pytest.mark.parametrize(("source", "game", "position", "extra"), SOURCE_ROWS)
def test_value_json_names_its_source(
    capsys: pytest.CaptureFixture[str],
    cr_atlas: Path,
    store: Path,
    plugin: str,
    source: str,
    game: str,
    position: str,
    extra: list[str],
) -> None:
    fixtures = {"ATLAS": str(cr_atlas), "STORE": str(store), "PLUGIN": plugin}
    game = fixtures.get(game, game)
    args = [fixtures.get(arg, arg) for arg in extra]
    data = asked(capsys, "value", game, position, *args)
    assert data["source"] == source
    reference = Solver(get_ruleset(game), fast=False)
    assert data["value"] == reference.value(reference.ruleset.parse(position))


def test_moves_json_names_every_source_that_served(
    capsys: pytest.CaptureFixture[str], cr_atlas: Path
) -> None:
    # 4,2 has no closed form and is in the atlas; of its options 3,2 and 3,1... some have one
    data = asked(capsys, "moves", "cr", "4,2", "--atlas", str(cr_atlas))
    assert data["source"] == ["closed form", "atlas"]
    assert asked(capsys, "moves", "lctr", "3,1")["source"] == "closed form"


def test_count_json_names_its_sources(capsys: pytest.CaptureFixture[str], cr_atlas: Path) -> None:
    assert asked(capsys, "count", "lctr", "--n", "6", "--no-store")["source"] == "closed form"
    # enumeration: the sources that valued the positions (`grundy.answers.values`)
    enumerated = ["--n", "6", "--no-store", "--method", "enumerate"]
    assert asked(capsys, "count", "lctr", *enumerated)["source"] == "closed form"
    assert asked(capsys, "count", "cr", *enumerated)["source"] == ["closed form", "search"]
    both = asked(capsys, "count", "cr", "--n", "0..7", "--no-store", "--atlas", str(cr_atlas))
    assert both["source"] == ["atlas", "kernel"]


def test_the_library_reads_an_atlas_given_or_named_by_grundy_atlas(
    cr_atlas: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert grundy.answer("cr", "3,2") == Answer(3, "search", "nimber")
    assert grundy.answer("cr", "3,2", atlas=cr_atlas) == Answer(3, "atlas", "nimber")
    assert grundy.answer("cr", "3,2", atlas=grundy.atlas.open(cr_atlas)).source == "atlas"
    assert grundy.value("cr", "3,2", atlas=str(cr_atlas)) == 3
    monkeypatch.setenv("GRUNDY_ATLAS", str(cr_atlas))
    assert grundy.answer("cr", "3,2").source == "atlas"
    assert grundy.answer("cr", "3,2", misere=True).source == "search"  # another convention
    assert grundy.answer("chomp", "3,2").source == "search"  # another game: ignored
    moves = grundy.answer("cr", "4,2", question="options")
    assert moves.source == ("closed form", "atlas")
    assert [o.value for o in grundy.options("cr", "4,2")] == [o.value for o in moves.value]
    assert grundy.answer("cr", "4,2", question="outcome") == Answer("P", "atlas", "outcome")
    with pytest.raises(grundy.atlas.AtlasError):  # given, but of another game
        grundy.answer("chomp", "3,2", atlas=cr_atlas)


def test_a_sum_is_answered_component_by_component(cr_atlas: Path) -> None:
    found = grundy.answer("cris", "3,1 + 2,1 + 2,1")  # the pair cancels
    assert found.value == grundy.answer("cris", "3,1").value
    assert grundy.answer("cris", "2,1 + 2,1") == Answer(0, "search", "nimber")  # nothing left


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", ["lctr", "cr", "chomp", "downright", "cris", "rit"])
def test_every_source_agrees_with_exhaustive_search(
    tmp_path: Path, game: str, misere: bool
) -> None:
    """Every position on a partition of n ≤ 8: the door with an atlas (of levels ≤ 5, for a
    game with a kernel) and a store (of the partitions of 6) and without, against the
    reference solver."""
    rules = get_ruleset(game)
    reference = Solver(rules, fast=False)
    # an atlas is a kernel's, and a game that splits has no misère atlas
    has_atlas = "kernel" in grundy.capabilities(rules) and not (misere and rules.kernel.splits)
    atlas = build(rules, 5, tmp_path / "atlas", misere) if has_atlas else None
    positions = [rules.parse(p) for n in range(9) for p in partitions(n) if p]
    results = Store(tmp_path / "r.sqlite")
    kept = {
        rules.format_position(rules.canonical(p)): reference.value(p, misere)
        for p in positions
        if p.size == 6
    }
    results.put(rules.name, rules.rules_version, misere, kept)
    served: set[str] = set()
    for p in positions:
        truth = reference.value(p, misere)
        for found in (
            grundy.answer(rules, p, misere),
            grundy.answer(rules, p, misere, atlas=atlas, store=results),
        ):
            assert found.value == truth, (p, found)
            served |= set(found.sources)
    assert served <= set(SOURCES)
    if game == "cr" and not misere:
        assert {"closed form", "atlas", "store", "search"} <= served


def test_source_of_orders_and_merges() -> None:
    assert source_of(["search", "closed form"]) == ("closed form", "search")
    assert source_of(["store", "store"]) == "store"


def test_an_unknown_question_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown question 'why'"):
        grundy.answer("lctr", "3,1", question="why")  # type: ignore[arg-type]


def test_sweeps_counts_and_conjectures_take_the_atlas_as_the_door_does(
    cr_atlas: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A directory, or $GRUNDY_ATLAS where it is this game's and convention's
    (`grundy.answers.atlas_for`), as `grundy.value` takes it."""
    from grundy.analysis import count_table, sweep
    from grundy.analysis.conjectures import check_conjecture

    sources: dict[int, str] = {}
    count_table("cr", 7, atlas=cr_atlas, sources=sources)
    assert sources == {**dict.fromkeys(range(7), "atlas"), 7: "kernel"}
    monkeypatch.setenv("GRUNDY_ATLAS", str(cr_atlas))
    sources.clear()
    count_table("cr", 6, sources=sources)
    assert set(sources.values()) == {"atlas"}
    sources.clear()
    count_table("cr", 6, misere=True, sources=sources)  # another convention: ignored
    assert "atlas" not in sources.values()
    rows = sweep("cr", "partitions", n=[5])
    assert [row["value"] for row in rows] == [grundy.value("cr", row["position"]) for row in rows]
    monkeypatch.setattr("grundy.analysis.conjectures._valued", None)  # the atlas alone
    checked = check_conjecture("cr", "rank % 2 == 0", "value == 0", sizes=range(1, 7))
    assert checked["holds"] and checked["checked"] > 0
