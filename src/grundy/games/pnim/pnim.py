"""PNim (Nim on partitions): delete any non-empty set of rows, or of columns, of one diagram.

docs/games.md item 10.  A position is a disjunctive sum of partitions
(`grundy.sums.PartitionSum`, written ``"3,2,1 + 2^2"``; a single partition is
a sum of one).  A move picks one summand and deletes any non-empty set of its
rows, or any non-empty set of its columns (any subset of its λ1 columns); the
rest closes up.  Deleting every row (or every column) empties the summand.  On
a one-row partition [n] the column moves are Nim on a heap of n, hence the
name.  In normal play the solver nim-adds the summands; misère sums are
searched whole.

Only the number of rows deleted from each run of equal rows matters, so a
row move is labelled by the counts (("rows", ((part, k), …))) = "delete k
rows of length part, …", and a column move by the counts of deleted columns
of each height; each distinct result is listed once (a row move and a column
move can give the same diagram, e.g. both empty it).  Deleting columns of λ is
deleting rows of λ′, so the game is invariant under conjugation (checked on
every partition of n ≤ 12 in tests/test_pnim.py) and each summand is kept as
min(λ, λ′).

Known results (docs/games.md item 10), checked in tests/test_pnim.py for n ≤ 14 and
in benchmarks/verify_pnim.py further (see docs/findings/pnim.md):
G(λ) ≤ λ1 + ℓ(λ) − 1, and G(λ) = 1 exactly when λ = (1) or
(r, r, r−1, …, 2) ≤ λ ≤ (r^r) for some r ≥ 2 (`is_value_one_shape`).

>>> import grundy
>>> grundy.value("pnim", "2^2"), grundy.value("pnim", "3 + 2 + 1")
(1, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from grundy.game import LazyKernel
from grundy.partition import Partition
from grundy.registry import register
from grundy.sums import PartitionSum, PartitionSumRuleset, SearchedInSummands

__all__ = ["PNIM", "PNimRules", "is_value_one_shape", "row_deletions"]

#: ("rows" or "cols", ((length of the deleted rows or columns, how many), …)).
Move = tuple[str, tuple[tuple[int, int], ...]]


def row_deletions(position: Partition) -> Iterator[tuple[tuple[tuple[int, int], ...], Partition]]:
    """Every way to delete a non-empty set of rows of λ, up to equal rows.

    Yields (counts, result): counts lists (part, k) for each run that loses
    k ≥ 1 of its rows; the results are pairwise distinct, one per choice of
    k_q ∈ {0, …, m_q} for each run (part_q, m_q), not all 0.

    >>> [(k, str(p)) for k, p in row_deletions(Partition([2, 2, 1]))]
    [(((1, 1),), '2^2'), (((2, 1),), '2,1'), (((2, 1), (1, 1)), '2'), (((2, 2),), '1'), \
(((2, 2), (1, 1)), '[]')]
    """
    runs = position.runs
    for taken in product(*(range(mult + 1) for _, mult in runs)):
        if not any(taken):
            continue
        counts = tuple((part, k) for (part, _), k in zip(runs, taken, strict=True) if k)
        rest = ((part, mult - k) for (part, mult), k in zip(runs, taken, strict=True))
        yield counts, Partition.from_runs(rest)


def _options(position: Partition) -> Iterator[tuple[Move, tuple[Partition]]]:
    seen: set[Partition] = set()
    for counts, result in row_deletions(position):
        seen.add(result)
        yield ("rows", counts), (result,)
    for counts, result in row_deletions(position.conjugate()):
        result = result.conjugate()
        if result not in seen:
            seen.add(result)
            yield ("cols", counts), (result,)


def is_value_one_shape(position: Partition) -> bool:
    """Whether λ = (1) or (r, r, r−1, …, 2) ⊆ λ ⊆ (r^r) for some r ≥ 2.

    docs/games.md item 10 states that these are exactly the λ with G(λ) = 1 in
    normal play (checked, not used to compute values).  Both bounds have r rows
    and r columns, so r = ℓ(λ) = λ1, and containment of the lower one is
    λi ≥ r − i + 2 for 2 ≤ i ≤ r.  Reads only the runs of λ.
    """
    r = position.length
    if position == Partition([1]):
        return True
    if r < 2 or position.largest != r:
        return False
    first = 1  # the first row of each run; λi ≥ r − i + 2 is tightest there
    for part, mult in position.runs:
        if first >= 2 and part < r - first + 2:
            return False
        first += mult
    return True


class PNimRules(SearchedInSummands, PartitionSumRuleset):
    """PNim (docs/games.md 10): delete a non-empty set of rows or of columns of one summand."""

    name = "pnim"
    display_name = "PNim"
    description = "delete any non-empty set of rows or of columns of one diagram of a sum"
    reference = "docs/games.md item 10"
    conjugation_invariant = True  # checked on every partition of n ≤ 12 (tests/test_pnim.py)
    kernel = LazyKernel("grundy.games.pnim.pnim_kernel:PNIM")
    small_size = 9  # generic search within 10 ms (benchmarks/bench_small_positions.py)

    def summand_options(self, partition: Partition) -> Iterator[tuple[Move, tuple[Partition]]]:
        return _options(partition)

    def number_of_options(self, position: PartitionSum) -> int:
        """Each different summand's row deletions: Π (m_q + 1) − 1 over its runs (or 2^64
        past it, an int of that size costing time), all different."""
        total = 0
        for p in set(position.summands):
            ways = 1
            for _, mult in p.runs:
                ways = min(ways * (mult + 1), 2**64)
            total += ways - 1
        return total

    def format_summand_move(self, move: Move) -> str:
        """ "delete a row of length 3", "delete columns of heights 2^2,1", …"""
        kind, counts = move
        noun, size = ("row", "length") if kind == "rows" else ("column", "height")
        deleted = Partition.from_runs(counts)
        if deleted.length == 1:
            return f"delete a {noun} of {size} {deleted}"
        return f"delete {noun}s of {size}s {deleted}"


PNIM = register(PNimRules())
