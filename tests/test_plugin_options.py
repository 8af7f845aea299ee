"""A plug-in's options are checked (issue 24, finding 8): options that raise, or list
something that is no position (a string, None, a list), or — in a game on partitions,
which promises progress — a position no smaller than its parent, give one line naming
the plug-in and the position, exit status 2; built-in games are not checked."""

from __future__ import annotations

from pathlib import Path

import pytest

import grundy
from grundy.cli import main
from grundy.solver import PluginError, is_builtin, solver_for

GAMES = '''
from grundy.game import Ruleset
from grundy.partition import Partition


def good(p):
    """remove the top row or the left column"""
    return [p.sub(1, 0), p.sub(0, 1)] if p else []


def raises(p):
    raise KeyError("no such box")


def strings(p):
    return ["2,1"] if p else []


def nones(p):
    return [None] if p else []


def lists(p):
    return [[1]] if p else []


def stays(p):
    return [p] if p else []


def grows(p):
    return [Partition([p.size + 1])] if 0 < p.size < 9 else []


class Pairless(Ruleset):
    name = "pairless"

    def parse(self, spec):
        return int(spec)

    def options(self, position):
        return [position - 1] if position else []
'''

CASES = [
    ("raises", "its options raised KeyError: 'no such box'"),
    ("strings", "it listed '2,1', not a position of this game"),
    ("nones", "it listed None as an option, not a position"),
    ("lists", "it listed [1] as an option, not a position"),
    ("stays", "it listed Partition.parse('2,1'), no smaller than the position"),
    ("grows", "no smaller than the position (the game lists its positions by size"),
    ("Pairless", "it listed 1, not a (move, position) pair"),
]


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "plugin_games.py"
    path.write_text(GAMES)
    return path


@pytest.mark.parametrize("command", ["value", "moves", "stats"])
@pytest.mark.parametrize(("attr", "said"), CASES, ids=[attr for attr, _ in CASES])
def test_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], games: Path, command: str, attr: str, said: str
) -> None:
    position = "2" if attr == "Pairless" else "2,1"
    status = main([command, f"{games}:{attr}", position])
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    name = "pairless" if attr == "Pairless" else attr
    assert err.startswith(f"grundy: error: plug-in game {name!r} (grundy_user_plugin_games_")
    assert "at position 2" in err and said in err


def test_a_good_plugin_still_answers(capsys: pytest.CaptureFixture[str], games: Path) -> None:
    assert main(["moves", f"{games}:good", "3,2,1"]) == 0
    assert "value 1" in capsys.readouterr().out
    assert main(["stats", f"{games}:good", "4^3", "--json"]) == 0
    assert '"nodes": 69' in capsys.readouterr().out  # 000 Table 1, as LCTR


def test_the_library_raises_plugin_error() -> None:
    game = grundy.FunctionRuleset(lambda p: [None] if p else [], name="mine")
    with pytest.raises(PluginError) as bad:
        grundy.value(game, "1")
    assert isinstance(bad.value, ValueError)
    assert str(bad.value).startswith("plug-in game 'mine' (")
    with pytest.raises(PluginError):
        grundy.options(game, "1")


def test_builtin_games_are_not_checked() -> None:
    """Their options are trusted: the search lists them as they come."""
    assert is_builtin(grundy.get_ruleset("chomp")) and is_builtin(grundy.get_ruleset("cris"))
    assert not solver_for("chomp")._plugin
    assert not is_builtin(grundy.FunctionRuleset(lambda p: [], name="mine"))
