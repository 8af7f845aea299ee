"""How many positions of each size have each value, for any ruleset.

A ruleset that declares ``positions_of_size`` can be counted: every position
of size n is valued and tallied (`enumerated_count_table`).  Faster methods
are used where the game declares one, in this order:

* its own ``count_table`` (LCTR and Downright: the Durfee window of
  `grundy.games.lctr_counts`, no enumeration; `count("lctr", n)[0]` is OEIS
  A373457(n));
* its compiled kernel's census (`grundy.search`), which values every
  partition of every n ≤ N in one compiled pass.

>>> count("cr", 6)
{0: 2, 1: 1, 2: 4, 3: 4}
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.game import Ruleset
from grundy.registry import get_ruleset
from grundy.solver import solver_for
from grundy.validate import check_non_negative

__all__ = ["METHODS", "count", "count_table", "enumerated_count_table"]

#: "auto": the fastest method the game declares; "enumerate": value every position.
METHODS = ("auto", "enumerate")

Progress = Callable[[int, int], None]


def count_table(
    game: str | Ruleset,
    n_max: int,
    misere: bool = False,
    method: str = "auto",
    progress: Progress | None = None,
) -> list[dict[int, int]]:
    """[{value: number of positions of size n with that value} for n = 0 … n_max].

    `progress(done, total)` is called as the work advances.
    """
    rules = get_ruleset(game)
    check_non_negative(n=n_max)
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; choose one of {', '.join(METHODS)}")
    if method == "auto":
        fast = rules.count_table(n_max, misere, progress)
        if fast is None and rules.kernel is not None:
            fast = rules.kernel.count_table(n_max, misere, progress)
        if fast is not None:
            return fast
    return enumerated_count_table(rules, n_max, misere, progress)


def enumerated_count_table(
    game: str | Ruleset,
    n_max: int,
    misere: bool = False,
    progress: Progress | None = None,
) -> list[dict[int, int]]:
    """`count_table` by valuing every position of ``positions_of_size(n)``, n ≤ n_max."""
    rules = get_ruleset(game)
    check_non_negative(n=n_max)
    if rules.positions_of_size(0) is None:
        raise ValueError(
            f"game {rules.name!r} has no notion of position size, so its positions cannot "
            "be counted (it declares no positions_of_size)"
        )
    solver = solver_for(rules)
    table = []
    for n in range(n_max + 1):
        tally: dict[int, int] = {}
        for position in rules.positions_of_size(n) or ():
            v = solver.value(position, misere)
            tally[v] = tally.get(v, 0) + 1
        table.append(dict(sorted(tally.items())))
        if progress is not None:
            progress(n + 1, n_max + 1)
    return table


def count(
    game: str | Ruleset, n: int, misere: bool = False, method: str = "auto"
) -> dict[int, int]:
    """{value: how many positions of size n have it}; see `count_table`."""
    return count_table(game, n, misere, method)[n]
