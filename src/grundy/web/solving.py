"""Solving off the request thread: a few child processes, each bounded in time and memory.

A web request must never hang the server, but the solve of a start position
(`grundy.play.remoteness_table`) can only stop itself between two steps:
without the alarm signal the command line uses (signals reach the main thread
only, and Flask answers requests in other threads), one huge step — a position
with 2^40 options, a canonical form that never returns — would hold a worker
thread and its memory for good.  So everything a request computes about a new
start — the game's parameters applied, the position read, then solved — runs in
a forked child process: it has the ruleset already (fork copies the server, so
a ruleset loaded from a file or registered in a session works unchanged),
stops itself in time like the command line (it runs in its own main thread,
with the alarm), may grow by at most a memory limit (``RLIMIT_AS``: past it an
allocation fails in the child alone), and is killed if it has not answered a
moment later.  Where there is no fork (Windows), the solve runs in the request
thread with the solve's own step deadline.

`SolverPool` runs at most K such children at once.  A call first takes any
free place; once it has run `QUICK_SECONDS` it goes on only if fewer than
K − 1 long calls run, else it is stopped and waits for a long place to start
over.  So one place is always left to quick calls: a small start is answered
while large ones run.  At most `waiting` calls wait for each kind of place,
each for at most a solve's time; past that, `Busy` (the page answers 503).

The tables come back pickled in one piece, the start position with them, so
positions that compare by identity (coins on a poset: the poset object) stay
comparable with each other.  A game whose positions cannot be pickled is
solved again in the request thread once the child has shown that it finishes
in time.  A child that dies says how (`Died`: killed by which signal, or its
exit status).  `Solves` keeps the last few solved starts, packed
(`PackedTable`: 10 to 16 bytes a position, where the tables as dictionaries
take about 1 KB), so that every later request of the same game (each click)
only replays the moves, with no child.

>>> from grundy.registry import get_ruleset
>>> solves = Solves(SolverPool(processes=1), seconds=5)
>>> m = solves.match(get_ruleset("lctr"), {}, "3,1", misere=False, first="me")
>>> m.value(), [o.text for o in m.winning_options()]
(0, [])
>>> solves.match(get_ruleset("lctr"), {}, "3,1", misere=False, first="me").value()  # kept
0
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

import numpy as np

from grundy.game import Ruleset
from grundy.memory import format_bytes
from grundy.play import SOLVE_SECONDS, Match, remoteness_table

__all__ = [
    "GRACE_SECONDS",
    "KEPT_BYTES",
    "QUICK_SECONDS",
    "SOLVER_MEMORY",
    "Busy",
    "Died",
    "Overrun",
    "PackedTable",
    "SolverPool",
    "Solves",
]

#: How long past its own deadline a child may take to answer before it is killed.
GRACE_SECONDS = 1.0
#: How long a call runs in any free place before it needs a long one (`SolverPool`).
QUICK_SECONDS = 0.5
#: How much memory a solver may use beyond the server's own (``grundy serve --solver-memory``).
SOLVER_MEMORY = 2 << 30
#: How many bytes the kept solves may take together (`PackedTable.nbytes`: 10 to 16 bytes a
#: position, so 4 to 6 million positions).
KEPT_BYTES = 64 << 20

T = TypeVar("T")

_FORK = "fork" in multiprocessing.get_all_start_methods()


class Overrun(Exception):
    """A bounded call that did not answer in time."""


class Died(Overrun):
    """A bounded call whose process died without answering; its text says how.

    >>> str(Died.of(-signal.SIGKILL))
    'was killed by signal 9 (SIGKILL, as the system kills a process when memory runs out)'
    >>> str(Died.of(-signal.SIGSEGV)), str(Died.of(3))
    ('was killed by signal 11 (SIGSEGV)', 'exited with status 3')
    """

    @classmethod
    def of(cls, exitcode: int | None) -> Died:
        """How a process that ended with `exitcode` (``multiprocessing``'s) died."""
        if exitcode is None or exitcode == 0:
            return cls("ended without answering")
        if exitcode > 0:
            return cls(f"exited with status {exitcode}")
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = "unknown"
        if -exitcode == signal.SIGKILL:
            name += ", as the system kills a process when memory runs out"
        return cls(f"was killed by signal {-exitcode} ({name})")


class Busy(Exception):
    """No solver place came free in time: the request may be sent again later."""


@dataclass
class _Place:
    """A place taken in a `SolverPool`; `long` once it may run past `QUICK_SECONDS`."""

    long: bool


class SolverPool:
    """At most `processes` solver children at once (default: one a core), each allowed
    `memory` bytes beyond the server's; see the module docstring for the order.

    `waiting` calls (default 4 a process) may wait for each kind of place, each
    at most `wait_seconds` (default: a solve's time and its grace), before `Busy`.

    >>> pool = SolverPool(processes=2)
    >>> pool.run(sum, [1, 2, 3], seconds=5), pool.long_places
    (6, 1)
    """

    def __init__(
        self,
        processes: int | None = None,
        memory: int = SOLVER_MEMORY,
        waiting: int | None = None,
        wait_seconds: float = SOLVE_SECONDS + GRACE_SECONDS,
        quick_seconds: float = QUICK_SECONDS,
    ) -> None:
        self.processes = processes if processes is not None else os.cpu_count() or 1
        if self.processes < 1:
            raise ValueError(f"a solver pool needs at least 1 process, got {self.processes}")
        self.memory = memory
        self.waiting = waiting if waiting is not None else 4 * self.processes
        self.wait_seconds = wait_seconds
        self.quick_seconds = quick_seconds
        #: How many calls may run past `quick_seconds` at once: all but one place.
        self.long_places = max(1, self.processes - 1)
        self._changed = threading.Condition()
        self._running = 0
        self._long = 0
        self._waiters = {False: 0, True: 0}

    def run(self, function: Callable[..., T], *args: Any, seconds: float) -> T:
        """`function(*args)` in a child process, killed `seconds` + `GRACE_SECONDS` after it
        starts; its result, or its exception.  `Overrun` when it does not answer in time,
        `Died` when it dies, `Busy` when no place comes free.  Without fork the call is
        made here."""
        if not _FORK:
            return function(*args)
        limit = seconds + GRACE_SECONDS
        with self._place(long=False) as place, _Child(function, args, self.memory) as child:
            if child.answered(min(self.quick_seconds, limit)) or self._lengthen(place):
                return child.result(limit)
        with self._place(long=True), _Child(function, args, self.memory) as child:
            return child.result(limit)

    @contextmanager
    def _place(self, long: bool) -> Iterator[_Place]:
        """A place among the `processes` (a long one if `long`), waited for within bounds."""
        with self._changed:
            if not self._free(long):
                if self._waiters[long] >= self.waiting:
                    raise self._busy()
                self._waiters[long] += 1
                try:
                    free = self._changed.wait_for(lambda: self._free(long), self.wait_seconds)
                finally:
                    self._waiters[long] -= 1
                if not free:
                    raise self._busy()
            self._running += 1
            self._long += long
        place = _Place(long)
        try:
            yield place
        finally:
            with self._changed:
                self._running -= 1
                self._long -= place.long
                self._changed.notify_all()

    def _free(self, long: bool) -> bool:
        return self._running < self.processes and (not long or self._long < self.long_places)

    def _lengthen(self, place: _Place) -> bool:
        """Let a running quick call go on as a long one, if a long place is free."""
        with self._changed:
            if self._long >= self.long_places:
                return False
            self._long += 1
            place.long = True
            return True

    def _busy(self) -> Busy:
        return Busy(
            f"busy: the server's solvers (--solvers {self.processes}) are all at work and "
            "others wait; try again in a few seconds"
        )


class _Child:
    """`function(*args)` running in a forked child process; killed when the block ends."""

    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...], memory: int) -> None:
        self._function, self._args = function, args
        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_child, args=(send, memory, function, args), daemon=True
        )
        with warnings.catch_warnings():  # Python 3.12+ warns of fork in a threaded server;
            warnings.simplefilter("ignore", DeprecationWarning)  # the child only computes
            self._process.start()
        send.close()
        self._began = time.monotonic()

    def __enter__(self) -> _Child:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._receive.close()
        if self._process.is_alive():
            self._process.kill()
        self._process.join()

    def answered(self, seconds: float) -> bool:
        """Whether the child has answered (or died) within `seconds` of its start."""
        return self._receive.poll(max(0.0, self._began + seconds - time.monotonic()))

    def result(self, seconds: float) -> Any:
        """The child's result within `seconds` of its start: its value, or its exception
        raised here; `Overrun` if it does not answer in time, `Died` if it dies.  A value
        that does not pickle is computed here, now that the child has shown it is computed
        in time."""
        if not self.answered(seconds):
            raise Overrun
        try:
            answer = self._receive.recv()
        except EOFError:  # the child died (a signal, the system out of memory, a crash)
            self._process.join(GRACE_SECONDS)
            raise Died.of(self._process.exitcode) from None
        status, payload = answer
        if status == "raised":
            raise payload
        return self._function(*self._args) if status == "unpicklable" else payload


def _child(send: Any, memory: int, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """Run in the child: send ("value", result), ("raised", exception) or ("unpicklable", None)."""
    try:
        _limit_memory(memory)
        answer: tuple[str, Any] = ("value", function(*args))
    except Exception as exc:  # bad input, or a bug in a ruleset: the parent raises it
        answer = ("raised", exc)
    try:
        send.send(answer)
    except Exception:  # the answer does not pickle: the parent computes it itself
        send.send(("unpicklable", None))
    finally:
        send.close()


def _limit_memory(extra: int) -> None:
    """Let this process's address space grow by at most `extra` bytes (``RLIMIT_AS``)."""
    import resource

    try:
        with open("/proc/self/statm") as statm:  # pages of address space, first
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):  # no /proc: the limit counts the whole process
        size = 0
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + extra if hard == resource.RLIM_INFINITY else min(size + extra, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


# ---------------------------------------------------------------- solves
def _playing(rules: Ruleset, parameters: dict[str, str]) -> Ruleset:
    """The game `rules` with `parameters` applied, as `grundy.get_ruleset` applies them."""
    if parameters or rules.requires_parameters:
        return rules.with_parameters(**parameters)
    return rules


def _solve(
    rules: Ruleset, parameters: dict[str, str], position: str, misere: bool, seconds: float
) -> tuple[Any, dict, dict]:
    """The start position read with its tables (values, remoteness), in one piece."""
    game = _playing(rules, parameters)
    start = game.parse(position)
    return (start, *remoteness_table(game, start, misere, seconds))


class PackedTable:
    """A solve's tables (each position's value and remoteness), packed: the positions'
    hashes sorted in one array, the values and the remoteness in two more of the smallest
    integer type that holds them, and only positions whose hashes collide kept as
    objects.  `values` and `remoteness` read it as the dictionaries it packs.

    A position is found by its hash alone, so one that is not in the table may read as
    any; the tables are read only at positions reachable from their start (`Match`),
    which they all hold.

    >>> table = PackedTable({"a": 0, "b": 2, "c": 1}, {"a": 0, "b": 3, "c": 1})
    >>> table.values["b"], table.remoteness["b"], len(table), table.nbytes
    (2, 3, 3, 30)
    """

    def __init__(self, values: dict[Any, int], remote: dict[Any, int]) -> None:
        count = len(values)
        hashes = np.fromiter(map(hash, values), dtype=np.int64, count=count)
        order = np.argsort(hashes, kind="stable")
        hashes = hashes[order]
        collides = np.zeros(count, dtype=bool)  # in sorted order
        collides[1:] = hashes[1:] == hashes[:-1]
        collides[:-1] |= collides[1:]
        keys = list(values)
        odd = [keys[i] for i in order[collides]]
        self._hashes = hashes[~collides]
        self._odd = {key: (values[key], remote[key]) for key in odd}
        self._columns = tuple(
            _smallest(np.fromiter(numbers, dtype=np.int64, count=count)[order][~collides])
            for numbers in (values.values(), map(remote.__getitem__, keys))
        )
        self.values = _Column(self, 0)
        self.remoteness = _Column(self, 1)

    def __len__(self) -> int:
        return len(self._hashes) + len(self._odd)

    @property
    def nbytes(self) -> int:
        """The bytes of the arrays (and a generous 1 KB a position kept as an object)."""
        arrays = self._hashes.nbytes + sum(column.nbytes for column in self._columns)
        return arrays + 1024 * len(self._odd)

    def find(self, position: Any, column: int) -> int:
        """The value (`column` 0) or the remoteness (1) of `position`; KeyError if absent."""
        if position in self._odd:
            return self._odd[position][column]
        key = hash(position)
        at = int(self._hashes.searchsorted(key))
        if at == len(self._hashes) or self._hashes[at] != key:
            raise KeyError(position)
        return int(self._columns[column][at])


@dataclass(frozen=True)
class _Column:
    """The values or the remoteness of a `PackedTable`, read as a dictionary's."""

    table: PackedTable
    column: int

    def __getitem__(self, position: Any) -> int:
        return self.table.find(position, self.column)


def _smallest(numbers: np.ndarray) -> np.ndarray:
    """`numbers` (none negative) in the smallest unsigned type that holds them."""
    return numbers.astype(np.min_scalar_type(int(numbers.max(initial=0))))


class Solves:
    """Matches on solved start positions; the last `size` solves are kept, packed
    (`PackedTable`), as long as they take at most `KEPT_BYTES` together (the last one
    always).

    Every solve runs in `pool`: a start not solved within `seconds` is refused
    with the command line's message (`grundy.play.too_large`), one that needs
    more than the pool's memory with a line saying so, one whose solver dies with
    how it died, and `Busy` passes through.
    """

    def __init__(self, pool: SolverPool, seconds: float = SOLVE_SECONDS, size: int = 16) -> None:
        self.pool = pool
        self.seconds = seconds
        self.size = size
        self._kept: OrderedDict[tuple[Any, ...], tuple[Ruleset, Any, PackedTable]] = OrderedDict()
        self._bytes = 0  # of the kept tables
        self._lock = threading.Lock()

    def match(
        self,
        rules: Ruleset,
        parameters: dict[str, str],
        position: str,
        misere: bool,
        first: str,
    ) -> Match:
        """A `Match` of `rules` (with `parameters`) from `position` (text), at its start.

        The start is kept by the request's own text, so a request for a kept start reads,
        parses and solves nothing.
        """
        key = (id(rules), tuple(sorted(parameters.items())), position, misere)
        with self._lock:
            solved = self._kept.get(key)
            if solved is not None:
                self._kept.move_to_end(key)
        if solved is None:
            solved = self._solved(rules, parameters, position, misere)
            with self._lock:
                self._keep(key, solved)
        game, start, table = solved
        return Match(game, start, misere, first, solved=(table.values, table.remoteness))

    def _keep(self, key: tuple[Any, ...], solved: tuple[Ruleset, Any, PackedTable]) -> None:
        """Keep `solved`, forgetting the oldest solves past the bounds (holding the lock)."""
        if key in self._kept:  # solved twice at once: counted once
            self._bytes -= self._kept.pop(key)[2].nbytes
        self._kept[key] = solved
        self._bytes += solved[2].nbytes
        while len(self._kept) > 1 and (len(self._kept) > self.size or self._bytes > KEPT_BYTES):
            self._bytes -= self._kept.popitem(last=False)[1][2].nbytes

    def _solved(
        self, rules: Ruleset, parameters: dict[str, str], position: str, misere: bool
    ) -> tuple[Ruleset, Any, PackedTable]:
        """The game, its start and its tables packed, solved in the pool."""
        try:
            start, values, remote = self.pool.run(
                _solve, rules, parameters, position, misere, self.seconds, seconds=self.seconds
            )
        except Died as exc:
            raise self._refused(rules, position, f"its solver {exc}") from None
        except Overrun:
            why = f"it was not solved in {self.seconds:g} s"
            raise self._refused(rules, position, why) from None
        except MemoryError:
            limit = format_bytes(self.pool.memory)
            raise self._refused(rules, position, f"it needs more than {limit} of memory") from None
        # the child has applied the parameters in time: here they cost as little
        return _playing(rules, parameters), start, PackedTable(values, remote)

    @staticmethod
    def _refused(rules: Ruleset, position: str, why: str) -> ValueError:
        """The error of a start the child could not solve: its text as sent (the child
        may not have read it), as `grundy.play.too_large` words a start too large."""
        shown = position if len(position) <= 60 else position[:59] + "…"
        return ValueError(
            f"{rules.name} {shown} is too large to play interactively: {why}; "
            "try a smaller position"
        )
