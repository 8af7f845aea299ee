"""Recheck a level of an outcome atlas by a second code path: random partitions of the
level valued by the game's compiled kernel search (`grundy.answer(..., source="kernel")`,
which shares nothing with the level engine but the kernel's options), for a time budget.

With --by-options, where a whole search is out of reach (Chomp's positions of 120 boxes
have too many sub-diagrams), each partition is rechecked against the levels below
instead: its options listed by the ruleset's own moves (Python, not the kernel), each
looked up in the atlas, and the partition must be a P-position exactly where none of
them is.  Half the partitions are drawn among the level's P-positions (rare in Chomp),
half uniformly.  This trusts the levels below (checked by the same means, or against
the value atlas); it shares with the level engine only the atlas's ranks.

    .venv/bin/python benchmarks/verify_outcome_level.py cr DIR 111 --seconds 200 --seed 111
    .venv/bin/python benchmarks/verify_outcome_level.py chomp DIR 120 --by-options --seed 120
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import grundy
from grundy import get_ruleset
from grundy.atlas import open as open_atlas
from grundy.engine.ranking import unrank
from grundy.partition import partition_numbers


def by_options(game: str, directory: str, n: int, seconds: float, rng: random.Random) -> None:
    """The --by-options recheck of level n (the module's doc)."""
    rules, atlas = get_ruleset(game), open_atlas(directory)
    # 64 chunks drawn at random, read in one pass: their first rank, size and P-positions
    count = -(-partition_numbers(n)[n] // atlas.chunk)
    drawn = set(rng.sample(range(count), min(64, count)))
    chunks = [
        (lo, len(is_p), np.flatnonzero(is_p))
        for k, (lo, is_p) in enumerate(atlas.chunks(n))
        if k in drawn
    ]
    start, checked, p_seen, options, disagree = time.time(), 0, 0, 0, []
    while time.time() - start < seconds:
        lo, size, found = rng.choice(chunks)
        if checked % 2 == 0 and len(found):
            r = lo + int(found[rng.randrange(len(found))])
        else:
            r = lo + rng.randrange(size)
        lam = unrank(n, r)
        children = [child for _, child in rules.options(lam)]
        p_options = sum(atlas.outcome(child) == "P" for child in children)
        is_p = atlas.outcome(lam) == "P"
        options += len(children)
        checked += 1
        p_seen += is_p
        if is_p != (p_options == 0):
            disagree.append(str(lam))
    print(f"{game} level {n}: {checked} partitions ({p_seen} P-positions in the atlas), "
          f"{options:,} options looked up below, disagreements: {disagree}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("atlas")
    parser.add_argument("n", type=int)
    parser.add_argument("--seconds", type=float, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--by-options", action="store_true", help="recheck by the levels below")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.by_options:
        by_options(args.game, args.atlas, args.n, args.seconds, rng)
        return
    count = partition_numbers(args.n)[args.n]
    start, checked, p_seen, disagree = time.time(), 0, 0, []
    while time.time() - start < args.seconds:
        lam = unrank(args.n, rng.randrange(count))
        searched = grundy.answer(args.game, lam, source="kernel").value
        read = grundy.answer(args.game, lam, atlas=args.atlas).value
        checked += 1
        p_seen += searched == 0
        if (searched == 0) != (read == "P"):
            disagree.append(str(lam))
    print(f"{args.game} level {args.n}: {checked} random partitions, {p_seen} P by search, "
          f"disagreements: {disagree}")  # fmt: skip


if __name__ == "__main__":
    main()
