"""grundy.sums: sums of partitions (parse, format, coerce) and the defaults of
`PartitionSumRuleset`.  The solver on sums is tested in test_game.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import Partition, PartitionSum, PartitionSumRuleset
from grundy.partition import partition_numbers, partitions
from grundy.sums import sum_count_table

partitions_st = st.lists(st.integers(0, 6), max_size=5).map(Partition)
sums_st = st.lists(partitions_st, max_size=4).map(PartitionSum)


# ------------------------------------------------------------ parse/format
@given(sums_st)
def test_parse_format_round_trip(s: PartitionSum) -> None:
    text = str(s)
    assert PartitionSum.parse(text) == s
    assert str(PartitionSum.parse(text)) == text
    assert PartitionSum.coerce(text) == s
    assert eval(repr(s), {"PartitionSum": PartitionSum}) == s
    assert hash(PartitionSum.parse(text)) == hash(s)


@given(st.lists(partitions_st, max_size=4), st.randoms())
def test_order_and_empty_summands_do_not_matter(parts: list[Partition], rng) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(parts)
    rng.shuffle(shuffled)
    a, b = PartitionSum(parts), PartitionSum([*shuffled, Partition()])
    assert a == b and hash(a) == hash(b)
    assert a.size == sum(p.size for p in parts)
    assert len(a) == sum(1 for p in parts if p)
    assert list(a) == sorted((p for p in parts if p), key=Partition.sort_key, reverse=True)


def test_text_forms() -> None:
    s = PartitionSum.parse("2^2 + [3,2,1] + 2,2")
    assert str(s) == "3,2,1 + 2^2 + 2^2"
    assert s.size == 14 and len(s) == 3 and bool(s)
    assert s.summands == (Partition([3, 2, 1]), Partition([2, 2]), Partition([2, 2]))
    assert str(PartitionSum.parse("[]")) == "[]" == str(PartitionSum())
    assert PartitionSum.parse("") == PartitionSum() and not PartitionSum()
    assert PartitionSum.parse("3 + 0") == PartitionSum.parse("3")  # empty summands vanish
    assert PartitionSum.parse(" 4 ") == PartitionSum([Partition([4])])


def test_coerce() -> None:
    expected = PartitionSum.parse("3,1 + 2")
    assert PartitionSum.coerce(expected) is expected
    assert PartitionSum.coerce([[3, 1], [2]]) == expected
    assert PartitionSum.coerce(["3,1", "2"]) == expected
    assert PartitionSum.coerce([Partition([2]), "3,1"]) == expected
    assert PartitionSum.coerce([3, 1]) == PartitionSum.parse("3,1")  # one summand
    assert PartitionSum.coerce(Partition([3, 1])) == PartitionSum.parse("3,1")
    assert PartitionSum.coerce([]) == PartitionSum()
    with pytest.raises(TypeError, match="sum of partitions"):
        PartitionSum.coerce(3.5)
    with pytest.raises(TypeError):
        PartitionSum.parse(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("3,1 + 2,x", ["summand 2", "'3,1 + 2,x'", "bad partition token 'x'"]),
        ("3^0 + 1", ["summand 1", "exponent 0"]),
        ("3,1 + -2", ["summand 2", "'-2'"]),
        ("3,1 + + 2", ["empty summand 2"]),
        ("3,1 +", ["empty summand 2"]),
        ("+ 1", ["empty summand 1"]),
    ],
)
def test_parse_errors_name_the_bad_summand(text: str, words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        PartitionSum.parse(text)
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_replace_and_order() -> None:
    s = PartitionSum.parse("3,1 + 2 + 2")
    pieces = [Partition([1]), Partition([1, 1])]
    assert s.replace(0, pieces) == PartitionSum.parse("2 + 2 + 1^2 + 1")
    assert s.replace(1, []) == PartitionSum.parse("3,1 + 2")
    assert PartitionSum.parse("2").sort_key() < PartitionSum.parse("1 + 1 + 1").sort_key()


# ------------------------------------------------------ the ruleset defaults
class TakeRow(PartitionSumRuleset):
    """Remove the top row of a summand, or split it under its top row."""

    name = "test-sums-take-row"
    conjugation_invariant = False

    def summand_options(self, partition: Partition) -> Iterator[tuple[str, tuple]]:
        yield "top", (partition.sub(1, 0),)
        if partition.length > 1:
            yield "split", (Partition([partition.largest]), partition.sub(1, 0))

    def format_summand_move(self, move: str) -> str:
        return {"top": "remove the top row", "split": "split under the top row"}[move]


def test_partition_sum_ruleset_defaults() -> None:
    rules = TakeRow()
    s = rules.parse("2,1 + 1")
    assert s == PartitionSum.parse("2,1 + 1") and rules.parse([[2, 1], [1]]) == s
    moves = [(rules.format_move(m), str(p)) for m, p in rules.options(s)]
    assert moves == [
        ("in 2,1: remove the top row", "1 + 1"),
        ("in 2,1: split under the top row", "2 + 1 + 1"),
        ("in 1: remove the top row", "2,1"),
    ]
    assert rules.components(s) == [PartitionSum.parse("2,1"), PartitionSum.parse("1")]
    assert rules.components(PartitionSum.parse("2,1")) is None
    assert rules.canonical(PartitionSum.parse("1^3")) == PartitionSum.parse("1^3")
    rules.conjugation_invariant = True
    expected = PartitionSum.parse("1^3 + 2,1")  # min(λ, λ′) by runs, summand by summand
    assert rules.canonical(PartitionSum.parse("3 + 2,1")) == expected
    assert rules.canonical(expected) == expected


def test_partition_sum_ruleset_tables_and_sizes() -> None:
    rules = TakeRow()
    one = PartitionSum.parse("3,1")
    assert rules.diagram(one) == Partition([3, 1])
    assert rules.box_positions(one) == [
        [PartitionSum.parse("3,1"), PartitionSum.parse("2"), PartitionSum.parse("1")],
        [PartitionSum.parse("1")],
    ]
    assert rules.diagram(PartitionSum()) == Partition()
    with pytest.raises(ValueError, match="single partition, not a sum of 2"):
        rules.diagram(PartitionSum.parse("3,1 + 1"))
    p = partition_numbers(8)
    for n in range(9):
        sizes = list(rules.positions_of_size(n))
        assert len(sizes) == p[n] and all(s.size == n and len(s) <= 1 for s in sizes)


# ------------------------------------------------------------ counting sums
def multisets(n: int, largest: tuple[int, Partition] | None = None) -> Iterator[list[Partition]]:
    """Every multiset of non-empty partitions of total size n, each listed once
    (summands in non-increasing (size, partition) order)."""
    if n == 0:
        yield []
        return
    for size in range(min(n, largest[0] if largest else n), 0, -1):
        for lam in partitions(size):
            key = (size, lam.sort_key())
            if largest is not None and key > (largest[0], largest[1].sort_key()):
                continue
            for rest in multisets(n - size, (size, lam)):
                yield [lam, *rest]


@pytest.mark.parametrize("game", ["pnim", "cris"])
def test_sum_count_table_counts_every_sum(game: str) -> None:
    from grundy import Solver, get_ruleset
    from grundy.analysis import count_table

    rules = get_ruleset(game)
    solver = Solver(rules)
    n_max = 9
    expected = []
    for n in range(n_max + 1):
        tally: dict[int, int] = {}
        for summands in multisets(n):
            v = solver.value(PartitionSum(summands))
            tally[v] = tally.get(v, 0) + 1
        expected.append(dict(sorted(tally.items())))
    assert [sum(t.values()) for t in expected] == [1, 1, 3, 6, 14, 27, 58, 111, 223, 424]  # A001970
    single = count_table(rules, n_max)
    assert sum_count_table(single) == expected
