"""grundy: Sprague–Grundy values of impartial games on Young diagrams,
Boolean matrices and partially ordered sets, with the strategy behind them.

The papers it implements are listed in the README; every closed form cites
its source and is checked against exhaustive search in the tests.

>>> import grundy
>>> grundy.value("lctr", "8,7,6,5^2,2,1"), grundy.outcome("cr", "4,2,1")
(0, 'N')

Importing grundy is cheap: every subpackage and module a user reaches as
``grundy.X`` (`atlas`, `analysis`, `posets`, `render`, ...) is imported on first
access, and so are `coin_turning`, `count` and `stats`; each game's module is
imported when the game is first looked up (`grundy.games`).

>>> grundy.atlas.open.__module__
'grundy.atlas.opening'
"""

from typing import Any as _Any

from grundy import nim
from grundy.answers import Answer, answer, options, outcome, value, winning_moves
from grundy.game import FunctionRuleset, Option, PartitionRuleset, Ruleset, capabilities
from grundy.jupyter import register_svg as _register_svg
from grundy.partition import Partition
from grundy.registry import get_ruleset, register, ruleset_names, rulesets
from grundy.solver import Solver, solver_for
from grundy.sums import PartitionSum, PartitionSumRuleset

__all__ = [
    "Answer",
    "FunctionRuleset",
    "Option",
    "Partition",
    "PartitionRuleset",
    "PartitionSum",
    "PartitionSumRuleset",
    "Ruleset",
    "Solver",
    "answer",
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
_register_svg("grundy.partition.Partition", "grundy.render.young:partition_svg")
_register_svg("grundy.posets.poset.Poset", "grundy.render.hasse:hasse_svg")

#: The attributes of other modules imported on first access (PEP 562): name → (module,
#: attribute).  Every submodule (``grundy.atlas``, ...) is imported on first access too.
_LAZY = {
    "coin_turning": ("grundy.games.coin_turning.coin_turning", None),
    "count": ("grundy.analysis", "count"),
    "stats": ("grundy.analysis", "stats"),
}

#: The public API under ``grundy``: the subpackages and modules a user is told to import
#: (the README, the tutorials), an entry ``X.*`` standing for the package X and every
#: module under it (a new game or analysis is public without an edit here).  `dir(grundy)`
#: lists their top-level names (`_PUBLIC_MODULES`), imported or not, and the API reference
#: gives each module a page (scripts/docs_reference.py).  The rest (the command line's and
#: the page's code, the compiled search, ...) is internal: reachable as ``grundy.X`` all
#: the same, but not listed.
_PUBLIC_API = (
    "answers",  # the door: which source answered (grundy.answer)
    "game",  # Ruleset and its kin: a game of your own
    "partition",
    "sums",
    "nim",
    "results",  # the results store a sweep or count is given
    "posets.*",
    "partizan.*",  # partizan games: canonical forms, outcome classes (grundy.partizan)
    "games.*",
    "analysis.*",
    "atlas.*",
    "render.*",
    "reproduce",
    "reproduce.catalogue",
    "reproduce.report",
)
_PUBLIC_MODULES = tuple(sorted({entry.partition(".")[0] for entry in _PUBLIC_API}))


def __dir__() -> list[str]:
    """The public API (`__all__`), the public submodules (imported or not) and the
    module's dunder names: nothing imported for internal use.

    >>> import grundy
    >>> "atlas" in dir(grundy) and not {"importlib", "cli", "solver"} & set(dir(grundy))
    True
    """
    dunder = [name for name in globals() if name.startswith("__")]
    return sorted({*__all__, *_PUBLIC_MODULES, *dunder})


def __getattr__(name: str) -> _Any:
    """`coin_turning`, `count`, `stats` and every submodule (``grundy.atlas``,
    ``grundy.analysis``, ...): imported on first access (PEP 562)."""
    import importlib.util  # loaded by Python's import system already: a lookup

    if name in _LAZY:
        module, attribute = _LAZY[name]
        found = importlib.import_module(module)
        if attribute is not None:
            found = getattr(found, attribute)
    elif (
        name.isidentifier()
        and not name.startswith("_")
        and importlib.util.find_spec(f"{__name__}.{name}") is not None
    ):
        found = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = found
    return found
