"""`grundy serve`: time from a click to the computer's reply, on positions of 40 boxes;
and the page under load, against the page before its limits (``--load``).

    .venv/bin/python benchmarks/bench_serve.py              # every game (about two minutes)
    .venv/bin/python benchmarks/bench_serve.py --moves 4 --naive-moves 1   # quicker
    .venv/bin/python benchmarks/bench_serve.py --load       # before and after (about a minute)

A *click* is the request the page sends when a box, line or coin is clicked
(``POST /api/move`` with a ``target``; the game's list number where a move has
no target), answered through Flask's test client (no network): the server
replays the game so far, makes the move, lets the computer reply and draws the
new position with its targets.  The person's clicks are chosen at random
(fixed seed) among the moves.  Per game:

*start*  the first request (``POST /api/start``): the position solved in a child
         process (`grundy.web.solving`), every position reachable from the start;
*click*  median and worst click after it: the solve is kept, so a click replays;
*naive*  the same clicks answered by a server that keeps no solve (each request
         solves the start again, as a stateless server without the cache would);
         the ratio is naive / click (medians).

The positions: the partition 13,11,9,7 (40 boxes) in every game played
on a diagram, a 7×7 0/1 matrix with 40 ones, and coins on the 36 divisors
of 1440 (turning turtles, three heads).  A game refused as too large to play
(not solved in 5 s) is listed as such.  The target: clicks under 100 ms.

``--load`` runs two servers in turn, each ``grundy serve --port 0`` in a process
of its own: the *baseline*, the code at commit 675fd46 (before the page had an
allow-list, Host and Origin checks and a bounded number of solvers; checked out
with ``git worktree add --detach`` in ``--baseline``, default /tmp/grundy_base),
and this tree.  Against each:

*mixed*   2,000 requests from 12 clients (keep-alive connections, one thread each):
          the page, the list of games, starts, clicks, hints and explorer steps of
          four small games (solved once, then replayed), and 1 in 20 a new start
          (a position not asked before, solved in a child): requests a second and
          the median and 99th percentile of their latency;
*hard*    20 starts at once of Sato-Welter on the staircase of 30 rows (not solved in
          the 5 s a start may take; ``--hard``): the peak of the resident memory of the server
          and its children together (sampled every 20 ms; also the proportional
          share, which counts pages the forked children share with the server once),
          the most children alive at once, and the statuses.

The limits must not cost the light requests: the target is the same requests a
second and p99 within the noise; and a peak of at most K children.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from grundy.memory import format_bytes
from grundy.play import drawn_as
from grundy.registry import rulesets
from grundy.web.app import create_app

PARTITION = "13,11,9,7"
MATRIX = "0111001;1010111;1111110;1110111;1111011;1111110;1111111"
POSET = "divisors:1440 turtles 1440 720 480"
TARGET_MS = 100.0


def positions() -> list[tuple[str, str]]:
    """(game, start) for every registered game on diagrams, the matrix and the poset game."""
    out = []
    for rules in rulesets():
        if rules.requires_parameters:
            continue
        try:
            drawing = drawn_as(rules, rules.parse(PARTITION))
        except ValueError:
            continue
        if drawing is not None and drawing[0] == "diagram":
            out.append((rules.name, PARTITION))
    return [*out, ("matrix", MATRIX), ("coin-turning", POSET)]


def request(client: Any, url: str, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Milliseconds and the answer of one request (a ValueError with its message if refused)."""
    began = time.perf_counter()
    answer = client.post(url, json=body)
    elapsed = (time.perf_counter() - began) * 1000
    data = answer.get_json()
    if answer.status_code != 200:
        raise ValueError(data["error"])
    return elapsed, data


def click(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random move of `state`: by the target that plays it, else by its number."""
    option = rng.choice(state["options"])["number"]
    targets = [t["id"] for t in (state["board"] or {}).get("targets", []) if t["option"] == option]
    game = {k: state[k] for k in ("game", "parameters", "position", "misere", "first", "moves")}
    return {**game, "target": targets[0]} if targets else {**game, "number": option}


def bench(
    game: str, start: str, moves: int, naive_moves: int, rng: random.Random
) -> tuple[str, float | None]:
    """The report line of one game and its worst click (None if there was none)."""
    client = create_app().test_client()
    try:
        start_ms, state = request(client, "/api/start", {"game": game, "position": start})
    except ValueError as exc:
        return f"{game:20s} refused: {exc}", None
    played: list[tuple[float, dict[str, Any]]] = []  # (ms, the click's request)
    while len(played) < moves and state["options"]:
        body = click(state, rng)
        elapsed, state = request(client, "/api/move", body)
        played.append((elapsed, body))
    if not played:
        return f"{game:20s} start {start_ms:7.0f} ms   (no move to make)", None
    ours = [ms for ms, _ in played]
    median, worst = statistics.median(ours), max(ours)
    mark = "ok" if worst < TARGET_MS else "over"
    line = (
        f"{game:20s} start {start_ms:7.0f} ms   click median {median:6.1f} ms, "
        f"worst {worst:6.1f} ms ({len(ours)} clicks)  {mark:4s}   "
    )
    naive = create_app(kept_solves=0).test_client()
    try:
        naive_ms = [request(naive, "/api/move", body)[0] for _, body in played[:naive_moves]]
    except ValueError:  # the machine is busier than when the start was solved
        return line + "naive: refused (not solved in time)", worst
    ratio = statistics.median(naive_ms) / statistics.median(ours[: len(naive_ms)])
    return line + f"naive {statistics.median(naive_ms):7.0f} ms  x{ratio:,.0f}", worst


# ---------------------------------------------------------------- --load
ROOT = Path(__file__).resolve().parents[1]
BASELINE_COMMIT = "675fd46"
MIXED_STARTS = [("lctr", "5,3,2"), ("cr", "4,3,1"), ("chomp", "3,3,2"), ("matrix", "110;011;111")]
STAIRCASE = ",".join(map(str, range(30, 0, -1)))
HARD_START = f"sato-welter {STAIRCASE}"  # not solved in 5 s; its options take memory
Request = tuple[str, str, dict[str, Any] | None]  # method, path, JSON body


def baseline_tree(path: Path, commit: str = BASELINE_COMMIT) -> Path:
    """The code at `commit`, checked out in `path` if it is not there yet (also used by
    bench_serve_server.py, with its own commit)."""
    if not (path / "src" / "grundy").is_dir():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), commit],
            check=True,
            capture_output=True,
        )
    return path


@contextmanager
def serving(tree: Path) -> Iterator[tuple[int, int]]:
    """`grundy serve --port 0` of the package in `tree`: (its process id, its port)."""
    run = "from grundy.cli import run; run()"
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    server = subprocess.Popen(
        [sys.executable, "-c", run, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tree,
    )
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        port = int(banner.rpartition(":")[2].split("/")[0])  # ".../127.0.0.1:PORT/ (...)"
        yield server.pid, port
    finally:
        server.kill()
        server.wait()


def ask(connection: http.client.HTTPConnection, request: Request) -> tuple[int, Any]:
    """Send one request on a kept-alive connection: (status, the answer read as JSON or text)."""
    method, path, body = request
    data = None if body is None else json.dumps(body)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, body=data, headers=headers)
    answer = connection.getresponse()
    payload = answer.read()
    kind = answer.getheader("Content-Type", "")
    return answer.status, json.loads(payload) if "json" in kind else payload


def mixed_requests(port: int, count: int, rng: random.Random) -> list[Request]:
    """`count` requests of the page's kinds, drawn at random (see the module docstring)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    kinds: list[list[Request]] = [[("GET", "/", None)], [("GET", "/api/games", None)]]
    for game, position in MIXED_STARTS:
        body = {"game": game, "position": position}
        status, state = ask(connection, ("POST", "/api/start", body))
        assert status == 200, state
        numbers = [o["number"] for o in state["options"]]
        kinds.append([("POST", "/api/start", body)])
        kinds.append([("POST", "/api/move", {**body, "number": n}) for n in numbers])
        kinds.append([("POST", "/api/hint", body)])
        kinds.append([("POST", "/api/explore", {**body, "path": [n]}) for n in numbers])
    connection.close()
    fresh = iter(_new_positions(rng))
    out: list[Request] = []
    for _ in range(count):
        if rng.random() < 0.05:
            out.append(("POST", "/api/start", {"game": "cr", "position": next(fresh)}))
        else:
            out.append(rng.choice(rng.choice(kinds)))
    return out


def _new_positions(rng: random.Random) -> Iterator[str]:
    """Column-Row positions of 12 to 16 boxes, each once (each is solved in a few ms)."""
    seen: set[tuple[int, ...]] = set()
    while True:
        parts, left = [], rng.randrange(12, 17)
        while left:
            part = rng.randrange(1, min(left, 6) + 1)
            parts.append(part)
            left -= part
        key = tuple(sorted(parts, reverse=True))
        if key not in seen:
            seen.add(key)
            yield ",".join(map(str, key))


def load(port: int, requests: list[Request], clients: int) -> tuple[float, list[float], Counter]:
    """Send `requests` from `clients` threads: (seconds in all, each latency in ms, statuses)."""
    pending = iter(requests)
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: Counter = Counter()

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                request = next(pending, None)
            if request is None:
                break
            began = time.perf_counter()
            try:
                status, _ = ask(connection, request)
            except (http.client.HTTPException, OSError):  # the server closed it: once more
                connection.close()
                status, _ = ask(connection, request)
            elapsed = (time.perf_counter() - began) * 1000
            with lock:
                latencies.append(elapsed)
                statuses[status] += 1
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began, latencies, statuses


def family(pid: int) -> list[int]:
    """`pid` and every process descended from it (read from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, changed = {pid}, True
    while changed:
        grown = found | {child for child, parent in parents.items() if parent in found}
        changed, found = grown != found, grown
    return sorted(found)


def memory_of(pids: list[int]) -> tuple[int, int]:
    """(resident, proportional) bytes of `pids` together (/proc/PID/smaps_rollup)."""
    rss = pss = 0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:  # gone
            continue
        for line in text.splitlines():
            key, _, value = line.partition(":")
            if key in ("Rss", "Pss"):
                kib = int(value.split()[0]) << 10
                rss, pss = (rss + kib, pss) if key == "Rss" else (rss, pss + kib)
    return rss, pss


def hard_starts(pid: int, port: int, hard: str, count: int) -> tuple[int, int, int, Counter]:
    """`count` starts of `hard` ("GAME POSITION") at once: the peak (resident, proportional)
    bytes, the most children alive at once, and the statuses."""
    game, _, position = hard.partition(" ")
    statuses: Counter = Counter()
    lock = threading.Lock()
    peaks = [0, 0, 0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            pids = family(pid)
            rss, pss = memory_of(pids)
            peaks[:] = [max(peaks[0], rss), max(peaks[1], pss), max(peaks[2], len(pids) - 1)]
            done.wait(0.02)

    def start() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        body = {"game": game, "position": position}
        status, _ = ask(connection, ("POST", "/api/start", body))
        with lock:
            statuses[status] += 1
        connection.close()

    sampler = threading.Thread(target=sample)
    sampler.start()
    starts = [threading.Thread(target=start) for _ in range(count)]
    for thread in starts:
        thread.start()
    for thread in starts:
        thread.join()
    done.set()
    sampler.join()
    return peaks[0], peaks[1], peaks[2], statuses


def measure(name: str, tree: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The load figures of the server in `tree`, printed on one line each."""
    count, clients = args.requests, args.clients
    with serving(tree) as (pid, port):
        requests = mixed_requests(port, count, random.Random(args.seed))
        seconds, latencies, statuses = load(port, requests, clients)
        ordered = sorted(latencies)
        out = {
            "rate": len(latencies) / seconds,
            "median": statistics.median(ordered),
            "p99": ordered[int(0.99 * (len(ordered) - 1))],
        }
        print(
            f"{name:9s} mixed: {out['rate']:6.0f} requests/s, median {out['median']:6.1f} ms, "
            f"p99 {out['p99']:6.1f} ms  ({len(latencies)} requests, {clients} clients; "
            f"statuses {dict(statuses)})",
            flush=True,
        )
    with serving(tree) as (pid, port):
        rss, pss, children, statuses = hard_starts(pid, port, args.hard, 20)
        out.update(rss=rss, pss=pss, children=children)
        print(
            f"{name:9s} hard:  peak {format_bytes(rss)} resident ({format_bytes(pss)} "
            f"proportional), {children} children at most; statuses {dict(statuses)}",
            flush=True,
        )
    return out


def compare(args: argparse.Namespace) -> None:
    """The --load report: the baseline, this tree, and their ratios."""
    print(f"grundy serve under load (machine: {os.cpu_count()} cores; hard start: {args.hard})")
    before = measure(f"baseline ({BASELINE_COMMIT})", baseline_tree(args.baseline), args)
    after = measure("this tree", ROOT, args)
    print(
        f"after / before: requests/s x{after['rate'] / before['rate']:.2f}, "
        f"p99 x{after['p99'] / before['p99']:.2f}, "
        f"peak resident memory x{after['rss'] / before['rss']:.2f} "
        f"(proportional x{after['pss'] / before['pss']:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=8, help="clicks timed per game")
    parser.add_argument("--naive-moves", type=int, default=2, help="clicks timed without cache")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--load", action="store_true", help="the page under load, before/after")
    parser.add_argument("--requests", type=int, default=2000, help="--load: mixed requests")
    parser.add_argument("--clients", type=int, default=12, help="--load: clients at once")
    parser.add_argument(
        "--baseline", type=Path, default=Path("/tmp/grundy_base"), help="--load: its worktree"
    )
    parser.add_argument("--hard", default=HARD_START, help='--load: "GAME POSITION" started 20x')
    args = parser.parse_args()
    if args.load:
        compare(args)
        return
    rng = random.Random(args.seed)
    create_app().test_client().get("/api/games")  # every game imported before timing
    print(f"grundy serve: click → reply (Flask test client); target {TARGET_MS:.0f} ms")
    worst = (0.0, "")
    for game, start in positions():
        line, ms = bench(game, start, args.moves, args.naive_moves, rng)
        print(line, flush=True)
        if ms is not None:
            worst = max(worst, (ms, game))
    print(f"worst click: {worst[0]:.1f} ms ({worst[1]})")


if __name__ == "__main__":
    main()
