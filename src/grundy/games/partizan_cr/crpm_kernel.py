"""The compiled options kernel of CRPM (`grundy.games.partizan_cr.crpm`): Column-Row's
deletions of a boundary letter (`grundy.games.column_row.column_row_kernel`), divided
between the players: Left deletes a U (removes a row), Right an R (removes a column).

>>> from grundy.engine.partizan_levels import PartizanLevels
>>> PartizanLevels(CRPM_KERNEL).tally(5)  # no P-position (issue 26)
{'L': 3, 'R': 3, 'N': 1, 'P': 0}
"""

from __future__ import annotations

from grundy.engine import cached_njit
from grundy.engine.partizan_levels import PartizanKernel
from grundy.games.column_row.column_row_kernel import run_deletions

__all__ = ["CRPM_KERNEL", "crpm_options"]


@cached_njit
def crpm_options(w, side, out, out2):
    """Left's options (side 0: delete a U letter of each run) or Right's (side 1: an R)."""
    return run_deletions(w, 1 - side, out)


#: CRPM's kernel, for the partizan outcome levels (`grundy.engine.partizan_levels`).
CRPM_KERNEL = PartizanKernel("crpm", crpm_options)
