"""`grundy serve` against an attacker (docs/security.md): what a request may name, who may
send it, and how much it may make the server do.

The attacker's table is one row per request: what it tries, the status it must get and
the one line it must be answered with.  A request naming a game by a reference that was
not given at start-up must import nothing (sys.modules unchanged, a file's code not run).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grundy.cli import main
from grundy.games.chess.chess import MAX_PIECE_VECTORS
from grundy.web.app import create_app
from grundy.web.server import listen
from grundy.web.solving import SolverPool

EVIL = """
from pathlib import Path
Path(__file__).with_name("ran").write_text("the file ran")

def options(position):
    return []
"""

HOG = '''
from grundy.game import Ruleset

class Hog(Ruleset):
    """A game whose every position wants 1 GiB."""
    name = "hog"
    def parse(self, spec):
        return int(spec)
    def options(self, n):
        hog = bytearray(1 << 30)
        return [(k, k) for k in range(n) if hog]
'''

UNKNOWN = (
    "unknown game {!r}: this server plays the games it lists, and module:attr games only "
    "when given to grundy serve --game"
)
NOT_JSON = "bad request: send a JSON object (Content-Type: application/json)"
HOST = "forbidden: this server is not {!r} (grundy serve --allow-host NAME adds a name)"
SITE = "forbidden: a request from another site ({!r}) may not play here"


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder, the current one, holding evil.py (which would leave the file `ran`), a
    module importable by name, and hog.py; the server is started with hog.py's game only."""
    (tmp_path / "evil.py").write_text(EVIL)
    (tmp_path / "evil_plugin.py").write_text(EVIL)
    (tmp_path / "hog.py").write_text(HOG)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def game_references(folder: Path) -> list[str]:
    """A game named by every form a reference takes, none of them given at start-up."""
    return [
        f"{folder}/evil.py:options",  # an absolute path
        "evil.py:options",  # a path relative to the server's folder
        "./evil.py:options",
        "../" + folder.name + "/evil.py:options",
        "evil_plugin:options",  # a module on the path: a valid reference, not given
        "this:x",
        "builtins:print",
        "os:system",
        "subprocess:run",
        "grundy.games.lctr.lctr:LCTR",  # even a module already imported
        "hog.py:Nothing",  # another attribute of a file that was given
        "/etc/passwd",
        "../../../../etc/passwd",
        "lctr/../evil.py:options",
        ":",
        "",
    ]


def test_a_game_not_chosen_at_start_up_is_refused_and_nothing_is_imported(files: Path) -> None:
    client = create_app(games=[f"{files}/hog.py:Hog"]).test_client()
    client.post("/api/start", json={"game": "nosuchgame", "position": "3"})  # werkzeug's imports
    modules = set(sys.modules)
    for game in game_references(files):
        answer = client.post("/api/start", json={"game": game, "position": "3"})
        assert (answer.status_code, answer.get_json()) == (400, {"error": UNKNOWN.format(game)})
    assert set(sys.modules) == modules
    assert not (files / "ran").exists()
    listed = [g["name"] for g in client.get("/api/games").get_json()["games"]]
    assert f"{files}/hog.py:Hog" in listed and not [g for g in listed if "evil" in g]


def test_the_games_given_at_start_up_are_resolved_then(files: Path, capsys) -> None:
    assert main(["serve", "--port", "0", "--game", "evil.py:nothing"]) == 2
    assert capsys.readouterr().err == (
        "grundy: error: bad game reference 'evil.py:nothing': evil.py has no 'nothing'\n"
    )


def test_the_memory_limit_of_a_solver(files: Path) -> None:
    pool = SolverPool(processes=1, memory=64 << 20)
    client = create_app(games=["hog.py:Hog"], pool=pool).test_client()
    answer = client.post("/api/start", json={"game": "hog.py:Hog", "position": "3"})
    assert (answer.status_code, answer.get_json()) == (
        400,
        {
            "error": "hog 3 is too large to play interactively: it needs more than 64.0 MiB "
            "of memory; try a smaller position"
        },
    )
    assert pool.run(bytes, 1 << 20, seconds=5) == bytes(1 << 20)  # a child may use some


HUGE_PIECE = "leaps=" + ",".join(f"{a}:{b}" for a in range(1, 201) for b in range(100))
LCTR = {"game": "lctr", "position": "3,1"}

# (what it tries, headers, body (JSON text or an object), status, error)
ATTACKS: list[tuple[str, dict[str, str], Any, int, str]] = [
    ("another host", {"Host": "evil.example"}, LCTR, 403, HOST.format("evil.example")),
    ("rebound to us, its port", {"Host": "evil.example:80"}, LCTR, 403,
     HOST.format("evil.example:80")),
    ("our name, another port", {"Host": "localhost:8080"}, LCTR, 403,
     HOST.format("localhost:8080")),
    ("no port at all", {"Host": "localhost:x"}, LCTR, 403, HOST.format("localhost:x")),
    ("a form on another site", {"Origin": "http://evil.example"}, LCTR, 403,
     SITE.format("http://evil.example")),
    ("a sandboxed page", {"Origin": "null"}, LCTR, 403, SITE.format("null")),
    ("another site, no Origin", {"Referer": "http://evil.example/a"}, LCTR, 403,
     SITE.format("http://evil.example/a")),
    ("a page on our name, another port", {"Origin": "http://localhost:3000"}, LCTR, 403,
     SITE.format("http://localhost:3000")),
    ("deep JSON", {}, "[" * 100_000, 400, "bad request: the JSON is nested too deeply"),
    ("deep JSON objects", {}, '{"a":' * 100_000, 400, "bad request: the JSON is nested too deeply"),
    ("a long number", {}, '{"moves": [' + "9" * 5000 + "]}", 400,
     f"{NOT_JSON}: a number of more than 100 digits"),
    ("a deep value", {}, '{"game": ' + "[" * 900 + "]" * 900 + "}", 400,
     "bad request: 'game' must be a string, got [[[[[[[...]]]]]]]"),
    ("a list", {}, "[1, 2]", 400, NOT_JSON),
    ("a string", {}, '"lctr"', 400, NOT_JSON),
    ("null", {}, "null", 400, NOT_JSON),
    ("not UTF-8", {}, b'{"game": "\xff"}', 400,
     f"{NOT_JSON}: 'utf-8' codec can't decode byte 0xff in position 10: invalid start byte"),
    ("a huge piece", {}, {"game": "chess", "position": "3,3", "parameters": {"piece": HUGE_PIECE}},
     400, f"a piece may have at most {MAX_PIECE_VECTORS} leaps and riders, got at least 20000"),
    ("a parameter for a game without any", {}, {**LCTR, "parameters": {"piece": "king"}}, 400,
     "game 'lctr' takes no parameters (got piece)"),
    ("another parameter", {}, {"game": "chess", "position": "3", "parameters": {"module": "os"}},
     400, "game 'chess' takes only the parameters piece (got module)"),
    ("a game by a path", {}, {"game": "/etc/passwd", "position": "3"}, 400,
     UNKNOWN.format("/etc/passwd")),
]  # fmt: skip

# The same server's own pages, and scripts that say nothing of where they come from.
WELCOME: list[tuple[str, dict[str, str]]] = [
    ("the test client's Host", {}),
    ("an address of ours", {"Host": "127.0.0.1"}),
    ("IPv6 loopback", {"Host": "[::1]:80"}),
    ("our own page", {"Origin": "http://localhost"}),
    ("our page by address", {"Origin": "http://127.0.0.1", "Referer": "http://127.0.0.1/"}),
    ("our page, no Origin", {"Referer": "http://localhost/"}),
]


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


@pytest.mark.parametrize(
    ("headers", "body", "status", "error"),
    [row[1:] for row in ATTACKS],
    ids=[row[0] for row in ATTACKS],
)
def test_the_attackers_table(client, headers: dict[str, str], body: Any, status, error) -> None:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    answer = client.post("/api/start", data=data, headers=headers, content_type="application/json")
    assert (answer.status_code, answer.get_json()) == (status, {"error": error})


@pytest.mark.parametrize("headers", [row[1] for row in WELCOME], ids=[row[0] for row in WELCOME])
def test_the_servers_own_pages_are_served(client, headers: dict[str, str]) -> None:
    answer = client.post("/api/start", json=LCTR, headers=headers)
    assert answer.status_code == 200 and answer.get_json()["current"] == "3,1"


def test_a_foreign_host_is_refused_even_the_page_itself(client) -> None:
    for url in ["/", "/api/games", "/static/app.js"]:
        answer = client.get(url, headers={"Host": "evil.example"})
        assert (answer.status_code, answer.get_json()) == (
            403,
            {"error": HOST.format("evil.example")},
        )
    assert client.get("/").status_code == 200


def test_a_cross_site_form_cannot_post_json(client) -> None:
    """A form on another site sends text/plain (JSON needs a script, and the browser asks
    first before a script may send it elsewhere): not JSON, refused."""
    answer = client.post("/api/start", data=json.dumps(LCTR), content_type="text/plain")
    assert (answer.status_code, answer.get_json()) == (400, {"error": NOT_JSON})


# ------------------------------------------------------------ bounded solving
def live_children() -> set[int]:
    """This process's live child processes, read from /proc (zombies not counted)."""
    me, children = os.getpid(), set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # the process has gone
            continue
        if fields[0] != "Z" and int(fields[1]) == me:
            children.add(int(stat.parent.name))
    return children


@pytest.fixture
def children_seen() -> Iterator[list[int]]:
    """The number of live children, sampled while the test runs, but those alive before
    it (such as the resource tracker an earlier test's Dask cluster leaves)."""
    seen: list[int] = []
    done = threading.Event()
    before = live_children()

    def sample() -> None:
        while not done.is_set():
            seen.append(len(live_children() - before))
            done.wait(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    yield seen
    done.set()
    sampler.join()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="children counted in /proc")
def test_twenty_hard_starts_run_at_most_k_children_and_others_are_answered(children_seen) -> None:
    """K = 2 solvers, 2 waiting of each kind: of 20 starts of chomp 12^12 (not solved in
    0.5 s), each runs briefly as a quick solve; one goes on, 2 wait for it, 17 are told
    to come back.  Once the quick solves are over, a small new start, a click on a kept
    start and the list of games are answered while the long ones run."""
    pool = SolverPool(processes=2, waiting=2, wait_seconds=1.5, quick_seconds=0.1)
    app = create_app(solve_seconds=0.5, pool=pool)
    kept = {"game": "cr", "position": "3,2,1"}
    assert app.test_client().post("/api/start", json=kept).status_code == 200
    hard: list[tuple[int, str]] = []
    lock = threading.Lock()

    def start_hard() -> None:
        answer = app.test_client().post("/api/start", json={"game": "chomp", "position": "12^12"})
        with lock:
            hard.append((answer.status_code, answer.get_json()["error"]))

    starts = [threading.Thread(target=start_hard) for _ in range(20)]
    for thread in starts:
        thread.start()
    while True:  # every start but the long one and its 2 waiters has its answer
        with lock:
            if len(hard) >= 17:
                break
        threading.Event().wait(0.01)
    client = app.test_client()
    small = client.post("/api/start", json={"game": "lctr", "position": "5,4,2"})
    click = client.post("/api/move", json={**kept, "number": 1})
    listing = client.get("/api/games")
    with lock:
        answered_meanwhile = len(hard) < 20
    for thread in starts:
        thread.join()
    assert [small.status_code, click.status_code, listing.status_code] == [200, 200, 200]
    assert answered_meanwhile
    assert 1 <= max(children_seen) <= 2
    too_large = (
        r"chomp 12\^12 is too large to play interactively: it was not solved in 0\.5 s"
        r"( \(\d+ positions solved\))?; try a smaller position"
    )
    busy = (
        "busy: the server's solvers (--solvers 2) are all at work and others wait; "
        "try again in a few seconds"
    )
    for status, error in hard:
        assert (status, error) == (503, busy) or (status == 400 and re.fullmatch(too_large, error))


# ------------------------------------------------------------ the command
def test_grundy_serve_on_every_interface_says_what_it_exposes(tmp_path: Path) -> None:
    run = "from grundy.cli import run; run()"
    command = [sys.executable, "-c", run, "serve", "--port", "0", "--host", "0.0.0.0"]
    command += ["--allow-host", "grundy.test", "--solvers", "3", "--solver-memory", "1G"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        port = re.fullmatch(r"grundy: serving http://0\.0\.0\.0:(\d+)/ \(Ctrl-C stops\)\n", banner)
        assert port, banner
        warning = server.stdout.readline()
        assert warning.startswith(
            "grundy: warning: anyone who can reach this address can make the server solve "
            "games: at most 3 at once, each for 5 s and 1.0 GiB of memory beyond the server's "
            "(it runs no code of theirs and reads or writes no file); it answers to the names "
        )
        assert "grundy.test" in warning and "localhost" in warning
        for host, status in [("grundy.test", 200), ("127.0.0.1", 200), ("evil.example", 403)]:
            answer = _get(f"http://127.0.0.1:{port.group(1)}/api/games", host)
            assert answer == status, host
    finally:
        server.kill()
        server.wait()


def _get(url: str, host: str) -> int:
    """The status of GET `url` sent with ``Host: host:port`` (the port of `url`)."""
    port = url.split(":")[2].split("/")[0]
    return _status(url, {"Host": f"{host}:{port}"})


def _status(url: str, headers: dict[str, str]) -> int:
    """The status of GET `url` sent with `headers`."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_listen_answers_to_its_own_port_only() -> None:
    server, warning = listen("127.0.0.1", 0, allow_hosts=["grundy.test"], solvers=1)
    assert warning is None
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.port}/api/games"
        assert _get(url, "localhost") == 200 and _get(url, "grundy.test") == 200
        assert _get(url, "evil.example") == 403
        assert _status(url, {"Host": f"localhost:{server.port + 1}"}) == 403  # not our port
    finally:
        server.shutdown()
        thread.join()


def test_bad_serve_options_are_one_line(capsys) -> None:
    for args, message in [
        (["--solver-memory", "lots"], "bad memory size 'lots': expected e.g. 8G, 512M or 1.5G"),
        (["--allow-host", "evil/path"], "bad host name 'evil/path'"),
    ]:
        assert main(["serve", "--port", "0", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"grundy: error: {message}") and err.count("\n") == 1


def test_a_piece_is_bounded_before_it_is_built() -> None:
    from grundy.games.chess.chess import Piece

    with pytest.raises(ValueError, match=f"at most {MAX_PIECE_VECTORS} leaps and riders"):
        Piece(riders=((k, k) for k in range(1, 10**9)))  # stops counting at the bound
    with pytest.raises(ValueError, match="got at least 20000"):
        Piece.parse(HUGE_PIECE)
    assert len(Piece(leaps=[(a, b) for a in range(1, 33) for b in range(31)]).leaps) == 992


def test_kept_solves_are_bounded_by_their_bytes(monkeypatch) -> None:
    import grundy.web.solving as solving
    from grundy.play import remoteness_table
    from grundy.registry import get_ruleset

    runs: list[str] = []

    class CountingPool(SolverPool):
        def run(self, function: Any, *args: Any, seconds: float) -> Any:
            runs.append(args[2])  # the position's text
            return super().run(function, *args, seconds=seconds)

    solves = solving.Solves(CountingPool(processes=1), seconds=5)
    cr = get_ruleset("cr")
    small = solving.PackedTable(*remoteness_table(cr, cr.parse("2,1")))
    monkeypatch.setattr(solving, "KEPT_BYTES", small.nbytes + 1)
    solves.match(cr, {}, "2,1", False, "me")
    solves.match(cr, {}, "3,2,1", False, "me")  # more positions: the small one goes
    solves.match(cr, {}, "3,2,1", False, "me")  # kept: the last one always is
    solves.match(cr, {}, "2,1", False, "me")
    assert runs == ["2,1", "3,2,1", "2,1"]


KILLER = '''
import faulthandler, os
from grundy.game import Ruleset

class Killer(Ruleset):
    """A solve whose process is killed by the signal its position names."""
    name = "killer"
    def parse(self, spec):
        return int(spec)
    def options(self, n):
        faulthandler.disable()  # no traceback printed on SIGSEGV
        os.kill(os.getpid(), n)
        return []
'''


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="solves run in children on fork"
)
@pytest.mark.parametrize(
    ("number", "how"),
    [
        (signal.SIGKILL, "9 (SIGKILL, as the system kills a process when memory runs out)"),
        (signal.SIGSEGV, "11 (SIGSEGV)"),
    ],
)
def test_a_solver_killed_by_a_signal_says_which(tmp_path: Path, number: int, how: str) -> None:
    path = tmp_path / "killer.py"
    path.write_text(KILLER)
    game = f"{path}:Killer"
    client = create_app(games=[game], pool=SolverPool(processes=1)).test_client()
    answer = client.post("/api/start", json={"game": game, "position": str(int(number))})
    assert (answer.status_code, answer.get_json()) == (
        400,
        {
            "error": f"killer {int(number)} is too large to play interactively: its solver was "
            f"killed by signal {how}; try a smaller position"
        },
    )


class Colliding:
    """A position whose hash every other shares."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Colliding) and other.n == self.n

    def __hash__(self) -> int:
        return 7


def test_packed_tables_read_as_the_dictionaries_in_a_few_bytes_a_position() -> None:
    from grundy.play import remoteness_table
    from grundy.registry import get_ruleset
    from grundy.web.solving import PackedTable

    cr = get_ruleset("cr")
    values, remote = remoteness_table(cr, cr.parse("8,7,6,5,4,3,2,1"))
    table = PackedTable(values, remote)
    assert len(table) == len(values) > 500
    assert all(table.values[p] == v and table.remoteness[p] == remote[p] for p, v in values.items())
    assert table.nbytes <= 12 * len(values)  # 8 for the hash, 2 each for the numbers at most
    with pytest.raises(KeyError):
        table.values[cr.parse("20")]
    # positions whose hashes collide are kept as they are, and read right
    odd = {Colliding(n): n for n in range(5)} | {n: n + 10 for n in range(7, 9)}
    table = PackedTable(odd, {p: 2 * v for p, v in odd.items()})
    assert [(table.values[p], table.remoteness[p]) for p in odd] == [
        (v, 2 * v) for v in odd.values()
    ]
