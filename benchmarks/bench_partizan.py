"""Canonical forms of every partition of n ≤ N, for CRPM and CRPS: grundy against pycgt.

The reference is pycgt 0.2.0 (MIT, pure Python: `pycgt.game` builds the canonical form
of {L | R}, `pycgt.add` the canonical form of a sum), driven by a plain memoised
recursion over the positions written here on tuples of parts: a CRPM position is one
partition, a CRPS move leaves two pieces whose values pycgt adds.  The reference does
not use the transposition = negation symmetry.  Ours is `grundy.partizan.solver_of`
(canonical forms interned, comparisons memoised, transposed diagrams negated).

Both run in this one process, each with its memos empty at its start (ours first: the
two share nothing), each timed without tracing; the memory given is what the process
holds after each run beyond what it held before (resident set growth: both engines
keep every memo to the end, so that is their peak), and the values must agree: every
pycgt value, rebuilt as a grundy `Game`, must be the very game grundy found.

    .venv/bin/python benchmarks/bench_partizan.py                # n ≤ 18, both games
    .venv/bin/python benchmarks/bench_partizan.py --to 24 --ours-only
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from grundy.partition import Partition, partitions
from grundy.partizan import Game, solver_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from grundy.sums import PartitionSum
from test_partizan_games import RULES, Parts

sys.setrecursionlimit(20_000)


def resident_bytes() -> int:
    """The process's resident set size now (Linux: /proc/self/statm)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# ------------------------------------------------------------ the reference
# The rules on plain tuples, written apart from grundy.games.partizan_cr: the same
# independent rewrite the tests check the rulesets against.


def pycgt_values(game: str) -> Callable[[Parts], object]:
    """A memoised recursion valuing one partition with pycgt's algebra."""
    import pycgt

    left, right = RULES[game]

    def of_pieces(pieces: tuple[Parts, ...]) -> object:
        total = pycgt.ZERO
        for piece in pieces:
            if piece:
                total = pycgt.add(total, value(piece))
        return total

    @functools.cache
    def value(lam: Parts) -> object:
        return pycgt.game([of_pieces(p) for p in left(lam)], [of_pieces(p) for p in right(lam)])

    return value


def as_ours(g: object, memo: dict[object, Game]) -> Game:
    """A pycgt game rebuilt as a grundy `Game` (canonical, interned)."""
    found = memo.get(g)
    if found is None:
        found = Game.of(
            [as_ours(x, memo) for x in g.left],  # type: ignore[attr-defined]
            [as_ours(x, memo) for x in g.right],  # type: ignore[attr-defined]
        )
        memo[g] = found
    return found


def every_partition(to: int) -> Iterator[Partition]:
    for n in range(to + 1):
        yield from partitions(n)


def run(work: Callable[[], dict]) -> tuple[float, int, dict]:
    """Seconds taken, resident bytes gained, and the result of `work()`."""
    before = resident_bytes()
    start = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - start
    return seconds, resident_bytes() - before, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--to", type=int, default=18, help="largest n (default 18)")
    parser.add_argument("--games", default="crpm,crps")
    parser.add_argument("--ours-only", action="store_true", help="time grundy alone")
    args = parser.parse_args()
    if args.to < 0:
        raise SystemExit("--to must be non-negative")
    games = [g.strip() for g in args.games.split(",")]
    for game in games:
        if game not in RULES:
            raise SystemExit(f"unknown game {game!r} (known: crpm, crps)")
    count = sum(1 for _ in every_partition(args.to))
    print(f"canonical forms of all {count} partitions of n ≤ {args.to}")
    print(f"{'game':6} {'engine':8} {'seconds':>9} {'memory MiB':>11}")
    for game in games:
        values = solver_of(game)
        seconds, memory, mine = run(
            lambda values=values: {
                lam: values.value(PartitionSum([lam])) for lam in every_partition(args.to)
            }
        )
        print(f"{game:6} {'grundy':8} {seconds:9.2f} {memory / 2**20:11.1f}", flush=True)
        if args.ours_only:
            continue
        reference = pycgt_values(game)
        their_seconds, their_memory, found = run(
            lambda reference=reference: {
                lam: reference(tuple(lam.parts())) for lam in every_partition(args.to)
            }
        )
        print(
            f"{game:6} {'pycgt':8} {their_seconds:9.2f} {their_memory / 2**20:11.1f}"
            f"   pycgt/grundy: time {their_seconds / seconds:.1f}×,"
            f" memory {their_memory / max(memory, 1):.1f}×",
            flush=True,
        )
        memo: dict[object, Game] = {}
        wrong = [lam for lam, g in found.items() if as_ours(g, memo) is not mine[lam]]  # type: ignore[union-attr]
        if wrong:
            raise SystemExit(f"{game}: pycgt and grundy disagree on {len(wrong)}, e.g. {wrong[0]}")
        print(f"{game:6} the two agree on all {len(found)} values")


if __name__ == "__main__":
    main()
