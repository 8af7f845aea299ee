"""CRPS: CRIS as a partizan game: Left deletes a whole row, Right a whole column, and the
pieces are kept apart, play going on in their sum (issue 26; the Partition-Games web
app's CRPS, in which player A deletes rows and player B columns).

The moves are CRIS's (`grundy.games.cris.cris`, docs/games.md item 2), divided between
the players: deleting row i of λ leaves the rows above and the rows below; deleting
column j leaves the columns before it (min(λr, j − 1)) and the parts of the rows beyond
it (λr − j).  A move is labelled ("row", i) or ("col", j), 1-based; moves leaving the
same pieces are listed once.  CRPS is dicotic (every non-empty piece offers both players
a move), and transposing swaps the players, so λ′ is worth −λ.  The value of a position
is the sum of its pieces' values (Siegel, *Combinatorial Game Theory*, §II.1).

>>> from grundy.partizan import outcome, value
>>> str(value("crps", "2")), str(value("crps", "3,1")), outcome("crps", "4,4,3")
('↑', '0', 'P')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from grundy.games.cris.cris import CRIS, delete_column, delete_row
from grundy.partition import Partition
from grundy.partizan.partizan_registry import register_partizan
from grundy.partizan.partizan_sums import PartizanSumRuleset

__all__ = ["CRPS", "CRPSRules"]

Move = tuple[str, int]
Split = Callable[[Partition, int], tuple[Partition, Partition]]


def _splits(
    partition: Partition, kind: str, last: int, split: Split
) -> Iterator[tuple[Move, tuple[Partition, Partition]]]:
    """Every index's pieces, once for each different pair of pieces."""
    seen: set[frozenset[Partition]] = set()
    for index in range(1, last + 1):
        pieces = split(partition, index)
        key = frozenset(pieces)
        if key not in seen:
            seen.add(key)
            yield (kind, index), pieces


class CRPSRules(PartizanSumRuleset):
    """CRPS (issue 26): Left deletes a row, Right a column; the pieces are kept apart."""

    name = "crps"
    display_name = "CRPS"
    description = (
        "Left deletes one whole row, Right one whole column; the boxes left split into a sum "
        "(partizan)"
    )
    reference = "issue 26; the Partition-Games web app (crps_script.js)"
    transpose_negates = True

    def summand_left_options(self, partition: Partition) -> Iterator[tuple[Move, tuple]]:
        return _splits(partition, "row", partition.length, delete_row)

    def summand_right_options(self, partition: Partition) -> Iterator[tuple[Move, tuple]]:
        return _splits(partition, "col", partition.largest, delete_column)

    def format_summand_move(self, move: Move) -> str:
        """As CRIS's: "delete row 2", "delete column 3"."""
        return CRIS.format_summand_move(move)


CRPS = register_partizan(CRPSRules())
