"""Tables of 3-dimensional LCTR (games/lctr/lctr_3d.py) for docs/findings/lctr_3d.md.

Prints, for plane partitions of n ≤ N (default 16):

1. how many there are (checked against OEIS A000219) and how many have each
   value, normal and misère play;
2. the smallest positions of each value;
3. checks of the families in the findings: boxes (`box_value`, against the
   exhaustive solver), staircases, one-row plane partitions (1 + Downright);
4. the diagonal question (000 Corollary 16 one dimension up): does
   SG(π[s]) = SG(π[s + k(1,1,1)]) once π[s + k(1,1,1)] contains a w × w × w
   cube?  Exhaustively for s = 0 on every plane partition of n ≤ N, and for
   every cell s of seeded random plane partitions with up to 30 rows, columns
   and heights; prints the number of violations per w and examples.

    .venv/bin/python benchmarks/lctr_3d_tables.py             # N = 16
    .venv/bin/python benchmarks/lctr_3d_tables.py --max-n 18 --samples 100 --seed 11
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from itertools import product

from grundy import Solver
from grundy.games.lctr.lctr import downright_value
from grundy.games.lctr.lctr_3d import (
    LCTR_3D,
    Antichain,
    DimensionalLCTR,
    box_value,
    cell_values,
    from_heights,
)
from grundy.partition import partitions_up_to

A000219 = [1, 1, 3, 6, 13, 24, 48, 86, 160, 282, 500, 859, 1479, 2485, 4167, 6879, 11297,
           18334, 29601, 47330, 75278]  # fmt: skip


def show(position: Antichain) -> str:
    return LCTR_3D.format_position(position)


def distribution(max_n: int, solver: Solver) -> None:
    print(f"1. values of every plane partition of n ≤ {max_n}")
    for misere in (False, True):
        print(f"  {'misère' if misere else 'normal'} play: n, count, {{value: count}}")
        for n in range(max_n + 1):
            tally = Counter(solver.value(a, misere) for a in LCTR_3D.positions_of_size(n))
            total = sum(tally.values())
            ok = "" if n >= len(A000219) or total == A000219[n] else "  ≠ A000219!"
            print(f"    {n:3d} {total:7d} {dict(sorted(tally.items()))}{ok}")


def smallest_of_each_value(max_n: int, solver: Solver) -> None:
    print("2. smallest non-empty plane partitions of each value (normal play; up to symmetry)")
    for value in range(4):
        for n in range(1, max_n + 1):
            found = sorted(
                {
                    show(LCTR_3D.canonical(a))
                    for a in LCTR_3D.positions_of_size(n)
                    if solver.value(a) == value
                }
            )
            if found:
                print(f"  value {value}: n = {n}: {', '.join(found)}")
                break


def families(max_n: int) -> None:
    print("3. families")
    bad = 0
    for d, side in ((2, 10), (3, 8), (4, 5), (5, 4)):
        exact = Solver(DimensionalLCTR(d), fast=False)
        for misere in (False, True):
            for p in product(range(1, side + 1), repeat=d):
                bad += box_value(p, misere) != exact.value(Antichain(d, [p]), misere)
    print(f"  boxes, d = 2..5, sides ≤ 10, 8, 5, 4, both conventions: {bad} disagreements")
    bad = 0
    for m in range(1, 12):
        stair = {p for p in product(range(1, m + 1), repeat=3) if sum(p) == m + 2}
        bad += cell_values(Antichain(3, stair))[(0, 0, 0)] != m % 2
    print(f"  staircases {{p : p1 + p2 + p3 = m + 2}}, m ≤ 11: SG = m mod 2, {bad} failures")
    bad = total = 0
    for lam in partitions_up_to(max_n + 10):
        if lam:
            total += 1
            flat = cell_values(from_heights([lam.to_list()], 3))[(0, 0, 0)]
            bad += flat != 1 + downright_value(lam)
    print(f"  one-row plane partitions [λ], |λ| ≤ {max_n + 10}: SG = 1 + SG_Downright(λ), "
          f"{bad} failures in {total}")  # fmt: skip
    tally = Counter(
        cell_values(from_heights([lam.to_list()], 3), True)[(0, 0, 0)] - downright_value(lam, True)
        for lam in partitions_up_to(max_n)
        if lam
    )
    print(
        f"  misère: SG⁻([λ]) − SG⁻_Downright(λ) over |λ| ≤ {max_n}: {dict(sorted(tally.items()))}"
    )


def random_plane_partition(rng: random.Random) -> Antichain:
    rows, cols, top = (rng.randint(3, 30) for _ in range(3))
    density = rng.choice([0.02, 0.05, 0.1, 0.3, 1.0])
    grid = [[rng.randint(0, top) if rng.random() < density else 0 for _ in range(cols)]
            for _ in range(rows)]  # fmt: skip
    for r in range(rows - 1, -1, -1):  # suffix maxima: weakly decreasing both ways
        for c in range(cols - 1, -1, -1):
            below = grid[r + 1][c] if r + 1 < rows else 0
            right = grid[r][c + 1] if c + 1 < cols else 0
            grid[r][c] = max(grid[r][c], below, right)
    return from_heights(grid, 3)


def diagonal_exhaustive(max_n: int, solver: Solver) -> None:
    """SG(π) against SG(π[k,k,k]) for every plane partition π of n ≤ max_n."""
    print(f"  every plane partition π of n ≤ {max_n}: SG(π) ≠ SG(π[k,k,k]), by w")
    for misere in (False, True):
        for k in (1, 2):
            bad: Counter[int] = Counter()
            seen: Counter[int] = Counter()
            for n in range(1, max_n + 1):
                for a in LCTR_3D.positions_of_size(n):
                    inner = a.sub((k, k, k))
                    if not inner:
                        continue
                    w = max(min(p) for p in inner.points)
                    seen[w] += 1
                    bad[w] += solver.value(a, misere) != solver.value(inner, misere)
            rows = ", ".join(f"w={w}: {bad[w]}/{seen[w]}" for w in sorted(seen))
            print(f"    {'misère' if misere else 'normal'}, step {k}: {rows}")


def diagonal_random(positions: list[Antichain]) -> None:
    """Every cell s of each position: SG(π[s]) against SG(π[s + k(1,1,1)]), by w."""
    for misere in (False, True):
        tables = [cell_values(a, misere) for a in positions]
        for k in (1, 2):
            bad: Counter[int] = Counter()
            seen: Counter[int] = Counter()
            deepest: dict[int, tuple[int, Antichain, tuple[int, ...]]] = {}
            for a, values in zip(positions, tables, strict=True):
                for s, v in values.items():
                    t = tuple(x + k for x in s)
                    if t not in values:
                        continue
                    w = 1
                    while tuple(x + w for x in t) in values:
                        w += 1
                    seen[w] += 1
                    if values[t] != v:
                        bad[w] += 1
                        if sum(s) > deepest.get(w, (-1,))[0]:
                            deepest[w] = (sum(s), a, s)
            rows = ", ".join(f"w={w}: {bad[w]}/{seen[w]}" for w in sorted(seen))
            print(f"    {'misère' if misere else 'normal'}, step {k}: {rows}")
            for w in sorted(deepest)[:3]:
                _, a, s = deepest[w]
                sub = a.sub(s)
                print(f"      e.g. w = {w}: {show(sub)} (n = {sub.size}) has SG = "
                      f"{cell_values(sub, misere)[(0, 0, 0)]}, π[{k},{k},{k}] has SG = "
                      f"{cell_values(sub.sub((k, k, k)), misere)[(0, 0, 0)]}")  # fmt: skip
            if bad:
                print(f"      largest w with a violation: {max(bad)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=16)
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    solver = Solver(LCTR_3D)
    distribution(args.max_n, solver)
    smallest_of_each_value(args.max_n, solver)
    families(args.max_n)
    print("4. the diagonal: violations of SG(π[s]) = SG(π[s + k(1,1,1)]), by the side w of")
    print("   the largest cube in π[s + k(1,1,1)]")
    diagonal_exhaustive(args.max_n, solver)
    rng = random.Random(args.seed)
    print(f"  every cell s of {args.samples} random plane partitions (seed {args.seed})")
    diagonal_random([random_plane_partition(rng) for _ in range(args.samples)])
    print(f"done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
