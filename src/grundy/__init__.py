"""grundy: Sprague–Grundy values of impartial games on Young diagrams,
Boolean matrices and partially ordered sets, with the strategy behind them.

The papers it implements are listed in the README; every closed form cites
its source and is checked against exhaustive search in the tests.

>>> import grundy
>>> grundy.value("lctr", "8,7,6,5^2,2,1"), grundy.outcome("cr", "4,2,1")
(0, 'N')
"""

from grundy import nim, posets
from grundy.analysis import count, stats
from grundy.game import FunctionRuleset, Option, PartitionRuleset, Ruleset, capabilities
from grundy.games import coin_turning
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

__version__ = "0.2.0"
