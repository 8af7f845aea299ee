"""Sato–Welter: delete the hook of any box of a Young diagram, then close up.

docs/games.md item 3.  A move picks a box (i, j) (1-based) and deletes its hook:
the box, every box to its right in row i and every box below it in column j.
The rest closes up: rows i+1 … λ′_j lose one box each, row i keeps j − 1
boxes, and the rows are sorted again.  The empty partition is terminal.  A
move is labelled by its box (i, j); different boxes give different diagrams.
Hook lengths are unchanged by transposition, so the game is invariant under
conjugation (canonical form min(λ, λ′)).

**β-sets.**  The β-set of λ with ℓ parts is {λ_i + ℓ − i : 1 ≤ i ≤ ℓ} (the
first-column hook lengths), one bead per row.  Deleting a hook of length h
from row i moves the bead λ_i + ℓ − i down by h to an empty place ≥ 0, so
the game is Welter's game on the β-set (Conway, *On Numbers and Games*,
ch. 13).  Padding λ with m zero parts shifts every bead up by m and adds beads
0 … m − 1, which never move: the game, and so its value, is the same.

**Closed form (normal play).**  Sato's theorem: the value of λ is Welter's
function of its β-set, computed here by the explicit form

    W(a_1, …, a_k) = a_1 ⊕ … ⊕ a_k ⊕ ⨁_{i<j} (2^{v(a_i − a_j) + 1} − 1),

v the 2-adic valuation.  Its bit t is therefore the parity of the number of
pairs a_i ≡ a_j (mod 2^t), which `welter` counts residue class by residue
class; the beads of a run of equal rows are consecutive, so a partition of
k runs costs O(k log k) per bit and huge run-length partitions are cheap.
The formula is checked against exhaustive search of Welter's game on beads
and of the hook game on every partition with n ≤ 14 (tests/test_sato_welter.py),
padding included, and further in benchmarks/verify_sato_welter.py.  No
closed form is claimed for misère play.

>>> import grundy
>>> grundy.value("sato-welter", "3,2,1")
0
>>> sorted(str(o.position) for o in grundy.options("welter", "3,2,1"))
['1', '1^3', '2^2,1', '3', '3,1^2', '3,2']
>>> beta_set(Partition([3, 2, 1])), welter([5, 3, 1])
([5, 3, 1], 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import pairwise

from grundy.game import LazyKernel, PartitionRuleset, searched_lines, searched_rectangles
from grundy.partition import Partition
from grundy.registry import register
from grundy.validate import as_int, check_non_negative, check_positive

__all__ = [
    "SATO_WELTER",
    "beta_set",
    "partition_of_beta_set",
    "remove_hook",
    "sato_welter_value",
    "welter",
]

Move = tuple[int, int]
Interval = tuple[int, int]  # lo ≤ hi, both included


# ------------------------------------------------------------------ β-sets
def beta_set(position: Partition, length: int | None = None) -> list[int]:
    """The β-set {λ_i + ℓ − i} of λ padded to `length` ≥ ℓ parts, largest bead first.

    (James–Kerber's β-numbers; the first-column hook lengths when length = ℓ.)
    """
    parts = position.to_list()
    rows = len(parts) if length is None else as_int(length, "length")
    if rows < len(parts):
        raise ValueError(f"length must be at least the number of parts {len(parts)}, got {rows}")
    parts += [0] * (rows - len(parts))
    return [part + rows - i for i, part in enumerate(parts, start=1)]


def partition_of_beta_set(beads: Iterable[int]) -> Partition:
    """The partition whose β-set is `beads` (distinct non-negative ints): λ_i = b_i − (k − i)."""
    ordered = sorted(_distinct_beads(beads), reverse=True)
    k = len(ordered)
    return Partition(b - (k - i) for i, b in enumerate(ordered, start=1))


def _distinct_beads(beads: Iterable[int]) -> set[int]:
    values = [as_int(b, "bead") for b in beads]
    for b in values:
        check_non_negative(bead=b)
    if len(set(values)) != len(values):
        raise ValueError(f"beads must be distinct, got {sorted(values)}")
    return set(values)


def _beta_intervals(position: Partition) -> list[Interval]:
    """The β-set of λ as one interval of consecutive beads per run (O(runs))."""
    length = position.length
    out = []
    row = 0
    for part, mult in position.runs:
        row += mult  # the run covers rows row − mult + 1 … row
        out.append((part + length - row, part + length - row + mult - 1))
    return out


# ------------------------------------------------------- Welter's function
def welter(beads: Iterable[int]) -> int:
    """Welter's function of a set of distinct non-negative integers (ONAG ch. 13).

    W = ⊕ a_i ⊕ ⨁_{i<j} (2^{v(a_i − a_j)+1} − 1), v the 2-adic valuation; the value
    of Welter's game with coins on the places `beads` (checked against search in
    tests/test_sato_welter.py).
    """
    ordered = sorted(_distinct_beads(beads))
    intervals: list[Interval] = []
    for b in ordered:
        if intervals and intervals[-1][1] == b - 1:
            intervals[-1] = (intervals[-1][0], b)
        else:
            intervals.append((b, b))
    return _welter_of_intervals(intervals)


def sato_welter_value(position: Partition) -> int:
    """Normal-play Sato–Welter value of λ: Welter's function of its β-set (Sato's theorem).

    O(k log k · log λ1+ℓ) for k runs: the diagram is never expanded.
    """
    return _welter_of_intervals(_beta_intervals(position))


def _xor_upto(n: int) -> int:
    """0 ⊕ 1 ⊕ … ⊕ n (0 for n < 0)."""
    return 0 if n < 0 else (n, 1, n + 1, 0)[n % 4]


def _welter_of_intervals(intervals: list[Interval]) -> int:
    """W of the union of disjoint intervals of beads: bit t of the pair term is the parity
    of the number of pairs of beads congruent mod 2^t."""
    if not intervals:
        return 0
    total = 0
    for lo, hi in intervals:
        total ^= _xor_upto(hi) ^ _xor_upto(lo - 1)
    span = max(hi for _, hi in intervals) - min(lo for lo, _ in intervals)
    t = 0
    while 1 << t <= span:  # beyond the span only equal beads would be congruent
        if _congruent_pairs(intervals, 1 << t) % 2:
            total ^= 1 << t
        t += 1
    return total


def _congruent_pairs(intervals: list[Interval], modulus: int) -> int:
    """Σ_c C(n_c, 2), n_c the number of beads ≡ c (mod modulus), by a sweep over the
    cyclic ranges of residues where the intervals put one bead more than elsewhere."""
    beads = base = 0
    delta: dict[int, int] = {0: 0, modulus: 0}
    for lo, hi in intervals:
        beads += hi - lo + 1
        full, extra = divmod(hi - lo + 1, modulus)
        base += full
        if not extra:
            continue
        start = lo % modulus
        stop = start + extra
        ranges = [(start, stop)] if stop <= modulus else [(start, modulus), (0, stop - modulus)]
        for a, b in ranges:
            delta[a] = delta.get(a, 0) + 1
            delta[b] = delta.get(b, 0) - 1
    squares = cover = 0
    marks = sorted(delta)
    for a, b in pairwise(marks):
        cover += delta[a]
        squares += (b - a) * (base + cover) ** 2
    return (squares - beads) // 2


# -------------------------------------------------------------------- moves
def remove_hook(position: Partition, i: int, j: int) -> Partition:
    """λ without the hook of the 1-based box (i, j), closed up (docs/games.md item 3)."""
    check_positive(i=i, j=j)
    if not position.contains_box(i - 1, j - 1):
        raise ValueError(f"box ({i}, {j}) is not in the diagram {position}")
    parts = position.to_list()
    return _remove_hook(parts, position.column(j), i, j)


def _remove_hook(parts: list[int], foot: int, i: int, j: int) -> Partition:
    """Rows i+1 … foot (= λ′_j) lose a box, row i keeps j − 1 boxes (1-based)."""
    return Partition([*parts[: i - 1], *(p - 1 for p in parts[i:foot]), j - 1, *parts[foot:]])


def _options(position: Partition) -> Iterator[tuple[Move, Partition]]:
    parts = position.to_list()
    columns = position.conjugate().to_list()
    for i, part in enumerate(parts, start=1):
        for j in range(1, part + 1):
            yield (i, j), _remove_hook(parts, columns[j - 1], i, j)


# ----------------------------------------------------------------- ruleset
class SatoWelterRules(PartitionRuleset):
    """Sato–Welter (docs/games.md 3): delete the hook of a box; Welter's game on β-sets."""

    name = "sato-welter"
    aliases = ("welter",)
    display_name = "Sato–Welter"
    description = "delete the hook of any box of a Young diagram and close up"
    reference = "docs/games.md item 3; Conway, On Numbers and Games, ch. 13 (Welter's game)"
    conjugation_invariant = True  # hook lengths are invariant under transposition
    kernel = LazyKernel("grundy.games.sato_welter.sato_welter_kernel:SATO_WELTER")

    def options(self, position: Partition) -> Iterator[tuple[Move, Partition]]:
        return _options(position)

    def number_of_options(self, position: Partition) -> int:
        """The hook of every box, each leaving a different diagram: size options."""
        return position.size

    def number_of_states(self, position: Partition) -> int:
        """A corner's hook is its box alone: a diagram of each size 0 … n is reached."""
        return position.size + 1

    def number_searched(self, position: Partition, misere: bool = False) -> int | None:
        """Misère play, which no closed form values: the lines and the rectangles of
        `searched_lines` and `searched_rectangles` (the hooks of the bottom row's first box
        and of the last column's top box are the row and the column); normal play: not
        needed (Sato's theorem values every position).

        >>> SATO_WELTER.number_searched(Partition.parse("1^1000"), misere=True)
        881
        """
        return max(searched_lines(position), searched_rectangles(position)) if misere else None

    def closed_form(self, position: Partition, misere: bool = False) -> int | None:
        """Sato's theorem, normal play only (`sato_welter_value`); None for misère play."""
        return None if misere else sato_welter_value(position)

    def format_move(self, move: Move) -> str:
        i, j = move
        return f"remove the hook of box ({i}, {j})"


SATO_WELTER = register(SatoWelterRules())
