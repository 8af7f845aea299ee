"""Plain-Python driver of the compiled searches, for any game with an options kernel.

`Search` owns one transposition table (one game, one play convention, one
word width) and runs the drivers of `grundy.engine.drivers` in chunks.
Between chunks it grows the table and the stack buffers, prints a progress
line (states/s, table fill) on stderr, saves a checkpoint every
`checkpoint_every` seconds, and lets Ctrl-C through: on KeyboardInterrupt it
saves the checkpoint (if one was asked for), clears its progress line and
re-raises, so the command line says in one line what stopped (status 130).
A checkpoint holds only proven facts, so a search resumed from one restarts
at the root and finds everything known.

>>> from grundy import get_ruleset
>>> kernel = get_ruleset("cr").kernel  # remove a row or a column
>>> Search(kernel, progress=False).value(12345)  # the boundary word of [8, 8, 2, 2, 2]
2
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

import numpy as np

from grundy.atomic import check_writable
from grundy.engine import drivers as D
from grundy.engine.transposition import EXACT, TranspositionTable, format_bytes, pack
from grundy.engine.wordops import NARROW_LETTERS, WIDE_LETTERS

__all__ = [
    "CHECKPOINT_FORMAT",
    "METHODS",
    "OptionsKernel",
    "Search",
    "SearchStats",
    "ValueTooLarge",
]

METHODS = ("auto", "mex", "test")
CHECKPOINT_FORMAT = 2
#: Most options of one position the engine will hold (8 MiB of words per stack frame).
MAX_OPTIONS = 1 << 20


class ValueTooLarge(ArithmeticError):
    """A value of 127 or more: the table's info byte cannot hold it."""


class OptionsKernel(Protocol):
    """What a `Search` needs of a game's kernel (a `grundy.engine.CompiledKernel`, which
    builds its searches on this module)."""

    name: str  # checkpoints are tied to it
    splits: bool  # options are sums of two pieces (no nimber test)

    @property
    def drivers(self) -> dict[str, Callable[..., int]]:
        """The compiled searches of `grundy.engine.drivers` for this kernel."""

    def canonical_word(self, word: int) -> int:
        """The canonical form of a packed position."""


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


class _Stack:
    """The arrays the drivers keep their frames in; grown on request, contents kept."""

    def __init__(self, width: int, depth: int = 64, options: int = 64) -> None:
        self.width = width
        self.depth = depth
        self.options = options
        word = () if width == 1 else (2,)
        self.words = np.zeros((depth, *word), dtype=np.uint64)
        self.kids = np.zeros((depth, options, *word), dtype=np.uint64)
        self.kids2 = np.zeros_like(self.kids)
        ints = {name: np.zeros(depth, dtype=np.int64) for name in ("nc", "cur", "k", "ph", "j")}
        self.nc, self.cur, self.k, self.ph, self.j = (
            ints[n] for n in ("nc", "cur", "k", "ph", "j")
        )
        self.lo = np.zeros(depth, dtype=np.uint64)
        self.hi = np.zeros(depth, dtype=np.uint64)
        self.state = np.zeros(8, dtype=np.int64)
        self.counters = np.zeros(4, dtype=np.int64)

    def resized(self, depth: int, options: int) -> _Stack:
        new = _Stack(self.width, depth, options)
        d, o = self.depth, self.options
        for name in ("words", "nc", "cur", "k", "ph", "j", "lo", "hi"):
            getattr(new, name)[:d] = getattr(self, name)
        new.kids[:d, :o] = self.kids
        new.kids2[:d, :o] = self.kids2
        new.state[:] = self.state
        new.counters[:] = self.counters
        return new


class Search:
    """Exact values of one game's positions with the compiled engine and one table.

    kernel: the game's `CompiledKernel` (`OptionsKernel`).  width: 1 for narrow words, 2 for
    wide ones.  misere: SG⁻ (000 §2.3; terminal positions have value 1).
    memory: the table's cap ("8G", bytes; default `table.DEFAULT_MEMORY`).
    checkpoint: a file to resume from (if it exists) and to save to.
    progress: True for a progress line on stderr, False for none, None for
    "on a terminal only", or a callable receiving `SearchStats` per chunk.
    """

    def __init__(
        self,
        kernel: OptionsKernel,
        misere: bool = False,
        memory: str | int | None = None,
        checkpoint: str | os.PathLike[str] | None = None,
        progress: ProgressArg = None,
        width: int = 1,
        checkpoint_every: float = 600.0,
        stream: TextIO | None = None,
        report_every: float = 0.5,
    ) -> None:
        if misere and kernel.splits:
            raise ValueError(
                f"{kernel.name}: moves split positions into sums, whose misère values do "
                "not add; the compiled engine searches normal play only"
            )
        self.kernel = kernel
        self.misere = bool(misere)
        self.base = 1 if self.misere else 0
        self.width = width
        self.checkpoint = (  # refused before the table is allocated
            check_writable(checkpoint, regular=True) if checkpoint is not None else None
        )
        self.table = TranspositionTable(memory, width)
        self.checkpoint_every = checkpoint_every
        self._stream = stream
        self.progress = progress
        self.report_every = report_every
        self.stats = SearchStats()
        self.loaded = 0
        self._stack = _Stack(width)
        self._budget = 50_000
        self._line_open = False
        self._last_save = time.monotonic()
        if self.checkpoint is not None and self.checkpoint.exists():
            self.loaded = self.table.load(self.checkpoint, self._header())

    def _header(self) -> dict[str, Any]:
        return {
            "format": CHECKPOINT_FORMAT,
            "game": self.kernel.name,
            "misere": int(self.misere),
            "width": self.width,
        }

    # ------------------------------------------------------------ public
    def value(self, word: int, method: str = "auto") -> int:
        """SG (or SG⁻) of the position packed as `word`.

        method "mex": full memoised mex of every reachable position; "test":
        nimber tests k = 0, 1, … ("is the value k?", pruned as soon as
        decided); "auto": the nimber test where the kernel allows it (it
        expands fewer positions than the full mex on every staircase S_10 …
        S_18 that benchmarks/staircases.py measured), else the full mex.
        """
        if method not in METHODS:
            raise ValueError(f"unknown search method {method!r}; choose one of {METHODS}")
        word = self._canonical(word)
        if word == 0:
            return self.base
        known = self.table.exact(word)
        if known is not None:
            return known
        if method == "mex" or (method == "auto" and self.kernel.splits):
            return int(self.values(np.array([pack(word, self.width)], dtype=np.uint64))[0])
        if self.kernel.splits:
            raise ValueError(f"{self.kernel.name}: the nimber test needs options that do not split")
        k = 0
        while not self._test(word, k):
            known = self.table.exact(word)
            if known is not None:
                return known
            k += 1
        return k

    def is_value(self, word: int, k: int) -> bool:
        """Whether SG(position) = k, by the nimber test (prunes as soon as decided)."""
        if k < 0:
            raise ValueError(f"a nimber is non-negative, got {k}")
        word = self._canonical(word)
        if word == 0:
            return k == self.base
        info = self.table.get(word)
        if info & EXACT:
            return (info & 0x7F) == k
        return self._test(word, k)

    def values(self, roots: np.ndarray, valued: Callable[[int], None] | None = None) -> np.ndarray:
        """The values of many packed positions (uint64[n] or uint64[n, 2]) by full mex;
        `valued(k)` is told after each chunk of work that the first k roots are valued."""
        results = np.zeros(roots.shape[0], dtype=np.int64)
        st = self._stack
        st.state[:] = 0
        mex_run = self.kernel.drivers["mex_run"]

        def step(budget: int) -> int:
            st = self._stack
            t = self.table
            status = mex_run(
                t.keys, t.logcap, t.meta, self.base, self.kernel.splits, roots, results,
                st.words, st.nc, st.cur, st.lo, st.hi, st.kids, st.kids2, st.state, st.counters,
                budget,
            )  # fmt: skip
            if valued is not None:
                valued(int(st.state[D.ROOT]))
            return int(status)

        self._drive(step)
        return results

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
    def _canonical(self, word: int) -> int:
        """The canonical form of a packed position this search's words can hold."""
        letters = NARROW_LETTERS if self.width == 1 else WIDE_LETTERS
        if int(word) < 0 or int(word).bit_length() > letters:
            raise ValueError(
                f"{self.kernel.name}: packed position {word:#x} does not fit in a word of "
                f"{letters} letters (this search has width {self.width})"
            )
        return self.kernel.canonical_word(word)

    def _test(self, word: int, k: int) -> bool:
        if k > D.MAX_VALUE:
            raise ValueTooLarge(
                f"{self.kernel.name}: the nimber test reached k = {k}, above the largest "
                f"value the compiled engine's table holds ({D.MAX_VALUE})"
            )
        st = self._stack
        st.state[:] = 0
        st.words[0] = pack(word, self.width)
        st.k[0] = k
        st.ph[0] = 0
        st.cur[0] = 0
        st.nc[0] = -1
        st.state[D.SP] = 1
        test_run = self.kernel.drivers["test_run"]

        def step(budget: int) -> int:
            st = self._stack
            t = self.table
            return test_run(
                t.keys, t.logcap, t.meta, self.base, st.words, st.k, st.ph, st.j, st.cur, st.nc,
                st.kids, st.kids2, st.state, st.counters, budget,
            )  # fmt: skip

        self._drive(step)
        return bool(self._stack.state[D.RESULT])

    def _drive(self, step: Callable[[int], int]) -> None:
        show = self._show_progress()
        start = time.monotonic()
        last_report = start
        base_expanded = self.stats.expanded
        base_seconds = self.stats.seconds
        self._stack.counters[:] = 0
        try:
            while True:
                t0 = time.perf_counter()
                status = step(self._budget)
                elapsed = time.perf_counter() - t0
                counters = self._stack.counters
                # aim at chunks of about a quarter of a second
                if status == D.BUDGET:
                    if elapsed < 0.1:
                        self._budget = min(self._budget * 2, 1 << 26)
                    elif elapsed > 0.5:
                        self._budget = max(self._budget // 2, 1000)
                self.stats.expanded = base_expanded + int(counters[D.EXPANDED])
                self.stats.seconds = base_seconds + (time.monotonic() - start)
                if status == D.DONE:
                    break
                if status == D.GROW:
                    self.table.grow()
                elif status == D.DEEPER:
                    st = self._stack
                    self._stack = st.resized(2 * st.depth, st.options)
                elif status == D.WIDER:
                    st = self._stack
                    if st.options >= MAX_OPTIONS:
                        raise ValueError(
                            f"{self.kernel.name}: a position has more than {MAX_OPTIONS:,} "
                            "options, more than the compiled engine holds per position"
                        )
                    self._stack = st.resized(st.depth, 2 * st.options)
                elif status == D.HUGE:
                    raise ValueTooLarge(
                        f"{self.kernel.name}: a position has a value above {D.MAX_VALUE}, "
                        "more than the compiled engine's table can hold"
                    )
                now = time.monotonic()
                if show and now - last_report >= self.report_every:
                    self._report(show)
                    last_report = now
                if self.checkpoint is not None and now - self._last_save >= self.checkpoint_every:
                    self.save()
        except KeyboardInterrupt:
            if self.checkpoint is not None:
                self._status(show, f"saving checkpoint {self.checkpoint} …")
                self.save()
            self._status(show, "")  # the caller says what stopped, on a clean line
            raise
        finally:
            counters = self._stack.counters
            self.stats.lookups += int(counters[D.LOOKUPS])
            self.stats.expanded = base_expanded + int(counters[D.EXPANDED])
            self.stats.seconds = base_seconds + (time.monotonic() - start)
            counters[:] = 0
        self._end_line(show)
        if self.checkpoint is not None:
            self.save()

    # ---------------------------------------------------------- progress
    @property
    def stream(self) -> TextIO:
        """Where progress goes: the stream given, else stderr as it is now (a search
        shared by the process outlives any one redirection of stderr)."""
        return self._stream if self._stream is not None else sys.stderr

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

    def _status(self, show: bool | Callable[[SearchStats], None], text: str) -> None:
        """Replace the progress line on the terminal by `text` (nothing when not shown)."""
        if show is True and (text or self._line_open):
            self.stream.write(f"\r{text}\x1b[K")
            self.stream.flush()
            self._line_open = bool(text)

    def _end_line(self, show: bool | Callable[[SearchStats], None]) -> None:
        if show is True and self._line_open:
            self.stream.write("\n")
            self.stream.flush()
            self._line_open = False
