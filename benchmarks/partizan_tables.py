"""The tables of docs/findings/partizan_cr.md: CRPM and CRPS valued exactly, printed as markdown.

Every number is computed here by `grundy.partizan` (canonical forms, outcome classes,
atomic weights); each observation is checked on every partition in the range it states.

    .venv/bin/python benchmarks/partizan_tables.py --to 24 --aw-to 14
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from grundy.partition import Partition, partitions
from grundy.partizan import Game, atomic_weight, nimber, number, solver_of, up_multiple
from grundy.sums import PartitionSum

GAMES = ("crpm", "crps")
WIDEST = 48  # longer names are shown by their birthday and option counts


def val(game: str, lam: Partition) -> Game:
    return solver_of(game).value(PartitionSum([lam]))


def shown(g: Game) -> str:
    text = str(g)
    if len(text) <= WIDEST:
        return "`" + text.replace("|", "\\|") + "`"
    return f"(born day {g.birthday()}, {len(g.left)} | {len(g.right)} options)"


def small_diagrams() -> list[tuple[str, Partition]]:
    out = [(f"row {n}", Partition([n])) for n in range(1, 7)]
    out += [(f"column {n}", Partition([1] * n)) for n in range(2, 5)]
    out += [(f"hook ({a},1^{b})", Partition([a] + [1] * b)) for a in (2, 3) for b in (1, 2)]
    out += [
        (f"rectangle {a}^{b}", Partition([a] * b)) for a in range(2, 5) for b in range(2, a + 1)
    ]
    out += [(f"staircase {k}", Partition(list(range(k, 0, -1)))) for k in range(2, 6)]
    return out


def table_small() -> None:
    print("| diagram | λ | CRPM | | CRPS | |\n|---|---|---|---|---|---|")
    for label, lam in small_diagrams():
        cells = [f"{shown(val(g, lam))} | {val(g, lam).outcome()}" for g in GAMES]
        print(f"| {label} | {lam} | " + " | ".join(cells) + " |")


def table_counts(to: int) -> dict[str, dict[int, Counter]]:
    counts: dict[str, dict[int, Counter]] = {g: {} for g in GAMES}
    print("| n | p(n) | CRPM L | R | N | P | distinct | CRPS L | R | N | P | distinct |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in range(1, to + 1):
        row = [str(n)]
        for game in GAMES:
            values = [val(game, lam) for lam in partitions(n)]
            c = Counter(v.outcome() for v in values)
            counts[game][n] = c
            if len(row) == 1:
                row.append(str(len(values)))
            row += [str(c[k]) for k in "LRNP"] + [str(len(set(values)))]
        print("| " + " | ".join(row) + " |")
    return counts


def row_value(k: int) -> Game:
    """(k − 1)·↑, plus * when k is odd."""
    return up_multiple(k - 1) + nimber(k % 2)


def observations(to: int, aw_to: int, counts: dict[str, dict[int, Counter]]) -> None:
    every = [lam for n in range(1, to + 1) for lam in partitions(n)]
    p_crpm = sum(counts["crpm"][n]["P"] for n in counts["crpm"])
    print(f"- CRPM P-positions among the {len(every)} partitions of 1 ≤ n ≤ {to}: {p_crpm}.")
    sign = {1: "L", -1: "R", 0: "N"}
    misses = [lam for lam in every if val("crpm", lam).outcome() != sign[_cmp(lam)]]
    print(
        f"- CRPM outcome = L when λ1 > ℓ(λ) (more columns than rows), R when λ1 < ℓ(λ), "
        f"N when λ1 = ℓ(λ): exceptions for n ≤ {to}: {len(misses)}"
        + (f" (first {misses[0]})" if misses else "")
        + "."
    )
    aw_misses = [
        lam
        for n in range(1, aw_to + 1)
        for lam in partitions(n)
        if atomic_weight(val("crpm", lam)) is not number(lam.largest - lam.length)
    ]
    print(
        f"- CRPM atomic weight aw(λ) = λ1 − ℓ(λ): exceptions for n ≤ {aw_to}: {len(aw_misses)}"
        + (f" (first {aw_misses[0]})" if aw_misses else "")
        + "."
    )
    rows = [k for k in range(1, to + 1) if val("crpm", Partition([k])) is not row_value(k)]
    print(f"- CRPM row (k) = (k − 1)·↑ + (* if k is odd): exceptions for k ≤ {to}: {rows}.")
    rect = [
        (a, b)
        for a in range(1, to + 1)
        for b in range(1, a + 1)
        if a * b <= to and val("crpm", Partition([a] * b)) is not row_value(a - b + 1)
    ]
    print(f"- CRPM rectangle a^b (a ≥ b) = row (a − b + 1): exceptions for ab ≤ {to}: {rect}.")
    star, up = nimber(1), up_multiple(1)
    crps_rows = [
        k for k in range(1, to + 1) if val("crps", Partition([k])) is not (star if k % 2 else up)
    ]
    print(f"- CRPS row (k) = * for odd k, ↑ for even k: exceptions for k ≤ {to}: {crps_rows}.")
    hooks = {n: val("crps", Partition([n - 1, 1])).outcome() for n in range(4, to + 1, 2)}
    bad_hooks = [n for n, o in hooks.items() if o != "P"]
    print(
        f"- CRPS (n − 1, 1) for even n, 4 ≤ n ≤ {to}: P for every such n except {bad_hooks}; "
        f"(4,4,3) is {val('crps', Partition([4, 4, 3])).outcome()}."
    )
    odd_hooks = Counter(val("crps", Partition([n - 1, 1])).outcome() for n in range(3, to + 1, 2))
    print(f"- CRPS (n − 1, 1) for odd n, 3 ≤ n ≤ {to}: outcomes {dict(sorted(odd_hooks.items()))}.")
    hook_misses = [
        (a, b)
        for a in range(2, to)
        for b in range(1, to - a + 1)
        if val("crps", Partition([a] + [1] * b)).outcome() != ("P" if (a + b) % 2 == 0 else "N")
    ]
    others = [
        str(lam)
        for lam in every
        if val("crps", lam).outcome() == "P" and not (lam.length > 1 and lam.sub(1, 1).size == 0)
    ]
    print(
        f"- CRPS hook (a,1^b), a ≥ 2, b ≥ 1, a + b ≤ {to}: P when a + b is even, N when odd; "
        f"exceptions: {hook_misses}.  P-positions of n ≤ {to} that are not hooks: "
        f"{len(others)} (the smallest: {', '.join(others[:6])})."
    )
    for n in range(1, min(to, 10) + 1):
        ps = [str(lam) for lam in partitions(n) if val("crps", lam).outcome() == "P"]
        print(f"  - CRPS P-positions of n = {n}: {', '.join(ps) or 'none'}")


def _cmp(lam: Partition) -> int:
    return (lam.largest > lam.length) - (lam.largest < lam.length)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--to", type=int, default=24, help="largest n of the counts")
    parser.add_argument("--aw-to", type=int, default=14, help="largest n of atomic weights")
    args = parser.parse_args()
    if args.to < 4 or args.aw_to < 1:
        raise SystemExit("--to must be at least 4 and --aw-to at least 1")
    start = time.perf_counter()
    print("### Values of small diagrams\n")
    table_small()
    print("\n### Outcome classes and distinct values per n\n")
    counts = table_counts(args.to)
    print("\n### Observations (each checked on the whole range it states)\n")
    observations(args.to, args.aw_to, counts)
    print(f"\n(computed in {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
