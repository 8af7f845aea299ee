"""grundy: Sprague–Grundy values of impartial games on Young diagrams,
Boolean matrices and partially ordered sets, with the strategy behind them.

The papers it implements are listed in the README; every closed form cites
its source and is checked against exhaustive search in the tests.
"""

from grundy import nim, posets
from grundy.analysis import count, stats
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
from grundy.games import coin_turning
from grundy.partition import Partition

__all__ = [
    "Option",
    "Partition",
    "Ruleset",
    "Solver",
    "coin_turning",
    "count",
    "get_ruleset",
    "nim",
    "options",
    "outcome",
    "posets",
    "register",
    "stats",
    "value",
    "winning_moves",
]

__version__ = "0.1.0"
