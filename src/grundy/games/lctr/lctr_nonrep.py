"""Non-repetitive LCTR: LCTR in which no four consecutive moves are two L and two T.

Rules (000 §8, "Non-repetitive variant"; docs/games.md "Beyond: the open problems
of 000 §8").  As LCTR (000 §3.1), a move deletes the top row (T, λ → λ[1, 0])
or the left column (L, λ → λ[0, 1]), but in every four consecutive moves of
the game the number of L moves must differ from the number of T moves: no
window of four consecutive moves holds two L and two T (LLTT, LTLT, LTTL,
TLLT, TLTL, TTLL are forbidden).  This forbids the mirroring replies (T after
L, L after T) on which LCTR strategies are built (000 §4).

A position is the diagram λ with the last (up to) three moves h, oldest first:
a move X is legal when h has fewer than three moves or h + X is not two L and
two T, and it leads to (λ[1, 0] or λ[0, 1], the last three letters of h + X).

* The only terminal position is the empty diagram: with three moves in h, L
  is forbidden only when h has one L (h + L would be 2 + 2) and T only when h
  has two, so one of the two moves is always legal.
* A position has at most two options, so its value is at most 2.
* Conjugation turns T moves into L moves, so (λ, h) and (λ′, h with L and T
  swapped) have the same value; the canonical form is the smaller of the two.

Input: "3,2,1" (no history) or "3,2,1 | LT" (history of at most three moves,
oldest first, letters L and T only).

>>> import grundy
>>> grundy.value("lctr-nonrep", "3,2,1"), grundy.value("lctr", "3,2,1")
(1, 1)
>>> [m for m, _ in grundy.get_ruleset("lctr-nonrep").options(
...     grundy.get_ruleset("lctr-nonrep").parse("3,2,1 | LTL"))]
['L']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from grundy.bounds import partition_count
from grundy.game import KERNEL_LETTERS, Drawing, LazyKernel, Ruleset
from grundy.partition import Partition, partitions
from grundy.registry import register
from grundy.validate import check_non_negative

__all__ = [
    "LCTR_NONREP",
    "WINDOW",
    "NonRepPosition",
    "NonRepetitiveLCTR",
    "allowed",
    "repeatable",
    "swap",
]

#: The length of the window in which L and T must not be equally many (000 §8).
WINDOW = 4

_SWAP = str.maketrans("LT", "TL")


class NonRepPosition(NamedTuple):
    """A Young diagram and the last (up to WINDOW − 1) moves, oldest first."""

    partition: Partition
    history: str = ""


def swap(history: str) -> str:
    """The history with L and T exchanged (what conjugating the diagram does to moves)."""
    return history.translate(_SWAP)


def allowed(history: str, move: str) -> bool:
    """Whether `move` may follow `history`: the last WINDOW moves are not half L, half T."""
    window = (history + move)[-WINDOW:]
    return len(window) < WINDOW or 2 * window.count("L") != WINDOW


def repeatable(history: str, move: str) -> bool:
    """Whether `move` may follow `history` again and again: it is at least half of the
    history.  (At WINDOW − 1 moves it is then not 1 of 3, so allowed; the history after it
    still holds it at least half; a shorter history allows every move.)

    >>> repeatable("LLT", "L"), repeatable("LLT", "T"), repeatable("LT", "T")
    (True, False, True)
    """
    return 2 * history.count(move) >= len(history)


class NonRepetitiveLCTR(Ruleset):
    """LCTR without two L and two T in any four consecutive moves (000 §8)."""

    name = "lctr-nonrep"
    display_name = "Non-repetitive LCTR"
    description = "LCTR where no four consecutive moves are two L and two T"
    reference = (
        "000 §8 (non-repetitive variant); docs/games.md 'Beyond: the open problems of 000 §8'"
    )
    draw_outside = True  # as LCTR (000 Figure 5)
    drawing = Drawing.DIAGRAM  # the partition (`diagram`)
    kernel = LazyKernel("grundy.games.lctr.lctr_nonrep_kernel:LCTR_NONREP")

    def options(self, position: NonRepPosition) -> Iterator[tuple[str, NonRepPosition]]:
        lam, history = position
        if not lam:
            return
        for move, child in (("T", lam.sub(1, 0)), ("L", lam.sub(0, 1))):
            if allowed(history, move):
                yield move, NonRepPosition(child, (history + move)[1 - WINDOW :])

    def number_of_states(self, position: NonRepPosition) -> int:
        """Repeating a move at least half the history's (`repeatable`) never makes a window
        half L, half T: the top rows (T) removed one by one pass ℓ + 1 positions of
        different sizes; after three T, each L T T T keeps every window at one L, so
        T^(i − 3j) (L T T T)^j reaches λ[i, j] for 3j + 3 ≤ i < ℓ and j < λ_ℓ, each a
        different diagram (ℓ − i rows, a first row of λ_{i+1} − j): `_reached`.  L: the
        same on λ′.

        >>> LCTR_NONREP.number_of_states(LCTR_NONREP.parse("3,2,1 | LLT"))  # L: λ1 + 1
        4
        >>> LCTR_NONREP.number_of_states(LCTR_NONREP.parse("999999^999999"))
        166665833334
        """
        return max((max(line + 1, square) for line, square in self._reached(position)), default=1)

    def number_searched(self, position: NonRepPosition, misere: bool = False) -> int:
        """There is no closed form, the k-th position of the line has a word of more than
        ℓ − k letters and λ[i, j] one of at least (λ_ℓ − j) + (ℓ − i), no more than the
        positions on its way: all but `KERNEL_LETTERS` − 1 of the line and K(K − 1)/2 of
        the λ[i, j] are past the kernel, and the search holds half of those (a position
        and its conjugate are one).

        >>> LCTR_NONREP.number_searched(LCTR_NONREP.parse("1^1000 | T"))
        881
        >>> LCTR_NONREP.number_searched(LCTR_NONREP.parse("999999^999999"))
        83332913097
        """
        triangle = KERNEL_LETTERS * (KERNEL_LETTERS - 1) // 2
        return max(
            (
                max(line - KERNEL_LETTERS + 1, (square - triangle + 1) // 2, 0)
                for line, square in self._reached(position)
            ),
            default=0,
        )

    @staticmethod
    def _reached(position: NonRepPosition) -> Iterator[tuple[int, int]]:
        """For each repeatable letter (T, then L on λ′): ℓ, and how many λ[i, j] the moves
        T^(i − 3j) (L T T T)^j reach (Σ_j (ℓ − 3 − 3j) over 0 ≤ j ≤ min(λ_ℓ − 1, (ℓ − 4)/3))."""
        lam, history = position
        for move, shape in (("T", lam), ("L", lam.conjugate())):
            if repeatable(history, move):
                rows = shape.length
                blocks = min(shape.runs[-1][0] - 1, (rows - 4) // 3) + 1 if rows >= 4 else 0
                yield rows, blocks * (rows - 3) - 3 * blocks * (blocks - 1) // 2

    # ------------------------------------------------- reading and writing
    def parse(self, spec: Any) -> NonRepPosition:
        """ "3,2,1", "3,2,1 | LT", a NonRepPosition, a (partition, history) pair, or a partition."""
        if isinstance(spec, NonRepPosition):
            return self._checked(spec.partition, spec.history)
        if isinstance(spec, str):
            diagram, bar, history = spec.partition("|")
            if bar and not history.strip():
                raise ValueError(f"empty history after '|' in {spec!r}: omit the '|'")
            return self._checked(Partition.parse(diagram), history.strip())
        if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[1], str):
            return self._checked(Partition.coerce(spec[0]), spec[1])
        return NonRepPosition(Partition.coerce(spec), "")

    @staticmethod
    def _checked(lam: Partition, history: str) -> NonRepPosition:
        if not isinstance(lam, Partition):
            raise TypeError(f"expected a Partition, got {type(lam).__name__}")
        if not isinstance(history, str):
            raise TypeError(f"the history must be a string of L and T, got {history!r}")
        for move in history:
            if move not in "LT":
                raise ValueError(f"bad move {move!r} in history {history!r}: use only L and T")
        if len(history) >= WINDOW:
            raise ValueError(
                f"history {history!r} has {len(history)} moves; give at most {WINDOW - 1}"
            )
        return NonRepPosition(lam, history)

    def format_position(self, position: NonRepPosition) -> str:
        lam, history = position
        return f"{lam} | {history}" if history else str(lam)

    def format_move(self, move: str) -> str:
        return {"T": "remove the top row", "L": "remove the left column"}[move]

    # -------------------------------------------------------- capabilities
    def canonical(self, position: NonRepPosition) -> NonRepPosition:
        """The smaller of (λ, h) and (λ′, swap(h)): conjugation swaps L and T."""
        lam, history = position
        mirror = NonRepPosition(lam.conjugate(), swap(history))
        if (mirror.partition.runs, mirror.history) < (lam.runs, history):
            return mirror
        return position

    def diagram(self, position: NonRepPosition) -> Partition:
        return position.partition

    def box_positions(self, position: NonRepPosition) -> list[list[NonRepPosition]]:
        """(λ[i, j], no history) in box (i, j): each sub-diagram as a fresh game.

        (The game reaches λ[i, j] only with a history, so this is the table of
        the sub-diagrams' own values, not of the positions met in play.)
        """
        lam = position.partition
        return [
            [NonRepPosition(lam.sub(i, j)) for j in range(part)]
            for i, part in enumerate(lam.parts())
        ]

    def positions_of_size(self, n: int) -> Iterator[NonRepPosition]:
        """Every partition of n, with no history."""
        check_non_negative(n=n)
        return (NonRepPosition(lam) for lam in partitions(n))

    def number_of_positions(self, n: int) -> int:
        return partition_count(n)


LCTR_NONREP = register(NonRepetitiveLCTR())
