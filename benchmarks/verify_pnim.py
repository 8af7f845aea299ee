"""Check the known results of PNim (docs/games.md item 10) on every partition of n ≤ N.

* G(λ) ≤ λ1 + ℓ(λ) − 1, and which λ attain the bound;
* G(λ) = 1 exactly when λ = (1) or (r, r, r−1, …, 2) ⊆ λ ⊆ (r^r), r ≥ 2
  (`grundy.games.pnim.pnim.is_value_one_shape`).

Values come from the generic solver (`Solver(PNIM, fast=False)`; PNim has no
closed form).  Prints what it checked and every partition below the bound (one
per conjugate pair).  Usage: ``.venv/bin/python benchmarks/verify_pnim.py [--n 24]``.
"""

from __future__ import annotations

import argparse
import time

from grundy import Solver
from grundy.games.pnim.pnim import PNIM, is_value_one_shape
from grundy.partition import partitions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=24, help="largest size checked (default 24)")
    args = parser.parse_args()
    solver = Solver(PNIM, fast=False)
    start = time.perf_counter()
    checked = attained = ones = 0
    failures: list[str] = []
    below: list[str] = []
    for n in range(1, args.n + 1):
        for lam in partitions(n):
            value = solver.value(PNIM.parse(lam))
            bound = lam.largest + lam.length - 1
            checked += 1
            if value > bound:
                failures.append(f"bound fails: G({lam}) = {value} > {bound}")
            if (value == 1) != is_value_one_shape(lam):
                failures.append(f"value-one shape fails: G({lam}) = {value}")
            ones += value == 1
            if value == bound:
                attained += 1
            elif lam.runs <= lam.conjugate().runs:
                below.append(f"{lam} ({value} < {bound})")
    seconds = time.perf_counter() - start
    print(f"{checked} partitions of 1 ≤ n ≤ {args.n}, normal play, {seconds:.1f} s")
    print(f"G(λ) ≤ λ1 + ℓ(λ) − 1: {'holds' if not failures else 'FAILS'} on all of them")
    print(f"attained by {attained}; below the bound ({checked - attained} partitions), ")
    print("one of each conjugate pair:")
    for line in below:
        print("   ", line)
    print(f"G(λ) = 1 for {ones} partitions, exactly the value-one shapes: {not failures}")
    for line in failures:
        print("   ", line)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
