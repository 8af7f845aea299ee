"""The built-in rulesets: each is registered when its module is imported.

The modules are imported on demand, so a command about one game pays only
for that game's imports (the games with a compiled kernel import numba):
`grundy.registry` imports the module of a built-in name when it is first
looked up (`load`), and every module when all games are listed (`load_all`).
A submodule is also an attribute of this package, imported on first access
(``grundy.games.lctr``).

>>> MODULES["crim"]
'grundy.games.column_row'
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["MODULES", "load", "load_all"]

#: Every built-in game name and alias (lower case) → the module that registers it.
MODULES = {
    "anticorner": "grundy.games.corners",
    "chess": "grundy.games.chess",
    "chess-bishop": "grundy.games.chess",
    "chess-king": "grundy.games.chess",
    "chess-knight": "grundy.games.chess",
    "chess-pawn": "grundy.games.chess",
    "chess-queen": "grundy.games.chess",
    "chess-rook": "grundy.games.chess",
    "chomp": "grundy.games.chomp",
    "coin-turning": "grundy.games.coin_turning",
    "coins": "grundy.games.coin_turning",
    "column-row": "grundy.games.column_row",
    "consecutive-corner": "grundy.games.corners",
    "corner": "grundy.games.corners",
    "cr": "grundy.games.column_row",
    "crim": "grundy.games.column_row",
    "cris": "grundy.games.cris",
    "crit": "grundy.games.rit",
    "downright": "grundy.games.lctr",
    "lctr": "grundy.games.lctr",
    "lctr-3d": "grundy.games.lctr_3d",
    "lctr-nonrep": "grundy.games.lctr_nonrep",
    "matrix": "grundy.games.matrix",
    "pnim": "grundy.games.pnim",
    "rit": "grundy.games.rit",
    "sato-welter": "grundy.games.sato_welter",
    "scc": "grundy.games.corners",
    "welter": "grundy.games.sato_welter",
}


def load(name: str) -> bool:
    """Import the module that registers the built-in game `name` (lower case), if there
    is one; returns whether there is."""
    module = MODULES.get(name)
    if module is not None:
        importlib.import_module(module)
    return module is not None


def load_all() -> None:
    """Import every built-in game's module, so that all of them are registered."""
    for module in sorted(set(MODULES.values())):
        importlib.import_module(module)


def __getattr__(name: str) -> ModuleType:
    """A submodule not imported yet (``grundy.games.chomp``): import it (PEP 562)."""
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
