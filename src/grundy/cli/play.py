"""`grundy play`: a game against the computer in the terminal, on any ruleset.

The loop reads lines with `input()` (so a script or a pseudo-terminal can
drive it) and writes plain text; the game itself is `grundy.play.Match`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from grundy.answers import partizan_game
from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.options import FROM_FILE_HELP
from grundy.cli.partizan import play_partizan
from grundy.cli.reading import read_position
from grundy.play import COMPUTER, HUMAN, SOLVE_SECONDS, Match, picture

PROMPT = "move> "

HELP = (
    "Type a move's number from the list, or the move as it is written there; "
    "`hint` shows every option's value and the winning moves, `undo` takes back "
    "your last move, `quit` ends the game."
)


@app.command("play")
@game_options("misere", "piece")
def play_command(
    position: Annotated[
        str,
        typer.Argument(
            help='The start position in the game\'s syntax, e.g. "3,2,1".' + FROM_FILE_HELP
        ),
    ],
    first: Annotated[str, typer.Option("--first", help="Who moves first: me or computer.")] = "me",
    side: Annotated[
        str | None,
        typer.Option(
            "--side", help="A partizan game's side you take: left or right (default left)."
        ),
    ] = None,
    *,
    shared: GameOptions,
) -> None:
    """Play a game against the computer, which plays perfectly.

    Moves are typed or picked from a numbered list; `hint` shows the
    winning moves and the value of every option, `undo` takes back a move
    (also once the game is over), `quit` ends.  Positions the computer
    cannot solve within 5 seconds (every position reachable from the
    start) are refused as too large.
    """
    if first not in ("me", "computer"):
        raise ValueError(f"bad --first {first!r}: expected 'me' or 'computer'")
    partizan = partizan_game(shared.game)
    if partizan is not None:  # you take a side; Left removes rows, Right columns (CRPM)
        return play_partizan(partizan, position, side or "left", first == "me", shared)
    if side is not None:
        raise ValueError(f"--side is for partizan games (crpm, crps), not {shared.game}")
    rules = shared.rules()
    text, _ = read_position(rules, position)
    match = Match(rules, text, shared.misere, HUMAN if first == "me" else COMPUTER, SOLVE_SECONDS)
    run_match(match)


def run_match(match: Match) -> None:
    """The interactive loop on stdin/stdout until the game ends, `quit` or end of input."""
    rules = match.rules
    play = (
        "misère play: whoever cannot move wins"
        if match.misere
        else ("normal play: whoever cannot move loses")
    )
    who = "you move" if match.to_move() == HUMAN else "the computer moves"
    _say(f"{rules.name}, {play}; {who} first.")
    _say(HELP)
    _show(match)
    while True:
        winner = match.winner()
        if winner is not None:
            _say("You win!" if winner == HUMAN else "The computer wins.")
            if not _after_the_end(match):
                return
            _show(match)
            continue
        if match.to_move() == COMPUTER:
            option = match.computer_move()
            _say(f"computer: {option.text}")
            _show(match)
            continue
        _list(match)
        try:
            line = input(PROMPT)
        except EOFError:
            _say("")
            _say("Game abandoned.")
            return
        command = " ".join(line.split())
        word = command.casefold()
        if not command:
            continue
        if word in ("quit", "exit", "q"):
            _say("Game abandoned.")
            return
        if word in ("help", "?"):
            _say(HELP)
            continue
        if word == "hint":
            _hint(match)
            continue
        try:
            if word == "undo":
                match.undo()
                _say("undone")
            else:
                option = match.play(command)
                _say(f"you: {option.text}")
        except ValueError as exc:
            _say("error: " + " ".join(str(exc).split()))
            continue
        _show(match)


def _after_the_end(match: Match) -> bool:
    """Offer `undo` once the game is over; whether a move was taken back (else: leave)."""
    _say("Type undo to take back your last move, or quit.")
    while True:
        try:
            line = input(PROMPT)
        except EOFError:
            _say("")
            return False
        word = " ".join(line.split()).casefold()
        if word in ("quit", "exit", "q"):
            return False
        if word == "undo":
            try:
                match.undo()
            except ValueError as exc:  # the computer won before you moved
                _say(f"error: {exc}")
                return False
            _say("undone")
            return True
        if word:
            _say("error: the game is over: type undo or quit")


def _say(text: str) -> None:
    print(text, flush=True)


def _show(match: Match) -> None:
    """The current position: its text, and a picture when the game offers one."""
    rules = match.rules
    _say(f"position: {rules.format_position(match.position)}")
    drawing = picture(rules, match.position)
    if drawing:
        _say(drawing)


def _list(match: Match) -> None:
    for option in match.options():
        _say(f"  {option.number}. {option.text}")


def _hint(match: Match) -> None:
    rules = match.rules
    value = match.value()
    for option in match.options():
        mark = "  winning" if option.winning else ""
        _say(
            f"  {option.number}. {option.text} -> {rules.format_position(option.position)}: "
            f"value {option.value}{mark}"
        )
    wins = [str(o.number) for o in match.winning_options()]
    if wins:
        _say(f"value {value}: winning moves {', '.join(wins)}")
    else:
        _say(
            f"value {value}: no winning move, every move loses against perfect play "
            f"(the longest defence lasts {match.remoteness()} moves)"
        )
