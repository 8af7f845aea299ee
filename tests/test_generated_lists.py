"""Every list of games is made from what the rulesets declare (`grundy.game.Ruleset`): a
new game, its folder under src/grundy/games/ or a plug-in package, is in each of them
without an edit to any list.

A game is defined here as a researcher's module would define it (a file on sys.path, a
`Ruleset` subclass declaring its display name and example start) and found in every list:
``grundy games`` (and ``--json``), the page's games (`grundy.web.game_list.Catalogue`), the
names in the titles of plots, and `repr`.  The documentation's navigation is written by
hand (its titles and order are the docs' own): each game family's findings page must be in
it.  Nothing here compiles a kernel.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import grundy
import grundy.registry as registry
from grundy.cli import main
from grundy.web.game_list import Catalogue
from test_docs import DOCS, nav_pages, site_config

#: A game of one's own, as a module on sys.path.
MODULE = '''
from grundy import Partition, PartitionRuleset


class TakeRow(PartitionRuleset):
    """Remove any one row: SG(λ) = (number of rows) mod 2."""

    name = "test-listed-take-row"
    display_name = "Take a Row"
    description = "remove any one row"

    def options(self, position):
        for part, _ in position.runs:
            yield part, Partition.from_runs((p, m - (p == part)) for p, m in position.runs)

    def example_start(self):
        return "3,3,1"
'''
NAME = "test-listed-take-row"


@pytest.fixture
def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The module of `MODULE`, imported as ``listed_game`` (and forgotten after), its game
    registered in a private copy of the registry (as tests/test_registry.py isolates one)."""
    (tmp_path / "listed_game.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    grundy.games.load_all()  # every built-in first, so the copy has them
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_REFERENCES", {})
    module = importlib.import_module("listed_game")
    registry.register(module.TakeRow())
    yield module
    del sys.modules["listed_game"]


def test_the_game_declares_its_names_and_start(new_game: ModuleType) -> None:
    rules = grundy.get_ruleset(NAME)
    assert (rules.display_name, rules.example_start()) == ("Take a Row", "3,3,1")
    assert repr(rules).endswith("; example start 3,3,1>")
    mine = grundy.FunctionRuleset(lambda p: [], name="test-undeclared")
    assert mine.display_name == "test-undeclared"  # by default, its name


def test_grundy_games_lists_it(new_game: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert NAME in capsys.readouterr().out
    assert main(["games", "--json"]) == 0
    (row,) = [g for g in json.loads(capsys.readouterr().out)["games"] if g["name"] == NAME]
    assert row["description"] == "remove any one row"


def test_the_page_lists_it_with_its_start(new_game: ModuleType) -> None:
    reference = "listed_game:TakeRow"
    listing = {entry["name"]: entry for entry in Catalogue([reference]).listing()}
    for name in (NAME, reference):  # registered, and given to grundy serve --game
        assert listing[name]["example"] == "3,3,1", name
        assert listing[name]["example_parameters"] == {}
    chess = listing["chess"]  # a family: the start of the game its parameters give
    assert chess["example"] == "4,3,2,1"
    assert chess["example_parameters"] == {"piece": "leaps=1:2,2:1;riders=1:1"}


def test_plot_titles_name_it_by_its_display_name(
    new_game: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for game in (NAME, "listed_game:TakeRow"):
        picture = tmp_path / "count.svg"
        assert main(["count", game, "--n", "1..4", "--plot", str(picture), "--no-store"]) == 0
        capsys.readouterr()
        titles = re.findall(r"<!-- (.*?) -->", picture.read_text())  # matplotlib names each
        assert "Take a Row, normal play: positions of size n by value" in titles, game


def test_every_game_family_has_its_findings_in_the_docs_navigation() -> None:
    """Each folder of src/grundy/games/ has a findings page (docs/findings/FAMILY*.md), and
    every findings page is in mkdocs.yml's navigation."""
    listed = set(nav_pages(site_config()["nav"]))
    findings = {f"findings/{page.name}" for page in (DOCS / "findings").glob("*.md")}
    assert findings <= listed, sorted(findings - listed)
    for family in set(grundy.games.game_modules().values()):
        assert any(page.startswith(f"findings/{family}") for page in findings), family
