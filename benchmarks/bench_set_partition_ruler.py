"""Ruler on Π_n: h(n) of paper 004 Table 4, fast (atoms, (★)) against literal (6.4)/(6.2).

    .venv/bin/python benchmarks/bench_set_partition_ruler.py [--budget SECONDS]
        [--baseline-budget SECONDS] [--max-n N] [--checkpoint FILE]

1. h(1..17) by the fast method (target: under a second), checked against Table 4.
2. Per n, the time of each new h(n) by the fast method and by the straightforward
   evaluation of 004 (6.4) with M_n(λ, μ) from Proposition 6.2, and their ratio,
   while the baseline's cumulative time stays within --baseline-budget.
3. The fast method alone, n after n, until --budget seconds (wall clock) are
   used or --max-n is reached; prints the time of each n and h(n).
   With --checkpoint the values are saved after each n (and a rerun resumes).
"""

from __future__ import annotations

import argparse
import time

from grundy.games.coin_turning.set_partition_ruler import (
    TABLE_4,
    set_partition_ruler,
    set_partition_ruler_baseline,
)


def per_n_times(run, n: int) -> list[tuple[int, int, float]]:
    """Run `run(n, progress=...)` and return (k, h_k, seconds for k) for k = 1..n."""
    out: list[tuple[int, int, float]] = []
    last = [time.perf_counter()]

    def tick(k: int, v: int) -> None:
        now = time.perf_counter()
        out.append((k, v, now - last[0]))
        last[0] = now

    run(n, progress=tick)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=3600.0, help="wall seconds for phase 3")
    ap.add_argument("--baseline-budget", type=float, default=120.0)
    ap.add_argument("--max-n", type=int, default=200)
    ap.add_argument("--checkpoint", default=None)
    args = ap.parse_args()

    t0 = time.perf_counter()
    h17 = set_partition_ruler(17)
    t17 = time.perf_counter() - t0
    print(f"h(1..17) fast: {t17:.3f} s   matches 004 Table 4: {h17 == list(TABLE_4)}")

    print("\nfast vs literal (6.4)+(6.2), seconds for each new n:")
    print(f"{'n':>3} {'h(n)':>6} {'fast':>9} {'literal':>9} {'ratio':>8}")
    base_total = 0.0
    n = 1
    while True:
        base = per_n_times(set_partition_ruler_baseline, n)
        fast = per_n_times(set_partition_ruler, n)
        _, vb, sb = base[-1]
        _, vf, sf = fast[-1]
        assert vb == vf, (n, vb, vf)
        print(f"{n:>3} {vf:>6} {sf:>9.4f} {sb:>9.4f} {sb / max(sf, 1e-9):>8.1f}", flush=True)
        base_total += sum(t for _, _, t in base)
        if base_total > args.baseline_budget:
            break
        n += 1

    print(f"\nfast method alone, budget {args.budget:.0f} s (wall), max n {args.max_n}:")
    print(f"{'n':>3} {'h(n)':>8} {'seconds':>9} {'total':>9}", flush=True)
    start = time.perf_counter()
    last = [start]

    class Done(Exception):
        pass

    def tick(k: int, v: int) -> None:
        now = time.perf_counter()
        print(f"{k:>3} {v:>8} {now - last[0]:>9.2f} {now - start:>9.1f}", flush=True)
        last[0] = now
        if now - start > args.budget:
            raise Done

    try:
        set_partition_ruler(args.max_n, progress=tick, checkpoint=args.checkpoint)
    except Done:
        print(f"budget used up after n = the last line above ({args.budget:.0f} s)")


if __name__ == "__main__":
    main()
