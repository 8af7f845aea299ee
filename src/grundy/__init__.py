"""grundy: Sprague–Grundy values of impartial games on Young diagrams,
Boolean matrices and partially ordered sets, with the strategy behind them.

The papers it implements are listed in the README; every closed form cites
its source and is checked against exhaustive search in the tests.

>>> import grundy
>>> grundy.value("lctr", "8,7,6,5^2,2,1"), grundy.outcome("cr", "4,2,1")
(0, 'N')

Importing grundy is cheap: `coin_turning`, `posets`, `count` and `stats`
(which bring in the poset and analysis code) are imported on first access,
and each game's module when the game is first looked up (`grundy.games`).
"""

import importlib
from typing import Any

from grundy import nim
from grundy.game import FunctionRuleset, Option, PartitionRuleset, Ruleset, capabilities
from grundy.jupyter import register_svg
from grundy.partition import Partition
from grundy.registry import get_ruleset, register, ruleset_names, rulesets
from grundy.solver import Solver, options, outcome, solver_for, value, winning_moves
from grundy.sums import PartitionSum, PartitionSumRuleset

__all__ = [
    "FunctionRuleset",
    "Option",
    "Partition",
    "PartitionRuleset",
    "PartitionSum",
    "PartitionSumRuleset",
    "Ruleset",
    "Solver",
    "capabilities",
    "coin_turning",
    "count",
    "get_ruleset",
    "nim",
    "options",
    "outcome",
    "posets",
    "register",
    "ruleset_names",
    "rulesets",
    "solver_for",
    "stats",
    "value",
    "winning_moves",
]

__version__ = "0.3.0"

# Jupyter pictures of partitions and posets: the render layer above them draws them, on
# first display (`grundy.jupyter`).
register_svg("grundy.partition.Partition", "grundy.render.young:partition_svg")
register_svg("grundy.posets.core.Poset", "grundy.render.hasse:hasse_svg")

#: The attributes imported on first access (PEP 562): name → (module, attribute or None).
_LAZY = {
    "coin_turning": ("grundy.games.coin_turning", None),
    "count": ("grundy.analysis", "count"),
    "posets": ("grundy.posets", None),
    "stats": ("grundy.analysis", "stats"),
}


def __dir__() -> list[str]:
    """The module's names with the lazy ones (`count`, `stats`, ...) not yet imported."""
    return sorted({*globals(), *_LAZY})


def __getattr__(name: str) -> Any:
    """`coin_turning`, `count`, `posets`, `stats`: imported on first access (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _LAZY[name]
    found = importlib.import_module(module)
    if attribute is not None:
        found = getattr(found, attribute)
    globals()[name] = found
    return found
