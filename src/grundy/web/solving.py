"""Solving off the request thread: a child process with a hard time limit, and a cache.

A web request must never hang the server, but the solve of a start position
(`grundy.play.remoteness_table`) can only stop itself between two steps:
without the alarm signal the command line uses (signals reach the main thread
only, and Flask answers requests in other threads), one huge step — a position
with 2^40 options, a canonical form that never returns — would hold a worker
thread and its memory for good.  So the solve runs in a forked child process
(`bounded`): it has the ruleset and the position already (fork copies the
server, so a ruleset loaded from a file or registered in a session works
unchanged), stops itself in time like the command line (it runs in its own
main thread, with the alarm), and is killed if it has not answered a moment
later.  A child that runs out of memory dies alone.  Where there is no fork
(Windows), the solve runs in the request thread with the solve's own step
deadline.

The tables come back pickled in one piece, the start position with them, so
positions that compare by identity (coins on a poset: the poset object) stay
comparable with each other.  A game whose positions cannot be pickled is
solved again in the request thread once the child has shown that it finishes
in time.  `Solves` keeps the last few solved starts, so that every later
request of the same game (each click) only replays the moves.

>>> solves = Solves(seconds=5)
>>> m = solves.match("lctr", {}, "3,1", misere=False, first="me")
>>> m.value(), [o.text for o in m.winning_options()]
(0, [])
>>> solves.match("lctr", {}, "3,1", misere=False, first="me").value()  # from the cache
0
"""

from __future__ import annotations

import multiprocessing
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from grundy.game import Ruleset
from grundy.play import SOLVE_SECONDS, Match, remoteness_table, too_large
from grundy.registry import get_ruleset

__all__ = ["GRACE_SECONDS", "Overrun", "Solves", "bounded"]

#: How long past its own deadline a child may take to answer before it is killed.
GRACE_SECONDS = 1.0

T = TypeVar("T")

_FORK = "fork" in multiprocessing.get_all_start_methods()


class Overrun(Exception):
    """A bounded call that did not answer in time (or whose process died)."""


def bounded(function: Callable[..., T], *args: Any, seconds: float) -> T:
    """`function(*args)` in a forked child process, killed `seconds` + `GRACE_SECONDS` later.

    Returns its result or raises its exception; raises `Overrun` when the child
    does not answer in time or dies.  Without fork (or when the answer does not
    pickle) the call is made here.
    """
    if not _FORK:
        return function(*args)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, function, args), daemon=True)
    with warnings.catch_warnings():  # Python 3.12+ warns of fork in a threaded server;
        warnings.simplefilter("ignore", DeprecationWarning)  # the child only computes
        child.start()
    send.close()
    try:
        answer = receive.recv() if receive.poll(seconds + GRACE_SECONDS) else None
    except EOFError:  # the child died (killed for memory, crashed)
        answer = None
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join()
    if answer is None:
        raise Overrun
    status, payload = answer
    if status == "raised":
        raise payload
    return function(*args) if status == "unpicklable" else payload


def _child(send: Any, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """Run in the child: send ("value", result), ("raised", exception) or ("unpicklable", None)."""
    try:
        answer: tuple[str, Any] = ("value", function(*args))
    except Exception as exc:  # bad input, or a bug in a ruleset: the parent raises it
        answer = ("raised", exc)
    try:
        send.send(answer)
    except Exception:  # the answer does not pickle: the parent computes it itself
        send.send(("unpicklable", None))
    finally:
        send.close()


def _solve(rules: Ruleset, start: Any, misere: bool, seconds: float) -> tuple[Any, dict, dict]:
    """The start position with its tables (values, remoteness), for pickling in one piece."""
    return (start, *remoteness_table(rules, start, misere, seconds))


class Solves:
    """Matches on solved start positions; the last `size` solves are kept.

    Every solve is `bounded`: a start not solved within `seconds` is refused
    with the command line's message (`grundy.play.too_large`).
    """

    def __init__(self, seconds: float = SOLVE_SECONDS, size: int = 16) -> None:
        self.seconds = seconds
        self.size = size
        self._kept: OrderedDict[tuple[Any, ...], tuple[Any, dict, dict]] = OrderedDict()
        self._lock = threading.Lock()

    def match(
        self,
        game: str,
        parameters: dict[str, str],
        position: str,
        misere: bool,
        first: str,
    ) -> Match:
        """A `Match` of `game` (with `parameters`) from `position`, at its start."""
        rules = get_ruleset(game, **parameters)
        start = rules.parse(position)
        key = (type(rules), rules.name, rules.format_position(start), misere)
        with self._lock:
            solved = self._kept.get(key)
            if solved is not None:
                self._kept.move_to_end(key)
        if solved is None:
            try:
                solved = bounded(_solve, rules, start, misere, self.seconds, seconds=self.seconds)
            except Overrun:
                raise too_large(rules, start, self.seconds) from None
            with self._lock:
                self._kept[key] = solved
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        start, values, remote = solved
        return Match(rules, start, misere, first, solved=(values, remote))
