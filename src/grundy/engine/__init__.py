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
  `level_loop`); levels past n = 119 in words of three machine words (184 letters);
* the cluster client (`cluster`) and compiling ahead of time (`warm`).

Compiled code is cached on disk in a folder named after a digest of the compiled
sources (`cache`); every options kernel gets its own copy of the drivers and level
loops (`specialise`), so its code is cached too.
"""

from __future__ import annotations

import importlib
from typing import Any

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

#: Each name of `__all__` → the module that defines it, imported on first access (PEP
#: 562), so that importing a numba-free part of the engine (the cluster client,
#: `cluster`) loads no numba.
_HOME = {
    "DEFAULT_MEMORY": "transposition",
    "MAX_LETTERS": "words",
    "METHODS": "search",
    "CompiledKernel": "kernel",
    "Search": "search",
    "SearchStats": "search",
    "TranspositionTable": "transposition",
    "ValueTooLarge": "search",
    "cached_njit": "cache",
    "decode": "words",
    "encode": "words",
    "fits": "words",
    "format_bytes": "transposition",
    "parse_memory": "transposition",
}


def __getattr__(name: str) -> Any:
    """A name of `__all__` (or a submodule), imported on first access.

    >>> from grundy.engine import CompiledKernel
    >>> CompiledKernel.__module__
    'grundy.engine.kernel'
    """
    if name in _HOME:
        value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
        globals()[name] = value
        return value
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
