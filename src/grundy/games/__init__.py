"""The built-in rulesets: each is registered when its module is imported.

The modules are imported on demand, so a command about one game pays only
for that game's imports (the games with a compiled kernel import numba):
`grundy.registry` imports the module of a built-in name when it is first
looked up (`load`), and every module when all games are listed (`load_all`).
A submodule is also an attribute of this package, imported on first access
(``grundy.games.lctr``).

A name is found in the module its leading words name: ``chomp`` in
``chomp.py``, ``lctr-3d`` in ``lctr_3d.py``, ``chess-king`` in ``chess.py``
(`module_of`).  Only the names that do not start with their module's name
are listed, in `OTHER_NAMES`; the classes declare every name, and
tests/test_registry.py checks that each is found in the module that
registers it.

>>> module_of("crim"), module_of("chess-king"), module_of("lctr-3d")
('grundy.games.column_row', 'grundy.games.chess', 'grundy.games.lctr_3d')
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from types import ModuleType

__all__ = ["OTHER_NAMES", "load", "load_all", "module_of"]

#: The built-in names (lower case) that do not start with their module's name → that
#: module, in this package.
OTHER_NAMES = {
    "anticorner": "corners",
    "coins": "coin_turning",
    "consecutive-corner": "corners",
    "corner": "corners",
    "cr": "column_row",
    "crim": "column_row",
    "crit": "rit",
    "downright": "lctr",
    "scc": "corners",
    "welter": "sato_welter",
}


def module_of(name: str) -> str | None:
    """The module of this package that registers the built-in game `name` (lower case),
    if one can: its row in `OTHER_NAMES`, else the module named by the leading words of
    `name`, the most words first.  None: no built-in game has that name.

    >>> module_of("sato-welter"), module_of("no-such-game")
    ('grundy.games.sato_welter', None)
    """
    if name in OTHER_NAMES:
        return f"{__name__}.{OTHER_NAMES[name]}"
    words = name.split("-")
    for count in range(len(words), 0, -1):
        module = "_".join(words[:count])
        if _is_game_module(module):
            return f"{__name__}.{module}"
    return None


def _is_game_module(module: str) -> bool:
    """Whether `module` is a module of this package that may register games: not a
    kernel (whose import loads numba) and not a private one."""
    if not module.isidentifier() or module.startswith("_") or module.endswith("_kernel"):
        return False
    return importlib.util.find_spec(f"{__name__}.{module}") is not None


def load(name: str) -> bool:
    """Import the module that registers the built-in game `name` (lower case), if there
    may be one (`module_of`); returns whether there may be."""
    module = module_of(name)
    if module is not None:
        importlib.import_module(module)
    return module is not None


def load_all() -> None:
    """Import every module of this package but the kernels, so that every built-in game
    is registered."""
    for module in pkgutil.iter_modules(__path__):
        if _is_game_module(module.name):
            importlib.import_module(f"{__name__}.{module.name}")


def __getattr__(name: str) -> ModuleType:
    """A submodule not imported yet (``grundy.games.chomp``): import it (PEP 562)."""
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
