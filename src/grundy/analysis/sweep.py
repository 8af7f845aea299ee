"""Sweeps over families of positions: a value (and optionally tree sizes) per parameter.

    sweep("lctr", "rectangle", r=range(1, 6), c=range(1, 6))
    sweep("cr", "a^m,b", a=range(1, 9), m=range(1, 9), b=range(1, 4))

give one row per parameter combination with the position and its value, the
kind of table behind 000 Lemmas 3, 4 and 17 (staircases, gammas, rectangles)
— a quick way to test a conjectured closed form on a whole family.  A family
is a name from FAMILIES, a callable, or a template (`grundy.families`).

>>> rows = sweep("cr", "b^a", a=[2], b=range(1, 5))  # [b, b]
>>> [row["value"] for row in rows]
[2, 0, 2, 0]
>>> "<table" in rows._repr_html_()  # Jupyter shows the table and its picture
True
>>> sweep("cr", "b^a", misere="no", a=[2], b=[1])
Traceback (most recent call last):
...
TypeError: misere must be True or False, got str 'no'
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from grundy import partition
from grundy.analysis.tree_size import stats
from grundy.answers import atlas_for, values
from grundy.atomic import atomic_open
from grundy.bounds import TooMuchWork, about, binomial_count, partition_count
from grundy.engine.cluster import map_chunks, scheduler_for
from grundy.families import MAX_POSITIONS, Template, grid
from grundy.game import ProgressCallback, Ruleset
from grundy.registry import get_ruleset, identifies
from grundy.results import Store
from grundy.validate import as_bool, as_store

if TYPE_CHECKING:
    from grundy.answers import AtlasLike
    from grundy.atlas import Atlas

__all__ = [
    "CHUNK",
    "ENUMERATED",
    "FAMILIES",
    "SweepRows",
    "sweep",
    "to_frame",
    "value_many",
    "write_parquet",
]

#: Positions per chunk of a sweep's values (one Dask task each: `value_many`).
CHUNK = 500

#: on_chunk(misere, texts, values), as each chunk of `value_many` finishes
ChunkDone = Callable[[bool, Sequence[str], list[int]], None]

#: The partition families of 000 §2.1 / 001 §3.1, by name.
FAMILIES: dict[str, Callable[..., Any]] = {
    "staircase": partition.staircase,
    "rectangle": partition.rectangle,
    "gamma": partition.gamma,
    "thick_gamma": partition.thick_gamma,
}


def _non_empty_in_box(rows: int, columns: int) -> Iterator[partition.Partition]:
    """Every non-empty diagram inside the box (the empty one is no position in most games)."""
    return (p for p in partition.partitions_in_box(rows, columns) if p)


def _in_box(rows: int, columns: int) -> int | float:
    """How many non-empty diagrams fit inside the box: C(rows + columns, rows) − 1."""
    return binomial_count(rows + columns, rows) - 1


#: Families with many members per choice of parameters, by name: (parameters, members,
#: how many members, known without listing them).  Their rows carry the member's
#: number k (1, 2, …, in the order listed) as well.
ENUMERATED: dict[
    str,
    tuple[tuple[str, ...], Callable[..., Iterable[Any]], Callable[..., int | float]],
] = {
    "partitions": (("n",), partition.partitions, partition_count),  # every partition of n
    "box": (("rows", "columns"), _non_empty_in_box, _in_box),
}


class SweepRows(list[dict[str, Any]]):
    """The rows of a sweep: a plain list of dicts that Jupyter shows as a table, with the
    picture of `grundy.render.plots.sweep_figure` above it when one or two parameters
    vary and the sweep is small enough to draw (at most `PICTURE_ROWS` rows)."""

    PICTURE_ROWS = 10_000

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (`to_frame`)."""
        return to_frame(self)

    def _repr_html_(self) -> str:
        html = self.to_frame()._repr_html_()
        if not self or len(self) > self.PICTURE_ROWS:
            return html
        from grundy.render.plots import figure_bytes, sweep_figure  # matplotlib: when shown

        try:
            figure = sweep_figure(self)
        except ValueError:  # no parameter varies, or more than two do: the table alone
            return html
        svg = figure_bytes(figure, "svg").decode()
        return svg[svg.index("<svg") :] + html


def value_many(
    game: str | Ruleset,
    wanted: Mapping[bool, Sequence[str]],
    scheduler: str | None = None,
    on_chunk: ChunkDone | None = None,
) -> dict[bool, dict[str, int]]:
    """{misere: {text: value}}: the values of the positions (in the game's syntax)
    wanted in each play convention (misere False: normal play), in one job of chunks of
    `CHUNK` positions, each valued through the door (`value_chunk`) here or on a Dask
    worker (`grundy.engine.cluster.map_chunks`).

    scheduler: see `grundy.engine.cluster.scheduler_for` (the job's size: all the texts).
    `on_chunk(misere, texts, values)` is called as each chunk finishes (any order).

    >>> value_many("lctr", {False: ["3,2,1", "2^2"], True: ["2^2"]}, scheduler="serial")
    {False: {'3,2,1': 1, '2^2': 0}, True: {'2^2': 0}}
    """
    rules = get_ruleset(game)
    chunks = [
        (misere, list(texts[i : i + CHUNK]))
        for misere, texts in wanted.items()
        for i in range(0, len(texts), CHUNK)
    ]
    found: dict[bool, dict[str, int]] = {misere: {} for misere in wanted}

    def record(chunk: tuple[bool, list[str]], values: list[int]) -> None:
        misere, texts = chunk
        found[misere].update(zip(texts, values, strict=True))
        if on_chunk is not None:
            on_chunk(misere, texts, values)

    positions = sum(len(texts) for texts in wanted.values())
    map_chunks(partial(value_chunk, rules), chunks, scheduler_for(scheduler, positions), record)
    return found


def value_chunk(rules: Ruleset, chunk: tuple[bool, list[str]]) -> list[int]:
    """One task: the values of a chunk of positions in one convention, through the door
    (on a worker, or here)."""
    misere, texts = chunk
    found, _ = values(rules, texts, misere)
    return [int(value) for value in found]  # type: ignore[arg-type]  (none is None)


def sweep(
    game: str | Ruleset,
    family: str | Callable[..., Any],
    *,
    misere: bool | None = False,
    with_stats: bool = False,
    store: Store | str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    progress: ProgressCallback | None = None,
    atlas: AtlasLike = None,
    **ranges: Iterable[int],
) -> SweepRows:
    """One row per combination of the parameter `ranges` (the last varying fastest).

    `family` is a name from FAMILIES or ENUMERATED ("partitions": every
    partition of n; "box": every non-empty diagram inside rows × columns), a
    template in the game's syntax
    ("a^m,b", `grundy.families.Template`) or any callable building a
    position from the parameters as keyword arguments.  Each row holds the
    parameters, "position" (as text), "value" (normal play; with misere=True
    the misère value; with misere=None both, as "value" and "misere_value"),
    and with `with_stats` the tree sizes of `stats`.  With a `store` (a
    `grundy.results.Store` or the path of one), values
    already stored are read, and new ones written in batches (games whose
    name identifies them only, `grundy.registry.identifies`), and so is each
    member's reading (a template or named family: `_readings`), so a sweep
    run before neither builds nor parses a position.  `scheduler` says where
    values are computed (`value_many`: None,
    "serial", "local" or a Dask address), both conventions in one job.
    `progress` is called with (values done, total).  With an `atlas` (an `Atlas`
    or its directory, of this game and of a convention asked for: `AtlasError`
    otherwise; None: $GRUNDY_ATLAS where it is this game's and a convention's
    asked for, `grundy.answers.atlas_for`), the members it holds are read from it in
    that convention, neither computed nor stored: the family "partitions" level by
    level (`_by_rank`), any other member through the door (`_values`).
    """
    rules = get_ruleset(game)
    conventions = [False, True] if misere is None else [as_bool(misere, "misere")]
    with_stats = as_bool(with_stats, "with_stats")
    store = as_store(store)
    atlas = atlas_for(rules, misere, atlas)
    if isinstance(family, str) and family in ENUMERATED:
        grid_rows, build = _enumerated(family, ranges)
    else:
        build = _builder(family, ranges)
        grid_rows = list(grid(**ranges))
    if store is not None and not identifies(rules):
        store = None
    parse = _parser(rules, family, ranges)
    readings, stored = _readings(rules, family, build, parse, grid_rows, store, conventions[0])
    keys = [canonical for _, canonical in readings]
    known = {m: stored if m == conventions[0] else {} for m in conventions}
    if atlas is not None and family == "partitions":
        _by_rank(rules, atlas, grid_rows, keys, known)
    _values(rules, keys, known, atlas, store, scheduler, progress)
    rows = SweepRows()
    for params, (text, key) in zip(grid_rows, readings, strict=True):
        row: dict[str, Any] = {**params, "position": text, "value": known[conventions[0]][key]}
        if misere is None:
            row["misere_value"] = known[True][key]
        if with_stats:
            row.update(stats(rules, text))
        rows.append(row)
    return rows


def _readings(
    rules: Ruleset,
    family: str | Callable[..., Any],
    build: Callable[..., Any],
    parse: Callable[[Any], Any],
    grid_rows: list[dict[str, int]],
    store: Store | None,
    misere: bool,
) -> tuple[list[tuple[str, str]], dict[str, int]]:
    """(position text, canonical text) of each family member, and the values in
    convention `misere` that the store gave with them (`Store.lookup`).

    The store keeps each member's reading under its `member` key, so a sweep run
    before neither builds nor parses a position (filling a template with arithmetic
    costs more than the store's answer); values stay keyed by the canonical text, so
    members of two families that are one position share them.
    """
    members = None
    known: dict[str, tuple[str, str]] = {}
    stored: dict[str, int] = {}
    if store is not None and isinstance(family, str):
        members = [_member(family, params) for params in grid_rows]
        known, stored = store.lookup(rules.name, rules.rules_version, misere, members)
    new: dict[str, tuple[str, str]] = {}
    readings = []
    for i, params in enumerate(grid_rows):
        reading = known.get(members[i]) if members is not None else None
        if reading is None:
            position = _at(params, parse, _at(params, build, **params))
            canonical = rules.canonical(position)
            reading = (rules.format_position(position), rules.format_position(canonical))
            if members is not None:
                new[members[i]] = reading
        readings.append(reading)
    if store is not None and new:
        store.put_readings(rules.name, rules.rules_version, new)
    return readings, stored


def _member(family: str, params: dict[str, int]) -> str:
    """The store's key of one family member: the template (or family name), then its
    parameters, which contain no " @ ".  Template.fill is a function of these alone.

    >>> _member("a^m,b", {"a": 3, "m": 2, "b": 1})
    'a^m,b @ a=3,m=2,b=1'
    """
    return family + " @ " + ",".join(f"{name}={value}" for name, value in params.items())


def _by_rank(
    rules: Ruleset,
    atlas: Atlas,
    grid_rows: list[dict[str, int]],
    keys: list[str],
    known: dict[bool, dict[str, int]],
) -> None:
    """Add to `known` ({misere: {canonical text: value}}) the values of the family
    "partitions" within the levels of `atlas`, in the convention it is of: member k of n
    is the partition of rank k − 1 (`grundy.engine.ranking`), read from level n's array.

    >>> import tempfile
    >>> from grundy.atlas import build
    >>> atlas = build(get_ruleset("cr"), 4, tempfile.mkdtemp())
    >>> known = {False: {}}
    >>> _by_rank(get_ruleset("cr"), atlas, [{"n": 4, "k": 2}], ["3,1"], known)
    >>> known
    {False: {'3,1': 3}}
    """
    levels: dict[int, list[int]] = {}
    for misere in [misere for misere in known if atlas.is_for(rules, misere)]:
        kept = known[misere]
        for params, key in zip(grid_rows, keys, strict=True):
            n = params["n"]
            if key in kept or n > atlas.levels:
                continue
            if n not in levels:
                levels[n] = atlas.level(n).tolist()
            if levels[n]:  # (misère Chomp's level 0 has no position)
                kept[key] = levels[n][params["k"] - 1]


def _values(
    rules: Ruleset,
    keys: list[str],
    known: dict[bool, dict[str, int]],
    atlas: Atlas | None,
    store: Store | None,
    scheduler: str | None,
    progress: ProgressCallback | None,
) -> None:
    """Complete `known` ({misere: {canonical text: value}}) for every key: from the
    store where it has them, then from an atlas of that convention through the door
    (`grundy.answers.values`), else computed in one job (`grundy.engine.cluster`), each
    finished chunk stored at once."""
    distinct = list(dict.fromkeys(keys))
    missing = {}
    for misere, kept in known.items():
        if store is not None:
            unknown = [k for k in distinct if k not in kept]
            kept.update(store.get(rules.name, rules.rules_version, misere, unknown))
        unknown = [k for k in distinct if k not in kept]
        if unknown and atlas is not None and atlas.is_for(rules, misere):
            found, _ = values(rules, unknown, misere, atlas=atlas, lookups=("atlas",))
            kept.update((k, v) for k, v in zip(unknown, found, strict=True) if v is not None)
        missing[misere] = [k for k in distinct if k not in kept]
    total = len(distinct) * len(known)

    def chunk_done(misere: bool, texts: Sequence[str], valued: list[int]) -> None:
        done = dict(zip(texts, valued, strict=True))
        known[misere].update(done)
        if store is not None:
            store.put(rules.name, rules.rules_version, misere, done)
        if progress is not None:
            progress(sum(map(len, known.values())), total)

    value_many(rules, missing, scheduler, chunk_done)
    if progress is not None and not any(missing.values()):
        progress(total, total)


def _enumerated(
    family: str, ranges: Mapping[str, Iterable[int]]
) -> tuple[list[dict[str, int]], Callable[..., Any]]:
    """The rows of an `ENUMERATED` family (its parameters and the member's number k) and
    what builds member k.

    >>> rows, build = _enumerated("box", {"rows": [1], "columns": [2]})
    >>> rows[-1], str(build(**rows[-1]))
    ({'rows': 1, 'columns': 2, 'k': 2}, '2')
    """
    names, members, how_many = ENUMERATED[family]
    if sorted(ranges) != sorted(names):
        raise ValueError(
            f"the family {family!r} takes the parameters {', '.join(names)}, "
            f"not {', '.join(ranges) or 'none'}"
        )
    total = 0
    for params in grid(**ranges):
        total += _at(params, how_many, **params)
        if total > MAX_POSITIONS:
            raise TooMuchWork(
                f"the family {family!r} has more than {MAX_POSITIONS:,} members (at "
                f"{_where(params)}: {about(total)} so far); at most that many per sweep"
            )
    rows: list[dict[str, int]] = []
    positions: dict[tuple[int, ...], Any] = {}
    for params in grid(**ranges):
        for k, position in enumerate(_at(params, members, **params), 1):
            rows.append({**params, "k": k})
            positions[(*params.values(), k)] = position
    return rows, lambda **params: positions[tuple(params.values())]


def _at(params: dict[str, int], function: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """function(*args, **kwargs), its ValueError naming the family member at `params`."""
    try:
        return function(*args, **kwargs)
    except ValueError as exc:
        raise ValueError(f"the family at {_where(params)}: {exc}") from None


def _parser(
    rules: Ruleset, family: str | Callable[..., Any], ranges: Mapping[str, Any]
) -> Callable[[Any], Any]:
    """The game's parser for the family's members; for a template with names that have no
    range (letters the game may read, or a parameter left out), its errors say so first.

    >>> _parser(get_ruleset("lctr"), "a^m", {"a": range(1, 4)})("1^m")
    Traceback (most recent call last):
    ...
    ValueError: no range for m (give m a range too): bad partition token '1^m' in '1^m': \
expected a non-negative integer part (digits 0-9), optionally as part^multiplicity
    """
    if not isinstance(family, str) or family in FAMILIES or family in ENUMERATED:
        return rules.parse
    unranged = sorted(Template(family).names() - set(ranges))
    if not unranged:
        return rules.parse
    names = ", ".join(unranged)

    def parse(text: Any) -> Any:
        try:
            return rules.parse(text)
        except ValueError as exc:
            raise ValueError(f"no range for {names} (give {names} a range too): {exc}") from None

    return parse


def _where(params: dict[str, int]) -> str:
    """A family member's parameters, as in "a=3, b=1"."""
    return ", ".join(f"{k}={v}" for k, v in params.items())


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
