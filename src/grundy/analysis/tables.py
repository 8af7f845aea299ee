"""The per-box table of any game on a diagram: the value of the position in each box,
computed here and drawn by `grundy.render.young`.

Paper 000 §3.3 (Figures 5 and 8) draws a game on a partition λ by writing
SG(λ[i, j]) in box (i + 1, j + 1).  A ruleset says which position goes in
each box (``box_positions``; every `PartitionRuleset` puts λ[i, j] there) and
may declare a faster way to the same numbers (``value_table``: LCTR's
per-box recursion, 000 Eq. (3); the compiled kernel's single search); else the
boxes are one batch question to the door (`grundy.answers.values`).

>>> table = box_values("cr", "3,1")
>>> table
[[3, 2, 1], [1]]
>>> "<svg" in table._repr_svg_()  # how Jupyter shows it
True
>>> print(young_text("lctr", "2,1"), end="")
lctr 2,1 (normal play): value 0
┌───┬───┐
│ 0 │ 1 │ 0
├───┼───┘
│ 1 │ 0
└───┘
  0

Pictures too large to read are refused with a ValueError before any value is
computed (`grundy.render.young.check_drawable`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.text import Text

from grundy.answers import value, values
from grundy.atomic import write_text_atomic
from grundy.game import Drawing, Ruleset, capabilities
from grundy.partition import Partition
from grundy.registry import get_ruleset
from grundy.render.young import check_drawable, table_rich, table_svg, table_text
from grundy.validate import as_bool, parse_position

__all__ = [
    "BoxTable",
    "box_values",
    "diagram_of",
    "has_table",
    "outside_value",
    "require_table",
    "write_young_svg",
    "young_rich",
    "young_svg",
    "young_text",
    "young_title",
]


class BoxTable(list[list[int]]):
    """A per-box table: rows of values, a plain list of lists that Jupyter draws as the
    diagram with each box's value (`grundy.render.young.table_svg`)."""

    def _repr_svg_(self) -> str | None:
        try:
            return table_svg(self)
        except ValueError:  # too large to draw: Jupyter falls back to the list
            return None


def has_table(rules: Ruleset) -> bool:
    """Whether `rules` can draw a per-box table (it declares ``box_positions``)."""
    return "box_positions" in capabilities(rules)


def require_table(rules: Ruleset) -> None:
    """A ValueError unless `rules` can draw a per-box table."""
    if not has_table(rules):
        raise ValueError(f"game {rules.name!r} has no per-box table (it declares no box_positions)")


def diagram_of(rules: Ruleset, position: Any) -> Partition:
    """The diagram the table of a parsed `position` is drawn in, known before any value:
    the position's own diagram where the game draws its positions as diagrams
    (`Drawing.DIAGRAM`: `Ruleset.diagram`, a ValueError for a sum of several), else the
    shape of its ``box_positions``.

    >>> lctr_3d = get_ruleset("lctr-3d")
    >>> diagram_of(lctr_3d, lctr_3d.parse("2,1;1"))  # a plane partition: its base
    Partition.parse('2,1')
    """
    require_table(rules)
    if rules.drawing == Drawing.DIAGRAM:
        shape = rules.diagram(position)
        if shape is not None:
            return shape
    grid = rules.box_positions(position) or []
    return Partition(len(row) for row in grid)


def box_values(game: str | Ruleset, position: Any, misere: bool = False) -> BoxTable:
    """Row i, entry j: the value of the position in box (i, j) of `position`'s diagram."""
    rules = get_ruleset(game)
    require_table(rules)
    pos = parse_position(rules, position)
    misere = as_bool(misere, "misere")
    diagram_of(rules, pos)
    fast = rules.value_table(pos, misere)
    if fast is not None:
        return BoxTable(fast)
    grid = rules.box_positions(pos) or []
    found, _ = values(rules, [p for row in grid for p in row], misere, parse=False)
    valued = iter(found)
    return BoxTable([next(valued) for _ in row] for row in grid)


def outside_value(game: str | Ruleset, misere: bool = False) -> int:
    """The value of the empty partition, written just outside the diagram (000 Figure 5).

    A ValueError for a game (like Downright) that is never played on the
    empty partition.

    >>> outside_value("lctr"), outside_value("lctr", misere=True)
    (0, 1)
    """
    rules = get_ruleset(game)
    try:
        empty = rules.parse("")  # the empty diagram, in the game's own syntax
    except ValueError:
        raise ValueError(
            f"{rules.name} is never played on the empty partition: nothing lies outside its diagram"
        ) from None
    return value(rules, empty, misere)


def young_title(game: str | Ruleset, position: Any, misere: bool = False) -> str:
    """The caption of a picture: game, position, play convention and value.

    >>> young_title("cr", "3,1", misere=True)
    'cr 3,1 (misère play): value 3'
    """
    rules = get_ruleset(game)
    pos = parse_position(rules, position)
    misere = as_bool(misere, "misere")
    play = "misère" if misere else "normal"
    return (
        f"{rules.name} {rules.format_position(pos)} ({play} play): "
        f"value {value(rules, pos, misere)}"
    )


def _prepare(
    game: str | Ruleset, position: Any, misere: bool, outside: bool | None, kind: str
) -> tuple[list[list[int]], int | None, str]:
    """The table, the outside value (or None) and the title, the size checked first."""
    rules = get_ruleset(game)
    require_table(rules)
    pos = parse_position(rules, position)
    check_drawable(diagram_of(rules, pos), kind)
    outside = rules.draw_outside if outside is None else as_bool(outside, "outside")
    rim = outside_value(rules, misere) if outside else None
    return box_values(rules, pos, misere), rim, young_title(rules, pos, misere)


def young_text(
    game: str | Ruleset, position: Any, misere: bool = False, outside: bool | None = None
) -> str:
    """The Young diagram of `position` with each box's value, as plain text
    (`grundy.render.young.table_text`).

    `outside` writes the terminal value in the cells just outside the diagram
    (default: on for LCTR, as in 000 Figure 5).  The size is checked before
    any value is computed.
    """
    table, rim, title = _prepare(game, position, misere, outside, "text")
    return table_text(table, outside=rim, title=title)


def young_rich(
    game: str | Ruleset, position: Any, misere: bool = False, outside: bool | None = None
) -> Text:
    """`young_text` with colour for the terminal: P-positions (value 0) highlighted."""
    table, rim, title = _prepare(game, position, misere, outside, "text")
    return table_rich(table, outside=rim, title=title)


def young_svg(
    game: str | Ruleset, position: Any, misere: bool = False, outside: bool | None = None
) -> str:
    """The Young diagram of `position` with each box's value, as an SVG document
    (`grundy.render.young.table_svg`)."""
    table, rim, title = _prepare(game, position, misere, outside, "svg")
    return table_svg(table, outside=rim, title=title)


def write_young_svg(
    path: str | os.PathLike[str],
    game: str | Ruleset,
    position: Any,
    misere: bool = False,
    outside: bool | None = None,
) -> Path:
    """Write `young_svg(...)` to `path` atomically; returns the path."""
    return write_text_atomic(path, young_svg(game, position, misere, outside))
