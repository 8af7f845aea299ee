"""Check Sato's theorem as grundy.games.sato_welter.sato_welter implements it, against search.

* Every partition of n ≤ N (default 22): the hook game searched by
  `Solver(fast=False)` has the normal-play value `sato_welter_value(λ)`
  (Welter's function of the β-set), the same value from the β-set padded by
  up to 5 zero parts, and G(λ) = G(λ′) in both conventions.  Also counts the
  partitions whose misère value differs from the normal one (no closed form
  is claimed for misère play) and checks that each differs by a 0 ↔ 1 swap.
* Welter's game searched on bead sets: every set of beads in [0, B)
  (default B = 16, all 2^B sets) has the value `welter(beads)`.

    .venv/bin/python benchmarks/verify_sato_welter.py            # N = 22, B = 16
    .venv/bin/python benchmarks/verify_sato_welter.py --max-n 16 --beads 12
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy import Solver
from grundy.games.sato_welter import sato_welter as sw
from grundy.nim import mex
from grundy.partition import partitions


def welter_game_values(places: int) -> list[int]:
    """The value of Welter's game for every bead set ⊆ [0, places), indexed by bitmask.

    A move takes a bead b to an empty place q < b; it lowers Σ beads, so the sets are
    valued in order of that sum.
    """
    masks = sorted(range(1 << places), key=lambda m: sum(b for b in range(places) if m >> b & 1))
    values = [0] * (1 << places)
    for mask in masks:
        seen = set()
        for b in range(places):
            if mask >> b & 1:
                for q in range(b):
                    if not mask >> q & 1:
                        seen.add(values[mask ^ (1 << b) ^ (1 << q)])
        values[mask] = mex(seen)
    return values


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=22)
    ap.add_argument("--beads", type=int, default=16)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    failures = 0
    solver = Solver(sw.SATO_WELTER, fast=False)
    count = 0
    swaps: dict[int, int] = {}
    for n in range(args.max_n + 1):
        for lam in partitions(n):
            count += 1
            value = solver.value(lam)
            forms = {sw.sato_welter_value(lam)}
            forms |= {sw.welter(sw.beta_set(lam, lam.length + m)) for m in range(6)}
            if forms != {value}:
                failures += 1
                print(f"MISMATCH {lam}: search {value}, Welter {sorted(forms)}")
            misere = solver.value(lam, True)
            if misere != value:
                swaps[n] = swaps.get(n, 0) + 1
                if {value, misere} != {0, 1}:
                    failures += 1
                    print(f"NOT A 0/1 SWAP {lam}: normal {value}, misère {misere}")
            conj = lam.conjugate()
            for misere in (False, True):
                if solver.value(lam, misere) != solver.value(conj, misere):
                    failures += 1
                    print(f"MISMATCH conjugation misere={misere} {lam}")
    print(
        f"{count} partitions of n ≤ {args.max_n}: hook-game search = Welter's function of the "
        "β-set (padded by 0 … 5 zero parts); G(λ) = G(λ′) normal and misère"
    )
    print(f"  misère ≠ normal on {sum(swaps.values())} of them, always 0 ↔ 1; by n: {swaps}")
    values = welter_game_values(args.beads)
    for mask, value in enumerate(values):
        beads = [b for b in range(args.beads) if mask >> b & 1]
        if sw.welter(beads) != value:
            failures += 1
            print(f"MISMATCH beads {beads}: search {value}, welter {sw.welter(beads)}")
    print(f"{len(values)} bead sets ⊆ [0, {args.beads}): Welter's game search = welter(beads)")
    verdict = "all checks passed" if not failures else f"{failures} FAILURES"
    print(f"{verdict} in {time.perf_counter() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
