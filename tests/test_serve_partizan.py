"""`grundy serve` plays partizan games (CRPM, CRPS): the person takes Left or Right, the
computer the other side (`grundy.web.partizan_play`).

The JSON API through Flask's test client, checked against `grundy.partizan` (each side's
options, canonical forms and outcome classes); the bounds and refusals in
tests/test_serve_security.py's manner (one row per hostile request); and one game in the
headless Chromium of tests/test_serve.py (skipped, saying so, where it is missing).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from grundy.partition import partitions
from grundy.partizan import (
    get_partizan,
    left_options,
    outcome,
    partizan_names,
    right_options,
    solver_of,
    value,
)
from grundy.partizan.match import SIDES
from grundy.web.app import create_app
from grundy.web.partizan_play import MAX_FORM_NODES, written
from grundy.web.solving import GRACE_SECONDS, SolverPool
from test_serve import browser, click_and_wait, page_url, settled  # noqa: F401 (fixtures)
from test_serve import ok as ok_at
from test_serve import post as post_at

OTHER = {"left": "right", "right": "left"}


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


class HerePool(SolverPool):
    """A pool that answers in this process, as on a system without fork (no child, no
    bound): for the many small requests of whole games."""

    def run(self, function: Callable[..., Any], *args: Any, seconds: float) -> Any:
        return function(*args)


@pytest.fixture(scope="module")
def here() -> Any:
    return create_app(pool=HerePool(processes=1)).test_client()


def post(client: Any, question: str, **body: Any) -> tuple[int, dict[str, Any]]:
    return post_at(client, f"/api/partizan/{question}", **body)


def ok(client: Any, question: str, **body: Any) -> dict[str, Any]:
    return ok_at(client, f"/api/partizan/{question}", **body)


def game_of(state: dict[str, Any]) -> dict[str, Any]:
    """What the page sends back: the game, the side and the person's moves."""
    return {k: state[k] for k in ("game", "position", "side", "first", "moves")}


def options_of(game: str, position: str, side: str) -> list[Any]:
    """`side`'s options at `position`, by the library."""
    return (left_options if side == "left" else right_options)(game, position)


def wins(option: Any, side: str) -> bool:
    """Whether `side`'s move to `option` wins: the other side, to move there, loses."""
    return option.value.outcome() in SIDES[side]


# ------------------------------------------------------------ the JSON API
def test_the_partizan_games_are_listed_apart_with_an_example_start(client) -> None:
    answer = client.get("/api/games").get_json()
    listed = {g["name"]: g for g in answer["partizan"]}
    assert sorted(listed) == partizan_names()
    assert not {g["name"] for g in answer["games"]} & set(listed)
    for name, entry in listed.items():
        assert entry["partizan"] is True and entry["parameters"] == {}
        state = ok(client, "start", game=name, position=entry["example"], side="left")
        assert state["options"] and state["board"]["kind"] == "diagram", name


@pytest.mark.parametrize(
    ("game", "position"), [("crpm", "3,2"), ("crpm", "2,1 + 1"), ("crps", "3,2,1")]
)
@pytest.mark.parametrize("side", ["left", "right"])
def test_each_sides_options_with_their_values_and_winning_marks(
    client, game: str, position: str, side: str
) -> None:
    state = ok(client, "start", game=game, position=position, side=side)
    assert (state["mover"], state["to_move"], state["winner"]) == (side, "human", None)
    expected = options_of(game, position, side)
    assert [(o["move"], o["position"]) for o in state["options"]] == [
        (o.description, str(o.position)) for o in expected
    ]
    hint = ok(client, "hint", **game_of(state))
    here = value(game, position)
    assert (hint["value"], hint["outcome"]) == (str(here), here.outcome())
    assert [(o["value"], o["winning"]) for o in hint["options"]] == [
        (str(o.value), wins(o, side)) for o in expected
    ]
    assert hint["winning"] == [k for k, o in enumerate(expected, 1) if wins(o, side)]


def computer_wins_from_the_start(game: str, position: str, computer: str, starter: str) -> bool:
    """Whether the computer's side wins `position` when `starter` moves first (Siegel,
    *Combinatorial Game Theory*, §II.1: the outcome classes)."""
    won = outcome(game, position)
    if won in ("L", "R"):
        return won == computer[0].upper()
    return (won == "N") == (starter == computer)  # N: the starter wins; P: the other


SMALL = [
    (game, str(lam)) for game in ("crpm", "crps") for n in range(1, 5) for lam in partitions(n)
]


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("first", ["me", "computer"])
@pytest.mark.parametrize("human_plays_well", [True, False])
def test_perfect_play_wins_exactly_where_the_outcome_class_says(
    here, side: str, first: str, human_plays_well: bool
) -> None:
    """Every diagram of at most 4 boxes of both games: each computer move wins whenever a
    winning move exists (by `grundy.partizan`'s outcome classes); the game ends when the
    side to move has no option, won by the other side; the computer wins exactly where
    its side wins the start, against the person's best moves (the first winning one) and
    worst (the last losing one)."""
    for game, start in SMALL:
        state = ok(here, "start", game=game, position=start, side=side, first=first)
        while state["winner"] is None:
            options = options_of(game, state["current"], side)
            good = [k for k, o in enumerate(options, 1) if wins(o, side) == human_plays_well]
            number = good[0] if good and human_plays_well else good[-1] if good else 1
            state = ok(here, "move", **game_of(state), number=number)
        before = start
        for turn in state["history"]:
            if turn["player"] == "computer":
                options = options_of(game, before, turn["side"])
                taken = options[turn["number"] - 1]
                assert wins(taken, turn["side"]) == any(wins(o, turn["side"]) for o in options)
            before = turn["position"]
        assert state["current"] == before and state["options"] == []
        assert options_of(game, before, state["mover"]) == []  # the side to move is stuck
        assert state["winner"] == ("human" if OTHER[state["mover"]] == side else "computer")
        starter = side if first == "me" else OTHER[side]
        computer_wins = computer_wins_from_the_start(game, start, OTHER[side], starter)
        if human_plays_well or computer_wins:
            assert state["winner"] == ("computer" if computer_wins else "human"), (game, start)


def test_the_game_ends_when_the_side_to_move_has_no_option(client) -> None:
    game = {"game": "crpm", "position": "1", "side": "right"}
    state = ok(client, "move", **game, number=1)  # Right takes the column: Left is stuck
    assert (state["current"], state["mover"], state["winner"]) == ("[]", "left", "human")
    assert state["history"] == [
        {
            "player": "human",
            "side": "right",
            "number": 1,
            "move": "in 1: remove a column of length 1",
            "position": "[]",
        }
    ]
    state = ok(client, "start", **game, first="computer")  # Left takes the row: Right is stuck
    assert state["replies"] == ["in 1: remove a row of length 1"]
    assert (state["mover"], state["winner"], state["options"]) == ("right", "computer", [])
    status, data = post(client, "move", **game, first="computer", number=1)
    assert (status, data) == (400, {"error": "the game is over"})


def test_moves_by_clicking_the_picture(client) -> None:
    game = {"game": "crpm", "position": "3,2", "side": "right"}
    state = ok(client, "start", **game)
    assert {t["id"] for t in state["board"]["targets"]} == {"col:0", "col:1", "col:2"}
    state = ok(client, "move", **game, target="col:2")
    assert state["history"][0]["move"] == "in 3,2: remove a column of length 1"
    assert state["replies"] and state["history"][1]["side"] == "left"
    status, data = post(client, "move", **game, target="row:0")  # a row is Left's
    assert status == 400 and data["error"].startswith("no move at 'row:0' here")


def test_computer_first_undo_and_step_back(client) -> None:
    game = {"game": "crps", "position": "4,3,2,1", "side": "left", "first": "computer"}
    state = ok(client, "start", **game)
    assert state["replies"] and state["history"][0]["side"] == "right"
    after_reply = state["current"]
    status, data = post(client, "undo", **game)
    assert (status, data["error"]) == (400, "nothing to undo: you have not moved yet")
    state = ok(client, "move", **game, number=1)
    assert state["moves"] == [1]
    undone = ok(client, "undo", **game_of(state))
    assert undone["current"] == after_reply and undone["moves"] == []
    assert len(undone["history"]) == 1 and undone["replies"] == []
    assert ok(client, "start", **game_of(state))["current"] == state["current"]  # replayed


def test_explore_takes_the_sides_in_turn(client) -> None:
    game = {"game": "crpm", "position": "3,2,1", "side": "right"}
    root = ok(client, "explore", **game)
    assert (root["mover"], root["value"]) == ("right", str(value("crpm", "3,2,1")))
    expected = right_options("crpm", "3,2,1")
    assert [(o["position"], o["value"], o["winning"]) for o in root["options"]] == [
        (str(o.position), str(o.value), wins(o, "right")) for o in expected
    ]
    child = ok(client, "explore", **game, path=[1])
    assert child["position"] == root["options"][0]["position"] and child["mover"] == "left"
    assert [o["value"] for o in child["options"]] == [
        str(o.value) for o in left_options("crpm", child["position"])
    ]
    assert [o["ends"] for o in child["options"]] == [
        not right_options("crpm", o["position"]) for o in child["options"]
    ]
    status, data = post(client, "explore", **game, path=[1, 9])
    assert (status, data["error"]) == (
        400,
        f"step 2 of the path: no move '9': type a number from 1 to {len(child['options'])}",
    )


def tree_nodes(g: Any, limit: int) -> int:
    """The nodes of g's tree, counted one by one (no memo), stopped past `limit`."""
    total = 1
    for option in [*g.left, *g.right]:
        total += tree_nodes(option, limit - total)
        if total > limit:
            break
    return total


def test_a_canonical_form_is_written_up_to_its_bound() -> None:
    """`written` against a count of every node: the forms of every CRPM and CRPS diagram
    of at most 11 boxes are written exactly when they have at most `MAX_FORM_NODES`
    nodes (or are numbers or nimbers), in less than two characters a node; some are
    written, some are not."""
    seen = set()
    for game in ("crpm", "crps"):
        for n in range(1, 12):
            for lam in partitions(n):
                g = value(game, lam)
                small = g.num is not None or g.nim is not None
                nodes = tree_nodes(g, MAX_FORM_NODES)
                shown = small or nodes <= MAX_FORM_NODES
                assert written(g) == (
                    str(g)
                    if shown
                    else f"a canonical form of more than {MAX_FORM_NODES:,} nodes (not written)"
                ), (game, str(lam))
                assert not shown or small or len(written(g)) < 2 * nodes  # a few kB at most
                seen.add(shown)
    assert seen == {True, False}


# ------------------------------------------------------------ against an attacker
EVIL = """
from pathlib import Path
Path(__file__).with_name("ran").write_text("the file ran")
"""
CRPM = {"game": "crpm", "position": "3,2", "side": "left"}
UNKNOWN = "unknown partizan game {!r}: this server plays the partizan games it lists"
TOO_MANY = (
    "crpm {} has {} boxes: the page plays partizan positions of at most 40; try a smaller position"
)


def read_error(text: str) -> str:
    """The line CRPM's parser refuses `text` with."""
    with pytest.raises(ValueError) as refused:
        get_partizan("crpm").parse(text)
    return str(refused.value)


# (what it tries, question, body, status, error)
ATTACKS: list[tuple[str, str, dict[str, Any], int, str]] = [
    ("a diagram too large", "start", {**CRPM, "position": "30^30"}, 400,
     TOO_MANY.format("30^30", "900")),
    ("one box too many", "start", {**CRPM, "position": "41"}, 400, TOO_MANY.format("41", "41")),
    ("a sum too large", "hint", {**CRPM, "position": "20 + 21"}, 400,
     TOO_MANY.format("20 + 21", "41")),
    ("a huge diagram, written short", "explore", {**CRPM, "position": "9^1000000000000"}, 400,
     TOO_MANY.format("9^1000000000000", "9,000,000,000,000")),
    ("no side", "start", {"game": "crpm", "position": "3,2"}, 400,
     "bad request: 'side' is missing"),
    ("a side of no one", "start", {**CRPM, "side": "up"}, 400,
     "bad request: 'side' must be 'left' or 'right', got 'up'"),
    ("a side in capitals", "move", {**CRPM, "side": "LEFT", "number": 1}, 400,
     "bad request: 'side' must be 'left' or 'right', got 'LEFT'"),
    ("a side not a string", "hint", {**CRPM, "side": ["left"]}, 400,
     "bad request: 'side' must be a string, got ['left']"),
    ("a long side", "start", {**CRPM, "side": "x" * 10_000}, 400,
     "bad request: 'side' must be 'left' or 'right', got 'xxxxxxxxxxxx...xxxxxxxxxxxxx'"),
    ("no first player", "start", {**CRPM, "first": "nobody"}, 400,
     "bad first player 'nobody': expected 'me' or 'computer'"),
    ("misère play", "start", {**CRPM, "misere": True}, 400,
     "crpm is a partizan game: it is valued in normal play only"),
    ("no such game", "start", {**CRPM, "game": "nosuchgame"}, 400, UNKNOWN.format("nosuchgame")),
    ("an impartial game", "start", {**CRPM, "game": "lctr"}, 400, UNKNOWN.format("lctr")),
    ("a partizan game's module", "start", {**CRPM, "game": "grundy.games.partizan_cr.crpm:CRPM"},
     400, UNKNOWN.format("grundy.games.partizan_cr.crpm:CRPM")),
    ("a file's code", "start", {**CRPM, "game": "evil.py:CRPM"}, 400,
     UNKNOWN.format("evil.py:CRPM")),
    ("os.system", "start", {**CRPM, "game": "os:system"}, 400, UNKNOWN.format("os:system")),
    ("a file as a position", "start", {**CRPM, "position": "/etc/passwd"}, 400,
     read_error("/etc/passwd")),  # as any bad text: nothing is opened
    ("a move past the last", "move", {**CRPM, "number": 3}, 400,
     "no move '3': type a number from 1 to 2"),
    ("no move said", "move", CRPM, 400, "bad request: say which move, by 'number' or by 'target'"),
    ("moves past the end", "start", {**CRPM, "moves": [1] * 100_000}, 400, "the game is over"),
    ("a path past the end", "explore", {**CRPM, "path": [1] * 100_000}, 400,
     "step 4 of the path: the game is over"),
]  # fmt: skip


@pytest.fixture
def attacker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A client of a server started in a folder holding evil.py, a module on the path."""
    (tmp_path / "evil.py").write_text(EVIL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return create_app().test_client()


def test_the_attackers_table(attacker: Any, tmp_path: Path) -> None:
    ok(attacker, "start", **CRPM)  # the imports of a first request
    modules = set(sys.modules)
    for what, question, body, status, error in ATTACKS:
        assert post(attacker, question, **body) == (status, {"error": error}), what
    assert set(sys.modules) == modules and not (tmp_path / "ran").exists()
    assert ok(attacker, "start", **CRPM)["current"] == "3,2"  # the server goes on


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Host": "evil.example"}, 403),
        ({"Origin": "http://evil.example"}, 403),
        ({"Referer": "http://evil.example/page"}, 403),
        ({"Origin": "http://localhost"}, 200),
    ],
)
def test_who_may_ask_as_for_impartial_games(client, headers: dict[str, str], status) -> None:
    answer = client.post("/api/partizan/start", json=CRPM, headers=headers)
    assert answer.status_code == status, answer.get_json()


def test_a_partizan_game_is_asked_at_its_own_address(client) -> None:
    answer = client.post("/api/start", json=CRPM)
    assert (answer.status_code, answer.get_json()) == (
        400,
        {"error": "'crpm' is a partizan game: ask /api/partizan/… with a side"},
    )
    assert client.post("/api/partizan/value", json=CRPM).status_code == 404
    assert client.get("/api/partizan/start").status_code == 405


def test_a_request_is_bounded_in_time_and_the_server_values_nothing() -> None:
    """A 40-box CRPS start (about 3 s to value) asked with 0.2 s: refused once its child
    is killed; the server's own memo of CRPS values is untouched by every request."""
    pool = SolverPool(processes=1)
    client = create_app(solve_seconds=0.2, pool=pool).test_client()
    held = len(solver_of("crps"))
    began = time.monotonic()
    status, data = post(client, "start", game="crps", position="12,9,2^9,1", side="left")
    assert time.monotonic() - began < 0.2 + GRACE_SECONDS + 1
    assert (status, data["error"]) == (
        400,
        "crps 12,9,2^9,1 is too large to play interactively: it was not solved in 0.2 s; "
        "try a smaller position",
    )
    # the pool goes on after the kill: a small hint through it, with time for a loaded
    # machine to start the pool's next child (0.2 s is not always enough for that)
    patient = create_app(solve_seconds=10, pool=pool).test_client()
    assert ok(patient, "hint", game="crps", position="6,5,2,1", side="right")["options"]
    assert len(solver_of("crps")) == held


def test_a_large_form_is_not_written_out(client) -> None:
    hint = ok(client, "hint", game="crpm", position="6,2,1^4", side="left")
    assert hint["value"] == f"a canonical form of more than {MAX_FORM_NODES:,} nodes (not written)"
    assert len(str(value("crpm", "6,2,1^4"))) == 13_345


# ------------------------------------------------------------ the page
@pytest.fixture(scope="module")
def page(browser, page_url: str) -> Iterator[Any]:  # noqa: F811 (the fixtures imported)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(page_url)
    page.wait_for_selector("body[data-ready=yes]")
    yield page
    page.close()
    assert not errors


def test_page_crpm_as_right_to_the_end(page) -> None:
    """CRPM 3,2 is L (Left wins, whoever starts): playing Right with the hints, the person
    loses; every click is a column, the computer answers with rows."""
    assert outcome("crpm", "3,2") == "L"
    page.select_option("#game", "crpm")
    assert page.is_visible("#side") and page.is_hidden("#misere")
    page.select_option("#side", "right")
    page.fill("#position", "3,2")
    page.click("#start")
    settled(page, "state && state.partizan && state.position === '3,2'")
    assert page.inner_text("#title") == "crpm 3,2 (you play Right)"
    page.check("#hints")
    settled(page, "hint !== null")
    assert "a losing move" in page.inner_text("#legend")
    assert "value {↑|*,{*,↑|*,↓}} (L: Left wins, whoever starts)" in page.inner_text("#legend")
    settled(page, "document.querySelector('#explorer li') !== null")
    assert "Right: in 3,2: remove a column of length 1" in page.inner_text("#explorer")
    state = page.evaluate("state")
    while state["winner"] is None:
        targets = page.locator("#board .target")
        assert {t.get_attribute("data-target")[:4] for t in targets.all()} == {"col:"}
        winning = page.locator("#board .target[data-winning='yes']")
        assert winning.count() == 0  # Right has no winning move in an L-position
        state = click_and_wait(page, targets.first)
        assert f"The computer (Left): {state['replies'][0]}." in page.inner_text("#status")
    status = page.inner_text("#status")
    assert "where Right has no move" in status and "The computer wins." in status
    assert page.inner_text("#history").count("you (Right):") == len(state["moves"])
    assert page.inner_text("#moves") == "Game over: the computer won."
