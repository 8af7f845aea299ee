"""The atlas on a local Dask cluster against one process: wall time and total CPU for the
levels A..B of a game (issue 18: Column-Row levels 75–85, two workers).

Levels 0 … A − 1 are built once (serially, in a scratch directory, or taken from
--base if it holds them) and copied twice; then the same levels A … B are built on
each copy, first in this process, then on a local cluster of K single-threaded
worker processes, and the two atlases must be byte-identical.  CPU is this
process's and, for the cluster, every nanny's and worker's, user and system (read
before the cluster closes, so their start counts; the start, until every worker
has imported the level engine, is also reported apart).  This machine's speed
drifts by ±15 % from minute to minute (other tenants), so --repeat R runs the pair R
times, alternately, and reports each field's median.

    .venv/bin/python benchmarks/bench_atlas_cluster.py                 # cr, 75..85, 2 workers
    .venv/bin/python benchmarks/bench_atlas_cluster.py --base /work/records/cr --repeat 3
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import psutil

from grundy import get_ruleset
from grundy.atlas import build
from grundy.partition import partition_numbers


class Timing(NamedTuple):
    """Wall and CPU seconds of a build, and of the cluster's start within them."""

    wall: float
    cpu: float
    start_wall: float = 0.0
    start_cpu: float = 0.0


def process_tree_cpu() -> float:
    """CPU seconds, user and system, of this process and every process it started (a
    local cluster's nannies and workers, whose start counts): running or ended."""
    me = psutil.Process()
    own = me.cpu_times()
    running = [child.cpu_times() for child in me.children(recursive=True)]
    ended = own.children_user + own.children_system
    return own.user + own.system + ended + sum(t.user + t.system for t in running)


def timed_build(rules: Any, n_max: int, where: Path, workers: int | None) -> Timing:
    """The time of one build: here, or on a local cluster of `workers` processes started
    for it (its start counted, and reported apart: until every worker has loaded grundy's
    level engine)."""
    wall, cpu = time.perf_counter(), process_tree_cpu()
    if workers is None:
        build(rules, n_max, where)
        return Timing(time.perf_counter() - wall, process_tree_cpu() - cpu)
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, memory_limit=0,
            dashboard_address=":0",
        ) as cluster,
        Client(cluster) as client,
    ):  # fmt: skip
        client.run(_load_engine)
        started = Timing(time.perf_counter() - wall, process_tree_cpu() - cpu)
        build(rules, n_max, where, scheduler=cluster.scheduler_address)
        total = Timing(time.perf_counter() - wall, process_tree_cpu() - cpu)
    return Timing(total.wall, total.cpu, started.wall, started.cpu)


def _load_engine() -> None:
    """On a worker: import the level engine (what its first task would do)."""
    import grundy.atlas.build  # noqa: F401


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
    parser.add_argument("--repeat", type=int, default=1, help="pairs of runs, alternately")
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
        build(rules, min(first, 60), Path(scratch) / "warm")  # compile (or load) the loops
        positions = sum(partition_numbers(last)[first:])
        print(
            f"{rules.name} levels {first}..{last} ({positions:,} positions), {args.workers} workers"
        )
        serials, clusters = [], []
        for attempt in range(1, args.repeat + 1):  # alternately: the machine's speed drifts
            serial_dir, cluster_dir = (
                Path(scratch) / f"serial{attempt}",
                Path(scratch) / f"cluster{attempt}",
            )
            shutil.copytree(base, serial_dir)
            shutil.copytree(base, cluster_dir)
            serials.append(timed_build(rules, last, serial_dir, None))
            clusters.append(timed_build(rules, last, cluster_dir, args.workers))
            identical = same_files(serial_dir, cluster_dir)
            shutil.rmtree(serial_dir)
            shutil.rmtree(cluster_dir)
            report(f"run {attempt}", serials[-1], clusters[-1])
            print(f"  files identical: {identical}")
    if args.repeat > 1:
        report("median", median_timing(serials), median_timing(clusters))


def median_timing(timings: list[Timing]) -> Timing:
    """Each field's median over the runs."""
    return Timing(*(statistics.median(field) for field in zip(*timings, strict=True)))


def report(label: str, serial: Timing, cluster: Timing) -> None:
    """The two builds' times and their ratios, against the issue's targets."""
    work_wall, work_cpu = cluster.wall - cluster.start_wall, cluster.cpu - cluster.start_cpu
    print(f"{label}:")
    print(f"  one process      : {serial.wall:8.1f} s wall {serial.cpu:8.1f} s CPU")
    print(f"  cluster, in all  : {cluster.wall:8.1f} s wall {cluster.cpu:8.1f} s CPU")
    print(f"    its start      : {cluster.start_wall:8.1f} s wall {cluster.start_cpu:8.1f} s CPU")
    print(f"    the levels     : {work_wall:8.1f} s wall {work_cpu:8.1f} s CPU")
    print(
        f"  in all: wall speed-up {serial.wall / cluster.wall:.2f}x (target >= 1.6x), "
        f"CPU ratio {cluster.cpu / serial.cpu:.2f}x (target <= 1.15x)"
    )
    print(
        f"  the levels, the cluster started: wall speed-up {serial.wall / work_wall:.2f}x, "
        f"CPU ratio {work_cpu / serial.cpu:.2f}x"
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
