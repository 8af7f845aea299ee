"""Check grundy's CRPM and CRPS against the Partition-Games web app, run under node.

For every partition of 0 ≤ n ≤ N (``--to``, default 12):

- CRPM: the app's ``evaluatePosition`` with A (rows, Left) and with B (columns, Right) to
  move, against grundy's outcome class, twice: the door's (``grundy.answer(...,
  question="outcome")``, whichever source answers it: the compiled outcome levels) and
  the canonical form's (``grundy.partizan.outcome``).  Left moving first wins iff the
  class is L or N, Right iff R or N;
- CRPS: the app's moves (each live row and each live column its GUI offers, played by
  ``GameState.performMove`` and again by ``Fragment``'s own ``splitIntoFragments``), the
  fragments each leaves read as partitions, against grundy's options
  (``grundy.partizan.left_options`` / ``right_options``): the same sets of sums.

The app's code is cut out of a git mirror at run time (``partition_games_app.py``).
Prints what was compared and every disagreement; exit status 1 if there is one, 2 if
the app cannot be run (no mirror, no node).

    .venv/bin/python benchmarks/verify_partizan_app.py            # n ≤ 12
    .venv/bin/python benchmarks/verify_partizan_app.py --to 16
"""

from __future__ import annotations

import argparse
import re

import grundy
from grundy.partition import Partition, partitions_up_to
from grundy.partizan import left_options, right_options
from grundy.partizan import outcome as outcome_of
from grundy.sums import PartitionSum
from partition_games_app import AppUnavailable, add_app_arguments, fail, run_app

YOUNG_ROW = re.compile(r"(#+)\.*")
SIDES = {"row": ("Left", left_options), "col": ("Right", right_options)}


def as_partition(drawing: list[str]) -> Partition | None:
    """The Young diagram a fragment draws ("#" a box, rows top down), None if it is no
    Young diagram (rows not left-justified, or longer below shorter).

    >>> as_partition(["###", "#.."]), as_partition([".#", "##"])
    (Partition.parse('3,1'), None)
    """
    rows = [YOUNG_ROW.fullmatch(row) for row in drawing]
    if not all(rows):
        return None
    lengths = [len(row.group(1)) for row in rows if row]
    if lengths != sorted(lengths, reverse=True):
        return None
    return Partition(lengths)


def as_sum(fragments: list[list[str]]) -> PartitionSum | None:
    """The sum of the fragments a move leaves, None if one is no Young diagram."""
    pieces = [as_partition(f) for f in fragments]
    return None if None in pieces else PartitionSum(pieces)


def crpm_disagreements(lams: list[Partition], codes: list[int]) -> tuple[set[str], list[str]]:
    """The door's sources, and where the app's wins (code bit 0: Left moving first, bit 1:
    Right) differ from the door's outcome class or from the canonical form's."""
    sources, wrong = set(), []
    for lam, code in zip(lams, codes, strict=True):
        door = grundy.answer("crpm", lam, question="outcome")
        sources.add(door.source)
        for found, outcome in (
            ("the door", door.value),
            ("the canonical form", outcome_of("crpm", lam)),
        ):
            ours = (outcome in ("L", "N")) | (outcome in ("R", "N")) << 1
            if code != ours:
                wrong.append(
                    f"CRPM {lam}: {found} {outcome}; the app: A moving first "
                    f"{'wins' if code & 1 else 'loses'}, B moving first "
                    f"{'wins' if code & 2 else 'loses'}"
                )
    return sources, wrong


def crps_disagreements(lams: list[Partition], moves: list[dict]) -> tuple[int, list[str]]:
    """The number of the app's moves read, and where its options differ from grundy's."""
    wrong, count = [], 0
    for lam, offered in zip(lams, moves, strict=True):
        for kind, (player, options) in SIDES.items():
            app: set[PartitionSum | None] = set()
            for move in offered[kind]:
                count += 1
                played, split = as_sum(move["played"]), as_sum(move["split"])
                if played != split or played is None:
                    wrong.append(
                        f"CRPS {lam}, {kind} {move['index'] + 1}: the app's move leaves "
                        f"{move['played']}, its split {move['split']}"
                    )
                app.add(played)
            ours = {option.position for option in options("crps", lam)}
            if app != ours:
                wrong.append(
                    f"CRPS {lam}, {player}: only the app's {sorted(map(str, app - ours))}, "
                    f"only grundy's {sorted(map(str, ours - app))}"
                )
    return count, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--to", type=int, default=12, help="largest n (default 12)")
    add_app_arguments(parser, timeout=600)
    args = parser.parse_args()
    if args.to < 0:
        fail(f"--to must be non-negative, got {args.to}")
    lams = list(partitions_up_to(args.to))
    positions = [list(lam.parts()) for lam in lams]
    try:
        crpm = run_app("crpm-outcomes", positions, args.mirror, args.timeout)
        crps = run_app("crps-moves", positions, args.mirror, args.timeout)
    except AppUnavailable as problem:
        fail(problem)
    sources, wrong = crpm_disagreements(lams, crpm["codes"])
    print(
        f"CRPM: {len(lams)} partitions of 0 ≤ n ≤ {args.to}, each with A (Left) and B (Right)"
        f" to move: {2 * len(lams)} of the app's results against the outcome class of the"
        f" door (source {', '.join(sorted(sources))}) and of the canonical form,"
        f" {len(wrong)} disagreements"
    )
    moves, crps_wrong = crps_disagreements(lams, crps["moves"])
    print(
        f"CRPS: {len(lams)} partitions of 0 ≤ n ≤ {args.to}: {moves} of the app's moves"
        f" (each by GameState.performMove and by Fragment.splitIntoFragments), their"
        f" {2 * len(lams)} option sets against grundy's, {len(crps_wrong)} disagreements"
    )
    for line in wrong + crps_wrong:
        print("  " + line)
    raise SystemExit(1 if wrong or crps_wrong else 0)


if __name__ == "__main__":
    main()
