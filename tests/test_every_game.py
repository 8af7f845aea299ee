"""Every command works for every registered game, by its capabilities alone (issue 7).

Commands ask a ruleset what it can do, never what it is called: each game
answers `value`, `moves` and `stats`, and `table`, `count`, `classify` and
`search` exactly when it declares the capability they need (else a one-line
error naming it, exit status 2).  The values printed agree with the library.
"""

from __future__ import annotations

import json

import pytest

import grundy
from grundy import PartitionRuleset, PartitionSumRuleset, capabilities, rulesets
from grundy.cli import main

#: The built-in games (other test modules register games of their own).
BUILT_IN = [r for r in rulesets() if type(r).__module__.startswith("grundy.")]
BY_NAME = {rules.name: rules for rules in BUILT_IN}
NAMES = sorted(BY_NAME)
ON_PARTITIONS = sorted(r.name for r in BUILT_IN if isinstance(r, PartitionRuleset))
ON_SUMS = sorted(r.name for r in BUILT_IN if isinstance(r, PartitionSumRuleset))


def example(rules: grundy.Ruleset) -> str:
    """A position of 6 boxes, or the game's own example start (games without a size)."""
    if "positions_of_size" not in capabilities(rules):
        return rules.example_start()
    positions = list(rules.positions_of_size(6))
    return rules.format_position(positions[len(positions) // 2])


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_every_game_is_covered() -> None:
    assert {"chomp", "cris", "chess", "lctr-3d", "lctr-nonrep", "matrix"} <= set(NAMES)
    for rules in BUILT_IN:  # an example start of its own, or of the game of its parameters
        assert rules.example_start() or rules.example_parameters, rules.name


@pytest.mark.parametrize("name", NAMES)
def test_every_command(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    parameters = BY_NAME[name].example_parameters  # a family needs them on the command line
    extra = [word for key, text in parameters.items() for word in (f"--{key}", text)]
    rules = grundy.get_ruleset(name, **parameters)
    have = capabilities(rules)
    position = example(rules)

    def ok(*args: str) -> dict:
        status, out, err = run(capsys, *args, *extra, "--json")
        assert (status, err) == (0, ""), (args, err)
        return json.loads(out)

    def refused(words: str, *args: str) -> None:
        status, out, err = run(capsys, *args, *extra)
        assert status == 2 and out == "" and words in err and err.count("\n") == 1, (args, err)

    for misere in ([], ["--misere"]):
        expected = grundy.value(rules, position, bool(misere))
        assert ok("value", name, position, *misere)["value"] == expected
        moves = ok("moves", name, position, *misere)
        assert len(moves["options"]) == len(grundy.options(rules, position, bool(misere)))
    assert ok("stats", name, position)["nodes"] >= 1

    if "box_positions" in have:
        table = ok("table", name, position)["table"]
        assert table and all(isinstance(v, int) for row in table for v in row)
    else:
        refused("no per-box table", "table", name, position)

    if "positions_of_size" in have:
        counts = ok("count", name, "--n", "0..5")
        assert counts and ok("classify", name, "--max-n", "5")["positions"] > 0
    else:
        refused("no notion of position size", "count", name, "--n", "3")
        refused("no notion of position size", "classify", name, "--max-n", "3")

    if rules.kernel is not None:
        found = ok("search", name, position, "--memory", "1M")
        assert found["value"] == grundy.value(rules, position)
    else:
        refused("no compiled kernel", "search", name, position)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("name", ON_PARTITIONS + ON_SUMS)
def test_bad_partitions(name: str) -> None:
    """One parser and one validator: the same messages in every game on partitions."""
    with pytest.raises(ValueError, match="bad partition token 'x'"):
        grundy.value(name, "3,x")
    with pytest.raises(ValueError, match="negative part"):
        grundy.value(name, [3, -1])
    with pytest.raises(TypeError, match="float"):
        grundy.value(name, 3.5)


@pytest.mark.parametrize("name", ON_SUMS)
@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("3,2,1 + ", "empty summand 2"),
        ("+ 1", "empty summand 1"),
        ("1 ++ 2", "empty summand 2"),
        ("3,x + 1", "summand 1 of '3,x \\+ 1': bad partition token 'x'"),
        ("1 + 2 + 4^y", "summand 3 .*'4\\^y'"),
        ("1 + -2", "summand 2 .*'-2'"),
        ("2^0 + 1", "summand 1 .*exponent 0"),
    ],
)
def test_bad_sums(name: str, text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        grundy.value(name, text)
    with pytest.raises(TypeError):
        grundy.value(name, [[1, 2], 3.5])
