"""`grundy serve`'s server (`grundy.web.server`): slow and idle clients never stop the page
from answering, nothing leaks, names are read strictly, and a body too large closes the
connection."""

from __future__ import annotations

import re
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy.web.app import MAX_BODY, create_app
from grundy.web.guard import LOOPBACK_NAMES, Site, site_for
from grundy.web.server import Limits, Server, listen
from grundy.web.solving import SolverPool

PROC = Path("/proc/self/fd")
IDLE = 1000
#: The server's descriptor limit in the slow-client test: room for 146 connections (with 2
#: solvers, `grundy.web.server.connection_limit`), so most idle ones make room for others.
SERVER_DESCRIPTORS = 512


def games(port: int, timeout: float = 2.0) -> tuple[int, float]:
    """GET /api/games on a new connection: (its status, the seconds it took)."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        head = connection.recv(64)
    return int(head.split()[1]), time.monotonic() - began


def descriptors(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


@pytest.fixture
def many_descriptors() -> Iterator[None]:
    """This process may hold the idle connections (its soft limit raised for the test)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = IDLE + 256
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"the descriptor limit is {hard}, under the {wanted} this test holds")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _server_limit() -> None:  # in the server's process, before it starts
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (SERVER_DESCRIPTORS, hard))


@pytest.mark.skipif(not PROC.exists(), reason="descriptors counted in /proc")
def test_a_thousand_idle_clients_never_stop_the_page_and_nothing_leaks(many_descriptors) -> None:
    """1,000 connections, half of them with part of a request's headers, the others with
    nothing, held then closed: /api/games answers within 2 s throughout, on a server that
    may hold 512 descriptors, and holds as many descriptors after as before."""
    command = [sys.executable, "-c", "from grundy.cli import run; run()"]
    command += ["serve", "--port", "0", "--solvers", "2"]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_server_limit
    )
    held: list[socket.socket] = []
    try:
        assert server.stdout is not None and server.stderr is not None
        port = int(re.findall(r":(\d+)/", server.stdout.readline())[0])
        assert games(port)[0] == 200
        before = descriptors(server.pid)
        waits: list[float] = []
        for k in range(IDLE):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=2))
            if k % 2:
                held[-1].sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            if k % 100 == 99:
                waits.append(games(port)[1])
        for _ in range(5):  # held
            waits.append(games(port)[1])
            time.sleep(0.1)
        assert descriptors(server.pid) < SERVER_DESCRIPTORS
        for connection in held:
            connection.close()
        for _ in range(5):  # closed
            waits.append(games(port)[1])
            time.sleep(0.1)
        assert max(waits) < 2
        settled = time.monotonic() + 5
        while descriptors(server.pid) > before and time.monotonic() < settled:
            time.sleep(0.05)
        assert descriptors(server.pid) <= before
    finally:
        for connection in held:
            connection.close()
        server.kill()
        _, errors = server.communicate()
    assert "Too many open files" not in errors and "Traceback" not in errors


def closed_after(connection: socket.socket, trickle: bytes = b"") -> float:
    """Seconds until the server closes `connection`, sending a byte of `trickle` every 0.1 s
    meanwhile (at most 5 s)."""
    began = time.monotonic()
    connection.settimeout(0.1)
    while time.monotonic() - began < 5:
        try:
            if not connection.recv(65536):  # what is left of an answer is read and skipped
                return time.monotonic() - began
        except TimeoutError:
            if trickle:
                connection.sendall(trickle[:1])
                trickle = trickle[1:]
        except ConnectionResetError:
            return time.monotonic() - began
    return float("inf")


def test_a_late_request_and_an_idle_connection_are_closed() -> None:
    """A connection must send its request whole within `Limits.request_seconds` (a byte now
    and then does not keep it), and may stay idle `Limits.idle_seconds` between requests
    (the timeouts are checked every second)."""
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    app = create_app(pool=SolverPool(1), site=site_for("127.0.0.1", port))
    server = Server(app, listening, Limits(100, 4, request_seconds=0.5, idle_seconds=2))
    thread = threading.Thread(target=server.serve_forever)
    thread.start()
    try:
        silent, trickling, kept = (socket.create_connection(("127.0.0.1", port)) for _ in "abc")
        request = f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        kept.sendall(request)
        assert kept.recv(12) == b"HTTP/1.1 200"
        answered = time.monotonic()
        assert closed_after(silent) < 2
        assert closed_after(trickling, request[:-2] + b"X-Slow: " + b"x" * 100) < 2
        closed_after(kept)
        assert 2 <= time.monotonic() - answered < 4
    finally:
        server.shutdown()
        thread.join()


@pytest.fixture(scope="module")
def served() -> Iterator[Server]:
    server, _ = listen("127.0.0.1", 0, solvers=1)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    thread.join()


def exchange(port: int, request: bytes) -> tuple[bytes, bool]:
    """The answer to raw `request` (up to the server's closing or 2 s of silence), and
    whether the server closed the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as connection:
        connection.sendall(request)
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except TimeoutError:
            return answer, False
    return answer, True


def test_a_body_too_large_is_413_and_closes_the_connection(served: Server) -> None:
    head = (
        f"POST /api/start HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {MAX_BODY + 1}\r\n\r\n"
    )
    answer, closed = exchange(served.port, head.encode() + b" " * 4096)
    head = answer.partition(b"\r\n\r\n")[0].split(b"\r\n")
    assert head[0] == b"HTTP/1.1 413 Request Entity Too Large"
    assert b"Connection: close" in head and closed


def test_a_body_at_the_limit_is_read(served: Server) -> None:
    body = b'{"game": "lctr", "position": "3,1"}'
    body += b" " * (MAX_BODY - len(body))
    head = (
        f"POST /api/start HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    answer, _ = exchange(served.port, head.encode() + body)
    assert answer.startswith(b"HTTP/1.1 200 OK\r\n")


# (what it tries, the request line's target, its Host, the status)
REQUEST_LINES: list[tuple[str, str, str, int]] = [
    ("a path", "/api/games", "127.0.0.1:{port}", 200),
    ("an absolute URI elsewhere", "http://evil.example/api/games", "127.0.0.1:{port}", 403),
    ("an absolute URI of ours", "http://127.0.0.1:{port}/api/games", "127.0.0.1:{port}", 403),
    ("an absolute URI, Host elsewhere", "http://127.0.0.1:{port}/", "evil.example", 403),
    ("an asterisk", "*", "127.0.0.1:{port}", 403),
    ("a user before our address", "/api/games", "evil.example@127.0.0.1:{port}", 403),
    ("a port of another", "/api/games", "127.0.0.1:{port}0", 403),
    ("the port with a zero before", "/api/games", "127.0.0.1:0{port}", 403),
    ("two names", "/api/games", "127.0.0.1:{port}, evil.example", 403),
]  # fmt: skip


@pytest.mark.parametrize(
    ("target", "host", "status"),
    [row[1:] for row in REQUEST_LINES],
    ids=[row[0] for row in REQUEST_LINES],
)
def test_request_lines_and_hosts_on_the_wire(served: Server, target, host, status) -> None:
    request = f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    answer, _ = exchange(served.port, request.format(port=served.port).encode())
    assert int(answer.split()[1]) == status, answer[:200]


# (what it tries, the Host or an origin's authority, whether it names the server)
AUTHORITIES: list[tuple[str, str, bool]] = [
    ("a name and the port", "localhost:8765", True),
    ("an address and the port", "127.0.0.1:8765", True),
    ("IPv6 in brackets", "[::1]:8765", True),
    ("IPv6 written in full", "[0:0:0:0:0:0:0:1]:8765", True),
    ("capitals", "LOCALHOST:8765", True),
    ("a user", "evil.example@127.0.0.1:8765", False),
    ("a user and a password", "a:b@localhost:8765", False),
    ("an empty user", "@localhost:8765", False),
    ("no port (80)", "localhost", False),
    ("an empty port", "localhost:", False),
    ("a zero before the port", "localhost:08765", False),
    ("a plus before the port", "localhost:+8765", False),
    ("a port too long", "localhost:876500000", False),
    ("another port", "localhost:8766", False),
    ("two ports", "localhost:8765:8765", False),
    ("a space before the port", "localhost :8765", False),
    ("a space inside", "local host:8765", False),
    ("a tab inside", "local\thost:8765", False),
    ("a newline", "localhost:8765\nevil.example", False),
    ("a trailing dot", "localhost.:8765", False),
    ("IPv6 without brackets", "::1:8765", False),
    ("IPv6 with a zone", "[::1%25lo]:8765", False),
    ("an address in short form", "127.1:8765", False),
    ("an address in hexadecimal", "0x7f.0.0.1:8765", False),
    ("an address as a number", "2130706433:8765", False),
    ("percent-encoded", "%6cocalhost:8765", False),
    ("a path", "localhost:8765/x", False),
    ("a backslash", "evil.example\\@localhost:8765", False),
    ("empty", "", False),
]  # fmt: skip


@pytest.mark.parametrize(
    ("authority", "own"), [row[1:] for row in AUTHORITIES], ids=[row[0] for row in AUTHORITIES]
)
def test_names_are_read_strictly(authority: str, own: bool) -> None:
    site = Site(LOOPBACK_NAMES, 8765)
    assert site.is_own(authority, "http") is own
    assert (site.refusal("GET", authority, None, None) is None) is own
    from_there = site.refusal("POST", "localhost:8765", f"http://{authority}", None)
    assert (from_there is None) is own


def test_an_origin_in_another_form_is_refused() -> None:
    site = Site(LOOPBACK_NAMES, 8765)
    for origin in ["null", "file://", "ftp://localhost:8765", " http://localhost:8765", ""]:
        assert site.refusal("POST", "localhost:8765", origin, None) is not None, origin
    for origin in ["http://localhost:8765/", "http://localhost:8765?a", "http://localhost:8765#"]:
        assert site.refusal("POST", "localhost:8765", origin, None) is not None, origin
    assert site.refusal("POST", "localhost:8765", "https://localhost:8765", None) is None


def test_a_referer_is_any_page_of_ours() -> None:
    site = Site(LOOPBACK_NAMES, 8765)
    assert site.refusal("POST", "localhost:8765", None, "http://localhost:8765/a?b#c") is None
    for referer in ["http://evil.example@localhost:8765/", "http://localhost:8765\t/"]:
        assert site.refusal("POST", "localhost:8765", None, referer) is not None, referer
