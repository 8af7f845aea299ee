"""RIT's P-positions for every n ≤ N from its closed form (issue 27, "Corner, Sato–Welter
and RIT: P-positions to n ≥ 120, where cheap"), timed against the outcome engine.

`grundy.games.rit.rit_counts.p_positions` counts them without listing a partition
(differences λ_i − λ_{i+1}, RIT's value their odd-indexed Nim sum).  This script
writes the b-files (normal and misère play, "n a(n)" a line, atomically), checks
the counts against the outcome level engine (which uses no closed form) on every
n ≤ --check, and prints both times.

    .venv/bin/python benchmarks/rit_outcome_counts.py --n 200 --check 60 --dir docs/findings/data
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from grundy import get_ruleset
from grundy.atomic import write_text_atomic
from grundy.engine.outcome_levels import OutcomeEngine, P
from grundy.games.rit.rit_counts import p_positions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="largest n counted")
    parser.add_argument("--check", type=int, default=50, help="largest n rechecked by levels")
    parser.add_argument("--dir", type=Path, help="where the b-files go (none: not written)")
    args = parser.parse_args()
    if not 1 <= args.check <= args.n:
        print("rit_outcome_counts: --check must be in 1..--n", file=sys.stderr)
        return 2
    for misere in (False, True):
        convention = "misère" if misere else "normal"
        start = time.process_time()
        counts = p_positions(args.n, misere)
        closed = time.process_time() - start
        start = time.process_time()
        engine = OutcomeEngine(get_ruleset("rit").kernel, args.check, misere)
        for n in range(args.check + 1):
            codes = engine.value_level(n)
            if n and int((codes == P).sum()) != counts[n]:
                print(f"rit_outcome_counts: {convention} n = {n} disagrees", file=sys.stderr)
                return 1
        levels = time.process_time() - start
        print(
            f"RIT {convention}: P-positions of every n ≤ {args.n} in {closed:.3f} s CPU "
            f"(closed form); n ≤ {args.check} rechecked by the outcome levels in {levels:.1f} s; "
            f"a({args.n}) = {counts[args.n]:,}"
        )
        if args.dir is not None:
            name = f"rit{'_misere' if misere else ''}_outcomes_P_b.txt"
            lines = [f"{n} {counts[n]}" for n in range(1, args.n + 1)]
            write_text_atomic(args.dir / name, "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
