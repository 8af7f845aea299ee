"""Rulesets, their registry, and the generic exhaustive solver.

A ruleset says how to read a position, how to list its options, and,
optionally, how to bring a position to a canonical form (so that symmetric
positions share one memo entry) and a fast value from a closed form.  The
`Solver` knows nothing about any particular game: it computes

* the normal-play Sprague–Grundy value SG(x) = mex{SG(y) : x → y}, and
* the misère value SG⁻ of paper 000 §2.3, the same recursion with every
  terminal position given the value 1 instead of 0,

iteratively with an explicit stack (no recursion limit) and a memo per
ruleset and play convention.  It is the reference every fast path and closed
form in `grundy.games` is tested against.

The top-level functions `value`, `options`, `winning_moves` and `outcome`
take a game name and a position in any form the ruleset can parse; they use
the ruleset's fast value when it has one and the solver otherwise.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from typing import Any, NamedTuple

from grundy.nim import mex

__all__ = [
    "Option",
    "Ruleset",
    "Solver",
    "get_ruleset",
    "options",
    "outcome",
    "register",
    "ruleset_names",
    "solver_for",
    "value",
    "winning_moves",
]

Position = Hashable
Move = Hashable


class Option(NamedTuple):
    """One move from a position: the move's label, where it leads, that position's value."""

    move: Move
    position: Position
    value: int


class Ruleset(ABC):
    """An impartial game: how to read positions and list their options.

    Subclasses set `name` (and optionally `aliases`) and implement `options`.
    The other hooks have sensible defaults:

    * `parse(spec)` turns user input (text, lists, …) into a position;
    * `canonical(position)` maps symmetric positions to one representative;
    * `fast_value(position, misere)` returns a value from a closed form, or
      None where it has none (the solver is then used);
    * `format_position` / `format_move` render for people.
    """

    name: str = ""
    aliases: tuple[str, ...] = ()
    description: str = ""

    @abstractmethod
    def options(self, position: Position) -> Iterable[tuple[Move, Position]]:
        """The (move, resulting position) pairs of `position`; none if it is terminal."""

    def parse(self, spec: Any) -> Position:
        return spec

    def canonical(self, position: Position) -> Position:
        return position

    def fast_value(self, position: Position, misere: bool = False) -> int | None:
        return None

    def format_position(self, position: Position) -> str:
        return str(position)

    def format_move(self, move: Move) -> str:
        return str(move)


# ---------------------------------------------------------------- registry
_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make `ruleset` known under its name and aliases; returns it."""
    if not ruleset.name:
        raise ValueError("a ruleset needs a non-empty name")
    for key in (ruleset.name, *ruleset.aliases):
        key = key.lower()
        if key in _REGISTRY and _REGISTRY[key] is not ruleset:
            raise ValueError(f"game name {key!r} is already registered")
        _REGISTRY[key] = ruleset
    return ruleset


def get_ruleset(game: str | Ruleset) -> Ruleset:
    """The registered ruleset named `game` (case-insensitive), or `game` itself."""
    if isinstance(game, Ruleset):
        return game
    if not isinstance(game, str):
        raise TypeError(f"a game is named by a string, got {type(game).__name__}")
    import grundy.games  # noqa: F401  (registers the built-in rulesets)

    try:
        return _REGISTRY[game.lower()]
    except KeyError:
        known = ", ".join(ruleset_names())
        raise ValueError(f"unknown game {game!r}; known games: {known}") from None


def ruleset_names() -> list[str]:
    """Primary names of the registered rulesets."""
    import grundy.games  # noqa: F401

    return sorted({r.name for r in _REGISTRY.values()})


# ------------------------------------------------------------------ solver
class Solver:
    """Exhaustive, memoised Sprague–Grundy evaluation for one ruleset.

    Works on any finite acyclic game; a cycle among positions is reported as
    a ValueError rather than looping.  Memo entries are keyed by the
    ruleset's canonical form, one table for normal and one for misère play.
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._memo: dict[bool, dict[Position, int]] = {False: {}, True: {}}

    def clear(self) -> None:
        """Forget every memoised value."""
        for table in self._memo.values():
            table.clear()

    def memo_size(self, misere: bool = False) -> int:
        return len(self._memo[misere])

    def value(self, position: Position, misere: bool = False) -> int:
        """SG(position), or SG⁻(position) when `misere` (000 §2.3)."""
        rules = self.ruleset
        memo = self._memo[misere]
        root = rules.canonical(position)
        if root in memo:
            return memo[root]
        # Each frame: [position, its canonical children or None until expanded].
        # The expanded, unfinished frames are exactly the ancestors of the top
        # frame, so meeting one of them again among the children is a cycle.
        stack: list[list[Any]] = [[root, None]]
        expanding: set[Position] = set()
        while stack:
            frame = stack[-1]
            node, children = frame
            if children is None:
                if node in memo:  # a duplicate frame, already solved elsewhere
                    stack.pop()
                    continue
                children = [rules.canonical(child) for _, child in rules.options(node)]
                frame[1] = children
                expanding.add(node)
            pending = [c for c in children if c not in memo]
            if pending:
                for child in dict.fromkeys(pending):
                    if child in expanding:
                        raise ValueError(
                            f"{rules.name}: position {rules.format_position(child)} can be "
                            "reached from itself; the game is not acyclic"
                        )
                    stack.append([child, None])
                continue
            if children:
                memo[node] = mex(memo[c] for c in children)
            else:
                memo[node] = 1 if misere else 0
            stack.pop()
            expanding.discard(node)
        return memo[root]

    def options(self, position: Position, misere: bool = False) -> list[Option]:
        """Every option of `position` with its value."""
        return [
            Option(move, child, self.value(child, misere))
            for move, child in self.ruleset.options(position)
        ]


_SOLVERS: dict[int, Solver] = {}


def solver_for(game: str | Ruleset) -> Solver:
    """The shared solver (and so the shared memo) of a ruleset."""
    rules = get_ruleset(game)
    solver = _SOLVERS.get(id(rules))
    if solver is None:
        solver = _SOLVERS[id(rules)] = Solver(rules)
    return solver


# -------------------------------------------------------------- public API
def value(game: str | Ruleset, position: Any, misere: bool = False) -> int:
    """The Sprague–Grundy value of `position` in `game` (misère value if asked).

    Uses the ruleset's fast value where it has one, exhaustive search otherwise.
    """
    rules = get_ruleset(game)
    return _value_of_parsed(rules, rules.parse(position), misere)


def _value_of_parsed(rules: Ruleset, position: Position, misere: bool) -> int:
    fast = rules.fast_value(position, misere)
    if fast is not None:
        return fast
    return solver_for(rules).value(position, misere)


def options(game: str | Ruleset, position: Any, misere: bool = False) -> list[Option]:
    """Every option of `position` as (move, position, value)."""
    rules = get_ruleset(game)
    return [
        Option(move, child, _value_of_parsed(rules, child, misere))
        for move, child in rules.options(rules.parse(position))
    ]


def winning_moves(game: str | Ruleset, position: Any, misere: bool = False) -> list[Option]:
    """The options of value 0: the moves to a P-position (under the same convention)."""
    return [opt for opt in options(game, position, misere) if opt.value == 0]


def outcome(game: str | Ruleset, position: Any, misere: bool = False) -> str:
    """ "P" (previous player wins) when the value is 0, else "N"."""
    return "P" if value(game, position, misere) == 0 else "N"
