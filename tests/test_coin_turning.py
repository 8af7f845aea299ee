"""Coin-turning games (004 §4–§5): Theorem 4.1 against whole-game search, the
product theorem, and the closed forms of Theorems 5.1–5.3."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Solver, coin_turning, get_ruleset, nim, posets
from grundy.games.coin_turning.coin_turning import RULESET, CoinPosition, family
from grundy.nim import mex

FAMILIES = ["ruler", "ideal", "turtles"]


def tiny_posets() -> list[posets.Poset]:
    return [
        posets.chain(1),
        posets.chain(4),
        posets.divisors(12),
        posets.divisors(30),
        posets.set_partitions(3),
        posets.product(posets.chain(2), posets.chain(3)),
        posets.young("3,1"),
        posets.subspaces(2, 2),
        posets.asm(3),
        posets.from_relations([("a", "c"), ("b", "c"), ("b", "d")]),
    ]


def all_positions(p: posets.Poset):
    for r in range(len(p) + 1):
        yield from itertools.combinations(p.elements, r)


@pytest.mark.parametrize("fam", FAMILIES)
def test_theorem_4_1_against_whole_game(fam: str) -> None:
    """004 Theorem 4.1: the value of every set of heads is the nim-sum of its elements' values."""
    for p in tiny_posets():
        solver = Solver(RULESET, fast=False)  # the reference: never uses the closed form
        g = coin_turning.values(p, fam)
        for heads in all_positions(p):
            pos = RULESET.parse((p, fam, heads))
            expected = nim.add(*(g[x] for x in heads))
            assert solver.value(pos) == expected == coin_turning.position_value(p, heads, fam)
            assert RULESET.closed_form(pos) == expected == grundy.value(RULESET, pos)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=10),
            st.sampled_from(FAMILIES),
        )
    )
)
def test_theorem_4_1_random_posets(data) -> None:
    n, pairs, fam = data
    p = posets.from_relations([(a, b) for a, b in pairs if a < b], elements=range(n))
    solver = Solver(RULESET, fast=False)
    g = coin_turning.values(p, fam)
    for heads in all_positions(p):
        assert solver.value(RULESET.parse((p, fam, heads))) == nim.add(*(g[x] for x in heads))


def test_definitions_of_the_three_families() -> None:
    """(4.1a) evaluated naively from the turning sets of 004 Definition 4.2."""
    for p in [*tiny_posets(), posets.set_partitions(4), posets.asm(5)]:
        for fam in FAMILIES:
            g = coin_turning.values(p, fam, use_product=False)
            for x in p:
                below = [t for t in p if p.leq(t, x)]
                if fam == "ruler":
                    sets = [[t for t in below if p.leq(y, t)] for y in below]
                elif fam == "ideal":
                    sets = [below]
                else:
                    sets = [sorted({y, x}, key=p.index) for y in below]
                assert sorted(map(tuple, coin_turning.turning_sets(p, x, fam))) == sorted(
                    map(tuple, sets)
                )
                sums = [nim.add(*(g[t] for t in s if t != x)) for s in sets]
                assert g[x] == mex(sums)


def test_ideal_game_lemma_4_1_and_corollary_4_1() -> None:
    for p in (
        posets.divisors(360),
        posets.subspaces(3, 2),
        posets.set_partitions(5),
        posets.asm(6),
    ):
        g = coin_turning.values(p, "ideal")
        assert set(g.values()) <= {0, 1}  # Lemma 4.1
        if len(p.minimal()) == 1 and p.is_graded:  # Corollary 4.1
            bottom = p.minimal()[0]
            assert g == {x: int(x == bottom) for x in p}


def test_product_theorem() -> None:
    """004 Theorem 4.2: on P × Q, g(x1, x2) = g1(x1) ⊗ g2(x2) (ruler and ideal)."""
    pairs = [
        (posets.chain(5), posets.chain(7)),
        (posets.divisors(12), posets.set_partitions(3)),
        (posets.young("3,2"), posets.chain(4)),
        (posets.subspaces(2, 2), posets.asm(4)),
    ]
    for a, b in pairs:
        p = posets.product(a, b)
        for fam in ("ruler", "ideal"):
            direct = coin_turning.values(p, fam, use_product=False)
            via = coin_turning.values(p, fam)
            ga, gb = coin_turning.values(a, fam), coin_turning.values(b, fam)
            assert direct == via
            assert all(direct[(x, y)] == nim.mul(ga[x], gb[y]) for x in a for y in b)
    # three factors, values beyond a nimber field of 4 elements
    p = posets.product(posets.chain(8), posets.chain(8), posets.chain(4))
    assert coin_turning.values(p, "ruler") == coin_turning.values(p, "ruler", use_product=False)
    assert coin_turning.values(p, "ruler")[((8, 8), 4)] == nim.mul(8, 8, 4)


def test_turtles_is_not_a_product() -> None:
    p = posets.product(posets.chain(2), posets.chain(2))
    g = coin_turning.values(p, "turtles")
    assert g == coin_turning.values(p, "turtles", use_product=False)
    assert g[(2, 2)] == 3  # mex{0, 1, 2, 2} = 3, while 2 ⊗ 2 = 3 too; check (1,2):
    assert g[(1, 2)] == 2


def test_theorem_5_1_chain() -> None:
    g = coin_turning.values(posets.chain(130), "ruler")
    assert all(g[x] == coin_turning.ruler_function(x) for x in g)
    assert [coin_turning.ruler_function(x) for x in range(1, 16)] == [
        1,
        2,
        1,
        4,
        1,
        2,
        1,
        8,
        1,
        2,
        1,
        4,
        1,
        2,
        1,
    ]  # 004 Table 1


@pytest.mark.parametrize("n", [1, 12, 360, 2**5 * 3**3, 2 * 3 * 5 * 7 * 11 * 13, 3**8 * 2**7])
def test_theorem_5_2_divisors(n: int) -> None:
    g = coin_turning.values(posets.divisors(n), "ruler")
    assert all(g[d] == coin_turning.divisor_ruler_value(d) for d in g)


def test_figure_4_values() -> None:
    g = coin_turning.values(posets.divisors(12), "ruler")  # 004 Figure 4 (B)
    assert g == {1: 1, 2: 2, 3: 2, 4: 1, 6: 3, 12: 2}


@pytest.mark.parametrize("n,q", [(5, 2), (3, 3), (4, 3), (3, 4), (2, 5), (2, 9)])
def test_theorem_5_3_subspaces(n: int, q: int) -> None:
    p = posets.subspaces(n, q)
    g = coin_turning.values(p, "ruler")
    assert all(g[w] == coin_turning.subspace_ruler_value(len(w), q) for w in p)


def test_table_2() -> None:
    assert [coin_turning.subspace_ruler_value(d, 2) for d in range(15)] == [
        1,
        2,
        1,
        4,
        1,
        2,
        1,
        8,
        1,
        2,
        1,
        4,
        1,
        2,
        1,
    ]
    assert [coin_turning.subspace_ruler_value(d, 3) for d in range(15)] == [1, 2, 3] * 5


def test_table_4_small_set_partitions() -> None:
    """h(n) of 004 Table 4 for n ≤ 8 by the ruler on Π_n itself; Theorem 6.1 on all of Π_6."""
    table4 = [1, 2, 1, 4, 1, 2, 1, 7]
    h = []
    for n in range(1, 9):
        p = posets.set_partitions(n)
        h.append(coin_turning.value_list(p)[-1])  # the top: the single block
    assert h == table4
    g = coin_turning.values(posets.set_partitions(6), "ruler")
    for pi, v in g.items():  # Theorem 6.1 (ii): nim-product over the blocks
        assert v == nim.mul(*(table4[len(b) - 1] for b in pi))


def test_user_families() -> None:
    p = posets.divisors(12)
    ruler_sets = {x: coin_turning.turning_sets(p, x, "ruler") for x in p}
    assert coin_turning.values(p, ruler_sets) == coin_turning.values(p, "ruler")
    assert coin_turning.values(p, lambda x: ruler_sets[x]) == coin_turning.values(p, "ruler")
    flat = [s for sets in ruler_sets.values() for s in sets]
    assert coin_turning.values(p, flat) == coin_turning.values(p, "ruler")
    # a family with no sets for some element: those have value 0 (mex of nothing)
    assert coin_turning.values(p, {12: [[12, 6]]}) == {1: 0, 2: 0, 3: 0, 4: 0, 6: 0, 12: 1}
    assert coin_turning.values(p, {12: [[12]], 6: [[6, 2]]})[12] == 1
    with pytest.raises(ValueError, match="maximum"):
        coin_turning.values(p, {6: [[6, 4]]})  # 4 is not below 6
    with pytest.raises(ValueError, match="maximum"):
        coin_turning.values(p, {6: [[2, 3]]})  # 6 not in the set
    with pytest.raises(ValueError, match="no maximum"):
        coin_turning.values(p, [[4, 6]])
    with pytest.raises(ValueError):
        coin_turning.values(p, {5: [[5]]})  # not an element
    with pytest.raises(ValueError):
        coin_turning.values(p, "rulers")
    with pytest.raises(TypeError):
        coin_turning.values(p, {6: "6"})
    # a user family in the whole game, checked by the solver
    fam = family({x: [[x], *([[x, y] for y in p.lower_covers(x)])] for x in p})
    solver = Solver(RULESET, fast=False)
    g = coin_turning.values(p, fam)
    for heads in all_positions(p):
        assert solver.value(RULESET.parse((p, fam, heads))) == nim.add(*(g[x] for x in heads))


def test_moves_and_winning_moves() -> None:
    p = posets.product(posets.set_partitions(3), posets.chain(2))
    heads = [p.parse("(12|3,1)"), p.parse("(123,2)"), p.parse("(1|2|3,2)")]
    for fam in FAMILIES:
        v = coin_turning.position_value(p, heads, fam)
        mv = coin_turning.moves(p, heads, fam)
        solver = Solver(RULESET, fast=False)
        pos = RULESET.parse((p, fam, heads))
        opts = solver.options(pos)
        assert sorted(m.value for m in mv) == sorted(o.value for o in opts)
        assert solver.value(pos) == v
        for m in mv:
            assert m.top in heads and m.top == m.turned[-1]
            assert m.value == coin_turning.position_value(p, m.heads, fam)
        wins = coin_turning.winning_moves(p, heads, fam)
        assert all(m.value == 0 for m in wins)
        assert (v != 0) == bool(wins)


def test_bad_heads_and_registry() -> None:
    p = posets.chain(4)
    with pytest.raises(ValueError):
        coin_turning.position_value(p, [5], "ruler")
    with pytest.raises(ValueError, match="twice"):
        coin_turning.position_value(p, [2, 2], "ruler")
    with pytest.raises(TypeError):
        coin_turning.position_value(p, "12", "ruler")
    assert grundy.value("coin-turning", "divisors:12 ruler 4 6") == nim.add(1, 3)
    assert grundy.value("coins", "chain:8 ruler 8 4") == 12
    pos = RULESET.parse("chain:3 ruler 3")
    assert isinstance(pos, CoinPosition)
    assert sorted(o.value for o in grundy.options("coins", pos)) == [0, 2, 3]
    with pytest.raises(ValueError):
        RULESET.parse("chain:3")
    with pytest.raises(ValueError):
        RULESET.parse("chain:3 ruler 7")


def test_hasse_svg(tmp_path) -> None:
    from grundy.render.hasse import MAX_ELEMENTS, hasse_layout, hasse_svg, write_hasse_svg

    p = posets.subspaces(3, 2)
    g = coin_turning.values(p, "ruler")
    rows = hasse_layout(p)
    assert [len(r) for r in rows] == [1, 7, 7, 1]  # by rank (dimension)
    assert sorted(i for r in rows for i in r) == list(range(len(p)))
    svg = hasse_svg(p, g, title="ruler on B_3(2)")
    assert svg.count("<circle") == 16 and svg.count("<line") == len(p.covers())
    assert "&lt;100,010,001&gt;" in svg and ">4</text>" in svg  # g(F_2^3) = R(4) = 4
    path = write_hasse_svg(tmp_path / "b.svg", p, g)
    assert path.read_text().startswith("<svg")
    assert not [f for f in tmp_path.iterdir() if f.name != "b.svg"]  # no temporary left
    with pytest.raises(ValueError, match="at most"):
        hasse_svg(posets.set_partitions(8))
    assert MAX_ELEMENTS == 2000
    with pytest.raises(ValueError, match="no value"):
        hasse_svg(p, {})
    unranked = posets.young("3,1")
    assert [len(r) for r in hasse_layout(unranked)] == [1, 2, 1]


def test_cli(capsys, tmp_path) -> None:
    import json

    from grundy.cli import main

    assert main(["poset", "values", "divisors:12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["values"] == {"1": 1, "2": 2, "3": 2, "4": 1, "6": 3, "12": 2}
    assert main(["poset", "values", "asm:5", "--turning", "ideal", "--json"]) == 0
    ideal = json.loads(capsys.readouterr().out)["values"]
    assert ideal["(0,0,2)"] == 1 and ideal["(0,0,3)"] == 0  # 004 Theorem 1.1
    args = ["poset", "position", "set-partitions:4", "--heads", "12|34 1234", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == 7 and data["outcome"] == "N"
    assert {"12|34", "1234"} == set(data["heads"])
    assert all(m["value"] == 0 for m in data["winning_moves"]) and data["winning_moves"]
    heads = ["--heads", "<110,011>;<>"]
    args = ["poset", "position", "subspaces:3:2", *heads, "--all-moves", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["heads"] == ["<101,011>", "<>"] and data["value"] == 0 and data["moves"]
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"elements": ["a", "b", "c"], "covers": [["a", "c"], ["b", "c"]]}))
    assert main(["poset", "values", f"@{path}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["values"] == {"a": 1, "b": 1, "c": 2}
    svg = tmp_path / "d.svg"
    assert main(["poset", "picture", "divisors:12", "--svg", str(svg), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["svg"] == str(svg) and svg.exists()
    for bad in (
        ["poset", "values", "chain:0"],
        ["poset", "values", "chain:4", "--turning", "nope"],
        ["poset", "position", "chain:4", "--heads", "5"],
        ["poset", "position", "set-partitions:4", "--heads", "12|3"],
        ["poset", "position", "chain:4", "--heads", "2 2"],
        ["poset", "picture", "set-partitions:8", "--svg", str(svg)],
        ["poset", "picture", "chain:3", "--svg", str(tmp_path / "no" / "x.svg")],
    ):
        assert main(bad) == 2, bad
        err = capsys.readouterr().err
        assert err.startswith("grundy: error:") and err.count("\n") == 1


def test_tables_agree_with_the_posets() -> None:
    """The counting tables of 004 §6 (`coin_turning_tables`) against the ruler on the posets."""
    h = coin_turning.set_partition_ruler(7)
    assert h == [coin_turning.value_list(posets.set_partitions(n))[-1] for n in range(1, 8)]
    for n in range(2, 11):
        table = coin_turning.asm_ruler_table(n)
        g = coin_turning.values(posets.asm(n), "ruler")
        classes: dict[tuple[int, int], set[int]] = {}
        for (x, y, z), v in g.items():  # 004 §6.1: g depends only on π(x, y, z)
            classes.setdefault((n - 2 - x - y, z), set()).add(v)
        assert {key: vals.pop() for key, vals in classes.items() if len(vals) == 1} == table


def test_progress_callback() -> None:
    ticks: list[int] = []
    p = posets.set_partitions(7)
    coin_turning.value_list(p, "ruler", progress=ticks.append)
    assert sum(ticks) == len(p) // 256 * 256 and ticks


@pytest.mark.parametrize(
    "spec",
    ["chain:4", "divisors:12", "subspaces:2:2", "set-partitions:4", "asm:4", "young:3,1",
     "chain:2xchain:3"],
)  # fmt: skip
def test_positions_read_back_from_their_text(spec: str) -> None:
    # sweeps send positions to their workers and their store as text
    rules = get_ruleset("coin-turning")
    poset = rules.parse(f"{spec} ruler").poset
    for x in poset.elements:
        for name in ("ruler", "ideal", "turtles"):
            position = rules.parse(f"{spec} {name} {poset.format(x)}")
            text = rules.format_position(position)
            again = rules.parse(text)  # a new Poset object: compare what the text says
            assert text.startswith(spec) and rules.format_position(again) == text
            assert (again.family.name, again.heads) == (name, position.heads), text


def test_sweep_over_a_poset_family() -> None:
    from grundy.analysis import sweep

    rows = sweep("coin-turning", "chain:n ruler n", n=range(1, 9))
    assert [row["value"] for row in rows] == [1, 2, 1, 4, 1, 2, 1, 8]  # the ruler function
