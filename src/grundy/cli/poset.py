"""`grundy poset values|position|picture`: coin-turning games on posets (paper 004).

POSET is one of chain:N, divisors:N, subspaces:N:Q, set-partitions:N, asm:N,
young:4,2,1, a product such as chain:3xchain:4, or @FILE: the JSON file FILE,
{"elements": [...], "covers": [[a, b], ...]} (or "relations": a ≤ b pairs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from grundy.cli.bundles import Command, bundled
from grundy.cli.common import app
from grundy.cli.late_help import GrundyTyper
from grundy.cli.options import JsonOption, LatexOption, NoTitleOption, argument, option
from grundy.cli.printing import console, emit, emit_tables, say_written, write_latex
from grundy.cli.progress import progress_bar
from grundy.cli.reading import argument_file, parse_argument
from grundy.posets import SPEC_HELP

if TYPE_CHECKING:
    from grundy.games.coin_turning.coin_turning import CoinMove
    from grundy.posets import Poset

poset_app = GrundyTyper(
    help="Coin-turning games on posets (paper 004): values, positions, Hasse pictures.",
    no_args_is_help=True,
)
app.add_typer(poset_app, name="poset")

#: The poset argument's file form (`read_poset`).
POSET_FILE_HELP = (
    '@FILE: the JSON file FILE, {"elements": [...], "covers": [[a, b], ...]} (or "relations")'
)
# escape: rich markup would eat the JSON example's "[[a, b], ...]".
PosetArg = argument(str, help=escape(f"The poset: {SPEC_HELP}, or {POSET_FILE_HELP}."))
TurningOption = option(
    str,
    "--turning",
    "-t",
    help="Turning sets: ruler (intervals), ideal (principal order ideals), turtles (pairs).",
)


@dataclass(frozen=True)
class PosetOptions:
    """The poset a `grundy poset` command was given (its text or ``@FILE``), the turning
    sets and the output asked for; an option the command does not take keeps its default."""

    poset: str
    turning: str = "ruler"
    latex: str | None = None
    as_json: bool = False


def poset_options(*names: str) -> Callable[[Command], Command]:
    """Give a `grundy poset` command the poset argument and the options `names` (of
    "turning", "latex", "as_json"), handed to it as one `PosetOptions`
    (`grundy.cli.bundles.bundled`)."""
    declared = {"turning": TurningOption, "latex": LatexOption, "as_json": JsonOption}
    return bundled(PosetOptions, {"poset": PosetArg}, {name: declared[name] for name in names})


HEADS_HELP = (
    "Heads, in the poset's notation; repeat the option or separate elements by spaces or ';'. "
    "Notation: chain/divisors 6; subspaces <101,011> (spanning rows, <> = zero space); "
    "set partitions 13|2|4 (commas in blocks when n ≥ 10); asm (x,y,z); young boxes (row,col); "
    "products (a,b); JSON posets: the label as written in the file."
)


def _values(p: Poset, turning: str) -> list[int]:
    """Element values, with a progress bar on a terminal for large posets."""
    from grundy.games.coin_turning import coin_turning

    if len(p) < 2000:
        return coin_turning.value_list(p, turning)
    with progress_bar(f"values on {p.name}", len(p)) as advance:
        return coin_turning.value_list(p, turning, progress=advance)


def _family_name(turning: str) -> str:
    """The name of the turning sets `turning` names (an unknown name is a ValueError)."""
    from grundy.games.coin_turning import coin_turning

    return coin_turning.family(turning).name


def read_poset(argument: str) -> Poset:
    """The poset a command-line argument names: a spec (`grundy.posets.parse_spec`), or
    with ``@FILE`` the JSON file FILE (`grundy.posets.from_json`, checked first by
    `argument_file`); a bare file name is refused, saying to write ``@FILE``.

    >>> read_poset("chain:3").spec
    'chain:3'
    """
    from grundy.posets import from_json, parse_spec

    path = argument_file(argument, "poset file")
    if path is not None:
        return from_json(path)
    return parse_argument(argument, parse_spec, "a poset spec")


def _elements_of(poset: Poset, heads: list[str]) -> list[Any]:
    words = [w for h in heads for w in h.replace(";", " ").split()]
    return [poset.parse(w) for w in words]


@poset_app.command("values")
@poset_options("turning", "latex", "as_json")
def values_command(shared: PosetOptions) -> None:
    """The Grundy value of every element (004 Theorem 4.1)."""
    p = read_poset(shared.poset)
    g = _values(p, shared.turning)
    fam = _family_name(shared.turning)
    levels = p.levels()
    data = {
        "poset": p.name,
        "turning": fam,
        "elements": len(p),
        "graded": p.is_graded,
        "values": {p.format(x): g[i] for i, x in enumerate(p)},
        "levels": {p.format(x): levels[i] for i, x in enumerate(p)},
    }
    table = Table(title=f"{fam} on {escape(p.name)}: {len(p)} elements")
    for column in ("element", "rank" if data["graded"] else "level", "value"):
        table.add_column(column)
    for i, x in enumerate(p):
        table.add_row(escape(p.format(x)), str(levels[i]), str(g[i]))
    # A poset may have no elements: A_1 (x + y + z ≤ −1), say.
    empty = f"{fam} on {escape(p.name)}: the empty poset, no elements"
    emit_tables(data, [table], shared.latex, shared.as_json, empty)


@poset_app.command("position")
@poset_options("turning", "latex", "as_json")
def position_command(
    heads: Annotated[list[str], typer.Option("--heads", help=HEADS_HELP)],
    all_moves: Annotated[
        bool, typer.Option("--all-moves", help="List every option, not only winning ones.")
    ] = False,
    *,
    shared: PosetOptions,
) -> None:
    """A position's value (nim-sum of its heads, 004 (4.1b)) and its winning moves."""
    from grundy.games.coin_turning import coin_turning

    turning, as_json = shared.turning, shared.as_json
    p = read_poset(shared.poset)
    chosen = _elements_of(p, heads)
    fam = _family_name(turning)
    _values(p, turning)  # cached on the poset: the calls below reuse it
    result = coin_turning.position_value(p, chosen, turning)
    listed = coin_turning.moves(p, chosen, turning)
    if not all_moves:
        listed = [m for m in listed if m.value == 0]

    def row(m: CoinMove) -> dict[str, Any]:
        return {
            "top": p.format(m.top),
            "turn": [p.format(x) for x in m.turned],
            "heads_after": [p.format(x) for x in p.elements if x in m.heads],
            "value": m.value,
            "winning": m.value == 0,
        }

    rows = [row(m) for m in listed]
    data = {
        "poset": p.name,
        "turning": fam,
        "heads": [p.format(x) for x in chosen],
        "value": result,
        "outcome": "P" if result == 0 else "N",
        "moves" if all_moves else "winning_moves": rows,
    }
    table = Table(title="moves" if all_moves else "winning moves")
    for column in ("turn", "heads after", "value"):
        table.add_column(column)
    for r in rows:
        table.add_row(
            escape("{" + ", ".join(r["turn"]) + "}"),
            escape("{" + ", ".join(r["heads_after"]) + "}"),
            str(r["value"]),
        )
    write_latex(shared.latex, [table], data, as_json)

    def show() -> None:
        shown = escape("{" + ", ".join(data["heads"]) + "}")
        who = "previous player wins (P)" if result == 0 else "next player wins (N)"
        console.print(
            f"{fam} on {escape(p.name)}, heads {shown}: value [bold]{result}[/bold], {who}"
        )
        if rows:
            console.print(table)

    emit(data, as_json, show)


@poset_app.command("picture")
@poset_options("turning", "as_json")
def picture_command(
    svg: Annotated[str, typer.Option("--svg", help="Write the Hasse diagram to this SVG file.")],
    tikz: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--tikz", help="Also write it as a TikZ picture for LaTeX."),
    ] = None,
    labels: Annotated[
        bool, typer.Option("--labels/--no-labels", help="Write element names beside the nodes.")
    ] = True,
    no_title: NoTitleOption = False,
    *,
    shared: PosetOptions,
) -> None:
    """Hasse diagram with each element's value on its node (style of 004 Figures 4, 5, 7)."""
    from grundy.atomic import check_writable, write_text_atomic
    from grundy.games.coin_turning import coin_turning
    from grundy.render.hasse import check_drawable, hasse_tikz, write_hasse_svg

    check_writable(svg)
    if tikz is not None:
        check_writable(tikz)
    turning, as_json = shared.turning, shared.as_json
    p = read_poset(shared.poset)
    check_drawable(p)
    fam = _family_name(turning)
    vals = coin_turning.values(p, turning)
    title = None if no_title else f"{fam} on {p.name}"
    path = write_hasse_svg(svg, p, vals, title=title, labels=labels)
    data = {"poset": p.name, "turning": fam, "elements": len(p), "svg": str(path)}
    say_written(path, as_json, f"{len(p)} elements")
    if tikz is not None:
        data["tikz"] = str(write_text_atomic(tikz, hasse_tikz(p, vals) + "\n"))
        say_written(tikz, as_json, f"{len(p)} elements")
    emit(data, as_json, lambda: None)
