"""How many partitions of n have each LCTR / Downright value: two exact counts.

The number of partitions of n with normal LCTR value 0 is OEIS A373457.

The Durfee window (`durfee_count_table`, the default)
-----------------------------------------------------

Write a partition λ with Durfee length d (000 §2.1) as the d×d square, an
*arm* α = (λ_1 − d, …, λ_d − d), a partition with at most d parts (zeros
allowed), and a *leg* whose conjugate β' = (β'_1, …, β'_d) is another such
partition.  (d, α, β') ↔ λ is a bijection, |λ| = d² + |α| + |β'|.

Values are constant along the main diagonal down to a window of width w at
the Durfee square (`grundy.games.lctr.DIAGONAL_WINDOW`): SG(λ) = SG(λ[d−w, d−w])
for d ≥ w, with

* w = 3 for LCTR, normal play (000 Corollary 16);
* w = 1 for Downright, normal play (000 Theorem 11);
* w = 2 for LCTR and Downright, misère play ("Misère propagation" in the
  docstring of `grundy.games.lctr`, proved there; not in 000/001).

With k = min(d, w), λ[d−k, d−k] is the k×k square with arm (α_{d−k+1}, …, α_d)
and leg (β'_{d−k+1}, …, β'_d); for d < w this is λ itself, so small d are exact
too (d = 0 is the empty partition: terminal in LCTR, not a Downright position).
Its value follows from the per-box recursion on the k×k square (000 Eq. (3)
for LCTR, Eq. (4) for Downright) once the boundary values are known:
SG(λ[i, k]) = SG([α_{d−k+1+i}, …, α_d]) for i < k — a partition with at most w
rows, valued by the same recursion — and, by conjugation (000 Lemma 6), the
same function of β' for SG(λ[k, i]).  In LCTR an empty boundary partition is
the terminal position (0, misère 1); in Downright it is no move at all.

So the value of λ depends only on d, the boundary class x(α) of the last k
parts of the arm, and y(β') of the leg.  The arms with given last k parts
a = (a_1 ≥ … ≥ a_k) are a plus a partition into at most f = d − k parts each
≥ a_1, counted by p_{≤f}(m − |a| − f·a_1).  Hence, with
N_d[x] = Σ_{a: x(a)=x} q^{|a| + f·a_1} / ((1−q)…(1−q^f)),

    Σ_n #{λ ⊢ n : SG(λ) = v} q^n = Σ_d q^{d²} Σ_{x, y : F(x, y) = v} N_d[x] · N_d[y].

This costs about n^w/w!² small steps plus O(|classes|²·√n) convolutions of
length n for all sizes up to n at once, instead of p(n) partitions.
`durfee_count_table` is in addition checked against the enumerating
`enumerated_count_table` for every n ≤ 60, normal and misère play, in
the tests (and to n = 110 for normal LCTR in the findings).

The top-row vectors (`enumerated_count_table`)
----------------------------------------------
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

>>> durfee_count_table("lctr", 6)[6] == enumerated_count_table("lctr", 6)[6]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import isqrt
from typing import TYPE_CHECKING

from grundy.games.lctr import DIAGONAL_WINDOW, check_game
from grundy.nim import mex
from grundy.validate import check_non_negative

if TYPE_CHECKING:
    import numpy as np

__all__ = ["durfee_count_table", "enumerated_count_table"]

_NONE = 3  # "no option": a Downright neighbour outside the diagram (values are ≤ 2)

# _PAIR_MEX[x][y] = mex{x, y} where _NONE stands for a missing option; mex(∅), the
# terminal value, depends on the play convention and is set by the caller.
_PAIR_MEX = [[next(m for m in range(4) if m not in (x, y)) for y in range(4)] for x in range(4)]

Bins = list[tuple[int, int, tuple[int, ...], int]]
Table = tuple[tuple[int, ...], ...]


def _box_table(misere: bool) -> Table:
    """T[down][right]: the value of a box from the codes of its two neighbours
    (000 Eq. (3), (4)); _NONE = no such option, and a box with no option at all
    (a Downright corner) is terminal: 0, misère 1 (000 §2.3).  One table serves
    both games: in LCTR an empty neighbour is coded by its terminal value, so
    _NONE never occurs there."""
    terminal = 1 if misere else 0

    def box(down: int, right: int) -> int:
        options = {v for v in (down, right) if v != _NONE}
        return mex(options) if options else terminal

    return tuple(tuple(box(down, right) for right in range(4)) for down in range(4))


def _tails(width: int, budget: int, cap: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of `width` parts ≤ cap (zeros allowed) with sum ≤ budget,
    in lexicographic order."""
    if width == 0:
        yield ()
        return
    for a in range(min(cap, budget) + 1):
        for rest in _tails(width - 1, budget - a, a):
            yield (a, *rest)


def _arm_bins(n_max: int, w: int, empty: int, box: Table) -> dict[int, Bins]:
    """For k = 1 … w: the arm tails a = (a_1 ≥ … ≥ a_k ≥ 0) with |a| ≤ n_max, grouped
    as (a_1, a_2 + … + a_k, boundary class x(a), how many), sorted by a_1.

    x(a) = (SG([a_1, …, a_k]), SG([a_2, …, a_k]), …, SG([a_k])), the values of
    λ[i, k] next to the window (module docstring).  The partitions with at most w
    rows are valued by the per-box recursion (000 Eq. (3)/(4)): the top-left box
    steps down to [a_2, …] and right to [a_1 − 1, a_2 − 1, …]; `empty` codes the
    empty partition (LCTR: terminal value; Downright: _NONE, no move).
    """
    zero = (0,) * w
    sg: dict[tuple[int, ...], int] = {}
    for a in _tails(w, n_max, n_max):  # lexicographic: both options come earlier
        if a == zero:
            sg[a] = empty
            continue
        down = sg[(*a[1:], 0)]
        right = sg[tuple(max(p - 1, 0) for p in a)]
        sg[a] = box[down][right]
    tallies: dict[int, dict[tuple[int, int, tuple[int, ...]], int]] = {
        k: {} for k in range(1, w + 1)
    }
    for a in sg:
        length = w
        while length > 0 and a[length - 1] == 0:
            length -= 1
        for k in range(max(length, 1), w + 1):  # a as a tail of k parts (zeros allowed)
            x = tuple(sg[(*a[i:], *(0,) * i)] for i in range(k))
            key = (a[0], sum(a[1:]), x)
            tallies[k][key] = tallies[k].get(key, 0) + 1
    return {k: sorted((*key, mult) for key, mult in t.items()) for k, t in tallies.items()}


def _window_value(x: tuple[int, ...], y: tuple[int, ...], box: Table) -> int:
    """SG of the k×k square with SG(λ[i, k]) = x[i] and SG(λ[k, j]) = y[j], by the
    per-box recursion (000 Eq. (3)/(4))."""
    k = len(x)
    grid = [[0] * (k + 1) for _ in range(k + 1)]
    for i in range(k):
        grid[i][k] = x[i]
        grid[k][i] = y[i]
    for i in range(k - 1, -1, -1):
        for j in range(k - 1, -1, -1):
            grid[i][j] = box[grid[i + 1][j]][grid[i][j + 1]]
    return grid[0][0]


def durfee_count_table(
    game: str,
    n_max: int,
    progress: Callable[[int, int], None] | None = None,
    misere: bool = False,
) -> list[dict[int, int]]:
    """[{value: number of partitions of n with that value} for n = 0 … n_max].

    `game` is "lctr" or "downright".  Same answer as
    `enumerated_count_table(game, n_max, misere)` (tested for n ≤ 60, both
    plays), computed from the Durfee window (module docstring: 000 Corollary
    16 for normal LCTR, Theorem 11 for normal Downright, "Misère propagation"
    of `grundy.games.lctr` for misère play)
    without enumerating partitions.  `progress(d, D)` is called after each Durfee
    length d = 1 … D.
    """
    import numpy as np  # object arrays: exact big-integer convolutions in C loops

    game = check_game(game)
    check_non_negative(n=n_max)
    if not isinstance(misere, bool):
        raise TypeError(f"misere must be a bool, got {type(misere).__name__}")
    lctr = game == "lctr"
    terminal = 1 if misere else 0
    w = DIAGONAL_WINDOW[game, misere]
    box = _box_table(misere)
    totals = [np.zeros(n_max + 1, dtype=object) for _ in range(3)]
    if lctr:
        totals[terminal][0] = 1  # the empty partition (d = 0) is terminal
    bins = _arm_bins(n_max, w, terminal if lctr else _NONE, box)

    # p_{≤f}(m) for the free arm parts, one more factor 1/(1 − q^f) per d
    restricted = np.zeros(n_max + 1, dtype=object)
    restricted[0] = 1
    restricted_for = 0
    d = 1
    while d * d <= n_max:
        k = min(d, w)
        free = d - k
        while restricted_for < free:
            restricted_for += 1
            for m in range(restricted_for, n_max + 1):
                restricted[m] += restricted[m - restricted_for]
        limit = n_max - d * d
        classes: dict[tuple[int, ...], np.ndarray] = {}
        for a1, rest, x, mult in bins[k]:
            weight = (1 + free) * a1 + rest
            if (1 + free) * a1 > limit:
                break  # bins are sorted by a1
            if weight > limit:
                continue
            h = classes.get(x)
            if h is None:
                h = classes[x] = np.zeros(limit + 1, dtype=object)
            h[weight] += mult
        grown = {
            x: np.convolve(h, restricted[: limit + 1])[: limit + 1] for x, h in classes.items()
        }
        for x, nx in grown.items():
            by_value: dict[int, np.ndarray] = {}
            for y, ny in grown.items():
                v = _window_value(x, y, box)
                if v in by_value:
                    by_value[v] = by_value[v] + ny
                else:
                    by_value[v] = ny
            for v, ny in by_value.items():
                totals[v][d * d :] += np.convolve(nx, ny)[: limit + 1]
        if progress is not None:
            progress(d, isqrt(n_max))
        d += 1
    return [{v: int(totals[v][n]) for v in range(3) if totals[v][n]} for n in range(n_max + 1)]


def enumerated_count_table(
    game: str,
    n_max: int,
    misere: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[int, int]]:
    """`count_table` by the top-row-vector dynamic programme (module docstring;
    000 Eq. (3), (4)): exact for normal and misère play.  `progress(n + 1, n_max + 1)` is
    called after each size n is finished."""
    lctr = check_game(game) == "lctr"
    check_non_negative(n=n_max)
    terminal = 1 if misere else 0
    # The value of λ[i, j] for a j beyond μ's top row: [] in LCTR, no move in Downright.
    beyond = terminal if lctr else _NONE
    mex = [row[:] for row in _PAIR_MEX]
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
            progress(size + 1, n_max + 1)
    return table
