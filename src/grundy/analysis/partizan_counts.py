"""How many diagrams of each size a partizan game has in each outcome class, and how many
distinct values among them (issue 26), each from the source that answers it.

* The outcome classes come from the game's compiled kernel where it has one
  (`grundy.engine.partizan_levels`: every level valued at once, a byte a position, to
  n = `grundy.answers.PARTIZAN_KERNEL_N`), and otherwise from the canonical forms.
* The distinct values need the canonical forms themselves (`grundy.partizan`), so they
  are counted for n ≤ `DISTINCT_N` only, where every value of every level below is
  affordable (every level of both games to n = 30: about 18 s and 460 MB).  Where
  both are found, the kernel's outcomes are checked against the values' (a
  disagreement is an error, not a count).

>>> partizan_counts("crpm", 6)
PartizanCount(outcomes={'L': 5, 'R': 5, 'N': 1, 'P': 0}, distinct=11, source='kernel')
>>> partizan_counts("crpm", 40).distinct is None  # past DISTINCT_N: outcomes only
True
>>> partizan_counts("crps", 4)
PartizanCount(outcomes={'L': 1, 'R': 1, 'N': 1, 'P': 2}, distinct=4, source='search')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from grundy.answers import PARTIZAN_KERNEL_N, partizan_game
from grundy.validate import as_int

__all__ = ["DISTINCT_N", "PartizanCount", "partizan_counts"]

#: The largest size whose distinct values (canonical forms) a count finds.
DISTINCT_N = 30


class PartizanCount(NamedTuple):
    """One size's diagrams by outcome class ("L", "R", "N", "P", every key present), the
    number of distinct values among them (None past `DISTINCT_N`), and the source of the
    outcomes: "kernel" or "search"."""

    outcomes: dict[str, int]
    distinct: int | None
    source: str


def partizan_counts(game: Any, n: int) -> PartizanCount:
    """The diagrams of size n of a partizan game counted by outcome class (the module's
    doc): from its kernel where it has one, with the distinct values up to `DISTINCT_N`."""
    from grundy import partizan

    rules = partizan_game(game)
    if rules is None:
        raise ValueError(f"{game!r} is not a partizan game")
    n = as_int(n, "n")
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    valued = partizan.outcome_counts(rules, n) if n <= DISTINCT_N else None
    if rules.kernel is None:
        if valued is None:
            raise ValueError(
                f"{rules.name} has no kernel: its outcomes are counted from canonical "
                f"forms, for n ≤ {DISTINCT_N} only, not {n}"
            )
        return PartizanCount(valued.outcomes, valued.distinct, "search")
    if n > PARTIZAN_KERNEL_N:
        raise ValueError(
            f"{rules.name}'s outcomes are counted to n = {PARTIZAN_KERNEL_N} here (every "
            f"level below is valued), not {n}: benchmarks/partizan_outcomes.py goes further"
        )
    from grundy.engine.partizan_levels import shared_levels

    outcomes = shared_levels(rules.kernel).tally(n)
    if valued is not None and valued.outcomes != outcomes:
        raise AssertionError(
            f"{rules.name} n = {n}: the kernel counts {outcomes}, the values {valued.outcomes}"
        )
    return PartizanCount(outcomes, valued.distinct if valued else None, "kernel")
