"""`grundy pattern`: the simplest rule explaining a sweep's values."""

from __future__ import annotations

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.options import (
    FamilyArg,
)
from grundy.cli.printing import console, emit, write_latex
from grundy.cli.sweep import parameter_ranges, run_sweep


@app.command("pattern", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
@game_options("misere", "store", "no-store", "scheduler", "piece", "atlas", "latex", "json")
def pattern_command(ctx: typer.Context, family: FamilyArg, shared: GameOptions) -> None:
    """The simplest rule explaining a sweep's values: residues, strips, boundaries.

    With an atlas (--atlas DIR or $GRUNDY_ATLAS), the values within its levels are read
    from it.
    """
    from grundy.analysis.patterns import find_pattern

    rules = shared.rules()
    ranges = parameter_ranges(ctx.args)
    rows = run_sweep(rules, family, ranges, shared.misere, shared)
    pattern = find_pattern(rows, parameters=list(ranges))
    data = {"game": rules.name, "family": family, "misere": shared.misere, **pattern.as_dict()}
    # The value of each class of the features; none without a rule, one for a constant.
    table = Table()
    for f in pattern.features:
        table.add_column(escape(f.name), justify="right")
    table.add_column("value", justify="right")
    for key, value in sorted(pattern.table.items()):
        table.add_row(*(str(k) for k in key), str(value))
    write_latex(shared.latex, [table], data, shared.as_json)

    def show() -> None:
        console.print(escape(pattern.describe()), soft_wrap=True)
        if pattern.found and pattern.features:
            console.print(table)

    emit(data, shared.as_json, show)
