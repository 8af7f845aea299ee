"""The door's batch question (`grundy.answers.values`) and a source named by the caller
(`answer(..., source=...)`): the same values as one question a position, and as
exhaustive search."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy
from grundy import get_ruleset
from grundy.answers import SOURCES, source_of, values
from grundy.atlas import build
from grundy.partition import partitions
from grundy.results import Store

GAMES = ["lctr", "cr", "chomp", "cris"]


def every_partition(game: str, top: int = 7) -> list[str]:
    """The text of every non-empty partition of n ≤ top, in the game's syntax."""
    rules = get_ruleset(game)
    return [
        rules.format_position(rules.parse(p)) for n in range(top + 1) for p in partitions(n) if p
    ]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_the_batch_answers_as_one_question_a_position(
    tmp_path: Path, game: str, misere: bool
) -> None:
    rules = get_ruleset(game)
    positions = every_partition(game)
    one_by_one = [grundy.answer(rules, p, misere) for p in positions]
    found, served = values(rules, positions, misere)
    assert found == [a.value for a in one_by_one]
    assert served == source_of(a.source for a in one_by_one)
    # an atlas (a kernel's, and a game that splits has none in misère play)
    if "kernel" in grundy.capabilities(rules) and not (misere and rules.kernel.splits):
        atlas = build(rules, 5, tmp_path / "atlas", misere)
        with_atlas = [grundy.answer(rules, p, misere, atlas=atlas) for p in positions]
        found, served = values(rules, positions, misere, atlas=atlas)
        assert found == [a.value for a in with_atlas] == [a.value for a in one_by_one]
        assert served == source_of(a.source for a in with_atlas)
        assert "atlas" in served


def test_the_batch_reads_the_store_in_one_query(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = get_ruleset("chomp")
    positions = every_partition("chomp", 6)
    expected, _ = values(rules, positions)
    store = Store(tmp_path / "r.sqlite")
    kept = {
        rules.format_position(rules.canonical(rules.parse(p))): v
        for p, v in zip(positions, expected, strict=True)
    }
    store.put(rules.name, rules.rules_version, False, kept)
    queries: list[int] = []
    real = Store.get

    def get(self: Store, *args: object) -> dict[str, int]:
        queries.append(len(args[-1]))  # type: ignore[arg-type]
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "get", get)
    found, served = values(rules, positions, store=store)
    assert found == expected and len(queries) == 1
    assert "store" in served and "search" not in served


def test_an_empty_batch_and_repeated_positions() -> None:
    assert values("cr", []) == ([], "search")
    found, _ = values("cr", ["3,2"] * 3 + ["2,1"])
    assert found == [3, 3, 3, 0]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game", ["lctr", "cr", "chomp", "cris", "downright"])
def test_search_named_is_exhaustive_search(game: str, misere: bool) -> None:
    """source="search" asks the reference solver alone, whatever closed form or kernel
    the game has, and agrees with the door's answer."""
    rules = get_ruleset(game)
    positions = every_partition(game, 6)
    searched, served = values(rules, positions, misere, source="search")
    assert served == "search"
    assert searched == values(rules, positions, misere)[0]
    for p in positions[:5]:
        assert grundy.answer(rules, p, misere, source="search").source == "search"


def test_search_named_never_asks_the_closed_form(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_ruleset("lctr")
    monkeypatch.setattr(type(rules), "closed_form", lambda *args: pytest.fail("asked"))
    assert grundy.answer("lctr", "4^3", source="search").value == 1


def test_a_source_named_answers_alone(tmp_path: Path) -> None:
    atlas = build(get_ruleset("cr"), 4, tmp_path / "atlas")
    assert grundy.answer("cr", "2,2", source="atlas", atlas=atlas).source == "atlas"
    with pytest.raises(ValueError, match=r"the atlas of cr holds no value of 2\^2,1"):
        grundy.answer("cr", "3,2", source="atlas", atlas=atlas)
    assert grundy.answer("lctr", "8,7,6", source="closed form").source == "closed form"
    kernel = grundy.answer("chomp", "3,2", source="kernel")  # below small_size: asked anyway
    assert kernel.source == "kernel" and kernel.value == grundy.value("chomp", "3,2")
    with pytest.raises(ValueError, match="cr has no atlas to ask here"):
        grundy.answer("cr", "3,2", source="atlas")
    with pytest.raises(ValueError, match="unknown source 'oracle'"):
        grundy.answer("cr", "3,2", source="oracle")  # type: ignore[arg-type]
    assert set(SOURCES) == {"closed form", "quotient", "atlas", "store", "kernel", "search"}


def test_the_lookups_alone_leave_the_rest_unvalued(tmp_path: Path) -> None:
    """`lookups`: the closed form, the atlas and the store, nothing searched; a sweep's
    atlas through the door."""
    from grundy.analysis import sweep
    from grundy.answers import LOOKUPS

    rules = get_ruleset("cr")
    atlas = build(rules, 4, tmp_path / "atlas")
    positions = every_partition("cr", 6)
    found, served = values(rules, positions, atlas=atlas, lookups=LOOKUPS)
    truth, _ = values(rules, positions)
    assert [f for f in found if f is not None] == [
        t for f, t in zip(found, truth, strict=True) if f is not None
    ]
    assert None in found and "search" not in served and "kernel" not in served
    only, served = values(rules, positions, atlas=atlas, lookups=("atlas",))
    assert served == "atlas" and only.count(None) > found.count(None)
    with pytest.raises(ValueError, match="only the lookups"):
        values(rules, positions, lookups=("search",))
    rows = sweep(rules, "b^a,1", a=range(1, 3), b=range(1, 4), atlas=atlas)
    assert [row["value"] for row in rows] == values(rules, [row["position"] for row in rows])[0]
