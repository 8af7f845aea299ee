"""The partizan games by name, from the one registry of games (`grundy.registry`).

A partizan game is registered, found by name or alias, published by a plug-in under the
entry-point group ``grundy.rulesets`` or named by ``package.module:attr`` (or
``file.py:attr``) exactly as an impartial game is; here a name is asked for a game of
this kind.

>>> get_partizan("crpm").display_name, partizan_names()
('CRPM', ['crpm', 'crps'])
"""

from __future__ import annotations

from grundy.game import PartizanRuleset
from grundy.registry import get_game, partizan_rulesets, register

__all__ = ["get_partizan", "partizan_names", "register_partizan"]


def register_partizan(rules: PartizanRuleset) -> PartizanRuleset:
    """Register a partizan game under its name and aliases (`grundy.registry.register`)."""
    if not isinstance(rules, PartizanRuleset):
        raise TypeError(f"expected a PartizanRuleset, got {type(rules).__name__}")
    register(rules)
    return rules


def partizan_names() -> list[str]:
    """Every partizan game's name (the built-in ones, plug-ins and those registered)."""
    return [rules.name for rules in partizan_rulesets()]


def get_partizan(game: str | PartizanRuleset) -> PartizanRuleset:
    """The partizan game `game` names (a name, an alias or ``module:attr``), or the game.

    >>> get_partizan("cr")
    Traceback (most recent call last):
    ...
    ValueError: cr is an impartial game, not a partizan one (partizan games: crpm, crps)
    """
    rules = get_game(game)
    if not isinstance(rules, PartizanRuleset):
        raise ValueError(
            f"{rules.name} is an impartial game, not a partizan one "
            f"(partizan games: {', '.join(partizan_names())})"
        )
    return rules
