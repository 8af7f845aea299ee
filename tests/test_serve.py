"""`grundy serve`: the JSON API (Flask's test client) and the page in a real headless Chromium.

The browser tests drive the operating system's Chromium (/usr/bin/chromium, which
`make test` installs) through Playwright, which never downloads a browser here; they
are skipped, saying so, only when that Chromium is missing.
"""

from __future__ import annotations

import multiprocessing
import re
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest

import grundy
import grundy.registry as registry
from grundy.analysis.tree_size import stats
from grundy.cli import main
from grundy.game import PartitionRuleset, capabilities
from grundy.games import module_of
from grundy.partition import Partition
from grundy.render.typeset import script_segments
from grundy.solver import solver_for
from grundy.web.app import create_app
from grundy.web.game_list import Catalogue
from grundy.web.server import listen
from grundy.web.solving import GRACE_SECONDS, SolverPool

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"
GREEN, ORANGE = "rgb(46, 158, 68)", "rgb(224, 142, 27)"  # values 0 and 1 (app.js PALETTE)


class TakeRow(PartitionRuleset):
    """Remove any one row (published below as a plug-in): SG(λ) = (number of rows) mod 2."""

    name = "test-serve-take-row"
    description = "remove any one row"

    def options(self, position: Partition) -> Iterator[tuple[int, Partition]]:
        for part, _ in position.runs:
            yield part, Partition.from_runs((p, m - (p == part)) for p, m in position.runs)

    def format_move(self, move: int) -> str:
        return f"remove a row of length {move}"


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def post(client: Any, url: str, **body: Any) -> tuple[int, dict[str, Any]]:
    answer = client.post(url, json=body)
    return answer.status_code, answer.get_json()


def ok(client: Any, url: str, **body: Any) -> dict[str, Any]:
    status, data = post(client, url, **body)
    assert status == 200, data
    return data


def game_of(state: dict[str, Any]) -> dict[str, Any]:
    """What the page sends back: the game and the person's moves."""
    keys = ("game", "parameters", "position", "misere", "first", "moves")
    return {k: state[k] for k in keys}


# ------------------------------------------------------------ the JSON API
def test_every_registered_game_is_listed_with_what_it_can_do(monkeypatch) -> None:
    registry.rulesets()  # every built-in first, so the private copy has them
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    published = EntryPoint(
        name="take-row-plugin", value=f"{__name__}:TakeRow", group=registry.ENTRY_POINT_GROUP
    )
    monkeypatch.setattr(registry, "entry_points", lambda group: [published])
    monkeypatch.setattr(registry, "_PLUGINS_LOADED", False)
    client = create_app().test_client()
    games = {g["name"]: g for g in client.get("/api/games").get_json()["games"]}
    assert {name: g["capabilities"] for name, g in games.items()} == {
        rules.name: capabilities(rules) for rules in registry.rulesets()
    }
    assert "test-serve-take-row" in games  # a plug-in, with no code of its own here
    assert games["chomp"]["example"] == "4,3,2,1" and games["matrix"]["example"] == "110;011;101"
    assert "piece" in games["chess"]["parameters"]
    # the plug-in plays like any game: its rows are clickable
    game = {"game": "take-row-plugin", "position": "3,2,2"}
    state = ok(client, "/api/start", **game)
    assert state["board"]["reading"] == "line"
    state = ok(client, "/api/move", **game, target="row:0")
    assert state["history"][0]["move"] == "remove a row of length 3"
    assert state["replies"] == ["remove a row of length 2"] and state["current"] == "2"
    state = ok(client, "/api/move", **game_of(state), target="row:0")
    assert state["winner"] == "human"  # 3 rows: the first player takes the last


def built_in(entry: dict[str, Any]) -> bool:
    """Whether a listed game is one of grundy's own (not one another test registered)."""
    return module_of(entry["name"]) is not None


def test_every_game_has_an_example_start_that_starts(client) -> None:
    """Those listed by size (a staircase of 10), and the others' own (`Ruleset.example_start`,
    a family's of its `Ruleset.example_parameters`)."""
    answer = client.get("/api/games").get_json()
    assert answer["default"] == "lctr"
    for entry in filter(built_in, answer["games"]):
        game = {"game": entry["name"], "parameters": entry["example_parameters"]}
        state = ok(client, "/api/start", **game, position=entry["example"])
        assert state["options"] and state["board"], entry["name"]


GAMES = [
    ("lctr", "5,3,2"),
    ("cr", "4,3,1"),
    ("chomp", "3,3,2"),
    ("sato-welter", "3,2,2"),
    ("matrix", "110;011;111"),
    ("coins", "divisors:12 ruler 12 4"),
]


@pytest.mark.parametrize(("game", "start"), GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_a_whole_game_hints_and_perfect_replies(client, game: str, start: str, misere) -> None:
    """Play to the end (the person takes the last move listed); at every turn the hint's
    values are grundy.value's, and the computer moves to value 0 whenever it can."""
    state = ok(client, "/api/start", game=game, position=start, misere=misere)
    for _ in range(40):
        if state["winner"]:
            break
        hint = ok(client, "/api/hint", **game_of(state))
        assert hint["value"] == grundy.value(game, state["current"], misere)
        rules = grundy.get_ruleset(game)  # the options' values by grundy's solver
        options = solver_for(rules).options(rules.parse(state["current"]), misere)
        assert [rules.format_position(o.position) for o in options] == [
            o["position"] for o in state["options"]
        ]
        values = [o.value for o in options]
        assert [o["value"] for o in hint["options"]] == values
        winning = [o["number"] for o, v in zip(state["options"], values, strict=True) if v == 0]
        assert hint["winning"] == winning
        state = ok(client, "/api/move", **game_of(state), number=len(state["options"]))
        if state["replies"]:  # from a position of value ≠ 0 it moves to value 0 (it wins)
            before = grundy.value(game, state["history"][-2]["position"], misere)
            if state["winner"]:
                assert (state["winner"] == "computer") == (before != 0)
            else:
                assert (grundy.value(game, state["current"], misere) == 0) == (before != 0)
    last = state["history"][-1]["player"]
    assert state["winner"] == ({"human": "computer", "computer": "human"}[last] if misere else last)


def test_moves_by_clicking_the_picture(client) -> None:
    for game, start, target, move in [
        ("lctr", "3,1", "row:0", "remove the top row"),
        ("lctr", "3,1", "col:0", "remove the left column"),
        ("cr", "3,3,1", "row:1", "remove a row of length 3"),
        ("chomp", "3,2", "cell:0:2", "bite at box (1, 3)"),
        ("chess-queen", "3,3,3", "cell:2:2", "move 2 down, 2 right"),
        ("rit", "4,2", "cell:0:3", "shorten row 1 to length 3"),
        ("matrix", "110;011", "col:1", "remove column 2"),
        ("coins", "divisors:12 ruler 12", "node:1", "turn {2, 4, 6, 12}"),
    ]:
        state = ok(client, "/api/move", game=game, position=start, target=target)
        assert state["history"][0]["move"] == move, (game, target)
    status, data = post(client, "/api/move", game="lctr", position="3,1", target="row:9")
    assert status == 400 and data["error"].startswith("no move at 'row:9' here")


def test_computer_first_undo_and_step_back(client) -> None:
    game = {"game": "cr", "position": "3,2,1", "first": "computer"}
    state = ok(client, "/api/start", **game)
    assert state["replies"] and state["moves"] == [] and state["to_move"] == "human"
    after_reply = state["current"]
    status, data = post(client, "/api/undo", **game)
    assert (status, data["error"]) == (400, "nothing to undo: you have not moved yet")
    state = ok(client, "/api/move", **game, number=1)
    assert state["moves"] == [1] and len(state["history"]) in (2, 3)
    undone = ok(client, "/api/undo", **game_of(state))
    assert undone["current"] == after_reply and undone["moves"] == []
    assert ok(client, "/api/start", **game_of(state))["current"] == state["current"]  # replayed


def test_explore_two_levels_and_the_game_tree(client) -> None:
    game = {"game": "cr", "position": "4,3,2,1"}
    root = ok(client, "/api/explore", **game, tree=True)
    assert root["tree"] == {k: str(v) for k, v in stats("cr", "4,3,2,1").items()}
    assert [o["value"] for o in root["options"]] == [
        grundy.value("cr", o["position"]) for o in root["options"]
    ]
    child = ok(client, "/api/explore", **game, path=[2])
    assert child["position"] == root["options"][1]["position"] and "tree" not in child
    grandchild = ok(client, "/api/explore", **game, path=[2, 1])
    assert grandchild["position"] == child["options"][0]["position"]
    assert grandchild["value"] == grundy.value("cr", grandchild["position"])
    status, data = post(client, "/api/explore", **game, path=[99])
    assert status == 400 and data["error"] == "no option 99 at step 1 of the path: choose 1 to 8"


def command_line_error(capsys, *args: str) -> str:
    """What `grundy …` prints after "grundy: error: "."""
    assert main(list(args)) == 2
    line = capsys.readouterr().err
    assert line.startswith("grundy: error: ") and line.count("\n") == 1
    return line.removeprefix("grundy: error: ").rstrip("\n")


def test_bad_requests_answer_400_with_one_line(client, capsys) -> None:
    game = {"game": "lctr", "position": "3,1"}
    same_as_cli = [
        ({"game": "lctr", "position": "3,x"}, ["play", "lctr", "3,x"]),
        ({"game": "matrix", "position": "12;01"}, ["play", "matrix", "12;01"]),
    ]
    for body, argv in same_as_cli:
        status, data = post(client, "/api/start", **body)
        assert status == 400 and data == {"error": command_line_error(capsys, *argv)}
    for url, body, message in [
        ("/api/start", {"position": "3,1"}, "bad request: 'game' is missing"),
        ("/api/start", {**game, "game": "nosuchgame"}, "unknown game 'nosuchgame'"),
        ("/api/start", {**game, "misere": "yes"}, "'misere' must be true or false"),
        ("/api/start", {**game, "moves": "1"}, "'moves' must be a list of move numbers"),
        ("/api/start", {**game, "moves": [True]}, "'moves' must be a list of move numbers"),
        ("/api/start", {**game, "first": "nobody"}, "expected 'me' or 'computer'"),
        ("/api/start", {**game, "parameters": {"piece": 3}}, "must be a string"),
        ("/api/start", {"game": "chess", "position": "3,1"}, "piece"),
        ("/api/start", {**game, "moves": [7]}, "no move number 7: choose 1 to 2"),
        ("/api/move", game, "say which move"),
        ("/api/move", {**game, "number": 1, "target": "row:0"}, "say which move"),
        ("/api/move", {**game, "number": "1"}, "'number' must be an integer"),
        ("/api/move", {**game, "moves": [1], "number": 1}, "the game is over"),
        ("/api/explore", {**game, "path": [1, 3]}, "no option 3 at step 2"),
        ("/api/explore", {**game, "path": [1, 1, 1]}, "step 3 of the path goes nowhere"),
    ]:
        status, data = post(client, url, **body)
        assert status == 400 and message in data["error"], (body, data)
        assert "\n" not in data["error"]
    for answer in [
        client.post("/api/start", data="{not json", content_type="application/json"),
        client.post("/api/start", json=[1, 2]),
        client.get("/api/start"),
        client.get("/api/nothing"),
        client.post("/api/start", data="x" * (2 << 20), content_type="application/json"),
    ]:
        assert answer.status_code in (400, 404, 405, 413)
        error = answer.get_json()["error"]
        assert error and "\n" not in error
    assert ok(client, "/api/start", **game)["current"] == "3,1"  # the server goes on


def test_too_large_positions_are_refused_in_time() -> None:
    pool = SolverPool(processes=1)
    client = create_app(solve_seconds=0.2, pool=pool).test_client()
    began = time.monotonic()
    status, data = post(client, "/api/start", game="chomp", position="12^12")
    assert time.monotonic() - began < 0.2 + GRACE_SECONDS + 1
    assert status == 400
    # the child's own deadline counts what it solved; on a loaded machine the pool's
    # deadline may come first and stop it with no count: both say the same
    assert re.fullmatch(
        r"chomp 12\^12 is too large to play interactively: it was not solved in 0\.2 s"
        r"( \(\d+ positions solved\))?; try a smaller position",
        data["error"],
    )
    # the pool goes on after the kill (with time for a loaded machine to start its next child)
    patient = create_app(solve_seconds=10, pool=pool).test_client()
    assert ok(patient, "/api/start", game="chomp", position="3,2")["current"] == "3,2"


STUBBORN = '''
import signal, time
from grundy.game import Ruleset

class Stubborn(Ruleset):
    """A solve that blocks its alarm and sleeps: only killing its process stops it."""
    name = "stubborn"
    def parse(self, spec):
        return int(spec)
    def options(self, n):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(60)
        return []

class Buggy(Ruleset):
    """A ruleset with a bug."""
    name = "buggy"
    def parse(self, spec):
        return int(spec)
    def options(self, n):
        return {}["no such key"]
'''

UNPICKLABLE = '''
from typing import NamedTuple
from grundy.game import Ruleset

TAG = lambda: 0  # noqa: E731  (a lambda does not pickle)

class Heap(NamedTuple):
    size: int
    tag: object

class Heaps(Ruleset):
    """Nim on one heap, with positions that cannot be sent between processes."""
    name = "unpicklable-heap"
    def parse(self, spec):
        return spec if isinstance(spec, Heap) else Heap(int(spec), TAG)
    def format_position(self, p):
        return str(p.size)
    def options(self, p):
        return [(k, Heap(k, p.tag)) for k in range(p.size)]
'''


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="solves are killed on fork"
)
def test_user_games_that_hang_fail_or_do_not_pickle(tmp_path: Path) -> None:
    path = tmp_path / "games.py"
    path.write_text(textwrap.dedent(STUBBORN) + textwrap.dedent(UNPICKLABLE))
    games = [f"{path}:{name}" for name in ("Stubborn", "Buggy", "Heaps")]
    client = create_app(solve_seconds=0.1, games=games).test_client()
    began = time.monotonic()
    status, data = post(client, "/api/start", game=f"{path}:Stubborn", position="5")
    assert time.monotonic() - began < 0.1 + GRACE_SECONDS + 1
    assert (status, data["error"]) == (
        400,
        "stubborn 5 is too large to play interactively: it was not solved in 0.1 s; "
        "try a smaller position",
    )
    assert not multiprocessing.active_children()
    # a bug is a failure (500) with its one line, and the server goes on
    status, data = post(client, "/api/start", game=f"{path}:Buggy", position="5")
    assert (status, data) == (500, {"error": "internal error: KeyError: 'no such key'"})
    # positions that cannot come back from the child are solved here once it has finished
    game = {"game": f"{path}:Heaps", "position": "5"}
    assert ok(client, "/api/hint", **game)["winning"] == [1]
    assert ok(client, "/api/move", **game, number=1)["winner"] == "human"


# ------------------------------------------------------------ the command
def test_grundy_serve_serves_the_page_until_ctrl_c() -> None:
    run = (  # Ctrl-C interrupts as in a terminal, even if this test runs with it ignored
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from grundy.cli import run; run()"
    )
    command = [sys.executable, "-c", run, "serve", "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        url = re.fullmatch(r"grundy: serving (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops\)\n", banner)
        assert url, banner
        with urllib.request.urlopen(url.group(1), timeout=10) as page:
            assert b"/static/app.js" in page.read()
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0 and server.stdout.read() == "grundy: stopped\n"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_grundy_serve_on_a_port_in_use_is_one_line(capsys) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        message = command_line_error(capsys, "serve", "--port", str(port))
    assert message.startswith(f"cannot listen on 127.0.0.1:{port}: Address already in use")


# ------------------------------------------------------------ the page
@pytest.fixture(scope="module")
def page_url() -> Iterator[str]:
    server, _ = listen("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.port}/"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def page(browser, page_url: str) -> Iterator[Any]:
    """One page for the browser tests (each starts a game of its own)."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(page_url)
    page.wait_for_selector("body[data-ready=yes]")
    yield page
    page.close()
    assert not errors


def start_in_page(page: Any, game: str, position: str) -> dict[str, Any]:
    page.select_option("#game", game)
    page.fill("#position", position)
    page.click("#start")
    settled(page, f"state && state.position === {position!r} && !state.moves.length")
    return page.evaluate("state")


def settled(page: Any, condition: str) -> None:
    """Wait until `condition` holds (JavaScript) and the page has drawn what followed."""
    page.wait_for_function(f"document.body.dataset.busy === 'no' && ({condition})")


def click_and_wait(page: Any, locator: Any) -> dict[str, Any]:
    moves = page.evaluate("state.moves.length")
    locator.click()
    settled(page, f"state.moves.length === {moves + 1}")
    return page.evaluate("state")


def fill_of(locator: Any) -> str:
    return locator.evaluate("e => getComputedStyle(e).fill")


def test_page_lctr_by_clicking_with_hints(page, capsys) -> None:
    start = "6,4,3,1"
    assert grundy.value("lctr", start) != 0  # the person can win by following the hints
    state = start_in_page(page, "lctr", start)
    targets = page.locator("#board .target")
    assert {"row:0", "col:0"} <= {t.get_attribute("data-target") for t in targets.all()}
    page.check("#hints")
    settled(page, "hint !== null")
    assert "0: a winning move" in page.inner_text("#legend")
    screenshot = None
    while not state["winner"]:
        winning = page.locator("#board .target[data-value='0']")
        assert winning.count() >= 1
        assert fill_of(winning.first) == GREEN
        for other in page.locator("#board .target[data-value='1']").all():
            assert fill_of(other) == ORANGE
        state = click_and_wait(page, winning.first)
        if state["replies"]:
            assert f"The computer: {state['replies'][0]}." in page.inner_text("#status")
            assert grundy.value("lctr", state["history"][-2]["position"]) == 0
        if screenshot is None:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            screenshot = SCREENSHOTS / "serve-lctr.png"
            page.screenshot(path=str(screenshot), full_page=True)
            with capsys.disabled():
                print(f"\nscreenshot of the page: {screenshot}")
    assert state["winner"] == "human" and "You win!" in page.inner_text("#status")
    history = page.locator("#history li")
    assert history.count() == len(state["history"]) + 1  # the start, then every move


def test_page_matrix_by_clicking_reply_undo_and_step_back(page, capsys) -> None:
    page.select_option("#game", "matrix")
    page.fill("#position", "12;01")  # refused with the command line's line
    page.click("#start")
    settled(page, "!document.getElementById('error').hidden")
    expected = command_line_error(capsys, "play", "matrix", "12;01")
    assert page.inner_text("#error") == f"{expected} (matrix was not started)"  # no prefix
    start = "110;011;101"
    assert grundy.value("matrix", start) == 0  # every move loses: the computer must punish it
    start_in_page(page, "matrix", start)
    assert page.locator("#board .handle.target").count() == 6  # 3 rows, 3 columns
    page.check("#hints")
    settled(page, "hint !== null")
    handle = page.locator("#board .target[data-target='col:2']")
    assert handle.get_attribute("data-value") == "1" and fill_of(handle) == ORANGE
    state = click_and_wait(page, handle)
    assert state["history"][0]["move"] == "remove column 3"
    assert state["replies"] and grundy.value("matrix", state["current"]) == 0
    assert f"The computer: {state['replies'][0]}." in page.inner_text("#status")
    state = click_and_wait(page, page.locator("#board .target").first)
    page.click("#undo")
    settled(page, "state.moves.length === 1")
    page.locator("#history button").first.click()  # back to the start
    settled(page, "state.moves.length === 0")
    assert page.evaluate("state.current") == start and page.is_hidden("#error")
    page.locator("#explorer .toggle").first.click()  # one level further, on request
    settled(page, "document.querySelector('#explorer li li') !== null")
    assert page.locator("#explorer li li").count() >= 1


def test_page_opens_on_lctr_with_its_example(page, page_url: str) -> None:
    page.goto(page_url)
    page.wait_for_selector("body[data-ready=yes]")
    assert page.input_value("#game") == "lctr"
    (lctr,) = [entry for entry in Catalogue().listing() if entry["name"] == "lctr"]
    assert page.input_value("#position") == lctr["example"] == "4,3,2,1"


def test_page_every_example_start_starts(page) -> None:
    """Each game's example (matrix, chess with its piece, coin-turning included) starts."""
    for entry in filter(built_in, Catalogue().listing()):
        page.select_option("#game", entry["name"])
        assert page.input_value("#position"), entry["name"]
        for name, value in entry["example_parameters"].items():
            assert page.input_value(f"[data-parameter={name}]") == value
        page.click("#start")
        settled(page, f"state && state.game === {entry['name']!r} && !state.moves.length")
        assert page.is_hidden("#error") and page.is_visible("#board"), entry["name"]


def test_page_failed_start_leaves_no_board(page, capsys) -> None:
    start_in_page(page, "lctr", "4,2,1")
    page.select_option("#game", "coin-turning")
    page.fill("#position", "")
    page.click("#start")
    settled(page, "state === null")
    expected = command_line_error(capsys, "play", "coin-turning", "")
    assert page.inner_text("#error") == f"{expected} (coin-turning was not started)"
    assert page.is_hidden("#game-view") and page.locator("#board *").count() == 0
    assert page.inner_text("#title") == ""


def test_page_values_never_share_a_colour(page, capsys) -> None:
    """A one-row Chomp of 18 has options of 17 values (0..16) on one board: 17 colours,
    0 green; past the palette too.  The legend lists the values on the board."""
    start_in_page(page, "chomp", "18")
    page.check("#hints")
    settled(page, "hint !== null")
    fills: dict[str, set[str]] = {}
    for target in page.locator("#board .target[data-value]").all():
        fills.setdefault(target.get_attribute("data-value"), set()).add(fill_of(target))
    assert len(fills) == 17 and all(len(f) == 1 for f in fills.values())
    assert len({f for (f,) in fills.values()}) == len(fills)  # no colour shared
    assert fills["0"] == {GREEN}
    legend = page.locator("#legend [data-legend]")
    assert sorted(int(v.get_attribute("data-legend")) for v in legend.all()) == sorted(
        int(v) for v in fills
    )
    colours = page.evaluate("[...Array(1000).keys()].map(valueColour)")
    assert len(set(colours)) == 1000
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    screenshot = SCREENSHOTS / "serve-values.png"
    page.screenshot(path=str(screenshot), full_page=True)
    with capsys.disabled():
        print(f"\nscreenshot of a board with its values shown: {screenshot}")
    page.uncheck("#hints")


def test_page_finished_game_shows_the_final_position_and_who_won(page) -> None:
    start_in_page(page, "lctr", "1")
    state = click_and_wait(page, page.locator("#board .target").first)
    assert state["winner"] == "human"
    status = page.inner_text("#status")
    assert f"the final position is {state['current']}" in status and "You win!" in status
    assert page.is_visible("#board svg") and "(empty diagram)" in page.inner_text("#board")
    assert page.inner_text("#moves") == "Game over: you won."  # not "1. no moves"


def test_page_typesets_positions_and_marks_chomp_poison(page) -> None:
    """Positions as the pictures write them (4^2,3,1 with a raised 2) in the title, the
    moves, the history and the explorer; Chomp's top-left box, which no move takes,
    drawn dark and crossed, not a target."""
    state = start_in_page(page, "chomp", "4^2,3,1")
    assert page.inner_html("#title").startswith("chomp 4<sup>2</sup>,3,1")
    assert page.inner_text("#title sup") == "2" and "^" not in page.inner_text("#title")
    assert "^" not in page.inner_text("#moves") + page.inner_text("#history")
    assert page.locator("#moves sup").count() == sum(
        o["position"].count("^") for o in state["options"]
    )
    settled(page, "document.querySelector('#explorer li') !== null")
    assert "^" not in page.inner_text("#explorer") + page.inner_text("#tree-size")
    kept = page.locator("#board rect.kept")
    assert kept.count() == 1 and kept.get_attribute("x") == kept.get_attribute("y") == "1"
    assert fill_of(kept) == "rgb(58, 58, 58)" and not kept.get_attribute("data-target")
    assert page.locator("#board line.kept-mark").count() == 2
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "serve-chomp.png"), full_page=True)
    for text in ["c,1^(r-1)", "A_4 × Π_3, B_{n+1}", "g(F_2^3)", "lctr_3d & out_2.svg"]:
        shown = page.evaluate(
            "t => { const d = document.createElement('div'); d.append(typeset(t)); "
            "return d.innerHTML; }",
            text,
        )
        tags = {"^": "sup", "_": "sub"}
        assert shown == "".join(  # as the pictures read it (grundy.render.typeset)
            f"<{tags[kind]}>{escape(piece)}</{tags[kind]}>" if kind else escape(piece)
            for piece, kind in script_segments(text)
        )
    start_in_page(page, "lctr", "4^2,3,1")  # every option takes the top-left box
    assert page.locator("#board rect.kept").count() == 0
