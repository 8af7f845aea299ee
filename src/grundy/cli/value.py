"""`grundy value`: the Sprague–Grundy value of a position, for any game."""

from __future__ import annotations

from rich.markup import escape

from grundy.answers import answer, json_source, partizan_game
from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.options import (
    PositionArg,
)
from grundy.cli.partizan import value_partizan
from grundy.cli.printing import console, emit
from grundy.cli.progress import search_progress
from grundy.cli.reading import read_position
from grundy.solver import solver_for


@app.command("value")
@game_options("misere", "piece", "atlas", "read-store", "json")
def value_command(position: PositionArg, shared: GameOptions) -> None:
    """The Sprague–Grundy value of a position (misère value with --misere).

    Bounds: a closed form answers at once, whatever the size (the games with one:
    {games with a closed form}); the compiled engine takes boundary words of
    up to 120 letters (λ1 + number of rows ≤ 120) under a memory cap of a
    quarter of the machine's memory.  Anything else goes to the generic solver,
    which holds at most one position per 1,000 bytes of that cap and stops with
    an error when the search passes it; on a terminal it shows its progress
    against that bound, and Ctrl-C says what it was searching.  With an atlas
    (--atlas DIR or $GRUNDY_ATLAS), a position within its levels is looked up;
    with --store, a value a sweep kept is read.  --json names the source that
    answered: "closed form", "atlas", "store", "kernel" or "search" (a list where
    several served).
    """
    partizan = partizan_game(shared.game)
    if partizan is not None:  # a canonical form and an outcome class, not a nimber
        return value_partizan(partizan, position, shared)
    rules, misere = shared.rules(), shared.misere
    _, pos = read_position(rules, position)
    with search_progress(solver_for(rules), f"{rules.name} {position}"):
        found = answer(rules, pos, misere, atlas=shared.atlas, store=shared.store)
    result = None if found.kind == "outcome" else found.value  # an outcome atlas: no value
    won = found.value if result is None else "P" if result == 0 else "N"
    data = {
        "game": rules.name,
        "position": rules.format_position(pos),
        "misere": misere,
        "value": result,
        "outcome": won,
        "source": json_source(found.source),
    }

    def show() -> None:
        play = "misère" if misere else "normal"
        who = "previous player wins (P)" if won == "P" else "next player wins (N)"
        known = f"value [bold]{result}[/bold]"
        if result is None:
            known = "value unknown (the outcome atlas keeps only who wins)"
        console.print(
            f"{escape(rules.name)} {escape(data['position'])} ({play} play): {known}, {who}",
            soft_wrap=True,
        )

    emit(data, shared.as_json, show)
