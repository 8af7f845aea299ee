"""Survey of partial misère quotients (issue 28): where each game's quotient grows.

For each game, the quotient of heaps 1..N (or of every position of size ≤ N with
``--n``) for N = 1, 2, … until the top, a time budget per game, or a candidate past
``--max-order`` elements (`QuotientTooLarge`: the quotient there may be infinite).  One
row per game, as in docs/findings/quotients.md: the bounds where the order grows
(*N: order*), the order, |P| and build time at the last growth, and how the run ended.
Times are wall-clock seconds of `quotient_of`, the call `grundy quotient` makes.  With
``--memory`` the last growth is built once more under `tracemalloc` for its peak.

    .venv/bin/python benchmarks/misere_quotient_survey.py 0.77 0.07 0.35 --top 60 --budget 90
    .venv/bin/python benchmarks/misere_quotient_survey.py pnim cris --n --top 8
"""

from __future__ import annotations

import argparse
import signal
import time
import tracemalloc
from dataclasses import dataclass, field

from grundy.misere import QuotientTooLarge, quotient_of


class OutOfTime(Exception):
    """The game's budget is spent."""


@dataclass
class Survey:
    """What one game's run found: (bound, order, |P|, seconds) at each growth."""

    game: str
    steps: list[tuple[int, int, int, float]] = field(default_factory=list)
    built: int = 0
    end: str = ""


def survey(game: str, top: int, budget: int, max_order: int, key: str) -> Survey:
    """Build the partial quotients of `game` for bounds 1..`top` within `budget` seconds."""
    found = Survey(game)

    def out_of_time(signum: int, frame: object) -> None:
        raise OutOfTime

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(budget)
    try:
        for bound in range(1, top + 1):
            start = time.perf_counter()
            try:
                q = quotient_of(game, hold=False, max_order=max_order, **{key: bound})
            except QuotientTooLarge:
                found.end = f"too large at {bound} (over {max_order:,} elements)"
                return found
            seconds = time.perf_counter() - start
            if not found.steps or found.steps[-1][1:3] != (q.order, len(q.p_portion)):
                found.steps.append((bound, q.order, len(q.p_portion), seconds))
            found.built = bound
        found.end = f"stable to {top}" if found.steps[-1][0] < top else f"grew at {top}"
    except OutOfTime:
        found.end = f"built to {found.built}; budget spent in {found.built + 1}"
    finally:
        signal.alarm(0)
    return found


def peak_mib(game: str, bound: int, max_order: int, key: str) -> float:
    """Peak of Python's allocations while building one quotient, in MiB."""
    tracemalloc.start()
    try:
        quotient_of(game, hold=False, max_order=max_order, **{key: bound})
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def seconds_text(seconds: float) -> str:
    return (
        "< 0.1 s" if seconds < 0.05 else f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="names or octal codes")
    ap.add_argument("--n", action="store_true", help="positions of size ≤ N, not heaps 1..N")
    ap.add_argument("--top", type=int, default=60, help="the largest bound (default 60)")
    ap.add_argument("--budget", type=int, default=90, help="seconds per game (default 90)")
    ap.add_argument("--max-order", type=int, default=5000)
    ap.add_argument("--memory", action="store_true", help="peak memory of the last growth")
    args = ap.parse_args(argv)
    key = "n" if args.n else "heaps"
    print("| game | N: order, where it grows | order, \\|P\\|, time at the last growth | end |")
    print("|---|---|---|---|")
    for game in args.games:
        found = survey(game, args.top, args.budget, args.max_order, key)
        if not found.steps:
            print(f"| {game} | | | {found.end} |")
            continue
        grows = ", ".join(f"{bound}: {order}" for bound, order, _, _ in found.steps if order > 1)
        bound, order, p_size, seconds = found.steps[-1]
        last = f"{order}, {p_size}, {seconds_text(seconds)}"
        if args.memory:
            last += f", {peak_mib(game, bound, args.max_order, key):.1f} MiB"
        print(f"| {game} | {grows} | {last} | {found.end} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
