"""Build an atlas: level after level, each chunk valued once, here or on a Dask cluster.

Serially, this process values the chunks of each level in order with the level
engine (`grundy.engine.levels`) and writes each as it is done (`store`).  On a
cluster (``scheduler``: "local" starts one of `workers` processes on this
machine; an address such as ``tcp://host:8786`` uses one that is running, whose
workers see the atlas directory on a shared file system), this process holds
the directory's lock and its manifest, and sends every missing chunk of a
level as one task; a worker reads the levels below from the chunk files by
memory map (each chunk checked once per worker), values its chunk and writes
it, and this process enters its row as it finishes.  A level starts when the
one below it is complete.  Either way no chunk is valued twice, a chunk's
values do not depend on where it was valued, and the files are the same.

>>> import tempfile
>>> from grundy import get_ruleset
>>> atlas = build(get_ruleset("cr"), 5, tempfile.mkdtemp(), chunk=4)
>>> atlas.level(5).tolist(), atlas.manifest["levels"][5]
([1, 0, 3, 0, 3, 0, 1], {'n': 5, 'count': 7, 'chunks': 2})
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from grundy.atlas.files import (
    Atlas,
    AtlasError,
    claimed,
    complete_level,
    hold_written,
    level_rows,
    record_chunk,
    write_chunk,
)
from grundy.atlas.opening import open_atlas
from grundy.atlas.schema import OUTCOMES, VALUES, Layout, layout_of
from grundy.engine.box_levels import BoxEngine
from grundy.engine.box_outcomes import BoxOutcomeEngine
from grundy.engine.levels import LevelEngine
from grundy.engine.outcome_levels import OutcomeEngine
from grundy.engine.retrograde_levels import RetrogradeEngine
from grundy.game import Ruleset
from grundy.validate import as_bool, as_int

__all__ = ["Progress", "build", "value_chunk_task"]

#: on_progress(level, ranks valued in it so far, its size)
Progress = Callable[[int, int, int], None]


def build(
    rules: Ruleset,
    n_max: int | None,
    directory: str | os.PathLike[str],
    misere: bool = False,
    on_progress: Progress | None = None,
    chunk: int | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    box: tuple[int, int] | None = None,
    outcomes: bool = False,
    retrograde: bool | None = None,
    processes: int | None = None,
) -> Atlas:
    """Build (or resume) the atlas of `rules` up to level n_max in `directory`; or, with
    `box` = (a, b) and n_max None, the atlas of every diagram inside the a × b box
    (`grundy.engine.box_levels`: one level, valued in one pass, here).  With `outcomes`,
    the outcome atlas (`grundy.atlas.outcome_atlas`: the P-positions and the tallies
    of winning moves; a box by `grundy.engine.box_outcomes`).  An outcome atlas of levels
    built here is valued by the
    retrograde levels (`grundy.engine.retrograde_levels`: each P-position marks the
    positions that move to it) where the game's kernel has an ``unmove``, and otherwise,
    or on a cluster, by the forward ones (`grundy.engine.outcome_levels`), level by
    level: retrograde where P-positions are rare below (`RetrogradeEngine.marks`).  Both
    give the same files.  `retrograde` True asks for the retrograde levels throughout,
    False for the forward ones (None: as said).  `processes` shares the marking of each
    retrograde level out to that many processes of this machine
    (`RetrogradeEngine`'s `processes`).

    Chunks already written are kept (checked when read); the rest are valued and
    written one by one.  `chunk` (a power of two) is the ranks a chunk holds:
    `engine.DEFAULT_CHUNK` for a new atlas, and it must be the atlas's own for an old
    one.  `scheduler`: None or "serial" (here), "local" (a Dask cluster of `workers`
    processes, one per core by default) or a Dask scheduler's address.
    `on_progress(n, done, size)` reports level n.
    """
    from grundy.engine.cluster import check_scheduler

    check_scheduler(scheduler)
    if workers is not None and (as_int(workers, "workers") < 1 or scheduler not in (None, "local")):
        raise ValueError("workers must be at least 1, and starts a local cluster (no --scheduler)")
    if workers is not None:
        scheduler = "local"
    if (box is None) == (n_max is None):
        raise ValueError("give either the largest level n_max or a box (a, b), not both")
    if box is not None and scheduler not in (None, "serial"):
        raise ValueError("a box is valued in one pass (each chunk needs those before): no cluster")
    if box is not None and retrograde:
        raise ValueError("the retrograde levels mark whole levels (--n): a box is valued forward")
    layout = OUTCOMES if outcomes else VALUES
    engines = _engines(rules, layout, scheduler, retrograde)
    if processes is not None:
        if as_int(processes, "processes") < 1:
            raise ValueError(f"processes must be at least 1, got {processes}")
        if getattr(engines, "func", engines) is not RetrogradeEngine or box is not None:
            raise ValueError(
                "processes share out the retrograde marking of an outcome atlas's levels "
                "(--outcomes, a game with an unmove, on this machine: no --workers, "
                "--scheduler or --box)"
            )
        engines = partial(engines, processes=processes)
    with _claimed(rules, n_max, directory, misere, chunk, box, layout, engines) as claim:
        manifest, engine = claim
        if scheduler in (None, "serial"):
            _build_here(engine, manifest, Path(directory), on_progress)
        else:
            cluster = (scheduler, workers)
            _build_on_cluster(rules, engine, manifest, Path(directory), on_progress, cluster)
    return open_atlas(directory)


#: What makes a level engine: engines(kernel, n_max, misere, chunk).
Engines = Callable[..., LevelEngine]


def _engines(
    rules: Ruleset, layout: Layout, scheduler: str | None, retrograde: bool | None
) -> Engines:
    """What makes the level engine an atlas of `layout` is built with (`build`'s doc):
    the value engine, the forward outcome engine, or the retrograde one (which marks the
    levels where P-positions are rare below them, `RetrogradeEngine.marks`, or with
    `retrograde` True every level).

    >>> from grundy import get_ruleset
    >>> _engines(get_ruleset("chomp"), OUTCOMES, None, None).__name__
    'RetrogradeEngine'
    >>> _engines(get_ruleset("chomp"), OUTCOMES, "local", True)
    Traceback (most recent call last):
    ...
    ValueError: the retrograde levels mark a level whole, here: not on a cluster
    """
    kernel = getattr(rules, "kernel", None)
    if kernel is None:
        raise ValueError(f"{rules.name} has no compiled kernel, so it has no atlas")
    if retrograde is not None and as_bool(retrograde, "retrograde"):
        if layout is not OUTCOMES:
            raise ValueError("the retrograde levels find outcomes: an outcome atlas only")
        if scheduler not in (None, "serial"):
            raise ValueError("the retrograde levels mark a level whole, here: not on a cluster")
        if kernel.unmove is None:
            raise ValueError(f"{rules.name}: its kernel has no unmove, so no retrograde levels")
        return partial(RetrogradeEngine, rare=1)
    if layout is not OUTCOMES:
        return LevelEngine
    if retrograde is None and kernel.unmove is not None and scheduler in (None, "serial"):
        return RetrogradeEngine
    return OutcomeEngine


@contextmanager
def _claimed(
    rules: Ruleset,
    n_max: int | None,
    directory: str | os.PathLike[str],
    misere: bool,
    chunk: int | None,
    box: tuple[int, int] | None,
    layout: Layout,
    engines: Engines,
) -> Iterator[tuple[dict[str, Any], LevelEngine]]:
    """The directory's manifest (made if new) and an engine for it (levels 0 … n_max, or
    the box), made by `engines` (`_engines`), while this process holds the directory's
    build lock."""
    misere = as_bool(misere, "misere")
    kernel = rules.kernel
    if chunk is not None:
        LevelEngine.check_chunk(as_int(chunk, "chunk"))
    if box is not None:
        box = (as_int(box[0], "box rows"), as_int(box[1], "box columns"))
        boxes = BoxOutcomeEngine if layout is OUTCOMES else BoxEngine
        boxes(kernel, *box, misere)  # refuses a box past the words before a file is made
    else:
        engines(kernel, as_int(n_max, "n_max"), misere)  # refuses a bad n_max as early
    with claimed(Path(directory), rules, misere, chunk, box, layout) as manifest:
        if box is not None:
            engine: LevelEngine = boxes(kernel, *box, misere, manifest["chunk"])
        else:
            engine = engines(kernel, n_max, misere, manifest["chunk"])
        yield manifest, engine


def _build_here(
    engine: LevelEngine, manifest: dict[str, Any], directory: Path, on_progress: Progress | None
) -> None:
    """Value and write every missing chunk in this process, level by level."""
    layout = layout_of(manifest)
    for n in range(engine.n_max + 1):
        rows = hold_written(engine, directory, n, layout)
        for k in range(engine.chunks(n)):
            if rows["chunks"][k] is not None:
                continue
            start = k * engine.chunk

            def report(done: int, n: int = n, start: int = start) -> None:
                if on_progress is not None:
                    on_progress(n, start + done, int(engine.sizes[n]))

            values = engine.value_chunk(n, k, report)
            record_chunk(directory, rows, k, write_chunk(directory, n, k, values, layout))
            engine.hold(n, k, values)
        complete_level(directory, manifest, rows)


def _build_on_cluster(
    rules: Ruleset,
    engine: LevelEngine,
    manifest: dict[str, Any],
    directory: Path,
    on_progress: Progress | None,
    cluster: tuple[str, int | None],
) -> None:
    """Send every missing chunk of each level to the cluster as a task; enter each
    chunk's row as its task finishes, and start a level when the one below is complete."""
    from distributed import as_completed

    from grundy.engine.cluster import dask_client

    # a worker's memory maps of the atlas count in its resident memory, but they are
    # the file system's pages, not the worker's: Dask must not pause or kill it for them
    with dask_client(*cluster, memory_limit=0) as client:
        layout = layout_of(manifest)
        for n in range(engine.n_max + 1):
            rows = level_rows(engine, directory, n, layout)
            size = int(engine.sizes[n])
            done = sum(len(engine.ranks(n, k)) for k, row in enumerate(rows["chunks"]) if row)
            where, misere = str(directory), engine.base == 1
            task = (rules, misere, where, engine.n_max, engine.chunk, n, layout.format)
            tasks = {
                client.submit(value_chunk_task, *task, k, pure=False): k
                for k, row in enumerate(rows["chunks"])
                if row is None
            }
            for finished in as_completed(tasks):
                k = tasks[finished]
                record_chunk(directory, rows, k, finished.result())
                done += len(engine.ranks(n, k))
                if on_progress is not None:
                    on_progress(n, done, size)
            complete_level(directory, manifest, rows)


#: Each worker process's engines, by atlas: the chunks it holds stay held across tasks.
_ENGINES: dict[tuple[str, str, bool, int, int, str], LevelEngine] = {}


def value_chunk_task(
    rules: Ruleset,
    misere: bool,
    directory: str,
    n_max: int,
    chunk: int,
    n: int,
    form: str,
    k: int,
) -> dict[str, Any]:
    """One task, on a worker: value chunk k of level n of the atlas in `directory` (of
    format `form`: values or outcomes) and write it; its row.  The levels below are held
    from their files (each chunk checked the first time this process reads it), with the
    chunks of level n written so far."""
    key = (directory, rules.name, misere, n_max, chunk, form)
    layout = OUTCOMES if form == OUTCOMES.format else VALUES
    if key not in _ENGINES:
        _ENGINES.clear()  # one atlas at a time per worker
        engines = OutcomeEngine if layout is OUTCOMES else LevelEngine
        _ENGINES[key] = engines(rules.kernel, n_max, misere, chunk)
    engine = _ENGINES[key]
    where = Path(directory)
    for below in range(n + 1):
        if below < n and engine.is_held(below):
            continue  # held by an earlier task: its rows are not read (nor checked) again
        hold_written(engine, where, below, layout)
        if below < n and not engine.is_held(below):
            raise AtlasError(f"{where}: level {below} is not complete, so level {n} cannot start")
    return write_chunk(where, n, k, engine.value_chunk(n, k), layout)
