"""Compiled exact search for Column-Row (the only package that imports numba).

A partition is its boundary word of row and column steps packed into a
uint64 (`words`); a move deletes one letter.  Values are proven by a full
memoised mex or by the Lemoine–Viennot / Beling–Rogalski style nimber test
(`kernels`), caching facts in a compact open-addressing transposition table
with a memory cap (`table`), driven in chunks with progress, Ctrl-C and
checkpoints (`engine`).

Plain-Python entry points:

    cr_value(partition, misere=False, memory=None, checkpoint=None, progress=None)
    cr_is_value(partition, k, misere=False, ...)
    cr_value_table(partition, misere=False)
    Search(misere, memory, checkpoint, progress)   # one table, many queries
"""

from __future__ import annotations

import os

from grundy.partition import Partition, PartitionLike
from grundy.search.engine import METHODS, Search, SearchStats
from grundy.search.table import DEFAULT_MEMORY, TranspositionTable, format_bytes, parse_memory
from grundy.search.words import MAX_LETTERS, decode, encode, fits

__all__ = [
    "COLUMN_ROW_KERNEL",
    "DEFAULT_MEMORY",
    "MAX_LETTERS",
    "METHODS",
    "Search",
    "SearchStats",
    "TranspositionTable",
    "cr_is_value",
    "cr_value",
    "cr_value_table",
    "decode",
    "encode",
    "fits",
    "format_bytes",
    "parse_memory",
    "shared_search",
]

_SHARED: dict[bool, Search] = {}


class _ColumnRowKernel:
    """The compiled Column-Row engine as a ruleset's ``kernel`` capability."""

    def value(self, position: Partition, misere: bool) -> int | None:
        return cr_value(position, misere) if fits(position) else None

    def count_table(self, n_max: int, misere: bool, progress: object) -> None:
        return None


COLUMN_ROW_KERNEL = _ColumnRowKernel()


def shared_search(misere: bool = False) -> Search:
    """The process-wide search (default memory cap) behind `grundy.value("cr", …)`."""
    search = _SHARED.get(bool(misere))
    if search is None:
        search = _SHARED[bool(misere)] = Search(misere=misere, progress=False)
    return search


def _search_for(
    misere: bool,
    memory: str | int | None,
    checkpoint: str | os.PathLike[str] | None,
    progress: object,
) -> Search:
    if memory is None and checkpoint is None and progress is None:
        return shared_search(misere)
    return Search(misere=misere, memory=memory, checkpoint=checkpoint, progress=progress)  # type: ignore[arg-type]


def cr_value(
    partition: PartitionLike,
    misere: bool = False,
    memory: str | int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: object = None,
    method: str = "auto",
) -> int:
    """The Column-Row value SG(λ) (SG⁻ if `misere`) by compiled search.

    Without memory/checkpoint/progress the shared table is used (and kept
    for later queries); otherwise a fresh `Search` with those settings.
    ValueError if λ1 + (number of rows) exceeds `MAX_LETTERS`.
    """
    lam = Partition.coerce(partition)
    return _search_for(misere, memory, checkpoint, progress).value(lam, method)


def cr_is_value(
    partition: PartitionLike,
    k: int,
    misere: bool = False,
    memory: str | int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: object = None,
) -> bool:
    """Whether SG(λ) = k, by the nimber test (stops as soon as it is decided)."""
    lam = Partition.coerce(partition)
    return _search_for(misere, memory, checkpoint, progress).is_value(lam, k)


def cr_value_table(partition: PartitionLike, misere: bool = False) -> list[list[int]]:
    """Row i holds SG(λ[i, j]) for j < λ_{i+1} (the shared table; λ must fit)."""
    return shared_search(misere).value_table(Partition.coerce(partition))
