"""Ranking in a box against ranking among the partitions of n: ns per call of
`grundy.engine.box_ranking.box_word_rank` and of `grundy.engine.ranking.word_rank` on the same
packed words, each called in a compiled loop, in one process.

The words are narrow (a + b ≤ 56), diagrams drawn uniformly from the a × b box
(uniform ranks, unranked); `word_rank` is timed on those of size ≤ `MAX_N`
(its table's limit), `box_word_rank` on those and on all of them.  Compiling
is done before timing; each figure is the best of a few repeats.

    .venv/bin/python benchmarks/bench_box_ranking.py            # 16 × 16, 10^6 diagrams
    .venv/bin/python benchmarks/bench_box_ranking.py --box 12x20 --count 200000
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from grundy.engine.box_ranking import box_parts_unrank, box_size, box_table, box_word_rank
from grundy.engine.ranking import MAX_N, ranking_table, word_rank
from grundy.engine.wordops import NARROW_LETTERS, from_parts

REPEATS = 5


@numba.njit
def box_words(a, b, ranks, table):
    """The narrow words of the diagrams of the given ranks in the a × b box, and sizes."""
    words = np.zeros(len(ranks), np.uint64)
    sizes = np.zeros(len(ranks), np.int64)
    parts = np.zeros(max(a, 1), np.int64)
    for i, r in enumerate(ranks):
        length = box_parts_unrank(a, b, r, table, parts)
        words[i] = from_parts(parts, length, np.uint64(0))
        sizes[i] = parts[:length].sum()
    return words, sizes


@numba.njit
def box_ranks(words, b, table):
    total = 0
    for w in words:
        total += box_word_rank(w, b, table)
    return total


@numba.njit
def partition_ranks(words, table):
    total = 0
    for w in words:
        n, r = word_rank(w, table)
        total += n + r
    return total


def ns_per_call(function, words, *args) -> float:
    """The best of REPEATS timings of function(words, *args), in ns a word."""
    function(words, *args)  # compile
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        function(words, *args)
        best = min(best, time.perf_counter() - start)
    return best / len(words) * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--box", default="16x16", help="a x b (default 16x16)")
    parser.add_argument("--count", type=int, default=1_000_000, help="diagrams drawn")
    args = parser.parse_args()
    a, b = (int(side) for side in args.box.split("x"))
    if a + b > NARROW_LETTERS:
        parser.error(f"the benchmark takes narrow words: a + b ≤ {NARROW_LETTERS}")
    table = box_table(a, b)
    ranks = np.random.default_rng(18).integers(0, box_size(a, b), args.count)
    words, sizes = box_words(a, b, ranks, table)
    small = words[sizes <= MAX_N]
    print(f"{a} × {b} box, {box_size(a, b)} diagrams; {len(words)} drawn, ", end="")
    print(f"{len(small)} of size ≤ {MAX_N}")
    box_all = ns_per_call(box_ranks, words, b, table)
    box_small = ns_per_call(box_ranks, small, b, table)
    partition_small = ns_per_call(partition_ranks, small, ranking_table(MAX_N))
    print(f"box_word_rank, every diagram drawn:   {box_all:6.2f} ns a call")
    print(f"box_word_rank, size ≤ {MAX_N}:           {box_small:6.2f} ns a call")
    print(f"word_rank (partitions of n), same:    {partition_small:6.2f} ns a call")


if __name__ == "__main__":
    main()
