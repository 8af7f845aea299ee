"""Nothing a count computes is lost: every size is in the results store as soon as it is
counted, on every path (the kernel's census, enumeration here, enumeration on Dask), so
a count that is killed resumes at the sizes it had not finished."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy.analysis.counts import count_table
from grundy.cli import main
from grundy.registry import get_ruleset
from grundy.results import Store

TOP = 45  # Column-Row's census of every n ≤ 45 takes about 0.2 s


def stored_sizes(path: Path, game: str, top: int) -> set[int]:
    """The sizes n ≤ top whose tallies the store at `path` holds (none if no file yet)."""
    if not path.exists():
        return set()
    rules = get_ruleset(game)
    store = Store(path)
    try:
        return set(store.tallies(rules.name, rules.rules_version, False, range(top + 1)))
    finally:
        store.close()


def test_a_killed_count_resumes_without_redoing_finished_sizes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.sqlite"
    command = ["count", "cr", "--n", f"1..{TOP}", "--store", str(path), "--json"]
    child = subprocess.Popen(
        [sys.executable, "-c", "from grundy.cli import run; run()", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while len(stored_sizes(path, "cr", TOP)) < 2 and child.poll() is None:
            time.sleep(0.005)
        child.send_signal(signal.SIGKILL)  # no handler runs, nothing is flushed
    finally:
        child.kill()
        child.wait(30)
    kept = stored_sizes(path, "cr", TOP)
    assert child.returncode == -signal.SIGKILL and 2 <= len(kept) <= TOP, kept

    assert main(command) == 0
    rerun = json.loads(capsys.readouterr().out)
    assert rerun["from_store"] == sorted(kept)  # what the killed count had finished ...
    assert rerun["computed"] == sorted(set(range(TOP + 1)) - kept)  # ... is not redone
    census = get_ruleset("cr").kernel
    for n in kept - {0}:  # the killed count's tallies are whole and right
        assert rerun["counts"][str(n)] == {str(v): c for v, c in census.tally(n).items()}
    assert stored_sizes(path, "cr", TOP) == set(range(TOP + 1))


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """A Dask cluster of one worker thread in this process (starts in about a second)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        yield str(cluster.scheduler_address)


@pytest.mark.parametrize(
    ("game", "method", "where"),
    [("cr", "auto", "here"), ("lctr-3d", "enumerate", "serial"), ("lctr-3d", "enumerate", "dask")],
    ids=["census", "enumeration", "enumeration on dask"],
)
def test_each_size_is_stored_as_soon_as_it_is_counted(
    game: str, method: str, where: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    scheduler = request.getfixturevalue("dask_address") if where == "dask" else where
    scheduler = None if where == "here" else scheduler
    path = tmp_path / "r.sqlite"
    expected = count_table(game, 7, method=method, scheduler="serial")
    rules = get_ruleset(game)
    Store(path).put_tallies(rules.name, rules.rules_version, False, {2: expected[2]})
    reported: list[int] = []

    def counted(n: int, tally: dict[int, int]) -> None:
        assert n in stored_sizes(path, game, 7)  # already in the file, for another reader
        reported.append(n)

    store = Store(path)
    table = count_table(game, 7, method=method, store=store, scheduler=scheduler, on_size=counted)
    assert table == expected
    assert sorted(reported) == [0, 1, 3, 4, 5, 6, 7]  # size 2 was read, not counted again
