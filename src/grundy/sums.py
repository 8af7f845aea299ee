"""Disjunctive sums of partitions, for games whose moves split a diagram (CRIS) or
whose positions are several diagrams at once (PNim).

A `PartitionSum` is a multiset of non-empty partitions, written with ``+``:
``"3,2,1 + 2^2"``; a single partition is a sum of one and the empty sum is
the terminal position.  Empty summands are dropped: a diagram with no boxes
offers no move, so it changes neither the normal nor the misère value.

`PartitionSumRuleset` turns "the options of one partition, each a tuple of
pieces" (`summand_options`) into a game on sums: a move picks one summand and
replaces it by the pieces of one of its options.  It declares the
``components`` capability, so in normal play the solver nim-adds the values
of the summands (Sprague–Grundy) and cancels identical pairs.

>>> s = PartitionSum.parse("2^2 + 3,2,1 + 2^2")
>>> str(s), s.size
('3,2,1 + 2^2 + 2^2', 14)
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Iterable, Iterator
from numbers import Integral
from typing import Any

from grundy.bounds import partition_count
from grundy.game import Drawing, Ruleset, searched_lines, searched_rectangles
from grundy.partition import Partition, partitions

__all__ = [
    "PartitionSum",
    "PartitionSumRuleset",
    "SearchedInSummands",
    "searched_in_summands",
    "sum_count_table",
]

Move = Hashable


class PartitionSum:
    """An immutable, hashable multiset of non-empty partitions (largest first)."""

    __slots__ = ("_hash", "summands")

    def __init__(self, summands: Iterable[Partition | str | Iterable[int]] = ()) -> None:
        parts = [Partition.coerce(s) for s in summands]
        self.summands: tuple[Partition, ...] = tuple(
            sorted((p for p in parts if p), key=Partition.sort_key, reverse=True)
        )
        self._hash = hash(self.summands)

    @classmethod
    def parse(cls, text: str) -> PartitionSum:
        """Summands in the partition syntax joined by ``+``; a bad summand is named.

        >>> PartitionSum.parse("[3,1] + 1").summands
        (Partition.parse('3,1'), Partition.parse('1'))
        """
        if not isinstance(text, str):
            raise TypeError(f"PartitionSum.parse expects a string, got {type(text).__name__}")
        pieces = text.split("+")
        summands = []
        for k, piece in enumerate(pieces, start=1):
            if not piece.strip() and len(pieces) > 1:
                raise ValueError(f"empty summand {k} in {text!r}")
            try:
                summands.append(Partition.parse(piece))
            except ValueError as exc:
                raise ValueError(f"summand {k} of {text!r}: {exc}") from None
        return cls(summands)

    @classmethod
    def coerce(cls, value: Any) -> PartitionSum:
        """A PartitionSum, a Partition, text with ``+``, a list of parts (one summand)
        or a list of summands (each a partition, its text or a list of parts)."""
        if isinstance(value, PartitionSum):
            return value
        if isinstance(value, Partition):
            return cls([value])
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, Iterable):
            items = list(value)
            if all(isinstance(x, Integral) and not isinstance(x, bool) for x in items):
                return cls([Partition(items)])
            return cls(items)
        raise TypeError(f"cannot read a sum of partitions from {type(value).__name__} {value!r}")

    @property
    def size(self) -> int:
        """The number of boxes in all summands."""
        return sum(p.size for p in self.summands)

    def __len__(self) -> int:
        return len(self.summands)

    def __iter__(self) -> Iterator[Partition]:
        return iter(self.summands)

    def __bool__(self) -> bool:
        return bool(self.summands)

    def replace(self, index: int, pieces: Iterable[Partition]) -> PartitionSum:
        """This sum with summand `index` replaced by `pieces`."""
        rest = self.summands[:index] + self.summands[index + 1 :]
        return PartitionSum((*rest, *pieces))

    def sort_key(self) -> tuple[int, tuple[Any, ...]]:
        return (self.size, tuple(p.sort_key() for p in self.summands))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PartitionSum):
            return self.summands == other.summands
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        if not self.summands:
            return "[]"
        return " + ".join(str(p) for p in self.summands)

    def __repr__(self) -> str:
        return f"PartitionSum.parse({str(self)!r})"


class PartitionSumRuleset(Ruleset):
    """A game on sums of partitions, given by the options of a single partition.

    Subclasses implement `summand_options` and set `conjugation_invariant`
    when the game on one partition is invariant under conjugation.
    """

    conjugation_invariant: bool = False
    drawing = Drawing.DIAGRAM  # a single partition; a sum of several is not drawn

    @abstractmethod
    def summand_options(self, partition: Partition) -> Iterable[tuple[Move, tuple[Partition, ...]]]:
        """The options of a single partition: (move, the pieces it leaves)."""

    def format_summand_move(self, move: Move) -> str:
        return str(move)

    # -------------------------------------------------------- the protocol
    def parse(self, spec: Any) -> PartitionSum:
        return PartitionSum.coerce(spec)

    def options(self, position: PartitionSum) -> Iterator[tuple[Move, PartitionSum]]:
        seen: set[Partition] = set()
        for index, summand in enumerate(position.summands):
            if summand in seen:
                continue  # equal summands give equal options
            seen.add(summand)
            for move, pieces in self.summand_options(summand):
                yield (str(summand), move), position.replace(index, pieces)

    def format_move(self, move: tuple[str, Move]) -> str:
        summand, inner = move
        return f"in {summand}: {self.format_summand_move(inner)}"

    def canonical(self, position: PartitionSum) -> PartitionSum:
        if not self.conjugation_invariant:
            return position
        return PartitionSum(p.conjugation_canonical() for p in position.summands)

    def components(self, position: PartitionSum) -> list[PartitionSum] | None:
        if len(position) < 2:
            return None
        return [PartitionSum([p]) for p in position.summands]

    def box_positions(self, position: PartitionSum) -> list[list[PartitionSum]]:
        """λ[i, j] in box (i, j) of a single partition (a sum of one)."""
        lam = self.diagram(position)
        return [
            [PartitionSum([lam.sub(i, j)]) for j in range(p)] for i, p in enumerate(lam.parts())
        ]

    def diagram(self, position: PartitionSum) -> Partition:
        """The one summand; a per-box table of a sum of several is a ValueError."""
        if len(position) > 1:
            raise ValueError(
                f"a per-box table needs a single partition, not a sum of {len(position)}"
            )
        return position.summands[0] if position else Partition()

    def positions_of_size(self, n: int) -> Iterator[PartitionSum]:
        """The single partitions of n (sums of one)."""
        return (PartitionSum([lam]) for lam in partitions(n))

    def number_of_positions(self, n: int) -> int:
        return partition_count(n)


def searched_in_summands(position: PartitionSum) -> tuple[int, int]:
    """(states, searched) for a game on sums whose moves include deleting the bottom row
    and deleting the last column of one summand, and which has no closed form: one
    summand goes through the n rectangles of `grundy.game.searched_rectangles` (its
    lines too: `grundy.game.searched_lines`), the others staying, and then is gone: the
    game tree holds n + 1 sums, and the search holds what those functions say.

    >>> searched_in_summands(PartitionSum.parse("999999^999999 + 2,1"))
    (999998000002, 499998996431)
    """
    return (
        max((lam.size + 1 for lam in position.summands), default=1),
        max(
            (max(searched_lines(lam), searched_rectangles(lam)) for lam in position.summands),
            default=0,
        ),
    )


class SearchedInSummands:
    """A game on sums whose moves include deleting the bottom row and the last column of
    one summand, and which has no closed form (CRIS, PNim): its game tree's and search's
    sizes are `searched_in_summands`'s.  Put before `PartitionSumRuleset` among the bases.
    """

    def number_of_states(self, position: PartitionSum) -> int:
        """`searched_in_summands`: the game tree holds n + 1 sums."""
        return searched_in_summands(position)[0]

    def number_searched(self, position: PartitionSum, misere: bool = False) -> int:
        """`searched_in_summands`: what the search holds."""
        return searched_in_summands(position)[1]


def sum_count_table(single: list[dict[int, int]]) -> list[dict[int, int]]:
    """Counts of sums by value from counts of single summands, in normal play.

    `single[s]` is {value: number of summands of size s with it} (s ≥ 1; entry 0
    is ignored).  The result has, for every n < len(single), {value: number of
    sums of total size n with it}: multisets of summands, valued by the nim-sum
    of their values (Sprague–Grundy), the empty sum (n = 0) included.

    With χ_u(g) = (−1)^popcount(u & g), the Walsh–Hadamard transform turns
    nim-sum into a product: for each u the sums are counted by
    Π_s (1 − q^s)^(−a_s) (1 + q^s)^(−b_s), a_s and b_s the numbers of summands
    of size s with χ_u = +1 and −1; the inverse transform gives the counts
    by value.  Exact (Python integers).

    >>> sum_count_table([{}, {1: 1}, {0: 1, 2: 1}])  # sizes 1, 2: values 1; 0 and 2
    [{0: 1}, {1: 1}, {0: 2, 2: 1}]
    """
    n_max = len(single) - 1
    top = max((v for tally in single[1:] for v in tally), default=0)
    size = 1 << top.bit_length()  # values, and their nim-sums, are below this
    by_u = []
    for u in range(size):
        series = [1] + [0] * n_max
        for s in range(1, n_max + 1):
            plus = sum(c for g, c in single[s].items() if not (u & g).bit_count() & 1)
            minus = sum(single[s].values()) - plus
            for count, sign in ((plus, 1), (minus, -1)):
                if count:
                    series = _times_inverse_power(series, s, count, sign)
        by_u.append(series)
    table = []
    for n in range(n_max + 1):
        tally = {}
        for v in range(size):
            total = sum(-by_u[u][n] if (u & v).bit_count() & 1 else by_u[u][n] for u in range(size))
            if total:
                tally[v] = total // size
        table.append(tally)
    return table


def _times_inverse_power(series: list[int], s: int, count: int, sign: int) -> list[int]:
    """series · (1 − sign·q^s)^(−count), truncated to len(series): the coefficient of
    q^(s·k) in the second factor is sign^k · C(count + k − 1, k)."""
    out = series[:]
    coefficient = 1
    for k in range(1, (len(series) - 1) // s + 1):
        coefficient = coefficient * (count + k - 1) // k * sign
        for m in range(len(series) - 1, s * k - 1, -1):
            out[m] += coefficient * series[m - s * k]
    return out
