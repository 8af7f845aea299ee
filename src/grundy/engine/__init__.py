"""The compiled engine, which knows no game (with the games' kernel modules, the only code
that uses numba).

A game gives its rules as a numba options kernel on packed boundary words, built from
the word primitives (`wordops`) and the kernel helpers (`primitives`), compiled with
`cached_njit` and declared as a `CompiledKernel` (`kernel`); the built-in games keep
theirs beside their rules (``grundy/games/<family>/<game>_kernel.py``).

* the search (`search.Search`, drivers in `drivers`): a full memoised mex or the
  Lemoine–Viennot / Beling–Rogalski nimber test, caching facts in a compact
  transposition table with a memory cap (`transposition`), in chunks with progress,
  Ctrl-C and checkpoints, for words of one or two machine words (`wordops`: up to 56
  and 120 letters); `CompiledKernel` also runs the census behind ``count``;
* the atlas's levels and boxes: ranks (`ranking`, `box_ranking`) and the compiled loops
  that value a level or a box from the ones below (`levels`, `box_levels`,
  `level_loop`);
* the cluster client (`cluster`) and compiling ahead of time (`warm`).

Compiled code is cached on disk in a folder named after a digest of the compiled
sources (`cache`); every options kernel gets its own copy of the drivers and level
loops (`specialise`), so its code is cached too.
"""

from __future__ import annotations

from grundy.engine import primitives
from grundy.engine.cache import cached_njit
from grundy.engine.kernel import CompiledKernel
from grundy.engine.search import METHODS, Search, SearchStats, ValueTooLarge
from grundy.engine.transposition import (
    DEFAULT_MEMORY,
    TranspositionTable,
    format_bytes,
    parse_memory,
)
from grundy.engine.words import MAX_LETTERS, decode, encode, fits

__all__ = [
    "DEFAULT_MEMORY",
    "MAX_LETTERS",
    "METHODS",
    "CompiledKernel",
    "Search",
    "SearchStats",
    "TranspositionTable",
    "ValueTooLarge",
    "cached_njit",
    "decode",
    "encode",
    "fits",
    "format_bytes",
    "parse_memory",
    "primitives",
]
