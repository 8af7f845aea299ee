"""Small points of the command line: `atlas build`'s messages (--n with --box, a game with a
closed form, the level an interrupted build was on), the panels of `grundy -h`, and the
column k of a sweep over a family of many members."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer

import grundy.atlas
from grundy.cli import PANELS, arranged, main

ATLAS_REFUSED = [
    # (arguments after `atlas build GAME --dir DIR`, what the one line says)
    (
        ["cr", "--n", "5", "--box", "2x2"],
        "--n and --box cannot be given together: an atlas holds whole levels (--n A..B) or "
        "the diagrams inside one box (--box AxB)",
    ),
    (["cr"], "give the levels to build with --n A..B, or a box with --box AxB"),
    (
        ["lctr", "--n", "5"],
        "lctr needs no atlas: its closed form gives any position's value at once (grundy "
        "value, count and sweep use it), and it has no compiled kernel to build one",
    ),
    (["downright", "--box", "3x3"], "downright needs no atlas: its closed form gives"),
]


@pytest.mark.parametrize(
    ("words", "said"), ATLAS_REFUSED, ids=[" ".join(w) for w, _ in ATLAS_REFUSED]
)
def test_atlas_build_refuses_in_one_line(
    words: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, *options = words
    status = main(["atlas", "build", game, "--dir", str(tmp_path / "atlas"), *options])
    out, err = capsys.readouterr()
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith("grundy: error: " + said), err
    assert not (tmp_path / "atlas").exists()


def test_an_interrupted_build_names_the_level_it_was_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C after level 5 is complete and before level 6 reports any progress: the build
    was on level 6, and levels 0..5 are kept."""
    real = grundy.atlas.build

    def stopped_after_level_5(rules: Any, n_max: int, *args: Any, **options: Any) -> Any:
        real(rules, 5, *args, **options)
        raise KeyboardInterrupt

    monkeypatch.setattr(grundy.atlas, "build", stopped_after_level_5)
    directory = tmp_path / "atlas"
    assert main(["atlas", "build", "cr", "--n", "1..9", "--dir", str(directory)]) == 130
    assert capsys.readouterr().err == (
        f"grundy: interrupted while building level 6 of the cr atlas; levels 0..5 are kept in "
        f"{directory}: run the same command again to resume\n"
    )


def test_help_lists_the_commands_in_panels_each_alphabetical(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["-h"]) == 0
    shown = capsys.readouterr().out
    panels = re.findall(r"╭─ (.+?) ─", shown)
    assert panels == ["Options", *PANELS]
    names = re.findall(r"^│ ([a-z]+) ", shown, flags=re.MULTILINE)
    assert names == [name for panel in PANELS.values() for name in sorted(panel)]


def test_a_command_no_panel_places_is_refused() -> None:
    app = typer.Typer()
    for name in ("value", "shiny"):
        app.command(name)(lambda: None)
    with pytest.raises(ValueError, match=r"grundy\.cli\.PANELS places no command shiny"):
        arranged(typer.main.get_command(app))


SWEEP_HEADINGS = [
    # (the sweep, its heading line, its header row)
    (
        ["cr", "partitions", "--n", "3"],
        "# cr on partitions: 3 positions; k numbers the partitions of n, from [n] to 1^n "
        "(reverse lexicographic order)",
        "n\tk\tposition\tvalue",
    ),
    (
        ["cr", "box", "--rows", "2", "--columns", "1"],
        "# cr on box: 2 positions; k numbers the non-empty diagrams in the box, in "
        "lexicographic order (1, 1^2, 2, 2,1, …)",
        "rows\tcolumns\tk\tposition\tvalue",
    ),
    (["cr", "a", "--a", "1..3"], "# cr on a: 3 positions", "a\tposition\tvalue"),
]


@pytest.mark.parametrize(("words", "heading", "header"), SWEEP_HEADINGS)
def test_a_sweep_heading_says_what_k_numbers(
    words: list[str], heading: str, header: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", *words, "--no-store"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [heading, header]
