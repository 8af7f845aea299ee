"""RIT and CRIT: shorten a row (or, in CRIT, a column) down to its neighbour.

docs/games.md items 4 and 5.

**RIT** (Row Impartial Terminus): a move shortens one row to any length that
is at least the length of the row below it; the bottom row may be shortened
to 0 (it disappears).  The empty partition is terminal.  Only the last row
of a run of equal rows can move, so a move is labelled ("row", i, L):
"shorten row i (1-based) to length L".  RIT is not invariant under
conjugation (G([2]) = 2, G([1, 1]) = 0), so its canonical form is the
identity.

**CRIT**: an RIT move on a row, or the same move on a column (shorten
column j to any height at least that of column j + 1; the last column may go
to 0), labelled ("col", j, H).  A column move is a row move of the
conjugate, so CRIT is invariant under conjugation (canonical form
min(λ, λ′)).  A row move and a column move can give the same diagram (the
last column, of height m = the number of rows of length λ1, shortened by one
box is row m shortened to λ1 − 1); each diagram is listed once, as its row
move.

Closed forms (RIT, proved here; checked against exhaustive search on every
partition with n ≤ 14 in tests/test_rit.py and further in
benchmarks/verify_rit.py).  Write d_i = λ_i − λ_{i+1} (λ_{ℓ+1} = 0) and
X = d_1 ⊕ d_3 ⊕ d_5 ⊕ … (the "remnant" of docs/games.md item 4).

* Normal play: G(λ) = X.
* Misère play: G⁻(λ) = X if some odd-indexed d_i is ≥ 2, else X ⊕ 1.

Proof.  Shortening row i by k moves k units from d_i to d_{i−1} (from d_1
they leave the game): RIT is staircase Nim on (d_1, …, d_ℓ), and every move
changes exactly one odd-indexed d_i (it lowers d_i for odd i, or raises
d_{i−1} for even i).  So the value of the odd-indexed d's as a Nim position,
f, can never be kept by a move, and every smaller value is reached by lowering
an odd-indexed d_i as in Nim.  Normal play: f = X, the Nim value.  Misère
play (000 §2.3, terminal positions valued 1): f is the misère Nim value,
X when some heap is ≥ 2 and X ⊕ 1 otherwise (it changes whenever one heap
changes, and all smaller values are reached by lowering one heap: with
exactly one heap a ≥ 2 and the rest of nim-sum r ≤ 1, lowering it to 0, 1
gives 1 ⊕ r, r and to a′ ≥ 2 gives a′ ⊕ r, and lowering a 1-heap gives a
when r = 1).  When every odd-indexed d is 0 but the diagram is not empty,
f = 1 and the move of one unit from an even-indexed d to the odd one below
reaches value 0, so the induction covers these positions too.  ∎

CRIT facts (proved here; checked against search on every partition with
n ≤ 14 in the tests and further in benchmarks/verify_rit.py):

* G(λ) ≤ λ1 + ℓ − 1: λ has λ1 row moves and ℓ column moves, and two of them
  give the same diagram (see above), so at most λ1 + ℓ − 1 option values.
  [n] and [1^n] attain it.
* G⁻(λ) = G(λ) for every λ with at least two boxes: only [m] and [1^m] can
  move to [] or to [1], and each of them can move to both, so the swap of
  0 and 1 at the two terminal-adjacent positions never reaches further.
* Two rows (and, by conjugation, two columns): for a ≥ 2, 0 ≤ b ≤ a and
  d = a − b, G([a, b]) = d if d ≥ 3 or (d = 2, a even); 1 if d = 2, a odd;
  0 if d = 1; 1 if d = 0, a even; 2 if d = 0, a odd.  Also G([1]) = 1,
  G([1, 1]) = 2.  (`crit_two_row_value`.)

Proof of the two-row values.  On [a, b] the column moves repeat row moves,
except [a, a] → [a − 1, a − 1] (the last column removed); so the options are
[a′, b] (b ≤ a′ < a, difference d′ = a′ − b < d), [a, b′] (b′ < b, difference
> d) and that extra move.  Induct on a + b.  d ≥ 3: the row-1 options with
d′ = 0, 1, 2 have the values 0, 1, 2 in some order (check b = 0, b = 1,
b ≥ 2 even, b ≥ 3 odd), d′ = 3 … d − 1 give themselves, and row-2 options
give differences > d, hence values ≠ d.  d = 1: no option has value 0
([b, b] has 1 or 2, the row-2 options have d′ ≥ 2).  d = 2, b ≥ 1: the
options have 0 ([b+1, b]), G([b, b]) (1 for b even, 2 for b odd) and values
≥ 3; [2] has the options [1] and [].  d = 0: the options have 0, the
d′ = 2 value, the same value again from [a − 1, a − 1], and 3 … a.  ∎

>>> import grundy
>>> grundy.value("rit", "3,2,1"), grundy.value("crit", "3,2,1")
(0, 1)
>>> [str(o.position) for o in grundy.options("rit", "3,2,1")]
['2^2,1', '3,1^2', '3,2']
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.game import LazyKernel, PartitionRuleset, searched_rectangles
from grundy.partition import Partition
from grundy.registry import register
from grundy.validate import check_non_negative

__all__ = [
    "CRIT",
    "RIT",
    "column_moves",
    "crit_two_row_value",
    "rit_misere_value",
    "rit_value",
    "row_moves",
]

Move = tuple[str, int, int]


# ------------------------------------------------------------------- moves
def row_moves(position: Partition) -> Iterator[tuple[int, int, Partition]]:
    """Every RIT move of `position` as (row i, new length L, result), 1-based rows.

    docs/games.md item 4: row i may be shortened to any L with λ_{i+1} ≤ L < λ_i
    (λ_{ℓ+1} = 0), so only the last row of each run moves.  O(runs) per move.
    """
    runs = position.runs
    row = 0
    for k, (part, mult) in enumerate(runs):
        row += mult
        below = runs[k + 1][0] if k + 1 < len(runs) else 0
        rest = [*runs[:k], (part, mult - 1), *runs[k + 1 :]]
        for length in range(below, part):
            yield row, length, Partition.from_runs([*rest, (length, 1)])


def column_moves(position: Partition) -> Iterator[tuple[int, int, Partition]]:
    """Every column move of CRIT as (column j, new height H, result), 1-based columns.

    docs/games.md item 5: the RIT move on the conjugate, transposed back.
    """
    for col, height, child in row_moves(position.conjugate()):
        yield col, height, child.conjugate()


# ------------------------------------------------------------ closed forms
def _odd_differences(position: Partition) -> Iterator[int]:
    """The non-zero d_i = λ_i − λ_{i+1} with i odd (they sit at the ends of runs)."""
    runs = position.runs
    row = 0
    for k, (part, mult) in enumerate(runs):
        row += mult
        below = runs[k + 1][0] if k + 1 < len(runs) else 0
        if row % 2:
            yield part - below


def rit_value(position: Partition) -> int:
    """Normal-play RIT value (λ1−λ2) ⊕ (λ3−λ4) ⊕ … (docs/games.md 4; proof in the module doc).

    O(runs), so huge run-length partitions cost nothing.
    """
    total = 0
    for d in _odd_differences(position):
        total ^= d
    return total


def rit_misere_value(position: Partition) -> int:
    """Misère RIT value (000 §2.3 convention): misère Nim on the odd-indexed differences.

    X = rit_value(λ) if some λ_i − λ_{i+1} with i odd is ≥ 2, else X ⊕ 1 (proof in the
    module doc; checked against search in tests/test_rit.py).
    """
    total = 0
    big = False
    for d in _odd_differences(position):
        total ^= d
        big = big or d >= 2
    return total if big else total ^ 1


def crit_two_row_value(a: int, b: int) -> int:
    """CRIT value of [a, b] (a ≥ b ≥ 0, b = 0 for one row), normal play (module docstring).

    Also the misère value once a + b ≥ 2 (G⁻ = G there).
    """
    check_non_negative(a=a, b=b)
    if b > a:
        raise ValueError(f"a two-row partition needs a ≥ b, got a={a}, b={b}")
    if a <= 1:
        return a + b
    d = a - b
    if d == 0:
        return 1 if a % 2 == 0 else 2
    if d == 1:
        return 0
    if d == 2 and a % 2:
        return 1
    return d


# ----------------------------------------------------------------- rulesets
class _ShortenRules(PartitionRuleset):
    """What RIT and CRIT share: row moves, their labels and sentences."""

    def options(self, position: Partition) -> Iterator[tuple[Move, Partition]]:
        for row, length, child in row_moves(position):
            yield ("row", row, length), child

    def number_of_options(self, position: Partition) -> int:
        """Row i shortens to each length from λ_{i+1} to λ_i − 1: λ1 row moves in all."""
        return position.largest

    def number_of_states(self, position: Partition) -> int:
        """Shortening a row by one deletes a corner: a diagram of each size 0 … n."""
        return position.size + 1

    def format_move(self, move: Move) -> str:
        kind, index, size = move
        if kind == "row":
            return f"shorten row {index} to length {size}"
        return f"shorten column {index} to height {size}"


class RITRules(_ShortenRules):
    """RIT (docs/games.md 4): shorten a row to at least the length of the row below."""

    name = "rit"
    display_name = "RIT"
    description = "shorten one row to at least the length of the row below it"
    reference = "docs/games.md item 4"
    kernel = LazyKernel("grundy.games.rit.rit_kernel:RIT")

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """Staircase Nim on the row differences, both conventions (module docstring)."""
        return rit_misere_value(position) if misere else rit_value(position)


class CRITRules(_ShortenRules):
    """CRIT (docs/games.md 5): an RIT move on a row or on a column."""

    name = "crit"
    display_name = "CRIT"
    description = "shorten one row or one column down to at least its next neighbour"
    reference = "docs/games.md item 5"
    conjugation_invariant = True  # a column move is a row move of λ′
    kernel = LazyKernel("grundy.games.rit.rit_kernel:CRIT")

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """Two rows or two columns (`crit_two_row_value`); misère: the same from two boxes."""
        if misere and position.size < 2:
            return 1 - position.size
        for shape in (position, position.conjugate()):
            if shape.length <= 2:
                return crit_two_row_value(shape.part(1), shape.part(2))
        return None

    def options(self, position: Partition) -> Iterator[tuple[Move, Partition]]:
        seen = set()
        for move, child in super().options(position):
            seen.add(child)
            yield move, child
        for col, height, child in column_moves(position):
            if child not in seen:
                yield ("col", col, height), child

    def number_of_options(self, position: Partition) -> int:
        """λ1 row moves and ℓ column moves, of which only a corner's deletion (one per
        run) is both."""
        return position.largest + position.length - len(position.runs)

    def number_searched(self, position: Partition, misere: bool = False) -> int:
        """The bottom row and the last column shorten to nothing, and a closed form values
        only two rows or columns: the rectangles of at least three rows and columns of
        `searched_rectangles`.

        >>> CRIT.number_searched(Partition.parse("999999^999999"))
        499996996435
        """
        return searched_rectangles(position, least=3)


RIT = register(RITRules())
CRIT = register(CRITRules())
