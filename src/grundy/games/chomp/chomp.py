"""Chomp on a Young diagram: bite off a box and everything below and to its right.

docs/games.md item 1 (FindStat statistic St000681, "the Grundy value of Chomp on
Ferrers diagrams").  A move picks any box (i, j) (1-based) other than the
top-left box (1, 1) and deletes it together with every box (i′, j′) with
i′ ≥ i and j′ ≥ j: rows i, i+1, … keep at most j − 1 boxes.  The top-left
box is the poison, so [1] is terminal and the empty partition is not a
position.  A move is labelled by its box (i, j); the boxes deleted have (i, j)
as their one top-left box, so different boxes give different diagrams.
Transposing the diagram transposes the bites, so the game is invariant under
conjugation (canonical form min(λ, λ′); checked on every n ≤ 12 in
tests/test_chomp.py).

**Closed form (gammas).**  On the gamma [a, 1^(b−1)] (a, b ≥ 1; a single row
or column included) the bites are (1, j), 2 ≤ j ≤ a, leaving [j − 1, 1^(b−1)],
and (i, 1), 2 ≤ i ≤ b, leaving [a, 1^(i−2)]; there are no other boxes.  So the
game is two-pile Nim on (a − 1, b − 1), terminal exactly when both piles are
empty, and

* normal play: G = (a − 1) ⊕ (b − 1);
* misère play (000 §2.3, terminal positions valued 1): G⁻ = G if a pile is
  ≥ 2, else G ⊕ 1 (misère Nim).  Proof by induction: piles (0, 0), (1, 0),
  (1, 1) have G⁻ = 1, 0, 1.  With piles (x, y), x ≥ 2 (by symmetry), the
  options' values are their Nim values, except that those with both piles
  ≤ 1 are flipped by 1; none is x ⊕ y (a flipped one would need x ≤ 1); a value
  v < x ⊕ y is the Nim value of some option — if that one is flipped then
  v ≤ 1, y ≤ 1, and the options (0, y), (1, y) have the values 1 ⊕ y and y.

Both are checked against exhaustive search on every gamma with n ≤ 14 in the
tests.  Known facts checked there and in benchmarks/verify_chomp.py, not used
as closed forms (they give the outcome, not the value): every rectangle other
than [1] is an N-position (strategy stealing), and the P-positions with at
most two rows (or columns) are exactly [a, a − 1] and their conjugates.

>>> import grundy
>>> [grundy.value("chomp", p) for p in ("1", "1,1", "2,1", "3,2,1")]
[0, 1, 0, 1]
>>> sorted(str(o.position) for o in grundy.options("chomp", "3,2,1"))
['1^3', '2^2,1', '3', '3,1^2', '3,2']
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.game import LazyKernel, PartitionRuleset, searched_rectangles
from grundy.partition import Partition
from grundy.registry import register
from grundy.validate import as_bool

__all__ = ["CHOMP", "bite", "gamma_value"]

Move = tuple[int, int]


def bite(position: Partition, i: int, j: int) -> Partition:
    """λ without every box (i′, j′) with i′ ≥ i and j′ ≥ j (1-based): rows ≥ i keep ≤ j − 1.

    The Chomp move of docs/games.md item 1 (also Anticorner's, item 9).  O(runs).
    """
    out = []
    rows = 0
    for part, mult in position.runs:
        above = min(mult, max(0, i - 1 - rows))  # rows of this run above row i
        out += [(part, above), (min(part, j - 1), mult - above)]
        rows += mult
    return Partition.from_runs(out)


def _options(position: Partition) -> Iterator[tuple[Move, Partition]]:
    row = 0
    for part, mult in position.runs:
        for i in range(row + 1, row + mult + 1):
            for j in range(1, part + 1):
                if (i, j) != (1, 1):
                    yield (i, j), bite(position, i, j)
        row += mult


def gamma_value(a: int, b: int, misere: bool = False) -> int:
    """Chomp on the gamma [a, 1^(b−1)] (a, b ≥ 1): Nim on (a − 1, b − 1) (module docstring)."""
    if a < 1 or b < 1:
        raise ValueError(f"a gamma needs a ≥ 1 and b ≥ 1, got a={a}, b={b}")
    nim = (a - 1) ^ (b - 1)
    if as_bool(misere, "misere") and a <= 2 and b <= 2:
        return nim ^ 1
    return nim


class ChompRules(PartitionRuleset):
    """Chomp (docs/games.md 1): bite at any box but the top-left one."""

    name = "chomp"
    display_name = "Chomp"
    description = "delete a box other than the top-left one and every box below and right of it"
    reference = "docs/games.md item 1; FindStat St000681"
    conjugation_invariant = True  # a bite of λ′ is the transposed bite of λ
    allows_empty = False
    kernel = LazyKernel("grundy.games.chomp.chomp_kernel:CHOMP")

    def options(self, position: Partition) -> Iterator[tuple[Move, Partition]]:
        return _options(position)

    def number_of_options(self, position: Partition) -> int:
        """A bite at every box but the top-left one: size − 1 options."""
        return max(position.size - 1, 0)

    def number_of_states(self, position: Partition) -> int:
        """Every non-empty diagram inside λ is reached, one of each size 1 … n at least."""
        return position.size

    def number_searched(self, position: Partition, misere: bool = False) -> int:
        """A bite in the first column (row) deletes bottom rows (last columns), and a
        closed form values only gammas, which have no second row of two boxes: the
        rectangles of at least two rows and columns of `searched_rectangles`.

        >>> CHOMP.number_searched(Partition.parse("999999^3")), CHOMP.number_searched(
        ...     Partition.parse("1^999999999999"))
        (996428, 0)
        """
        return searched_rectangles(position, least=2)

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """Nim on the arms of a gamma, both conventions (`gamma_value`); None otherwise."""
        runs = position.runs
        if len(runs) == 1 and 1 in runs[0]:  # [a] or [1^b]
            part, mult = runs[0]
            return gamma_value(part, mult, misere)
        if len(runs) == 2 and runs[0][1] == 1 and runs[1][0] == 1:  # [a, 1^(b−1)]
            return gamma_value(runs[0][0], runs[1][1] + 1, misere)
        return None

    def format_move(self, move: Move) -> str:
        i, j = move
        return f"bite at box ({i}, {j})"


CHOMP = register(ChompRules())
