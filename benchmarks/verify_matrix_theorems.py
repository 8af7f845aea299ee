"""Sweep the closed forms of paper 003 far past the test ranges, and compare the
staircase values U(n) = S_n of 003 and 002.

    .venv/bin/python benchmarks/verify_matrix_theorems.py            # default ranges
    .venv/bin/python benchmarks/verify_matrix_theorems.py --max-k 8  # strong partitions k ≤ 8

Search values come from `grundy.value("cr", λ)` (Column-Row is the matrix game
on Ferrers matrices; its engine is itself tested against the generic solver);
below `--solver-part` the plain matrix Solver is run as well.  Prints every
disagreement, and a summary line per statement.
"""

from __future__ import annotations

import argparse
import itertools
import time

import grundy
from grundy import Solver
from grundy.games.matrix import matrix_theorems as th
from grundy.games.matrix.matrix import PLAIN_MATRIX, ferrers_matrix
from grundy.partition import staircase


#: 002 Conjecture 1 as printed: SG(S_n) = 0 if n even, 1 if n = 5, 2 otherwise.
def conjecture_002(n: int) -> int:
    if n % 2 == 0:
        return 0
    return 1 if n == 5 else 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-part", type=int, default=40, help="Theorems 2–6: parts ≤ this")
    parser.add_argument("--solver-part", type=int, default=12, help="also run the plain Solver")
    parser.add_argument("--max-k", type=int, default=8, help="Theorems 7–16: k ≤ this")
    parser.add_argument("--max-n", type=int, default=18, help="staircases S_n, n ≤ this")
    args = parser.parse_args()
    plain = Solver(PLAIN_MATRIX, fast=False)

    start = time.perf_counter()
    checked = wrong = 0
    for k in (1, 2, 3):
        for a in itertools.combinations_with_replacement(range(args.max_part, 0, -1), k):
            parts = list(a)
            value = grundy.value("cr", parts)
            if max(parts) <= args.solver_part:
                assert plain.value(ferrers_matrix(parts)) == value, parts
            checked += 1
            if th.ferrers_value(parts) != value:
                wrong += 1
                print(f"  Theorems 2-6 disagree on {parts}: {th.ferrers_value(parts)} vs {value}")
    took = time.perf_counter() - start
    print(
        f"003 Cor. 1, Thms 2-6: {checked} Ferrers matrices with <= 3 rows, parts <= "
        f"{args.max_part}: {wrong} disagreements ({took:.1f} s)"
    )

    for k in range(4, args.max_k + 1):
        start = time.perf_counter()
        checked = wrong = 0
        for a in itertools.combinations_with_replacement(range(2 * k + 2, k, -1), k):
            parts = list(a)
            p_position = grundy.value("cr", parts) == 0
            checked += 1
            if (th.strong_outcome(parts) == "P") != p_position:
                wrong += 1
                print(f"  k={k}: {parts} is {'P' if p_position else 'N'} by search")
        counts = [0, 0]
        for pattern in th.parity_patterns(k):
            counts[grundy.value("cr", th.smallest_strong_partition(pattern, k)) != 0] += 1
        took = time.perf_counter() - start
        print(
            f"003 Thms 7-16, k={k}: {checked} strong partitions with parts <= {2 * k + 2}: "
            f"{wrong} disagreements; Remark 5 (P, N) by search {tuple(counts)}, "
            f"formula {th.remark5_formula(k)} ({took:.1f} s)"
        )

    print("n   search  003-table  002-Conj.1   seconds")
    for n in range(1, args.max_n + 1):
        start = time.perf_counter()
        value = grundy.value("cr", staircase(n))
        took = time.perf_counter() - start
        table = th.U_VALUES_003.get(n, "-")
        print(f"{n:<3} {value:<7} {table!s:<10} {conjecture_002(n):<11} {took:.3f}")


if __name__ == "__main__":
    main()
