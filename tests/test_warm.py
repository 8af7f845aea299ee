"""`grundy warm`: every kernel's code compiled ahead into the disk cache."""

from __future__ import annotations

import json

import pytest

from grundy import get_ruleset
from grundy.cli import main
from grundy.engine import CompiledKernel
from grundy.engine.cache import disk_cache
from grundy.engine.warm import kernel_games, warm_kernel


def test_warm_compiles_a_game_into_the_disk_cache(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warm", "cr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"compiling the code of 1 game into {disk_cache()}"
    assert lines[1].startswith("[ 1/1] cr  search, narrow and wide; atlas levels and boxes  ")
    assert lines[2].startswith("done in ") and len(lines) == 3
    folder = disk_cache()
    assert folder is not None and list(folder.glob("drivers/grundy_drivers_cr_*.py"))
    assert list(folder.glob("drivers/grundy_levels_cr_*.py"))  # the atlas's level loop


def test_warm_runs_both_searches_on_both_widths() -> None:
    cr = get_ruleset("cr").kernel
    fresh = CompiledKernel(cr.name, cr.expand, cr.canonical)  # its own drivers, none run yet
    warm_kernel(fresh)
    assert [len(fresh.drivers[name].signatures) for name in ("test_run", "mex_run")] == [2, 2]


def test_warm_reports_as_json_and_refuses_a_game_without_a_kernel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["warm", "lctr-nonrep", "--json"]) == 0  # its positions carry a history
    data = json.loads(capsys.readouterr().out)
    assert [row["warmed"] for row in data["games"]] == [["search, narrow"]]
    assert main(["warm", "lctr"]) == 2
    assert capsys.readouterr().err == "grundy: error: lctr has no compiled kernel to warm\n"


def test_every_kernel_game_is_warmed_by_default() -> None:
    names = {rules.name for rules in kernel_games()}
    assert {"cr", "chomp", "pnim", "lctr-nonrep", "chess-king", "chess-queen"} <= names
    assert names.isdisjoint({"lctr", "chess", "matrix"})  # no kernel; a family of pieces
