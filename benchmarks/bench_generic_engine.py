"""Column-Row staircases: the generic compiled engine against the dedicated one it replaced.

Issue 7's measure: the generic engine (any game's options kernel, narrow or
wide words; `grundy.engine`) must not lose to the dedicated Column-Row
engine of commit 732d0ec, kept verbatim in `benchmarks/baseline_cr_engine/`
as the baseline.  For each staircase S_n both run in this process with a
fresh table (default memory cap, nimber test), after compiling; the values
must agree and the script prints both times and new/old.

    .venv/bin/python benchmarks/bench_generic_engine.py               # S_18 … S_20
    .venv/bin/python benchmarks/bench_generic_engine.py --to 22       # S_21: ~3 min each

Run it on a quiet machine: both engines are memory-bound.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_cr_engine import Search as DedicatedSearch
from grundy.engine import Search, encode
from grundy.games.column_row.column_row import COLUMN_ROW_KERNEL
from grundy.partition import staircase


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="lo", type=int, default=18)
    ap.add_argument("--to", dest="hi", type=int, default=20)
    args = ap.parse_args(argv)
    DedicatedSearch(progress=False).value(staircase(8))  # compile / load caches
    Search(COLUMN_ROW_KERNEL, progress=False).value(encode(staircase(8)))
    print(f"{'n':>3} {'value':>5} {'dedicated s':>12} {'generic s':>10} {'new/old':>8}")
    status = 0
    for n in range(args.lo, args.hi + 1):
        t = time.perf_counter()
        old = DedicatedSearch(progress=False).value(staircase(n))
        t_old = time.perf_counter() - t
        t = time.perf_counter()
        new = Search(COLUMN_ROW_KERNEL, progress=False).value(encode(staircase(n)))
        t_new = time.perf_counter() - t
        if old != new:
            print(f"DISAGREEMENT at S_{n}: dedicated {old}, generic {new}")
            status = 1
        print(f"{n:>3} {new:>5} {t_old:>12.2f} {t_new:>10.2f} {t_new / t_old:>8.2f}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
