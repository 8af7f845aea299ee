"""Poset constructors against naive definitions (004 §3), user posets and bad input."""

from __future__ import annotations

import itertools
import json
import math
from functools import cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import posets
from grundy.posets import Poset, bits
from grundy.posets.named import _field, _format_set_partition, _parse_set_partition


def check_invariants(p: Poset) -> None:
    """Linear extension, ≤ reflexive/antisymmetric/transitive, covers = naive covers."""
    els = p.elements
    n = len(els)
    leq = [[p.leq(a, b) for b in els] for a in els]
    for i in range(n):
        assert leq[i][i]
        for j in range(n):
            if leq[i][j]:
                assert i <= j  # linear extension
                for k in range(n):
                    if leq[j][k]:
                        assert leq[i][k]
    naive_covers = {
        (els[i], els[j])
        for i in range(n)
        for j in range(n)
        if i != j
        and leq[i][j]
        and not any(leq[i][k] and leq[k][j] for k in range(n) if k not in (i, j))
    }
    assert set(p.covers()) == naive_covers
    for x in els:
        assert set(p.upper_covers(x)) == {b for a, b in naive_covers if a == x}
        assert p.principal_ideal(x) == [t for t in els if p.leq(t, x)]
        assert p.principal_filter(x) == [t for t in els if p.leq(x, t)]
        assert p.parse(p.format(x)) == x
    assert p.minimal() == [x for x in els if not any(p.lt(t, x) for t in els)]
    assert p.maximal() == [x for x in els if not any(p.lt(x, t) for t in els)]
    assert p.linear_extension() == list(els)


def naive_graded(p: Poset) -> bool:
    """All maximal chains have the same length (004 §3.1), by listing them."""
    lengths = set()

    def walk(x, length):
        ups = p.upper_covers(x)
        if not ups:
            lengths.add(length)
        for y in ups:
            walk(y, length + 1)

    for m in p.minimal():
        walk(m, 0)
    return len(lengths) <= 1


def test_chain() -> None:
    p = posets.chain(6)
    check_invariants(p)
    assert p.elements == (1, 2, 3, 4, 5, 6)
    assert all(p.leq(a, b) == (a <= b) for a in p for b in p)
    assert p.rank == {x: x - 1 for x in p}
    assert p.interval(2, 4) == [2, 3, 4] and p.interval(4, 2) == []


@pytest.mark.parametrize("n", [1, 2, 12, 30, 64, 97, 360])
def test_divisors(n: int) -> None:
    p = posets.divisors(n)
    assert sorted(p.elements) == [d for d in range(1, n + 1) if n % d == 0]
    assert all(p.leq(a, b) == (b % a == 0) for a in p for b in p)
    if n <= 64:
        check_invariants(p)
    assert p.is_graded and p.minimal() == [1] and p.maximal() == [n]


SUBSPACE_CASES = [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (2, 4), (2, 5), (2, 9)]


@pytest.mark.parametrize("n,q", SUBSPACE_CASES)
def test_subspaces_counts_and_order(n: int, q: int) -> None:
    p = posets.subspaces(n, q)
    ranks = p.rank
    assert ranks is not None
    for k in range(n + 1):
        count = sum(1 for w in p if ranks[w] == k)
        assert count == posets.gaussian_binomial(n, k, q)
        assert all(ranks[w] == len(w) for w in p)  # rank = dimension
    f = _field(q)

    def span(w):
        vecs = {tuple([0] * n)}
        for row in w:
            vecs = {
                tuple(f.add[v[i]][f.mul[c][row[i]]] for i in range(n))
                for v in vecs
                for c in range(q)
            }
        return frozenset(vecs)

    spans = {w: span(w) for w in p}
    assert len(set(spans.values())) == len(p)  # canonical: distinct subspaces
    for a in p:
        assert len(spans[a]) == q ** len(a)
        for b in p:
            assert p.leq(a, b) == (spans[a] <= spans[b])
    if len(p) <= 40:
        check_invariants(p)


def test_subspace_notation() -> None:
    p = posets.subspaces(3, 2)
    assert p.parse("<110,011>") == p.parse("<101,011>") == p.parse("<011,101>")
    assert p.format(p.parse("<>")) == "<>"
    for bad in ("<12>", "<1101>", "101", "<102>"):
        with pytest.raises(ValueError):
            p.parse(bad)
    big = posets.subspaces(1, 11)
    assert big.parse(big.format(big.elements[-1])) == big.elements[-1]
    with pytest.raises(ValueError):
        posets.subspaces(2, 6)


BELL = [1, 1, 2, 5, 15, 52, 203, 877]


@pytest.mark.parametrize("n", range(1, 8))
def test_set_partitions(n: int) -> None:
    p = posets.set_partitions(n)
    assert len(p) == BELL[n]
    assert p.rank == {x: n - len(x) for x in p}
    if n <= 5:
        check_invariants(p)
        for a in p:
            for b in p:
                refines = all(any(set(x) <= set(y) for y in b) for x in a)
                assert p.leq(a, b) == refines
    assert p.minimal() == [tuple((i,) for i in range(1, n + 1))]
    assert p.maximal() == [(tuple(range(1, n + 1)),)]


def test_set_partition_notation() -> None:
    p = posets.set_partitions(4)
    assert p.parse("13|2|4") == ((1, 3), (2,), (4,)) == p.parse("4|31|2")
    for bad in ("13|2", "13|2|4|4", "1a|234", "12||34"):
        with pytest.raises(ValueError):
            p.parse(bad)
    top = (tuple(range(1, 11)),)
    text = _format_set_partition(top, 10)
    assert text == "1,2,3,4,5,6,7,8,9,10" and _parse_set_partition(text, 10) == top
    assert _parse_set_partition("10,1|2,3,4,5,6,7,8,9", 10) == ((1, 10), (2, 3, 4, 5, 6, 7, 8, 9))


def asm_leq(a, b) -> bool:
    """004 (1.2)."""
    (x1, y1, z1), (x2, y2, z2) = a, b
    return x1 >= x2 and y1 >= y2 and z1 <= z2 and x1 + y1 + z1 >= x2 + y2 + z2


@cache
def _count_ideals(p: Poset, rest: int) -> int:
    if not rest:
        return 1
    top = rest.bit_length() - 1  # maximal in `rest`, the listing being a linear extension
    return _count_ideals(p, rest ^ (1 << top)) + _count_ideals(p, rest & ~p.down_mask(top))


ASM_NUMBERS = [1, 1, 2, 7, 42, 429, 7436, 218348]


@pytest.mark.parametrize("n", range(1, 8))
def test_asm(n: int) -> None:
    p = posets.asm(n)
    m = n - 2
    assert set(p.elements) == {
        (x, y, z) for x in range(n) for y in range(n) for z in range(n) if x + y + z <= m
    }
    assert len(p) == math.comb(n + 1, 3)
    for a in p:
        for b in p:
            assert p.leq(a, b) == asm_leq(a, b)
    if n <= 5:
        check_invariants(p)
    assert p.rank == {(x, y, z): m - (x + y) for x, y, z in p}  # 004 (3.1)
    for x, y, z in p:  # 004 Proposition 3.1
        cand = [(x + 1, y, z), (x, y + 1, z), (x + 1, y, z - 1), (x, y + 1, z - 1)]
        assert set(p.lower_covers((x, y, z))) == {c for c in cand if c in p}
    # the order ideals of A_n are counted by the alternating sign matrices
    assert _count_ideals(p, (1 << len(p)) - 1) == ASM_NUMBERS[n]


def test_young() -> None:
    p = posets.young("4,2,1")
    assert set(p.elements) == {(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (3, 1)}
    check_invariants(p)
    assert all(p.leq(a, b) == (a[0] <= b[0] and a[1] <= b[1]) for a in p for b in p)
    assert not p.is_graded and p.rank is None and not naive_graded(p)
    assert p.levels()[p.index((2, 2))] == 2
    assert posets.young([3, 3]).is_graded
    assert len(posets.young("[]")) == 0


def test_product() -> None:
    a, b = posets.chain(3), posets.divisors(6)
    p = posets.product(a, b)
    check_invariants(p)
    assert p.factors == (a, b) and len(p) == 12
    for x in p:
        for y in p:
            assert p.leq(x, y) == (a.leq(x[0], y[0]) and b.leq(x[1], y[1]))
    assert p.parse("(2,3)") == (2, 3)
    triple = posets.product(a, a, a)
    assert len(triple) == 27 and triple.is_graded


def test_graded_agrees_with_maximal_chains() -> None:
    for p in (
        posets.young("3,1"),
        posets.young("2,2"),
        posets.from_relations([(1, 2), (2, 3), (1, 4)]),
        posets.from_relations([(1, 3), (2, 3), (2, 4), (4, 5)]),
        posets.asm(4),
        posets.set_partitions(4),
    ):
        assert p.is_graded == naive_graded(p)


def test_user_posets_and_errors(tmp_path) -> None:
    p = posets.from_relations(
        [("a", "c"), ("b", "c"), ("b", "d")], elements=["a", "b", "c", "d", "e"]
    )
    check_invariants(p)
    assert p.minimal() == ["a", "b", "e"]
    with pytest.raises(ValueError, match="cycle"):
        posets.from_relations([(1, 2), (2, 3), (3, 1), (0, 1)])
    try:
        posets.from_relations([("x", "y"), ("y", "x")])
    except ValueError as exc:
        assert "'x'" in str(exc) and "'y'" in str(exc)
    with pytest.raises(ValueError, match="not a cover"):
        posets.from_covers([(1, 2), (2, 3), (1, 3)])
    with pytest.raises(ValueError):
        posets.from_relations([(1, 2, 3)])
    with pytest.raises(TypeError):
        posets.from_relations([([1], 2)])
    # JSON round trip
    path = tmp_path / "n.json"
    p.write_json(path)
    again = posets.from_json(path)
    assert set(again.covers()) == set(p.covers()) and set(again) == set(p)
    path.write_text(json.dumps({"relations": [[1, 2], [2, 1]]}))
    with pytest.raises(ValueError, match="cycle"):
        posets.from_json(path)
    path.write_text("{not json")
    with pytest.raises(ValueError):
        posets.from_json(path)
    path.write_text(json.dumps({"covers": [[1, 2]], "edges": []}))
    with pytest.raises(ValueError, match="unknown"):
        posets.from_json(path)
    # networkx
    g = nx.DiGraph([(1, 2), (2, 3), (1, 4)])
    g.add_node(9)
    q = posets.from_networkx(g)
    assert q.leq(1, 3) and not q.leq(4, 3) and 9 in q
    with pytest.raises(ValueError, match="cycle"):
        posets.from_networkx(nx.DiGraph([(1, 2), (2, 1)]))
    with pytest.raises(TypeError):
        posets.from_networkx(nx.Graph([(1, 2)]))
    with pytest.raises(ValueError):
        p.index("zz")
    with pytest.raises(ValueError):
        p.parse("zz")


def test_specs(tmp_path) -> None:
    assert len(posets.parse_spec("chain:8")) == 8
    assert len(posets.parse_spec("divisors:360")) == 24
    assert len(posets.parse_spec("subspaces:3:2")) == 16
    assert len(posets.parse_spec("set-partitions:5")) == 52
    assert len(posets.parse_spec("asm:6")) == 35
    assert len(posets.parse_spec("young:4,2,1")) == 7
    assert len(posets.parse_spec("chain:2xchain:3")) == 6
    path = tmp_path / "p.json"
    posets.chain(3).write_json(path)
    assert len(posets.from_json(path)) == 3
    for bad in ("chain", "chain:x", "subspaces:3", "foo:3", "missing.json", "chain:0", str(path)):
        with pytest.raises(ValueError):
            posets.parse_spec(bad)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14),
        )
    )
)
def test_random_relations(data) -> None:
    n, pairs = data
    pairs = [(a, b) for a, b in pairs if a < b]  # acyclic by construction
    p = posets.from_relations(pairs, elements=range(n))
    reach = [[i == j for j in range(n)] for i in range(n)]
    for a, b in pairs:
        reach[a][b] = True
    for k, i, j in itertools.product(range(n), repeat=3):
        if reach[i][k] and reach[k][j]:
            reach[i][j] = True
    assert all(p.leq(i, j) == reach[i][j] for i in range(n) for j in range(n))
    check_invariants(p)
    assert p.is_graded == naive_graded(p)
    assert sorted(bits(p.down_mask(0))) == [0]


def test_is_prime_power_agrees_with_factorisation() -> None:
    from grundy.posets.named import factorize, is_prime_power

    for q in range(0, 5000):
        assert is_prime_power(q) == (q >= 2 and len(factorize(q)) == 1), q
    # past trial division: a Mersenne prime, its powers, and products of two large primes
    m = 2**521 - 1
    assert is_prime_power(m) and is_prime_power(m**3)
    assert not is_prime_power(m * (2**607 - 1)) and not is_prime_power(2 * m)
