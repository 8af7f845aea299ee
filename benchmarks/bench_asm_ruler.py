"""Ruler on the ASM poset A_n (004 §6.1, Table 3): counting against interval-by-interval.

    .venv/bin/python benchmarks/bench_asm_ruler.py [--direct-budget SECONDS] [--sizes 4,6,...]

For each n: the time of `asm_ruler_table(n)` (counting by rank and z, module
grundy.games.coin_turning.asm_ruler) and, while the direct method's cumulative time stays
within --direct-budget (and n ≤ --direct-max-n), of `asm_ruler_direct(n)`
(Lenstra's Theorem 4.1 on the bitset poset `grundy.posets.asm(n)`, every
interval summed element by element), with the check that both tables agree
and their ratio.
"""

from __future__ import annotations

import argparse
import time

from grundy.games.coin_turning.asm_ruler import asm_ruler_direct, asm_ruler_table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--direct-budget", type=float, default=120.0)
    ap.add_argument("--direct-max-n", type=int, default=20, help="no direct run above this n")
    ap.add_argument("--sizes", default="4,6,8,10,12,14,16,20,30,40,50,60")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'n':>3} {'|A_n|':>7} {'counting s':>11} {'direct s':>10} {'ratio':>8}  agree")
    spent = 0.0
    for n in sizes:
        t = time.perf_counter()
        fast = asm_ruler_table(n)
        tf = time.perf_counter() - t
        size = (n + 1) * n * (n - 1) // 6
        if spent <= args.direct_budget and n <= args.direct_max_n:
            t = time.perf_counter()
            direct = asm_ruler_direct(n)
            td = time.perf_counter() - t
            spent += td
            agree = direct == fast
            print(f"{n:>3} {size:>7} {tf:>11.4f} {td:>10.3f} {td / tf:>8.1f}  {agree}", flush=True)
            assert agree, n
        else:
            print(f"{n:>3} {size:>7} {tf:>11.4f} {'-':>10} {'-':>8}  -", flush=True)


if __name__ == "__main__":
    main()
