"""Nim on Boolean matrices: median time per value, ours against the plain search.

    .venv/bin/python benchmarks/bench_matrix.py            # the full run (a few minutes)
    .venv/bin/python benchmarks/bench_matrix.py --quick    # smaller samples

*ours*      `MatrixRules().fast_value` on a fresh ruleset (empty caches): components
            (XOR, identical pairs cancel), canonical forms, Ferrers → Column-Row,
            the vectorised subset table per component.
*canonical* the generic `Solver` on the registered ruleset: memo keyed by canonical
            forms (pynauty), no splitting, no table.
*plain*     the generic `Solver` on `PLAIN_MATRIX`: no canonical forms, no
            splitting (the memo key only drops zero lines) — the baseline.

Every value of ours is checked against every baseline run on the same matrix.
Random matrices have independent entries, 1 with probability 1/2, from a fixed
seed.  Baselines run only where they finish in minutes (see `--plain-samples`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from grundy.game import Solver
from grundy.games.matrix import MATRIX, PLAIN_MATRIX, BoolMatrix, MatrixRules


def random_matrix(rng: random.Random, m: int, n: int) -> BoolMatrix:
    return BoolMatrix([rng.getrandbits(n) for _ in range(m)], n)


def block_sum(blocks: list[BoolMatrix]) -> BoolMatrix:
    rows, shift = [], 0
    for b in blocks:
        rows += [r << shift for r in b.rows]
        shift += b.ncols
    return BoolMatrix(rows, shift)


def timed(call: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    value = call()
    return value, time.perf_counter() - start


def ours(matrix: BoolMatrix, misere: bool = False) -> int:
    value = MatrixRules().fast_value(matrix, misere)
    if value is None:  # misère position the fast path leaves to the solver
        value = Solver(MATRIX).value(matrix, misere)
    return value


def run_family(
    label: str, matrices: list[BoolMatrix], baselines: dict[str, int], misere: bool = False
) -> None:
    """Time ours on every matrix, each baseline on the first few; print medians and ratio."""
    times: dict[str, list[float]] = {"ours": []}
    values = []
    for k, matrix in enumerate(matrices):
        value, seconds = timed(lambda matrix=matrix: ours(matrix, misere))
        times["ours"].append(seconds)
        values.append(value)
        for name, samples in baselines.items():
            if k >= samples:
                continue
            rules = MATRIX if name == "canonical" else PLAIN_MATRIX
            other, seconds = timed(lambda m=matrix, r=rules: Solver(r).value(m, misere))
            assert other == value, (name, str(matrix), other, value)
            times.setdefault(name, []).append(seconds)
    play = "misère" if misere else "normal"
    print(f"{label} ({play}), values {values}")
    ours_median = statistics.median(times["ours"])
    for name, ts in times.items():
        median = statistics.median(ts)
        line = f"  {name:<9} n={len(ts):<3} median {median:9.4f} s   max {max(ts):9.4f} s"
        if name != "ours":
            paired = statistics.median(times["ours"][: len(ts)])
            line += f"   ratio (median {name} / median ours, same matrices) {median / paired:8.1f}x"
        print(line)
    if len(times) == 1:
        print(f"  median ours {ours_median:.4f} s (no baseline run at this size)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer and smaller samples")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--plain-samples", type=int, default=2, help="10×10 matrices also run by the plain search"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    quick = args.quick
    ours(block_sum([random_matrix(rng, 3, 3), BoolMatrix([7, 3, 1], 3)]))  # warm-up (imports, JIT)

    run_family(
        "random 8x8",
        [random_matrix(rng, 8, 8) for _ in range(9)],
        {"plain": 3, "canonical": 0 if quick else 2},
    )
    run_family(
        "random 8x8",
        [random_matrix(rng, 8, 8) for _ in range(5)],
        {"plain": 2},
        misere=True,
    )
    run_family(
        "random 10x10",
        [random_matrix(rng, 10, 10) for _ in range(5 if quick else 11)],
        {"plain": 0 if quick else args.plain_samples},
    )
    run_family("random 12x12", [random_matrix(rng, 12, 12) for _ in range(2 if quick else 7)], {})
    blocks = [[random_matrix(rng, 4, 4) for _ in range(2)] for _ in range(3)]
    run_family("two random 4x4 blocks (8x8)", [block_sum(b) for b in blocks], {"plain": 3})
    run_family(
        "four random 6x6 blocks (24x24)",
        [block_sum([random_matrix(rng, 6, 6) for _ in range(4)]) for _ in range(3)],
        {},
    )


if __name__ == "__main__":
    main()
