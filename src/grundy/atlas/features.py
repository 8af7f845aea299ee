"""What a partition of an atlas's level looks like, by rank: arrays of its features for a
rank range, found in one compiled walk over the ranks (`ranking.next_parts`).

The features are those `grundy conjecture` offers on one diagram: ``rows``
(ℓ, the number of parts), ``columns`` (λ1), ``rank`` (Dyson's rank λ1 − ℓ, not
the partition's place in the level) and ``durfee`` (the side of the Durfee
square), as int16 arrays; and ``parts``, every partition's parts (largest
first) as a `grundy.expression.ListColumn`.  A range of ranks starts with one
unrank and steps to each next partition in amortised O(1).

>>> found = features(5, 1, 4, ("rows", "rank", "parts"))
>>> found["rows"].tolist(), found["rank"].tolist()
([2, 2, 3, 3], [2, 1, 0, -1])
>>> found["parts"].as_lists()
[[4, 1], [3, 2], [3, 1, 1], [2, 2, 1]]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

import numpy as np

from grundy.engine import cached_njit
from grundy.engine.ranking import like_word, next_parts, parts_unrank, ranking_table
from grundy.expression import ListColumn
from grundy.partition import Partition
from grundy.validate import as_int

__all__ = ["FEATURES", "features", "partitions_at"]

#: The features of a partition by name: what `features` computes.
FEATURES = ("rows", "columns", "rank", "durfee", "parts")


def features(n: int, lo: int, count: int, names: Collection[str]) -> dict[str, object]:
    """{name: its values for the partitions of n of ranks lo … lo + count − 1} for the
    `names` asked (of `FEATURES`; ValueError naming any other).

    >>> features(4, 0, 5, ("columns", "durfee"))["durfee"].tolist()  # 4, 3,1, 2^2, 2,1^2, 1^4
    [1, 1, 2, 1, 1]
    """
    n, lo, count = as_int(n, "n"), as_int(lo, "lo"), as_int(count, "count")
    unknown = sorted(set(names) - set(FEATURES))
    if unknown:
        raise ValueError(f"unknown feature {unknown[0]!r}; choose among {', '.join(FEATURES)}")
    _check_range(n, lo, count)
    rows, columns, dyson, durfee = (np.empty(count, np.int16) for _ in range(4))
    matrix = np.zeros((count, max(n, 1)) if "parts" in names else (0, 1), np.int16)
    _walk(n, lo, count, ranking_table(n), rows, columns, dyson, durfee, "durfee" in names, matrix)
    found: dict[str, object] = {"rows": rows, "columns": columns, "rank": dyson, "durfee": durfee}
    if "parts" in names:
        found["parts"] = ListColumn(matrix, rows)
    return {name: found[name] for name in names}


def partitions_at(n: int, lo: int, count: int) -> Iterator[Partition]:
    """The partitions of n of ranks lo … lo + count − 1, in rank order.

    >>> [str(lam) for lam in partitions_at(4, 2, 3)]
    ['2^2', '2,1^2', '1^4']
    """
    column = features(n, lo, count, ("parts",))["parts"]
    for parts in column.as_lists():  # type: ignore[attr-defined]
        yield Partition(parts)


def _check_range(n: int, lo: int, count: int) -> None:
    """A ValueError unless lo … lo + count − 1 are ranks of partitions of n."""
    like_word(n)  # refuses n past the engine's words
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    total = int(ranking_table(n)[n, n])
    if count < 0 or not 0 <= lo <= lo + count <= total:
        raise ValueError(
            f"ranks {lo}..{lo + count - 1} are not among those of the partitions of {n} "
            f"(0..{total - 1})"
        )


@cached_njit
def _walk(n, lo, count, table, rows, columns, dyson, durfee, with_durfee, matrix):
    """Fill the features of the partitions of n of ranks lo … lo + count − 1: unrank the
    first, step to each next (`next_parts`); the parts go to `matrix` if it has rows."""
    parts = np.zeros(n + 1, np.int64)
    length = parts_unrank(n, lo, table, parts) if count else 0
    with_parts = matrix.shape[0] > 0
    for i in range(count):
        if i:
            length = next_parts(parts, length)
        first = parts[0] if length else 0
        rows[i] = length
        columns[i] = first
        dyson[i] = first - length
        if with_durfee:
            d = 0
            while d < length and parts[d] > d:
                d += 1
            durfee[i] = d
        if with_parts:
            matrix[i, :length] = parts[:length]
