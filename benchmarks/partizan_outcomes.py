"""The outcome classes of every partition of every n ≤ N of CRPM (by the compiled partizan
outcome levels, `grundy.engine.partizan_levels`) or CRPS (by its canonical forms,
`grundy.analysis.partizan_counts`, to n = 30), as b-files (issue 26).

For each n it prints the counts of L-, R-, N- and P-positions, the level's time and the
process's peak memory, and checks what docs/findings/partizan_cr.md states of them:
as many R- as L-positions (transposing swaps the players; for CRPM, λ′ is R exactly
where λ is L on a sample of each level).  The b-files (OEIS format, "n a(n)" a line)
are written atomically once every level is done:

* GAME_outcomes_L_b.txt: the partitions of n that Left wins whoever starts (as many
  are R);
* GAME_outcomes_N_b.txt: those the player to move wins;
* GAME_outcomes_P_b.txt: those the player to move loses.

    .venv/bin/python benchmarks/partizan_outcomes.py --game crpm --to 95 --dir docs/findings/data
    .venv/bin/python benchmarks/partizan_outcomes.py --game crps --to 30 --dir docs/findings/data
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

from grundy.analysis.partizan_counts import DISTINCT_N, partizan_counts
from grundy.atomic import write_text_atomic
from grundy.engine.partizan_levels import CLASSES, PartizanLevels
from grundy.engine.ranking import MAX_N, rank, ranking_table, unrank
from grundy.partizan import get_partizan


def conjugates_swap(levels: PartizanLevels, n: int, samples: int) -> bool:
    """λ′ is R where λ is L, N where N, on `samples` random partitions of n (all if fewer)."""
    codes = levels.codes(n)
    rng = np.random.default_rng(n)
    ranks = range(len(codes)) if len(codes) <= samples else rng.integers(0, len(codes), samples)
    swap = {0: 0, 1: 2, 2: 1, 3: 3}
    return all(codes[rank(unrank(n, int(r)).conjugate())] == swap[codes[r]] for r in ranks)


def shapes(n_max: int) -> list[list[list[int]]]:
    """ways[m][a][k]: the partitions of m with largest part a and k parts, by dynamic
    programming (remove the first row: k − 1 parts ≤ a are left), apart from the game."""
    ways = [[[0] * (n_max + 1) for _ in range(n_max + 1)] for _ in range(n_max + 1)]
    ways[0][0][0] = 1
    for m in range(1, n_max + 1):
        for a in range(1, m + 1):
            rest = m - a
            for k in range(1, rest + 2):
                ways[m][a][k] = sum(ways[rest][b][k - 1] for b in range(min(a, rest) + 1))
    return ways


def sign_rule_holds(levels: PartizanLevels, n: int, ways: list, samples: int) -> bool:
    """CRPM's class is L, R or N as λ1 > ℓ, λ1 < ℓ or λ1 = ℓ (docs/findings/partizan_cr.md):
    checked on the counts of each block of ranks with one first part a (the partitions of
    n − a into parts ≤ a, in rank order from a = n down), and on `samples` random
    partitions of n (all if fewer) one by one."""
    codes = levels.codes(n)
    table = ranking_table(n)
    start = 0
    for a in range(n, 0, -1):
        block = codes[start : start + table[n - a, a]]
        start += len(block)
        found = np.bincount(block, minlength=4)
        wanted = [0, sum(ways[n][a][:a]), sum(ways[n][a][a + 1 :]), ways[n][a][a]]  # P L R N
        if found.tolist() != wanted:
            return False
    rng = np.random.default_rng(n + 1)
    ranks = range(len(codes)) if len(codes) <= samples else rng.integers(0, len(codes), samples)
    for r in ranks:
        lam = unrank(n, int(r))
        wanted = "L" if lam.largest > lam.length else "R" if lam.largest < lam.length else "N"
        if CLASSES[codes[r]] != wanted:
            return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("crpm", "crps"), default="crpm")
    parser.add_argument("--to", type=int, default=70, help=f"the largest n (at most {MAX_N})")
    parser.add_argument("--dir", type=Path, help="where the b-files go (none if not given)")
    args = parser.parse_args()
    rules = get_partizan(args.game)
    top = MAX_N if rules.kernel is not None else DISTINCT_N
    if not 1 <= args.to <= top:
        print(f"partizan_outcomes: --to must be in 1..{top} for {args.game}", file=sys.stderr)
        return 2
    levels = PartizanLevels(rules.kernel) if rules.kernel is not None else None
    ways = shapes(args.to) if levels else None
    sign_rule = levels is not None
    rows = []
    print(f"{rules.display_name}, {'its kernel' if levels else 'its canonical forms'}\n")
    print("| n | p(n) | L | R | N | P | seconds | peak MB |\n|---|---|---|---|---|---|---|---|")
    for n in range(1, args.to + 1):
        start = time.perf_counter()
        tally = levels.tally(n) if levels else partizan_counts(rules, n).outcomes
        seconds = time.perf_counter() - start
        assert tally["L"] == tally["R"], n
        assert levels is None or conjugates_swap(levels, n, 2000), n
        if ways is not None:
            sign_rule &= sign_rule_holds(levels, n, ways, 2000)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        counts = " | ".join(str(tally[c]) for c in "LRNP")
        print(f"| {n} | {sum(tally.values())} | {counts} | {seconds:.2f} | {peak} |", flush=True)
        rows.append((n, tally))
    no_p = all(t["P"] == 0 for _, t in rows)
    print(f"\nno P-position for 1 <= n <= {args.to}: {no_p}")
    if levels is not None:
        print(
            f"outcome = sign(λ1 − ℓ) for 1 <= n <= {args.to} (each level's counts for each "
            f"first part; every position of n <= 25, 2000 random ones above): {sign_rule}"
        )
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        for name in "LNP":
            text = "".join(f"{n} {t[name]}\n" for n, t in rows)
            write_text_atomic(args.dir / f"{args.game}_outcomes_{name}_b.txt", text)
        print(f"b-files {args.game}_outcomes_{{L,N,P}}_b.txt written to {args.dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
