"""Check the corner games (games/corners/corners.py, docs/games.md items 6–9) further out
than the tests.

For Corner, Consecutive Corner, SCC and Anticorner, on every partition of
n ≤ N (default 18):

* the public value against `Solver(fast=False)`, normal and misère, and the
  compiled kernel of `grundy.games.corners.corners_kernel` against the same (unless
  --no-kernel);
* conjugation invariance: the options of λ′ are the conjugates of those of λ;
* (not Anticorner) G⁻(λ) = G(λ) except on [n] and [1^n], where G = n mod 2
  and G⁻ = 1 − G (proved in the module docstring).

    .venv/bin/python benchmarks/verify_corners.py
    .venv/bin/python benchmarks/verify_corners.py --max-n 14 --no-kernel
"""

from __future__ import annotations

import argparse
import sys
import time

import grundy
from grundy import Solver
from grundy.games.corners import corners
from grundy.partition import partitions

GAMES = {
    "corner": corners.CORNER,
    "consecutive-corner": corners.CONSECUTIVE_CORNER,
    "scc": corners.SCC,
    "anticorner": corners.ANTICORNER,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=18)
    ap.add_argument("--no-kernel", action="store_true")
    args = ap.parse_args(argv)
    failures = 0
    start = time.perf_counter()
    for name, rules in GAMES.items():
        exact = Solver(rules, fast=False)
        kernel = None if args.no_kernel else rules.kernel  # asked directly, at every size
        checked = 0
        for n in range(args.max_n + 1):
            for lam in partitions(n):
                refs = {}
                for misere in (False, True):
                    ref = refs[misere] = exact.value(lam, misere)
                    got = [grundy.value(rules, lam, misere)]
                    if kernel is not None:
                        got.append(kernel.value(lam, misere))
                    if any(g != ref for g in got):
                        failures += 1
                        print(f"MISMATCH {name} misere={misere} {lam}: {got} != {ref}")
                kids = {child.conjugate() for _, child in rules.options(lam)}
                if kids != {child for _, child in rules.options(lam.conjugate())}:
                    failures += 1
                    print(f"MISMATCH {name} conjugation {lam}")
                if name != "anticorner":
                    if len(lam.runs) <= 1 and (not lam or 1 in lam.runs[0]):  # [n], [1^n]
                        ok = refs[False] == n % 2 and refs[True] == 1 - n % 2
                    else:
                        ok = refs[True] == refs[False]
                    if not ok:
                        failures += 1
                        print(f"MISMATCH {name} misère rule {lam}")
                checked += 1
        what = "value" + (" and kernel" if kernel is not None else "")
        print(f"{name}: {checked} partitions of n ≤ {args.max_n}: {what} agree with")
        print("  Solver(fast=False), normal and misère; conjugation invariant")
        if name != "anticorner":
            print("  G⁻ = G except on [n], [1^n], where G = n mod 2 and G⁻ = 1 − G")
    print(f"{failures} failures, {time.perf_counter() - start:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
