"""Compiled exact search (the only package that imports numba).

A game gives its rules as a numba options kernel on packed boundary words
(`moves`); the engine (`engine.Search`, drivers in `drivers`) values positions
with a full memoised mex or the Lemoine–Viennot / Beling–Rogalski nimber
test, caching facts in a compact transposition table with a memory cap
(`table`), in chunks with progress, Ctrl-C and checkpoints, for words of one
or two machine words (`wordops`: up to 56 and 120 letters).
`CompiledKernel` (`kernel`) is what a ruleset declares; `subset_table` is the
matrix game's vectorised table.

numba caches compiled code on disk per source file, but a driver compiled
for a kernel inlines code from other files (`moves`, `wordops`), and numba
does not notice when those change.  So the cache lives in a folder named
after a digest of every source file of this package (under
$GRUNDY_CACHE_DIR, default ~/.cache/grundy): any change starts a fresh cache.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba


def _cache_dir() -> str:
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for source in sorted(here.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    base = os.environ.get("GRUNDY_CACHE_DIR") or Path.home() / ".cache" / "grundy"
    return str(Path(base) / "numba" / f"{numba.__version__}-{digest.hexdigest()[:16]}")


_previous = numba.config.CACHE_DIR
numba.config.CACHE_DIR = _cache_dir()
try:
    from grundy.search import moves
    from grundy.search.engine import METHODS, Search, SearchStats, ValueTooLarge
    from grundy.search.kernel import CompiledKernel
    from grundy.search.table import DEFAULT_MEMORY, TranspositionTable, format_bytes, parse_memory
    from grundy.search.words import MAX_LETTERS, decode, encode, fits
finally:
    numba.config.CACHE_DIR = _previous

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
