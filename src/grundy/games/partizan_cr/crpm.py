"""CRPM: Column-Row as a partizan game: Left removes a whole row, Right a whole column, and
the boxes left are pushed together (issue 26; the Partition-Games web app's CRPM, in which
player A removes rows and player B columns).

The moves are Column-Row's (`grundy.games.column_row.column_row`, 002 §2), divided
between the players: rows of equal length give one option, and so do columns of equal
length; a move is labelled ("row", ℓ) or ("col", h).  Both players can move exactly when
the diagram is not empty, so CRPM is dicotic (all-small, Siegel, *Combinatorial Game
Theory*, §II.7) and every value is infinitesimal; transposing a diagram swaps the
players, so λ′ is worth −λ.  A position is a sum of diagrams (``"3,2 + 2,1"``); the
values add.  Outcome classes of single diagrams also come, without values, from the
compiled kernel (`grundy.games.partizan_cr.crpm_kernel`) level by level.

>>> from grundy.partizan import value
>>> [str(value("crpm", "1^" + str(k))) for k in range(1, 5)]
['*', '↓', '⇓*', '↓3']
>>> str(value("crpm", "2^2")), str(value("crpm", "3,2")), str(value("crpm", "2,1 + 2,1"))
('*', '{↑|*,{*,↑|*,↓}}', '0')
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.game import LazyKernel
from grundy.games.column_row.column_row import COLUMN_ROW, remove_column, remove_row
from grundy.partition import Partition
from grundy.partizan.partizan_registry import register_partizan
from grundy.partizan.partizan_sums import PartizanSumRuleset

__all__ = ["CRPM", "CRPMRules"]

Move = tuple[str, int]


class CRPMRules(PartizanSumRuleset):
    """CRPM (issue 26): Left removes a row, Right a column; the rest is pushed together."""

    name = "crpm"
    display_name = "CRPM"
    description = (
        "Left removes one whole row, Right one whole column; the boxes left close up (partizan)"
    )
    reference = "issue 26; the Partition-Games web app (games/crpm/)"
    transpose_negates = True
    kernel = LazyKernel("grundy.games.partizan_cr.crpm_kernel:CRPM_KERNEL")

    def summand_left_options(self, partition: Partition) -> Iterator[tuple[Move, tuple]]:
        for part, _ in partition.runs:
            yield ("row", part), (remove_row(partition, part),)

    def summand_right_options(self, partition: Partition) -> Iterator[tuple[Move, tuple]]:
        rows = 0
        for _, mult in partition.runs:
            rows += mult
            yield ("col", rows), (remove_column(partition, rows),)

    def format_summand_move(self, move: Move) -> str:
        """As Column-Row's: "remove a row of length 3"."""
        return COLUMN_ROW.format_move(move)


CRPM = register_partizan(CRPMRules())
