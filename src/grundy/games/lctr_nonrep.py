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
from grundy.game import Drawing, LazyKernel, Ruleset
from grundy.partition import Partition, partitions
from grundy.registry import register
from grundy.validate import check_non_negative

__all__ = [
    "LCTR_NONREP",
    "WINDOW",
    "NonRepPosition",
    "NonRepetitiveLCTR",
    "allowed",
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


class NonRepetitiveLCTR(Ruleset):
    """LCTR without two L and two T in any four consecutive moves (000 §8)."""

    name = "lctr-nonrep"
    description = "LCTR where no four consecutive moves are two L and two T"
    reference = (
        "000 §8 (non-repetitive variant); docs/games.md 'Beyond: the open problems of 000 §8'"
    )
    draw_outside = True  # as LCTR (000 Figure 5)
    drawing = Drawing.DIAGRAM  # the partition (`diagram`)
    kernel = LazyKernel("grundy.games.lctr_nonrep_kernel:LCTR_NONREP")

    def options(self, position: NonRepPosition) -> Iterator[tuple[str, NonRepPosition]]:
        lam, history = position
        if not lam:
            return
        for move, child in (("T", lam.sub(1, 0)), ("L", lam.sub(0, 1))):
            if allowed(history, move):
                yield move, NonRepPosition(child, (history + move)[1 - WINDOW :])

    def number_of_states(self, position: NonRepPosition) -> int:
        """With no moves before, top rows (left columns) removed one by one — T, T, T, …
        is never half L, half T — pass ℓ (λ1) diagrams; after some moves, one of the two
        may be barred, so only the position itself is counted."""
        lam = position.partition
        return 1 if position.history else max(lam.length, lam.largest, 1)

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
