"""The corner games: delete outer corners (Corner, Consecutive Corner, SCC) or bite at
an anticorner (Anticorner).

docs/games.md items 6–9.  The *outer corners* of λ are the last boxes of the rows
strictly longer than the row below (the bottom row always has one), listed
top to bottom: one per run of equal rows, in the run's last row
(`outer_corners`).  The empty partition is terminal.

* **Corner** (item 6): delete any non-empty set of outer corners.
* **Consecutive Corner** (item 7): delete a non-empty run of consecutive
  outer corners (consecutive in the list).
* **SCC** (item 8, "end corners"): delete a non-empty prefix or a non-empty
  suffix of the list (the whole list, both a prefix and a suffix, is one move).

A move of these three is labelled by the tuple of the chosen corners' rows
(1-based); different sets of corners leave different diagrams.

* **Anticorner** (item 9): bite (as in Chomp, `grundy.games.chomp.chomp.bite`:
  delete every box (i′, j′) with i′ ≥ i and j′ ≥ j) at one of the candidate
  boxes: the last box (1, λ1) of row 1 (the last column goes), the first
  box (ℓ, 1) of the bottom row (the bottom row goes; not when λ = [1]), and
  (i, λ_{i+1}) for each row i < ℓ with λ_{i+1} < λ_i (row i + 1 loses its
  last box, row i keeps λ_{i+1} − 1).  A move is labelled by its box.  The
  candidates are different boxes — for λ = [1] the first two would be the
  same box (1, 1), hence the exception — so different moves leave different
  diagrams.  For λ = [1] the bite at (1, 1) leaves [].

All four games are invariant under conjugation (canonical form min(λ, λ′)):
transposing λ maps its outer corners to those of λ′ in reverse order, which
keeps subsets, runs and prefix-or-suffix sets; and it swaps Anticorner's first
two candidates and maps the boxes (i, λ_{i+1}) — those whose right and lower
neighbours lie in λ but whose lower-right neighbour does not — to those of λ′.
The tests check this on every n ≤ 12 (tests/test_corners.py).

**Rows, columns and misère play (Corner, Consecutive Corner, SCC; proved
here, checked on every n ≤ 14 in the tests).**  [n] and [1^n] have one
corner, so they are a chain of n moves: G = n mod 2 and G⁻ = 1 − G (the
closed form of these three games).  Every other λ has G⁻(λ) = G(λ).  Proof
by induction: only [1] moves to [], and a λ that is neither a row nor a
column reaches a row [m] (m ≥ 1) only if its rows below the first all have
length 1 and are all corners, i.e. λ = [a, 1] with a ≥ 2, which moves to both
[a] and [a − 1] (the two corners, each alone and together, are allowed sets
in all three games); by symmetry only [2, 1^b] reaches a column, and it
reaches both [1^(b+1)] and [1^b].  So the values of λ's options that are rows
or columns are {0, 1} in both conventions, its other options have equal
values by induction, and so has λ.  No closed form is claimed for Anticorner.

>>> import grundy
>>> [grundy.value(g, "3,2,1") for g in ("corner", "consecutive-corner", "scc", "anticorner")]
[4, 4, 0, 0]
>>> sorted(str(o.position) for o in grundy.options("scc", "3,2,1"))
['2,1', '2,1^2', '2^2,1', '3,1', '3,2']
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Iterator
from itertools import combinations, pairwise

from grundy.game import (
    KERNEL_LETTERS,
    LazyKernel,
    PartitionRuleset,
    searched_lines,
    searched_rectangles,
)
from grundy.games.chomp.chomp import bite
from grundy.partition import Partition
from grundy.registry import register

__all__ = [
    "ANTICORNER",
    "CONSECUTIVE_CORNER",
    "CORNER",
    "SCC",
    "anticorner_boxes",
    "delete_corners",
    "outer_corners",
]

Rows = tuple[int, ...]
Box = tuple[int, int]


# ----------------------------------------------------------- outer corners
def outer_corners(position: Partition) -> list[int]:
    """The rows (1-based) of the outer corners of λ, top to bottom: each run's last row."""
    rows = []
    row = 0
    for _, mult in position.runs:
        row += mult
        rows.append(row)
    return rows


def delete_corners(position: Partition, rows: Iterable[int]) -> Partition:
    """λ with the last box of each of the given outer-corner rows deleted (docs/games.md 6–8).

    A row that is not an outer corner's (or is given twice) is a ValueError.  O(runs).
    """
    chosen = set()
    for row in rows:
        if row in chosen:
            raise ValueError(f"row {row} is given twice")
        chosen.add(row)
    out = []
    end = 0
    for part, mult in position.runs:
        end += mult
        if end in chosen:
            chosen.discard(end)
            out += [(part, mult - 1), (part - 1, 1)]
        else:
            out.append((part, mult))
    if chosen:
        raise ValueError(f"no outer corner of {position} in row(s) {sorted(chosen)}")
    return Partition.from_runs(out)


def _peeled(position: Partition) -> int:
    """1 + the boxes of λ below row max(2, K − λ1 + 1), if λ1 ≥ 2 (else 0): the positions
    `_CornerRules.number_searched` counts."""
    if position.largest < 2:
        return 0
    rows = max(2, KERNEL_LETTERS - position.largest + 1)
    above, row = 0, 0
    for part, mult in position.runs:  # the boxes of the first `rows` rows
        above += part * min(mult, max(rows - row, 0))
        row += mult
    return 1 + position.size - above


class _CornerRules(PartitionRuleset):
    """Corner, Consecutive Corner and SCC: what they share, given which corner sets move."""

    conjugation_invariant = True  # the corner list of λ′ is that of λ reversed

    @abstractmethod
    def choices(self, k: int) -> Iterator[tuple[int, ...]]:
        """The allowed sets of positions 0 … k − 1 in the list of k outer corners."""

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """[n], [1^n] (and []): a chain of n moves, G = n mod 2, G⁻ = 1 − G; else None."""
        runs = position.runs
        if len(runs) > 1 or (runs and 1 not in runs[0]):
            return None
        parity = position.size % 2
        return 1 - parity if misere else parity

    def number_searched(self, position: Partition, misere: bool = False) -> int:
        """Deleting the last box of the bottom row (a corner alone: the last of the list)
        again and again keeps the first row; while r ≥ R = max(2, K − λ1 + 1) rows are
        left, a closed form values none ([n] has one row, and [1^n] is λ1 = 1) and the
        kernel none (λ1 + r > `KERNEL_LETTERS` letters): one position per box below row R.
        By columns (the first corner of the list), the same on λ′.

        >>> CORNER.number_searched(Partition.parse("999999^999999")), CORNER.number_searched(
        ...     Partition.parse("99999999999999999999,1"))
        (999996000004, 99999999999999999881)
        """
        return max(_peeled(position), _peeled(position.conjugate()))

    @abstractmethod
    def number_of_choices(self, k: int) -> int:
        """How many sets `choices(k)` lists."""

    def options(self, position: Partition) -> Iterator[tuple[Rows, Partition]]:
        corners = outer_corners(position)
        for chosen in self.choices(len(corners)):
            rows = tuple(corners[t] for t in chosen)
            yield rows, delete_corners(position, rows)

    def number_of_options(self, position: Partition) -> int:
        """One option per allowed set of the outer corners (one per run of λ)."""
        return self.number_of_choices(len(position.runs))

    def number_of_states(self, position: Partition) -> int:
        """Deleting one corner at a time reaches a diagram of each size 0 … n."""
        return position.size + 1

    def format_move(self, move: Rows) -> str:
        rows = ", ".join(map(str, move))
        return f"delete the last box of row{'s' if len(move) > 1 else ''} {rows}"


class CornerRules(_CornerRules):
    """Corner (docs/games.md 6): delete any non-empty set of outer corners."""

    name = "corner"
    display_name = "Corner"
    description = "delete any non-empty set of outer corners"
    reference = "docs/games.md item 6"
    kernel = LazyKernel("grundy.games.corners.corners_kernel:CORNER")

    def choices(self, k: int) -> Iterator[tuple[int, ...]]:
        for size in range(1, k + 1):
            yield from combinations(range(k), size)

    def number_of_choices(self, k: int) -> int:
        return 2 ** min(k, 64) - 1  # (a lower bound past 2^64: an int of k bits costs time)


class ConsecutiveCornerRules(_CornerRules):
    """Consecutive Corner (docs/games.md 7): delete a non-empty run of consecutive outer corners."""

    name = "consecutive-corner"
    display_name = "Consecutive Corner"
    description = "delete a non-empty run of consecutive outer corners"
    reference = "docs/games.md item 7"
    kernel = LazyKernel("grundy.games.corners.corners_kernel:CONSECUTIVE_CORNER")

    def choices(self, k: int) -> Iterator[tuple[int, ...]]:
        for first in range(k):
            for last in range(first, k):
                yield tuple(range(first, last + 1))

    def number_of_choices(self, k: int) -> int:
        return k * (k + 1) // 2


class SCCRules(_CornerRules):
    """SCC (docs/games.md 8): delete a non-empty prefix or suffix of the outer corners."""

    name = "scc"
    display_name = "SCC"
    description = "delete a non-empty prefix or suffix of the list of outer corners"
    reference = "docs/games.md item 8"
    kernel = LazyKernel("grundy.games.corners.corners_kernel:SCC")

    def choices(self, k: int) -> Iterator[tuple[int, ...]]:
        for last in range(k):  # prefixes, the whole list last
            yield tuple(range(last + 1))
        for first in range(1, k):  # proper suffixes
            yield tuple(range(first, k))

    def number_of_choices(self, k: int) -> int:
        return max(2 * k - 1, 0)


# --------------------------------------------------------------- anticorner
def anticorner_boxes(position: Partition) -> list[Box]:
    """Anticorner's candidate boxes (1-based), docs/games.md item 9: (1, λ1); (i, λ_{i+1}) for
    i < ℓ with λ_{i+1} < λ_i, top to bottom; (ℓ, 1) unless λ = [1].  None for []."""
    runs = position.runs
    if not runs:
        return []
    boxes = [(1, runs[0][0])]
    row = 0
    for (_, mult), (below, _) in pairwise(runs):
        row += mult
        boxes.append((row, below))
    if position != Partition([1]):
        boxes.append((position.length, 1))
    return boxes


class AnticornerRules(PartitionRuleset):
    """Anticorner (docs/games.md 9): bite at the last box of row 1, the first box of the
    bottom row, or a box (i, λ_{i+1}) with λ_{i+1} < λ_i."""

    name = "anticorner"
    display_name = "Anticorner"
    description = (
        "delete the last column, the bottom row, or every box weakly below and right of "
        "a box (i, λ_{i+1}) with λ_{i+1} < λ_i"
    )
    reference = "docs/games.md item 9"
    conjugation_invariant = True  # see the module docstring
    kernel = LazyKernel("grundy.games.corners.corners_kernel:ANTICORNER")

    def options(self, position: Partition) -> Iterator[tuple[Box, Partition]]:
        for i, j in anticorner_boxes(position):
            yield (i, j), bite(position, i, j)

    def number_of_states(self, position: Partition) -> int:
        """Deleting bottom rows, then last columns, reaches each rectangle i × j with
        j ≤ λ_i, one per box, and then the empty diagram: n + 1 diagrams.

        >>> ANTICORNER.number_of_states(Partition.parse("999999^999999"))
        999998000002
        """
        return position.size + 1

    def number_searched(self, position: Partition, misere: bool = False) -> int:
        """No closed form, and the last column and the bottom row are deleted by a move:
        the lines and the rectangles of `searched_lines` and `searched_rectangles`.

        >>> ANTICORNER.number_searched(Partition.parse("1^1000")), ANTICORNER.number_searched(
        ...     Partition.parse("999999^999999"))
        (881, 499998996431)
        """
        return max(searched_lines(position), searched_rectangles(position))

    def format_move(self, move: Box) -> str:
        i, j = move
        return f"bite at box ({i}, {j})"


CORNER = register(CornerRules())
CONSECUTIVE_CORNER = register(ConsecutiveCornerRules())
SCC = register(SCCRules())
ANTICORNER = register(AnticornerRules())
