"""`grundy serve` on partizan games (`grundy.web.partizan_play`): what a request costs, and
what the bound on written forms saves.

    .venv/bin/python benchmarks/bench_serve_partizan.py            # about half a minute
    .venv/bin/python benchmarks/bench_serve_partizan.py --clicks 2

*Requests.*  A partizan request is answered whole in a forked child of the solver pool
(nothing of the game is kept in the server), so every click values the game afresh.  Per
position (CRPM and CRPS, diagrams of 10 to 40 boxes, the last `MAX_BOXES`), through
Flask's test client: the start, the median of a few clicks (random moves, fixed seed)
and the hint after the start; *here* the same requests answered in the request's thread
with the values kept between requests (no child, no bound, the memory growing with
every start: the baseline, a server that kept its games), and the ratio child / here of
the clicks: the price of keeping nothing.  A position not answered in the solve's 5 s
is listed as refused.

*Forms.*  A hint writes each option's canonical form when its tree has at most
`MAX_FORM_NODES` nodes (`written`); the baseline writes every form out (`str`), as a
page without the bound would.  On the CRPM diagrams whose forms grow fastest (a hook
with a staircase at its corner, 12 to 16 boxes), each in a fresh child so that no
name is cached: seconds and characters of both, and the ratio of the seconds.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from typing import Any

from grundy.partizan import get_partizan, left_options
from grundy.web.app import create_app
from grundy.web.partizan_play import MAX_BOXES, MAX_FORM_NODES, written
from grundy.web.solving import SolverPool

POSITIONS = [
    ("crpm", "4,3,2,1"),
    ("crpm", "6,5,4,3,2"),
    ("crpm", "8,7,6,5,4"),
    ("crpm", "14,9,6,3^3,1^2"),
    ("crps", "4,3,2,1"),
    ("crps", "6,5,4,3,2"),
    ("crps", "8,7,6,5,4"),
    ("crps", "9,8,5,4,3^3,2,1^3"),
]
FORMS = ["6,2,1^4", "6,3,2,1^3", "7,3,2,1^4"]


class HerePool(SolverPool):
    """The baseline: every request answered in its own thread (no child, no bound), the
    values kept in this process's memo from one request to the next."""

    def run(self, function: Any, *args: Any, seconds: float) -> Any:
        return function(*args)


def timed(client: Any, question: str, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Milliseconds and the answer (a ValueError with its line if refused)."""
    began = time.perf_counter()
    answer = client.post(f"/api/partizan/{question}", json=body)
    elapsed = (time.perf_counter() - began) * 1000
    if answer.status_code != 200:
        raise ValueError(answer.get_json()["error"])
    return elapsed, answer.get_json()


def requests(client: Any, game: str, start: str, clicks: int) -> tuple[float, float, float]:
    """Milliseconds of the start, the median click and the hint."""
    rng = random.Random(26)
    body = {"game": game, "position": start, "side": "left", "moves": []}
    start_ms, state = timed(client, "start", body)
    hint_ms, _ = timed(client, "hint", body)
    played = []
    while len(played) < clicks and state["options"]:
        number = rng.choice(state["options"])["number"]
        ms, state = timed(client, "move", {**body, "moves": state["moves"], "number": number})
        played.append(ms)
    return start_ms, statistics.median(played) if played else float("nan"), hint_ms


def forms(position: str, write: Any) -> tuple[float, int]:
    """Seconds and characters of writing every Left option's form of CRPM `position`."""
    options = left_options("crpm", position)  # valued before the clock starts
    began = time.perf_counter()
    text = [write(o.value) for o in options]
    return time.perf_counter() - began, sum(map(len, text))


def in_a_child(position: str, write: Any) -> tuple[float, int]:
    with multiprocessing.get_context("fork").Pool(1) as pool:
        return pool.apply(forms, (position, write))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=4, help="clicks a position (default 4)")
    clicks = parser.parse_args().clicks
    child, here = create_app().test_client(), create_app(pool=HerePool(1)).test_client()
    print(f"requests (ms; at most {MAX_BOXES} boxes; a click is the median of {clicks})")
    print(f"{'game':5s} {'position':18s} {'boxes':>5s}  {'start':>7s} {'click':>7s} "
          f"{'hint':>7s}  {'here: click':>11s} {'ratio':>6s}")  # fmt: skip
    for game, start in POSITIONS:
        boxes = get_partizan(game).parse(start).size
        try:
            ms = requests(child, game, start, clicks)
            base = requests(here, game, start, clicks)
        except ValueError as exc:
            print(f"{game:5s} {start:18s} {boxes:5d}  refused: {exc}")
            continue
        print(f"{game:5s} {start:18s} {boxes:5d}  {ms[0]:7.1f} {ms[1]:7.1f} {ms[2]:7.1f}  "
              f"{base[1]:11.1f} {ms[1] / base[1]:6.2f}")  # fmt: skip
    print(f"\nforms of CRPM Left options (written: at most {MAX_FORM_NODES:,} nodes; str: all)")
    print(f"{'position':12s} {'str s':>8s} {'chars':>10s}  {'written s':>9s} {'chars':>7s} "
          f"{'ratio':>8s}")  # fmt: skip
    for position in FORMS:
        whole, whole_chars = in_a_child(position, str)
        bounded, bounded_chars = in_a_child(position, written)
        print(f"{position:12s} {whole:8.3f} {whole_chars:10,d}  {bounded:9.4f} "
              f"{bounded_chars:7,d} {whole / bounded:8.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
