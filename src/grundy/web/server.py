"""The server of `grundy serve`: the application on waitress, bounded, and what it exposes.

`listen` binds the port first (so that a port in use is one line, and port 0
picks a free one), then builds the application for that address: it answers
to the names of the address it listens on (`grundy.web.guard.site_for`).

The page is served by waitress, not werkzeug's development server: waitress
reads and writes every connection in one thread (``poll``), so a connection
that sends nothing, or half a request, costs a descriptor and no thread, and
hands complete requests to a fixed pool of threads.  On top of waitress's own
limits (`Limits`):

* a new connection must send a whole request within ``request_seconds``, and a
  request once begun must arrive whole within as long (the *header timeout*);
  a kept-alive connection may stay idle ``idle_seconds`` between requests;
* at most ``connections`` connections are open, well below the descriptors the
  process may hold (`connection_limit`); at that limit a new connection closes
  the connection idle the longest, so slow or idle clients, however many,
  never stop a new one from being answered (waitress itself would stop
  accepting until one of them timed out);
* ``threads`` handle requests: enough for every request the solver pool can
  hold (its running and waiting solves) and a few more for the light ones.

>>> server, warning = listen("127.0.0.1", 0, solvers=1)
>>> server.port > 0, warning, server.limits.threads
(True, None, 13)
>>> server.close()
"""

from __future__ import annotations

import logging
import resource
import socket
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from grundy.memory import format_bytes
from grundy.play import SOLVE_SECONDS
from grundy.web.app import MAX_BODY, create_app
from grundy.web.guard import Site, is_loopback, site_for
from grundy.web.solving import GRACE_SECONDS, SOLVER_MEMORY, SolverPool

__all__ = ["Limits", "Server", "connection_limit", "exposure", "listen"]

#: Descriptors a connection may hold: its socket, and a temporary file each for a request
#: body and an answer too large to keep in memory (waitress's ``inbuf_overflow`` and
#: ``outbuf_overflow``).
DESCRIPTORS_PER_CONNECTION = 3
#: Descriptors the server keeps for itself: Python and its libraries, the listening socket,
#: waitress's wake-up pipe, files the page reads.
DESCRIPTORS_RESERVED = 64
#: Descriptors a solver child holds in the server: the pipe it answers on and its sentinel
#: (`grundy.web.solving`), and as many again to spare.
DESCRIPTORS_PER_SOLVER = 4
#: Connections the system may hold for the server before it accepts them (Linux caps it at
#: ``net.core.somaxconn``, 4096 by default): past it a new connection waits a second to retry.
BACKLOG = 4096
#: The most connections accepted in one turn of the loop (a quarter of the limit at most,
#: so that those just accepted are read before the limit makes them room for others).
ACCEPTS_AT_ONCE = 32
#: Threads beyond those the solver pool may hold: the page, the list of games, clicks.
LIGHT_THREADS = 4


@dataclass(frozen=True)
class Limits:
    """What a server allows its clients (module docstring)."""

    #: Connections open at once; at the limit a new one closes the one idle the longest.
    connections: int
    #: Threads handling requests.
    threads: int
    #: How long a connection may take to send a whole request (from its first byte, or from
    #: connecting).
    request_seconds: float = 10.0
    #: How long a kept-alive connection may stay idle between requests.
    idle_seconds: int = 30
    #: The most bytes of a request line and headers (431 past it).
    header_bytes: int = 64 << 10
    #: The most bytes of a request body (413 past it, and the connection is closed).
    body_bytes: int = MAX_BODY

    def adjustments(self) -> Adjustments:
        """The waitress settings of these limits.

        >>> Limits(100, 8).adjustments().channel_timeout
        30
        """
        return Adjustments(
            threads=self.threads,
            connection_limit=self.connections,
            channel_timeout=self.idle_seconds,
            cleanup_interval=1,  # the timeouts are checked every second
            max_request_header_size=self.header_bytes + 1,  # waitress refuses this many
            max_request_body_size=self.body_bytes + 1,
            backlog=BACKLOG,
            asyncore_use_poll=True,  # select() fails on descriptors past 1023
            asyncore_loop_timeout=1,
            ident="grundy",
            log_socket_errors=False,  # a client that hangs up is not the server's error
        )


def connection_limit(descriptors: int, solvers: int) -> int:
    """How many connections a server may hold open when the process may hold `descriptors`
    descriptors (``ulimit -n``) and runs at most `solvers` children: what is left after
    the server's own and its solvers', each connection counted at its most.

    >>> connection_limit(1024, 2), connection_limit(20000, 16)
    (317, 6624)
    >>> connection_limit(128, 16)
    Traceback (most recent call last):
    ...
    ValueError: the descriptor limit (ulimit -n) of 128 leaves no room for connections \
with 16 solvers: raise it, or run fewer solvers (--solvers)
    """
    left = descriptors - DESCRIPTORS_RESERVED - DESCRIPTORS_PER_SOLVER * solvers
    connections = left // DESCRIPTORS_PER_CONNECTION
    if connections < 8:
        raise ValueError(
            f"the descriptor limit (ulimit -n) of {descriptors} leaves no room for connections "
            f"with {solvers} solvers: raise it, or run fewer solvers (--solvers)"
        )
    return connections


class _Channel(HTTPChannel):
    """A waitress connection that knows when its current request must have arrived by."""

    def __init__(self, server: _Front, *args: Any, **kwargs: Any) -> None:
        super().__init__(server, *args, **kwargs)
        #: The time by which the request being received must be whole (None between
        #: requests: then the idle timeout counts).
        self.due: float | None = self.creation_time + server.request_seconds

    def received(self, data: bytes) -> bool:
        whole = super().received(data)
        if self.request is None:  # no request half received
            self.due = None
        elif self.due is None:  # the first bytes of a new one
            self.due = time.time() + self.server.request_seconds
        return whole


class _Front(TcpWSGIServer):
    """waitress's listening socket, which at the connection limit makes room for a new
    connection by closing the one idle the longest, and closes connections late with
    their request."""

    channel_class = _Channel

    def __init__(self, *args: Any, request_seconds: float, **kwargs: Any) -> None:
        self.request_seconds = request_seconds
        super().__init__(*args, **kwargs)

    def readable(self) -> bool:
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return self.accepting and (
            len(self.active_channels) < self.adj.connection_limit
            or any(not c.requests for c in self.active_channels.values())
        )

    def handle_accept(self) -> None:
        """Accept the connections waiting, a few at a time (each turn of the loop polls
        every connection); at the limit, each closes the one idle the longest."""
        for _ in range(max(1, min(ACCEPTS_AT_ONCE, self.adj.connection_limit // 4))):
            if len(self.active_channels) >= self.adj.connection_limit:
                idle = [c for c in self.active_channels.values() if not c.requests]
                if not idle:
                    return
                min(idle, key=lambda c: c.last_activity).handle_close()
            count = len(self.active_channels)
            super().handle_accept()
            if len(self.active_channels) == count:  # none was waiting
                return

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # idle connections
        for channel in self.active_channels.values():
            if not channel.requests and channel.due is not None and now > channel.due:
                channel.will_close = True


class Server:
    """The page served on a bound socket with `limits`; `serve_forever` serves it until
    `shutdown` (from another thread) or Ctrl-C, then closes every connection.

    >>> import urllib.request
    >>> server, _ = listen("127.0.0.1", 0, solvers=1)
    >>> thread = threading.Thread(target=server.serve_forever)
    >>> thread.start()
    >>> urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/games").status
    200
    >>> server.shutdown()
    >>> thread.join()
    """

    def __init__(self, app: Any, listening: socket.socket, limits: Limits) -> None:
        self.limits = limits
        self.port: int = listening.getsockname()[1]
        self._map: dict[int, Any] = {}
        self._dispatcher = ThreadedTaskDispatcher()
        self._dispatcher.set_thread_count(limits.threads)
        sockinfo = (listening.family, listening.type, listening.proto, listening.getsockname())
        self._front = _Front(
            app,
            self._map,
            True,
            listening,
            dispatcher=self._dispatcher,
            adj=limits.adjustments(),
            bind_socket=False,
            sockinfo=sockinfo,
            request_seconds=limits.request_seconds,
        )
        self._stop = threading.Event()
        self._stopped = threading.Event()
        # held while the loop closes its sockets, so that `shutdown` never pulls a trigger
        # whose descriptor is closed (or, worse, already reused by another file)
        self._closing = threading.Lock()
        self._closed = False

    def serve_forever(self) -> None:
        """Serve until `shutdown` or Ctrl-C (which returns), then close everything."""
        try:
            while not self._stop.is_set():
                self._front.asyncore.loop(
                    timeout=self._front.adj.asyncore_loop_timeout,
                    map=self._map,
                    use_poll=True,
                    count=1,
                )
        except KeyboardInterrupt:  # Ctrl-C: stop serving
            pass
        finally:
            with self._closing:
                self.close()
                self._closed = True
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop `serve_forever` (running in another thread) and wait until it has closed
        every connection."""
        self._stop.set()
        with self._closing:
            if not self._closed:  # the loop may have seen the stop and closed already
                self._front.pull_trigger()
        self._stopped.wait()

    def close(self) -> None:
        """Close the listening socket and every connection; the threads end when idle."""
        for channel in list(self._front.active_channels.values()):
            channel.handle_close()
        self._front.close()
        self._dispatcher.set_thread_count(0)


def listen(
    host: str,
    port: int,
    *,
    games: Iterable[str] = (),
    allow_hosts: Iterable[str] = (),
    solvers: int | None = None,
    solver_memory: int = SOLVER_MEMORY,
    solve_seconds: float = SOLVE_SECONDS,
) -> tuple[Server, str | None]:
    """A server for the page on `host`:`port` (not yet serving: call ``serve_forever``),
    and the warning to print if others can reach it (`exposure`).

    The `games` references are resolved, `allow_hosts` added to the names it answers
    to, and starts solved by at most `solvers` processes (default: one a core) of at
    most `solver_memory` bytes each beyond the server's.  Its `Limits` follow from the
    pool and the process's descriptor limit (`connection_limit`).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:  # bound here, so that a port in use is one line of ours
        listening = socket.create_server((host, port), family=family, backlog=BACKLOG)
    except OSError as exc:
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        site = site_for(host, listening.getsockname()[1], allow_hosts)
        pool = SolverPool(solvers, solver_memory, wait_seconds=solve_seconds + GRACE_SECONDS)
        descriptors, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        limits = Limits(
            connections=connection_limit(descriptors, pool.processes),
            threads=pool.processes + 2 * pool.waiting + LIGHT_THREADS,
        )
        app = create_app(solve_seconds, games=games, pool=pool, site=site)
    except BaseException:
        listening.close()
        raise
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # a queue is not a fault
    return Server(app, listening, limits), exposure(host, site, pool, solve_seconds)


def exposure(host: str, site: Site, pool: SolverPool, solve_seconds: float) -> str | None:
    """What a server on `host` (not a loopback one) offers to whoever reaches it, in one
    line; None for a loopback address.

    >>> print(exposure("0.0.0.0", Site(frozenset({"localhost", "vm"}), 80), SolverPool(2), 5))
    grundy: warning: anyone who can reach this address can make the server solve games: \
at most 2 at once, each for 5 s and 2.0 GiB of memory beyond the server's (it runs no \
code of theirs and reads or writes no file); it answers to the names localhost, vm \
(--allow-host NAME adds one); see docs/security.md
    """
    if is_loopback(host):
        return None
    names = ", ".join(sorted(f"[{n}]" if ":" in n else n for n in site.names))
    return (
        "grundy: warning: anyone who can reach this address can make the server solve games: "
        f"at most {pool.processes} at once, each for {solve_seconds:g} s and "
        f"{format_bytes(pool.memory)} of memory beyond the server's (it runs no code of "
        "theirs and reads or writes no file); it answers to the names "
        f"{names} (--allow-host NAME adds one); see docs/security.md"
    )
