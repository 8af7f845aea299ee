"""The partizan games by name: the built-in ones, those registered, and ``module:attr``.

A built-in name is found in the module this table names (imported on first lookup, so
naming one game imports that game alone); `register_partizan` adds a game; a reference
``package.module:NAME`` imports the module and takes its `PartizanRuleset` (an instance,
or a class, which is instantiated), as `grundy.registry` does for impartial games.

>>> get_partizan("crpm").display_name, sorted(partizan_names())
('CRPM', ['crpm', 'crps'])
"""

from __future__ import annotations

import importlib

from grundy.game import PartizanRuleset

__all__ = ["BUILT_IN", "get_partizan", "is_partizan_name", "partizan_names", "register_partizan"]

#: The built-in partizan names → the module that registers each.
BUILT_IN = {
    "crpm": "grundy.games.partizan_cr.crpm",
    "crps": "grundy.games.partizan_cr.crps",
}
_REGISTRY: dict[str, PartizanRuleset] = {}


def register_partizan(rules: PartizanRuleset) -> PartizanRuleset:
    """Register a partizan game under its name and aliases (lower case); returns it."""
    if not isinstance(rules, PartizanRuleset):
        raise TypeError(f"expected a PartizanRuleset, got {type(rules).__name__}")
    if not rules.name:
        raise ValueError("a partizan game needs a name")
    for key in (rules.name, *rules.aliases):
        _REGISTRY[key.lower()] = rules
    return rules


def is_partizan_name(name: str) -> bool:
    """Whether `name` is a built-in or registered partizan game's name or alias (no game
    module imported to tell).

    >>> is_partizan_name("CRPM"), is_partizan_name("cr")
    (True, False)
    """
    key = name.strip().lower()
    return key in BUILT_IN or key in _REGISTRY


def partizan_names() -> list[str]:
    """Every partizan game's name (the built-in ones and those registered)."""
    for module in set(BUILT_IN.values()):
        importlib.import_module(module)
    return sorted({rules.name for rules in _REGISTRY.values()})


def get_partizan(game: str | PartizanRuleset) -> PartizanRuleset:
    """The partizan game `game` names (a name, an alias or ``module:attr``), or the game.

    >>> get_partizan("nope")
    Traceback (most recent call last):
    ...
    ValueError: unknown partizan game 'nope' (known: crpm, crps)
    """
    if isinstance(game, PartizanRuleset):
        return game
    key = str(game).strip().lower()
    if key not in _REGISTRY and key in BUILT_IN:
        importlib.import_module(BUILT_IN[key])
    if key in _REGISTRY:
        return _REGISTRY[key]
    if ":" in key:
        module, _, attr = str(game).strip().partition(":")
        found = getattr(importlib.import_module(module), attr)
        found = found() if isinstance(found, type) else found
        if isinstance(found, PartizanRuleset):
            return found
        raise ValueError(f"{game!r} is not a partizan game")
    raise ValueError(f"unknown partizan game {game!r} (known: {', '.join(partizan_names())})")
