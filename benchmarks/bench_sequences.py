"""How far the new sequences and the CRIM even-rank conjecture reach in a time budget.

Issue 8's measure: "the largest n reached for each new sequence within 30
minutes, and for the even-rank conjecture".  For each game this runs the
kernel's census (`CompiledKernel.census`: the value of every partition of n,
one compiled pass) for n = 1, 2, … and starts no new n once the budget is
spent; the reach is the last n finished within the budget (the n under way
when it runs out is finished and kept, but not counted).  The count of value 0 is the
sequence (written as an OEIS b-file, atomically, after every n).  For
Column-Row the same census also checks the conjecture that every P-position
has even rank λ1 − ℓ(λ) (../shared/docs/games.md), read straight off the
boundary words: λ1 is the number of R letters, ℓ(λ) the number of U letters.

    .venv/bin/python benchmarks/bench_sequences.py --budget 1800 --games cr chomp corner \\
        --out docs/findings

Wall-clock times: run it on a quiet machine, or read the reach as a lower bound.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from grundy.atomic import write_text_atomic
from grundy.registry import get_ruleset


def ranks(words: np.ndarray) -> np.ndarray:
    """λ1 − ℓ(λ) of each partition given by its boundary word (uint64[p] or uint64[p, 2]):
    ℓ is the number of U letters (set bits), λ1 the number of R letters.

    >>> from grundy.partition import Partition
    >>> from grundy.engine.words import encode
    >>> ranks(np.array([encode(Partition([4, 2, 2, 1])), encode(Partition([3]))], np.uint64))
    array([0, 2])
    """
    limbs = words.reshape(len(words), 1 if words.ndim == 1 else words.shape[1])
    ups = np.bitwise_count(limbs).sum(axis=1).astype(np.int64)
    letters = np.zeros(len(words), dtype=np.int64)
    for i in range(limbs.shape[1]):
        for b in range(64):  # letters = 1 + the position of the highest set bit
            letters[(limbs[:, i] >> np.uint64(b)) != 0] = 64 * i + b + 1
    return letters - 2 * ups


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1800.0, help="seconds per game")
    ap.add_argument("--games", nargs="+", default=["cr", "chomp", "corner"])
    ap.add_argument("--out", type=Path, help="folder for the b-files sequence_<game>_p_b.txt")
    args = ap.parse_args(argv)
    print(f"{'game':<8} {'reach n':>7} {'a(n)':>14} {'last n s':>9} {'total s':>8}  even rank")
    for name in args.games:
        kernel = get_ruleset(name).kernel
        start = time.perf_counter()
        lines: list[str] = []
        n, last, checked, odd, reach = 0, 0.0, 0, 0, 0
        while time.perf_counter() - start < args.budget and kernel.can_census(n + 1):
            n += 1
            t = time.perf_counter()
            words, values = kernel.census(n)
            zero = values == 0
            lines.append(f"{n} {int(zero.sum())}")
            if name == "cr":
                rank = ranks(words[zero])
                checked += int(zero.sum())
                odd += int((rank % 2 != 0).sum())
            last = time.perf_counter() - t
            elapsed = time.perf_counter() - start
            reach = n if elapsed <= args.budget else reach
            print(f"  {name} n = {n}: {last:.1f} s, {elapsed:.0f} s in all", file=sys.stderr)
            if args.out is not None:
                write_text_atomic(args.out / f"sequence_{name}_p_b.txt", "\n".join(lines) + "\n")
        total = time.perf_counter() - start
        conj = f"{odd} odd of {checked:,} P-positions" if name == "cr" else ""
        a_reach = lines[reach - 1].split()[1]
        print(f"{name:<8} {reach:>7} {a_reach:>14} {last:>9.1f} {total:>8.1f}  {conj}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
