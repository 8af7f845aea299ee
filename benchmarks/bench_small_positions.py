"""How fast the generic solver values small positions of the games with a compiled kernel.

The solver asks a game's kernel only about positions above its `small_size`
(`grundy.game.Ruleset.small_size`, issue 9): below it the generic search
answers, so a short command never loads numba (about 0.4 s).  This measures
what that costs.  For every built-in game with a kernel whose positions have a
size, and each n, the slowest value among the positions of size n
(`positions_of_size`; normal and misère play, wherever the kernel would
answer) by a fresh `Solver(rules, fast=False)`: every position timed once,
then the five slowest again, best of three, as load from other processes
inflates single runs.  The last columns: the largest n whose slowest value
takes at most --budget ms, and the game's `small_size`.

    .venv/bin/python benchmarks/bench_small_positions.py [--n-max 16] [--budget 10]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from grundy import Solver, capabilities
from grundy.game import Ruleset
from grundy.registry import rulesets


def seconds(rules: Ruleset, position: Any, misere: bool) -> float:
    """One value by a fresh generic solver (no closed form, no kernel)."""
    solver = Solver(rules, fast=False)
    start = time.perf_counter()
    solver.value(position, misere)
    return time.perf_counter() - start


def slowest(rules: Ruleset, n: int) -> float:
    """The longest time of a position of size n that the kernel would value."""
    first = sorted(
        ((seconds(rules, p, misere), p, misere)
         for p in rules.positions_of_size(n)
         for misere in (False, True)
         if rules.kernel.value(p, misere) is not None),
        key=lambda run: run[0],
        reverse=True,
    )  # fmt: skip
    return max(min(seconds(rules, p, misere) for _ in range(3)) for _, p, misere in first[:5])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n-min", type=int, default=4)
    parser.add_argument("--n-max", type=int, default=16)
    parser.add_argument("--budget", type=float, default=10.0, help="ms (default 10)")
    options = parser.parse_args()

    games = [
        rules
        for rules in rulesets()
        if "kernel" in capabilities(rules)
        and "positions_of_size" in capabilities(rules)
        and hasattr(next(iter(rules.positions_of_size(1))), "size")
    ]
    sizes = range(options.n_min, options.n_max + 1)
    print(f"slowest value among the positions of size n, ms (budget {options.budget:g} ms)")
    print(f"{'game':<20}" + "".join(f"{n:>7}" for n in sizes) + "  ≤ budget  small_size")
    for rules in games:
        times = []
        for n in sizes:
            times.append(1000 * slowest(rules, n))
            if times[-1] > 5 * options.budget:
                break  # larger n only take longer
        over = [n for n, ms in zip(sizes, times, strict=False) if ms > options.budget]
        within = over[0] - 1 if over else sizes[len(times) - 1]
        row = "".join(f"{ms:>7.1f}" for ms in times)
        print(f"{rules.name:<20}{row:<{7 * len(sizes)}}  {within:>8}  {rules.small_size:>10}")


if __name__ == "__main__":
    main()
