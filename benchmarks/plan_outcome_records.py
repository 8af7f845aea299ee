"""A plan for outcome atlases at n = 150-200 on a cluster, from measured per-level costs
(issue 27): workers, memory, disk and hours, for Chomp and Column-Row.

For each game it values every level n ≤ N with the outcome engine in this process
(`grundy.engine.outcome_levels.OutcomeEngine`, one core), and records each level's CPU
seconds a position, its P-positions and what its chunks take on disk (`bitmap` or
delta-coded ranks, as the atlas stores them: `grundy.atlas.outcome_chunks.encode`).  The cost
a position is fitted as c(n) = a·n^b on the levels n ≥ N/2 (least squares on logs);
the share of P-positions likewise.  From those fits it prints, for a target level T:

* CPU hours for every level up to T (Σ p(n)·c(n)), and the wall hours on W workers
  (the levels run one after another; a level's chunks split evenly over the workers);
* memory a worker holds while valuing level T: the levels below as bitmaps, one bit a
  position (memory-mapped from the shared disk, `grundy.engine.level_loop.Held`), and its
  chunk's codes, two bits a position;
* disk for every level up to T, at the fitted bytes a position.

These are extrapolations far past what was measured (p(200) ≈ 4·10^12 against
p(80) ≈ 1.6·10^7); the fit and its range are printed with them.

With --log, the plan of a retrograde record run (`grundy.engine.retrograde_levels`, one
machine of K processes) is made instead from the levels that run logged
(`benchmarks/record_atlas.py`: CPU seconds a level, its own and its marking
processes') and the P-positions of its atlas (--atlas): the CPU a position fitted as
a·n^b on the logged levels, the P-share likewise, and for each target the CPU hours
past the last level logged, the wall hours on K processes, and the memory at the
target level: K copies of its counters (a quarter byte a position), four bytes a
P-position below (their offsets), and the words kept (`WORDS_BYTES`).

    .venv/bin/python benchmarks/plan_outcome_records.py [--n 80] [--workers 64]
    .venv/bin/python benchmarks/plan_outcome_records.py --log /work/records/chomp.jsonl \\
        --atlas /work/records/chomp --processes 16
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np

from grundy import get_ruleset
from grundy.atlas import open as open_atlas
from grundy.atlas.outcome_chunks import encode
from grundy.engine.outcome_levels import OutcomeEngine
from grundy.engine.retrograde_levels import WORDS_BYTES
from grundy.partition import partition_numbers

TARGETS = (130, 140, 150, 175, 200)
CHUNK = 1 << 20


def measure(game: str, n_max: int) -> list[tuple[int, int, float, int, int]]:
    """(n, p(n), CPU seconds, P-positions, bytes on disk) of each level n ≤ n_max."""
    kernel = get_ruleset(game).kernel
    warm = OutcomeEngine(kernel, 12)
    for n in range(13):  # compile (or load numba's cache) before timing
        warm.value_level(n)
    engine = OutcomeEngine(kernel, n_max)
    rows = []
    for n in range(n_max + 1):
        start = time.process_time()
        codes = engine.value_level(n)
        seconds = time.process_time() - start
        is_p = codes == 0
        stored = sum(encode(codes[lo : lo + CHUNK])[1].nbytes for lo in range(0, len(codes), CHUNK))
        rows.append((n, len(codes), seconds, int(np.count_nonzero(is_p)), stored))
    return rows


def power_fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """(a, b) of y = a·x^b, least squares on logs."""
    b, log_a = np.polyfit(np.log(xs), np.log(ys), 1)
    return math.exp(log_a), b


def plan(game: str, rows: list[tuple[int, int, float, int, int]], workers: int) -> None:
    n_max = rows[-1][0]
    fitted = [r for r in rows if r[0] >= n_max // 2 and r[2] > 0]
    a, b = power_fit([r[0] for r in fitted], [r[2] / r[1] for r in fitted])
    pa, pb = power_fit([r[0] for r in fitted], [r[3] / r[1] for r in fitted])
    da, db = power_fit([r[0] for r in fitted], [max(r[4], 1) / r[1] for r in fitted])
    measured = sum(r[2] for r in rows)
    positions = sum(r[1] for r in rows)
    print(f"{game}: measured every level n ≤ {n_max} ({positions:,} positions) in {measured:.1f} s")
    print(f"  fit on n = {fitted[0][0]}..{n_max}: seconds a position = {a:.3g}·n^{b:.3f};")
    print(f"  P-share = {pa:.3g}·n^{pb:.3f}; bytes a position on disk = {da:.3g}·n^{db:.3f}")
    p = partition_numbers(max(TARGETS))
    print(f"  {'to n':>5} {'positions':>10} {'CPU h':>10} {f'wall h ({workers} w.)':>16} "
          f"{'worker GiB':>11} {'disk GiB':>9}")  # fmt: skip
    for target in TARGETS:
        cpu = sum(p[n] * a * n**b for n in range(1, target + 1)) / 3600
        below = sum(p[:target])  # the levels a worker holds as bitmaps at level T
        memory = (below / 8 + min(p[target], CHUNK) / 4) / 2**30
        disk = sum(p[n] * da * n**db for n in range(1, target + 1)) / 2**30
        print(
            f"  {target:>5} {sum(p[1 : target + 1]):>10.2e} {cpu:>10.3g} {cpu / workers:>16.3g} "
            f"{memory:>11.3g} {disk:>9.3g}"
        )


def plan_retrograde(log: Path, directory: Path, processes: int) -> None:
    """The plan of a retrograde record run from its log and its atlas (the module's doc)."""
    logged: dict[int, dict] = {}
    for line in log.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            logged[row["n"]] = row  # a level resumed is logged again: the last row wins
    atlas = open_atlas(directory)
    ns = sorted(n for n in logged if logged[n]["cpu_s"] > 0)
    last = max(ns)
    a, b = power_fit(ns, [logged[n]["cpu_s"] / logged[n]["positions"] for n in ns])
    pa, pb = power_fit(ns, [atlas.tallies(n)["P"] / logged[n]["positions"] for n in ns])
    p = partition_numbers(max(TARGETS))
    p_below = sum(atlas.tallies(n)["P"] for n in range(last + 1))
    print(f"{atlas.info()['game']}: levels {ns[0]}..{last} logged ({log}), {p_below:,} "
          f"P-positions to n = {last}")  # fmt: skip
    print(f"  fit: seconds a position = {a:.3g}·n^{b:.3f}; P-share = {pa:.3g}·n^{pb:.3f}")
    print(f"  {'to n':>5} {'CPU h past ' + str(last):>15} {f'wall h ({processes} p.)':>14} "
          f"{'GiB at n':>9}")  # fmt: skip
    for target in (t for t in TARGETS if t > last):
        cpu = sum(p[n] * a * n**b for n in range(last + 1, target + 1)) / 3600
        below = p_below + sum(p[n] * pa * n**pb for n in range(last + 1, target))
        memory = (processes * p[target] / 4 + 4 * below + WORDS_BYTES) / 2**30
        print(f"  {target:>5} {cpu:>15.3g} {cpu / processes:>14.3g} {memory:>9.3g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=80)
    parser.add_argument("--workers", type=int, default=64)
    parser.add_argument("--games", default="chomp,cr")
    parser.add_argument("--log", type=Path, help="a retrograde record run's log")
    parser.add_argument("--atlas", type=Path, help="with --log: that run's atlas")
    parser.add_argument("--processes", type=int, default=16, help="with --log")
    args = parser.parse_args()
    if args.log:
        plan_retrograde(args.log, args.atlas, args.processes)
        return
    for game in args.games.split(","):
        rows = measure(game, args.n)
        print("  n  p(n)  CPU s  P  bytes: " + "; ".join(
            f"{n} {c:,} {s:.2f} {q:,} {d:,}" for n, c, s, q, d in rows[-5:]
        ))  # fmt: skip
        plan(game, rows, args.workers)


if __name__ == "__main__":
    main()
