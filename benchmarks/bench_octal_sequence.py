"""The nim-sequence of an octal game to 10^6 heaps: the compiled kernel against a plain
Python loop, in one process (issue 28's measure).

The kernel (`grundy.games.octal.octal_kernel`) values every heap by its mex, walking the
smaller value class of each pair (the sparse-space speed-up, found without a mask);
here it runs with ``by_period=False``, so no value is read from a certified period.
The baseline is the plain loop of the definition, written here and nowhere else: each
heap's mex over the nim-sums of its options, O(n) a heap.  The loop is quadratic, so
it runs to a smaller N (--python-heaps); the ratio is taken at that N (both in this
process, same values checked), and the loop's time at 10^6 is extrapolated as N², said
as an estimate.  The last lines time what the commands do by default: the period
certified as the values come, and the rest read from it.

    .venv/bin/python benchmarks/bench_octal_sequence.py --heaps 1000000 --python-heaps 4000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TypeVar

from grundy.games.octal.octal_code import TakeAndBreak, parse_code
from grundy.games.octal.octal_sequence import NimSequence
from grundy.nim import mex

#: Kayles (sparse space: every value but finitely many has an odd number of bits) and
#: 0.16 (a period of 149,459 after a pre-period of 105,351, certified at heap 509,621).
CODES = ("0.77", "0.16")
T = TypeVar("T")


def plain_loop(rule: TakeAndBreak, n_max: int) -> list[int]:
    """G(0..n_max) of an octal code by the definition, in plain Python."""
    g = [0] * (n_max + 1)
    for n in range(1, n_max + 1):
        seen = set()
        for k, digit in enumerate(rule.digits):
            m = n - k
            if m < 0:
                break
            if digit & 1 and m == 0:
                seen.add(0)
            if digit & 2 and m > 0 and k > 0:
                seen.add(g[m])
            if digit & 4:
                seen.update(g[a] ^ g[m - a] for a in range(1, m // 2 + 1))
        g[n] = mex(seen)
    return g


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """What `work()` returns, and how many seconds it took."""
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heaps", type=int, default=1_000_000)
    ap.add_argument("--python-heaps", type=int, default=4_000)
    args = ap.parse_args(argv)
    NimSequence(parse_code("0.77")).extend_to(100, by_period=False)  # compile (or load) first
    small = args.python_heaps
    print(f"{'code':<6} {'N':>9} {'kernel s':>9} {'python s':>9} {'ratio':>8}  note")
    for code in CODES:
        rule = parse_code(code)
        python, python_s = timed(lambda rule=rule: plain_loop(rule, small))
        kernel, kernel_s = timed(
            lambda rule=rule: NimSequence(rule).extend_to(small, by_period=False)
        )
        assert kernel.values.tolist() == python, code
        ratio = python_s / kernel_s
        print(
            f"{code:<6} {small:>9,} {kernel_s:>9.3f} {python_s:>9.2f} {ratio:>7.0f}x  same values"
        )
        big, big_s = timed(
            lambda rule=rule: NimSequence(rule).extend_to(args.heaps, by_period=False)
        )
        estimate = python_s * (args.heaps / small) ** 2
        print(
            f"{code:<6} {args.heaps:>9,} {big_s:>9.3f} {estimate:>9.0f} {estimate / big_s:>7.0f}x"
            f"  python extrapolated as N^2; period {big.period}, certificate reads heap "
            f"{big.needed()}"
        )
        python_us, kernel_us = 1e6 * python_s / small, 1e6 * big_s / args.heaps
        print(
            f"{code:<6} per heap: python {python_us:.1f} us (mean to {small:,}, growing with n), "
            f"kernel {kernel_us:.3f} us (mean to {args.heaps:,}): {python_us / kernel_us:.0f}x"
        )
    for code in ("0.77", "0.16", "0.07"):
        read, read_s = timed(lambda code=code: NimSequence(parse_code(code)).extend_to(args.heaps))
        print(
            f"{code:<6} {args.heaps:>9,} {read_s:>9.3f} {'':>9} {'':>8}  by default: mex to heap "
            f"{read.computed - 1:,}, the rest read from {read.period}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
