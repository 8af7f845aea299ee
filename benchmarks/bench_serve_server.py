"""`grundy serve`'s server: werkzeug's development server (before) against waitress (after).

    .venv/bin/python benchmarks/bench_serve_server.py                # about five minutes
    .venv/bin/python benchmarks/bench_serve_server.py --idle 3000    # more idle clients

Each server runs in a process of its own, started by this script (``--serve``),
with the descriptor limit (``ulimit -n``) at ``--descriptors`` (1,024, the
usual default) and 2 solvers; the clients run here.  *before* is the code
before this change (commit ``BASELINE_COMMIT``, checked out with ``git worktree
add --detach`` in ``--baseline``) served as `grundy serve` served it
(``werkzeug.serving.make_server``, a thread a connection); *after* is this tree
served as `grundy serve` serves it now (`grundy.web.server.listen`: waitress).
Against each:

*light*   ``--requests`` GET /api/games from 12 clients (keep-alive connections, a
          thread each): requests a second and the 99th percentile of their latency;
*slow*    ``--idle`` connections opened (half of them send part of a request's
          headers, half nothing; all connect at once, and those not connected
          within 2 s are not counted),
          held ``--hold`` seconds, then closed, while a
          client asks GET /api/games on a new connection every 50 ms, from the
          first idle connection until ``--after`` seconds after they are closed:
          the longest wait (a request is given up after ``--patience`` seconds),
          the requests given up or refused, the lines of "Too many open files"
          the server printed, and the descriptors it holds once all is closed and
          has settled (at most 10 s), against before;
*memory*  in a new server: 20 starts whose solve takes a few seconds (Column-Row
          on the staircase of 11 rows with one or two boxes taken away, 11,000 to
          15,700 positions each; ``--solve-seconds`` each), two at a time, so that
          all are solved and the last 16 kept: the peak of the server's resident
          memory (``VmHWM``) and how many were solved.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import resource
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench_serve import baseline_tree

ROOT = Path(__file__).resolve().parents[1]
BASELINE_COMMIT = "a6b6523"
CLIENTS = 12
SOLVERS = 2


# ---------------------------------------------------------------- the servers (--serve)
def serve(kind: str, descriptors: int, solve_seconds: float) -> None:
    """Serve the page (of the `grundy` found first on the path) on `kind`'s server until
    killed, printing its port first."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    from grundy.web.app import create_app
    from grundy.web.guard import site_for
    from grundy.web.server import listen
    from grundy.web.solving import SolverPool

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, hard))
    if kind == "waitress":
        server, _ = listen("127.0.0.1", 0, solvers=SOLVERS, solve_seconds=solve_seconds)
        print(server.port, flush=True)
        server.serve_forever()
        return

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args: Any) -> None:  # no line per request, as it was
            pass

    with socket.create_server(("127.0.0.1", 0)) as listening:  # as grundy serve did
        port = listening.getsockname()[1]
        site = site_for("127.0.0.1", port)
        app = create_app(solve_seconds, pool=SolverPool(SOLVERS), site=site)
        werkzeug = make_server(
            "127.0.0.1", port, app, threaded=True, request_handler=Quiet, fd=listening.fileno()
        )
    print(port, flush=True)
    werkzeug.serve_forever()


@contextmanager
def serving(kind: str, tree: Path, args: argparse.Namespace) -> Iterator[tuple[int, int, Any]]:
    """A server of `kind` on the code in `tree`: (its process id, its port, the file of
    its stderr)."""
    command = [sys.executable, __file__, "--serve", kind]
    command += ["--descriptors", str(args.descriptors), "--solve-seconds", str(args.solve_seconds)]
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    with tempfile.TemporaryFile("w+") as errors:
        server = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env, cwd=tree
        )
        try:
            assert server.stdout is not None
            yield server.pid, int(server.stdout.readline()), errors
        finally:
            server.kill()
            server.wait()


# ---------------------------------------------------------------- the clients
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


def descriptors(pid: int) -> int:
    """The descriptors process `pid` holds."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def slow(port: int, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    """The slow-client test (module docstring): the longest wait, the failures, the leak."""
    before = descriptors(pid)
    waits: list[float] = []
    failures = 0
    done = threading.Event()

    def probe() -> None:
        nonlocal failures
        while not done.is_set():
            began = time.perf_counter()
            try:
                ok = games(port, None, args.patience) == 200
            except (OSError, http.client.HTTPException):  # refused, reset or given up
                ok = False
            waits.append(time.perf_counter() - began)
            failures += not ok
            done.wait(0.05)

    prober = threading.Thread(target=probe)
    prober.start()
    held = [socket.socket() for _ in range(args.idle)]
    for connection in held:  # all at once: a server that stops accepting holds no one up
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
    opened = _connected(held, 2.0)
    for k, connection in enumerate(opened):
        if k % 2:
            connection.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    time.sleep(args.hold)
    for connection in held:
        connection.close()
    time.sleep(args.after)
    done.set()
    prober.join()
    settled = time.monotonic() + 10
    while descriptors(pid) > before and time.monotonic() < settled:
        time.sleep(0.1)
    return {
        "opened": len(opened),
        "longest": max(waits),
        "failures": failures,
        "probes": len(waits),
        "leaked": descriptors(pid) - before,
    }


def _connected(connections: list[socket.socket], seconds: float) -> list[socket.socket]:
    """Those of `connections` (connecting, not blocking) that are connected within `seconds`."""
    poller = select.poll()
    by_descriptor = {c.fileno(): c for c in connections}
    for descriptor in by_descriptor:
        poller.register(descriptor, select.POLLOUT)
    connected = []
    deadline = time.monotonic() + seconds
    while by_descriptor and time.monotonic() < deadline:
        for descriptor, _ in poller.poll(100):
            connection = by_descriptor.pop(descriptor)
            poller.unregister(descriptor)
            if connection.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                connected.append(connection)
    return connected


def measure(name: str, kind: str, tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The light and slow figures of one server, printed a line each."""
    with serving(kind, tree, args) as (pid, port, errors):
        games(port, None, 60)  # every game imported before timing
        rate, p99 = light(port, args.requests)
        print(
            f"{name:6s} light:  {rate:6.0f} requests/s, p99 {p99:6.1f} ms "
            f"({args.requests} GET /api/games, {CLIENTS} clients)",
            flush=True,
        )
        figures = slow(port, pid, args)
        errors.seek(0)
        too_many = errors.read().count("Too many open files")
    given_up = " (given up)" if figures["longest"] >= args.patience else ""
    print(
        f"{name:6s} slow:   longest /api/games wait {figures['longest']:6.2f} s{given_up}, "
        f"{figures['failures']} of {figures['probes']} refused or given up, "
        f'{too_many} "Too many open files", {figures["leaked"]:+d} descriptors after '
        f"({figures['opened']} of {args.idle} idle connections opened)",
        flush=True,
    )
    return {"rate": rate, "p99": p99, **figures}


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


def memory(name: str, kind: str, tree: Path, args: argparse.Namespace) -> int:
    """The peak resident memory of a new server given the 20 hard starts, printed."""
    with serving(kind, tree, args) as (pid, port, _):
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
                headers = {"Content-Type": "application/json"}
                connection.request("POST", "/api/start", body, headers)
                answer = connection.getresponse()
                answer.read()
                with lock:
                    statuses[answer.status] += 1
            connection.close()

        began = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(SOLVERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        status = Path(f"/proc/{pid}/status").read_text()
        peak = int(status.split("VmHWM:")[1].split()[0]) << 10
    print(
        f"{name:6s} memory: peak {peak / 2**20:6.0f} MiB resident after 20 hard starts "
        f"({statuses[200]} solved; {time.perf_counter() - began:.0f} s)",
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
    parser.add_argument("--descriptors", type=int, default=1024, help="the servers' ulimit -n")
    parser.add_argument("--solve-seconds", type=float, default=10.0, help="a hard start's limit")
    parser.add_argument(
        "--baseline", type=Path, default=Path("/tmp/grundy_before"), help="its worktree"
    )
    parser.add_argument("--serve", choices=["werkzeug", "waitress"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.descriptors, args.solve_seconds)
        return
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # the clients hold the idle ones
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.idle + 1024), hard))
    print(
        f"grundy serve: werkzeug (before, {BASELINE_COMMIT}) and waitress (after, this tree); "
        f"{os.cpu_count()} cores, servers' descriptor limit {args.descriptors}, "
        f"{args.idle} idle connections",
        flush=True,
    )
    base = baseline_tree(args.baseline, BASELINE_COMMIT)
    before = measure("before", "werkzeug", base, args)
    after = measure("after", "waitress", ROOT, args)
    old = memory("before", "werkzeug", base, args)
    new = memory("after", "waitress", ROOT, args)
    print(
        f"after / before: requests/s x{after['rate'] / before['rate']:.2f}, "
        f"p99 x{after['p99'] / before['p99']:.2f}, "
        f"longest wait x{after['longest'] / before['longest']:.3f}, "
        f"peak memory x{new / old:.2f}"
    )


if __name__ == "__main__":
    main()
