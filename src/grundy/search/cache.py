"""Where numba keeps the machine code of grundy's compiled searches.

numba caches compiled code on disk per source file, but a driver compiled
for a kernel inlines code from other files (`moves`, `wordops`), and numba
does not notice when those change.  So the cache lives in a folder named
after a digest of every source file of this package (under
$GRUNDY_CACHE_DIR, default ~/.cache/grundy): any change starts a fresh cache.

>>> with numba_cache_dir():
...     numba.config.CACHE_DIR == str(cache_folder())
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numba

__all__ = ["cache_folder", "numba_cache_dir"]


@cache
def cache_folder() -> Path:
    """The cache folder of this version of grundy.search and numba."""
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.name.encode())
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
