"""Tables of paper 004: ruler on Π_n (Table 4), ruler on A_n (Table 3), order ideals
on A_n (Theorem 1.1), ruler on B_n(q) by the recursion (5.7).

Every fast method is checked against Lenstra's Theorem 4.1 evaluated on the
poset itself (grundy.games.coin_turning.coin_turning.values), against the literal formula
of the paper, and against an independent recursion written here.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import cli, nim, posets
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.coin_turning_tables import (
    TABLE_4,
    asm_ideal_values,
    asm_ruler_direct,
    asm_ruler_table,
    check_theorem_1_1,
    gaussian_binomial_parity_rows,
    refinement_count,
    set_partition_ruler,
    set_partition_ruler_baseline,
    subspace_ruler_recursion,
    theorem_1_1_value,
    type_value,
)
from grundy.games.coin_turning.set_partition_ruler import coarsening_sum
from grundy.posets import gaussian_binomial


# ------------------------------------------------------------ scaffolding
def set_partitions_of(items: list[int]) -> list[list[list[int]]]:
    """All set partitions of a list of labelled items (by index)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for smaller in set_partitions_of(rest):
        out.append([[first], *smaller])
        for i in range(len(smaller)):
            out.append([*smaller[:i], [first, *smaller[i]], *smaller[i + 1 :]])
    return out


def brute_coarsening_sum(sizes: list[int], h: list[int]) -> int:
    total = 0
    for tau in set_partitions_of(list(range(len(sizes)))):
        total ^= nim.mul(*(h[sum(sizes[i] for i in block) - 1] for block in tau))
    return total


def distinguished_element_ruler(n: int) -> list[int]:
    """h(1..n) by the naive recursion: the block of one distinguished part.

    F(μ) = ⊕_β C(μ − e_a, β) h(a + |β|) F(μ − e_a − β), binomials taken mod 2
    (β ⊆ μ − e_a bitwise, Lucas) — independent of the atom formula of the module.
    """

    def parts_of(k: int, largest: int) -> list[tuple[int, ...]]:
        if k == 0:
            return [()]
        return [(p, *r) for p in range(min(k, largest), 0, -1) for r in parts_of(k - p, p)]

    h: list[int] = [0]
    F: dict[tuple[tuple[int, int], ...], int] = {(): 1}
    for size in range(1, n + 1):
        sums = {}
        for lam in parts_of(size, size):
            mult: dict[int, int] = {}
            for p in lam:
                mult[p] = mult.get(p, 0) + 1
            a = lam[0]
            rest = dict(mult)
            rest[a] -= 1
            items = [(p, m) for p, m in rest.items() if m]
            total = 0
            choices = [[]]
            for p, m in items:
                subs = [b for b in range(m + 1) if b & ~m == 0]
                choices = [[*c, (p, m, b)] for c in choices for b in subs]
            for choice in choices:
                w = a + sum(p * b for p, _, b in choice)
                if w == size:
                    continue
                key = tuple(sorted(((p, m - b) for p, m, b in choice if m > b), reverse=True))
                total ^= nim.mul(h[w], F[key])
            sums[tuple(sorted(mult.items(), reverse=True))] = total
        hn = nim.mex(sums.values())
        h.append(hn)
        for key, s in sums.items():
            F[key] = s ^ hn
    return h[1:]


def block_type(x: frozenset) -> tuple[int, ...]:
    return tuple(sorted((len(b) for b in x), reverse=True))


# ------------------------------------------------------------- Π_n ruler
def test_table_4_reproduced_exactly() -> None:
    assert set_partition_ruler(17) == list(TABLE_4)


def test_fast_matches_literal_6_4() -> None:
    assert set_partition_ruler(10) == set_partition_ruler_baseline(10)


def test_fast_matches_independent_recursion() -> None:
    assert set_partition_ruler(26) == distinguished_element_ruler(26)


@pytest.mark.parametrize("n", range(1, 8))
def test_set_partition_ruler_on_the_poset(n: int) -> None:
    """Theorem 4.1 on Π_n itself: the top is h(n), every π is g_n(type) (Theorem 6.1)."""
    P = posets.set_partitions(n)
    values = coin_turning.values(P, "ruler")
    h = set_partition_ruler(n)
    for x, v in values.items():
        assert v == type_value(block_type(x), h)


@pytest.mark.parametrize("n", range(1, 6))
def test_refinement_count_proposition_6_2(n: int) -> None:
    """M_n(λ, μ) of (6.2) = number of τ ≥ π of type λ, counted on Π_n."""
    P = posets.set_partitions(n)
    seen = set()
    for pi in P.elements:
        mu = block_type(pi)
        if mu in seen:
            continue
        seen.add(mu)
        above: dict[tuple[int, ...], int] = {}
        for tau in P.principal_filter(pi):
            lam = block_type(tau)
            above[lam] = above.get(lam, 0) + 1
        for lam in {block_type(t) for t in P.elements}:
            assert refinement_count(lam, mu) == above.get(lam, 0), (lam, mu)


def test_refinement_count_paper_examples() -> None:
    # 004 §6.2, the worked example for s_4(1^2 2)
    assert refinement_count((2, 1, 1), (2, 1, 1)) == 1
    assert refinement_count((3, 1), (2, 1, 1)) == 2
    assert refinement_count((2, 2), (2, 1, 1)) == 1
    assert refinement_count((2, 2), (1, 1, 1, 1)) == 3
    with pytest.raises(ValueError):
        refinement_count((3,), (1, 1))


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(1, 4), min_size=1, max_size=6).filter(lambda s: sum(s) <= 10),
    h=st.lists(st.integers(0, 2**20), min_size=10, max_size=10),
)
def test_atom_formula_for_any_sequence(sizes: list[int], h: list[int]) -> None:
    """(★) equals the sum over all coarsenings, whatever the sequence h."""
    assert coarsening_sum(sizes, h) == brute_coarsening_sum(sizes, h)


def test_coarsening_sum_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        coarsening_sum([0, 1], [1, 2])
    with pytest.raises(ValueError):
        coarsening_sum([3], [1, 2])
    assert coarsening_sum([], []) == 1


def test_checkpoint_resume(tmp_path) -> None:
    path = tmp_path / "h.json"
    calls: list[tuple[int, int]] = []
    first = set_partition_ruler(12, checkpoint=path)
    assert json.loads(path.read_text())["h"] == first
    more = set_partition_ruler(20, checkpoint=path, progress=lambda k, v: calls.append((k, v)))
    assert more == set_partition_ruler(20)
    assert calls == list(enumerate(more, start=1))
    assert set_partition_ruler(5, checkpoint=path) == more[:5]
    path.write_text('{"table": "other", "h": [1]}')
    with pytest.raises(ValueError, match="not a set-partition-ruler"):
        set_partition_ruler(3, checkpoint=path)
    path.write_text("[1, 2]")
    with pytest.raises(ValueError, match="not a set-partition-ruler"):
        set_partition_ruler(3, checkpoint=path)
    path.write_text('{"table": "set-partition-ruler", "h": [1, 2, 3]}')
    with pytest.raises(ValueError, match="disagrees"):
        set_partition_ruler(3, checkpoint=path)
    path.write_text('{"table": "set-partition-ruler", "h": [1, -2]}')
    with pytest.raises(ValueError, match="not a nimber"):
        set_partition_ruler(3, checkpoint=path)
    path.write_text("{broken")
    with pytest.raises(ValueError, match="cannot read checkpoint"):
        set_partition_ruler(3, checkpoint=path)


def test_set_partition_ruler_bad_input() -> None:
    assert set_partition_ruler(0) == []
    with pytest.raises(ValueError):
        set_partition_ruler(-1)
    with pytest.raises(TypeError):
        set_partition_ruler(3.0)  # type: ignore[arg-type]


# ---------------------------------------------------------------- A_n ruler
@pytest.mark.parametrize("n", range(2, 9))
def test_asm_ruler_counting_matches_intervals(n: int) -> None:
    assert asm_ruler_table(n) == asm_ruler_direct(n)


@pytest.mark.parametrize("n", range(2, 7))
def test_asm_ruler_on_the_poset(n: int) -> None:
    table = asm_ruler_table(n)
    for (x, y, z), v in coin_turning.values(posets.asm(n), "ruler").items():
        assert table[(n - 2 - x - y, z)] == v


def test_asm_ruler_symmetry_and_independence_of_n() -> None:
    big = asm_ruler_table(24)
    for (r, s), v in big.items():
        assert big[(r, r - s)] == v  # 004 Proposition 6.1 (η)
    small = asm_ruler_table(11)
    assert all(big[k] == v for k, v in small.items())
    assert set(big) == {(r, s) for r in range(23) for s in range(r + 1)}


def test_asm_ruler_progress_and_bad_input() -> None:
    ranks: list[int] = []
    asm_ruler_table(6, progress=lambda r, top: ranks.append(r))
    assert ranks == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError):
        asm_ruler_table(1)
    with pytest.raises(TypeError):
        asm_ruler_table("5")  # type: ignore[arg-type]


# ------------------------------------------------------- A_n order ideals
@pytest.mark.parametrize("n", range(2, 8))
def test_asm_ideal_values_on_the_poset(n: int) -> None:
    assert asm_ideal_values(n) == coin_turning.values(posets.asm(n), "ideal")


@pytest.mark.parametrize("n", range(2, 11))
def test_theorem_1_1(n: int) -> None:
    result = check_theorem_1_1(n)
    assert result["holds"] and result["mismatches"] == 0
    assert result["elements"] == (n + 1) * n * (n - 1) // 6  # |A_n| = C(n+1, 3)


def test_theorem_1_1_formula() -> None:
    # ρ = 0 or ρ = 2z ± 1 (004 (1.3)); A_5, ρ = 3 − x − y
    assert theorem_1_1_value(5, 3, 0, 0) == 1  # ρ = 0
    assert theorem_1_1_value(5, 2, 0, 0) == 1  # ρ = 1 = 2·0 + 1
    assert theorem_1_1_value(5, 1, 0, 1) == 0  # ρ = 2
    assert theorem_1_1_value(5, 0, 0, 1) == 1  # ρ = 3 = 2·1 + 1
    assert theorem_1_1_value(5, 0, 0, 2) == 1  # ρ = 3 = 2·2 − 1
    assert theorem_1_1_value(5, 0, 0, 0) == 0


# ---------------------------------------------------------- B_n(q) ruler
@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 25, 27])
def test_subspace_recursion_closed_form(q: int) -> None:
    g = subspace_ruler_recursion(70, q)
    assert g == [coin_turning.subspace_ruler_value(d, q) for d in range(71)]


@pytest.mark.parametrize(("n", "q"), [(3, 2), (4, 2), (2, 3), (3, 3), (2, 4), (2, 5)])
def test_subspace_recursion_on_the_poset(n: int, q: int) -> None:
    g = subspace_ruler_recursion(n, q)
    for space, v in coin_turning.values(posets.subspaces(n, q), "ruler").items():
        assert v == g[len(space)]  # a subspace is its reduced echelon basis


@pytest.mark.parametrize("q", [2, 3, 4, 5, 9])
def test_gaussian_binomial_parity(q: int) -> None:
    rows = gaussian_binomial_parity_rows(9, q)
    for n, row in enumerate(rows):
        for r in range(n + 1):
            assert row >> r & 1 == gaussian_binomial(n, r, q) % 2


def test_subspace_recursion_bad_input() -> None:
    for q in (1, 6, 12):
        with pytest.raises(ValueError):
            subspace_ruler_recursion(3, q)
    with pytest.raises(ValueError):
        subspace_ruler_recursion(-1, 2)
    with pytest.raises(TypeError):
        subspace_ruler_recursion(2, 2.0)  # type: ignore[arg-type]


# --------------------------------------------------------------------- CLI
def run_json(capsys, args: list[str]) -> dict:
    assert cli.main(args) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_set_partitions(capsys, tmp_path) -> None:
    data = run_json(capsys, ["poset", "ruler-set-partitions", "--n", "1..17", "--json"])
    assert [data["h"][str(k)] for k in range(1, 18)] == list(TABLE_4)
    path = tmp_path / "ck.json"
    data = run_json(
        capsys,
        ["poset", "ruler-set-partitions", "--n", "8..9", "--checkpoint", str(path), "--json"],
    )
    assert data["h"] == {"8": 7, "9": 15}
    assert json.loads(path.read_text())["h"] == list(TABLE_4[:9])
    assert cli.main(["poset", "ruler-set-partitions", "--n", "0..3"]) == 2
    assert "n ≥ 1" in capsys.readouterr().err


def test_cli_asm_and_subspaces(capsys) -> None:
    data = run_json(capsys, ["poset", "ruler-asm", "--n", "6", "--json"])
    table = asm_ruler_table(6)
    assert data["rows"] == [[table[(r, s)] for s in range(r + 1)] for r in range(5)]
    data = run_json(capsys, ["poset", "ideal-asm", "--n", "2..6", "--json"])
    assert data["holds"] and len(data["results"]) == 5
    data = run_json(capsys, ["poset", "ruler-subspaces", "--d", "6", "--q", "3", "--json"])
    assert data["g"] == [1, 2, 3, 1, 2, 3, 1]
    # A_1 is the empty poset (x + y + z ≤ −1): an empty table, as `poset values asm:1`.
    assert run_json(capsys, ["poset", "ruler-asm", "--n", "1", "--json"])["rows"] == []
    assert cli.main(["poset", "ruler-asm", "--n", "0"]) == 2
    assert cli.main(["poset", "ruler-subspaces", "--q", "6"]) == 2
    capsys.readouterr()
    assert cli.main(["poset", "ruler-asm", "--n", "4"]) == 0
    assert "ḡ" in capsys.readouterr().out


def test_scaffolding_enumerates_set_partitions() -> None:
    # Bell numbers from the enumerator the brute-force sums use
    assert [len(set_partitions_of(list(range(k)))) for k in range(7)] == [1, 1, 2, 5, 15, 52, 203]


def test_partition_count_bounds_the_mex() -> None:
    from grundy.partition import partition_numbers

    assert partition_numbers(9) == [1, 1, 2, 3, 5, 7, 11, 15, 22, 30]
    assert partition_numbers(100)[100] == 190569292
    h = set_partition_ruler(30)
    assert all(h[n - 1] <= partition_numbers(n)[n] for n in range(1, 31))
