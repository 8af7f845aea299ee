"""Nim-product speed: `grundy.nim.mul` against a straightforward bitwise baseline.

Baseline (the textbook definition, 004 §2.3 / Appendix A): a ⊗ b is the
nim-sum over the set bits i of a and j of b of 2^i ⊗ 2^j, and a product of
two powers of two is found from the Fermat 2-powers F_k = 2^(2^k): 2^i is
the ordinary product of the F_k for the bits k of i, distinct Fermat powers
multiply ordinarily, and F_k ⊗ F_k = F_k ⊕ F_k/2.  Products of powers of two
are memoised, so the baseline costs (bits of a) × (bits of b) table look-ups.
Both run in the same process on the same random operands; results are checked
equal.  Run:  .venv/bin/python benchmarks/bench_nim.py
"""

from __future__ import annotations

import random
import sys
import time
from functools import cache

from grundy import nim


@cache
def pow2_product(i: int, j: int) -> int:
    """2^i ⊗ 2^j via Fermat 2-powers."""
    common = i & j
    if not common:
        return 1 << (i | j)  # distinct Fermat powers: ordinary product
    k = common.bit_length() - 1  # 2^i ⊗ 2^j = F_k ⊗ F_k ⊗ 2^(i-c) ⊗ 2^(j-c), c = 2^k
    c = 1 << k
    rest = pow2_product(i - c, j - c)
    out = 0
    for t in _bits(rest):  # (F_k ⊕ F_k/2) ⊗ rest, bit by bit
        out ^= pow2_product(c, t) ^ pow2_product(c - 1, t)
    return out


def _bits(x: int) -> list[int]:
    return [i for i in range(x.bit_length()) if x >> i & 1]


def baseline_mul(a: int, b: int) -> int:
    out = 0
    bb = _bits(b)
    for i in _bits(a):
        for j in bb:
            out ^= pow2_product(i, j)
    return out


def timed(fn, pairs) -> tuple[float, list[int]]:
    t0 = time.perf_counter()
    results = [fn(a, b) for a, b in pairs]
    return (time.perf_counter() - t0) / len(pairs), results


def main() -> None:
    rng = random.Random(2024)
    nim.mul(3, 3)  # build the GF(2^16) tables outside the timing
    print(f"python {sys.version.split()[0]}")
    print(f"{'bits':>5} {'pairs':>6} {'baseline µs':>12} {'grundy.nim µs':>14} {'ratio':>7}")
    for width, count in ((64, 20000), (128, 5000), (256, 2000)):
        pairs = [(rng.getrandbits(width), rng.getrandbits(width)) for _ in range(count)]
        baseline_mul(*pairs[0])  # warm the power-of-two memo
        tb, rb = timed(baseline_mul, pairs)
        tn, rn = timed(nim.mul, pairs)
        assert rb == rn, "baseline and grundy.nim disagree"
        print(f"{width:>5} {count:>6} {tb * 1e6:>12.2f} {tn * 1e6:>14.2f} {tb / tn:>6.1f}x")
    inv_pairs = [(rng.getrandbits(64) | 1, 0) for _ in range(5000)]
    ti, _ = timed(lambda a, _b: nim.inv(a), inv_pairs)
    print(f"nim.inv of a 64-bit nimber: {ti * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
