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
in time.  `Solves` keeps the last few solved starts, so that every later
request of the same game (each click) only replays the moves, with no child.

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
import threading
import time
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

from grundy.game import Ruleset
from grundy.memory import format_bytes
from grundy.play import SOLVE_SECONDS, Match, remoteness_table

__all__ = [
    "GRACE_SECONDS",
    "KEPT_POSITIONS",
    "QUICK_SECONDS",
    "SOLVER_MEMORY",
    "Busy",
    "Overrun",
    "SolverPool",
    "Solves",
]

#: How long past its own deadline a child may take to answer before it is killed.
GRACE_SECONDS = 1.0
#: How long a call runs in any free place before it needs a long one (`SolverPool`).
QUICK_SECONDS = 0.5
#: How much memory a solver may use beyond the server's own (``grundy serve --solver-memory``).
SOLVER_MEMORY = 2 << 30
#: How many positions the kept solves may hold together (a few hundred bytes each).
KEPT_POSITIONS = 1_000_000

T = TypeVar("T")

_FORK = "fork" in multiprocessing.get_all_start_methods()


class Overrun(Exception):
    """A bounded call that did not answer in time (or whose process died)."""


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
        starts; its result, or its exception.  `Overrun` when it does not answer in time or
        dies, `Busy` when no place comes free.  Without fork the call is made here."""
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
        raised here; `Overrun` if it does not answer in time or dies.  A value that does
        not pickle is computed here, now that the child has shown it is computed in time."""
        try:
            answer = self._receive.recv() if self.answered(seconds) else None
        except EOFError:  # the child died (killed for memory, crashed)
            answer = None
        if answer is None:
            raise Overrun
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


class Solves:
    """Matches on solved start positions; the last `size` solves are kept, as long as they
    hold at most `KEPT_POSITIONS` positions together (the last one always).

    Every solve runs in `pool`: a start not solved within `seconds` is refused
    with the command line's message (`grundy.play.too_large`), one that needs
    more than the pool's memory with a line saying so, and `Busy` passes through.
    """

    def __init__(self, pool: SolverPool, seconds: float = SOLVE_SECONDS, size: int = 16) -> None:
        self.pool = pool
        self.seconds = seconds
        self.size = size
        self._kept: OrderedDict[tuple[Any, ...], tuple[Ruleset, Any, dict, dict]] = OrderedDict()
        self._positions = 0  # in the kept tables
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
        game, start, values, remote = solved
        return Match(game, start, misere, first, solved=(values, remote))

    def _keep(self, key: tuple[Any, ...], solved: tuple[Ruleset, Any, dict, dict]) -> None:
        """Keep `solved`, forgetting the oldest solves past the bounds (holding the lock)."""
        if key in self._kept:  # solved twice at once: counted once
            self._positions -= len(self._kept.pop(key)[2])
        self._kept[key] = solved
        self._positions += len(solved[2])
        while len(self._kept) > 1 and (
            len(self._kept) > self.size or self._positions > KEPT_POSITIONS
        ):
            self._positions -= len(self._kept.popitem(last=False)[1][2])

    def _solved(
        self, rules: Ruleset, parameters: dict[str, str], position: str, misere: bool
    ) -> tuple[Ruleset, Any, dict, dict]:
        """The game, its start and tables, solved in the pool."""
        try:
            start, values, remote = self.pool.run(
                _solve, rules, parameters, position, misere, self.seconds, seconds=self.seconds
            )
        except Overrun:
            why = f"it was not solved in {self.seconds:g} s"
            raise self._refused(rules, position, why) from None
        except MemoryError:
            limit = format_bytes(self.pool.memory)
            raise self._refused(rules, position, f"it needs more than {limit} of memory") from None
        # the child has applied the parameters in time: here they cost as little
        return _playing(rules, parameters), start, values, remote

    @staticmethod
    def _refused(rules: Ruleset, position: str, why: str) -> ValueError:
        """The error of a start the child could not solve: its text as sent (the child
        may not have read it), as `grundy.play.too_large` words a start too large."""
        shown = position if len(position) <= 60 else position[:59] + "…"
        return ValueError(
            f"{rules.name} {shown} is too large to play interactively: {why}; "
            "try a smaller position"
        )
