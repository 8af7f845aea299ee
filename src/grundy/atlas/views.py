"""An atlas's level seen a block at a time, beside the features of its partitions, or as
a pandas DataFrame.

`level_blocks` streams a level (`Atlas.chunks`, cut into blocks of at most
`BLOCK` partitions) with the features asked for (`grundy.atlas.features`):
what `grundy conjecture` evaluates its predicates on, whole arrays at a time.
`frame` gathers a level, or a range of its ranks, into a DataFrame.

>>> import tempfile
>>> from grundy import get_ruleset
>>> from grundy.atlas import build
>>> atlas = build(get_ruleset("cr"), 5, tempfile.mkdtemp())
>>> [(lo, values.tolist(), found["rank"].tolist()) for lo, values, found in
...  level_blocks(atlas, 4, ["rank"], block=3)]
[(0, [2, 3, 0], [3, 1, 0]), (3, [3, 2], [-1, -3])]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from grundy.atlas.features import FEATURES, features
from grundy.bounds import Work
from grundy.partition import Partition
from grundy.validate import as_int

if TYPE_CHECKING:
    import pandas as pd

    from grundy.atlas.files import Atlas

__all__ = ["BLOCK", "FRAME_COLUMNS", "frame", "level_blocks"]

#: The most partitions of a block of `level_blocks`: its arrays stay in the CPU's cache.
BLOCK = 1 << 16
#: The columns `frame` adds on request: the features, and each partition as text.
FRAME_COLUMNS = (*FEATURES, "partition")
#: Rows a second `frame` builds with text (the partition, its parts); numbers go faster.
FRAME_RATE = 1_000_000


def level_blocks(
    atlas: Atlas,
    n: int,
    names: Collection[str] = (),
    start: int = 0,
    stop: int | None = None,
    block: int = BLOCK,
) -> Iterator[tuple[int, np.ndarray, dict[str, Any]]]:
    """(lo, values, features) for consecutive runs of at most `block` ranks, together
    ranks `start` … `stop` − 1 of level n (default: all of it): the values of the
    partitions of those ranks, and the `features` named (`grundy.atlas.features`)."""
    start, stop = _rank_range(atlas, n, start, stop)
    block = as_int(block, "block")
    if block < 1:
        raise ValueError(f"a block holds at least one partition, got {block}")
    for lo, values in atlas.chunks(n):
        first, last = max(lo, start), min(lo + len(values), stop)
        for at in range(first, last, block):
            piece = values[at - lo : min(at + block, last) - lo]
            yield at, piece, features(n, at, len(piece), names)


def frame(
    atlas: Atlas,
    n: int,
    columns: Collection[str] = (),
    start: int = 0,
    stop: int | None = None,
) -> pd.DataFrame:
    """Level n of `atlas` as a DataFrame, one row per partition of n in rank order: the
    column ``value`` and the `columns` asked for, of `FRAME_COLUMNS`: ``rows`` (ℓ),
    ``columns`` (λ1), ``rank`` (Dyson's rank λ1 − ℓ, as in `grundy conjecture`),
    ``durfee``, ``parts`` (lists) and ``partition`` (text; parts and text cost a Python
    object a row).  The index, ``level_index``, is each partition's place in the level
    (its rank in `grundy.engine.ranking`, its index in ``atlas.level(n)``); `start` and
    `stop` choose a range of it.  A frame past this machine's memory is refused.

    >>> import tempfile
    >>> from grundy import get_ruleset
    >>> from grundy.atlas import build
    >>> atlas = build(get_ruleset("cr"), 4, tempfile.mkdtemp())
    >>> frame(atlas, 4, ["partition", "rank"])  # doctest: +NORMALIZE_WHITESPACE
                 value partition  rank
    level_index
    0                2         4     3
    1                3       3,1     1
    2                0       2^2     0
    3                3     2,1^2    -1
    4                2       1^4    -3
    """
    import pandas as pd

    asked = list(dict.fromkeys(columns))
    unknown = [c for c in asked if c not in FRAME_COLUMNS]
    if unknown:
        raise ValueError(f"unknown column {unknown[0]!r}; choose among {', '.join(FRAME_COLUMNS)}")
    start, stop = _rank_range(atlas, n, start, stop)
    dtype = _dtype(atlas, n)
    _check_frame(n, asked, stop - start, dtype.itemsize)
    names = [c if c != "partition" else "parts" for c in asked]
    pieces: dict[str, list[Any]] = {"value": [], **{c: [] for c in asked}}
    for _, values, found in level_blocks(atlas, n, names, start, stop):
        pieces["value"].append(values)
        for column in asked:
            pieces[column].append(_column(column, found))
    data = {c: _joined(pieces[c], dtype if c == "value" else None) for c in pieces}
    return pd.DataFrame(data, index=pd.RangeIndex(start, stop, name="level_index"))


def _column(name: str, found: dict[str, Any]) -> Any:
    """A block's column `name` from its features: arrays as they are, lists and text as
    Python objects."""
    if name == "parts":
        return found["parts"].as_lists()
    if name == "partition":
        return [str(Partition(parts)) for parts in found["parts"].as_lists()]
    return found[name]


def _joined(pieces: list[Any], dtype: np.dtype | None) -> Any:
    """One column from its blocks' pieces: arrays joined (of `dtype` if given: chunks of
    a level may differ), lists of objects chained."""
    if dtype is not None:
        return np.concatenate(pieces, dtype=dtype) if pieces else np.empty(0, dtype)
    if pieces and isinstance(pieces[0], np.ndarray):
        return np.concatenate(pieces)
    return [item for piece in pieces for item in piece]


def _rank_range(atlas: Atlas, n: int, start: int, stop: int | None) -> tuple[int, int]:
    """(start, stop) within level n's ranks; a ValueError naming a level the atlas does
    not hold (a box atlas holds none by size) or a range outside it."""
    n = as_int(n, "n")
    if not 0 <= n <= atlas.levels:
        raise ValueError(
            f"level {n} is not among the levels of {atlas.directory} (0..{atlas.levels})"
        )
    size = sum(len(values) for _, values in atlas.chunks(n))
    start = as_int(start, "start")
    stop = size if stop is None else as_int(stop, "stop")
    if not 0 <= start <= stop <= size:
        raise ValueError(f"ranks {start}..{stop} are not within level {n}'s 0..{size}")
    return start, stop


def _dtype(atlas: Atlas, n: int) -> np.dtype:
    """The type that holds level n's values (uint8, or wider where a chunk needs it)."""
    return np.result_type(np.uint8, *(values.dtype for _, values in atlas.chunks(n)))


def _check_frame(n: int, columns: list[str], rows: int, value_bytes: int) -> None:
    """Refuse (`TooMuchWork`) a frame past this machine's memory: the values and the
    features take their bytes a row, the parts and text a Python object each (about
    100 + 8n bytes)."""
    objects = sum(c in ("parts", "partition") for c in columns)
    numbers = len(columns) - objects
    each = value_bytes + 2 * numbers + (100 + 8 * n) * objects
    doing = f"a DataFrame of {rows:,} partitions of {n}"
    Work(doing, rows, "rows", FRAME_RATE, rows * each, "choose fewer columns or ranks").check()
