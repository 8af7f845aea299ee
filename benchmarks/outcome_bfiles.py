"""The b-files of an outcome atlas's tallies (issue 27): for each level n ≥ 1, how many
partitions of n are P-positions, N-positions, N-positions with exactly one winning
move, and with several.

For Chomp among partitions these are the questions of OEIS A112470 (P-positions),
A112471 (N-positions: the first player wins), A112472 (exactly one winning move) and
A112473 (more than one).  The atlas is opened by `grundy.atlas.open_atlas`, so its
manifest and checksums are validated before a number is read; each level's tallies
are checked to add up to p(n).  The files are written atomically, OEIS style
("n a(n)" a line), named GAME_outcomes_{P,N,one,several}_b.txt.

    .venv/bin/python benchmarks/outcome_bfiles.py /tmp/records/chomp100 --dir docs/findings/data
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grundy.atlas import open_atlas
from grundy.atlas.outcome_atlas import OutcomeAtlas
from grundy.atomic import write_text_atomic
from grundy.partition import partition_numbers

TALLIES = ("P", "N", "one", "several")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("atlas", type=Path, help="an outcome atlas's directory")
    parser.add_argument("--dir", type=Path, required=True, help="where the b-files go")
    args = parser.parse_args()
    try:
        atlas = open_atlas(args.atlas)
    except (OSError, ValueError) as exc:
        print(f"outcome_bfiles: {exc}", file=sys.stderr)
        return 2
    if not isinstance(atlas, OutcomeAtlas):
        print(
            f"outcome_bfiles: {args.atlas} is a value atlas, not an outcome atlas", file=sys.stderr
        )
        return 2
    p = partition_numbers(atlas.levels)
    rows = []
    for n in range(1, atlas.levels + 1):
        tally = atlas.tallies(n)
        assert tally["P"] + tally["N"] == p[n] and tally["one"] + tally["several"] <= tally["N"]
        rows.append((n, tally))
    game = atlas.game + ("_misere" if atlas.misere else "")
    args.dir.mkdir(parents=True, exist_ok=True)
    for name in TALLIES:
        text = "".join(f"{n} {tally[name]}\n" for n, tally in rows)
        write_text_atomic(args.dir / f"{game}_outcomes_{name}_b.txt", text)
    last = rows[-1][1]
    print(f"{game}: levels 1..{atlas.levels} written to {args.dir}; at n = {atlas.levels}: {last}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
