"""Non-repetitive LCTR against plain LCTR (games/lctr/lctr_nonrep.py; docs/findings/lctr_nonrep.md).

Prints, for every partition of n ≤ N (default 30), no history:

1. how many have each value and how many differ from LCTR (`lctr_value`),
   normal and misère play, with the smallest differing partitions;
2. the values of the rectangles [c^r] (r ≤ 14 rows, c ≤ 30 columns);
3. the diagonal question (000 Corollary 16): how often SG(λ[i, i], h) differs
   from SG(λ[i + k, i + k], h), by the Durfee length of λ[i + k, i + k], on
   seeded random partitions (up to 40 parts ≤ 60), for every history h.

    .venv/bin/python benchmarks/verify_lctr_nonrep.py             # N = 30
    .venv/bin/python benchmarks/verify_lctr_nonrep.py --max-n 24
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from grundy import Solver
from grundy.games.lctr.lctr import lctr_value
from grundy.games.lctr.lctr_nonrep import LCTR_NONREP, NonRepPosition
from grundy.partition import Partition, partitions, rectangle

HISTORIES = ["", "L", "T"] + [a + b for a in "LT" for b in "LT"]
HISTORIES += [a + b + c for a in "LT" for b in "LT" for c in "LT"]


def compare(max_n: int, solver: Solver) -> None:
    print(f"1. every partition of n ≤ {max_n}, no history: values, and differences from LCTR")
    for misere in (False, True):
        print(f"  {'misère' if misere else 'normal'} play: n, count, {{value: count}}, differ")
        for n in range(max_n + 1):
            tally: Counter[int] = Counter()
            differ = []
            for lam in partitions(n):
                v = solver.value(NonRepPosition(lam), misere)
                tally[v] += 1
                if v != lctr_value(lam, misere):
                    differ.append(str(lam))
            first = f"  e.g. {', '.join(differ[:4])}" if differ and n <= 12 else ""
            total = sum(tally.values())
            print(f"    {n:3d} {total:6d} {dict(sorted(tally.items()))} {len(differ):5d}{first}")


def rectangles(solver: Solver) -> None:
    print("2. rectangles [c^r]: row r, column c = 1 … 30")
    for misere in (False, True):
        print(f"  {'misère' if misere else 'normal'} play")
        for r in range(1, 15):
            row = "".join(str(solver.value(NonRepPosition(rectangle(r, c)), misere))
                          for c in range(1, 31))  # fmt: skip
            print(f"    r = {r:2d}: {row}")


def diagonal(solver: Solver, samples: int, seed: int) -> None:
    print(f"3. the diagonal, {samples} random partitions (seed {seed}): share of boxes (i, i)")
    print("   with SG(λ[i,i], h) ≠ SG(λ[i+k,i+k], h) where d(λ[i+k,i+k]) ≥ 6 (least over h)")
    rng = random.Random(seed)
    lams = [
        Partition(rng.randint(1, 60) for _ in range(rng.randint(10, 40))) for _ in range(samples)
    ]
    for misere in (False, True):
        for k in (1, 2, 3, 4, 6):
            shares = []
            for h in HISTORIES:
                bad = total = 0
                for lam in lams:
                    for i in range(lam.durfee() - k):
                        if lam.sub(i + k, i + k).durfee() < 6:
                            continue
                        total += 1
                        here = solver.value(NonRepPosition(lam.sub(i, i), h), misere)
                        there = solver.value(NonRepPosition(lam.sub(i + k, i + k), h), misere)
                        bad += here != there
                shares.append((bad / total, h or "-", total))
            share, h, total = min(shares)
            print(f"    {'misère' if misere else 'normal'}, step {k}: least share {share:.2f} "
                  f"(history {h}, {total} boxes)")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=30)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    solver = Solver(LCTR_NONREP)
    compare(args.max_n, solver)
    rectangles(solver)
    diagonal(solver, args.samples, args.seed)
    print(f"done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
