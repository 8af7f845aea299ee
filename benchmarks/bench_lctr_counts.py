"""The Durfee-window count of partitions by LCTR value: column automaton + packed
big-integer products (`grundy.games.lctr.lctr_counts.durfee_count_table`) against the
method it replaced, for normal LCTR (OEIS A373457 is the value-0 column).

Run:  .venv/bin/python benchmarks/bench_lctr_counts.py [--compare 300,500] [--alone 2000,5000,10000]

1. For each n in --compare: the replaced method (`committed_durfee_count_table`
   below: every arm tail of 3 parts enumerated by `_arm_bins`, numpy object-array
   convolutions per Durfee length; about n³ steps) and the new one, in this
   process, the same table checked, times and ratio.
2. For each n in --alone: the new method alone, with a(n) (digits and leading digits)
   and a check that the row sums to p(n).

Times are wall-clock seconds (`time.perf_counter`) of one run each.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from math import isqrt

import numpy as np

from grundy.games.lctr.lctr_base import DIAGONAL_WINDOW, NO_OPTION, BoxTable, box_table
from grundy.games.lctr.lctr_counts import _window_value, durfee_count_table
from grundy.partition import partition_numbers

Bins = list[tuple[int, int, tuple[int, ...], int]]


# ---------------------------------------------------------- the replaced method
def _tails(width: int, budget: int, cap: int) -> Iterator[tuple[int, ...]]:
    """Non-increasing tuples of `width` parts ≤ cap (zeros allowed) with sum ≤ budget,
    in lexicographic order."""
    if width == 0:
        yield ()
        return
    for a in range(min(cap, budget) + 1):
        for rest in _tails(width - 1, budget - a, a):
            yield (a, *rest)


def _arm_bins(n_max: int, w: int, empty: int, box: BoxTable) -> dict[int, Bins]:
    """For k = 1 … w: the arm tails a = (a_1 ≥ … ≥ a_k ≥ 0) with |a| ≤ n_max, grouped
    as (a_1, a_2 + … + a_k, boundary class x(a), how many), sorted by a_1."""
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


def committed_durfee_count_table(
    game: str, n_max: int, misere: bool = False
) -> list[dict[int, int]]:
    """`durfee_count_table` as committed before the column automaton (normal and
    misère play, LCTR and Downright; no argument checks, no progress)."""
    lctr = game == "lctr"
    terminal = 1 if misere else 0
    w = DIAGONAL_WINDOW[game, misere]
    box = box_table(misere)
    totals = [np.zeros(n_max + 1, dtype=object) for _ in range(3)]
    if lctr:
        totals[terminal][0] = 1  # the empty partition (d = 0) is terminal
    bins = _arm_bins(n_max, w, terminal if lctr else NO_OPTION, box)
    restricted = np.zeros(n_max + 1, dtype=object)  # p_{≤f}(m), one more factor per d
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
        d += 1
    return [{v: int(totals[v][n]) for v in range(3) if totals[v][n]} for n in range(n_max + 1)]


# ---------------------------------------------------------------- the benchmark
def sizes(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def timed(fn, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def abbreviated(value: int) -> str:
    digits = str(value)
    return digits if len(digits) <= 24 else f"{digits[:12]}…({len(digits)} digits)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=sizes, default=sizes("300,500"))
    parser.add_argument("--alone", type=sizes, default=sizes("2000,5000,10000"))
    args = parser.parse_args()
    print("normal LCTR, all sizes 0 … n at once; a(n) = #partitions of n with value 0")
    print(f"{'n':>6} {'committed s':>12} {'new s':>9} {'ratio':>7}  {'a(n)':<34} check")
    for n in args.compare:
        new, t_new = timed(durfee_count_table, "lctr", n)
        old, t_old = timed(committed_durfee_count_table, "lctr", n)
        assert new == old, n
        times = f"{t_old:>12.2f} {t_new:>9.2f} {t_old / t_new:>7.1f}"
        print(f"{n:>6} {times}  {abbreviated(new[n][0]):<34} same table")
    p = partition_numbers(max(args.alone, default=0))
    for n in args.alone:
        new, t_new = timed(durfee_count_table, "lctr", n)
        assert all(sum(new[m].values()) == p[m] for m in range(1, n + 1)), n
        times = f"{'':>12} {t_new:>9.2f} {'':>7}"
        print(f"{n:>6} {times}  {abbreviated(new[n][0]):<34} rows sum to p(m), m <= n")
    print(f"(Durfee lengths: {', '.join(f'{n}: {isqrt(n)}' for n in args.compare + args.alone)})")


if __name__ == "__main__":
    main()
