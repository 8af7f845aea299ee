"""Misère outcomes of sums: a quotient lookup against search over the whole sum (issue 28).

Issue 28's measures, in one run:

1. The misère outcome of 10,000 random sums of 6 heaps of Kayles (heaps 1..20): the
   lookup in the partial quotient of Kayles on heaps 1..20 (`MisereQuotient.outcome`, and
   the same through the door, source "quotient"), against grundy's generic misère solver
   over the whole sum (`Solver`, one memo for the run, as a session keeps it), timed on
   the first `--sample` sums when searching them all would take too long; the ratio is
   per sum, and every sum searched must agree with the lookup.
2. Time and memory (peak of Python's allocations, `tracemalloc`) of building the
   quotients listed in `LARGEST`, the largest the construction reaches in minutes.

    .venv/bin/python benchmarks/bench_misere_quotient.py [--sums 10000] [--sample 300]
"""

from __future__ import annotations

import argparse
import random
import signal
import time
import tracemalloc

import grundy
from grundy.misere import quotient_of
from grundy.misere.held import forget
from grundy.partition import Partition
from grundy.registry import get_ruleset
from grundy.solver import Solver

#: (game, what the quotient is built on): the largest quotients found in minutes.
LARGEST = [
    ("kayles", {"heaps": 200}),
    ("dawson-kayles", {"heaps": 29}),
    ("chomp", {"n": 7}),
    ("cris", {"n": 5}),
]


def random_sums(count: int, heaps: int, largest: int, seed: int = 28) -> list[list[int]]:
    """`count` sums of `heaps` heaps, each of 1..`largest` tokens (seeded)."""
    draw = random.Random(seed)
    return [[draw.randint(1, largest) for _ in range(heaps)] for _ in range(count)]


def lookups(sums: list[list[int]], largest: int, sample: int, budget: int) -> None:
    """Measure 1: the quotient lookup against the whole-sum search, per sum."""
    kayles = get_ruleset("kayles")
    start = time.perf_counter()
    quotient = quotient_of(kayles, heaps=largest)
    built = time.perf_counter() - start
    print(f"Kayles, heaps 1..{largest}: quotient of order {quotient.order} in {built:.2f} s")

    start = time.perf_counter()
    found = [quotient.outcome(heaps) for heaps in sums]
    lookup = (time.perf_counter() - start) / len(sums)
    start = time.perf_counter()
    through_door = [grundy.outcome(kayles, Partition(h), misere=True) for h in sums]
    door = (time.perf_counter() - start) / len(sums)
    assert through_door == found
    forget(kayles)

    solver = Solver(kayles)  # the baseline: one memo for every sum, as a session keeps it
    searched: list[float] = []
    stopped = False

    def out_of_time(signum: int, frame: object) -> None:
        raise TimeoutError

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(budget)  # the whole baseline's budget: a search may not end in hours
    start = time.perf_counter()
    try:
        for heaps, outcome in zip(sums[:sample], found, strict=False):
            value = solver.value(Partition(heaps), misere=True)
            assert ("P" if value == 0 else "N") == outcome, heaps
            searched.append(time.perf_counter() - start)
    except TimeoutError:
        stopped = True
    finally:
        signal.alarm(0)
    print(f"{len(sums):,} sums of 6 heaps ≤ {largest}, per sum:")
    print(f"  quotient lookup       {lookup * 1e6:10.1f} µs")
    print(f"  through the door      {door * 1e6:10.1f} µs")
    if searched:
        search = searched[-1] / len(searched)
        print(
            f"  whole-sum search      {search * 1e6:10.1f} µs  (the first {len(searched):,} sums"
            f"{', stopped at the budget' if stopped else ''}; one memo, "
            f"{solver.memo_size(True):,} positions at the end)"
        )
        print(f"  ratio search / lookup {search / lookup:10.0f}x   (/ door: {search / door:.0f}x)")
        print(f"  each of the {len(searched):,} sums searched agrees with the quotient")
    else:
        print(
            f"  whole-sum search      the first sum did not end in {budget} s "
            f"({solver.memo_size(True):,} positions valued): ratio search / lookup "
            f"> {budget / lookup:,.0f}x"
        )


def largest() -> None:
    """Measure 2: time and peak memory of the largest quotients."""
    print("the largest quotients (time, peak of Python's allocations):")
    for game, size in LARGEST:
        tracemalloc.start()
        start = time.perf_counter()
        quotient = quotient_of(game, hold=False, **size)
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"  {quotient.title:<32} order {quotient.order:>4}, |P| = {len(quotient.p_portion):>3}:"
            f" {seconds:7.2f} s, {peak / 2**20:7.1f} MiB"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sums", type=int, default=10_000)
    ap.add_argument("--sample", type=int, default=300, help="sums the search is timed on")
    ap.add_argument("--budget", type=int, default=120, help="seconds the search may take")
    ap.add_argument("--no-largest", action="store_true", help="skip measure 2")
    args = ap.parse_args(argv)
    lookups(random_sums(args.sums, 6, 20), 20, args.sample, args.budget)
    if not args.no_largest:
        largest()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
