"""A partizan game against the computer, independent of any terminal (issue 26).

A `PartizanMatch` holds a partizan ruleset, the current position, the side the player
took ("left" or "right"), whose turn it is and the moves so far.  The side to move
picks one of *its* options (`options`); the game ends when that side has none, and
the other side wins (normal play: Siegel, *Combinatorial Game Theory*, §II.1).  The
computer plays perfectly from the canonical forms: a move of Left wins when what it
leads to is won by Left with Right to move, that is its outcome class is L or P (for
Right: R or P); with no winning move it picks the first, since every move loses.

>>> m = PartizanMatch("crpm", "2,1", human="left")
>>> [o.text for o in m.options()]
['in 2,1: remove a row of length 2', 'in 2,1: remove a row of length 1']
>>> [o.winning for o in m.options()], m.play("2").text, m.winner()
([False, True], 'in 2,1: remove a row of length 1', None)
>>> m.computer_move().text, m.winner()
('in 2: remove a column of length 1', None)
>>> m.play("1").text, m.winner()
('in 1: remove a row of length 1', 'left')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.partizan import PartizanOption, left_options, right_options, value
from grundy.partizan.partizan_registry import get_partizan

__all__ = ["SIDES", "PartizanMatch", "SideOption"]

#: The two players, and the outcome classes after a move that its mover wins.
SIDES = {"left": ("L", "P"), "right": ("R", "P")}


@dataclass(frozen=True)
class SideOption:
    """One move of the side to move, numbered from 1, with its value and whether it wins."""

    number: int
    text: str
    position: Any
    value: Any
    winning: bool


class PartizanMatch:
    """A match of a partizan game: the player is `human` ("left" or "right"); `first`
    ("left" or "right") moves first."""

    def __init__(self, game: Any, start: Any, human: str = "left", first: str = "left"):
        for name, side in (("human", human), ("first", first)):
            if side not in SIDES:
                raise ValueError(f"{name} must be 'left' or 'right', got {side!r}")
        self.rules = get_partizan(game)
        self.position = self.rules.parse(start)
        self.human, self.mover = human, first
        self.history: list[tuple[Any, str]] = []

    def other(self, side: str) -> str:
        return "right" if side == "left" else "left"

    def value(self, position: Any = None) -> Any:
        """The canonical form of the current position (or of `position`)."""
        return value(self.rules, self.position if position is None else position)

    def options(self) -> list[SideOption]:
        """The options of the side to move, numbered, with their values."""
        listed: list[PartizanOption] = (left_options if self.mover == "left" else right_options)(
            self.rules, self.position
        )
        wins = SIDES[self.mover]
        return [
            SideOption(i, o.description, o.position, o.value, o.value.outcome() in wins)
            for i, o in enumerate(listed, 1)
        ]

    def winner(self) -> str | None:
        """The side that has won (the side to move has no option), or None."""
        return None if self.options() else self.other(self.mover)

    def play(self, choice: str) -> SideOption:
        """The side to move plays the option numbered or written `choice`."""
        options = self.options()
        if not options:
            raise ValueError("the game is over")
        text = " ".join(str(choice).split())
        found = [o for o in options if text == str(o.number) or text == o.text]
        if not found:
            raise ValueError(f"no move {text!r}: type a number from 1 to {len(options)}")
        self.history.append((self.position, self.mover))
        self.position, self.mover = found[0].position, self.other(self.mover)
        return found[0]

    def computer_move(self) -> SideOption:
        """The computer's move for the side to move: a winning one if there is one."""
        options = self.options()
        if not options:
            raise ValueError("the game is over")
        best = next((o for o in options if o.winning), options[0])
        return self.play(str(best.number))

    def undo(self) -> None:
        """Take back the player's last move (and the computer's answer after it)."""
        while self.history:
            self.position, self.mover = self.history.pop()
            if self.mover == self.human:
                return
        raise ValueError("nothing to undo: you have not moved yet")
