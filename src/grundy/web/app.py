"""The web application of `grundy serve`: the page and its JSON API (Flask).

The server keeps no game.  Every request names one — its game (and the
game's ``parameters``, e.g. a chess piece), its start ``position`` in the
game's own syntax, ``misere``, who moves ``first`` ("me" or "computer") and
``moves``, the numbers (from 1, in the order the options are listed) of the
moves the person has made — and the server replays it on a `grundy.play.Match`
whose start was solved once (`grundy.web.solving`), the computer answering
each move as it did before (its play is deterministic).

=====================  ================================================  =====================
request                body (besides the game)                           answer
=====================  ================================================  =====================
``GET /api/games``                                                       every registered game,
                                                                         the ``partizan`` ones,
                                                                         and ``script``: how
                                                                         positions are typeset
``POST /api/start``                                                      the state
``POST /api/move``     ``number`` (of an option) or ``target`` (a part   the state after the
                       of the picture, `grundy.web.board`)               move and the reply
``POST /api/undo``                                                       the state before the
                                                                         person's last move
``POST /api/hint``                                                       values of the options
``POST /api/explore``  ``path`` (option numbers from the current         a position's options
                       position), ``tree`` (count its game tree)         with their values
=====================  ================================================  =====================

A partizan game (``partizan`` in the list of games: CRPM, CRPS) is asked the same
questions at ``POST /api/partizan/<question>``, with the ``side`` the person plays
("left" or "right"), and answered with canonical forms (`grundy.web.partizan_play`).

A bad request is answered with status 400 and ``{"error": "<one line>"}``,
the line the command line prints after "grundy: error: "; a request from
another site, or naming the server by another name, with 403
(`grundy.web.guard`); a start when every solver is taken and enough are
waiting with 503 ("busy: … try again"); a failure (a bug, here or in a
ruleset) with status 500 and its one line; the server goes on.  A request
names a game the server was started with (`grundy.web.game_list`); everything it
makes the server compute about a new start runs in a bounded child process
(`grundy.web.solving`).

>>> client = create_app().test_client()
>>> game = {"game": "lctr", "position": "3,1"}
>>> client.post("/api/start", json=game).get_json()["options"][0]
{'number': 1, 'move': 'remove the top row', 'position': '1'}
>>> reply = client.post("/api/move", json={**game, "number": 1}).get_json()
>>> reply["replies"], reply["winner"]
(['remove the top row'], 'computer')
>>> client.post("/api/move", json={**game, "number": 3}).get_json()
{'error': 'no move number 3: choose 1 to 2'}
"""

from __future__ import annotations

import functools
import json
import reprlib
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, g, jsonify, request
from werkzeug.exceptions import HTTPException

from grundy.analysis.tree_size import stats
from grundy.game import Ruleset
from grundy.play import COMPUTER, HUMAN, SOLVE_SECONDS, Match, MatchOption
from grundy.render.typeset import SCRIPT_PATTERN
from grundy.web.board import board, target_option
from grundy.web.game_list import Catalogue
from grundy.web.guard import LOOPBACK_NAMES, Site
from grundy.web.partizan_play import QUESTIONS, PartizanAsked, PartizanPlay
from grundy.web.solving import GRACE_SECONDS, Busy, Died, Overrun, SolverPool, Solves

__all__ = ["LOCAL", "MAX_BODY", "MAX_DIGITS", "create_app"]

#: The site of an application not bound to a port (Flask's test client: ``Host: localhost``).
LOCAL = Site(LOOPBACK_NAMES)
#: The most digits of a number in a request (move numbers are small).
MAX_DIGITS = 100
#: The most bytes of a request body (a game is a few hundred bytes): 413 past it.
MAX_BODY = 1 << 20

_JSON = dict[str, Any]


def create_app(
    solve_seconds: float = SOLVE_SECONDS,
    kept_solves: int = 16,
    *,
    games: Iterable[str] = (),
    pool: SolverPool | None = None,
    site: Site = LOCAL,
) -> Flask:
    """The Flask application: the page at ``/`` and the JSON API (module doc).

    It plays the registered games and those of the `games` references (resolved
    now); it answers requests naming `site`; a start position not solved within
    `solve_seconds` is refused, and starts are solved in `pool` (default: one
    process a core); the last `kept_solves` solved starts are kept for the
    requests that follow.
    """
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.json.sort_keys = False  # type: ignore[attr-defined]
    catalogue = Catalogue(games)
    if pool is None:
        pool = SolverPool(wait_seconds=solve_seconds + GRACE_SECONDS)
    solves = Solves(pool, solve_seconds, kept_solves)
    partizan = PartizanPlay(catalogue, pool, solve_seconds)

    @app.before_request
    def guard() -> Any:
        headers = request.headers
        refusal = site.refusal(
            request.method,
            headers.get("Host"),
            headers.get("Origin"),
            headers.get("Referer"),
            request.environ.get("REQUEST_URI", "/"),
        )
        return None if refusal is None else (jsonify(error=refusal), 403)

    @app.get("/")
    def page() -> Any:
        return app.send_static_file("index.html")

    @app.get("/api/games")
    @_answers
    def games() -> _JSON:
        return {
            "games": catalogue.listing(),
            "partizan": catalogue.partizan_listing(),
            "default": catalogue.default(),
            "solve_seconds": solve_seconds,
            "script": SCRIPT_PATTERN,  # how the page reads exponents and subscripts
        }

    @app.post("/api/start")
    @_answers
    def start() -> _JSON:
        return _state(*_replayed(catalogue, solves))

    @app.post("/api/move")
    @_answers
    def move() -> _JSON:
        match, game, _ = _replayed(catalogue, solves)
        body = _body()
        if (body.get("number") is None) == (body.get("target") is None):
            raise ValueError("bad request: say which move, by 'number' or by 'target'")
        if body.get("target") is None:
            match.play(_field(body, "number", int))
        else:
            target = _field(body, "target", str)
            match.play(target_option(match.rules, match.position, match.options(), target).number)
        return _state(match, game, _computer_turns(match))

    @app.post("/api/undo")
    @_answers
    def undo() -> _JSON:
        match, game, _ = _replayed(catalogue, solves)
        match.undo()
        return _state(match, game, [])

    @app.post("/api/hint")
    @_answers
    def hint() -> _JSON:
        match, _, _ = _replayed(catalogue, solves)
        options = match.options()
        return {
            "value": match.value(),
            "remoteness": match.remoteness(),
            "options": [
                {
                    "number": o.number,
                    "value": o.value,
                    "remoteness": o.remoteness,
                    "winning": o.winning,
                }
                for o in options
            ],
            "winning": [o.number for o in options if o.winning],
        }

    @app.post("/api/explore")
    @_answers
    def explore() -> _JSON:
        match, _, _ = _replayed(catalogue, solves)
        body = _body()
        path = _numbers(body, "path")
        position = match.position
        rules = match.rules
        for step, number in enumerate(path, 1):
            options = match.options(position)
            if not options:
                raise ValueError(
                    f"step {step} of the path goes nowhere: "
                    f"{rules.format_position(position)} has no moves"
                )
            if not 1 <= number <= len(options):
                raise ValueError(
                    f"no option {number} at step {step} of the path: choose 1 to {len(options)}"
                )
            position = options[number - 1].position
        out = {
            "path": path,
            "position": rules.format_position(position),
            "value": match.value(position),
            "remoteness": match.remoteness(position),
            "options": [
                {
                    "number": o.number,
                    "move": o.text,
                    "position": rules.format_position(o.position),
                    "value": o.value,
                    "remoteness": o.remoteness,
                }
                for o in match.options(position)
            ],
        }
        if _field(body, "tree", bool, False):
            out["tree"] = _tree(rules, position, solves)
        return out

    @app.post(f"/api/partizan/<any({', '.join(QUESTIONS)}):question>")
    @_answers
    def partizan_question(question: str) -> _JSON:
        body = _body()
        asked = PartizanAsked(
            game=_field(body, "game", str),
            position=_field(body, "position", str),
            side=_field(body, "side", str),
            first=_field(body, "first", str, "me"),
            misere=_field(body, "misere", bool, False),
            moves=tuple(_numbers(body, "moves")),
            number=_field(body, "number", int, None),
            target=_field(body, "target", str, None),
            path=tuple(_numbers(body, "path")),
        )
        return partizan.answer(question, asked)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        return jsonify(error=_one_line(exc.description or exc.name)), exc.code

    @app.errorhandler(Exception)
    def failure(exc: Exception) -> Any:  # a bug (here or in a ruleset): said, and served on
        app.logger.exception("request failed")
        return jsonify(error=_one_line(f"internal error: {type(exc).__name__}: {exc}")), 500

    return app


# ---------------------------------------------------------------- requests
def _answers(view: Callable[..., _JSON]) -> Callable[..., Any]:
    """A view answering JSON: bad input → 400 with the one line the command line prints."""

    @functools.wraps(view)
    def answer(**route: Any) -> Any:
        try:
            return jsonify(view(**route))
        except (ValueError, TypeError, OverflowError) as exc:
            return jsonify(error=_one_line(str(exc))), 400
        except MemoryError:
            return jsonify(error="out of memory: the input is too large for this machine"), 400
        except Busy as exc:
            return jsonify(error=_one_line(str(exc))), 503

    return answer


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _body() -> _JSON:
    """The request's JSON object (read once a request; a ValueError if it is not one)."""
    if "body" not in g:
        g.body = _json_object()
    return g.body


def _json_object() -> _JSON:
    """The request body read as a JSON object, or a ValueError saying why it is not one."""
    not_an_object = "bad request: send a JSON object (Content-Type: application/json)"
    if not request.is_json:
        raise ValueError(not_an_object)
    try:
        body = json.loads(request.get_data(), parse_int=_small_int)
    except RecursionError:
        raise ValueError("bad request: the JSON is nested too deeply") from None
    except ValueError as exc:
        raise ValueError(f"{not_an_object}: {exc}") from None
    if not isinstance(body, dict):
        raise ValueError(not_an_object)
    return body


def _small_int(digits: str) -> int:
    """A JSON integer of at most `MAX_DIGITS` digits (a longer one costs time to read)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of more than {MAX_DIGITS} digits")
    return int(digits)


_MISSING = object()


def _field(body: _JSON, name: str, kind: type, default: Any = _MISSING) -> Any:
    """body[name], checked to be of `kind` (a ValueError naming the field otherwise)."""
    value = body.get(name, default)
    if value is _MISSING:
        raise ValueError(f"bad request: '{name}' is missing")
    if value is default:
        return value
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = {str: "a string", int: "an integer", bool: "true or false", dict: "an object"}
        shown = reprlib.repr(value)  # a few levels and items: never deep, never long
        raise ValueError(f"bad request: '{name}' must be {names[kind]}, got {shown}")
    return value


def _numbers(body: _JSON, name: str) -> list[int]:
    """body[name]: a list of move numbers (default empty)."""
    value = body.get(name, [])
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ValueError(f"bad request: '{name}' must be a list of move numbers")
    return value


def _replayed(catalogue: Catalogue, solves: Solves) -> tuple[Match, _JSON, list[MatchOption]]:
    """The request's game replayed (the computer answering the person's last move too), the
    game as the request named it, and the computer's moves after the person's last."""
    body = _body()
    game = {
        "game": _field(body, "game", str),
        "parameters": _field(body, "parameters", dict, {}),
        "position": _field(body, "position", str),
        "misere": _field(body, "misere", bool, False),
        "first": _field(body, "first", str, "me"),
    }
    rules = catalogue.ruleset(game["game"])
    catalogue.check_parameters(rules, game["parameters"])
    match = solves.match(rules, game["parameters"], game["position"], game["misere"], game["first"])
    for number in _numbers(body, "moves"):
        _computer_turns(match)
        match.play(number)
    return match, game, _computer_turns(match)


def _computer_turns(match: Match) -> list[MatchOption]:
    """The computer's moves until it is the person's turn or the game is over."""
    made = []
    while match.to_move() == COMPUTER and not match.is_over():
        made.append(match.computer_move())
    return made


# ---------------------------------------------------------------- answers
def _state(match: Match, game: _JSON, replies: list[MatchOption]) -> _JSON:
    """Everything the page shows of a game, and the game to send back with the next request."""
    rules = match.rules
    playing = match.to_move() == HUMAN and not match.is_over()
    options = match.options() if playing else []
    return {
        **game,
        "moves": [o.number for _, player, o in match.history if player == HUMAN],
        "name": rules.name,
        "start": rules.format_position(match.start),
        "current": rules.format_position(match.position),
        "to_move": match.to_move(),
        "winner": match.winner(),
        "replies": [o.text for o in replies],
        "history": [
            {
                "player": player,
                "number": o.number,
                "move": o.text,
                "position": rules.format_position(o.position),
            }
            for _, player, o in match.history
        ],
        "options": [
            {"number": o.number, "move": o.text, "position": rules.format_position(o.position)}
            for o in options
        ],
        "board": board(rules, match.position, options),
    }


def _tree(rules: Ruleset, position: Any, solves: Solves) -> _JSON:
    """The game-tree sizes of `position` (as strings: they outgrow JavaScript's numbers),
    by the game's closed forms or a walk of its states within a solve's time."""
    seconds = solves.seconds
    try:
        sizes = solves.pool.run(stats, rules, position, seconds=seconds)
    except Died as exc:
        return {"note": f"not counted: its process {exc}"}
    except Overrun:
        return {"note": f"not counted within {seconds:g} s"}
    except Busy as exc:
        return {"note": _one_line(str(exc))}
    except ValueError as exc:
        return {"note": _one_line(str(exc))}
    return {key: str(value) for key, value in sizes.items()}
