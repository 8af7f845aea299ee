"""The pattern finder (analysis/patterns.py) on synthetic tables and on the papers' families."""

from __future__ import annotations

import random

import pytest

from grundy.analysis.patterns import find_pattern
from grundy.analysis.sweep import sweep


def table(f, **ranges: range) -> list[dict]:
    names = list(ranges)
    rows = [{}]
    for name in names:
        rows = [{**row, name: v} for row in rows for v in ranges[name]]
    return [{**row, "value": f(**row)} for row in rows]


def test_constant_and_single_residue() -> None:
    assert (
        find_pattern(table(lambda a: 4, a=range(1, 20))).describe().startswith("value is always 4")
    )
    p = find_pattern(table(lambda a: [0, 1, 1][a % 3], a=range(1, 40)))
    assert [f.name for f in p.features] == ["a mod 3"] and p.exceptions == []
    assert p.table == {(0,): 0, (1,): 1, (2,): 1}


def test_preperiod_is_found_and_reported() -> None:
    values = [5, 7, 6, 1] + [0, 2, 1] * 20  # period 3 from a = 4 on
    p = find_pattern(table(lambda a: values[a - 1], a=range(1, 60)))
    # a = 4 already follows the period: the preperiod is a = 1, 2, 3
    assert [f.name for f in p.features] == ["a mod 3"] and p.domain == {"a": 4}
    assert [row["a"] for row in p.exceptions] == [1, 2, 3]
    assert p.describe().startswith("value depends on a mod 3 for a ≥ 4 (verified on 56 rows")


def test_two_parameters_mod_k_and_boundaries() -> None:
    p = find_pattern(table(lambda a, b: 3 * (a % 2) + b % 3, a=range(1, 13), b=range(1, 13)))
    assert {f.name for f in p.features} == {"a mod 2", "b mod 3"}
    p = find_pattern(table(lambda a, b: int(a <= b), a=range(1, 13), b=range(1, 13)))
    assert [f.name for f in p.features] in (["sign(a − b)"], ["[a ≤ b]"])
    p = find_pattern(table(lambda a, b: 3 if min(a, b) <= 2 else (a + b) % 2, a=range(1, 13),
                           b=range(1, 13)))  # fmt: skip
    assert {f.name for f in p.features} == {"(a + b) mod 2", "min(a, b, 3)"}


def test_no_rule_is_said_not_invented() -> None:
    rng = random.Random(7)
    rows = [{"a": a, "b": b, "value": rng.randrange(6)} for a in range(1, 9) for b in range(1, 9)]
    p = find_pattern(rows)
    assert not p.found and p.describe().startswith("no rule with at most 3 features")
    assert p.as_dict()["found"] is False


def test_rediscovers_000_lemma_17_on_rectangles() -> None:
    # 000 Lemma 17 (= 003 Theorem 1 for Column-Row): SG of the rectangle [b^a] is
    # a + b mod 2 away from the two boundary strips, 2 on them when a + b is odd,
    # and 1 on the strip a = 1 or b = 1 when a + b is even.
    for game in ("lctr", "cr"):
        p = find_pattern(sweep(game, "b^a", a=range(1, 13), b=range(1, 13)))
        assert [f.name for f in p.features] == ["(a + b) mod 2", "min(a, b, 3)"]
        assert p.table == {(0, 1): 1, (0, 2): 0, (0, 3): 0, (1, 1): 2, (1, 2): 2, (1, 3): 1}
        assert p.exceptions == [] and p.rows == 144


def test_rediscovers_002_theorem_4_1_on_gammas() -> None:
    # 002 Theorem 4.1: the gamma Γ = [b, 1^(a-1)] (a ≥ 2) has value 0 when a + b is
    # even and 3 when it is odd, for b ≥ 2 (b = 1 is the column [1^a]).
    p = find_pattern(sweep("cr", "b,1^(a-1)", a=range(2, 14), b=range(1, 14)))
    assert [f.name for f in p.features] == ["[b ≤ 1]", "(a + b) mod 2"]
    assert p.table[(0, 0)] == 0 and p.table[(0, 1)] == 3


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="no rows"):
        find_pattern([])
    with pytest.raises(ValueError, match="no column 'v'"):
        find_pattern([{"a": 1, "value": 0}], value="v")
    with pytest.raises(ValueError, match="no integer parameters"):
        find_pattern([{"position": "1", "value": 0}])
