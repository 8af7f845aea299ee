"""The outcome atlas against the value atlas: CPU time, memory of the held levels and bytes
a position on disk for every partition of every n ≤ N (issue 27's measure), in one process;
its two engines, forward and retrograde, side by side.

Baseline: the value atlas (`grundy.engine.levels.LevelEngine`: each level's values
from the levels below, one byte a position).  Ours: the outcome atlas, valued forward
(`grundy.engine.outcome_levels.OutcomeEngine`: early exit, the levels below one bit a
position) and retrograde (`grundy.engine.retrograde_levels.RetrogradeEngine`, every
level marked from the P-positions below through the kernel's unmove).  Each is run in
memory (CPU seconds of this process, `time.process_time`: the machine may be shared;
the bytes held at the peak), then built to disk by `grundy.atlas.build` (bytes of chunk
files a position; `retrograde` False and True).  The P-positions must agree level by
level, and the two outcome atlases must be the same files; compiling (or loading
numba's cache) is done before timing.

    .venv/bin/python benchmarks/bench_outcome_atlas.py                  # Chomp, N = 60
    .venv/bin/python benchmarks/bench_outcome_atlas.py --n 70           # the issue's figure
    .venv/bin/python benchmarks/bench_outcome_atlas.py --game cr --n 80
"""

from __future__ import annotations

import argparse
import tempfile
import time
from functools import partial
from pathlib import Path

import numpy as np

from grundy import get_ruleset
from grundy.atlas import build
from grundy.engine.levels import LevelEngine
from grundy.engine.outcome_levels import OutcomeEngine
from grundy.engine.retrograde_levels import RetrogradeEngine
from grundy.partition import partition_numbers

#: (label, the engine in memory, how `build` is asked for it).
ENGINES = (
    ("value atlas", LevelEngine, {}),
    ("forward", OutcomeEngine, {"outcomes": True, "retrograde": False}),
    ("retrograde", partial(RetrogradeEngine, rare=1), {"outcomes": True, "retrograde": True}),
)


def levels(engines, kernel, n_max: int) -> tuple[list[int], int]:
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


def chunk_files(directory: Path) -> dict[str, bytes]:
    """Every file of an atlas but its lock."""
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--game", default="chomp")
    args = parser.parse_args()
    rules = get_ruleset(args.game)
    for _, engines, _ in ENGINES:  # compile, or load numba's cache: narrow and wide words
        levels(engines, rules.kernel, 4), levels(engines, rules.kernel, 57)
    rows, found = [], []
    with tempfile.TemporaryDirectory() as where:
        for label, engines, asked in ENGINES:
            (p_positions, peak), seconds = timed(levels, engines, rules.kernel, args.n)
            found.append(p_positions)
            directory = Path(where) / label
            atlas, disk_s = timed(build, rules, args.n, directory, **asked)
            rows.append((label, seconds, disk_s, peak, atlas.info()["bytes"]))
        forward, retrograde = (chunk_files(Path(where) / label) for label, *_ in ENGINES[1:])
        assert forward == retrograde, "the forward and retrograde outcome atlases differ"
    assert found[0] == found[1] == found[2], "the engines disagree on the P-positions"
    positions = sum(partition_numbers(args.n)[1:])
    print(f"{rules.name}: every partition of n ≤ {args.n} ({positions:,} positions)")
    for label, seconds, disk_s, peak, size in rows:
        print(
            f"  {label:<12}{seconds:8.2f} s CPU in memory ({disk_s:7.2f} s built to disk)"
            f"  {peak / 2**20:8.2f} MiB held at the peak  {size / positions:7.4f} B/position"
        )
    (_, v_s, v_disk, v_peak, v_size), forward_row, retrograde_row = rows
    for label, o_s, o_disk, o_peak, o_size in (forward_row, retrograde_row):
        print(
            f"  value / {label}: CPU {v_s / o_s:.2f}x in memory, {v_disk / o_disk:.2f}x to "
            f"disk; held {v_peak / o_peak:.1f}x; on disk {v_size / o_size:.1f}x"
        )
    print(
        f"  forward / retrograde: CPU {forward_row[1] / retrograde_row[1]:.2f}x in memory, "
        f"{forward_row[2] / retrograde_row[2]:.2f}x to disk"
    )
    print(f"  P-positions of n = {args.n}: {found[1][-1]:,}; of every n ≤ {args.n}: "
          f"{sum(found[1]):,}")  # fmt: skip


if __name__ == "__main__":
    main()
