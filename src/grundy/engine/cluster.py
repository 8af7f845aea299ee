"""The cluster client: a job's chunks run in this process, or one a task on a Dask cluster.

A sweep (`grundy.analysis.sweep.value_many`) hands over chunks of the positions
its store does not have; a count (`grundy.analysis.counts`) the sizes it must
enumerate; an atlas build (`grundy.atlas.build`) a level's chunks.  Small jobs
run here (starting a cluster costs seconds); larger ones, or any job when a
scheduler is named, go to Dask (`dask.distributed`) one chunk per task: a local
cluster on this machine's cores, or an existing one by its address
(``tcp://host:8786``).  Each finished chunk is handed back at once (the caller
writes it to the store), so an interrupted job loses at most the chunks in
flight and a rerun picks up where it stopped.  Chunks are pure: a result does
not depend on which worker computes it, so it is the same as the serial path's.

>>> done = []
>>> map_chunks(len, [[1, 2], [3]], "serial", lambda chunk, n: done.append(n))
>>> done
[2, 1]
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = [
    "DASK_FROM",
    "check_scheduler",
    "dask_client",
    "local_cluster",
    "map_chunks",
    "scheduler_for",
]

#: With no scheduler named, jobs of at least this many positions go to a local cluster.
DASK_FROM = 20_000

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")


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
