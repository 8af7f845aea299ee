"""Check every Column-Row fast path against the generic solver, exhaustively.

For every partition of n ≤ N (default 18): both compiled engines (full mex
and the nimber test, normal and misère play) and every closed form of
`grundy.games.column_row.column_row` (002 Lemma 1.1 = 003 Theorem 1 = 000 Lemma 17,
002 Lemma 3.1, Theorem 4.1, Theorem 5.1) against `Solver` (the reference,
which never calls a fast path).  Also tests the closed forms on their whole
families further out (rectangles, gammas, almost gammas with sides ≤ 14)
against the engine, and prints staircase data against 002 Conjecture 1 and
003's U(n) list.

    .venv/bin/python benchmarks/verify_column_row.py            # N = 18
    .venv/bin/python benchmarks/verify_column_row.py --max-n 14
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy import Solver, get_ruleset
from grundy.engine import Search, encode
from grundy.games.column_row import column_row as cr
from grundy.games.column_row.column_row import COLUMN_ROW_KERNEL
from grundy.partition import Partition, partitions, staircase


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=18)
    args = ap.parse_args(argv)
    rules = get_ruleset("cr")
    failures = 0
    start = time.perf_counter()
    for misere in (False, True):
        solver = Solver(rules, fast=False)
        engines = {
            m: Search(COLUMN_ROW_KERNEL, misere=misere, memory="64M", progress=False)
            for m in ("mex", "test")
        }
        checked = closed = 0
        for n in range(args.max_n + 1):
            for lam in partitions(n):
                ref = solver.value(lam, misere)
                for method, engine in engines.items():
                    got = engine.value(encode(lam), method)
                    if got != ref:
                        failures += 1
                        print(f"MISMATCH {method} misere={misere} {lam}: {got} != {ref}")
                if not misere:
                    form = cr.closed_form_value(lam)
                    if form is not None:
                        closed += 1
                        if form != ref:
                            failures += 1
                            print(f"MISMATCH closed form {lam}: {form} != {ref}")
                checked += 1
        play = "misère" if misere else "normal"
        print(
            f"{play:6}: {checked} partitions of n ≤ {args.max_n}: mex and test engines agree "
            f"with Solver" + (f"; {closed} closed-form values agree" if not misere else "")
        )
    # whole families further out, against the engine
    engine = Search(COLUMN_ROW_KERNEL, progress=False)
    fam = 0
    for a in range(1, 15):
        for b in range(1, 15):
            checks = [
                (Partition.from_runs([(b, a)]), cr.rectangle_value(a, b)),
                (Partition.from_runs([(b, 1), (1, a - 1)]), cr.gamma_value(a, b)),
            ]
            if a >= 4 and b >= 3:
                for d in range(3, b + 1):
                    lam = Partition.from_runs([(b, 1), (d, a - 1)])
                    checks.append((lam, cr.almost_gamma_value(a, b, d)))
            for lam, form in checks:
                fam += 1
                if engine.value(encode(lam)) != form:
                    failures += 1
                    print(f"MISMATCH family {lam}: {form} != {engine.value(encode(lam))}")
    print(f"families (sides ≤ 14): {fam} rectangle/gamma/almost-gamma values agree with the engine")
    conj = {n: 0 if n % 2 == 0 else (1 if n == 5 else 2) for n in range(1, 17)}
    u003 = {1: 1, 3: 1, 5: 1, 7: 2, 9: 2, 2: 0, 4: 0, 6: 0, 8: 0, 10: 0}
    print(" n  SG(S_n)  002 Conj. 1  003 U(n)")
    for n in range(1, 17):
        v = engine.value(encode(staircase(n)))
        mark = "" if v == conj[n] else "  <- 002 Conjecture 1 fails"
        print(f"{n:2}  {v:7}  {conj[n]:11}  {u003.get(n, '-'):>8}{mark}")
    print(f"{'FAILED' if failures else 'all checks passed'} in {time.perf_counter() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
