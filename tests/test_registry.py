"""grundy.registry: built-in names, ``module:attr`` and ``file.py:attr`` references,
plug-ins published under the entry-point group ``grundy.rulesets``, and the same
games through the command line (`grundy.cli.main` returns the exit status)."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import grundy
import grundy.registry as registry
from grundy import FunctionRuleset, Partition, PartitionRuleset, Ruleset, get_ruleset, register
from grundy.cli import main
from grundy.games.partizan_cr.crpm import CRPMRules
from grundy.partition import partitions
from grundy.partizan import get_partizan, partizan_names
from grundy.registry import get_game

# ------------------------------------------------------------ user games
# Referred to as f"{__name__}:…" below, as a researcher's module would be.


class TakeRow(PartitionRuleset):
    """Remove any one row: SG(λ) = (number of rows) mod 2."""

    name = "test-take-row"
    description = "remove any one row"

    def options(self, position: Partition) -> Iterator[tuple[int, Partition]]:
        for part, _ in position.runs:
            yield part, Partition.from_runs((p, m - (p == part)) for p, m in position.runs)

    def format_move(self, move: int) -> str:
        return f"remove a row of length {move}"


class PluginGame(TakeRow):
    """The same game as published by a plug-in, under a name of its own."""

    name = "test-plugin-take-row"


def corner_options(p: Partition) -> list[Partition]:
    """Remove one corner box."""
    rows = p.to_list()
    return [Partition([*rows[:i], rows[i] - 1, *rows[i + 1 :]]) for i, _ in p.corners()]


TAKE_ROW = TakeRow()
NOT_A_GAME = 42
HEAPS = FunctionRuleset(range, name="test-heaps", parse=int)  # no notion of size


def row_parity(lam: Partition) -> int:
    return lam.length % 2


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private copy of the registry and the reference cache for one test."""
    grundy.games.load_all()  # every built-in first, so the copy has them
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_REFERENCES", {})


def plugin(name: str, value: str, group: str = registry.ENTRY_POINT_GROUP) -> EntryPoint:
    """An entry point as an installed package would publish it."""
    return EntryPoint(name=name, value=value, group=group)


def fake_entry_points(monkeypatch: pytest.MonkeyPatch, *eps: EntryPoint) -> list[str]:
    """Make `eps` the installed plug-ins; returns the groups asked for."""
    asked: list[str] = []

    def entry_points(group: str) -> list[EntryPoint]:
        asked.append(group)
        return [ep for ep in eps if ep.group == group]

    monkeypatch.setattr(registry, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_PLUGINS_LOADED", False)
    return asked


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


# ----------------------------------------------------------- built-ins
def test_names_and_aliases() -> None:
    assert get_ruleset("LCTR") is get_ruleset("lctr") is get_ruleset(" lctr ")
    assert get_ruleset("crim") is get_ruleset("Column-Row") is get_ruleset("cr")
    names = grundy.ruleset_names()
    assert names == sorted(names) and len(names) == len(set(names))
    assert {"lctr", "downright", "cr", "matrix", "coin-turning"} <= set(names)
    rules = grundy.rulesets()
    assert [r.name for r in rules] == names  # each ruleset once, by name
    assert get_ruleset(TAKE_ROW) is TAKE_ROW  # a ruleset stands for itself


def test_lookup_errors() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'no-such-game'; known games: .*lctr"):
        get_ruleset("no-such-game")
    with pytest.raises(TypeError, match="named by a string"):
        get_ruleset(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="takes no parameters"):
        get_ruleset("lctr", piece="rook")


def test_register(isolated: None) -> None:
    rules = register(TakeRow())
    assert get_ruleset("TEST-take-row") is rules
    assert "test-take-row" in grundy.ruleset_names()
    assert register(rules) is rules  # registering the same ruleset again is harmless
    with pytest.raises(ValueError, match="already registered"):
        register(TakeRow())
    with pytest.raises(ValueError, match="already registered"):
        register(FunctionRuleset(corner_options, name="LCTR"))

    class Nameless(TakeRow):
        name = ""

    with pytest.raises(ValueError, match="non-empty name"):
        register(Nameless())
    with pytest.raises(TypeError, match="expects a Ruleset"):
        register(corner_options)  # type: ignore[arg-type]

    class Aliased(TakeRow):
        name = "test-aliased"
        aliases = ("test-alias-1", "lctr")

    with pytest.raises(ValueError, match="'lctr' is already registered"):
        register(Aliased())
    assert "test-aliased" not in registry._REGISTRY  # nothing half-registered


def test_registry_is_isolated_between_tests() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        get_ruleset("test-take-row")


def builtin_names() -> dict[str, str]:
    """Every name and alias the built-in classes declare → the module that registers it
    (after importing every module of `grundy.games`)."""
    grundy.games.load_all()
    return {
        key: type(rules).__module__
        for key, rules in registry._REGISTRY.items()
        if type(rules).__module__.startswith("grundy.games.")
    }


def test_every_builtin_name_is_found_in_the_module_that_registers_it() -> None:
    """`module_of` (what a lookup imports) agrees with the classes, name by name."""
    names = builtin_names()
    assert {"lctr", "chess-king", "lctr-3d", "crim", "welter"} <= set(names)
    assert {name: grundy.games.module_of(name) for name in names} == names


def test_other_names_holds_only_the_names_their_module_does_not_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A row of OTHER_NAMES is a name some class declares that its module's name does not
    start: no stale row, none the leading words would find anyway."""
    names = builtin_names()
    rows = dict(grundy.games.OTHER_NAMES)
    assert set(rows) <= set(names)
    monkeypatch.setattr(grundy.games, "OTHER_NAMES", {})
    assert [name for name in rows if grundy.games.module_of(name) == names[name]] == []


@pytest.mark.parametrize("name", ["no-such-game", "x.y", "", "__init__", "chomp_kernel"])
def test_a_name_no_module_can_register_is_found_nowhere(name: str) -> None:
    """Not a game module: nothing to import (a kernel would load numba)."""
    assert grundy.games.module_of(name) is None
    assert grundy.games.load(name) is False


# --------------------------------------------------------- references
def test_module_reference(isolated: None) -> None:
    rules = get_ruleset(f"{__name__}:TakeRow")  # a class: instantiated
    assert isinstance(rules, TakeRow)
    assert get_ruleset(f"{__name__}:TakeRow") is rules  # cached per reference
    assert get_ruleset(f"{__name__}:TAKE_ROW") is TAKE_ROW  # an instance: itself
    function = get_ruleset(f"{__name__}:corner_options")  # a function: wrapped
    assert isinstance(function, FunctionRuleset) and function.name == "corner_options"
    assert function.description == "Remove one corner box."
    assert get_ruleset("grundy.games.lctr.lctr:LCTR") is get_ruleset("lctr")
    # the game works through the whole public API
    for lam in partitions(7):
        assert grundy.value(rules, lam) == lam.length % 2
        assert grundy.value(function, lam) == lam.size % 2  # one box per move
    assert grundy.count(rules, 6) == {0: 6, 1: 5}  # 5,1 4,2 3^2 3,1^3 2^2,1^2 1^6
    assert grundy.stats(rules, "2,1") == {"nodes": 5, "leaves": 2, "states": 4, "height": 2}
    assert [o.move for o in grundy.options(rules, "3,1,1")] == [3, 1]
    assert grundy.outcome(function, "3,1") == "P"


def test_file_reference(isolated: None, tmp_path: Path) -> None:
    path = tmp_path / "my_game.py"
    path.write_text(
        textwrap.dedent(
            '''
            from __future__ import annotations

            from dataclasses import dataclass

            from grundy import Ruleset


            @dataclass(frozen=True)
            class Heap:
                size: int


            class Subtract12(Ruleset):
                """Take one or two counters: SG(n) = n mod 3."""

                name = "test-subtract-12"

                def parse(self, spec):
                    return spec if isinstance(spec, Heap) else Heap(int(spec))

                def options(self, heap):
                    return [(k, Heap(heap.size - k)) for k in (1, 2) if k <= heap.size]

                def format_position(self, heap):
                    return str(heap.size)


            def halve(n):
                return [n // 2] if n else []
            '''
        )
    )
    rules = get_ruleset(f"{path}:Subtract12")
    assert rules.name == "test-subtract-12"
    assert [grundy.value(rules, n) for n in range(9)] == [n % 3 for n in range(9)]
    assert grundy.stats(rules, "4")["leaves"] == 5  # plays of 4 in steps of 1 and 2
    halve = get_ruleset(f"{path}:halve")
    assert halve.name == "halve" and isinstance(halve, FunctionRuleset)


@pytest.mark.parametrize(
    ("reference", "words"),
    [
        ("no_such_module_xyz:Game", ["bad game reference", "No module named 'no_such_module_xyz'"]),
        (f"{__name__}:NoSuchGame", ["bad game reference", "has no 'NoSuchGame'"]),
        (f"{__name__}:NOT_A_GAME", ["'NOT_A_GAME' is not a ruleset"]),
        ("grundy.partition:Partition", ["'Partition' is a class but not a Ruleset subclass"]),
        ("grundy.games.lctr.lctr:", ["expected module:attr"]),
        (":LCTR", ["expected module:attr"]),
    ],
)
def test_bad_references(isolated: None, reference: str, words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        get_ruleset(reference)
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_bad_file_references(isolated: None, tmp_path: Path) -> None:
    missing = tmp_path / "missing.py"
    with pytest.raises(ValueError, match=r"bad game reference .*: no file .*missing\.py"):
        get_ruleset(f"{missing}:Game")
    broken = tmp_path / "broken.py"
    broken.write_text("import grundy\nraise RuntimeError('not today')\n")
    with pytest.raises(ValueError, match=r"broken\.py failed: RuntimeError: not today"):
        get_ruleset(f"{broken}:Game")
    empty = tmp_path / "empty.py"
    empty.write_text("")
    with pytest.raises(ValueError, match="has no 'Game'"):
        get_ruleset(f"{empty}:Game")


# ------------------------------------------------------------ plug-ins
def test_entry_point_plugins(isolated: None, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = fake_entry_points(
        monkeypatch,
        plugin("take-row-plugin", f"{__name__}:PluginGame"),
        plugin("parity-plugin", f"{__name__}:row_parity", group="other.group"),
        plugin("corners-plugin", f"{__name__}:corner_options"),
    )
    assert get_ruleset("lctr").name == "lctr"  # built-in names need no plug-in
    assert asked == []
    rules = get_ruleset("test-plugin-take-row")  # the ruleset's own name
    assert asked == [registry.ENTRY_POINT_GROUP]
    assert isinstance(rules, PluginGame)
    assert get_ruleset("take-row-plugin") is rules  # the published name
    corners = get_ruleset("Corners-Plugin")  # a plain function, named by its entry point
    assert isinstance(corners, FunctionRuleset) and corners.name == "corners-plugin"
    assert {"test-plugin-take-row", "corners-plugin"} <= set(grundy.ruleset_names())
    assert "parity-plugin" not in grundy.ruleset_names()  # another group
    assert asked == [registry.ENTRY_POINT_GROUP]  # loaded once per process
    assert grundy.value("take-row-plugin", "3,2,1") == 1
    assert grundy.value("corners-plugin", "3,2,1") == 0


class PartizanPlugin(CRPMRules):
    """A partizan game published by a plug-in: CRPM's moves under another name."""

    name = "test-plugin-crpm"
    kernel = None


def test_a_partizan_plug_in_is_found_as_an_impartial_one(
    isolated: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One registry, one entry-point group: a partizan plug-in is listed with the partizan
    games, valued by its canonical forms, and refused by get_ruleset in one line."""
    fake_entry_points(monkeypatch, plugin("partizan-plugin", f"{__name__}:PartizanPlugin"))
    rules = get_game("partizan-plugin")
    assert isinstance(rules, PartizanPlugin) and get_partizan("test-plugin-crpm") is rules
    assert "test-plugin-crpm" in partizan_names()
    assert "test-plugin-crpm" not in grundy.ruleset_names()  # the impartial games' list
    assert grundy.outcome("partizan-plugin", "3,2") == grundy.outcome("crpm", "3,2") == "L"
    with pytest.raises(ValueError, match="is a partizan game"):
        get_ruleset("partizan-plugin")


def test_broken_plugin(isolated: None, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_entry_points(monkeypatch, plugin("broken", "no_such_module_xyz:Game"))
    with pytest.raises(ValueError, match=r"plug-in game 'broken' \(no_such_module_xyz:Game\)"):
        get_ruleset("anything-unknown")


# ----------------------------------------------------------------- CLI
def test_cli_module_reference(isolated: None, capsys: pytest.CaptureFixture[str]) -> None:
    ref = f"{__name__}:TakeRow"
    status, out, err = run(capsys, "value", ref, "3,2,1", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data == {"game": "test-take-row", "position": "3,2,1", "misere": False, "value": 1,
                    "outcome": "N", "source": "search"}  # fmt: skip
    status, out, _ = run(capsys, "moves", ref, "3,1^2", "--json")
    assert status == 0
    rows = json.loads(out)["options"]
    assert [(r["description"], r["position"], r["value"]) for r in rows] == [
        ("remove a row of length 3", "1^2", 0),
        ("remove a row of length 1", "3,1", 0),
    ]
    status, out, _ = run(capsys, "count", ref, "--n", "0..6", "--json")
    assert status == 0
    assert json.loads(out)["counts"]["6"] == {"0": 6, "1": 5}
    status, out, _ = run(capsys, "stats", ref, "2,1", "--json")
    assert status == 0 and json.loads(out)["nodes"] == 5
    status, out, _ = run(capsys, "classify", ref, "--max-n", "5", "--json")
    assert status == 0 and json.loads(out)["game"] == "test-take-row"
    status, out, _ = run(capsys, "table", ref, "3,1", "--json")
    assert status == 0 and json.loads(out)["table"] == [[0, 1, 1], [1]]
    status, out, _ = run(capsys, "value", f"{__name__}:corner_options", "3,2,1")
    assert status == 0 and "value 0" in out


def test_cli_file_reference(
    isolated: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "heap_game.py"
    path.write_text(
        textwrap.dedent(
            """
            from grundy import Ruleset

            class Heap(Ruleset):
                name = "test-file-heap"

                def parse(self, spec):
                    return int(spec)

                def options(self, n):
                    return [(k, k) for k in range(n)]
            """
        )
    )
    status, out, err = run(capsys, "value", f"{path}:Heap", "9", "--json")
    assert status == 0 and err == ""
    assert json.loads(out)["value"] == 9 and json.loads(out)["game"] == "test-file-heap"
    status, out, _ = run(capsys, "moves", f"{path}:Heap", "2", "--json")
    assert status == 0
    assert [r["value"] for r in json.loads(out)["options"]] == [0, 1]
    status, out, _ = run(capsys, "stats", f"{path}:Heap", "3", "--json")
    assert status == 0 and json.loads(out)["nodes"] == 8  # 2^3 play prefixes


def test_cli_entry_point(
    isolated: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_entry_points(monkeypatch, plugin("take-row-plugin", f"{__name__}:PluginGame"))
    status, out, _ = run(capsys, "value", "take-row-plugin", "4,4,1", "--json")
    assert status == 0 and json.loads(out)["value"] == 1
    status, out, _ = run(capsys, "games", "--json")
    assert status == 0
    games = {g["name"]: g for g in json.loads(out)["games"]}
    assert games["test-plugin-take-row"]["capabilities"] == [
        "canonical",
        "box_positions",
        "positions_of_size",
        "drawing",
    ]
    assert games["test-plugin-take-row"]["description"] == "remove any one row"
    assert games["cr"]["aliases"] == ["column-row", "crim"]
    assert "kernel" in games["cr"]["capabilities"]
    status, out, _ = run(capsys, "games")
    assert status == 0 and "test-plugin-take-row" in out and "lctr" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["value", "no_such_module_xyz:Game", "3"], ["No module named"]),
        (["value", f"{__name__}:NoSuchGame", "3"], ["has no 'NoSuchGame'"]),
        (["count", f"{__name__}:NOT_A_GAME", "--n", "3"], ["is not a ruleset"]),
        (["stats", "/no/such/dir/game.py:Game", "3"], ["no file /no/such/dir/game.py"]),
        (["value", "no-such-game", "3"], ["unknown game"]),
        (["count", f"{__name__}:HEAPS", "--n", "3"], ["positions_of_size"]),
        (["table", "matrix", "11;01"], ["no per-box table"]),
    ],
)
def test_cli_bad_references(
    isolated: None, argv: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("grundy: error: ") and err.count("\n") == 1
    for word in words:
        assert word in err, (word, err)


def test_cli_broken_file(
    isolated: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "typo.py"
    path.write_text("def options(p):\n    return [p.sub(1, 0)\n")  # a syntax error
    status, out, err = run(capsys, "value", f"{path}:options", "3")
    assert status == 2 and out == ""
    assert "SyntaxError" in err and err.count("\n") == 1


def test_ruleset_base_class_is_abstract() -> None:
    with pytest.raises(TypeError):
        Ruleset()  # type: ignore[abstract]
