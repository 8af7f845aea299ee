"""`grundy serve`: time from a click to the computer's reply, on positions of 40 boxes.

    .venv/bin/python benchmarks/bench_serve.py              # every game (about two minutes)
    .venv/bin/python benchmarks/bench_serve.py --moves 4 --naive-moves 1   # quicker

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
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=8, help="clicks timed per game")
    parser.add_argument("--naive-moves", type=int, default=2, help="clicks timed without cache")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
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
