"""The per-box table of any game on a diagram: the value of the position in each box.

Paper 000 §3.3 (Figures 5 and 8) draws a game on a partition λ by writing
SG(λ[i, j]) in box (i + 1, j + 1).  A ruleset says which position goes in
each box (``box_positions``; every `PartitionRuleset` puts λ[i, j] there) and
may declare a faster way to the same numbers (``value_table``: LCTR's
per-box recursion, 000 Eq. (3); the compiled kernel's single search).

>>> table = box_values("cr", "3,1")
>>> table
[[3, 2, 1], [1]]
>>> "<svg" in table._repr_svg_()  # how Jupyter shows it
True
"""

from __future__ import annotations

from typing import Any

from grundy.game import Ruleset, capabilities
from grundy.partition import Partition
from grundy.registry import get_ruleset
from grundy.solver import solver_for
from grundy.validate import as_bool, parse_position

__all__ = ["BoxTable", "box_values", "diagram_of", "has_table", "require_table"]


class BoxTable(list[list[int]]):
    """A per-box table: rows of values, a plain list of lists that Jupyter draws as the
    diagram with each box's value (`grundy.render.young.table_svg`)."""

    def _repr_svg_(self) -> str | None:
        from grundy.render.young import table_svg  # render imports this module

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
    """The diagram the table of a parsed `position` is drawn in (before any value)."""
    require_table(rules)
    shape = rules.diagram(position)
    if shape is None:
        grid = rules.box_positions(position) or []
        shape = Partition(len(row) for row in grid)
    return shape


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
    solver = solver_for(rules)
    grid = rules.box_positions(pos) or []
    return BoxTable([solver.value(p, misere) for p in row] for row in grid)
