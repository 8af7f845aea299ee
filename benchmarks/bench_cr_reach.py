"""The largest Column-Row position (in letters) answered in a minute, before and after.

Issue 9's measure.  Before (commit 19540a8, the day issue 9 was filed), the
value path packed boundary words of at most 56 letters; longer positions
fell back to the generic Python solver.  Now the compiled engine takes words
of up to 120 letters (two limbs).  For each family of "stepped staircases"
[s·m, s·(m−1), …, s] (m rows, (s + 1)·m letters) this grows m until
`grundy value cr` no longer answers within the time limit, for the baseline
(a git worktree of the commit, run from its own source) and for this tree,
each call a fresh process (as a user runs it), and prints the largest
position answered in letters and the ratio.

Past the engine's words (120 letters now, 56 before) positions go to the
generic solver; issue 9 found it slower than a naive script there.  The
second table times long-armed positions [N, 6, 4, 2] (N + 4 letters) in
both trees and in a naive memoised recursion over tuples (`naive_value`),
each in a fresh process.

    .venv/bin/python benchmarks/bench_cr_reach.py                 # steps 2, 3, 4; 60 s
    .venv/bin/python benchmarks/bench_cr_reach.py --steps 4 --limit 30
    .venv/bin/python benchmarks/bench_cr_reach.py --steps --arms 60 120 1000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "19540a8"
QUERY = "import sys, grundy; print(grundy.value('cr', sys.argv[1]))"
NAIVE = (
    "import sys; sys.path.insert(0, sys.argv[2]); from bench_cr_reach import naive_value; "
    "print(naive_value(tuple(map(int, sys.argv[1].split(',')))))"
)


def naive_value(parts: tuple[int, ...]) -> int:
    """Column-Row by the plainest memoised recursion: drop a part, or shorten every part
    longer than j by one (remove column j + 1); the baseline a user would write."""
    memo: dict[tuple[int, ...], int] = {}

    def sg(p: tuple[int, ...]) -> int:
        if p not in memo:
            seen = {sg(p[:i] + p[i + 1 :]) for i in range(len(p))}
            for j in range(p[0] if p else 0):
                seen.add(sg(tuple(y for y in (x - 1 if x > j else x for x in p) if y)))
            memo[p] = next(m for m in range(len(seen) + 1) if m not in seen)
        return memo[p]

    sys.setrecursionlimit(max(10_000, 4 * sum(parts)))
    return sg(parts)


def worktree(commit: str) -> Path:
    """A checkout of `commit` beside the repository (made once, reused)."""
    path = Path("/tmp") / f"grundy_reach_{commit}"
    if not (path / "src" / "grundy").is_dir():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), commit],
            check=True,
            capture_output=True,
        )
    return path


def stepped(step: int, rows: int) -> str:
    """[step·rows, step·(rows − 1), …, step]."""
    return ",".join(str(step * (rows - i)) for i in range(rows))


def solve(
    source: Path, position: str, limit: float, naive: bool = False
) -> tuple[int | None, float]:
    """(value, seconds) of `grundy.value('cr', position)` run from `source` (or of
    `naive_value` when `naive`) in a fresh process; None on timeout."""
    env = dict(os.environ, PYTHONPATH=str(source / "src"))
    command = [NAIVE, position, str(Path(__file__).parent)] if naive else [QUERY, position]
    begin = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", *command],
            env=env,
            capture_output=True,
            text=True,
            timeout=limit,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None, limit
    return int(done.stdout), time.perf_counter() - begin


def reach(source: Path, step: int, start: int, limit: float) -> tuple[int, int | None, float]:
    """The largest number of rows m (from `start`) answered within `limit` seconds."""
    best: tuple[int, int | None, float] = (start - 1, None, 0.0)
    rows = start
    while True:
        value, seconds = solve(source, stepped(step, rows), limit)
        if value is None:
            return best
        best = (rows, value, seconds)
        rows += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per position")
    ap.add_argument("--arms", type=int, nargs="*", default=[60, 120, 500, 1000, 3000])
    args = ap.parse_args(argv)
    before = worktree(BASELINE)
    solve(ROOT, stepped(2, 3), args.limit)  # compile / load both caches once
    solve(before, stepped(2, 3), args.limit)
    if args.steps:
        status = steps_table(before, args.steps, args.limit)
        if status:
            return status
    return arms_table(before, args.arms, args.limit)


def arms_table(before: Path, arms: list[int], limit: float) -> int:
    """Seconds for [N, 6, 4, 2]: before, after, naive; the values must agree."""
    print(
        f"{'position':<16}{'letters':>8}{'before s':>10}{'after s':>10}{'naive s':>10}"
        f"{'naive/after':>12}"
    )
    for n in arms:
        position = f"{n},6,4,2"
        runs = [
            solve(before, position, limit),
            solve(ROOT, position, limit),
            solve(ROOT, position, limit, naive=True),
        ]
        values = {v for v, _ in runs if v is not None}
        if len(values) > 1:
            print(f"DISAGREEMENT on {position}: {runs}")
            return 1
        cells = [
            f"{s:>10.2f}" if v is not None else f"{'>' + str(int(limit)):>10}" for v, s in runs
        ]
        ratio = runs[2][1] / runs[1][1]
        print(f"{position:<16}{n + 4:>8}{''.join(cells)}{ratio:>12.1f}", flush=True)
    return 0


def steps_table(before: Path, steps: list[int], limit: float) -> int:
    """The largest stepped staircase answered within `limit`, before and after."""
    print(f"{'family':<22}{'before letters':>15}{'after letters':>15}{'ratio':>7}  (s, value)")
    for step in steps:
        start = max(2, 40 // (step + 1))
        old = reach(before, step, start, limit)
        new = reach(ROOT, step, start, limit)
        letters = [(rows * (step + 1)) for rows, _, _ in (old, new)]
        if old[1] is not None and new[1] is not None and old[0] == new[0] and old[1] != new[1]:
            print(f"DISAGREEMENT on {stepped(step, old[0])}")
            return 1
        print(
            f"{f'[{step}m, …, {step}]':<22}{letters[0]:>15}{letters[1]:>15}"
            f"{letters[1] / letters[0]:>7.2f}  ({old[2]:.1f} s, {new[2]:.1f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
