"""The retrograde outcome levels' memory against their time: every word of the P-positions
below kept (unranked once) against none kept (each unranked again for every level it
marks), in one process, for every level n ≤ N of a game with an unmove.

Both engines are `grundy.engine.retrograde_levels.RetrogradeEngine` with every level
marked (rare = 1) and counters two bits a position; they differ only in `words_bytes`.
Printed: CPU seconds (`time.process_time`; the machine may be shared), the bytes held
at the peak (`RetrogradeEngine.nbytes`), and what the layout before the lean engine
held at its peak, counted from the same levels: a bitmap of every level below, a word
of 8 or 16 bytes a P-position below, a byte a position of the level marked.  The codes
must agree level by level; compiling is done before timing.

    .venv/bin/python benchmarks/bench_retrograde_memory.py            # Chomp, N = 70
    .venv/bin/python benchmarks/bench_retrograde_memory.py --n 85
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from grundy import get_ruleset
from grundy.engine.ranking import NARROW_N
from grundy.engine.retrograde_levels import RetrogradeEngine


def marked(kernel, n_max: int, words_bytes: int) -> tuple[list[np.ndarray], int, float]:
    """Every level's codes, the most bytes held, and the CPU seconds."""
    engine = RetrogradeEngine(kernel, n_max, rare=1, words_bytes=words_bytes)
    start = time.process_time()
    found, peak = [], 0
    for n in range(n_max + 1):
        found.append(engine.value_level(n))
        peak = max(peak, engine.nbytes)
    return found, peak, time.process_time() - start


def old_layout_peak(levels: list[np.ndarray]) -> int:
    """The bytes the layout before held at its peak: at each level n, the bitmaps of the
    levels below, a word a P-position below, and a byte a position of level n."""
    peak = bitmaps = words = 0
    for n, codes in enumerate(levels):
        peak = max(peak, bitmaps + words + len(codes))
        bitmaps += -(-len(codes) // 8)
        words += int(np.count_nonzero(codes == 0)) * (8 if n <= NARROW_N else 16)
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=70)
    parser.add_argument("--game", default="chomp")
    args = parser.parse_args()
    kernel = get_ruleset(args.game).kernel
    for words_bytes in (1 << 40, 0):  # compile, or load numba's cache: narrow and wide words
        marked(kernel, 58, words_bytes)
    kept, kept_peak, kept_s = marked(kernel, args.n, 1 << 40)
    unranked, unranked_peak, unranked_s = marked(kernel, args.n, 0)
    assert all(np.array_equal(a, b) for a, b in zip(kept, unranked, strict=True))
    old = old_layout_peak(kept)
    positions = sum(len(codes) for codes in kept)
    print(f"{kernel.name}: every level n ≤ {args.n} marked ({positions:,} positions)")
    for label, seconds, peak in (
        ("every word kept", kept_s, kept_peak),
        ("no word kept", unranked_s, unranked_peak),
    ):
        print(f"  {label:<16}{seconds:8.2f} s CPU  {peak / 2**20:9.2f} MiB held at the peak")
    print(f"  the layout before: {old / 2**20:9.2f} MiB at the peak (counted)")
    print(
        f"  no word kept / every word kept: CPU {unranked_s / kept_s:.2f}x, "
        f"held {unranked_peak / kept_peak:.2f}x; layout before / no word kept: held "
        f"{old / unranked_peak:.1f}x"
    )


if __name__ == "__main__":
    main()
