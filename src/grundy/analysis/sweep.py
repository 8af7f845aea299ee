"""Sweeps over families of positions: a value (and optionally tree sizes) per parameter.

    sweep("lctr", "rectangle", r=range(1, 6), c=range(1, 6))
    sweep("cr", "a^m,b", a=range(1, 9), m=range(1, 9), b=range(1, 4))

give one row per parameter combination with the position and its value, the
kind of table behind 000 Lemmas 3, 4 and 17 (staircases, gammas, rectangles)
— a quick way to test a conjectured closed form on a whole family.  A family
is a name from FAMILIES, a callable, or a template (`grundy.families`).

>>> [row["value"] for row in sweep("cr", "b^a", a=[2], b=range(1, 5))]  # [b, b]
[2, 0, 2, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from grundy import partition
from grundy.analysis.tree_size import stats
from grundy.families import Template, grid
from grundy.game import Ruleset
from grundy.registry import get_ruleset
from grundy.solver import value

__all__ = ["FAMILIES", "sweep"]

#: The partition families of 000 §2.1 / 001 §3.1, by name.
FAMILIES: dict[str, Callable[..., Any]] = {
    "staircase": partition.staircase,
    "rectangle": partition.rectangle,
    "gamma": partition.gamma,
    "thick_gamma": partition.thick_gamma,
}


def sweep(
    game: str | Ruleset,
    family: str | Callable[..., Any],
    *,
    misere: bool | None = False,
    with_stats: bool = False,
    **ranges: Iterable[int],
) -> list[dict[str, Any]]:
    """One row per combination of the parameter `ranges` (in the order given).

    `family` is a name from FAMILIES, a template in the game's syntax
    ("a^m,b", `grundy.families.Template`) or any callable building a
    position from the parameters as keyword arguments.  Each row holds the parameters,
    "position" (as text), "value" (normal play; with misere=True the misère
    value; with misere=None both, as "value" and "misere_value"), and with
    `with_stats` the tree sizes of `stats`.
    """
    rules = get_ruleset(game)
    build = _builder(family, ranges)
    rows = []
    for params in grid(**ranges):
        position = rules.parse(build(**params))
        row: dict[str, Any] = {**params, "position": rules.format_position(position)}
        if misere is None:
            row["value"] = value(rules, position)
            row["misere_value"] = value(rules, position, misere=True)
        else:
            row["value"] = value(rules, position, misere=misere)
        if with_stats:
            row.update(stats(rules, position))
        rows.append(row)
    return rows


def _builder(family: str | Callable[..., Any], ranges: Mapping[str, Any]) -> Callable[..., Any]:
    """What builds a position from the parameters: a named family, a callable or a template."""
    if isinstance(family, str):
        if family in FAMILIES:
            return FAMILIES[family]
        template = Template(family)
        try:
            template.check_parameters(ranges)
        except ValueError as exc:
            known = ", ".join(FAMILIES)
            raise ValueError(f"{exc} (and it is not a named family: {known})") from None
        return template.fill
    if callable(family):
        return family
    raise TypeError(f"a family is a name, a template or a callable, got {type(family).__name__}")
