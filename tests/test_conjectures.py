"""Conjectures over all positions of size n (analysis/conjectures.py, `grundy conjecture`)
and `grundy pattern`."""

from __future__ import annotations

import json

import pytest

import grundy
from grundy import FunctionRuleset
from grundy.analysis.conjectures import Predicate, check_conjecture
from grundy.cli import main
from grundy.partition import partitions


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game", ["cr", "chomp", "lctr", "corner"])
def test_against_direct_enumeration(game: str) -> None:
    """The census path (kernel) and the plain loop over partitions agree."""
    when, then = "value == 0", "rank % 2 == 0"
    got = check_conjecture(game, then, when, range(1, 13), limit=1000)
    expected = [
        {"n": n, "position": str(lam), "value": 0}
        for n in range(1, 13) for lam in partitions(n)
        if grundy.value(game, lam) == 0 and (lam.part(1) - lam.length) % 2
    ]  # fmt: skip
    assert sorted(map(str, got["counterexamples"])) == sorted(map(str, expected))
    zeros = sum(grundy.value(game, lam) == 0 for n in range(1, 13) for lam in partitions(n))
    assert got["checked"] == zeros and got["holds"] == (not expected)


def test_generic_path_for_a_game_without_kernel() -> None:
    game = FunctionRuleset(lambda p: [p.sub(1, 0), p.sub(0, 1)] if p else [], name="f")
    a = check_conjecture(game, "value <= 2", sizes=range(0, 10))
    b = check_conjecture("lctr", "value <= 2", sizes=range(0, 10))
    assert a["holds"] and a["checked"] == b["checked"] == sum(1 for n in range(10)
                                                             for _ in partitions(n))  # fmt: skip


def test_names_and_smallest_first() -> None:
    r = check_conjecture("cr", "durfee == 1", sizes=range(1, 8), limit=3)
    assert not r["holds"] and [c["position"] for c in r["counterexamples"]] == [
        "2^2", "3,2", "2^2,1",
    ]  # fmt: skip
    assert Predicate("columns - rows == rank and len(parts) == rows")(
        {"parts": [3, 1], "rows": 2, "columns": 3, "rank": 1}
    )


@pytest.mark.parametrize(
    ("source", "match"),
    [
        ("", "non-empty"),
        ("value ==", "bad predicate"),
        ("__import__('os')", "only len/min/max/abs/sum"),
        ("parts.count(1)", "only len/min/max/abs/sum"),
        ("n.real > 0", "Attribute is not allowed"),
        ("x > 1", "unknown name 'x'"),
        ("[p for p in parts]", "ListComp is not allowed"),
        ("lambda: 1", "Lambda is not allowed"),
    ],
)
def test_bad_predicates(source: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Predicate(source)


def test_predicate_errors_name_the_position() -> None:
    with pytest.raises(ValueError, match="at 1"):
        check_conjecture("cr", "parts[3] > 0", sizes=[1])
    with pytest.raises(ValueError, match="no sizes"):
        check_conjecture("cr", "True", sizes=[])


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["conjecture", "cr", "--n", "1..14", "--when", "value == 0", "--then", "rank % 2 == 0"]
    status, out, err = run(capsys, *args, "--json")
    assert (status, err) == (0, "") and json.loads(out)["holds"] is True
    status, out, _ = run(capsys, "conjecture", "chomp", "--n", "1..9", "--when", "value == 0",
                         "--then", "rank % 2 == 0")  # fmt: skip
    assert status == 1 and "n = 5: 3,2 (value 0)" in out  # 1: counterexamples
    status, out, err = run(capsys, "pattern", "lctr", "b^a", "--a", "1..12", "--b", "1..12",
                           "--no-store", "--json")  # fmt: skip
    assert status == 0 and json.loads(out)["features"] == ["(a + b) mod 2", "min(a, b, 3)"]
    status, _, err = run(capsys, "conjecture", "cr", "--n", "1..3", "--then", "open('x')")
    assert status == 2 and err.count("\n") == 1
