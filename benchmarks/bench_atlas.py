"""The atlas against today's census: CPU time and bytes a position for every partition of
every n ≤ N (issue 18's measure), in one process.

Baseline: the census behind `count` (`CompiledKernel.tally`: every partition
of n searched by the compiled mex with the transposition table, one table
shared by all n ≤ N), on a fresh table.  Ours: the level engine
(`grundy.engine.levels.LevelEngine`: each level valued from the levels below,
one byte a position), in memory and then written to disk by
`grundy.atlas.build`.  Both tallies must agree; compiling (or loading numba's
cache) is done before timing.

    .venv/bin/python benchmarks/bench_atlas.py            # Column-Row, N = 50
    .venv/bin/python benchmarks/bench_atlas.py --n 62 --game chomp
"""

from __future__ import annotations

import argparse
import tempfile
import time

import numpy as np

from grundy import get_ruleset
from grundy.atlas import build
from grundy.engine import Search
from grundy.engine.drivers import partition_words
from grundy.engine.kernel import NARROW_CENSUS_N
from grundy.engine.levels import LevelEngine
from grundy.partition import partition_numbers


def census(kernel, n_max: int) -> tuple[list[dict[int, int]], int]:
    """The census's tallies for n = 1 … n_max on fresh tables, and the tables' bytes."""
    searches = {w: Search(kernel, misere=False, width=w, progress=False) for w in (1, 2)}
    tallies = []
    for n in range(1, n_max + 1):
        width = 1 if n <= NARROW_CENSUS_N else 2
        values = searches[width].values(partition_words(n, partition_numbers(n)[n], width))
        tallies.append(dict(enumerate(np.bincount(values))))
    return tallies, sum(s.table.nbytes for s in searches.values())


def atlas(kernel, n_max: int) -> tuple[list[dict[int, int]], int]:
    """The level engine's tallies for n = 1 … n_max, and its array's bytes."""
    engine = LevelEngine(kernel, n_max)
    tallies = [
        dict(enumerate(np.bincount(engine.value_level(n), minlength=1))) for n in range(n_max + 1)
    ]
    return tallies[1:], engine.nbytes


def timed(function, *args):
    start = time.process_time()
    result = function(*args)
    return result, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--game", default="cr")
    args = parser.parse_args()
    rules = get_ruleset(args.game)
    kernel = rules.kernel
    census(kernel, 4), atlas(kernel, 4)  # compile, or load numba's cache
    if args.n > NARROW_CENSUS_N:
        census(kernel, NARROW_CENSUS_N + 1), LevelEngine(kernel, NARROW_CENSUS_N + 1)
        atlas(kernel, NARROW_CENSUS_N + 1)
    positions = sum(partition_numbers(args.n)[1:])
    (baseline, table_bytes), baseline_s = timed(census, kernel, args.n)
    (ours, array_bytes), ours_s = timed(atlas, kernel, args.n)
    assert [{v: c for v, c in t.items() if c} for t in baseline] == [
        {v: c for v, c in t.items() if c} for t in ours
    ], "the census and the atlas disagree"
    with tempfile.TemporaryDirectory() as where:
        on_disk, disk_s = timed(build, rules, args.n, where)
        disk_bytes = on_disk.info()["bytes"]
    print(f"{rules.name}: every partition of n ≤ {args.n} ({positions:,} positions)")
    rows = [
        ("census (transposition table)", baseline_s, table_bytes),
        ("atlas, in memory", ours_s, array_bytes),
        ("atlas, built to disk", disk_s, disk_bytes),
    ]
    for label, seconds, size in rows:
        per_position = seconds / positions * 1e9
        print(
            f"  {label:<30}{seconds:8.2f} s CPU {per_position:6.0f} ns/position"
            f"  {size / positions:6.2f} B/position"
        )
    ratio = table_bytes / array_bytes
    print(f"  CPU ratio census / atlas: {baseline_s / ours_s:.2f}x;  bytes ratio: {ratio:.1f}x")


if __name__ == "__main__":
    main()
