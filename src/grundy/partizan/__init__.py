"""Partizan games: the algebra of short games, and the partizan games on diagrams (issue 26).

The algebra (`cgame`, `names`, `atomic_weight`): short games in canonical form
(`Game`), numbers, nimbers, ups and switches, sums, comparison, outcome classes,
CGSuite's notation and atomic weights.  The games: partizan rulesets
(`grundy.game.PartizanRuleset`) found by name (`get_partizan`: ``crpm``, ``crps`` or
``module:attr``), valued by memoised recursion (`valuation.PartizanValues`, one memo a
game).

>>> str(value("crpm", "2,2")), str(value("crpm", "3,2")), outcome("crpm", "3,2")
('*', '{↑|*,{*,↑|*,↓}}', 'L')
>>> str(value("crps", "3,1")), outcome("crps", "3,1"), outcome("crps", "4,4,3")
('0', 'P', 'P')
>>> [(o.description, str(o.value)) for o in left_options("crpm", "2,1")]
[('in 2,1: remove a row of length 2', '*'), ('in 2,1: remove a row of length 1', '↑')]
>>> str(value("crpm", "2") + value("crpm", "2") + nimber(1))
'⇑*'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from grundy.game import PartizanRuleset
from grundy.partizan.atomic_weight import atomic_weight, is_all_small
from grundy.partizan.cgame import ZERO, Game, clear_caches, nimber, number
from grundy.partizan.names import left_stop, name, right_stop, switch, up_multiple
from grundy.partizan.partizan_registry import get_partizan, partizan_names, register_partizan
from grundy.partizan.valuation import PartizanValues

__all__ = [
    "ZERO",
    "Game",
    "OutcomeCounts",
    "PartizanOption",
    "atomic_weight",
    "clear_caches",
    "get_partizan",
    "is_all_small",
    "left_options",
    "left_stop",
    "name",
    "nimber",
    "number",
    "outcome",
    "outcome_counts",
    "partizan_names",
    "register_partizan",
    "right_options",
    "right_stop",
    "solver_of",
    "switch",
    "up_multiple",
    "value",
]

_SOLVERS: dict[PartizanRuleset, PartizanValues] = {}


class PartizanOption(NamedTuple):
    """One move of a player: its label, where it leads, that position's value, and the
    move in words."""

    move: Any
    position: Any
    value: Game
    description: str


def solver_of(game: str | PartizanRuleset) -> PartizanValues:
    """The one memo of values of a partizan game."""
    rules = get_partizan(game)
    found = _SOLVERS.get(rules)
    if found is None:
        found = _SOLVERS[rules] = PartizanValues(rules)
    return found


def value(game: str | PartizanRuleset, position: Any) -> Game:
    """The canonical form of a position of a partizan game."""
    values = solver_of(game)
    return values.value(values.rules.parse(position))


def outcome(game: str | PartizanRuleset, position: Any) -> str:
    """Who wins: "L" (Left, whoever starts), "R", "N" (the player to move) or "P"."""
    return value(game, position).outcome()


def _options(game: str | PartizanRuleset, position: Any, side: str) -> list[PartizanOption]:
    values = solver_of(game)
    rules = values.rules
    moves = getattr(rules, f"{side}_options")(rules.parse(position))
    return [PartizanOption(m, p, values.value(p), rules.format_move(m)) for m, p in moves]


def left_options(game: str | PartizanRuleset, position: Any) -> list[PartizanOption]:
    """Left's moves from a position, with the values they lead to."""
    return _options(game, position, "left")


def right_options(game: str | PartizanRuleset, position: Any) -> list[PartizanOption]:
    """Right's moves from a position, with the values they lead to."""
    return _options(game, position, "right")


class OutcomeCounts(NamedTuple):
    """How many positions of one size fall in each outcome class, and how many
    different values they have."""

    outcomes: dict[str, int]
    distinct: int


def outcome_counts(game: str | PartizanRuleset, n: int) -> OutcomeCounts:
    """The positions of size n counted by outcome class ("L", "R", "N", "P", every key
    present), with the number of distinct values among them.

    >>> outcome_counts("crpm", 6)
    OutcomeCounts(outcomes={'L': 5, 'R': 5, 'N': 1, 'P': 0}, distinct=11)
    >>> outcome_counts("crps", 4).outcomes["P"]  # 3,1 and 2,1^2
    2
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an integer, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    values = solver_of(game)
    positions = values.rules.positions_of_size(n)
    if positions is None:
        raise ValueError(f"{values.rules.name} does not list its positions by size")
    counts = dict.fromkeys("LRNP", 0)
    seen: set[Game] = set()
    for position in positions:
        g = values.value(position)
        counts[g.outcome()] += 1
        seen.add(g)
    return OutcomeCounts(counts, len(seen))
