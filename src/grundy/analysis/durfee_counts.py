"""Counting partitions by value without enumerating them: the Durfee window.

Write a partition λ with Durfee length d (000 §2.1) as the d×d square, an
*arm* α = (λ_1 − d, …, λ_d − d), a partition with at most d parts (zeros
allowed), and a *leg* whose conjugate β' = (β'_1, …, β'_d) is another such
partition.  (d, α, β') ↔ λ is a bijection, |λ| = d² + |α| + |β'|.

* LCTR (normal play), 000 Corollary 16: for d ≥ 3, SG(λ) = SG(λ[d−3, d−3]),
  and λ[d−3, d−3] is the 3×3 square with arm (α_{d−2}, α_{d−1}, α_d) and leg
  (β'_{d−2}, β'_{d−1}, β'_d).  Its value follows from Eq. (3) on the 3×3
  square once the boundary values are known: SG(λ[i, 3]) = SG([α_{d−2+i}, …,
  α_d]) for i < 3 and, by conjugation (000 Lemma 6), the same function of β'.
  For d < 3 the window is λ itself (the d×d square, the whole arm and leg).
* Downright (normal play), 000 Theorem 11: SG(λ) = SG(λ[d−1, d−1]), the
  gamma [1 + α_d, 1^{β'_d}], whose value is the mex of its (at most two)
  options [α_d] (right) and [1^{β'_d}] (down), 0 if it is the corner [1].

So the value of λ depends only on d, the boundary class x(α) of the last k =
min(d, 3) (LCTR) or k = 1 (Downright) parts of the arm, and y(β') of the leg.
The arms with given last k parts a = (a_1 ≥ … ≥ a_k) are a plus a partition
into at most f = d − k parts each ≥ a_1, counted by p_{≤f}(m − |a| − f·a_1).
Hence, with N_d[x] = Σ_{a: x(a)=x} q^{|a| + f·a_1} / ((1−q)…(1−q^f)),

    Σ_n #{λ ⊢ n : SG(λ) = v} q^n = Σ_d q^{d²} Σ_{x, y : F(x, y) = v} N_d[x] · N_d[y].

This costs about n³/36 small steps plus O(27·3·√n) convolutions of length n
for all sizes up to n at once, instead of p(n) partitions.  Corollary 16 and
Theorem 11 are theorems of 000; `durfee_count_table` is in addition checked
against the enumerating `counts.count_table` for every n ≤ 60 in the tests
(and to n = 110 in the findings).  Misère play has no such window theorem in
000, so it is not offered here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grundy.game import Ruleset, get_ruleset

if TYPE_CHECKING:
    import numpy as np

__all__ = ["durfee_count_table"]

_NONE = 3  # "no option" (Downright boundary where the arm or leg part is 0)


def _mex2(a: int, b: int) -> int:
    m = 0
    while m in (a, b):
        m += 1
    return m


Bins = list[tuple[int, int, tuple[int, ...], int]]


def _lctr_arm_bins(n_max: int) -> dict[int, Bins]:
    """For k = 1, 2, 3: the arm tails a = (a_1 ≥ … ≥ a_k ≥ 0) with |a| ≤ n_max, grouped
    as (a_1, a_2 + … + a_k, boundary class x(a), how many), sorted by a_1.

    x(a) = (SG(L([a_1, …, a_k])), SG(L([a_2, …, a_k])), …, SG(L([a_k]))), the values
    of λ[i, k] next to the window (module docstring).  The values of the partitions
    with at most three rows come from 000 Eq. (3): the top row leaves [a2, a3], the
    left column [a1−1, a2−1, a3−1].
    """
    sg: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for a1 in range(1, n_max + 1):
        for a2 in range(min(a1, n_max - a1) + 1):
            for a3 in range(min(a2, n_max - a1 - a2) + 1):
                top = sg[(a2, a3, 0)]
                left = sg[(a1 - 1, max(a2 - 1, 0), max(a3 - 1, 0))]
                sg[(a1, a2, a3)] = _mex2(top, left)
    tallies: dict[int, dict[tuple[int, int, tuple[int, ...]], int]] = {1: {}, 2: {}, 3: {}}
    for (a1, a2, a3), value in sg.items():
        keys = [(3, (a1, a2 + a3, (value, sg[(a2, a3, 0)], sg[(a3, 0, 0)])))]
        if a3 == 0:
            keys.append((2, (a1, a2, (value, sg[(a2, 0, 0)]))))
            if a2 == 0:
                keys.append((1, (a1, 0, (value,))))
        for k, key in keys:
            tallies[k][key] = tallies[k].get(key, 0) + 1
    return {k: sorted((*key, mult) for key, mult in t.items()) for k, t in tallies.items()}


def _downright_arm_bins(n_max: int) -> dict[int, Bins]:
    """k = 1 only (000 Theorem 11): x(a) = SG(D([a_1])) — the corner [1] is 0, then the
    values alternate (000 Eq. (4)) — or _NONE when a_1 = 0 (no move right)."""
    return {1: [(a1, 0, (_NONE,) if a1 == 0 else ((a1 - 1) % 2,), 1) for a1 in range(n_max + 1)]}


def _lctr_window_value(x: tuple[int, ...], y: tuple[int, ...]) -> int:
    """SG of the k×k square with SG(λ[i, k]) = x[i] and SG(λ[k, j]) = y[j] (000 Eq. (3))."""
    k = len(x)
    grid = [[0] * (k + 1) for _ in range(k + 1)]
    for i in range(k):
        grid[i][k] = x[i]
        grid[k][i] = y[i]
    for i in range(k - 1, -1, -1):
        for j in range(k - 1, -1, -1):
            grid[i][j] = _mex2(grid[i + 1][j], grid[i][j + 1])
    return grid[0][0]


def _downright_window_value(x: tuple[int, ...], y: tuple[int, ...]) -> int:
    """SG of the gamma [1 + a, 1^b] from the values x = (SG D([a]),), y = (SG D([1^b]),)
    (_NONE where a or b is 0): 000 Eq. (4)."""
    options = [v for v in (x[0], y[0]) if v != _NONE]
    if not options:
        return 0  # the corner [1]
    return _mex2(options[0], options[-1])  # one option or two


def durfee_count_table(
    game: str | Ruleset, n_max: int, progress: Callable[[int], None] | None = None
) -> list[dict[int, int]]:
    """[{value: number of partitions of n with that value} for n = 0 … n_max], normal play.

    Same answer as `grundy.analysis.counts.count_table(game, n_max)` (tested for
    n ≤ 60), computed from the Durfee window (module docstring; 000 Corollary 16
    for LCTR, Theorem 11 for Downright) without enumerating partitions.
    `progress(d)` is called after each Durfee length d.
    """
    import numpy as np  # object arrays: exact big-integer convolutions in C loops

    rules = get_ruleset(game)
    if rules.name not in ("lctr", "downright"):
        raise ValueError(f"Durfee-window counts are for lctr and downright, not {rules.name!r}")
    if isinstance(n_max, bool) or not isinstance(n_max, int):
        raise TypeError(f"n must be an int, got {type(n_max).__name__}")
    if n_max < 0:
        raise ValueError(f"n must be non-negative, got {n_max}")
    lctr = rules.name == "lctr"
    totals = [np.zeros(n_max + 1, dtype=object) for _ in range(3)]
    if lctr:
        totals[0][0] = 1  # the empty partition (d = 0) is terminal
        bins = _lctr_arm_bins(n_max)
        window = _lctr_window_value
    else:
        bins = _downright_arm_bins(n_max)
        window = _downright_window_value

    # p_{≤f}(m) for the free arm parts, one more factor 1/(1 − q^f) per d
    restricted = np.zeros(n_max + 1, dtype=object)
    restricted[0] = 1
    restricted_for = 0
    d = 1
    while d * d <= n_max:
        k = min(d, 3) if lctr else 1
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
                v = window(x, y)
                if v in by_value:
                    by_value[v] = by_value[v] + ny
                else:
                    by_value[v] = ny
            for v, ny in by_value.items():
                totals[v][d * d :] += np.convolve(nx, ny)[: limit + 1]
        if progress is not None:
            progress(d)
        d += 1
    return [{v: int(totals[v][n]) for v in range(3) if totals[v][n]} for n in range(n_max + 1)]
