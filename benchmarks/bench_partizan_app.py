"""CRPM outcomes of every partition of n, both players to move: grundy against the
Partition-Games web app's own engine, run under node.

The app's side: its ``evaluatePosition`` (with its memo ``evaluationMemo``, empty at the
start), A (rows, Left) and then B (columns, Right) to move on each partition of n in
rank order, all in one node process, cut out of a git mirror of the app at run time
(``partition_games_app.py``); its time is the evaluation loop alone, measured inside
node (not node's start, the extraction or the JSON).  grundy's side: the compiled
partizan outcome engine (`grundy.engine.partizan_levels.PartizanLevels` over CRPM's
kernel), a fresh engine valuing every level 0 … n; compiled once before the clock
starts, then the best of ``--repeat`` fresh runs.  Both are timed in wall-clock and in
CPU seconds (the machine may be shared).  Both sides' codes (bit 0: Left moving
first wins, bit 1: Right moving first wins) must agree on every partition.

    .venv/bin/python benchmarks/bench_partizan_app.py           # n = 40
    .venv/bin/python benchmarks/bench_partizan_app.py --n 30
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from grundy.engine.partizan_levels import CLASSES, PartizanLevels
from grundy.engine.ranking import MAX_N
from grundy.partition import partitions
from grundy.partizan import get_partizan
from partition_games_app import AppUnavailable, add_app_arguments, fail, run_app


def grundy_levels(n: int, repeat: int) -> tuple[float, float, PartizanLevels]:
    """The best wall-clock and CPU seconds of `repeat` fresh engines valuing levels 0 … n,
    and the last engine."""
    kernel = get_partizan("crpm").kernel
    PartizanLevels(kernel).codes(min(n, 4))  # compiles the loop (cached on disk)
    wall = cpu = float("inf")
    for _ in range(repeat):
        levels = PartizanLevels(kernel)
        start, cpu_start = time.perf_counter(), time.process_time()
        levels.codes(n)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - cpu_start)
    return wall, cpu, levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=40, help="size of the partitions (default 40)")
    parser.add_argument("--repeat", type=int, default=3, help="grundy's runs (default 3)")
    add_app_arguments(parser, timeout=600)
    args = parser.parse_args()
    if not 0 <= args.n <= MAX_N:
        fail(f"--n must be in 0..{MAX_N} (the engine's words), got {args.n}")
    if args.repeat < 1:
        fail(f"--repeat must be at least 1, got {args.repeat}")
    lams = list(partitions(args.n))
    try:
        app = run_app(
            "crpm-outcomes", [list(lam.parts()) for lam in lams], args.mirror, args.timeout
        )
    except AppUnavailable as problem:
        fail(problem)
    wall, cpu, levels = grundy_levels(args.n, args.repeat)
    ours = levels.codes(args.n)
    theirs = np.array(app["codes"], dtype=np.uint8)
    print(f"CRPM outcomes of all {len(lams)} partitions of n = {args.n}, Left and Right to move")
    print(f"{'engine':34} {'seconds':>9} {'CPU s':>9}")
    print(
        f"{'grundy PartizanLevels (levels ≤ n)':34} {wall:9.3f} {cpu:9.3f}   best of {args.repeat}"
    )
    print(
        f"{'the app, evaluatePosition, node':34} {app['seconds']:9.3f} {app['cpu_seconds']:9.3f}"
        f"   its memo: {app['memo_entries']} entries"
    )
    print(
        f"app/grundy: time {app['seconds'] / wall:.1f}×, CPU time {app['cpu_seconds'] / cpu:.1f}×"
    )
    wrong = np.flatnonzero(ours != theirs)
    if wrong.size:
        first = wrong[0]
        raise SystemExit(
            f"the two disagree on {wrong.size} of {len(lams)} partitions, e.g. {lams[first]}:"
            f" grundy {CLASSES[ours[first]]}, the app {CLASSES[theirs[first]]}"
        )
    print(
        f"the two agree on all {len(lams)} partitions (both sides to move);"
        f" classes {levels.tally(args.n)}"
    )


if __name__ == "__main__":
    main()
