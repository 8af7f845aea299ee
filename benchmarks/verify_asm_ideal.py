"""004 Theorem 1.1 (order-ideal game on the ASM poset A_n) checked by direct computation.

    .venv/bin/python benchmarks/verify_asm_ideal.py [--max-n 12]

For every n ≤ max-n the values of all elements of A_n are computed twice, by
Lemma 4.1 (4.4) on the bitset poset (grundy.games.coin_turning.asm_ruler.asm_ideal_values)
and by the general Theorem 4.1 code (grundy.games.coin_turning.coin_turning.values with the
"ideal" family), and compared with the closed form (1.3).
"""

from __future__ import annotations

import argparse
import time

from grundy import posets
from grundy.games.coin_turning import coin_turning
from grundy.games.coin_turning.asm_ruler import asm_ideal_values, theorem_1_1_value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=12)
    args = ap.parse_args()
    print(f"{'n':>3} {'|A_n|':>6} {'value 1':>8} {'mismatch':>9} {'seconds':>8}")
    ok = True
    for n in range(2, args.max_n + 1):
        t = time.perf_counter()
        direct = asm_ideal_values(n)
        general = coin_turning.values(posets.asm(n), "ideal")
        bad = sum(
            1
            for (x, y, z), v in direct.items()
            if v != general[(x, y, z)] or v != theorem_1_1_value(n, x, y, z)
        )
        ok &= bad == 0
        ones = sum(direct.values())
        dt = time.perf_counter() - t
        print(f"{n:>3} {len(direct):>6} {ones:>8} {bad:>9} {dt:>8.3f}", flush=True)
    print("Theorem 1.1 holds for every n checked" if ok else "Theorem 1.1 FAILS somewhere above")


if __name__ == "__main__":
    main()
