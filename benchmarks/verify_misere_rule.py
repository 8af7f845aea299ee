"""Exhaustive check of the misère diagonal rule for every partition up to n = 40.

Run:  .venv/bin/python benchmarks/verify_misere_rule.py [--max-n 40]

The misère fast values (`lctr_value(λ, misere=True)`, `downright_value(λ,
misere=True)`) rest on the misère propagation proved in the docstring of
grundy/games/lctr/lctr.py: SG⁻(λ[i−1, j−1]) = SG⁻(λ[i, j]) whenever d(λ[i, j]) ≥ 2,
so SG⁻(λ) = SG⁻(λ[d−2, d−2]).  For every partition λ with n ≤ max-n this script
checks, for misère LCTR and misère Downright (and, for completeness, normal play):

1. the fast value equals the generic exhaustive solver
   (`grundy.solver.Solver(rules, fast=False)`, which never uses a closed form);
2. the propagation itself on every box of the per-box value table
   (`diagonal_violations` is empty), i.e. the claim behind the rule, not only
   its consequence at the top-left box.

Exit status 1 and the first counterexamples if anything fails.
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy import Solver
from grundy.games.lctr.lctr import DOWNRIGHT, LCTR, diagonal_violations, downright_value, lctr_value
from grundy.partition import partitions

COMBOS = [
    ("lctr", True, LCTR, lctr_value),
    ("downright", True, DOWNRIGHT, downright_value),
    ("lctr", False, LCTR, lctr_value),
    ("downright", False, DOWNRIGHT, downright_value),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=40)
    args = ap.parse_args()
    solvers = {(game, misere): Solver(rules, fast=False) for game, misere, rules, _ in COMBOS}
    failures: list[str] = []
    checked = 0
    start = time.perf_counter()
    for n in range(1, args.max_n + 1):
        count = 0
        for lam in partitions(n):
            count += 1
            for game, misere, _, fast in COMBOS:
                expected = solvers[game, misere].value(lam, misere)
                got = fast(lam, misere)
                if got != expected:
                    failures.append(f"{game} misere={misere} {lam}: fast {got}, solver {expected}")
                bad = diagonal_violations(lam, game, misere)
                if bad:
                    failures.append(f"{game} misere={misere} {lam}: propagation fails at {bad}")
        checked += count
        if n % 5 == 0 or n == args.max_n:
            print(
                f"n = {n:3d}: {count:6d} partitions, {checked:7d} so far, "
                f"{time.perf_counter() - start:6.1f} s",
                flush=True,
            )
        if failures:
            break
    if failures:
        print(f"FAILED ({len(failures)} problems); first ones:")
        for line in failures[:20]:
            print("  " + line)
        return 1
    print(
        f"OK: every partition with 1 ≤ n ≤ {args.max_n} ({checked} partitions): fast value = "
        "exhaustive solver and diagonal propagation on every box, for misère and normal "
        "LCTR and Downright."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
