"""Nim arithmetic against its mex definitions (004 (2.2), (2.4)) and field laws."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import nim
from grundy.nim import mex

SMALL = 40
big = st.one_of(  # every size class of the implementation: tables, 32-, 64-bit paths, recursion
    *(st.integers(min_value=0, max_value=(1 << w) - 1) for w in (8, 16, 32, 64, 128, 300))
)
huge = st.integers(min_value=0, max_value=(1 << 1100) - 1)
nonzero = big.filter(bool)


def _mex_tables(n: int) -> tuple[list[list[int]], list[list[int]]]:
    """Nim-sum by 004 (2.2) and nim-product by 004 (2.4), straight from the mex definitions."""
    s = [[0] * n for _ in range(n)]
    p = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            s[a][b] = mex([s[x][b] for x in range(a)] + [s[a][y] for y in range(b)])
            # ⊕ is XOR: test_nim_sum_is_the_mex_definition checks that separately
            p[a][b] = mex(p[x][b] ^ p[a][y] ^ p[x][y] for x in range(a) for y in range(b))
    return s, p


@pytest.fixture(scope="module")
def tables() -> tuple[list[list[int]], list[list[int]]]:
    return _mex_tables(SMALL)


def test_nim_sum_is_the_mex_definition(tables) -> None:
    s, _ = tables
    for a in range(SMALL):
        for b in range(SMALL):
            assert nim.add(a, b) == s[a][b]


def test_nim_product_is_the_mex_definition(tables) -> None:
    _, p = tables
    for a in range(SMALL):
        for b in range(SMALL):
            assert nim.mul(a, b) == p[a][b], (a, b)


def test_small_inverses_squares_and_powers(tables) -> None:
    _, p = tables
    for a in range(1, 16):  # nimbers below 16 form the field GF(16), closed under ⊗
        assert p[a][nim.inv(a)] == 1
        assert nim.square(a) == p[a][a]
        assert nim.power(a, 3) == p[p[a][a]][a]
        assert nim.power(a, -1) == nim.inv(a)
    assert nim.power(0, 0) == 1 and nim.power(0, 5) == 0


def test_fermat_two_powers() -> None:
    for k in range(12):
        f = 1 << (1 << k)
        assert nim.mul(f, f) == 3 * f // 2  # 004 Appendix A / Conway: F ⊗ F = 3F/2
        assert nim.mul(f, 5) == 5 * f if (1 << k) > 3 else True  # x ⊗ F = xF for x < F
    assert nim.mul(16, 16) == 24 and nim.mul(2, 2) == 3 and nim.mul(4, 4) == 6


def test_known_products() -> None:
    assert nim.mul(8, 8) == 13 and nim.mul(32, 32) == 52
    assert nim.mul() == 1 and nim.add() == 0
    assert nim.mul(2, 3, 4) == nim.mul(nim.mul(2, 3), 4)


@settings(max_examples=200, deadline=None)
@given(big, big, big)
def test_field_laws(a: int, b: int, c: int) -> None:
    assert nim.mul(a, b) == nim.mul(b, a)
    assert nim.mul(a, nim.mul(b, c)) == nim.mul(nim.mul(a, b), c)
    assert nim.mul(a, b ^ c) == nim.mul(a, b) ^ nim.mul(a, c)
    assert nim.mul(a, 1) == a and nim.mul(a, 0) == 0


@settings(max_examples=60, deadline=None)
@given(huge, huge)
def test_laws_across_many_levels(a: int, b: int) -> None:
    assert nim.mul(a, b) == nim.mul(b, a)
    assert nim.square(a ^ b) == nim.square(a) ^ nim.square(b)  # Frobenius
    if a:
        assert nim.mul(a, nim.inv(a)) == 1


@settings(max_examples=200, deadline=None)
@given(nonzero, big)
def test_inverse_and_division(a: int, b: int) -> None:
    ia = nim.inv(a)
    assert nim.mul(a, ia) == 1
    assert nim.inv(ia) == a
    assert nim.mul(nim.mul(b, a), ia) == b
    assert nim.square(a) == nim.mul(a, a)


@settings(max_examples=100, deadline=None)
@given(big, st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=40))
def test_power_laws(a: int, m: int, n: int) -> None:
    assert nim.power(a, m + n) == nim.mul(nim.power(a, m), nim.power(a, n))
    assert nim.power(a, m * n) == nim.power(nim.power(a, m), n)


def test_field_order() -> None:
    # nimbers below 2^(2^k) form GF(2^(2^k)): a^(2^(2^k)) = a
    for a in (3, 12345, 2**31 + 7, 2**63 + 12345):
        k = 1
        while a >= 1 << (1 << k):
            k += 1
        assert nim.power(a, 1 << (1 << k)) == a


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        nim.inv(0)
    with pytest.raises(ValueError):
        nim.mul(-1, 2)
    with pytest.raises(ValueError):
        nim.add(3, -2)
    with pytest.raises(TypeError):
        nim.mul(2.0, 3)
    with pytest.raises(ValueError):
        nim.power(0, -1)
    with pytest.raises(TypeError):
        nim.power(3, 1.5)


def test_cli(capsys) -> None:
    import json

    from grundy.cli import main

    assert main(["nim", "mul", "2", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "operation": "mul",
        "arguments": [2, 3],
        "value": 1,
    }
    assert main(["nim", "inv", "0x10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == nim.inv(16)
    big = 2**200 + 12345
    assert main(["nim", "add", str(big), "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == big ^ 7
    assert main(["nim", "pow", "5", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == nim.mul(5, 5, 5)
    for bad in (
        ["nim", "inv", "0"],
        ["nim", "inv", "2", "3"],
        ["nim", "div", "2"],
        ["nim", "mul", "x"],
        ["nim", "add", "-3"],
    ):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert err.startswith("grundy: error:") and err.count("\n") == 1
