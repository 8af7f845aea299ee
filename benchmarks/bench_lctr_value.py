"""Fast LCTR / Downright values against the per-box method (000 Theorem 22 vs 001 Algorithm 1).

Run:  .venv/bin/python benchmarks/bench_lctr_value.py [--max-exp 7] [--seed 1] [--headline]

0. The headline (issue 17): `grundy.value("lctr", P)` from Python on a partition of
   710 runs and 1,479,845 boxes, against the per-box DP of 001 (`per_box_value`,
   001 Algorithm 1) on the same partition, in one run.  Also timed: the path
   `grundy.value` took before issue 17 — the canonical form min(λ, λ′), O(k) in
   Python, then the O(log k) closed form — through the same API on a copy of
   the ruleset that declares no `closed_form_first`, and `lctr_value` alone.
   Targets: ≤ 30 us per value, ≥ 10,000× the per-box DP.  `--headline` runs
   this part only.
1. Partitions of n = 10^3 … 10^(max-exp) boxes (random-ish, many distinct parts,
   Durfee length ~ sqrt(n/2)): time of the per-box method — `value_table`, the
   value of every box by 000 Eq. (3) (001 Algorithm 1), and `per_box_value`,
   the same recursion keeping one row — and of the fast value (`lctr_value`,
   000 Corollary 16 + Lemmas 12–14), the ratios, and a check that all agree.
   Targets: the fast time does not grow with n; ratio ≥ 10^4 at n = 10^6.
   `--max-exp 6` skips the 10^7 case (about 2 s and 150 MB for the table).
2. A run-length partition with ~10^18 boxes and 100 runs: time per value
   (target < 1 ms), for normal / misère LCTR and normal / misère Downright.
3. Small partitions (n = 50): time per call, as used when counting partitions.

All times are CPU time of this process (`time.process_time`).
"""

from __future__ import annotations

import argparse
import random
import time
import timeit
from functools import partial
from math import isqrt

import grundy
from grundy.games.lctr.lctr import (
    LCTRRules,
    downright_value,
    lctr_value,
    per_box_value,
    value_table,
)
from grundy.partition import Partition

#: CPU time of this process: on a shared machine it is far steadier than wall time,
#: and both methods are measured with it.
CLOCK = time.process_time


def random_partition(n: int, rng: random.Random) -> Partition:
    """A partition of exactly n with ~sqrt(2n) rows of mostly distinct lengths."""
    rows = max(1, isqrt(2 * n))
    weights = sorted(((rows - i) * rng.uniform(0.6, 1.4) for i in range(rows)), reverse=True)
    scale = n / sum(weights)
    parts = [max(1, int(w * scale)) for w in weights]
    parts.sort(reverse=True)
    excess = sum(parts) - n
    while excess > 0:  # trim from the bottom rows, keeping parts ≥ 1
        for k in range(len(parts) - 1, -1, -1):
            if excess and parts[k] > 1:
                parts[k] -= 1
                excess -= 1
        parts.sort(reverse=True)
    parts[0] -= excess  # excess ≤ 0 here: give the rest to the first row
    return Partition(parts)


def per_call(fn, *args, min_time: float = 0.2) -> float:
    """Seconds per call, averaged over enough calls to run ≥ min_time; the best of 5
    (a shared machine slows some repeats down, never speeds one up).  The call is
    `functools.partial`'s, so the timing adds no Python frame of its own."""
    timer = timeit.Timer(partial(fn, *args), timer=CLOCK)
    number, _ = timer.autorange()
    number = max(number, int(number * min_time / 0.2))
    return min(timer.repeat(repeat=5, number=number)) / number


def best_time(fn, repeat: int) -> tuple[float, int]:
    """(best wall time of `repeat` calls, the value returned)."""
    best = float("inf")
    for _ in range(repeat):
        start = CLOCK()
        out = fn()
        best = min(best, CLOCK() - start)
    return best, out


def huge_partition(rng: random.Random, runs: int = 100) -> Partition:
    """100 runs; parts ~10^9.5, multiplicities ~10^7: about 10^18 boxes."""
    parts = sorted(rng.sample(range(10**9, 10**10), runs), reverse=True)
    return Partition.from_runs((p, rng.randrange(10**6, 2 * 10**7)) for p in parts)


def many_runs_partition(runs: int = 710, seed: int = 17) -> Partition:
    """`runs` distinct parts below 2141, each 1–3 times: 1,479,845 boxes for the defaults."""
    rng = random.Random(seed)
    parts = sorted(rng.sample(range(1, 2141), runs), reverse=True)
    return Partition.from_runs((p, rng.randint(1, 3)) for p in parts)


class CanonicalFirst(LCTRRules):
    """LCTR valued as before issue 17: canonical form first, then the closed form."""

    name = "lctr (canonical first)"
    closed_form_first = False


def headline() -> None:
    """Part 0: grundy.value on 710 runs against the per-box DP of 001, in one run."""
    lam = many_runs_partition()
    print(
        f"0. LCTR on a partition of {len(lam.runs)} runs, {lam.size:,} boxes, "
        f"Durfee length {lam.durfee()}"
    )
    old_rules = CanonicalFirst()
    ours = per_call(grundy.value, "lctr", lam)
    old = per_call(grundy.value, old_rules, lam)
    alone = per_call(lctr_value, lam)
    dp, dp_value = best_time(lambda: per_box_value(lam), 1)
    assert grundy.value("lctr", lam) == grundy.value(old_rules, lam) == dp_value
    print(f'   grundy.value("lctr", P)                {ours * 1e6:10.2f} us per value')
    print(f"   canonical form, then closed form       {old * 1e6:10.2f} us per value")
    print(f"   lctr_value(P) alone                    {alone * 1e6:10.2f} us per value")
    print(f"   per-box DP (001 Algorithm 1)           {dp * 1e3:10.1f} ms")
    print(
        f"   per-box DP / grundy.value              {dp / ours:10,.0f}x  "
        f"(canonical first: {dp / old:,.0f}x)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-exp", type=int, default=7, help="largest n = 10^k (default 7)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--headline", action="store_true", help="part 0 only")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    headline()
    if args.headline:
        return
    print()

    print("1. normal LCTR, per-box method vs fast value (times: best of 3; one run at 10^7)")
    print(
        f"{'n':>10} {'runs':>6} {'durfee':>6} {'table ms':>9} {'row ms':>8} {'fast us':>8} "
        f"{'table/fast':>10} {'row/fast':>9}"
    )
    for k in range(3, args.max_exp + 1):
        n = 10**k
        lam = random_partition(n, rng)
        assert lam.size == n
        repeat = 3 if n <= 10**6 else 1
        table, table_value = best_time(lambda: value_table(lam)[0][0], repeat)  # noqa: B023
        row, row_value = best_time(lambda: per_box_value(lam), repeat)  # noqa: B023
        fast = per_call(lctr_value, lam)
        assert lctr_value(lam) == table_value == row_value, "fast value disagrees with per-box"
        print(
            f"{n:>10} {len(lam.runs):>6} {lam.durfee():>6} {table * 1e3:>9.2f} {row * 1e3:>8.2f} "
            f"{fast * 1e6:>8.2f} {table / fast:>10.0f} {row / fast:>9.0f}"
        )

    print("\n2. run-length partition, 100 runs")
    lam = huge_partition(rng)
    print(f"   size = {lam.size:.3e} boxes, Durfee length {lam.durfee()}, {len(lam.runs)} runs")
    for label, fn, misere in [
        ("LCTR", lctr_value, False),
        ("misère LCTR", lctr_value, True),
        ("Downright", downright_value, False),
        ("misère Downright", downright_value, True),
    ]:
        t = per_call(fn, lam, misere)
        print(f"   {label:<17} value {fn(lam, misere)}  {t * 1e6:8.2f} us per value")

    print("\n3. small partitions (n = 50), time per call")
    small = [random_partition(50, rng) for _ in range(200)]
    base = per_call(lambda: [per_box_value(p) for p in small]) / len(small)
    print(f"   per-box LCTR      {base * 1e6:6.2f} us")
    for label, fn, misere in [
        ("LCTR", lctr_value, False),
        ("misère LCTR", lctr_value, True),
        ("Downright", downright_value, False),
        ("misère Downright", downright_value, True),
    ]:
        t = per_call(lambda: [fn(p, misere) for p in small]) / len(small)  # noqa: B023
        print(f"   {label:<17} {t * 1e6:6.2f} us")


if __name__ == "__main__":
    main()
