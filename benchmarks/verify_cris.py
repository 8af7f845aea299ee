"""Check CRIS (docs/games.md item 2) beyond the tests: conjugation invariance, and two
patterns observed in its values (computed here, not claimed anywhere).

* Conjugation invariance: a copy of the ruleset WITHOUT the conjugation canonical
  form values λ and λ′ separately; they must agree (normal play on every
  partition of n ≤ N, misère play on every partition of n ≤ M).
* Rectangles [b^a]: 1 if a and b are odd, 0 if both are even, 2 otherwise
  (normal play, sides ≤ R).
* Staircases [r, r−1, …, 1]: 1 for odd r, 0 for even r (normal play, r ≤ S).

Usage: ``.venv/bin/python benchmarks/verify_cris.py [--n 18 --m 13 --r 14 --s 14]``.
"""

from __future__ import annotations

import argparse
import time

from grundy import Solver
from grundy.games.cris.cris import CRIS, CRISRules
from grundy.partition import partitions_up_to, rectangle, staircase


def rectangle_pattern(a: int, b: int) -> int:
    """The observed value of CRIS on [b^a] (normal play)."""
    if a % 2 and b % 2:
        return 1
    return 0 if a % 2 == b % 2 == 0 else 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=18, help="normal play: every n ≤ this")
    parser.add_argument("--m", type=int, default=13, help="misère play: every n ≤ this")
    parser.add_argument("--r", type=int, default=14, help="rectangles: sides ≤ this")
    parser.add_argument("--s", type=int, default=14, help="staircases: r ≤ this")
    args = parser.parse_args()
    raw_rules = CRISRules()
    raw_rules.conjugation_invariant = False  # an unregistered copy: no canonical form
    raw = Solver(raw_rules, fast=False)
    solver = Solver(CRIS, fast=False)
    failures = []
    for misere, limit in ((False, args.n), (True, args.m)):
        start = time.perf_counter()
        count = 0
        for lam in partitions_up_to(limit):
            count += 1
            v, w = (raw.value(raw_rules.parse(p), misere) for p in (lam, lam.conjugate()))
            if v != w:
                failures.append(f"misere={misere}: G({lam}) = {v} but G({lam.conjugate()}) = {w}")
        play = "misère" if misere else "normal"
        print(
            f"conjugation invariance, {play} play: {count} partitions of n ≤ {limit} "
            f"({time.perf_counter() - start:.1f} s)"
        )
    rects = 0
    for a in range(1, args.r + 1):
        for b in range(1, args.r + 1):
            rects += 1
            v = solver.value(CRIS.parse(rectangle(a, b)))
            if v != rectangle_pattern(a, b):
                failures.append(f"rectangle {b}^{a}: {v}, pattern {rectangle_pattern(a, b)}")
    print(f"rectangles: {rects} with sides ≤ {args.r} follow the pattern 1 / 0 / 2")
    for r in range(1, args.s + 1):
        v = solver.value(CRIS.parse(staircase(r)))
        if v != r % 2:
            failures.append(f"staircase {r}: {v}")
    print(f"staircases: r = 1 … {args.s}: value r mod 2")
    print("all checks passed" if not failures else "FAILURES:")
    for line in failures:
        print("   ", line)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
