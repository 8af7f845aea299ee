"""The atlas on a local Dask cluster against one process: wall time and total CPU for the
levels A..B of a game (issue 18: Column-Row levels 75–85, two workers).

Levels 0 … A − 1 are built once (serially, in a scratch directory, or taken from
--base if it holds them) and copied twice; then the same levels A … B are built on
each copy, first in this process, then on a local cluster of K single-threaded
worker processes, and the two atlases must be byte-identical.  CPU is this
process's plus, for the cluster, every worker's (read on the workers before the
cluster closes; a worker's CPU counts its start-up, and the wall time the cluster's).

    .venv/bin/python benchmarks/bench_atlas_cluster.py                 # cr, 75..85, 2 workers
    .venv/bin/python benchmarks/bench_atlas_cluster.py --levels 60..70 --workers 2
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from grundy import get_ruleset
from grundy.atlas import build
from grundy.partition import partition_numbers


def timed_build(rules: Any, n_max: int, where: Path, workers: int | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and every worker) of one build: here,
    or on a local cluster of `workers` processes started for it (its start counted)."""
    wall, cpu = time.perf_counter(), time.process_time()
    if workers is None:
        build(rules, n_max, where)
        return time.perf_counter() - wall, time.process_time() - cpu
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, memory_limit=0,
            dashboard_address=":0",
        ) as cluster,
        Client(cluster) as client,
    ):  # fmt: skip
        build(rules, n_max, where, scheduler=cluster.scheduler_address)
        worker_cpu = sum(client.run(time.process_time).values())  # each since its start
    return time.perf_counter() - wall, time.process_time() - cpu + worker_cpu


def same_files(a: Path, b: Path) -> bool:
    """Whether two atlas directories hold the same files, byte for byte (the lock aside)."""
    names = sorted(str(p.relative_to(a)) for p in a.rglob("*") if p.is_file() and p.name != ".lock")
    other = sorted(str(p.relative_to(b)) for p in b.rglob("*") if p.is_file() and p.name != ".lock")
    return names == other and all(filecmp.cmp(a / n, b / n, shallow=False) for n in names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cr")
    parser.add_argument("--levels", default="75..85")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--base", type=Path, help="an atlas holding levels 0 … A − 1 to copy")
    args = parser.parse_args()
    first, last = (int(x) for x in args.levels.split(".."))
    rules = get_ruleset(args.game)
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        if args.base:
            shutil.copytree(args.base, base, ignore=shutil.ignore_patterns(".lock"))
            for level in base.glob("level-*"):
                if int(level.name.split("-")[1]) >= first:
                    shutil.rmtree(level)
            _truncate_manifest(base, first)
        build(rules, first - 1, base)
        serial, cluster = Path(scratch) / "serial", Path(scratch) / "cluster"
        shutil.copytree(base, serial)
        shutil.copytree(base, cluster)
        build(rules, min(first, 60), Path(scratch) / "warm")  # compile (or load) the loops
        positions = sum(partition_numbers(last)[first:])
        serial_wall, serial_cpu = timed_build(rules, last, serial, None)
        cluster_wall, cluster_cpu = timed_build(rules, last, cluster, args.workers)
        identical = same_files(serial, cluster)
    print(f"{rules.name} levels {first}..{last} ({positions:,} positions), {args.workers} workers")
    print(f"  one process : {serial_wall:8.1f} s wall {serial_cpu:8.1f} s CPU")
    print(f"  cluster     : {cluster_wall:8.1f} s wall {cluster_cpu:8.1f} s CPU")
    print(
        f"  wall speed-up {serial_wall / cluster_wall:.2f}x (target >= 1.6x); "
        f"CPU ratio {cluster_cpu / serial_cpu:.2f}x (target <= 1.15x); files identical: {identical}"
    )


def _truncate_manifest(directory: Path, levels: int) -> None:
    """Keep levels 0 … levels − 1 in a copied atlas's manifest."""
    import json

    path = directory / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["levels"] = manifest["levels"][:levels]
    path.write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    main()
