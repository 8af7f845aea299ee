"""Where numba keeps the machine code of grundy's compiled searches.

numba caches compiled code on disk per source file, but a driver compiled
for a kernel inlines code from other files (the word primitives of
`grundy.search`, the kernel and its helpers in a game's kernel module), and
numba does not notice when those change.  So the cache lives in a folder
named after a digest of every file of compiled code in grundy: this package,
the kernel modules (every ``*_kernel.py`` of the grundy package) and the
atlas's level engine (``grundy/atlas/``); any change starts a fresh cache.
Its base is $GRUNDY_CACHE_DIR, else the user's cache folder ($XDG_CACHE_HOME,
else ~/.cache) — never the installed package, which may be read-only and
which ``pip uninstall`` would leave littered.

Every compiled function of grundy is decorated by `cached_njit`: the one place
that decides whether compiled code is kept on disk (`disk_cache`) and points
numba there.  Where no cache folder can be written, grundy compiles in memory
(each process anew) and says so once, in one line on stderr.  Overloads
(`numba.extending.overload`) are not cached on their own: numba would pick
their folder when a caller is compiled, not here, and their code is cached
inside every compiled caller anyway.

>>> folder = disk_cache()
>>> folder is None or folder == cache_folder()
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import numba

__all__ = ["cache_base", "cache_folder", "cached_njit", "compiled_sources", "disk_cache"]

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


def cache_base(environ: Mapping[str, str] = os.environ) -> Path:
    """grundy's cache folder: $GRUNDY_CACHE_DIR, else $XDG_CACHE_HOME/grundy, else
    ~/.cache/grundy (RuntimeError where there is no home folder either).

    >>> cache_base({"GRUNDY_CACHE_DIR": "/scratch/g", "XDG_CACHE_HOME": "/c"}).as_posix()
    '/scratch/g'
    >>> cache_base({"XDG_CACHE_HOME": "/c"}).as_posix()
    '/c/grundy'
    """
    if environ.get("GRUNDY_CACHE_DIR"):
        return Path(environ["GRUNDY_CACHE_DIR"])
    xdg = environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG spec: a relative path is to be ignored
        return Path(xdg) / "grundy"
    return Path.home() / ".cache" / "grundy"


@cache
def cache_folder() -> Path:
    """The cache folder of this version of grundy's compiled code and numba."""
    digest = hashlib.sha256()
    for source in compiled_sources():
        digest.update(source.relative_to(PACKAGE).as_posix().encode())
        digest.update(source.read_bytes())
    return cache_base() / "numba" / f"{numba.__version__}-{digest.hexdigest()[:16]}"


@cache
def disk_cache() -> Path | None:
    """`cache_folder()`, made if missing, where compiled code is kept; None where it cannot
    be written (then one line on stderr, once per process, says so)."""
    try:
        folder = cache_folder()
    except RuntimeError as error:  # no home folder
        return _without_disk_cache(str(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as error:
        return _without_disk_cache(f"cannot write {folder}: {error.strerror or error}")
    return folder


def _without_disk_cache(reason: str) -> None:
    print(
        f"grundy: compiled code is not cached ({reason}); each run compiles anew — "
        "set GRUNDY_CACHE_DIR to a writable folder to keep it",
        file=sys.stderr,
    )


@contextlib.contextmanager
def _numba_cache_dir(folder: Path) -> Iterator[None]:
    """Point numba's cache at `folder` while functions are decorated: numba picks a
    function's cache location when ``njit(cache=True)`` wraps it."""
    previous = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = str(folder)
    try:
        yield
    finally:
        numba.config.CACHE_DIR = previous


def cached_njit(function: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """``numba.njit(cache=True, **options)``, its machine code kept in `disk_cache()` (in
    memory only where there is none): how every compiled function of grundy is
    decorated, bare (``@cached_njit``) or with options (``@cached_njit(inline="always")``).

    >>> from grundy.search.primitives import identity  # decorated by cached_njit
    >>> disk_cache() is None or identity._cache._cache_path.startswith(str(cache_folder()))
    True
    """
    if function is None:
        return lambda later: cached_njit(later, **options)
    folder = disk_cache()
    if folder is None:
        return numba.njit(cache=False, **options)(function)
    with _numba_cache_dir(folder):
        return numba.njit(cache=True, **options)(function)
