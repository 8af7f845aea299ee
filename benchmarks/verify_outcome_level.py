"""Recheck a level of an outcome atlas by a second code path: random partitions of the
level valued by the game's compiled kernel search (`grundy.answer(..., source="kernel")`,
which shares nothing with the level engine but the kernel's options), for a time budget.

    .venv/bin/python benchmarks/verify_outcome_level.py cr DIR 111 --seconds 200 --seed 111
"""

from __future__ import annotations

import argparse
import random
import time

import grundy
from grundy.engine.ranking import unrank
from grundy.partition import partition_numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("atlas")
    parser.add_argument("n", type=int)
    parser.add_argument("--seconds", type=float, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
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
