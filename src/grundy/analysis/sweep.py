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

import io
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from grundy import partition
from grundy.analysis.distribute import value_many
from grundy.analysis.tree_size import stats
from grundy.atomic import atomic_open
from grundy.families import Template, grid
from grundy.game import ProgressCallback, Ruleset
from grundy.registry import get_ruleset, identifies
from grundy.store import Store

__all__ = ["FAMILIES", "sweep", "to_frame", "write_parquet"]

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
    store: Store | None = None,
    scheduler: str | None = None,
    progress: ProgressCallback | None = None,
    **ranges: Iterable[int],
) -> list[dict[str, Any]]:
    """One row per combination of the parameter `ranges` (the last varying fastest).

    `family` is a name from FAMILIES, a template in the game's syntax
    ("a^m,b", `grundy.families.Template`) or any callable building a
    position from the parameters as keyword arguments.  Each row holds the
    parameters, "position" (as text), "value" (normal play; with misere=True
    the misère value; with misere=None both, as "value" and "misere_value"),
    and with `with_stats` the tree sizes of `stats`.  With a `store`, values
    already stored are read, and new ones written in batches (games whose
    name identifies them only, `grundy.registry.identifies`).  `scheduler`
    says where values are computed (`grundy.analysis.distribute.value_many`:
    None, "serial", "local" or a Dask address).  `progress` is called with
    (distinct positions done, total).
    """
    rules = get_ruleset(game)
    build = _builder(family, ranges)
    grid_rows = list(grid(**ranges))
    positions = [_position(rules, build, params) for params in grid_rows]
    conventions = [False, True] if misere is None else [bool(misere)]
    if store is not None and not identifies(rules):
        store = None
    keys = [rules.format_position(rules.canonical(p)) for p in positions]
    values = {m: _values(rules, keys, m, store, scheduler, progress) for m in conventions}
    rows = []
    for i, (params, position) in enumerate(zip(grid_rows, positions, strict=True)):
        row: dict[str, Any] = {**params, "position": rules.format_position(position)}
        row["value"] = values[conventions[0]][i]
        if misere is None:
            row["misere_value"] = values[True][i]
        if with_stats:
            row.update(stats(rules, position))
        rows.append(row)
    return rows


def _values(
    rules: Ruleset,
    keys: list[str],
    misere: bool,
    store: Store | None,
    scheduler: str | None,
    progress: ProgressCallback | None,
) -> list[int]:
    """The value of each canonical position text: from the store where it has it, else
    computed (`grundy.analysis.distribute`), each finished chunk stored at once."""
    distinct = list(dict.fromkeys(keys))
    known = store.get(rules.name, rules.rules_version, misere, distinct) if store else {}
    missing = [k for k in distinct if k not in known]

    def chunk_done(texts: Sequence[str], values: list[int]) -> None:
        known.update(zip(texts, values, strict=True))
        if store is not None:
            store.put(
                rules.name, rules.rules_version, misere, dict(zip(texts, values, strict=True))
            )
        if progress is not None:
            progress(len(known), len(distinct))

    value_many(rules, missing, misere, scheduler, chunk_done)
    if progress is not None and not missing:
        progress(len(distinct), len(distinct))
    return [known[k] for k in keys]


def _position(rules: Ruleset, build: Callable[..., Any], params: dict[str, int]) -> Any:
    try:
        return rules.parse(build(**params))
    except ValueError as exc:
        where = ", ".join(f"{k}={v}" for k, v in params.items())
        raise ValueError(f"the family at {where}: {exc}") from None


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


def to_frame(rows: list[dict[str, Any]]) -> Any:
    """The rows of a sweep as a pandas DataFrame (one column per key)."""
    import pandas as pd

    return pd.DataFrame.from_records(rows)


def write_parquet(rows: list[dict[str, Any]], path: str | os.PathLike[str]) -> None:
    """The rows of a sweep as a Parquet file, written atomically."""
    buffer = io.BytesIO()
    to_frame(rows).to_parquet(buffer, index=False)
    with atomic_open(path, "wb") as handle:
        handle.write(buffer.getvalue())
