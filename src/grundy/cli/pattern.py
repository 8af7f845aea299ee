"""`grundy pattern`: the simplest rule explaining a sweep's values."""

from __future__ import annotations

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.common import app, resolve_game
from grundy.cli.options import (
    AtlasOption,
    FamilyArg,
    GameArg,
    JsonOption,
    LatexOption,
    MisereOption,
    NoStoreOption,
    PieceOption,
    SchedulerOption,
    StoreOption,
)
from grundy.cli.printing import console, emit, write_latex
from grundy.cli.sweep import parameter_ranges, run_sweep


@app.command("pattern", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def pattern_command(
    ctx: typer.Context,
    game: GameArg,
    family: FamilyArg,
    misere: MisereOption = False,
    store: StoreOption = None,
    no_store: NoStoreOption = False,
    scheduler: SchedulerOption = None,
    piece: PieceOption = None,
    atlas: AtlasOption = None,
    latex: LatexOption = None,
    as_json: JsonOption = False,
) -> None:
    """The simplest rule explaining a sweep's values: residues, strips, boundaries.

    With an atlas (--atlas DIR or $GRUNDY_ATLAS), the values within its levels are read
    from it.
    """
    from grundy.analysis.patterns import find_pattern

    rules = resolve_game(game, piece)
    ranges = parameter_ranges(ctx.args)
    rows = run_sweep(rules, family, ranges, misere, store, no_store, scheduler, atlas)
    pattern = find_pattern(rows, parameters=list(ranges))
    data = {"game": rules.name, "family": family, "misere": misere, **pattern.as_dict()}
    # The value of each class of the features; none without a rule, one for a constant.
    table = Table()
    for f in pattern.features:
        table.add_column(escape(f.name), justify="right")
    table.add_column("value", justify="right")
    for key, value in sorted(pattern.table.items()):
        table.add_row(*(str(k) for k in key), str(value))
    write_latex(latex, [table], data, as_json)

    def show() -> None:
        console.print(escape(pattern.describe()), soft_wrap=True)
        if pattern.found and pattern.features:
            console.print(table)

    emit(data, as_json, show)
