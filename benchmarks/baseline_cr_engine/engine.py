"""Plain-Python driver of the compiled Column-Row searches.

`Search` owns one transposition table (one play convention) and runs the
kernels of `grundy.engine.kernels` in chunks.  Between chunks it grows the
table, prints a progress line (states/s, table fill) on stderr, saves a
checkpoint every `checkpoint_every` seconds, and lets Ctrl-C through: on
KeyboardInterrupt it saves the checkpoint (if one was asked for) and
re-raises, so the command line exits with status 130.  A checkpoint holds
only proven facts, so a search resumed from one restarts at the root and
finds everything already known.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from grundy.partition import Partition, PartitionLike

from . import kernels as K
from .table import EXACT, TranspositionTable, format_bytes
from .words import MAX_LETTERS, canonical, encode

__all__ = ["METHODS", "Search", "SearchStats"]

METHODS = ("auto", "mex", "test")
CHECKPOINT_FORMAT = 1


@dataclass
class SearchStats:
    """What a search did: positions expanded, table lookups, time, table use."""

    expanded: int = 0
    lookups: int = 0
    seconds: float = 0.0
    entries: int = 0
    capacity: int = 0
    table_bytes: int = 0
    peak_bytes: int = 0
    replaced: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.expanded / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "expanded": self.expanded,
            "lookups": self.lookups,
            "seconds": round(self.seconds, 3),
            "states_per_second": round(self.rate),
            "entries": self.entries,
            "capacity": self.capacity,
            "table_bytes": self.table_bytes,
            "peak_table_bytes": self.peak_bytes,
            "replaced": self.replaced,
            **self.extra,
        }


ProgressArg = bool | Callable[[SearchStats], None] | None


class Search:
    """Exact Column-Row values with the compiled engine and one table.

    misere: SG⁻ (000 §2.3; the empty diagram has value 1) instead of SG.
    memory: the table's cap ("8G", bytes; default `table.DEFAULT_MEMORY`).
    checkpoint: a file to resume from (if it exists) and to save to.
    progress: True for a progress line on stderr, False for none, None for
    "on a terminal only", or a callable receiving `SearchStats` per chunk.
    """

    def __init__(
        self,
        misere: bool = False,
        memory: str | int | None = None,
        checkpoint: str | os.PathLike[str] | None = None,
        progress: ProgressArg = None,
        checkpoint_every: float = 600.0,
        stream: TextIO | None = None,
        report_every: float = 0.5,
    ) -> None:
        self.misere = bool(misere)
        self.base = 1 if self.misere else 0
        self.table = TranspositionTable(memory)
        self.checkpoint = Path(checkpoint) if checkpoint is not None else None
        self.checkpoint_every = checkpoint_every
        self.stream = stream if stream is not None else sys.stderr
        self.progress = progress
        self.report_every = report_every
        self.stats = SearchStats()
        self.loaded = 0
        self._stack = K.new_stack()
        self._budget = 50_000
        self._line_open = False
        self._last_save = time.monotonic()
        if self.checkpoint is not None and self.checkpoint.exists():
            self.loaded = self.table.load(self.checkpoint, self._header())

    def _header(self) -> dict[str, Any]:
        return {
            "format": CHECKPOINT_FORMAT,
            "game": "cr",
            "misere": int(self.misere),
            "letters": MAX_LETTERS,
        }

    # ------------------------------------------------------------ public
    def value(self, position: PartitionLike, method: str = "auto") -> int:
        """SG (or SG⁻) of a partition whose boundary fits the engine.

        method "mex": full memoised mex of every reachable position; "test":
        nimber tests k = 0, 1, … ("is the value k?", pruned as soon as
        decided); "auto": the nimber test, which expands fewer positions and
        runs faster than the full mex on every staircase S_10 … S_18 measured
        (benchmarks/bench_column_row.py --method mex|test, benchmarks/staircases.py).
        """
        if method not in METHODS:
            raise ValueError(f"unknown search method {method!r}; choose one of {METHODS}")
        word = canonical(encode(Partition.coerce(position)))
        if word == 0:
            return self.base
        known = self.table.exact(word)
        if known is not None:
            return known
        if method in ("test", "auto"):
            k = 0
            while not self._test(word, k):
                known = self.table.exact(word)
                if known is not None:
                    return known
                k += 1
            return k
        return self._mex(word)

    def is_value(self, position: PartitionLike, k: int) -> bool:
        """Whether SG(position) = k, by the nimber test (prunes as soon as decided)."""
        if k < 0:
            raise ValueError(f"a nimber is non-negative, got {k}")
        word = canonical(encode(Partition.coerce(position)))
        if word == 0:
            return k == self.base
        info = self.table.get(word)
        if info & EXACT:
            return (info & 0x7F) == k
        return self._test(word, k)

    def value_table(self, position: PartitionLike) -> list[list[int]]:
        """[[SG(λ[i, j]) for j < λ_{i+1}] for i < rows] (002 Fig. 2)."""
        lam = Partition.coerce(position)
        encode(lam)  # fails early, with a clear message, if λ does not fit
        self.value(lam, "mex")  # evaluates (and caches) every λ[i, j] on the way
        rows = []
        for i, part in enumerate(lam.parts()):
            rows.append([self.value(lam.sub(i, j)) for j in range(part)])
        return rows

    def save(self) -> None:
        """Write the checkpoint now (no-op without a checkpoint file)."""
        if self.checkpoint is not None:
            self.table.save(self.checkpoint, self._header())
            self._last_save = time.monotonic()

    def snapshot(self) -> SearchStats:
        s = self.stats
        t = self.table
        s.entries, s.capacity, s.table_bytes = t.count, t.capacity, t.nbytes
        s.peak_bytes, s.replaced = t.peak_bytes, t.replaced
        return s

    # ----------------------------------------------------------- drivers
    def _mex(self, word: int) -> int:
        st = self._stack
        st["state"][:] = 0
        st["w"][0] = np.uint64(word)
        st["p"][0] = 0
        st["lo"][0] = 0
        st["hi"][0] = 0
        st["state"][K.SP] = 1

        def step(budget: int) -> int:
            t = self.table
            return K.mex_run(
                t.keys, t.logcap, t.meta, self.base, st["w"], st["p"], st["lo"], st["hi"],
                st["state"], st["counters"], budget,
            )  # fmt: skip

        self._drive(step)
        return int(st["state"][K.RESULT])

    def _test(self, word: int, k: int) -> bool:
        st = self._stack
        st["state"][:] = 0
        st["w"][0] = np.uint64(word)
        st["k"][0] = k
        st["phase"][0] = 0
        st["p"][0] = 0
        st["nc"][0] = -1
        st["state"][K.SP] = 1

        def step(budget: int) -> int:
            t = self.table
            return K.test_run(
                t.keys, t.logcap, t.meta, self.base, st["w"], st["k"], st["phase"], st["j"],
                st["p"], st["children"], st["nc"], st["state"], st["counters"], budget,
            )  # fmt: skip

        self._drive(step)
        return bool(st["state"][K.RESULT])

    def _drive(self, step: Callable[[int], int]) -> None:
        counters = self._stack["counters"]
        show = self._show_progress()
        start = time.monotonic()
        last_report = start
        base_expanded = self.stats.expanded
        base_seconds = self.stats.seconds
        counters[:] = 0
        try:
            while True:
                t0 = time.perf_counter()
                status = step(self._budget)
                elapsed = time.perf_counter() - t0
                # aim at chunks of about a quarter of a second
                if status == K.BUDGET:
                    if elapsed < 0.1:
                        self._budget = min(self._budget * 2, 1 << 26)
                    elif elapsed > 0.5:
                        self._budget = max(self._budget // 2, 1000)
                self.stats.expanded = base_expanded + int(counters[K.EXPANDED])
                self.stats.seconds = base_seconds + (time.monotonic() - start)
                if status == K.DONE:
                    break
                if status == K.GROW:
                    self.table.grow()
                now = time.monotonic()
                if show and now - last_report >= self.report_every:
                    self._report(show)
                    last_report = now
                if self.checkpoint is not None and now - self._last_save >= self.checkpoint_every:
                    self.save()
        except KeyboardInterrupt:
            self._end_line(show)
            if self.checkpoint is not None:
                self.stream.write(f"saving checkpoint {self.checkpoint} …\n")
                self.save()
            raise
        finally:
            self.stats.lookups += int(counters[K.LOOKUPS])
            self.stats.expanded = base_expanded + int(counters[K.EXPANDED])
            self.stats.seconds = base_seconds + (time.monotonic() - start)
            counters[:] = 0
        self._end_line(show)
        if self.checkpoint is not None:
            self.save()

    # ---------------------------------------------------------- progress
    def _show_progress(self) -> bool | Callable[[SearchStats], None]:
        if self.progress is None:
            return self.stream.isatty()
        return self.progress

    def _report(self, show: bool | Callable[[SearchStats], None]) -> None:
        stats = self.snapshot()
        if callable(show):
            show(stats)
            return
        t = self.table
        line = (
            f"\r{stats.expanded:,} states  {stats.rate:,.0f}/s  table {t.count:,}/{t.capacity:,} "
            f"({100 * t.fill:.0f}%, {format_bytes(t.nbytes)})  {stats.seconds:,.0f} s"
        )
        self.stream.write(line + "\x1b[K")
        self.stream.flush()
        self._line_open = True

    def _end_line(self, show: bool | Callable[[SearchStats], None]) -> None:
        if show is True and self._line_open:
            self.stream.write("\n")
            self.stream.flush()
            self._line_open = False
