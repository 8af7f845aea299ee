"""Compiled exact search (with the kernel modules of the games, the only code that uses numba).

The engine knows no game.  A game gives its rules as a numba options kernel
on packed boundary words, built from the word primitives (`wordops`) and the
kernel helpers (`primitives`), compiled with `cached_njit` and declared as a
`CompiledKernel` (`kernel`); the built-in games keep theirs in a kernel
module beside their rules (``grundy/games/<game>_kernel.py``).  The engine
(`engine.Search`, drivers in `drivers`) values positions with a full
memoised mex or the Lemoine–Viennot / Beling–Rogalski nimber test, caching
facts in a compact transposition table with a memory cap (`table`), in
chunks with progress, Ctrl-C and checkpoints, for words of one or two
machine words (`wordops`: up to 56 and 120 letters); `CompiledKernel` also
runs the census behind ``count``.

Compiled code is cached on disk in a folder named after a digest of the
compiled sources (`cache`); every options kernel gets its own copy of the
drivers (`specialise`), so its code is cached too.
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
