"""Check the RIT closed forms and the CRIT facts of grundy.games.rit.rit against search.

For every partition of n ≤ N (default 24), with the exhaustive
`Solver(fast=False)` as the reference:

* RIT, normal play: G(λ) = (λ1−λ2) ⊕ (λ3−λ4) ⊕ … (docs/games.md item 4);
* RIT, misère play: misère Nim on those differences (`rit_misere_value`);
* CRIT: G(λ) = G(λ′) (both conventions), G(λ) ≤ λ1 + ℓ − 1, G⁻(λ) = G(λ) once
  λ has two boxes, and the two-row values `crit_two_row_value` for
  a ≤ 2N (all [a, b], 0 ≤ b ≤ a; with n ≤ N they are also checked whole).

    .venv/bin/python benchmarks/verify_rit.py            # N = 24
    .venv/bin/python benchmarks/verify_rit.py --max-n 18
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy import Solver
from grundy.games.rit import rit
from grundy.partition import Partition, partitions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=24)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    failures = 0

    def fail(message: str) -> None:
        nonlocal failures
        failures += 1
        print("MISMATCH", message)

    rit_solver, crit_solver = Solver(rit.RIT, fast=False), Solver(rit.CRIT, fast=False)
    count = 0
    for n in range(args.max_n + 1):
        for lam in partitions(n):
            count += 1
            for misere, form in ((False, rit.rit_value), (True, rit.rit_misere_value)):
                if form(lam) != rit_solver.value(lam, misere):
                    fail(
                        f"RIT misere={misere} {lam}: {form(lam)} != {rit_solver.value(lam, misere)}"
                    )
            normal, misere_value = crit_solver.value(lam), crit_solver.value(lam, True)
            conj = lam.conjugate()
            if (normal, misere_value) != (crit_solver.value(conj), crit_solver.value(conj, True)):
                fail(f"CRIT conjugation {lam}")
            if lam and normal > lam.largest + lam.length - 1:
                fail(f"CRIT bound {lam}: {normal}")
            if n >= 2 and misere_value != normal:
                fail(f"CRIT misère {lam}: {misere_value} != {normal}")
    print(f"{count} partitions of n ≤ {args.max_n}: RIT normal and misère closed forms agree")
    print("  CRIT: G(λ) = G(λ′), G ≤ λ1 + ℓ − 1, G⁻ = G for n ≥ 2 hold on all of them")
    rows = 0
    for a in range(2 * args.max_n + 1):
        for b in range(a + 1):
            rows += 1
            got = crit_solver.value(Partition([a, b]))  # fast=False: no closed form
            if got != rit.crit_two_row_value(a, b):
                fail(f"CRIT two rows [{a},{b}]: {got} != {rit.crit_two_row_value(a, b)}")
    print(f"  CRIT two rows [a, b], a ≤ {2 * args.max_n}: {rows} values agree")
    verdict = "all checks passed" if not failures else f"{failures} FAILURES"
    print(f"{verdict} in {time.perf_counter() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
