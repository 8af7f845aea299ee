"""CRIS (Column-Row, split): delete one whole row or one whole column; nothing closes up.

docs/games.md item 2.  Like Column-Row (`grundy.games.column_row.column_row`, 002 §2) a move
deletes one row or one column of the Young diagram, but the boxes left do not
close up: they fall apart into two Young diagrams, and the position becomes
their disjunctive sum.  Deleting row i of λ leaves the rows above,
(λ1, …, λ(i−1)), and the rows below, (λ(i+1), …); deleting column j leaves the
left part (min(λr, j−1) over the rows r) and the right part (λr − j over the
rows r with λr > j).  Either piece may be empty.

A position is therefore a `grundy.sums.PartitionSum`, written ``"3,2,1 + 2^2"``;
a single partition is a sum of one.  In normal play the solver nim-adds the
values of the summands (Sprague–Grundy); misère sums are searched whole.

Deleting different rows of a run of equal rows leaves different pieces (the
rows above and below differ), so every row and column is a move of its own;
only moves whose results are the same sum of pieces are listed once, under
the first such row or column.  A move is labelled ("row", i) or ("col", j),
1-based.  The game is invariant under conjugation (deleting row i of λ is
deleting column i of λ′, and the pieces are the conjugates; checked on every
partition of n ≤ 12 in tests/test_cris.py), so each summand is kept as
min(λ, λ′).

>>> import grundy
>>> grundy.value("cris", "3,2,1")
1
>>> grundy.value("cris", "3,2,1 + 3,2,1"), grundy.value("cris", "3,2,1 + 3,2,1", misere=True)
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.game import LazyKernel
from grundy.partition import Partition
from grundy.registry import register
from grundy.sums import PartitionSum, PartitionSumRuleset, SearchedInSummands
from grundy.validate import as_int

__all__ = ["CRIS", "CRISRules", "delete_column", "delete_row"]

Move = tuple[str, int]


def _first_rows(position: Partition, count: int) -> Partition:
    """The first `count` rows of λ (count ≤ ℓ(λ))."""
    runs = []
    for part, mult in position.runs:
        if count <= 0:
            break
        runs.append((part, min(mult, count)))
        count -= mult
    return Partition.from_runs(runs)


def _check_index(position: Partition, index: object, what: str, last: int) -> int:
    """`index` as an int in 1..last, else a TypeError / ValueError naming the row or column."""
    i = as_int(index, what)
    if not 1 <= i <= last:
        raise ValueError(f"{position} has no {what} {i} (it has {last})")
    return i


def delete_row(position: Partition, i: int) -> tuple[Partition, Partition]:
    """The pieces (rows above, rows below) left by deleting row i (1-based) of λ.

    docs/games.md item 2: (λ1 … λ(i−1)) and (λ(i+1) …).

    >>> [str(p) for p in delete_row(Partition([3, 2, 1]), 2)]
    ['3', '1']
    """
    i = _check_index(position, i, "row", position.length)
    return _first_rows(position, i - 1), position.sub(i, 0)


def delete_column(position: Partition, j: int) -> tuple[Partition, Partition]:
    """The pieces (left part, right part) left by deleting column j (1-based) of λ.

    docs/games.md item 2: (min(λr, j−1)) and (λr − j, positive parts); they are the
    conjugates of the pieces left by deleting row j of λ′.

    >>> [str(p) for p in delete_column(Partition([3, 2, 1]), 2)]
    ['1^3', '1']
    """
    j = _check_index(position, j, "column", position.largest)
    left = Partition.from_runs((min(part, j - 1), mult) for part, mult in position.runs)
    return left, position.sub(0, j)


def _options(position: Partition) -> Iterator[tuple[Move, tuple[Partition, Partition]]]:
    seen: set[frozenset[Partition]] = set()
    for kind, last, split in (
        ("row", position.length, delete_row),
        ("col", position.largest, delete_column),
    ):
        for index in range(1, last + 1):
            pieces = split(position, index)
            key = frozenset(pieces)  # the sum of the two pieces (one element if they are equal)
            if key not in seen:
                seen.add(key)
                yield (kind, index), pieces


class CRISRules(SearchedInSummands, PartitionSumRuleset):
    """CRIS (docs/games.md 2): delete a row or a column; the rest splits into a sum."""

    name = "cris"
    display_name = "CRIS"
    description = "delete one row or one column; the boxes left split into a sum of diagrams"
    reference = "docs/games.md item 2"
    conjugation_invariant = True  # checked on every partition of n ≤ 12 (tests/test_cris.py)
    kernel = LazyKernel("grundy.games.cris.cris_kernel:CRIS")
    small_size = 10  # generic search within 10 ms (benchmarks/bench_small_positions.py)

    def summand_options(
        self, partition: Partition
    ) -> Iterator[tuple[Move, tuple[Partition, Partition]]]:
        return _options(partition)

    def number_of_options(self, position: PartitionSum) -> int:
        """Deleting row i and row j leave the same two pieces only if they are swapped:
        at least half the rows (or columns) of each different summand."""
        return sum((max(p.length, p.largest) + 1) // 2 for p in set(position.summands))

    def format_summand_move(self, move: Move) -> str:
        """ "delete row 2", "delete column 3"."""
        kind, index = move
        return f"delete {'row' if kind == 'row' else 'column'} {index}"


CRIS = register(CRISRules())
