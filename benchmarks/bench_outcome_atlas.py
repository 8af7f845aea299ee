"""The outcome atlas against the value atlas: CPU time, memory of the held levels and bytes
a position on disk for every partition of every n ≤ N (issue 27's measure), in one process.

Baseline: the value atlas (`grundy.engine.levels.LevelEngine`: each level's values
from the levels below, one byte a position).  Ours: the outcome atlas
(`grundy.engine.outcome_levels.OutcomeEngine`: forward with early exit, the levels
below one bit a position).  Both are run in memory (CPU seconds; the bytes held at
the peak: every level for the values, the bitmaps below and the codes of the level
being valued for the outcomes), then built to disk by `grundy.atlas.build` (bytes of
chunk files a position).  The P-positions must agree level by level; compiling (or
loading numba's cache) is done before timing.

    .venv/bin/python benchmarks/bench_outcome_atlas.py            # Chomp, N = 60
    .venv/bin/python benchmarks/bench_outcome_atlas.py --n 70     # the issue's figure
"""

from __future__ import annotations

import argparse
import tempfile
import time

import numpy as np

from grundy import get_ruleset
from grundy.atlas import build
from grundy.engine.levels import LevelEngine
from grundy.engine.outcome_levels import OutcomeEngine
from grundy.partition import partition_numbers


def levels(engines: type[LevelEngine], kernel, n_max: int) -> tuple[list[int], int]:
    """The P-positions of each level n ≤ n_max by `engines`, and the most bytes held."""
    engine = engines(kernel, n_max)
    found, peak = [], 0
    for n in range(n_max + 1):
        found.append(int(np.count_nonzero(engine.value_level(n) == 0)))
        peak = max(peak, engine.nbytes)
    return found, peak


def timed(function, *args, **options):
    start = time.process_time()
    result = function(*args, **options)
    return result, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--game", default="chomp")
    args = parser.parse_args()
    rules = get_ruleset(args.game)
    for engines in (LevelEngine, OutcomeEngine):  # compile, or load numba's cache
        levels(engines, rules.kernel, 4), levels(engines, rules.kernel, 57)
    positions = sum(partition_numbers(args.n)[1:])
    (values_p, values_peak), values_s = timed(levels, LevelEngine, rules.kernel, args.n)
    (outcomes_p, outcomes_peak), outcomes_s = timed(levels, OutcomeEngine, rules.kernel, args.n)
    assert values_p == outcomes_p, "the value atlas and the outcome atlas disagree"
    rows = []
    with tempfile.TemporaryDirectory() as where:
        for label, outcomes, seconds, peak in (
            ("value atlas", False, values_s, values_peak),
            ("outcome atlas", True, outcomes_s, outcomes_peak),
        ):
            atlas, disk_s = timed(build, rules, args.n, f"{where}/{outcomes}", outcomes=outcomes)
            rows.append((label, seconds, disk_s, peak, atlas.info()["bytes"]))
    print(f"{rules.name}: every partition of n ≤ {args.n} ({positions:,} positions)")
    for label, seconds, disk_s, peak, size in rows:
        print(
            f"  {label:<14}{seconds:8.2f} s CPU in memory ({disk_s:7.2f} s built to disk)"
            f"  {peak / 2**20:8.2f} MiB held at the peak  {size / positions:7.4f} B/position"
        )
    (_, v_s, v_disk, v_peak, v_size), (_, o_s, o_disk, o_peak, o_size) = rows
    print(
        f"  ratios value / outcome: CPU {v_s / o_s:.2f}x in memory, {v_disk / o_disk:.2f}x to "
        f"disk; held {v_peak / o_peak:.1f}x; on disk {v_size / o_size:.1f}x"
    )
    print(f"  P-positions of n = {args.n}: {outcomes_p[-1]:,}; of every n ≤ {args.n}: "
          f"{sum(outcomes_p):,}")  # fmt: skip


if __name__ == "__main__":
    main()
