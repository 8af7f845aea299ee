"""Nim on Boolean matrices: median time per value, ours against the plain search.

    .venv/bin/python benchmarks/bench_matrix.py            # the full run (a few minutes)
    .venv/bin/python benchmarks/bench_matrix.py --quick    # smaller samples
    .venv/bin/python benchmarks/bench_matrix.py --canonical-only   # brute force vs pynauty

*ours*      `Solver(MatrixRules())` on a fresh ruleset (empty memo): components
            (XOR, identical pairs cancel), canonical forms, and the closed form
            (Ferrers → Column-Row, the vectorised `SubsetTable` per component).
*canonical* the reference `Solver(..., fast=False)` on a matrix ruleset without the
            components capability: memo keyed by canonical forms (pynauty), no
            splitting, no table.
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

import grundy.games.matrix.matrix as mx
from grundy import Ruleset, Solver
from grundy.games.matrix.matrix import PLAIN_MATRIX, BoolMatrix, MatrixRules, ferrers_partition


class CanonicalOnly(MatrixRules):
    """Canonical forms only: the components capability is not declared (and the
    closed form is left out by running it with `Solver(..., fast=False)`)."""

    components = Ruleset.components


CANONICAL = CanonicalOnly()


def random_matrix(rng: random.Random, m: int, n: int) -> BoolMatrix:
    return BoolMatrix([rng.getrandbits(n) for _ in range(m)], n)


def block_sum(blocks: list[BoolMatrix]) -> BoolMatrix:
    rows, shift = [], 0
    for b in blocks:
        rows += [r << shift for r in b.rows]
        shift += b.ncols
    return BoolMatrix(rows, shift)


def timed(call: Callable[[], int]) -> tuple[int, float, float]:
    """The value, wall-clock seconds and CPU seconds of `call()`."""
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def ours(matrix: BoolMatrix, misere: bool = False) -> int:
    return Solver(MatrixRules()).value(matrix, misere)


def run_family(
    label: str, matrices: list[BoolMatrix], baselines: dict[str, int], misere: bool = False
) -> None:
    """Time ours on every matrix, each baseline on the first few; print medians and ratios.

    Ratios compare CPU time (the machine is shared; wall time is printed too)
    of the baseline against ours on the same matrices.
    """
    wall: dict[str, list[float]] = {"ours": []}
    cpu: dict[str, list[float]] = {"ours": []}
    values = []
    for k, matrix in enumerate(matrices):
        value, w, c = timed(lambda matrix=matrix: ours(matrix, misere))
        wall["ours"].append(w)
        cpu["ours"].append(c)
        values.append(value)
        for name, samples in baselines.items():
            if k >= samples:
                continue
            rules = CANONICAL if name == "canonical" else PLAIN_MATRIX
            other, w, c = timed(lambda m=matrix, r=rules: Solver(r, fast=False).value(m, misere))
            assert other == value, (name, str(matrix), other, value)
            wall.setdefault(name, []).append(w)
            cpu.setdefault(name, []).append(c)
    play = "misère" if misere else "normal"
    print(f"{label} ({play}), values {values}")
    for name, ts in cpu.items():
        line = (
            f"  {name:<9} n={len(ts):<3} median cpu {statistics.median(ts):9.4f} s"
            f"  wall {statistics.median(wall[name]):9.4f} s  max cpu {max(ts):9.4f} s"
        )
        if name != "ours":
            paired = statistics.median(cpu["ours"][: len(ts)])
            line += f"  ratio {statistics.median(ts) / paired:7.1f}x (cpu, same matrices)"
        print(line)
    if len(cpu) == 1:
        print("  (no baseline at this size)")


def canonical_timings(rng: random.Random) -> None:
    """Microseconds per canonical form: brute force over the smaller side vs pynauty."""
    print("canonical form, us per call (mean of 200 calls on 50 random non-Ferrers matrices)")
    print("  shape    brute   nauty")
    for m, n in [(2, 6), (3, 3), (3, 6), (3, 12), (4, 4), (4, 8), (5, 5), (8, 8), (12, 12)]:
        sample: list[BoolMatrix] = []
        while len(sample) < 50:
            a = random_matrix(rng, m, n).without_zero_lines()
            if a.shape == (m, n) and ferrers_partition(a) is None:
                sample.append(a)
        cells = []
        for method, limit in ((mx._canonical_brute_force, 5), (mx._canonical_nauty, 99)):
            if min(m, n) > limit:
                cells.append("      -")
                continue
            start = time.perf_counter()
            for _ in range(4):
                for a in sample:
                    method(a)
            cells.append(f"{(time.perf_counter() - start) / 200 * 1e6:7.0f}")
        print(f"  {m}x{n:<5} {' '.join(cells)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer and smaller samples")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--canonical-only", action="store_true", help="only time the canonical-form methods"
    )
    parser.add_argument(
        "--plain-samples", type=int, default=2, help="10×10 matrices also run by the plain search"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    quick = args.quick
    if args.canonical_only:
        canonical_timings(rng)
        return
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
    run_family("random 12x12", [random_matrix(rng, 12, 12) for _ in range(3 if quick else 11)], {})
    run_family("random 13x13", [random_matrix(rng, 13, 13) for _ in range(1 if quick else 3)], {})
    blocks = [[random_matrix(rng, 4, 4) for _ in range(2)] for _ in range(3)]
    run_family("two random 4x4 blocks (8x8)", [block_sum(b) for b in blocks], {"plain": 3})
    run_family(
        "four random 6x6 blocks (24x24)",
        [block_sum([random_matrix(rng, 6, 6) for _ in range(4)]) for _ in range(3)],
        {},
    )


if __name__ == "__main__":
    main()
