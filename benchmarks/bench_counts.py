"""Counts of partitions of n by value, for every n <= 60 (issue 2 target: < 1 minute).

Ours, two exact methods (`grundy.games.lctr.lctr_counts`):
  * "enumerate": `enumerated_count_table`, the top-row-vector dynamic programme,
    normal and misère play;
  * "durfee": `durfee_count_table`, the Durfee-window count (000 Cor. 16, Thm. 11;
    for misère play the window-2 rule proved in `grundy/games/lctr/lctr.py`), normal and
    misère play — what `grundy.analysis.count_table` uses for these games ("auto").
Baseline, in the same run: the naive loop — enumerate every partition of n and
call `grundy.value` on it (solver memo cleared first) — at the sizes given.
Every answer is checked against the others; prints times and ratios.

    .venv/bin/python benchmarks/bench_counts.py [N_MAX] [BASELINE_SIZES]

BASELINE_SIZES is a comma list (default 20,30,40,50).
"""

from __future__ import annotations

import sys
import time

from grundy import get_ruleset, solver_for, value
from grundy.analysis import count_table
from grundy.games.lctr.lctr_counts import durfee_count_table, enumerated_count_table
from grundy.partition import partitions

VARIANTS = [("lctr", False), ("lctr", True), ("downright", False), ("downright", True)]


def baseline(game: str, n: int, misere: bool) -> dict[int, int]:
    """The naive loop: every partition of n, one value call each."""
    rules = get_ruleset(game)
    tally: dict[int, int] = {}
    for lam in partitions(n):
        if not lam and game == "downright":
            continue
        v = value(rules, lam, misere)
        tally[v] = tally.get(v, 0) + 1
    return dict(sorted(tally.items()))


def timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    base_sizes = [int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "20,30,40,50").split(",")]
    totals = {"enumerate": 0.0, "durfee": 0.0}
    for game, misere in VARIANTS:
        label = f"{game}{' misère' if misere else ''}"
        stamps: list[float] = []

        def stamp(done: int, total: int, stamps: list[float] = stamps) -> None:
            stamps.append(time.perf_counter())  # after size done - 1

        start = time.perf_counter()
        table = enumerated_count_table(game, n_max, misere, progress=stamp)
        t_enum = time.perf_counter() - start
        totals["enumerate"] += t_enum
        print(f"\n== {label}, every n <= {n_max}")
        marks = ", ".join(f"{n}: {stamps[n] - start:.2f}s" for n in range(10, n_max + 1, 10))
        print(f"   enumerate: {t_enum:.2f} s; cumulative when size n was done: {marks}")
        window, t_win = timed(durfee_count_table, game, n_max, misere=misere)
        totals["durfee"] += t_win
        assert window == table
        print(f"   durfee:    {t_win:.2f} s  (same table)")
        print(f"   n={n_max}: {table[n_max]}")
        print(f"   {'n':>3} {'p(n)':>8} {'ours s':>8} {'baseline s':>11} {'ratio':>8}")
        for n in base_sizes:
            if n > n_max:
                continue
            ours, t_ours = timed(count_table, game, n, misere)  # method "auto"
            solver_for(game).clear()
            theirs, t_base = timed(baseline, game, n, misere)
            assert ours[n] == theirs == table[n], (game, misere, n)
            size = sum(theirs.values())
            print(f"   {n:>3} {size:>8} {t_ours:>8.3f} {t_base:>11.2f} {t_base / t_ours:>7.0f}x")
    print(f"\nTOTAL every n <= {n_max}: enumerate, all four tables {totals['enumerate']:.2f} s; "
          f"durfee, all four tables {totals['durfee']:.2f} s (target < 60 s)")  # fmt: skip


if __name__ == "__main__":
    main()
