"""Sweeps: serial against Dask on this machine's cores, and a warm results store against none.

Issue 8's measure.  One family of Column-Row positions, "a^m,b" with
a ≤ 40, m ≤ 25, b ≤ 10 (10,000 positions), in one process:

1. serial, into a fresh store (the baseline);
2. on a local Dask cluster (one worker per core; start-up included), into
   another fresh store — the ratio serial / Dask;
3. serial again against the warm store of run 1 — the ratio run 1 / run 3
   (target ≥ 100×).

All three must give the same rows.

    .venv/bin/python benchmarks/bench_sweep.py
    .venv/bin/python benchmarks/bench_sweep.py --a 20 --m 10 --b 5     # smaller
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from grundy.analysis.sweep import sweep
from grundy.store import Store


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", type=int, default=40)
    ap.add_argument("--m", type=int, default=25)
    ap.add_argument("--b", type=int, default=10)
    args = ap.parse_args(argv)
    ranges = {"a": range(1, args.a + 1), "m": range(1, args.m + 1), "b": range(1, args.b + 1)}
    folder = Path(tempfile.mkdtemp(prefix="bench_sweep_"))
    runs = {}
    for label, scheduler, store in [
        ("serial, cold store", "serial", "serial.sqlite"),
        ("Dask local cluster", "local", "dask.sqlite"),
        ("serial, warm store", "serial", "serial.sqlite"),
    ]:
        t = time.perf_counter()
        rows = sweep("cr", "a^m,b", scheduler=scheduler, store=Store(folder / store), **ranges)
        runs[label] = (time.perf_counter() - t, rows)
        print(f"{label:<22} {runs[label][0]:8.2f} s  ({len(rows):,} positions)", flush=True)
    (serial, rows), (dask, dask_rows), (warm, warm_rows) = runs.values()
    print(f"serial / Dask: {serial / dask:.2f}×   cold / warm store: {serial / warm:.0f}×")
    same = rows == dask_rows == warm_rows
    print("all runs agree" if same else "RUNS DISAGREE")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
