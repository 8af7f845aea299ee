"""The built-in rulesets, one folder a game family: each is registered when its module is
imported.

A family's folder holds its rules (the modules that register games), its compiled
options kernels (``<game>_kernel.py``, which import numba: a game declares ``kernel =
LazyKernel("grundy.games.chomp.chomp_kernel:CHOMP")`` and never imports its kernel, so
importing a game loads no numba; docs/architecture.md, "Start-up"), its closed forms and
counts and its papers' tables: ``lctr/`` holds LCTR and Downright (``lctr.py``), their 3-d and
non-repeating variants, counts and game trees.  Module names are unique across the
folders, so a module is found by its name alone.

The modules are imported on demand, so a command about one game pays only for that
game's imports: `grundy.registry` imports the module of a built-in name when it is first
looked up (`load`), and every module when all games are listed (`load_all`).  A
family is also an attribute of this package, and a module of its family's, imported on
first access (``grundy.games.chomp.chomp``).

A name is found in the module its leading words name: ``chomp`` in ``chomp/chomp.py``,
``lctr-3d`` in ``lctr/lctr_3d.py``, ``chess-king`` in ``chess/chess.py`` (`module_of`).
Only the names that do not start with their module's name are listed, in `OTHER_NAMES`;
the classes declare every name, and tests/test_registry.py checks that each is found in
the module that registers it.

>>> module_of("crim"), module_of("chess-king"), module_of("lctr-3d")
('grundy.games.column_row.column_row', 'grundy.games.chess.chess', 'grundy.games.lctr.lctr_3d')
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grundy.game import Ruleset

__all__ = [
    "OTHER_NAMES",
    "SPELLINGS",
    "game_modules",
    "lazy_submodules",
    "load",
    "load_all",
    "module_of",
    "spelled",
]

#: The built-in names (lower case) that do not start with their module's name → that
#: module (its family folder is found by `game_modules`).
OTHER_NAMES = {
    "anticorner": "corners",
    "coins": "coin_turning",
    "consecutive-corner": "corners",
    "corner": "corners",
    "cr": "column_row",
    "crim": "column_row",
    "crit": "rit",
    "dawson-kayles": "octal",
    "downright": "lctr",
    "grundy-game": "octal",
    "kayles": "octal",
    "scc": "corners",
    "welter": "sato_welter",
}

#: The families whose games are named by a spelling, not a list: ``module:function`` of a
#: function taking a lower-case name and returning its game, None for a name not spelled
#: its way, or a ValueError for a bad spelling (an octal code: ``0.77``, ``4.07``).
SPELLINGS = ("grundy.games.octal.octal:game_of_code",)


@functools.cache
def game_modules() -> dict[str, str]:
    """Every module of the family folders that may register games (not a kernel, whose
    import loads numba, nor a private one) → its family, read from the folders without
    importing anything.

    >>> game_modules()["lctr_3d"]
    'lctr'
    """
    found: dict[str, str] = {}
    for family in pkgutil.iter_modules(__path__):
        if not family.ispkg:
            continue
        for module in pkgutil.iter_modules([str(Path(__path__[0]) / family.name)]):
            name = module.name
            if not (name.startswith("_") or name.endswith("_kernel") or module.ispkg):
                if name in found:
                    raise RuntimeError(
                        f"module {name} is in both {found[name]}/ and {family.name}/"
                    )
                found[name] = family.name
    return found


def module_of(name: str) -> str | None:
    """The module that registers the built-in game `name` (lower case), if one can: its
    row in `OTHER_NAMES`, else the module named by the leading words of `name`, the most
    words first.  None: no built-in game has that name.

    >>> module_of("sato-welter"), module_of("no-such-game")
    ('grundy.games.sato_welter.sato_welter', None)
    """
    modules = game_modules()
    if name in OTHER_NAMES:
        module = OTHER_NAMES[name]
        return f"{__name__}.{modules[module]}.{module}"
    words = name.split("-")
    for count in range(len(words), 0, -1):
        module = "_".join(words[:count])
        if module in modules:
            return f"{__name__}.{modules[module]}.{module}"
    return None


def load(name: str) -> bool:
    """Import the module that registers the built-in game `name` (lower case), if there
    may be one (`module_of`); returns whether there may be."""
    module = module_of(name)
    if module is not None:
        importlib.import_module(module)
    return module is not None


def spelled(name: str) -> Ruleset | None:
    """The game `name` (lower case) spells in a family of `SPELLINGS`, or None.

    >>> spelled("0.77").name, spelled("no-such-game")
    ('kayles', None)
    """
    for target in SPELLINGS:
        module, _, function = target.partition(":")
        found = getattr(importlib.import_module(module), function)(name)
        if found is not None:
            return found
    return None


def load_all() -> None:
    """Import every game module of every family, so that every built-in game is
    registered."""
    for module, family in game_modules().items():
        importlib.import_module(f"{__name__}.{family}.{module}")


def lazy_submodules(package: str) -> Callable[[str], ModuleType]:
    """A package's PEP 562 ``__getattr__`` that imports a submodule on first access
    (``grundy.games.chomp`` → ``grundy.games.chomp.chomp_kernel``), so that naming a
    family or module imports only what it names.

    >>> lazy_submodules("grundy.games")("chomp").__name__
    'grundy.games.chomp'
    """

    def __getattr__(name: str) -> ModuleType:
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    return __getattr__


__getattr__ = lazy_submodules(__name__)
