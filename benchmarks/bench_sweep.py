"""Sweeps: serial against Dask on this machine's cores, and a warm results store against none.

Issue 8's measure, on two families of 10,000 Column-Row positions:

* blocks: "a,(a-1),(a-2),(a-3),(a-4),(a-5),b,(b-1),(b-2),c,(c-1)", three
  staircase blocks of 6, 3 and 2 rows ending in rows of lengths a, b, c, for
  6 ≤ a ≤ 30, 3 ≤ b ≤ 22, 2 ≤ c ≤ 21 (30 to 270 boxes): real work, about
  2 ms a position on the compiled engine;
* cheap: "a^m,b", a ≤ 40, m ≤ 25, b ≤ 10: mostly closed forms, so valuing
  costs next to nothing and the runs measure the sweep's own overhead.

For each family, in one process, the compiled engine compiled before timing:

1. serial, into a fresh store (the baseline);
2. on a new local Dask cluster (one single-threaded worker per core), into
   another fresh store: the time with the cluster's start-up (workers
   started and their engine loaded) and without it — the ratios serial / Dask —
   and the CPU time the workers spent, against the serial run's: the
   members of a family share most of the positions below them, which the
   serial run values once and every worker values again;
3. serial again against the warm store of run 1 — the ratio run 1 / run 3
   (target ≥ 100×) and the time a position.

All three runs of a family must give the same rows.

    .venv/bin/python benchmarks/bench_sweep.py
    .venv/bin/python benchmarks/bench_sweep.py --families cheap     # a few seconds
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import grundy
from grundy.analysis.sweep import sweep
from grundy.engine.cluster import local_cluster
from grundy.results import Store

#: name: (template, parameter ranges)
FAMILIES: dict[str, tuple[str, dict[str, range]]] = {
    "blocks": (
        "a,(a-1),(a-2),(a-3),(a-4),(a-5),b,(b-1),(b-2),c,(c-1)",
        {"a": range(6, 31), "b": range(3, 23), "c": range(2, 22)},
    ),
    "cheap": ("a^m,b", {"a": range(1, 41), "m": range(1, 26), "b": range(1, 11)}),
}


def load_engine() -> None:
    """Import grundy and compile (or load) Column-Row's engine: before any timed run."""
    grundy.value("cr", "5,3,1")  # three runs: no closed form, so the compiled engine


def timed_sweep(template: str, ranges: dict[str, range], scheduler: str, store: Path) -> Any:
    """(seconds, CPU seconds of this process, rows) of one sweep."""
    start, cpu = time.perf_counter(), time.process_time()
    rows = sweep("cr", template, scheduler=scheduler, store=Store(store), **ranges)
    return time.perf_counter() - start, time.process_time() - cpu, rows


def bench(name: str, folder: Path) -> bool:
    """The three runs on one family, printed; whether they agree."""
    from distributed import Client

    template, ranges = FAMILIES[name]
    serial, serial_cpu, rows = timed_sweep(template, ranges, "serial", folder / f"{name}-s.sqlite")
    start = time.perf_counter()
    with local_cluster() as cluster, Client(cluster) as client:
        client.run(load_engine)
        startup = time.perf_counter() - start
        before = client.run(time.process_time)
        address = cluster.scheduler_address
        dask, _, dask_rows = timed_sweep(template, ranges, address, folder / f"{name}-d.sqlite")
        after = client.run(time.process_time)
    dask_cpu = sum(after[worker] - before[worker] for worker in before)
    warm, _, warm_rows = timed_sweep(template, ranges, "serial", folder / f"{name}-s.sqlite")
    sizes = [grundy.Partition.parse(row["position"]).size for row in rows]
    distinct = Store(folder / f"{name}-s.sqlite").summary()[0]["values"]
    same = rows == dask_rows == warm_rows
    print(
        f"{name}: cr {template!r}, {len(rows):,} positions ({distinct:,} distinct), "
        f"{min(sizes)}-{max(sizes)} boxes\n"
        f"  serial, cold store    {serial:8.2f} s   (CPU {serial_cpu:.2f} s)\n"
        f"  Dask, {len(before)} workers       {startup + dask:8.2f} s   (start-up {startup:.2f} s "
        f"+ sweep {dask:.2f} s; the workers' CPU {dask_cpu:.2f} s)\n"
        f"  serial, warm store    {warm:8.2f} s   ({warm / len(rows) * 1e6:.1f} µs a position)\n"
        f"  serial / Dask: {serial / (startup + dask):.2f}× ({serial / dask:.2f}× without "
        f"start-up)   cold / warm store: {serial / warm:.0f}×   "
        + ("all runs agree" if same else "RUNS DISAGREE"),
        flush=True,
    )
    return same


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--families", nargs="+", choices=list(FAMILIES), default=list(FAMILIES))
    args = ap.parse_args(argv)
    load_engine()
    folder = Path(tempfile.mkdtemp(prefix="bench_sweep_"))
    agree = [bench(name, folder) for name in args.families]
    return 0 if all(agree) else 1


if __name__ == "__main__":
    sys.exit(main())
