"""What the checks of several sources share: the exhaustive solvers, the diagrams and
boxes they run over, λ[i, j] and λ′ as the papers define them, and the order of cases.

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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import TypeVar

from grundy.game import FunctionRuleset
from grundy.partition import Partition, partitions_up_to
from grundy.registry import get_ruleset
from grundy.solver import Solver

#: A partition as the tuple of its parts, largest first.
Parts = tuple[int, ...]
Case = TypeVar("Case", bound=tuple[int, ...])


@cache
def exhaustive_solver(game: str) -> Solver:
    """The reference: exhaustive search of a registered game, never a closed form or a
    compiled kernel (one memo for every check)."""
    return Solver(get_ruleset(game), fast=False)


@cache
def searched_apart(game: str) -> Solver:
    """Exhaustive search of `game`'s moves with no canonical form, so λ and λ′ are searched
    apart (independent evidence for statements about conjugation)."""
    rules = get_ruleset(game)
    return Solver(
        FunctionRuleset(
            lambda position: [child for _, child in rules.options(position)],
            name=f"{game}, no canonical form",
        ),
        fast=False,
    )


def diagrams(top: int) -> list[Partition]:
    """Every non-empty partition with n ≤ top, smallest first."""
    return [lam for lam in partitions_up_to(top) if lam]


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
