"""Where numba keeps the machine code of grundy's compiled searches.

numba caches compiled code on disk per source file, but a driver compiled
for a kernel inlines code from other files (the word primitives of
`grundy.search`, the kernel and its helpers in a game's kernel module), and
numba does not notice when those change.  So the cache lives in a folder
named after a digest of every file of compiled code in grundy: this package
the kernel modules (every ``*_kernel.py`` of the grundy package) and the atlas's
level engine (``grundy/atlas/``), under $GRUNDY_CACHE_DIR, default
~/.cache/grundy; any change starts a fresh cache.

>>> with numba_cache_dir():
...     numba.config.CACHE_DIR == str(cache_folder())
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numba

__all__ = ["cache_folder", "cached_njit", "compiled_sources", "numba_cache_dir"]

#: The package directory of grundy (this package's parent).
PACKAGE = Path(__file__).resolve().parent.parent


def compiled_sources() -> list[Path]:
    """The source files whose changes invalidate the cache: this package's modules, the
    kernel modules (named ``*_kernel.py``) anywhere in grundy and the modules of
    ``grundy/atlas/`` (the level engine compiles against kernels), in a fixed order.

    >>> sources = compiled_sources()
    >>> Path(__file__).resolve() in sources, any(p.match("games/*_kernel.py") for p in sources)
    (True, True)
    """
    engine = sorted(Path(__file__).resolve().parent.glob("*.py"))
    return engine + sorted(PACKAGE.rglob("*_kernel.py")) + sorted(PACKAGE.glob("atlas/*.py"))


@cache
def cache_folder() -> Path:
    """The cache folder of this version of grundy's compiled code and numba."""
    digest = hashlib.sha256()
    for source in compiled_sources():
        digest.update(source.relative_to(PACKAGE).as_posix().encode())
        digest.update(source.read_bytes())
    base = os.environ.get("GRUNDY_CACHE_DIR") or Path.home() / ".cache" / "grundy"
    return Path(base) / "numba" / f"{numba.__version__}-{digest.hexdigest()[:16]}"


@contextlib.contextmanager
def numba_cache_dir() -> Iterator[Path]:
    """Point numba's cache at `cache_folder()` while functions are decorated.

    numba picks a function's cache location when `njit(cache=True)` wraps it,
    so only decoration needs to happen inside this block.
    """
    previous = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = str(cache_folder())
    try:
        yield cache_folder()
    finally:
        numba.config.CACHE_DIR = previous


def cached_njit(function: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True)``, its machine code kept in `cache_folder()`: how the
    kernel modules compile their options kernels and helpers.

    >>> from grundy.search.primitives import identity  # decorated by cached_njit
    >>> identity._cache._cache_path.startswith(str(cache_folder()))
    True
    """
    with numba_cache_dir():
        return numba.njit(cache=True)(function)
