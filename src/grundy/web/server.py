"""The server of `grundy serve`: the application bound to an address, and what it exposes.

`listen` binds the port first (so that a port in use is one line, and port 0
picks a free one), then builds the application for that address: it answers
to the names of the address it listens on (`grundy.web.guard.site_for`).

>>> server, warning = listen("127.0.0.1", 0, solvers=1)
>>> server.port > 0, warning
(True, None)
>>> server.server_close()
"""

from __future__ import annotations

import socket
from collections.abc import Iterable
from typing import Any

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from grundy.memory import format_bytes
from grundy.play import SOLVE_SECONDS
from grundy.web.app import create_app
from grundy.web.guard import Site, is_loopback, site_for
from grundy.web.solving import GRACE_SECONDS, SOLVER_MEMORY, SolverPool

__all__ = ["exposure", "listen"]


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: Any) -> None:  # no line per request
        pass


def listen(
    host: str,
    port: int,
    *,
    games: Iterable[str] = (),
    allow_hosts: Iterable[str] = (),
    solvers: int | None = None,
    solver_memory: int = SOLVER_MEMORY,
    solve_seconds: float = SOLVE_SECONDS,
) -> tuple[BaseWSGIServer, str | None]:
    """A threaded server for the page on `host`:`port` (not yet serving: call
    ``serve_forever``), and the warning to print if others can reach it (`exposure`).

    The `games` references are resolved, `allow_hosts` added to the names it answers
    to, and starts solved by at most `solvers` processes (default: one a core) of at
    most `solver_memory` bytes each beyond the server's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as werkzeug chooses
    try:  # bound here, so that a port in use is one line of ours (werkzeug would exit)
        listening = socket.create_server((host, port), family=family)
    except OSError as exc:
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    with listening:
        site = site_for(host, listening.getsockname()[1], allow_hosts)
        pool = SolverPool(solvers, solver_memory, wait_seconds=solve_seconds + GRACE_SECONDS)
        app = create_app(solve_seconds, games=games, pool=pool, site=site)
        server = make_server(
            host,
            site.port,
            app,
            threaded=True,
            request_handler=_QuietHandler,
            fd=listening.fileno(),
        )
    return server, exposure(host, site, pool, solve_seconds)


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
