"""Value many positions at once: in this process, or in chunks on a Dask cluster.

A sweep (`grundy.analysis.sweep`) hands over the canonical texts of the
positions its store does not have, in one or both play conventions; a count
(`grundy.analysis.counts`) the sizes it must enumerate.  Small jobs run here
(starting a cluster costs seconds); larger ones, or any job when a scheduler
is named, go to Dask (`dask.distributed`) one chunk per task — `CHUNK`
positions of a sweep, one size of a count: a local cluster on this machine's
cores, or an existing one by its address (``tcp://host:8786``).  Each
finished chunk is handed back at once (the caller writes it to the store), so
an interrupted job loses at most the chunks in flight and a rerun picks up
where it stopped.  Chunks are pure: a position's value does not depend on
which worker computes it, so the result is the same as the serial path's.

>>> value_many("lctr", {False: ["3,2,1", "2^2"], True: ["2^2"]}, scheduler="serial")
{False: {'3,2,1': 1, '2^2': 0}, True: {'2^2': 0}}
>>> done = []
>>> map_chunks(len, [[1, 2], [3]], "serial", lambda chunk, n: done.append(n))
>>> done
[2, 1]
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, TypeVar

from grundy.game import Ruleset
from grundy.registry import get_ruleset
from grundy.solver import solver_for

__all__ = [
    "CHUNK",
    "DASK_FROM",
    "check_scheduler",
    "dask_client",
    "local_cluster",
    "map_chunks",
    "scheduler_for",
    "value_many",
]

#: Positions per Dask task.
CHUNK = 500
#: With no scheduler named, jobs of at least this many positions go to a local cluster.
DASK_FROM = 20_000

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")
ChunkDone = Callable[[bool, Sequence[str], list[int]], None]


def value_many(
    game: str | Ruleset,
    wanted: Mapping[bool, Sequence[str]],
    scheduler: str | None = None,
    on_chunk: ChunkDone | None = None,
) -> dict[bool, dict[str, int]]:
    """{misere: {text: value}}: the values of the positions (in the game's syntax)
    wanted in each play convention (misere False: normal play), in one job.

    scheduler: see `scheduler_for` (the job's size: all the texts).
    `on_chunk(misere, texts, values)` is called as each chunk finishes (any order).
    """
    rules = get_ruleset(game)
    chunks = [
        (misere, list(texts[i : i + CHUNK]))
        for misere, texts in wanted.items()
        for i in range(0, len(texts), CHUNK)
    ]
    found: dict[bool, dict[str, int]] = {misere: {} for misere in wanted}

    def record(chunk: tuple[bool, list[str]], values: list[int]) -> None:
        misere, texts = chunk
        found[misere].update(zip(texts, values, strict=True))
        if on_chunk is not None:
            on_chunk(misere, texts, values)

    positions = sum(len(texts) for texts in wanted.values())
    map_chunks(partial(value_chunk, rules), chunks, scheduler_for(scheduler, positions), record)
    return found


def value_chunk(rules: Ruleset, chunk: tuple[bool, list[str]]) -> list[int]:
    """One task: the values of a chunk of positions in one convention (on a worker, or here)."""
    misere, texts = chunk
    solver = solver_for(rules)
    return [solver.value(rules.parse(text), misere) for text in texts]


def scheduler_for(scheduler: str | None, positions: int) -> str:
    """The scheduler a job of that many positions runs on: as named ("serial", "local"
    or a Dask address), else "serial" below `DASK_FROM` positions and "local" from there.

    >>> scheduler_for(None, 10), scheduler_for(None, DASK_FROM), scheduler_for("serial", 10**9)
    ('serial', 'local', 'serial')
    """
    check_scheduler(scheduler)
    if scheduler is not None:
        return scheduler
    return "local" if positions >= DASK_FROM else "serial"


def check_scheduler(scheduler: str | None) -> None:
    """A ValueError unless `scheduler` is None, "serial", "local" or an address."""
    if scheduler not in (None, "serial", "local") and "://" not in str(scheduler):
        raise ValueError(
            f"bad scheduler {scheduler!r}: use 'serial', 'local' or an address like tcp://host:8786"
        )


def map_chunks(
    task: Callable[[Chunk], Result],
    chunks: Sequence[Chunk],
    scheduler: str,
    on_done: Callable[[Chunk, Result], None],
) -> None:
    """`on_done(chunk, task(chunk))` for every chunk: here in order ("serial"), or on
    Dask ("local", an address) as the tasks finish.  No chunks start no cluster."""
    if scheduler == "serial" or not chunks:
        for chunk in chunks:
            on_done(chunk, task(chunk))
        return
    from distributed import as_completed

    with dask_client(scheduler) as client:
        futures = {client.submit(task, chunk, pure=False): chunk for chunk in chunks}
        for future in as_completed(futures):
            on_done(futures[future], future.result())


@contextmanager
def local_cluster(workers: int | None = None, **options: Any) -> Iterator[Any]:
    """A Dask cluster on this machine: `workers` single-threaded worker processes (one
    per core by default); `options` go to ``LocalCluster`` (``memory_limit``, …).

    On Ctrl-C (which reaches the workers too) the cluster closes without Dask's
    warnings about workers it has to kill, so the command's one line is the only one.
    """
    from distributed import LocalCluster

    with (
        LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # no fixed port to collide on
            **options,
        ) as cluster,
        _quiet_after_ctrl_c(),
    ):
        yield cluster


@contextmanager
def _quiet_after_ctrl_c() -> Iterator[None]:
    """Only Dask's errors are logged once Ctrl-C has come (the process is ending)."""
    try:
        yield
    except KeyboardInterrupt:
        logging.getLogger("distributed").setLevel(logging.ERROR)
        raise


@contextmanager
def dask_client(scheduler: str, workers: int | None = None, **options: Any) -> Iterator[Any]:
    """A Dask client: of a new local cluster ("local": `workers` processes, `options` to
    `local_cluster`) or connected to a scheduler's address."""
    from distributed import Client

    if scheduler == "local":
        with local_cluster(workers, **options) as cluster, Client(cluster) as client:
            yield client
        return
    try:
        client = Client(scheduler, timeout=10)
    except OSError as exc:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    with client:
        yield client
