"""What storing each size as it is counted costs `count` (issue 16).

A count keeps each size's tally in the results store as soon as the size is
counted, so a killed count loses nothing; before, the kernel's census stored
all its sizes at the end.  In one process, with the same compiled code, for
Column-Row (census) at each N:

* baseline: the census of every n ≤ N (`CompiledKernel.count_table`), then one
  store write of all the tallies — what `count_table` did before;
* ours: `grundy.analysis.count_table(..., store=...)`, one write per size;
* the same two without a store (the census run size by size through
  `count_table`'s per-size path against the kernel's own loop).

Every run starts from an empty transposition table and a new store file, as a
new `grundy count` does; numba's compilation (or cache load) is done first.
Prints the median and the fastest of R runs of each, in turns, and the ratios
(the fastest runs are the fairer comparison on a machine that is busy).

    .venv/bin/python benchmarks/bench_count_store.py            # N = 40, 50; R = 15
    .venv/bin/python benchmarks/bench_count_store.py --n 40 --runs 15
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from grundy.analysis.counts import count_table
from grundy.registry import get_ruleset
from grundy.results import Store

RULES = get_ruleset("cr")
KERNEL = RULES.kernel
KEY = (RULES.name, RULES.rules_version, False)
PAIRS = (
    "baseline, stored at the end",
    "ours, stored per size",
    "baseline, no store",
    "ours, no store",
)


def fresh_store(folder: Path, run: int, name: str) -> Store:
    return Store(folder / f"{name}-{run}.sqlite")


def baseline(n_max: int, store: Store | None) -> list[dict[int, int]]:
    table = KERNEL.count_table(n_max)
    if store is not None:
        store.put_tallies(*KEY, dict(enumerate(table)))
    return table


def ours(n_max: int, store: Store | None) -> list[dict[int, int]]:
    return count_table(RULES, n_max, store=store)


def timed(variant: Callable[..., list[dict[int, int]]], n_max: int, store: Store | None) -> float:
    KERNEL._shared.clear()  # an empty transposition table, as in a new process
    start = time.perf_counter()
    variant(n_max, store)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", default="40,50", help="comma list of N (default 40,50)")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    assert ours(12, None) == baseline(12, None)  # compiled, and the same answer
    with tempfile.TemporaryDirectory() as folder:
        for n_max in (int(x) for x in args.n.split(",")):
            times: dict[str, list[float]] = {}
            for run in range(args.runs):
                for name, variant in zip(PAIRS, (baseline, ours, baseline, ours), strict=True):
                    stored = "no store" not in name
                    store = fresh_store(Path(folder), run, name[:4]) if stored else None
                    times.setdefault(name, []).append(timed(variant, n_max, store))
            check = Store(Path(folder) / f"ours-{args.runs - 1}.sqlite")
            assert check.tallies(*KEY, range(n_max + 1)) == dict(enumerate(baseline(n_max, None)))
            print(f"Column-Row census, n ≤ {n_max} ({args.runs} runs each, in turns):")
            for name, spent in times.items():
                median, best = statistics.median(spent), min(spent)
                print(f"  {name:30} median {median * 1e3:8.1f} ms   fastest {best * 1e3:8.1f} ms")
            for base, new in (PAIRS[0], PAIRS[1]), (PAIRS[2], PAIRS[3]):
                medians = statistics.median(times[new]) / statistics.median(times[base])
                fastest = min(times[new]) / min(times[base])
                print(f"  {new} / {base}: {medians:.3f} (medians), {fastest:.3f} (fastest)")


if __name__ == "__main__":
    main()
