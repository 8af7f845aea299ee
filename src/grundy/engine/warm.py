"""Compiling every built-in kernel ahead of time (`grundy warm`): for a cluster image or a
shared machine, so that no command, worker or notebook pays the compile on first use.

For each game with a compiled kernel, `warm` runs tiny searches that compile (or load
from the disk cache, `grundy.engine.cache`) what the engine runs for it: the search
drivers, the census and the canonical form for narrow and wide words (narrow only for
a kernel whose keys carry more than the diagram), and — for a
kernel of plain partitions — the atlas's level loop and box loop (narrow words, and
wide ones for the box loop; the level loop meets wide words only at n ≥ 56, whose
levels take far longer than its compile).  Every value they compute is thrown away.

>>> [rules.name for rules in kernel_games()][:3]
['anticorner', 'chess-bishop', 'chess-king']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import numpy as np

from grundy.engine import CompiledKernel, Search, encode
from grundy.engine.drivers import partition_words
from grundy.engine.kernel import NARROW_CENSUS_N
from grundy.engine.transposition import pack
from grundy.engine.wordops import NARROW_LETTERS
from grundy.game import Ruleset, capabilities
from grundy.partition import Partition
from grundy.registry import get_ruleset, rulesets

__all__ = ["kernel_games", "warm", "warm_kernel"]

#: The longest row of the wide diagram: [60] has 61 letters, past a narrow word's 56.
LONG_ROW = NARROW_LETTERS + 4
#: A diagram of each word width.
SMALL, LONG = Partition([1]), Partition([LONG_ROW])


def kernel_games(names: Iterable[str] | None = None) -> list[Ruleset]:
    """The games named (ValueError for one without a compiled kernel), or by default every
    registered game with one (built-in and plug-ins; a family that needs parameters, such
    as ``chess``, through its registered members: ``chess-king``, …)."""
    if names is None:
        return [
            rules
            for rules in rulesets()
            if not rules.requires_parameters and "kernel" in capabilities(rules)
        ]
    chosen = [get_ruleset(name) for name in names]
    for rules in chosen:
        if "kernel" not in capabilities(rules):
            raise ValueError(f"{rules.name} has no compiled kernel to warm")
    return chosen


def warm_kernel(kernel: CompiledKernel) -> list[str]:
    """Compile (or load from the disk cache) what the engine runs for `kernel`; returns
    what was warmed.

    >>> from grundy import get_ruleset
    >>> warm_kernel(get_ruleset("cr").kernel)
    ['search, narrow and wide', 'atlas levels and boxes']
    """
    wide = kernel.can_census(NARROW_CENSUS_N + 1)  # a history in the key: narrow words only
    for diagram in (SMALL, LONG) if wide else (SMALL,):
        _search(kernel, encode(diagram) << kernel.census_shift)
    done = ["search, narrow and wide" if wide else "search, narrow"]
    if kernel.positions_are_partitions:
        _atlas(kernel)
        done.append("atlas levels and boxes")
    return done


#: Told after each game: its name, what was warmed, the seconds it took.
Report = Callable[[str, list[str], float], None]


def warm(games: Iterable[Ruleset], report: Report | None = None) -> None:
    """`warm_kernel` for each of `games` (`kernel_games`), calling
    `report(name, warmed, seconds)` after each."""
    for width in (1, 2):
        partition_words(1, 1, width)  # the census's enumeration
    for rules in games:
        start = time.perf_counter()
        warmed = warm_kernel(rules.kernel)
        if report is not None:
            report(rules.name, warmed, time.perf_counter() - start)


def _search(kernel: CompiledKernel, key: int) -> None:
    """A nimber test (where the kernel allows it) and a full mex of one packed position: the
    test first, while the table knows nothing (a known value needs no test)."""
    width = 1 if key.bit_length() <= NARROW_LETTERS else 2
    search = Search(kernel, width=width, progress=False)
    if not kernel.splits:
        search.value(key, method="test")
    search.values(np.array([pack(key, width)], dtype=np.uint64))


def _atlas(kernel: CompiledKernel) -> None:
    """The atlas's level loop (levels 0 … 2) and box loop (a 2 × 2 box, narrow words, and a
    1 × 60 box, wide ones)."""
    from grundy.engine.box_levels import BoxEngine
    from grundy.engine.levels import LevelEngine

    levels = LevelEngine(kernel, n_max=2)
    for n in range(3):
        levels.value_level(n)
    for rows, columns in ((2, 2), (1, LONG_ROW)):
        BoxEngine(kernel, rows, columns).value_level(0)
