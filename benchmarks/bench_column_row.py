"""Column-Row on staircases: ours against 002 Algorithm 1, in one run.

The baseline is a faithful implementation of 002 Algorithm 1: a dictionary
D of partitions (tuples of parts) to values, filled by plain recursion
SG(λ, D) over every column and every row of λ (no conjugation symmetry, no
merging of equal rows), D initially empty.  Ours is `grundy.engine.Search`
(compiled engine; fresh table per position, numba compilation done before
timing).  Both must agree; the script prints times and ratios.

    .venv/bin/python benchmarks/bench_column_row.py            # S_10 … S_14
    .venv/bin/python benchmarks/bench_column_row.py --to 16 --method mex
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy.engine import METHODS, Search, encode
from grundy.games.column_row.column_row import COLUMN_ROW_KERNEL
from grundy.nim import mex
from grundy.partition import staircase

sys.setrecursionlimit(10_000)


def algorithm1(lam: tuple[int, ...], D: dict[tuple[int, ...], int]) -> int:
    """002 Algorithm 1: SG(λ, D) with a dictionary of partitions, plain recursion."""
    if lam not in D:
        M = set()
        for i in range(lam[0] if lam else 0):  # the i-th column: every row longer than i
            smaller = tuple(p - 1 if p > i else p for p in lam)
            M.add(algorithm1(tuple(p for p in smaller if p > 0), D))
        for j in range(len(lam)):  # the j-th row
            M.add(algorithm1(lam[:j] + lam[j + 1 :], D))
        D[lam] = mex(M)
    return D[lam]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="lo", type=int, default=10)
    ap.add_argument("--to", dest="hi", type=int, default=14)
    ap.add_argument("--method", default="auto", choices=METHODS)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    # compile / load the numba cache
    Search(COLUMN_ROW_KERNEL, progress=False).value(encode(staircase(6)), args.method)
    print(f"numba warm-up (compile or cache load): {time.perf_counter() - t0:.2f} s")
    print(f"{'n':>3} {'value':>5} {'Algorithm 1 s':>14} {'dict size':>10} "
          f"{'ours s':>9} {'expanded':>10} {'ratio':>9}")  # fmt: skip
    worst = 0
    for n in range(args.lo, args.hi + 1):
        lam = tuple(staircase(n).parts())
        D: dict[tuple[int, ...], int] = {}
        t = time.perf_counter()
        base = algorithm1(lam, D)
        t_base = time.perf_counter() - t
        engine = Search(COLUMN_ROW_KERNEL, progress=False)
        t = time.perf_counter()
        ours = engine.value(encode(staircase(n)), args.method)
        t_ours = time.perf_counter() - t
        if ours != base:
            print(f"DISAGREEMENT at S_{n}: Algorithm 1 {base}, ours {ours}")
            worst = 1
        print(
            f"{n:>3} {ours:>5} {t_base:>14.3f} {len(D):>10,} {t_ours:>9.4f} "
            f"{engine.stats.expanded:>10,} {t_base / t_ours:>8.0f}×",
            flush=True,
        )
    return worst


if __name__ == "__main__":
    sys.exit(main())
