"""Objects that show themselves (issue 25): an atlas, a game and the results store each
say in their `repr` what they are — never ``<… object at 0x…>`` — and show as a small
table in Jupyter (``_repr_html_``, every text escaped).
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest

import grundy
from grundy.atlas import build
from grundy.atlas.build import Progress
from grundy.game import FunctionRuleset, Ruleset
from grundy.registry import registered
from grundy.results import Store
from grundy.web.game_list import Catalogue


class Stop(Exception):
    """Stops a build part-way, as Ctrl-C would."""


def stop_after(ranks: int, n: int | None = None) -> Progress:
    """A build's `on_progress` that stops it once `ranks` ranks of level n (any) are valued."""

    def progress(level: int, done: int, size: int) -> None:
        if (n is None or level == n) and done > ranks:
            raise Stop

    return progress


def rows_of(table: str) -> dict[str, str]:
    """The label → text rows of an `html_table` (unescaped)."""
    rows = {}
    for line in table.splitlines()[1:-1]:
        label = line.split("<th", 1)[1].split(">", 1)[1].split("</th>", 1)[0]
        text = line.split("<td", 1)[1].split(">", 1)[1].split("</td>", 1)[0]
        rows[html.unescape(label)] = html.unescape(text)
    return rows


# ---------------------------------------------------------------------- atlas
def test_an_atlas_of_levels_says_game_play_levels_size_and_state(tmp_path: Path) -> None:
    atlas = build(grundy.get_ruleset("cr"), 8, tmp_path / "cr", misere=True)
    size = atlas.info()["bytes"]
    assert repr(atlas) == (
        f"<atlas {tmp_path / 'cr'}: cr, misère play, levels 0..8, 67 positions, "
        f"{size:,} bytes, complete>"
    )
    assert rows_of(atlas._repr_html_()) == {
        "game": "cr",
        "play": "misère play",
        "holds": "levels 0..8",
        "positions": "67",
        "on disk": f"{size:,} bytes",
        "state": "complete",
    }
    assert repr(grundy.atlas.open(tmp_path / "cr")) == repr(atlas)


def test_a_box_atlas_says_its_box_and_its_one_level(tmp_path: Path) -> None:
    atlas = build(grundy.get_ruleset("chomp"), None, tmp_path / "box", box=(4, 5))
    assert ", the 4 × 5 box, 126 positions, " in repr(atlas)
    assert repr(atlas).endswith(", complete>")
    with pytest.raises(ValueError, match=r"\(one level, 0: every diagram inside the 4 × 5 box\)"):
        atlas.level(10)
    assert len(atlas.level(0)) == 126


def test_a_level_past_the_atlas_names_the_levels_it_holds(tmp_path: Path) -> None:
    atlas = build(grundy.get_ruleset("cr"), 5, tmp_path / "cr")
    with pytest.raises(ValueError, match=r"level 6 is not in the atlas .* \(levels 0\.\.5\)"):
        atlas.level(6)


def test_an_interrupted_build_shows_as_partial(tmp_path: Path) -> None:
    rules = grundy.get_ruleset("cr")
    with pytest.raises(Stop):
        build(rules, 10, tmp_path / "levels", chunk=8, on_progress=stop_after(8, n=10))
    shown = repr(grundy.atlas.open(tmp_path / "levels"))
    assert ", levels 0..9, 97 positions, " in shown
    assert shown.endswith(", partial: level 10 has 1 of 6 chunks written>")

    with pytest.raises(Stop):
        build(rules, None, tmp_path / "box", chunk=8, box=(4, 4), on_progress=stop_after(8))
    shown = repr(grundy.atlas.open(tmp_path / "box"))
    assert shown.endswith(
        ", the 4 × 4 box, 0 positions, 0 bytes, partial: the box has 1 of 9 chunks written>"
    )

    with pytest.raises(Stop):
        build(rules, None, tmp_path / "none", chunk=8, box=(4, 4), on_progress=stop_after(0))
    assert repr(grundy.atlas.open(tmp_path / "none")).endswith(
        ", partial: the box has no chunk written>"
    )


def test_a_damaged_atlas_still_shows_itself(tmp_path: Path) -> None:
    atlas = build(grundy.get_ruleset("cr"), 6, tmp_path / "cr")
    next((tmp_path / "cr" / "level-005").glob("*.npy")).unlink()
    shown = repr(grundy.atlas.open(tmp_path / "cr"))
    assert shown.startswith(f"<atlas {atlas.directory}: cr, normal play, levels 0..6, unreadable: ")
    assert "level 5 chunk 0 is missing" in shown
    assert "level 5 chunk 0 is missing" in html.unescape(
        grundy.atlas.open(atlas.directory)._repr_html_()
    )


def test_an_atlas_table_escapes_its_directory(tmp_path: Path) -> None:
    atlas = build(grundy.get_ruleset("cr"), 3, tmp_path / "a<b>&c")
    table = atlas._repr_html_()
    assert "a<b>" not in table and "a&lt;b&gt;&amp;c" in table


# ---------------------------------------------------------------------- games
def test_a_game_says_its_name_capabilities_and_an_example_start() -> None:
    assert repr(grundy.get_ruleset("lctr")) == (
        "<game lctr: canonical, closed_form, box_positions, value_table, positions_of_size, "
        "count_table, tree_size, drawing; example start 4,3,2,1>"
    )
    assert repr(grundy.get_ruleset("chess-knight")).startswith("<game chess-knight: canonical, ")
    assert repr(registered()["chess"]) == "<game chess: options only; parameters piece>"
    assert rows_of(grundy.get_ruleset("cr")._repr_html_()) == {
        "aliases": "column-row, crim",
        "rules": "remove any one row or any one column of a Young diagram",
        "source": "002 §2; 003 §2 (Ferrers matrices)",
        "capabilities": "canonical, closed_form, kernel, box_positions, value_table, "
        "positions_of_size, drawing",
        "example start": "4,3,2,1",
        "rules version": "1",
    }


def test_every_registered_game_shows_the_start_the_page_offers() -> None:
    offered = {entry["name"]: entry["example"] for entry in Catalogue().listing()}
    for name, rules in registered().items():
        shown = repr(rules)
        assert shown.startswith(f"<game {rules.name}: ") and " object at " not in shown
        if name == rules.name and rules.example_start() is not None:
            assert offered[name] == rules.example_start()
            assert shown.endswith(f"; example start {offered[name]}>")


def test_a_game_of_your_own_shows_itself_escaped() -> None:
    def moves(p: grundy.Partition) -> list[grundy.Partition]:
        """take <the top row> & go"""
        return [p.sub(1, 0)] if p else []

    mine = FunctionRuleset(moves, name="rows<&>")
    assert repr(mine) == (
        "<game rows<&>: box_positions, positions_of_size, drawing; example start 4,3,2,1>"
    )
    table = mine._repr_html_()
    assert "<&>" not in table and "rows&lt;&amp;&gt;" in table
    assert rows_of(table)["rules"] == "take <the top row> & go"

    class Bare(Ruleset):
        name = "bare"

        def options(self, position: object) -> list:
            return []

    assert repr(Bare()) == "<game bare: options only>"
    assert rows_of(Bare()._repr_html_()) == {"capabilities": "options only", "rules version": "1"}


# ---------------------------------------------------------------------- store
def test_the_store_says_its_file_and_its_rows_by_kind(tmp_path: Path) -> None:
    store = Store(tmp_path / "results.sqlite")
    assert repr(store) == f"<results store {store.path}: 0 values, 0 tallies, 0 readings>"
    store.put("cr", 1, False, {"3,2,1": 1})
    store.put_tallies("cr", 1, False, {3: {0: 1, 1: 1, 2: 1}, 4: {0: 2, 1: 2, 3: 1}})
    store.put_readings("cr", 1, {"a=1": ("1", "1")})
    assert repr(store) == f"<results store {store.path}: 1 value, 2 tallies, 1 reading>"
    assert rows_of(store._repr_html_()) == {"values": "1", "tallies": "2", "readings": "1"}


def test_an_unreadable_store_still_shows_itself(tmp_path: Path) -> None:
    store = Store(tmp_path / "a<b>.sqlite")
    store.close()
    store.path.write_bytes(b"not a database" * 1000)
    assert repr(store).startswith(f"<results store {store.path}: unreadable: ")
    assert "not a grundy results store" in repr(store)
    table = store._repr_html_()
    assert "a<b>" not in table and "a&lt;b&gt;.sqlite" in table
    assert "not a grundy results store" in rows_of(table)["unreadable"]
