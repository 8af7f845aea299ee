"""CRPM's outcome classes of every partition of every n ≤ N, by the compiled partizan
outcome levels (`grundy.engine.partizan_levels`), as b-files (issue 26).

For each n it prints the counts of L-, R-, N- and P-positions, the level's time and the
process's peak memory, and checks the two facts of docs/findings/partizan_cr.md that a
level's codes decide: no P-position, and λ′ is R exactly when λ is L (transposing swaps
the players).  The b-files (OEIS format, "n a(n)" a line) are written atomically once
every level is done:

* crpm_outcomes_L_b.txt: the partitions of n that Left wins whoever starts (as many are R);
* crpm_outcomes_N_b.txt: those the player to move wins.

    .venv/bin/python benchmarks/partizan_outcomes.py --to 90 --dir docs/findings/data
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

from grundy.atomic import write_text_atomic
from grundy.engine.partizan_levels import CLASSES, PartizanLevels
from grundy.engine.ranking import MAX_N, rank, unrank
from grundy.partizan import get_partizan


def conjugates_swap(levels: PartizanLevels, n: int, samples: int) -> bool:
    """λ′ is R where λ is L, N where N, on `samples` random partitions of n (all if fewer)."""
    codes = levels.codes(n)
    rng = np.random.default_rng(n)
    ranks = range(len(codes)) if len(codes) <= samples else rng.integers(0, len(codes), samples)
    swap = {0: 0, 1: 2, 2: 1, 3: 3}
    return all(codes[rank(unrank(n, int(r)).conjugate())] == swap[codes[r]] for r in ranks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--to", type=int, default=70, help=f"the largest n (at most {MAX_N})")
    parser.add_argument("--dir", type=Path, help="where the b-files go (none if not given)")
    args = parser.parse_args()
    if not 1 <= args.to <= MAX_N:
        print(f"partizan_outcomes: --to must be in 1..{MAX_N}", file=sys.stderr)
        return 2
    levels = PartizanLevels(get_partizan("crpm").kernel)
    rows = []
    print("| n | p(n) | L | R | N | P | seconds | peak MB |\n|---|---|---|---|---|---|---|---|")
    for n in range(1, args.to + 1):
        start = time.perf_counter()
        levels.codes(n)
        seconds = time.perf_counter() - start
        tally = levels.tally(n)
        assert tally["L"] == tally["R"] and conjugates_swap(levels, n, 2000), n
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        counts = " | ".join(str(tally[c]) for c in "LRNP")
        print(f"| {n} | {sum(tally.values())} | {counts} | {seconds:.2f} | {peak} |", flush=True)
        rows.append((n, tally))
    no_p = all(t["P"] == 0 for _, t in rows)
    print(f"\nno P-position for 1 <= n <= {args.to}: {no_p}")
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        for name in ("L", "N"):
            text = "".join(f"{n} {t[name]}\n" for n, t in rows)
            write_text_atomic(args.dir / f"crpm_outcomes_{name}_b.txt", text)
        print(f"b-files written to {args.dir} (classes {', '.join(CLASSES)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
