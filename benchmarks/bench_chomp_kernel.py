"""Chomp's options kernel: the one that flips letters of the parent's word
(`grundy.games.chomp.chomp_kernel.chomp`) against the one it replaced (kept here as
`baseline_chomp`: each bite's parts rebuilt and packed anew, O(rows) a bite).

Two figures, each the best of a few repeats, compiling done first:

* ns a position: each kernel called in a compiled loop on every diagram of an
  a × b box but the empty one (narrow words), the options checked equal;
* the atlas's box engine, `BoxEngine(kernel, a, b).value_level(0)`, with each
  kernel (the values checked equal), in seconds and ns a diagram.

    .venv/bin/python benchmarks/bench_chomp_kernel.py             # the 12 × 12 box
    .venv/bin/python benchmarks/bench_chomp_kernel.py --box 10x14
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numba
import numpy as np

from grundy.engine import CompiledKernel
from grundy.engine.box_levels import BoxEngine
from grundy.engine.box_ranking import box_parts_unrank, box_size, box_table
from grundy.engine.primitives import conjugation_canonical, emit_parts
from grundy.engine.wordops import NARROW_LETTERS, from_parts, nbits, to_parts
from grundy.games.chomp.chomp_kernel import CHOMP, chomp

REPEATS = 3


# ------------------------------------------------- the kernel before issue 18
@numba.njit
def _capped(lam, length, child, first, cap):
    """child = λ with rows first, first+1, … cut to at most `cap` boxes (a bite)."""
    for r in range(length):
        child[r] = lam[r] if r < first else min(lam[r], cap)


@numba.njit
def baseline_chomp(w, out, out2):
    """Chomp as the kernel was: every bite's parts rebuilt, then packed and made canonical."""
    n = nbits(w)
    lam = np.empty(n + 1, dtype=np.int64)
    child = np.empty(n + 1, dtype=np.int64)
    length = to_parts(w, lam)
    m = 0
    for i in range(length):
        for j in range(lam[i]):
            if i == 0 and j == 0:
                continue
            _capped(lam, length, child, i, j)
            m = emit_parts(out, m, child, length, w, True)
            if m < 0:
                return -1
    return m


BASELINE = CompiledKernel("chomp_baseline", baseline_chomp, conjugation_canonical, False, False)


# ------------------------------------------------------------------ timing
@numba.njit
def box_words(a, b, count, table):
    """The narrow words of the `count` − 1 non-empty diagrams in the a × b box, by rank."""
    words = np.zeros(count - 1, np.uint64)
    parts = np.zeros(a + 2, np.int64)
    for r in range(1, count):
        length = box_parts_unrank(a, b, r, table, parts)
        words[r - 1] = from_parts(parts, length, np.uint64(0))
    return words


def options_loop(kernel: Callable[..., int]) -> Callable[..., int]:
    """A compiled loop calling `kernel` on every word, writing a checksum of the options."""

    @numba.njit
    def loop(words, out, out2):
        total = np.uint64(0)
        for w in words:
            m = kernel(w, out, out2)
            for i in range(m):
                total = total * np.uint64(31) + out[i]
        return total

    return loop


def best_seconds(function: Callable[[], object]) -> tuple[float, object]:
    """The best of REPEATS timings of function(), and its result."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--box", default="12x12", help="a x b (default 12x12)")
    args = parser.parse_args()
    a, b = (int(side) for side in args.box.split("x"))
    if a + b > NARROW_LETTERS:
        parser.error(f"the benchmark takes narrow words: a + b ≤ {NARROW_LETTERS}")
    words = box_words(a, b, box_size(a, b), box_table(a, b))
    out = np.zeros(a * b, np.uint64)
    print(f"Chomp, the {a} × {b} box: {len(words)} non-empty diagrams")
    kernels = {"before (baseline_chomp)": baseline_chomp, "after (chomp_kernel.chomp)": chomp}
    sums = []
    for label, kernel in kernels.items():
        loop = options_loop(kernel)
        loop(words[:10], out, out)  # compile
        seconds, total = best_seconds(lambda loop=loop: loop(words, out, out))
        sums.append(total)
        print(f"kernel {label:28} {seconds / len(words) * 1e9:8.1f} ns a position")
    if sums[0] != sums[1]:
        raise SystemExit("the two kernels wrote different options")
    values = []
    for label, compiled in (("before", BASELINE), ("after", CHOMP)):
        BoxEngine(compiled, 2, 2).value_level(0)  # compile
        seconds, level = best_seconds(lambda k=compiled: BoxEngine(k, a, b).value_level(0))
        values.append(level)
        per = seconds / box_size(a, b) * 1e9
        engine = f"BoxEngine({a}, {b}).value_level(0), {label}"
        print(f"{engine:38} {seconds:7.2f} s, {per:7.1f} ns a diagram")
    if not np.array_equal(values[0], values[1]):
        raise SystemExit("the two kernels gave different values")


if __name__ == "__main__":
    main()
