"""What the checks of several sources share: the exhaustive values, the families of
diagrams and boxes they run over, λ[i, j] and λ′ as the papers define them, the order of
cases, and how a claimed value is compared with the searched one.

λ[i, j] is λ without its first i rows and first j columns (000 §2.1, 001 §2.2,
002 §1.1, which prints "(x_i − j, …, x_1 − j)" for a list that ends at x_k);
λ′_i is the number of parts of λ that are ≥ i.  Both are written here on the
tuple of parts, from those definitions alone (not from `grundy.partition`).

>>> sub((4, 2, 1), 1, 1), conjugate([3, 1]), show([3, 1, 1])
((1,), (2, 1, 1), '[3,1,1]')
>>> [str(lam) for lam in quadrated(2)], list(boxes(Partition([2, 1])))
(['2^2', '4^2', '2^4'], [(0, 0), (0, 1), (1, 0)])
>>> smallest_first([(2, 2), (3, 1), (1, 2)])
[(1, 2), (2, 2), (3, 1)]
>>> sg("lctr", Partition([3, 1])), pairs(2), len(positions(4, "lctr")), len(positions(4))
(0, [(1, 1), (1, 2), (2, 1), (2, 2)], 12, 11)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any, TypeVar

from grundy.answers import reference_solver
from grundy.game import FunctionRuleset, Ruleset
from grundy.partition import Partition, partitions_up_to
from grundy.registry import get_ruleset
from grundy.solver import Solver

#: A partition as the tuple of its parts, largest first.
Parts = tuple[int, ...]
Case = TypeVar("Case", bound=tuple[int, ...])
T = TypeVar("T")


def exhaustive_solver(game: str) -> Solver:
    """The reference: exhaustive search of a registered game, never a closed form or a
    compiled kernel — the door's source "search" (`grundy.answers.reference_solver`, one
    memo for every check)."""
    return reference_solver(get_ruleset(game))


def without_canonical_form(rules: Ruleset) -> Solver:
    """Exhaustive search of the moves of `rules` with no canonical form, so λ and λ′ are
    searched apart (independent evidence for statements about conjugation); positions are
    read as `rules` reads them."""
    return reference_solver(
        FunctionRuleset(
            lambda position: [child for _, child in rules.options(position)],
            name=f"{rules.name}, no canonical form",
            parse=rules.parse,
        )
    )


@cache
def searched_apart(game: str) -> Solver:
    """`without_canonical_form` of a registered game (one memo for every check)."""
    return without_canonical_form(get_ruleset(game))


_VALUES: dict[tuple[str, bool, Partition], int] = {}


def sg(game: str, position: Partition, misere: bool = False) -> int:
    """SG (SG⁻ if `misere`) of a registered game by exhaustive search (`exhaustive_solver`),
    each position valued once for every check."""
    key = (game, misere, position)
    known = _VALUES.get(key)
    if known is None:
        known = _VALUES[key] = exhaustive_solver(game).value(position, misere)
    return known


@cache
def positions(top: int, game: str = "") -> tuple[Partition, ...]:
    """Every partition with n ≤ top, smallest first: the empty one only for LCTR (the one game
    of the papers where [] is a position)."""
    return tuple(lam for lam in partitions_up_to(top) if lam or game == "lctr")


def diagrams(top: int) -> tuple[Partition, ...]:
    """Every non-empty partition with n ≤ top, smallest first."""
    return positions(top)


def pairs(top: int, low: int = 1) -> list[tuple[int, int]]:
    """(a, b) with low ≤ a, b ≤ top, smallest a + b first (sides of rectangles, gammas …)."""
    return smallest_first((a, b) for a in range(low, top + 1) for b in range(low, top + 1))


def quadrated(n_max: int) -> Iterator[Partition]:
    """Every non-empty quadrated partition of size ≤ 4·n_max: each μ ⊢ ≤ n_max with every
    box blown up to a 2 × 2 square (parts and multiplicities doubled)."""
    for mu in partitions_up_to(n_max):
        if mu:
            yield Partition.from_runs((2 * p, 2 * m) for p, m in mu.runs)


def boxes(lam: Partition) -> Iterator[tuple[int, int]]:
    """The 0-based boxes (i, j) of λ, row by row."""
    for i, part in enumerate(lam.parts()):
        for j in range(part):
            yield i, j


def sub(parts: Sequence[int], i: int, j: int) -> Parts:
    """λ[i, j]: drop the first i rows, then j boxes from each remaining row, non-positive
    entries removed (the empty partition when row i + 1 has at most j boxes)."""
    return tuple(p - j for p in parts[i:] if p > j)


def conjugate(parts: Sequence[int]) -> Parts:
    """λ′ from its definition: λ′_i = #{k : λ_k ≥ i}."""
    return tuple(sum(1 for p in parts if p >= i) for i in range(1, (parts[0] if parts else 0) + 1))


def show(parts: Iterable[int]) -> str:
    """'[3,1,1]': a partition with its parts listed."""
    return "[" + ",".join(map(str, parts)) + "]"


def smallest_first(cases: Iterable[Case], size: Callable[[Case], int] = sum) -> list[Case]:
    """The cases (tuples of numbers) by `size`, by default their sum, then
    lexicographically."""
    return sorted(cases, key=lambda case: (size(case), case))


def values_agree(
    searched: Callable[[T], Any],
    claimed: Callable[[T], Any],
    name: Callable[[T], str] = str,
    says: str = "the paper says",
) -> dict[str, Callable[[T], Any]]:
    """`holds` and `describe` of a family whose claim is a value: searched(case) ==
    claimed(case), a failure described as "NAME has value V, the paper says W".

    >>> row = values_agree(lambda n: n % 3, lambda n: n % 2, name=lambda n: f"[{n}]")
    >>> row["holds"](4), row["describe"](2)
    (False, '[2] has value 2, the paper says 0')
    """
    return {
        "holds": lambda case: searched(case) == claimed(case),
        "describe": lambda case: f"{name(case)} has value {searched(case)}, {says} {claimed(case)}",
    }
