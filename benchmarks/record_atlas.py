"""A record atlas build, level by level, with the time and memory of each level logged.

Builds (or resumes) the atlas of GAME up to level N in DIR with `grundy.atlas.build`
and appends one JSON line a level to LOG as each level completes: its size, wall
and CPU seconds, the process's resident memory (which counts the lower levels'
memory-mapped pages) and peak.  A level's time runs
from the last report of the level before to its own last report.  Stopped at any
moment (Ctrl-C, kill), it resumes from the last chunk written: run it again.

    nohup nice .venv/bin/python benchmarks/record_atlas.py cr --n 110 \\
        --dir /work/records/cr --log /work/records/cr.jsonl &
    nohup nice .venv/bin/python benchmarks/record_atlas.py chomp --n 119 --outcomes \\
        --processes 2 --dir /work/records/chomp --log /work/records/chomp.jsonl &
    .venv/bin/python benchmarks/record_atlas.py --report /work/records/cr.jsonl --from 80
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

from grundy import get_ruleset
from grundy.atlas import build
from grundy.atlas import open as open_atlas


def resident_bytes() -> int:
    """This process's resident memory now (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the processes
    that mark a retrograde level, `--processes`)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


class LevelLog:
    """Appends a line to `path` each time a level completes (seen from progress reports)."""

    def __init__(self, path: Path, game: str) -> None:
        self.path, self.game = path, game
        self.wall, self.cpu = time.perf_counter(), cpu_seconds()

    def __call__(self, n: int, done: int, size: int) -> None:
        if done == size:  # a level's time runs from the end of the one before
            self.write(n, size)
            self.wall, self.cpu = time.perf_counter(), cpu_seconds()

    def write(self, n: int, size: int) -> None:
        # the level's chunks are written, its manifest row comes right after this report
        row = {
            "game": self.game,
            "n": n,
            "positions": size,
            "wall_s": round(time.perf_counter() - self.wall, 2),
            "cpu_s": round(cpu_seconds() - self.cpu, 2),
            "rss_bytes": resident_bytes(),
            "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
            "children_peak_rss_bytes": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            * 1024,
            "finished": time.strftime("%Y-%m-%d %H:%M:%S"),
        }
        with self.path.open("a") as log:
            log.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def report(log: Path, first: int = 0) -> None:
    """The log's levels from `first` on as a Markdown table, with each level's CPU time
    over the one before's (the last row a level logs wins: a resumed level is logged
    again from where it resumed)."""
    rows = {}
    for line in log.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            rows[row["n"]] = row
    print(
        "| n | positions | wall s | CPU s | ns a position | CPU × the level before | resident MiB |"
    )
    print("|---|---|---|---|---|---|---|")
    previous = None
    for n in sorted(rows):
        row = rows[n]
        ns = row["cpu_s"] / max(row["positions"], 1) * 1e9
        ratio = f"{row['cpu_s'] / previous:.2f}" if previous else ""
        previous = row["cpu_s"] or None
        if n >= first:
            print(
                f"| {n} | {row['positions']:,} | {row['wall_s']:.0f} | {row['cpu_s']:.0f} | "
                f"{ns:.0f} | {ratio} | {row['rss_bytes'] / 2**20:,.0f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--n", type=int)
    parser.add_argument("--dir", type=Path)
    parser.add_argument("--log", type=Path)
    parser.add_argument("--misere", action="store_true")
    parser.add_argument("--workers", type=int)
    parser.add_argument("--outcomes", action="store_true", help="an outcome atlas")
    parser.add_argument("--processes", type=int, help="retrograde marking in K processes")
    parser.add_argument("--report", type=Path, help="print a log as a table and stop")
    parser.add_argument("--from", dest="first", type=int, default=0, help="first level shown")
    args = parser.parse_args()
    if args.report:
        report(args.report, args.first)
        return
    rules = get_ruleset(args.game)
    log = LevelLog(args.log, rules.name)
    try:
        build(
            rules,
            args.n,
            args.dir,
            args.misere,
            on_progress=log,
            workers=args.workers,
            outcomes=args.outcomes,
            processes=args.processes,
        )
    except KeyboardInterrupt:
        print(f"stopped; {open_atlas(args.dir).info()}: run the same command to resume")
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
