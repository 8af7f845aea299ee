"""Column-Row values of the staircases S_n = U(n) as far as time allows.

002 Conjecture 1 (computed to S_16) and 003's table of U(n) (to U(10)) are
the papers' data; this script extends both with the compiled engine of
`grundy.engine` (nimber test, fresh table per n so every n's statistics are
its own) and prints, per n and play convention: the value, positions
expanded, table entries, wall-clock and CPU time (the machine is shared, so
CPU time is the fair measure), peak table bytes and the process's peak RSS.
Each result is also appended as one JSON line to --log as soon as it is known.

    .venv/bin/python benchmarks/staircases.py --from 1 --to 22 --memory 16G
    nice -n 10 timeout 3600 .venv/bin/python benchmarks/staircases.py --to 30 \\
        --memory 16G --log src/grundy/reproduce/records/staircases.jsonl
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

from grundy.engine import METHODS, Search, encode, format_bytes
from grundy.games.column_row.column_row import COLUMN_ROW_KERNEL
from grundy.partition import staircase


def peak_rss() -> int:
    """Peak resident set size of this process in bytes (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="lo", type=int, default=1)
    ap.add_argument("--to", dest="hi", type=int, default=20)
    ap.add_argument("--memory", default="8G", help="table cap per search (default 8G)")
    ap.add_argument("--method", default="test", choices=METHODS)
    ap.add_argument("--conventions", default="normal,misere", help="normal, misere or both")
    ap.add_argument("--log", default=None, help="append one JSON line per result here")
    args = ap.parse_args(argv)
    conventions = [c.strip() for c in args.conventions.split(",") if c.strip()]
    for c in conventions:
        if c not in ("normal", "misere"):
            ap.error(f"unknown convention {c!r}")
    header = f"{'n':>3} {'play':7} {'value':>5} {'expanded':>14} {'entries':>14} "
    header += f"{'wall s':>9} {'CPU s':>9} {'states/CPU s':>12} {'peak table':>11} {'peak RSS':>10}"
    print(header, flush=True)
    for n in range(args.lo, args.hi + 1):
        for convention in conventions:
            search = Search(
                COLUMN_ROW_KERNEL, misere=convention == "misere", memory=args.memory, progress=None
            )
            start = time.perf_counter()
            cpu = time.process_time()
            value = search.value(encode(staircase(n)), method=args.method)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
            stats = search.snapshot()
            row = {
                "n": n,
                "play": convention,
                "value": value,
                "method": args.method,
                "expanded": stats.expanded,
                "entries": stats.entries,
                "seconds": round(seconds, 3),
                "cpu_seconds": round(cpu, 3),
                "peak_table_bytes": stats.peak_bytes,
                "peak_rss_bytes": peak_rss(),
                "replaced": stats.replaced,
            }
            print(
                f"{n:>3} {convention:7} {value:>5} {stats.expanded:>14,} {stats.entries:>14,} "
                f"{seconds:>9.2f} {cpu:>9.2f} {stats.expanded / max(cpu, 1e-9):>12,.0f} "
                f"{format_bytes(stats.peak_bytes):>11} {format_bytes(peak_rss()):>10}",
                flush=True,
            )
            if args.log:
                with open(args.log, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
            del search
    return 0


if __name__ == "__main__":
    sys.exit(main())
