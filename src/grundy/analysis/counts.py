"""How many partitions of n have each LCTR / Downright value (normal or misère).

The number of partitions of n with normal LCTR value 0 is OEIS A373457.

Method (no partition is built, no value function is called).  Build every
partition from the bottom row up: λ is a new top row of length L ≥ μ1 on top
of μ = λ[1, 0].  Then λ[i, j] = μ[i−1, j] for i ≥ 1 (000 Eq. (1)), so the only
new sub-positions are λ[0, j], j < L, and their values follow from the values
of μ's top row by the per-box recursion of 000 Eq. (3) (LCTR) and Eq. (4)
(Downright), right to left:

    SG(λ[0, j]) = mex{SG(λ[1, j]), SG(λ[0, j+1])}

with λ[1, j] = μ[0, j], the empty partition being terminal in LCTR (value 0,
misère 1), and in Downright a move existing only into a non-empty partition
(a corner [1] is terminal: 0, misère 1).  The value of λ is that of λ[0, 0].

All that the future needs of λ is its *top-row vector* (SG(λ[0, j]))_{j<λ1},
so the partitions of each size are grouped by that vector with a
multiplicity: a dynamic programme over (size, vector) whose number of
distinct vectors is tiny next to the number of partitions (about 1.6·10⁵
vectors for all sizes ≤ 60, against 6.6·10⁶ partitions).  This is
`enumerated_count_table`: exact for normal and misère play, relying on
nothing but Eq. (3)/(4).

`durfee_counts.durfee_count_table` counts by the Durfee window instead, in
time polynomial in n, for normal play (000 Corollary 16, Theorem 11) and
misère play (window of width 2: "Misère propagation" in `grundy.games.lctr`);
the two are checked against each other.  `count_table(method="auto")` uses
the window for both plays.
"""

from __future__ import annotations

from collections.abc import Callable
from math import isqrt

from grundy.analysis.durfee_counts import durfee_count_table
from grundy.game import Ruleset, get_ruleset

__all__ = ["METHODS", "count", "count_steps", "count_table", "enumerated_count_table"]

METHODS = ("auto", "enumerate", "durfee")

_GAMES = ("lctr", "downright")
_NONE = 3  # "no such option" in the tables below (values are at most 2)

# _MEX[x][y] = mex{x, y} where _NONE stands for a missing option; mex(∅), the
# terminal value, depends on the play convention and is set by the caller.
_MEX = [[next(m for m in range(4) if m not in (x, y)) for y in range(4)] for x in range(4)]


def _game_name(game: str | Ruleset) -> str:
    rules = get_ruleset(game)
    if rules.name not in _GAMES:
        raise ValueError(f"counts are implemented for lctr and downright, not {rules.name!r}")
    return rules.name


def _check_n(n_max: object) -> int:
    if isinstance(n_max, bool) or not isinstance(n_max, int):
        raise TypeError(f"n must be an int, got {type(n_max).__name__}")
    if n_max < 0:
        raise ValueError(f"n must be non-negative, got {n_max}")
    return n_max


def _resolve(method: str) -> str:
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; choose one of {', '.join(METHODS)}")
    if method == "auto":
        return "durfee"
    return method


def count_steps(n_max: int, method: str = "auto") -> int:
    """How many times `count_table` will call `progress` (for a progress bar).

    One step per Durfee length ("durfee") or per size ("enumerate")."""
    if _resolve(method) == "durfee":
        return isqrt(_check_n(n_max))
    return _check_n(n_max) + 1


def count_table(
    game: str | Ruleset,
    n_max: int,
    misere: bool = False,
    method: str = "auto",
    progress: Callable[[int], None] | None = None,
) -> list[dict[int, int]]:
    """[{value: number of partitions of n with that value} for n = 0 … n_max].

    LCTR counts include the empty partition at n = 0; Downright is played on
    non-empty partitions only, so its n = 0 entry is {}.  `method`:
    "enumerate" (`enumerated_count_table`) or "durfee" (`durfee_count_table`),
    both exact for normal and misère play, or "auto" (the Durfee window).
    `progress(step)` is called `count_steps(n_max, method)` times.
    """
    _game_name(game)
    _check_n(n_max)
    if _resolve(method) == "durfee":
        return durfee_count_table(game, n_max, progress, misere)
    return enumerated_count_table(game, n_max, misere, progress)


def enumerated_count_table(
    game: str | Ruleset,
    n_max: int,
    misere: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[dict[int, int]]:
    """`count_table` by the top-row-vector dynamic programme (module docstring;
    000 Eq. (3), (4)): exact for normal and misère play.  `progress(n)` is
    called after each size n is finished."""
    name = _game_name(game)
    _check_n(n_max)
    lctr = name == "lctr"
    terminal = 1 if misere else 0
    # The value of λ[i, j] for a j beyond μ's top row: [] in LCTR, no move in Downright.
    beyond = terminal if lctr else _NONE
    mex = [row[:] for row in _MEX]
    mex[_NONE][_NONE] = terminal  # no option at all: a Downright corner
    # The new row's boxes j ≥ width (beyond μ's top row) see `beyond` below them,
    # so their values depend only on how many there are: tails[d] is that part
    # of a row with d such boxes, and chain[d] the value they pass to box width−1.
    start = terminal if lctr else _NONE  # the right option of the row's last box
    chain = [start]
    for _ in range(n_max):
        chain.append(mex[chain[-1]][beyond])
    tails = [tuple(reversed(chain[1 : d + 1])) for d in range(n_max + 1)]
    layers: list[dict[tuple[int, ...], int] | None] = [{} for _ in range(n_max + 1)]
    layers[0] = {(): 1}
    table: list[dict[int, int]] = []
    for size in range(n_max + 1):
        layer = layers[size]
        assert layer is not None
        tally: dict[int, int] = {}
        room = n_max - size
        for below, mult in layer.items():
            if below:
                tally[below[0]] = tally.get(below[0], 0) + mult
            elif lctr:
                tally[terminal] = tally.get(terminal, 0) + mult
            width = len(below)
            # heads[e]: the values of boxes 0 … width−1 when box `width` passes e
            heads: dict[int, tuple[int, ...]] = {}
            for length in range(max(width, 1), room + 1):
                extra = length - width
                entering = chain[extra]
                head = heads.get(entering)
                if head is None:
                    values = [0] * width
                    right = entering
                    for j in range(width - 1, -1, -1):
                        right = mex[right][below[j]]
                        values[j] = right
                    head = heads[entering] = tuple(values)
                key = head + tails[extra]
                target = layers[size + length]
                assert target is not None
                target[key] = target.get(key, 0) + mult
        layers[size] = None  # free: sizes only grow
        table.append(dict(sorted(tally.items())))
        if progress is not None:
            progress(size)
    return table


def count(
    game: str | Ruleset, n: int, misere: bool = False, method: str = "auto"
) -> dict[int, int]:
    """{value: how many partitions of n have it} for LCTR or Downright.

    `count("lctr", n)[0]` is OEIS A373457(n).  Exact.  By default by the
    Durfee window, normal and misère play (n = 300 in seconds); see
    `count_table`.
    """
    return count_table(game, n, misere, method)[n]
