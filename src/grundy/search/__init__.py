"""Compiled exact search (the only package that imports numba).

A game gives its rules as a numba options kernel on packed boundary words
(`moves`); the engine (`engine.Search`, drivers in `drivers`) values positions
with a full memoised mex or the Lemoine–Viennot / Beling–Rogalski nimber
test, caching facts in a compact transposition table with a memory cap
(`table`), in chunks with progress, Ctrl-C and checkpoints, for words of one
or two machine words (`wordops`: up to 56 and 120 letters).
`CompiledKernel` (`kernel`) is what a ruleset declares; `subset_table` is the
matrix game's vectorised table.

Compiled code is cached on disk in a folder named after a digest of this
package's sources (`cache`); every options kernel gets its own copy of the
drivers (`specialise`), so its code is cached too.
"""

from __future__ import annotations

from grundy.search.cache import numba_cache_dir

with numba_cache_dir():
    from grundy.search import moves
    from grundy.search.engine import METHODS, Search, SearchStats, ValueTooLarge
    from grundy.search.kernel import CompiledKernel
    from grundy.search.table import DEFAULT_MEMORY, TranspositionTable, format_bytes, parse_memory
    from grundy.search.words import MAX_LETTERS, decode, encode, fits

__all__ = [
    "DEFAULT_MEMORY",
    "MAX_LETTERS",
    "METHODS",
    "CompiledKernel",
    "Search",
    "SearchStats",
    "TranspositionTable",
    "ValueTooLarge",
    "decode",
    "encode",
    "fits",
    "format_bytes",
    "moves",
    "parse_memory",
]
