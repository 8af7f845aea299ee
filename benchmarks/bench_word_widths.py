"""Narrow and wide words before and after a change to the word primitives (issue 27's
broad words): the same atlas builds timed on two source trees, in one run.

Each tree (a folder with ``src/grundy``, e.g. a ``git archive`` of the commit before)
builds, in fresh folders, the outcome atlas of Chomp to n = 60 (narrow words to 55,
wide ones above: the retrograde and forward outcome levels), the value atlas of
Column-Row to n = 50 (narrow words) and that of Chomp to n = 62 (most of its work in
the wide levels).  A first build of each compiles (or loads numba's
cache, one per tree: the cache folder is named after the compiled sources); then the
trees take turns, `--repeats` builds each, timed by the CPU seconds of the child process
(user + system: the machine may be shared), the least and the median reported.

    .venv/bin/python benchmarks/bench_word_widths.py /tmp/before .   # before, after
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

#: (label, the arguments of ``grundy atlas build`` but --dir).
BUILDS = (
    ("chomp --n 1..60 --outcomes", ["chomp", "--n", "1..60", "--outcomes"]),
    ("cr --n 1..50 (values)", ["cr", "--n", "1..50"]),
    ("chomp --n 1..62 (values)", ["chomp", "--n", "1..62"]),
)
RUN = "import sys; from grundy.cli import run; sys.argv[0] = 'grundy'; sys.exit(run())"


def build_seconds(tree: Path, cache: Path, arguments: list[str]) -> float:
    """CPU seconds of one ``grundy atlas build`` by the grundy of `tree`, in a fresh folder."""
    environment = dict(os.environ, PYTHONPATH=str(tree / "src"), GRUNDY_CACHE_DIR=str(cache))
    with tempfile.TemporaryDirectory() as folder:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [sys.executable, "-c", RUN, "atlas", "build", *arguments, "--dir", folder + "/a"]
        subprocess.run(command, env=environment, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="source trees (with src/grundy)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cache", type=Path, help="numba's cache (default: a private temporary)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        cache = arguments.cache or Path(scratch) / "cache"
        cache.mkdir(mode=0o700, exist_ok=True)
        trees = [tree.resolve() for tree in arguments.trees]
        for tree in trees:  # compile, or load the cache
            for _, build in BUILDS:
                build_seconds(tree, cache, build)
        times: dict[tuple[Path, str], list[float]] = {}
        for _ in range(arguments.repeats):
            for label, build in BUILDS:
                for tree in trees:
                    times.setdefault((tree, label), []).append(build_seconds(tree, cache, build))
    for label, _ in BUILDS:
        for tree in trees:
            got = times[tree, label]
            print(
                f"{label:28} {tree!s:40} least {min(got):6.2f} s  "
                f"median {statistics.median(got):6.2f} s (CPU, {len(got)} builds)"
            )


if __name__ == "__main__":
    main()
