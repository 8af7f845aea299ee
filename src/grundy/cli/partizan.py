"""What `grundy value`, `moves` and `count` print for a partizan game (issue 26: CRPM, CRPS
or a partizan game of one's own), asked through the door (`grundy.answers`).

A partizan value is a canonical form in CGSuite's notation (`grundy.partizan.names`), and
its outcome class is one of four: L (Left wins, whoever starts), R, N (the player to move
wins) or P (the player to move loses).  Left's move wins when Left wins what it leads to
with Right to move (outcome L or P); Right's likewise (R or P).
"""

from __future__ import annotations

import sys
from typing import Any

from rich.markup import escape
from rich.table import Table

from grundy.answers import answer, check_partizan_asked
from grundy.cli.game_options import GameOptions
from grundy.cli.printing import console, emit
from grundy.cli.reading import parse_range, read_position
from grundy.game import PartizanRuleset

__all__ = ["count_partizan", "moves_partizan", "play_partizan", "value_partizan"]

#: Each outcome class in words.
WHO = {
    "L": "Left wins, whoever starts",
    "R": "Right wins, whoever starts",
    "N": "the player to move wins",
    "P": "the player to move loses",
}
#: The outcomes after a move that the mover wins (the opponent to move there).
WINS_FOR = {"left": ("L", "P"), "right": ("R", "P")}


def _asked(rules: PartizanRuleset, argument: str, shared: GameOptions) -> tuple[Any, dict]:
    """The position an argument names, and the door's arguments from the shared options
    (the door refuses misère play, an atlas and a store for a partizan game)."""
    _, position = read_position(rules, argument)  # type: ignore[arg-type]
    return position, {"misere": shared.misere, "atlas": shared.atlas, "store": shared.store}


def value_partizan(rules: PartizanRuleset, argument: str, shared: GameOptions) -> None:
    """`grundy value` of a partizan game: the canonical form and the outcome class."""
    position, given = _asked(rules, argument, shared)
    found = answer(rules, position, **given)
    won = found.value.outcome()
    data = {
        "game": rules.name,
        "position": rules.format_position(position),
        "misere": False,
        "value": str(found.value),
        "outcome": won,
        "source": found.source,
    }

    def show() -> None:
        console.print(
            f"{escape(rules.name)} {escape(data['position'])}: value [bold]"
            f"{escape(data['value'])}[/bold], {WHO[won]} ({won})",
            soft_wrap=True,
        )

    emit(data, shared.as_json, show)


def moves_partizan(rules: PartizanRuleset, argument: str, shared: GameOptions) -> None:
    """`grundy moves` of a partizan game: Left's and Right's options with their values, and
    which of them win for the player who makes them."""
    position, given = _asked(rules, argument, shared)
    found = answer(rules, position, **given)
    listed = answer(rules, position, question="options", **given)
    rows = [
        {
            "player": side,
            "move": str(option.move),
            "description": option.description,
            "position": rules.format_position(option.position),
            "value": str(option.value),
            "winning": option.value.outcome() in WINS_FOR[side],
        }
        for side, options in zip(("left", "right"), listed.value, strict=True)
        for option in options
    ]
    data = {
        "game": rules.name,
        "position": rules.format_position(position),
        "value": str(found.value),
        "outcome": found.value.outcome(),
        "options": rows,
        "source": listed.source,
    }

    def show() -> None:
        table = Table(title=f"{rules.name} {data['position']}: value {data['value']}")
        for column in ("player", "move", "to", "value", "winning"):
            table.add_column(column)
        for row in rows:
            mark = "[green]yes[/green]" if row["winning"] else "no"
            cells = (row["player"], row["description"], row["position"], row["value"], mark)
            table.add_row(*map(escape, cells[:4]), mark)
        console.print(table)

    emit(data, shared.as_json, show)


def count_partizan(rules: PartizanRuleset, sizes: str, shared: GameOptions) -> None:
    """`grundy count` of a partizan game: for each n, its diagrams by outcome class and
    the number of distinct values among them (`grundy.analysis.partizan_counts`: the
    outcomes from the game's kernel where it has one, distinct values to n ≤
    `DISTINCT_N`, where the canonical forms are found)."""
    from grundy.analysis.partizan_counts import DISTINCT_N, partizan_counts

    check_partizan_asked(rules, shared.misere, shared.atlas, shared.store)
    counted = {n: partizan_counts(rules, n) for n in parse_range(sizes, "--n")}
    data = {
        "game": rules.name,
        "misere": False,
        "outcomes": {str(n): c.outcomes for n, c in counted.items()},
        "distinct": {str(n): c.distinct for n, c in counted.items() if c.distinct is not None},
        "source": sorted({c.source for c in counted.values()}),
    }
    if any(c.distinct is None for c in counted.values()):
        print(
            f"distinct values are counted for n <= {DISTINCT_N} only (canonical forms)",
            file=sys.stderr,
        )

    def show() -> None:
        table = Table(title=f"{rules.display_name}: positions of size n by outcome class")
        for column in ("n", "L", "R", "N", "P", "distinct values"):
            table.add_column(column, justify="right")
        for n, c in counted.items():
            distinct = "" if c.distinct is None else str(c.distinct)
            table.add_row(str(n), *(str(c.outcomes[k]) for k in "LRNP"), distinct)
        console.print(table)

    emit(data, shared.as_json, show)


def play_partizan(
    rules: PartizanRuleset, argument: str, side: str, me_first: bool, shared: GameOptions
) -> None:
    """`grundy play` of a partizan game: you take `side`, the computer the other and plays
    perfectly; `hint` shows every option's value and which win, `undo` and `quit` as for
    impartial games (`grundy.partizan.match.PartizanMatch`)."""
    from grundy.partizan.match import PartizanMatch

    position, given = _asked(rules, argument, shared)
    check_partizan_asked(rules, **given)
    first = side if me_first else ("right" if side == "left" else "left")
    match = PartizanMatch(rules, position, human=side, first=first)
    print(f"{rules.name}: you play {side}, the computer {match.other(side)}; {first} moves first.")
    print("Type a move's number or text; hint, undo, quit.", flush=True)
    while True:
        print(f"position: {rules.format_position(match.position)}", flush=True)
        winner = match.winner()
        if winner is not None:
            print("You win!" if winner == side else "The computer wins.", flush=True)
            return
        if match.mover != side:
            print(f"computer ({match.mover}): {match.computer_move().text}", flush=True)
            continue
        for option in match.options():
            print(f"  {option.number}. {option.text}")
        try:
            word = " ".join(input("move> ").split())
        except EOFError:
            print("\nGame abandoned.")
            return
        if word.casefold() in ("quit", "exit", "q"):
            print("Game abandoned.")
            return
        try:
            if word.casefold() == "hint":
                found = match.value()
                print(f"value {found} ({found.outcome()}: {WHO[found.outcome()]})")
                for option in match.options():
                    mark = "  winning" if option.winning else ""
                    shown = rules.format_position(option.position)
                    print(f"  {option.number}. {option.text} -> {shown}: {option.value}{mark}")
            elif word.casefold() == "undo":
                match.undo()
            elif word:
                print(f"you ({side}): {match.play(word).text}")
        except ValueError as exc:
            print("error: " + " ".join(str(exc).split()), flush=True)
