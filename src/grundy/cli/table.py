"""`grundy table`: the value of every sub-position, written in the Young diagram.

The picture of 000 §3.3 (Figures 5 and 8): the box on row i + 1, column
j + 1 holds the value of λ[i, j].  Games with a table: lctr, downright, cr.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from grundy.cli.common import JsonOption, MisereOption, app, console, emit
from grundy.registry import get_ruleset
from grundy.solver import value
from grundy.render.output import check_writable, write_text_atomic
from grundy.render.young import (
    OUTSIDE_BY_DEFAULT,
    TABLE_GAMES,
    check_drawable,
    outside_value,
    table_rich,
    table_svg,
    young_table,
    young_title,
)

GameArg = Annotated[str, typer.Argument(help="Game with a value table: lctr, downright or cr.")]
PositionArg = Annotated[str, typer.Argument(help='A partition, e.g. "8,7,6,5^2,2,1".')]
SvgOption = Annotated[
    Optional[Path],  # noqa: UP045  (typer reads the annotation at run time)
    typer.Option("--svg", metavar="FILE", help="Also write the picture as SVG to FILE."),
]
OutsideOption = Annotated[
    Optional[bool],  # noqa: UP045
    typer.Option(
        "--outside/--no-outside",
        help="Write the terminal value in the cells just outside the diagram "
        "(000 Figure 5; default: on for lctr).",
        show_default=False,
    ),
]


@app.command("table")
def table_command(
    game: GameArg,
    position: PositionArg,
    misere: MisereOption = False,
    svg: SvgOption = None,
    outside: OutsideOption = None,
    as_json: JsonOption = False,
) -> None:
    """The value of every sub-position, written in its box of the Young diagram (000 Fig. 5).

    Box (i+1, j+1) holds the value of the partition left after deleting the
    first i rows and j columns.  --svg FILE also writes the picture as SVG.
    """
    rules = get_ruleset(game)
    if rules.name not in TABLE_GAMES:
        raise ValueError(
            f"game {rules.name!r} has no value table; `grundy table` knows "
            + ", ".join(TABLE_GAMES)
        )
    pos = rules.parse(position)
    # Refuse pictures that cannot be drawn before computing anything.
    if not as_json:
        check_drawable(pos, "text")
    if svg is not None:
        check_drawable(pos, "svg")
        check_writable(svg)
    if outside is None:
        outside = rules.name in OUTSIDE_BY_DEFAULT
    rim = outside_value(rules, misere) if outside else None
    table = young_table(rules, pos, misere)
    result = value(rules, pos, misere)
    title = young_title(rules, pos, misere)
    data = {
        "game": rules.name,
        "position": rules.format_position(pos),
        "misere": misere,
        "value": result,
        "table": table,
        "outside": rim,
    }
    if svg is not None:
        write_text_atomic(svg, table_svg(table, outside=rim, title=title))
        data["svg"] = str(svg)

    def show() -> None:
        # soft_wrap: never fold a wide picture at the terminal's width.
        console.print(table_rich(table, outside=rim, title=title), end="", soft_wrap=True)
        note = "zeros (P-positions) in green"
        if rim is not None:
            note += f"; outside the diagram: the terminal positions (value {rim})"
        console.print(note, style="dim", soft_wrap=True, highlight=False)
        if svg is not None:
            console.print(f"SVG written to {svg}", soft_wrap=True, markup=False, highlight=False)

    emit(data, as_json, show)
