"""`grundy serve`'s server: werkzeug's development server (before) against waitress (after).

    .venv/bin/python benchmarks/bench_serve_server.py                # about two minutes
    .venv/bin/python benchmarks/bench_serve_server.py --idle 3000    # more idle clients

The two servers run in this process in turn, each on the same application
(`grundy.web.app.create_app`, 2 solvers): *before* as `grundy serve` ran it
(``werkzeug.serving.make_server``, a thread a connection), *after* as it runs
now (`grundy.web.server.Server`, waitress).  Against each:

*light*  ``--requests`` GET /api/games from 12 clients (keep-alive connections, a
         thread each): requests a second and the 99th percentile of their latency;
*slow*   ``--idle`` connections opened (half of them send part of a request's
         headers, half nothing), held ``--hold`` seconds, then closed, while a
         client asks GET /api/games on a new connection every 50 ms, from the
         first idle connection until ``--after`` seconds after they are closed:
         the longest wait (at most ``--patience`` seconds, then the request is
         given up), the requests given up or refused, and the descriptors this
         process holds once all is closed and has settled, against before.

*memory* is measured apart, in a process of its own for each tree (``listen``
of the tree, ``--solvers 2``): the code before this change (commit
``BASELINE_COMMIT``, checked out with ``git worktree add --detach`` in
``--baseline``) and this tree.  20 starts whose solve takes a few seconds
(Column-Row on the staircase of 11 rows with one or two boxes taken away,
11,000 to 15,700 positions each; ``--solve-seconds`` each), two at a time, so
that all are solved and the last 16 kept: the peak of the server's resident
memory (``VmHWM``) and how many were solved.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from werkzeug.serving import WSGIRequestHandler, make_server

from grundy.web.app import create_app
from grundy.web.guard import site_for
from grundy.web.server import listen
from grundy.web.solving import SolverPool

ROOT = Path(__file__).resolve().parents[1]
BASELINE_COMMIT = "a6b6523"
CLIENTS = 12


class _Quiet(WSGIRequestHandler):
    def log_request(self, *args: Any) -> None:  # no line per request, as grundy serve was
        pass


@dataclass
class Running:
    """A server serving in a thread of this process: its port and how to stop it."""

    port: int
    stop: Callable[[], None]


@contextmanager
def werkzeug_server() -> Iterator[Running]:
    """The page on werkzeug's development server, as `grundy serve` served it before."""
    with socket.create_server(("127.0.0.1", 0)) as listening:
        port = listening.getsockname()[1]
        app = create_app(pool=SolverPool(2), site=site_for("127.0.0.1", port))
        server = make_server(
            "127.0.0.1", port, app, threaded=True, request_handler=_Quiet, fd=listening.fileno()
        )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        thread.join()
        server.server_close()

    yield Running(port, stop)


@contextmanager
def waitress_server() -> Iterator[Running]:
    """The page on waitress, as `grundy serve` serves it now."""
    server, _ = listen("127.0.0.1", 0, solvers=2)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        thread.join()

    yield Running(server.port, stop)


def games(port: int, connection: http.client.HTTPConnection | None, timeout: float) -> int:
    """The status of GET /api/games on `connection` (kept alive), or on a new one."""
    own = connection is None
    if connection is None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/api/games")
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        if own:
            connection.close()


def light(port: int, count: int) -> tuple[float, float]:
    """`count` GET /api/games from `CLIENTS` threads: (requests a second, p99 in ms)."""
    pending = iter(range(count))
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: Counter = Counter()

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                if next(pending, None) is None:
                    break
            began = time.perf_counter()
            status = games(port, connection, 60)
            with lock:
                latencies.append((time.perf_counter() - began) * 1000)
                statuses[status] += 1
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    assert statuses == {200: count}, statuses
    ordered = sorted(latencies)
    return count / seconds, ordered[int(0.99 * (len(ordered) - 1))]


def descriptors() -> int:
    """The descriptors this process holds."""
    return len(os.listdir("/proc/self/fd"))


def slow(port: int, idle: int, hold: float, after: float, patience: float) -> dict[str, Any]:
    """The slow-client test (module docstring): the longest wait, the failures, the leak."""
    before = descriptors()
    waits: list[float] = []
    failures = 0
    done = threading.Event()

    def probe() -> None:
        nonlocal failures
        while not done.is_set():
            began = time.perf_counter()
            try:
                ok = games(port, None, patience) == 200
            except OSError:  # refused, reset or given up after `patience`
                ok = False
            waits.append(time.perf_counter() - began)
            failures += not ok
            done.wait(0.05)

    prober = threading.Thread(target=probe)
    prober.start()
    held = []
    for k in range(idle):
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=patience)
        except OSError:
            failures += 1
            continue
        if k % 2:
            connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held.append(connection)
    time.sleep(hold)
    for connection in held:
        connection.close()
    time.sleep(after)
    done.set()
    prober.join()
    settled = time.monotonic() + 10
    while descriptors() > before and time.monotonic() < settled:
        time.sleep(0.1)
    return {
        "opened": len(held),
        "longest": max(waits),
        "failures": failures,
        "probes": len(waits),
        "leaked": descriptors() - before,
    }


def measure(name: str, server: Callable[[], Any], args: argparse.Namespace) -> dict[str, Any]:
    """The light and slow figures of one server, printed a line each."""
    with server() as running:
        games(running.port, None, 60)  # every game imported before timing
        rate, p99 = light(running.port, args.requests)
        print(
            f"{name:7s} light: {rate:6.0f} requests/s, p99 {p99:6.1f} ms "
            f"({args.requests} GET /api/games, {CLIENTS} clients)",
            flush=True,
        )
        figures = slow(running.port, args.idle, args.hold, args.after, args.patience)
        running.stop()
    print(
        f"{name:7s} slow:  longest /api/games wait {figures['longest']:6.2f} s"
        f"{' (given up)' if figures['longest'] >= args.patience else ''}, "
        f"{figures['failures']} of {figures['probes']} refused or given up; "
        f"{figures['opened']} of {args.idle} idle connections opened; "
        f"{figures['leaked']} descriptors left after",
        flush=True,
    )
    return {"rate": rate, "p99": p99, **figures}


# ---------------------------------------------------------------- memory
def hard_starts() -> list[str]:
    """20 Column-Row starts: the staircase of 11 rows less one box, then less two."""
    stair = list(range(11, 0, -1))
    out: list[str] = []
    for first in range(11):
        for second in range(first, 11):
            parts = stair.copy()
            parts[first] -= 1
            if second > first:
                parts[second] -= 1
            if all(a >= b for a, b in itertools.pairwise(parts)):
                text = ",".join(str(p) for p in parts if p)
                if text not in out:
                    out.append(text)
    singles = [t for t in out if sum(map(int, t.split(","))) == 65]
    return (singles + [t for t in out if t not in singles])[:20]


SERVE = """
import sys
from grundy.web.server import listen
server, _ = listen("127.0.0.1", 0, solvers=2, solve_seconds={seconds})
print(server.port, flush=True)
server.serve_forever()
"""


def baseline_tree(path: Path) -> Path:
    """The code at `BASELINE_COMMIT`, checked out in `path` if it is not there yet."""
    if not (path / "src" / "grundy").is_dir():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), BASELINE_COMMIT],
            check=True,
            capture_output=True,
        )
    return path


def memory(name: str, tree: Path, seconds: float) -> int:
    """The peak resident memory of a server of `tree` given the 20 hard starts, printed."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    command = [sys.executable, "-c", SERVE.format(seconds=seconds)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        starts = iter(hard_starts())
        lock = threading.Lock()
        statuses: Counter = Counter()

        def client() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            while True:
                with lock:
                    start = next(starts, None)
                if start is None:
                    break
                body = json.dumps({"game": "cr", "position": start})
                connection.request("POST", "/api/start", body, {"Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
                with lock:
                    statuses[answer.status] += 1
            connection.close()

        began = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        status = Path(f"/proc/{server.pid}/status").read_text()
        peak = int(status.split("VmHWM:")[1].split()[0]) << 10
    finally:
        server.kill()
        server.wait()
    print(
        f"{name:7s} memory: peak {peak / 2**20:6.0f} MiB resident after 20 hard starts "
        f"({statuses[200]} solved, statuses {dict(statuses)}; "
        f"{time.perf_counter() - began:.0f} s)",
        flush=True,
    )
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=3000, help="light requests")
    parser.add_argument("--idle", type=int, default=1000, help="idle connections held")
    parser.add_argument("--hold", type=float, default=3.0, help="seconds they are held")
    parser.add_argument("--after", type=float, default=3.0, help="seconds probed after")
    parser.add_argument("--patience", type=float, default=30.0, help="a probe's longest wait")
    parser.add_argument("--solve-seconds", type=float, default=10.0, help="a hard start's limit")
    parser.add_argument(
        "--baseline", type=Path, default=Path("/tmp/grundy_before"), help="its worktree"
    )
    args = parser.parse_args()
    print(
        f"grundy serve: werkzeug (before) and waitress (after), one process, "
        f"{os.cpu_count()} cores; descriptor limit {os.sysconf('SC_OPEN_MAX')}",
        flush=True,
    )
    before = measure("before", werkzeug_server, args)
    after = measure("after", waitress_server, args)
    old = memory("before", baseline_tree(args.baseline), args.solve_seconds)
    new = memory("after", ROOT, args.solve_seconds)
    print(
        f"after / before: requests/s x{after['rate'] / before['rate']:.2f}, "
        f"p99 x{after['p99'] / before['p99']:.2f}, "
        f"longest wait under {args.idle} idle connections "
        f"x{after['longest'] / before['longest']:.3f}, "
        f"peak memory x{new / old:.2f}"
    )


if __name__ == "__main__":
    main()
