"""Sweeps over families of positions: a value (and optionally tree sizes) per parameter.

    sweep("lctr", "rectangle", r=range(1, 6), c=range(1, 6))

gives one row per (r, c) with the position ⊞_{r,c} and its value, the kind of
table behind 000 Lemmas 3, 4 and 17 (staircases, gammas, rectangles) — a quick
way to test a conjectured closed form on a whole family.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from grundy import partition
from grundy.analysis.tree_size import stats
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

    `family` is a name from FAMILIES or any callable building a position from
    the parameters as keyword arguments.  Each row holds the parameters,
    "position" (as text), "value" (normal play; with misere=True the misère
    value; with misere=None both, as "value" and "misere_value"), and with
    `with_stats` the tree sizes of `stats`.
    """
    rules = get_ruleset(game)
    if isinstance(family, str):
        try:
            build = FAMILIES[family]
        except KeyError:
            known = ", ".join(FAMILIES)
            raise ValueError(f"unknown family {family!r}; known families: {known}") from None
    elif callable(family):
        build = family
    else:
        raise TypeError(f"a family is a name or a callable, got {type(family).__name__}")
    if not ranges:
        raise ValueError("give at least one parameter range, e.g. r=range(1, 10)")
    names = list(ranges)
    rows = []
    for combo in itertools.product(*(list(ranges[name]) for name in names)):
        params = dict(zip(names, combo, strict=True))
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
