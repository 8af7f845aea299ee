"""Start-up time of the `grundy` command (issue 9 targets), ours against a baseline commit.

Each command runs as a fresh subprocess (`python -c "from grundy.cli import run; run()"`,
stdout piped, so no progress bars) with PYTHONPATH at the source tree of one side:

* baseline: a git worktree of --baseline COMMIT (default: the commit before the
  start-up work), created at --worktree (default /tmp/grundy_startup_base) or
  reused if it already holds that commit;
* ours: this checkout's src/.

Every command first runs once per side untimed (a cold numba cache is filled
then: the baseline's compiled code is cached per source path, so its first run
compiles), and a note says where the two sides print differently (`-h` lists
the commands added since the baseline).  Then --repeat rounds run every command
on both sides, interleaved (the order alternating per round), so load from other
processes hits both alike; the table shows the median wall time per side, the
ratio baseline / ours (how many times faster), and the target where issue 9 sets
one.  Last, where our time goes (`SPLITS`): in `grundy value cr 5,3,3,1`, which
the generic solver answers without numba, and in `grundy value cr 5,4,3,2,1`,
above Column-Row's `small_size`, which loads the compiled engine.  The runs
start in the repository's root, so no stray module in the current folder
shadows a library's.

    .venv/bin/python benchmarks/bench_startup.py [--baseline COMMIT] [--repeat N]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The commit the start-up work began from.
DEFAULT_BASELINE = "ead5b5a9fe658128cc571ec09a4c2d5463d1f5c5"
RUN = "from grundy.cli import run; run()"
#: A Column-Row position above `small_size` without a closed form: the compiled engine's.
LARGER = "5,4,3,2,1"

#: (arguments, target wall time in seconds or None).
COMMANDS: list[tuple[list[str], float | None]] = [
    (["--version"], None),
    (["value", "lctr", "3,1"], 0.3),
    (["value", "cr", "5,3,3,1"], 0.6),
    (["value", "cr", LARGER], None),
    (["moves", "chomp", "3,2,1"], None),
    (["-h"], None),
]


#: Steps timed inside the process (`split`): (label, code), each followed by a time stamp.
IMPORT_CLI = ("import grundy.cli (typer, rich, grundy's core)", "import grundy.cli")
LOOK_UP = ("look up cr (its module)", 'rules = grundy.get_ruleset("cr")')
ENGINE = [
    ("import numba (numpy, llvmlite)", "import numba"),
    ("import grundy.engine (decorate the engine)", "import grundy.engine"),
    LOOK_UP,
    (
        "first compiled call: kernel module, numba set-up, 1 cache load",
        "rules.kernel.canonical_word(1)",
    ),
]
#: Where our time goes: (arguments, the steps before the command, what the command does).
SPLITS = [
    (["value", "cr", "5,3,3,1"], [IMPORT_CLI, LOOK_UP], "the command: generic search, output"),
    (["value", "cr", LARGER], [IMPORT_CLI, *ENGINE], "the command: 2 cache loads, search, output"),
]
#: The console script with a time stamp (time.time) after each step and the command.
SPLIT_CODE = """
import sys, time
marks = [time.time()]
{steps}
command = grundy.cli.main

def timed():
    status = command()
    marks.append(time.time())
    sys.stderr.write(" ".join(map(repr, marks)) + "\\n")
    return status

grundy.cli.main = timed
grundy.cli.run()
"""


def worktree(commit: str, path: Path) -> Path:
    """A checkout of `commit` at `path`: reused if it holds that commit, else created."""
    full = git("rev-parse", "--verify", f"{commit}^{{commit}}")
    if path.exists():
        if git("-C", str(path), "rev-parse", "HEAD") != full:
            sys.exit(f"{path} exists but is not a checkout of {full}: remove it or pass --worktree")
        return path
    git("worktree", "add", "--detach", str(path), full)
    return path


def git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def run(src: Path, args: list[str]) -> tuple[float, str]:
    """One run of `grundy ARGS` from the source tree `src`: (wall seconds, stdout)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, cwd=ROOT, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"grundy {' '.join(args)} failed from {src}:\n{done.stderr}")
    return wall, done.stdout


def split(src: Path, args: list[str], steps: list[tuple[str, str]]) -> list[float]:
    """Seconds per step in one run of `grundy ARGS` from `src`: python's start-up, `steps`,
    the command, the exit."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = SPLIT_CODE.format(steps="\n".join(f"{c}\nmarks.append(time.time())" for _, c in steps))
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, cwd=ROOT, capture_output=True, text=True
    )
    end = time.time()
    marks = [start, *map(float, done.stderr.split()), end]
    return [b - a for a, b in itertools.pairwise(marks)]


def imported_from(src: Path) -> Path:
    """The grundy package a subprocess with PYTHONPATH=src imports (to check the setup)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", "import grundy; print(grundy.__file__)"],
        env=env, cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return Path(out.strip()).parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="commit to compare with")
    parser.add_argument("--worktree", type=Path, default=Path("/tmp/grundy_startup_base"))
    parser.add_argument("--repeat", type=int, default=7, help="timed rounds (default 7)")
    options = parser.parse_args()

    sides = {"baseline": worktree(options.baseline, options.worktree) / "src", "ours": ROOT / "src"}
    for name, src in sides.items():
        if imported_from(src) != src.resolve():
            sys.exit(f"{name}: PYTHONPATH={src} does not import grundy from there")
    base = git("rev-parse", "--short", options.baseline)
    head = git("rev-parse", "--short", "HEAD")
    print(f"baseline {base} ({sides['baseline']}), ours {head} + working tree ({sides['ours']})")

    for args, _ in COMMANDS:
        outputs = {name: run(src, args)[1] for name, src in sides.items()}
        if outputs["baseline"] != outputs["ours"]:
            print(f"note: `grundy {' '.join(args)}` prints differently on the two sides")

    times: dict[str, dict[str, list[float]]] = {
        " ".join(args): {name: [] for name in sides} for args, _ in COMMANDS
    }
    for round_ in range(options.repeat):
        order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
        for args, _ in COMMANDS:
            for name in order:
                times[" ".join(args)][name].append(run(sides[name], args)[0])

    header = f"{'command':<28} {'baseline s':>10} {'ours s':>8} {'ratio':>6}  target"
    print(f"median wall time of {options.repeat} interleaved runs each; ratio = baseline / ours")
    print(header)
    print("-" * len(header))
    for args, target in COMMANDS:
        key = " ".join(args)
        base = statistics.median(times[key]["baseline"])
        ours = statistics.median(times[key]["ours"])
        goal = "-" if target is None else f"< {target} " + ("met" if ours < target else "MISSED")
        print(f"grundy {key:<21} {base:>10.3f} {ours:>8.3f} {base / ours:>6.2f}  {goal}")

    for args, before, command in SPLITS:
        labels = ["python start-up", *(label for label, _ in before), command, "exit"]
        runs = [split(sides["ours"], args, before) for _ in range(options.repeat)]
        print(f"\nours, grundy {' '.join(args)}: median seconds per step ({options.repeat} runs)")
        for k, label in enumerate(labels):
            print(f"  {label:<52} {statistics.median(run[k] for run in runs):.3f}")
        print(f"  {'total':<52} {statistics.median(sum(run) for run in runs):.3f}")


if __name__ == "__main__":
    main()
