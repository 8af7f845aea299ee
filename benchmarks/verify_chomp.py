"""Check Chomp (games/chomp/chomp.py, docs/games.md item 1) further out than the tests do.

* every partition of n ≤ N (default 18): the public value (gamma closed form)
  against `Solver(fast=False)`, normal and misère, and the compiled kernel
  `grundy.games.chomp.chomp_kernel.CHOMP` against the same (unless --no-kernel);
* conjugation invariance: the options of λ′ are the conjugates of those of λ
  (n ≤ N), which makes the values equal by induction;
* gammas [a, 1^(b−1)], a, b ≤ G (default 30): two-pile Nim on (a − 1, b − 1),
  misère Nim in misère play;
* rectangles r × c, r, c ≤ S (default 7): N-positions except 1 × 1;
* two rows [a, b], a ≤ A (default 60): P-position exactly when b = a − 1
  (two columns follow by conjugation).

    .venv/bin/python benchmarks/verify_chomp.py
    .venv/bin/python benchmarks/verify_chomp.py --max-n 14 --max-side 6 --max-a 30
"""

from __future__ import annotations

import argparse
import sys
import time

import grundy
from grundy import Solver
from grundy.games.chomp import chomp
from grundy.partition import Partition, gamma, partitions, rectangle


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=18)
    ap.add_argument("--max-gamma", type=int, default=30)
    ap.add_argument("--max-side", type=int, default=7)
    ap.add_argument("--max-a", type=int, default=60)
    ap.add_argument("--no-kernel", action="store_true")
    args = ap.parse_args(argv)
    rules = chomp.CHOMP
    exact = Solver(rules, fast=False)
    kernel = None if args.no_kernel else rules.kernel  # asked directly, at every size
    failures = 0
    start = time.perf_counter()

    def fail(message: str) -> None:
        nonlocal failures
        failures += 1
        print("MISMATCH", message)

    checked = 0
    for n in range(1, args.max_n + 1):
        for lam in partitions(n):
            for misere in (False, True):
                ref = exact.value(lam, misere)
                if grundy.value(rules, lam, misere) != ref:
                    fail(f"value misere={misere} {lam}")
                if kernel is not None and kernel.value(lam, misere) != ref:
                    fail(f"kernel misere={misere} {lam}: {kernel.value(lam, misere)} != {ref}")
            kids = {child.conjugate() for _, child in rules.options(lam)}
            if kids != {child for _, child in rules.options(lam.conjugate())}:
                fail(f"conjugation {lam}")
            checked += 1
    what = "value" + (" and kernel" if kernel is not None else "")
    print(f"n ≤ {args.max_n}: {checked} partitions: {what} agree with Solver(fast=False), normal")
    print("  and misère; options of λ′ = conjugates of options of λ")

    top = args.max_gamma
    for a in range(1, top + 1):
        for b in range(1, top + 1):
            lam = gamma(b, a)
            for misere in (False, True):
                if chomp.gamma_value(a, b, misere) != exact.value(lam, misere):
                    fail(f"gamma a={a} b={b} misere={misere}")
    print(f"gammas [a, 1^(b−1)], a, b ≤ {top}: Nim on (a−1, b−1) (misère Nim) holds")

    side = args.max_side
    for r in range(1, side + 1):
        for c in range(1, side + 1):
            if (exact.value(rectangle(r, c)) == 0) != (r == c == 1):
                fail(f"rectangle {r}×{c}")
    print(f"rectangles r × c, r, c ≤ {side}: N-positions except 1 × 1")

    p_positions = 0
    for a in range(1, args.max_a + 1):
        for b in range(a + 1):
            is_p = exact.value(Partition([a, b])) == 0
            p_positions += is_p
            if is_p != (b == a - 1):
                fail(f"two rows [{a}, {b}]")
    print(f"two rows [a, b], a ≤ {args.max_a}: P exactly at b = a − 1 ({p_positions} of them)")

    print(f"{failures} failures, {time.perf_counter() - start:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
