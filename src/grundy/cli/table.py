"""`grundy table`: the value of every sub-position, written in the Young diagram.

The picture of 000 §3.3 (Figures 5 and 8): the box on row i + 1, column
j + 1 holds the value of λ[i, j] (or whatever position the game puts in its
boxes: `grundy.analysis.tables`).  Every game that declares box positions has
a table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from grundy.answers import answer, json_source
from grundy.atomic import check_writable, write_text_atomic
from grundy.cli.common import app
from grundy.cli.game_options import GameOptions, game_options
from grundy.cli.options import (
    PartitionArg,
    option,
)
from grundy.cli.printing import console, emit, say_written
from grundy.cli.progress import search_progress
from grundy.cli.reading import read_position
from grundy.solver import solver_for

SvgOption = option(
    Path | None, "--svg", metavar="FILE", help="Also write the picture as SVG to FILE."
)
YtableauOption = option(
    Path | None, "--latex", metavar="FILE", help="Also write the table as LaTeX (ytableau)."
)
OutsideOption = option(
    bool | None,
    "--outside/--no-outside",
    help="Write the terminal value in the cells just outside the diagram "
    "(000 Figure 5; default: on for the games that draw it: {games drawing outside}).",
    show_default=False,
)


@app.command("table")
@game_options("no-title", "misere", "piece", "json")
def table_command(
    position: PartitionArg,
    svg: SvgOption = None,
    latex: YtableauOption = None,
    outside: OutsideOption = None,
    *,
    shared: GameOptions,
) -> None:
    """The value of every sub-position, written in its box of the Young diagram (000 Fig. 5).

    Box (i+1, j+1) holds the value of the partition left after deleting the
    first i rows and j columns.  --svg FILE also writes the picture as SVG
    (with --no-title, without its title line: a paper gives its caption).
    """
    from grundy.analysis.tables import (
        box_values,
        diagram_of,
        outside_value,
        require_table,
        young_title,
    )
    from grundy.render.latex import young_latex
    from grundy.render.young import check_drawable, table_rich, table_svg

    rules, misere, as_json = shared.rules(), shared.misere, shared.as_json
    require_table(rules)
    _, pos = read_position(rules, position)
    shape = diagram_of(rules, pos)
    # Each output against its own limit, before computing anything.  The text
    # picture is the only output without --json, --svg or --latex: refuse it
    # then; else print it only if it fits (the file is what was asked for).
    if svg is not None:
        check_drawable(shape, "svg")
        check_writable(svg)
    if latex is not None:
        check_writable(latex)
    if not as_json and svg is None and latex is None:
        check_drawable(shape, "text")
    too_large = None if as_json else _too_large_for_text(shape)
    if outside is None:
        outside = rules.draw_outside
    rim = outside_value(rules, misere) if outside else None
    solver = solver_for(rules)
    with search_progress(solver, f"{rules.name} {position}"):
        table = box_values(rules, position, misere)  # these parse the text themselves
        found = answer(rules, pos, misere)
    title = young_title(rules, position, misere)
    data = {
        "game": rules.name,
        "position": rules.format_position(pos),
        "misere": misere,
        "value": found.value,
        "source": json_source(found.source),
        "table": table,
        "outside": rim,
    }
    if svg is not None:
        write_text_atomic(
            svg, table_svg(table, outside=rim, title=None if shared.no_title else title)
        )
        data["svg"] = str(svg)
        say_written(svg, as_json)
    if latex is not None:
        write_text_atomic(latex, young_latex(table, caption=title) + "\n")
        data["latex"] = str(latex)
        say_written(latex, as_json)

    def show() -> None:
        if too_large is not None:
            console.print(f"{title}\n(not printed here: {too_large})", soft_wrap=True, markup=False)
        else:
            # soft_wrap: never fold a wide picture at the terminal's width.
            console.print(table_rich(table, outside=rim, title=title), end="", soft_wrap=True)
            note = "zeros (P-positions) in green"
            if rim is not None:
                note += f"; outside the diagram: the terminal positions (value {rim})"
            console.print(note, style="dim", soft_wrap=True, highlight=False)

    emit(data, as_json, show)


def _too_large_for_text(shape: Any) -> str | None:
    """Why the text picture is not printed (too large for a terminal), or None if it fits."""
    from grundy.render.young import check_drawable

    try:
        check_drawable(shape, "text")
    except ValueError as exc:
        return str(exc)
    return None
