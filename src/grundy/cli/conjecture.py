"""`grundy conjecture`: check "when P then Q" on every position of each size."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from grundy.answers import atlas_for, partizan_game
from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.interrupts import interruptible, starts_over
from grundy.cli.options import (
    SizesOption,
)
from grundy.cli.printing import console, emit
from grundy.cli.progress import progress_bar
from grundy.cli.reading import parse_range


@app.command("conjecture")
@game_options("misere", "piece", "atlas", "json")
def conjecture_command(
    then: Annotated[
        str, typer.Option("--then", help='What must hold, e.g. "(parts[0] - len(parts)) % 2 == 0".')
    ],
    n: SizesOption,
    when: Annotated[
        str, typer.Option("--when", help='Which positions, e.g. "value == 0" (default: all).')
    ] = "True",
    *,
    shared: GameOptions,
) -> None:
    """Check "when P then Q" on every position of each size; the smallest counterexamples.

    P and Q are Python expressions over the names below.  They may use numbers,
    comparisons, and/or/not, + - * // % **, parts[0] and slices, and the functions
    below; nothing else runs.  A number past 10,000 bits (2 ** 2 ** 40) is refused,
    not computed.  With an atlas (--atlas DIR or $GRUNDY_ATLAS), the sizes within
    its levels are read from it.  A partizan game (CRPM, CRPS) is asked its outcome
    classes: L, R, N, P.

    Exit status: 0 when it holds, 1 when there are counterexamples, 2 on bad input.

    {predicate names}
    """
    from grundy.analysis.conjectures import check_conjecture

    misere = shared.misere
    partizan = partizan_game(shared.game)  # asked its outcome classes (L, R, N, P)
    rules = partizan if partizan is not None else shared.rules()
    sizes = parse_range(n, "--n")
    values = shared.atlas if partizan is not None else atlas_for(rules, misere, shared.atlas)
    done = [0]

    def progress(finished: int, total: int) -> None:
        done[0] = finished
        bar.update(finished, total)

    def doing() -> str:
        n = sizes[min(done[0], len(sizes) - 1)]
        return f"checking the conjecture on {rules.name} at n = {n}"

    with interruptible(doing, starts_over), progress_bar(f"checking {escape(rules.name)}") as bar:
        result = check_conjecture(rules, then, when, sizes, misere, progress=progress, atlas=values)

    def show() -> None:
        lo, hi = result["sizes"]
        if result["holds"]:
            console.print(
                f"holds for every position with {lo} ≤ n ≤ {hi} "
                f"({result['checked']:,} positions where {escape(result['when'])})"
            )
            return
        console.print(f"[bold red]false[/]: counterexamples with n ≤ {hi} (smallest first)")
        for c in result["counterexamples"]:
            said = "outcome" if isinstance(c["value"], str) else "value"
            console.print(f"  n = {c['n']}: {escape(c['position'])} ({said} {c['value']})")

    emit(result, shared.as_json, show)
    if not result["holds"]:
        raise typer.Exit(1)
