"""grundy: Sprague–Grundy values of impartial games on Young diagrams,
Boolean matrices and partially ordered sets, with the strategy behind them.

The papers it implements are listed in the README; every closed form cites
its source and is checked against exhaustive search in the tests.
"""

from grundy.game import (
    Option,
    Ruleset,
    Solver,
    get_ruleset,
    options,
    outcome,
    register,
    value,
    winning_moves,
)
from grundy.analysis import count, stats
from grundy.partition import Partition
from grundy import nim, posets  # noqa: F401, I001  (public modules)
from grundy.games import coin_turning  # noqa: F401, I001

__all__ = [
    "count",
    "stats",
    "Option",
    "Partition",
    "Ruleset",
    "Solver",
    "get_ruleset",
    "options",
    "outcome",
    "register",
    "value",
    "winning_moves",
]

__version__ = "0.1.0"
