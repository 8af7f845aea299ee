"""Ruler values on posets: bit-plane evaluation against interval-by-interval sums.

`grundy.coin_turning.value_list(P, "ruler")` evaluates 004 Theorem 4.1 with
bit-planes of the values (one AND + popcount per plane and interval).  The
baseline walks every interval [y, x] element by element and nim-adds the
values (the definition (4.1a) read literally, on the same bitset poset).
Both run in this process on the same posets; the values are checked equal.
Run:  .venv/bin/python benchmarks/bench_coin_turning.py
"""

from __future__ import annotations

import time

from grundy import coin_turning, nim, posets
from grundy.nim import mex
from grundy.posets import bits


def baseline_ruler(p: posets.Poset) -> list[int]:
    g: list[int] = []
    for i in range(len(p)):
        down = p.down_mask(i)
        sums = set()
        for y in bits(down):
            s = 0
            for t in bits(p.up_mask(y) & down):
                if t != i:
                    s ^= g[t]
            sums.add(s)
        g.append(mex(sums))
    return g


def main() -> None:
    nim.mul(3, 3)  # build the nim tables outside the timings
    cases = [
        ("set-partitions:7", lambda: posets.set_partitions(7)),
        ("set-partitions:8", lambda: posets.set_partitions(8)),
        ("asm:16", lambda: posets.asm(16)),
        ("subspaces:5:3", lambda: posets.subspaces(5, 3)),
        ("chain:25 x chain:25", lambda: posets.product(posets.chain(25), posets.chain(25))),
    ]
    print(f"{'poset':>22} {'elements':>9} {'baseline s':>11} {'bit-planes s':>13} {'ratio':>7}")
    for name, build in cases:
        p = build()
        p.up_mask(0)  # build the up-sets outside the timing
        t0 = time.perf_counter()
        ours = coin_turning.value_list(p, "ruler", use_product=False)
        t1 = time.perf_counter()
        base = baseline_ruler(p)
        t2 = time.perf_counter()
        assert ours == base
        print(
            f"{name:>22} {len(p):>9} {t2 - t1:>11.3f} {t1 - t0:>13.3f} "
            f"{(t2 - t1) / (t1 - t0):>6.1f}x"
        )
    p = posets.product(posets.chain(25), posets.chain(25))
    t0 = time.perf_counter()
    coin_turning.value_list(p, "ruler")  # product theorem (004 Theorem 4.2)
    print(f"chain:25 x chain:25 by the product theorem: {time.perf_counter() - t0:.4f} s")


if __name__ == "__main__":
    main()
