"""Carry on where possible: a default results store that cannot be written costs one line
and the command goes on (one the user named stays an error); the first compile of a
kernel says so on stderr off a terminal too; the census shows its progress in
positions from the start, within a size too; a growing table stops at Ctrl-C."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from grundy import get_ruleset
from grundy.analysis.counts import count_table
from grundy.engine import CompiledKernel
from grundy.engine import transposition as table
from grundy.engine.cache import cache_base
from grundy.engine.transposition import TranspositionTable
from grundy.engine.warm import warm_kernel
from grundy.partition import partition_numbers

CLI = "import sys; from grundy.cli import main; sys.exit(main(sys.argv[1:]))"
GOING_ON = "grundy: going on without the results store: {home}/.local/share/grundy/results.sqlite: "


@pytest.fixture(scope="module")
def warm_cr() -> None:
    """The cr kernel in the disk cache: a child then loads it without a line of its own."""
    warm_kernel(get_ruleset("cr").kernel)


@pytest.fixture
def blocked_home(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of a user whose home folder cannot be made (a file is in the way:
    as root too), with no $GRUNDY_STORE or $XDG_DATA_HOME; compiled code from the cache
    the tests use."""
    blocker = tmp_path / "file.txt"
    blocker.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("GRUNDY_STORE", "XDG_DATA_HOME")}
    yield {**env, "HOME": str(blocker / "home"), "GRUNDY_CACHE_DIR": str(cache_base())}


def grundy(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CLI, *argv], env=env, capture_output=True, text=True, timeout=120
    )


UNSTORED = [
    # (the command, a line of what it prints)
    (["count", "lctr", "--n", "1..12"], "12\t"),
    (["sweep", "cr", "a", "--a", "1..5"], "5\t5\t"),
    (["store", "list"], "# results store none"),
    (["store", "list", "--json"], '{"store": null, "games": []}'),
]


@pytest.mark.parametrize(("argv", "shown"), UNSTORED, ids=[" ".join(a) for a, _ in UNSTORED])
@pytest.mark.usefixtures("warm_cr")
def test_a_default_store_that_cannot_be_made_costs_one_line_and_the_command_goes_on(
    argv: list[str], shown: str, blocked_home: dict[str, str]
) -> None:
    run = grundy(blocked_home, *argv)
    assert run.returncode == 0, run.stderr
    assert any(line.startswith(shown) for line in run.stdout.splitlines()), run.stdout
    (said,) = run.stderr.splitlines()
    assert said.startswith(GOING_ON.format(home=blocked_home["HOME"])), said
    assert said.endswith(
        "give --store FILE or set $GRUNDY_STORE (--no-store: no store, and no line)"
    )


@pytest.mark.parametrize("named_by", ["--store", "$GRUNDY_STORE"])
def test_a_store_the_user_named_that_cannot_be_made_stays_an_error(
    named_by: str, blocked_home: dict[str, str]
) -> None:
    path = Path(blocked_home["HOME"]).parent / "results.sqlite"  # under the file too
    argv = ["count", "lctr", "--n", "1..5"]
    if named_by == "--store":
        run = grundy(blocked_home, *argv, "--store", str(path))
    else:
        run = grundy({**blocked_home, "GRUNDY_STORE": str(path)}, *argv)
    assert (run.returncode, run.stdout) == (2, "")
    (said,) = run.stderr.splitlines()
    assert said.startswith("grundy: error: ") and str(path) in said, said


FIRST_VALUES = """
import grundy
print(grundy.value("cr", "12,11,10,9,8,7,6,5,4,3,2,1"), grundy.value("cr", "13,11,9,7,5,3,1"))
"""


def test_a_script_on_an_empty_cache_is_told_of_the_first_compile_once(tmp_path: Path) -> None:
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run(
        [sys.executable, "-c", FIRST_VALUES], env=env, capture_output=True, text=True, timeout=300
    )
    assert (run.returncode, run.stdout) == (0, "0 2\n"), run.stderr
    assert run.stderr == "compiling the cr kernel, once — about 6 s\n"


def test_the_census_counts_its_progress_in_positions_from_the_start() -> None:
    told: list[tuple[int, int]] = []
    count_table("chomp", 30, progress=lambda done, total: told.append((done, total)))
    total = sum(partition_numbers(30))
    assert told[0] == (0, total) and told[-1] == (total, total)
    assert all(total == t for _, t in told)
    assert [done for done, _ in told] == sorted(done for done, _ in told)


def test_the_census_reports_within_a_size() -> None:
    chomp = get_ruleset("chomp").kernel
    kernel = CompiledKernel(chomp.name, chomp.expand, chomp.canonical)  # a search of its own
    kernel.shared(False, 1)._budget = 1000  # the smallest chunk of work
    told: list[int] = []
    assert kernel.tally(25, valued=told.append) == chomp.tally(25)
    assert len(told) > 2 and told == sorted(told) and told[-1] == partition_numbers(25)[25]


def test_ctrl_c_stops_a_growing_table_between_chunks_and_what_it_holds_is_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table, "MOVE_SLOTS", 256)
    held = TranspositionTable(width=1, initial_log=12)
    words = {int(w): int(w) % 7 for w in np.random.default_rng(1).integers(1, 1 << 50, 2000)}
    for word, value in words.items():
        held.put_exact(word, value)
    moved = []
    real = table._reinsert

    def interrupted_at_the_fourth(*args: object) -> None:
        if len(moved) == 3:
            raise KeyboardInterrupt
        real(*args)
        moved.append(1)

    monkeypatch.setattr(table, "_reinsert", interrupted_at_the_fourth)
    with pytest.raises(KeyboardInterrupt):
        held.grow()
    assert held.capacity == 1 << 13
    kept = {word: held.exact(word) for word in words}
    assert 0 < sum(v is not None for v in kept.values()) < len(words)  # part of them moved
    assert all(v is None or v == words[w] for w, v in kept.items())
    assert held.count == sum(v is not None for v in kept.values())
