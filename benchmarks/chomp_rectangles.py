"""Every a × b Chomp rectangle inside a box atlas: its value and its winning first bites.

Reads a box atlas of Chomp (`grundy atlas build chomp --box 16x16 --dir DIR`) and prints,
for every rectangle a × b with a ≤ b inside it, its Sprague–Grundy value and the bites
that leave a P-position (value 0), as a Markdown table.  Checks on the way: every
rectangle but 1 × 1 is an N-position (strategy stealing), the square's bite at (1, 1)
wins, and the rectangles with a, b ≤ --check are valued again by the generic solver.

    .venv/bin/python benchmarks/chomp_rectangles.py /work/records/chomp16
"""

from __future__ import annotations

import argparse

from grundy import get_ruleset
from grundy.atlas import open as open_atlas
from grundy.partition import Partition
from grundy.solver import Solver


def winning_bites(atlas, rules, rectangle: Partition) -> list[str]:
    """The first bites to a P-position, as the game names them: (row, column) of the box
    bitten, from 1 (the poisoned box is (1, 1))."""
    return [
        str(move) for move, child in rules.options(rectangle) if child and atlas.value(child) == 0
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("atlas")
    parser.add_argument("--check", type=int, default=6, help="solver check up to this side")
    args = parser.parse_args()
    atlas = open_atlas(args.atlas)
    rules = get_ruleset("chomp")
    atlas.check_for(rules, misere=False)
    rows, columns = atlas.box
    solver = Solver(rules)
    print("| a × b | value | winning first bites |")
    print("|---|---|---|")
    for a in range(1, rows + 1):
        for b in range(a, columns + 1):
            rectangle = Partition([b] * a)
            value = atlas.value(rectangle)
            if (a, b) != (1, 1):
                assert value != 0, f"{a} × {b} is a P-position: strategy stealing says not"
            if a == b > 1:
                assert atlas.value(Partition([b] + [1] * (a - 1))) == 0, "the square's L"
            if b <= args.check:
                assert value == solver.value(rectangle), f"{a} × {b}: the solver disagrees"
            print(f"| {a} × {b} | {value} | {', '.join(winning_bites(atlas, rules, rectangle))} |")


if __name__ == "__main__":
    main()
