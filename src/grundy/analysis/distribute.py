"""Value many positions at once: in this process, or in chunks on a Dask cluster.

A sweep (`grundy.analysis.sweep`) hands over the canonical texts of the
positions its store does not have.  Small batches are valued here (starting
a cluster costs seconds); larger ones, or any batch when a scheduler is named,
go to Dask (`dask.distributed`) in chunks of `CHUNK` positions: a local
cluster on this machine's cores, or an existing one by its address
(``tcp://host:8786``).  Each finished chunk is handed back at once (the sweep
writes it to the store), so an interrupted sweep loses at most the chunks in
flight and a rerun picks up where it stopped.  Chunks are pure: a position's
value does not depend on which worker computes it, so the result is the same
as the serial path's.

>>> value_many("lctr", ["3,2,1", "2^2"], misere=False, scheduler="serial")
[1, 0]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from grundy.game import Ruleset
from grundy.registry import get_ruleset
from grundy.solver import solver_for

__all__ = ["CHUNK", "DASK_FROM", "value_many"]

#: Positions per Dask task.
CHUNK = 500
#: With no scheduler named, batches at least this large go to a local cluster.
DASK_FROM = 20_000

ChunkDone = Callable[[Sequence[str], list[int]], None]


def value_many(
    game: str | Ruleset,
    texts: Sequence[str],
    misere: bool,
    scheduler: str | None = None,
    on_chunk: ChunkDone | None = None,
) -> list[int]:
    """The value of each position (given in the game's syntax), in order.

    scheduler: None (serial below `DASK_FROM` positions, else a local
    cluster), "serial", "local", or the address of a Dask scheduler.
    `on_chunk(texts, values)` is called as each chunk finishes (any order).
    """
    rules = get_ruleset(game)
    if scheduler is None:
        scheduler = "local" if len(texts) >= DASK_FROM else "serial"
    chunks = [list(texts[i : i + CHUNK]) for i in range(0, len(texts), CHUNK)]
    found: dict[str, int] = {}
    if scheduler == "serial" or not texts:
        for chunk in chunks:
            _record(found, chunk, value_chunk(rules, chunk, misere), on_chunk)
        return [found[t] for t in texts]
    from distributed import as_completed

    with _client(scheduler) as client:
        futures = {
            client.submit(value_chunk, rules, chunk, misere, pure=False): chunk for chunk in chunks
        }
        for future in as_completed(futures):
            _record(found, futures[future], future.result(), on_chunk)
    return [found[t] for t in texts]


def value_chunk(rules: Ruleset, texts: list[str], misere: bool) -> list[int]:
    """One task: the values of a chunk of positions (run on a worker, or here)."""
    solver = solver_for(rules)
    return [solver.value(rules.parse(text), misere) for text in texts]


def _record(
    found: dict[str, int], texts: list[str], values: list[int], on_chunk: ChunkDone | None
) -> None:
    found.update(zip(texts, values, strict=True))
    if on_chunk is not None:
        on_chunk(texts, values)


@contextmanager
def _client(scheduler: str) -> Iterator[Any]:
    """A Dask client: a new local cluster ("local") or one connected to an address."""
    from distributed import Client, LocalCluster

    if scheduler == "local":
        with (
            LocalCluster(
                n_workers=os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # no fixed port to collide on
            ) as cluster,
            Client(cluster) as client,
        ):
            yield client
        return
    if "://" not in scheduler:
        raise ValueError(
            f"bad scheduler {scheduler!r}: use 'serial', 'local' or an address like tcp://host:8786"
        )
    try:
        client = Client(scheduler, timeout=10)
    except OSError as exc:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    with client:
        yield client
