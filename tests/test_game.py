"""The generic solver and registry, on games whose values are known by hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import Ruleset, Solver, get_ruleset, register, ruleset_names
from grundy.nim import add, mex


class Subtraction(Ruleset):
    """Take 1, 2 or 3 counters from a heap: SG(n) = n mod 4; misère SG⁻(n) = (n+1) mod 4 ..."""

    name = "test-subtraction-123"

    def parse(self, spec: object) -> int:
        return int(spec)  # type: ignore[call-overload]

    def options(self, position: int) -> Iterator[tuple[int, int]]:
        for take in (1, 2, 3):
            if take <= position:
                yield take, position - take


class NimHeaps(Ruleset):
    """Nim on a multiset of heaps; canonical form sorts the heaps."""

    name = "test-nim"

    def options(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, int], tuple]]:
        for k, heap in enumerate(position):
            for left in range(heap):
                yield (k, left), (*position[:k], left, *position[k + 1 :])

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(h for h in position if h))


class Cycle(Ruleset):
    name = "test-cycle"

    def options(self, position: int) -> Iterator[tuple[str, int]]:
        yield "next", (position + 1) % 3


SUB = register(Subtraction())
NIM = register(NimHeaps())


def test_mex_and_nim_sum() -> None:
    assert mex([]) == 0
    assert mex([1, 2]) == 0
    assert mex([0, 1, 3]) == 2
    assert mex(iter([0, 0, 1])) == 2
    assert add(5, 3, 6) == 0
    with pytest.raises(ValueError):
        add(-1)


def test_subtraction_game_values() -> None:
    solver = Solver(SUB)
    assert [solver.value(n) for n in range(12)] == [n % 4 for n in range(12)]


def test_misere_terminal_positions_get_one() -> None:
    solver = Solver(SUB)
    # SG⁻(0) = 1, then mex over the last three: 0, 2, 3, 1, 0, 2, 3, 1, ...
    expected = [1, 0, 2, 3]
    for n in range(4, 12):
        expected.append(mex(expected[n - 3 : n]))
    assert [solver.value(n, misere=True) for n in range(12)] == expected


@given(st.lists(st.integers(0, 5), max_size=3))
def test_nim_value_is_the_nim_sum(heaps: list[int]) -> None:
    assert Solver(NIM).value(tuple(heaps)) == add(*heaps)


def test_deep_game_needs_no_recursion() -> None:
    assert Solver(SUB).value(200_000) == 200_000 % 4


def test_cycle_is_reported() -> None:
    with pytest.raises(ValueError, match="not acyclic"):
        Solver(Cycle()).value(0)


def test_public_api_options_and_winning_moves() -> None:
    opts = grundy.options(SUB, 6)
    assert [(o.move, o.position, o.value) for o in opts] == [(1, 5, 1), (2, 4, 0), (3, 3, 3)]
    assert [o.move for o in grundy.winning_moves(SUB, 6)] == [2]
    assert grundy.outcome(SUB, 8) == "P"
    assert grundy.outcome(SUB, 9) == "N"
    assert grundy.value("test-subtraction-123", "7") == 3


def test_registry() -> None:
    assert get_ruleset("LCTR") is get_ruleset("lctr")
    assert "lctr" in ruleset_names() and "downright" in ruleset_names()
    with pytest.raises(ValueError, match="unknown game"):
        get_ruleset("no-such-game")
    with pytest.raises(TypeError):
        get_ruleset(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="already registered"):
        register(Subtraction())


def test_lctr_rules_by_hand() -> None:
    """000 §3.1–3.2 on small cases: LCTR(1) = mex{0, 0} = 1; Downright corner = 0."""
    lctr, downright = Solver(get_ruleset("lctr")), Solver(get_ruleset("downright"))
    assert lctr.value(grundy.Partition.parse("")) == 0
    assert lctr.value(grundy.Partition.parse("1")) == 1
    assert lctr.value(grundy.Partition.parse("2")) == 2  # 000 Lemma 12: even row
    assert downright.value(grundy.Partition.parse("1")) == 0
    assert downright.value(grundy.Partition.parse("2")) == 1
    assert lctr.value(grundy.Partition.parse(""), misere=True) == 1
    with pytest.raises(ValueError, match="non-empty"):
        grundy.value("downright", "")
