"""Partizan games on sums of partitions, given by Left's and Right's moves in one diagram.

As `grundy.sums.PartitionSumRuleset` for impartial games: a position is a
`grundy.sums.PartitionSum` (``"3,2 + 2,1"``), a move picks one summand and replaces it by
the pieces it leaves (one piece for CRPM, whose pieces are pushed together; up to two
for CRPS, whose pieces are kept apart), and the value of a sum is the sum of its
summands' values (Siegel, *Combinatorial Game Theory*, §II.1: disjunctive sums).
When transposing a diagram swaps the players' moves, the transposed position is worth
minus the value (`negative`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.game import Drawing, PartizanRuleset
from grundy.partition import Partition, partitions
from grundy.sums import PartitionSum

__all__ = ["PartizanSumRuleset"]

Move = Hashable
Pieces = tuple[Partition, ...]


class PartizanSumRuleset(PartizanRuleset):
    """A partizan game on sums of partitions: subclasses implement `summand_left_options`
    and `summand_right_options`, and set `transpose_negates` when transposing a diagram
    turns Left's moves into Right's."""

    drawing = Drawing.DIAGRAM  # a single partition; a sum of several is not drawn
    transpose_negates: bool = False

    @abstractmethod
    def summand_left_options(self, partition: Partition) -> Iterable[tuple[Move, Pieces]]:
        """Left's moves in a single partition: (move, the pieces it leaves)."""

    @abstractmethod
    def summand_right_options(self, partition: Partition) -> Iterable[tuple[Move, Pieces]]:
        """Right's moves in a single partition: (move, the pieces it leaves)."""

    def format_summand_move(self, move: Move) -> str:
        return str(move)

    # -------------------------------------------------------- the protocol
    def parse(self, spec: Any) -> PartitionSum:
        return PartitionSum.coerce(spec)

    def _options(
        self, position: PartitionSum, moves: Any
    ) -> Iterator[tuple[tuple[str, Move], PartitionSum]]:
        seen: set[Partition] = set()
        for index, summand in enumerate(position.summands):
            if summand not in seen:  # equal summands give equal options
                seen.add(summand)
                for move, pieces in moves(summand):
                    yield (str(summand), move), position.replace(index, pieces)

    def left_options(self, position: PartitionSum) -> Iterator[tuple[Move, PartitionSum]]:
        return self._options(position, self.summand_left_options)

    def right_options(self, position: PartitionSum) -> Iterator[tuple[Move, PartitionSum]]:
        return self._options(position, self.summand_right_options)

    def format_move(self, move: tuple[str, Move]) -> str:
        summand, inner = move
        return f"in {summand}: {self.format_summand_move(inner)}"

    def components(self, position: PartitionSum) -> list[PartitionSum] | None:
        if len(position) < 2:
            return None
        return [PartitionSum([p]) for p in position.summands]

    def negative(self, position: PartitionSum) -> PartitionSum | None:
        """The transposed diagrams, when transposing swaps the players."""
        if not self.transpose_negates:
            return None
        return PartitionSum(p.conjugate() for p in position.summands)

    def positions_of_size(self, n: int) -> Iterator[PartitionSum]:
        """The single partitions of n (sums of one)."""
        return (PartitionSum([lam]) for lam in partitions(n))

    def draw_data(self, position: PartitionSum) -> Partition | None:
        """The one summand (the empty diagram for the empty sum); a sum of several: None."""
        if len(position) > 1:
            return None
        return position.summands[0] if position else Partition()
