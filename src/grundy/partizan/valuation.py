"""Canonical forms of the positions of a partizan ruleset, by memoised recursion.

`PartizanValues(rules)` holds one memo a game: the value of a position is the sum of
its components' values when the ruleset splits it (`PartizanRuleset.components`),
minus the value of its `negative` when that is known, and otherwise
{values of Left's options | values of Right's options} in canonical form
(`grundy.partizan.cgame.Game.of`; Siegel, *Combinatorial Game Theory*, §II.2).  It
knows no game.

>>> from grundy.partizan import get_partizan
>>> values = PartizanValues(get_partizan("crpm"))
>>> [str(values.value(values.rules.parse(text))) for text in ("1", "2", "1^2", "2^2")]
['*', '↑', '↓', '*']
"""

from __future__ import annotations

from collections.abc import Hashable

from grundy.game import PartizanRuleset
from grundy.partizan.cgame import ZERO, Game

__all__ = ["PartizanValues"]


class PartizanValues:
    """The memoised values of one partizan ruleset's positions."""

    def __init__(self, rules: PartizanRuleset) -> None:
        self.rules = rules
        self._memo: dict[Hashable, Game] = {}

    def __len__(self) -> int:
        """How many positions are held."""
        return len(self._memo)

    def value(self, position: Hashable) -> Game:
        """The canonical form of `position`."""
        found = self._memo.get(position)
        if found is not None:
            return found
        parts = self.rules.components(position)
        if parts is not None:
            total = ZERO
            for part in parts:
                total = total + self.value(part)
            return total
        negative = self.rules.negative(position)
        if negative is not None and negative in self._memo:
            found = -self._memo[negative]
        else:
            found = Game.of(
                [self.value(p) for _, p in self.rules.left_options(position)],
                [self.value(p) for _, p in self.rules.right_options(position)],
            )
        self._memo[position] = found
        return found
