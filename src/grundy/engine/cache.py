"""Where numba keeps the machine code of grundy's compiled searches, and which of it grundy
trusts.

numba caches compiled code on disk per source file, but a driver compiled
for a kernel inlines code from other files (the word primitives of
`grundy.engine`, the kernel and its helpers in a game's kernel module), and
numba does not notice when those change.  So the cache lives in a folder
named after a digest of every file of compiled code in grundy: this package,
the kernel modules (every ``*_kernel.py`` of the grundy package) and the
atlas's level engine (``grundy/atlas/``); any change starts a fresh cache.
Its base is $GRUNDY_CACHE_DIR, else the user's cache folder ($XDG_CACHE_HOME,
else ~/.cache) — never the installed package, which may be read-only and
which ``pip uninstall`` would leave littered.

Every compiled function of grundy is decorated by `cached_njit`: the one place
that decides whether compiled code is kept on disk (`disk_cache`) and tells
numba where.  Overloads (`numba.extending.overload`) are not cached on their
own: numba would pick their folder when a caller is compiled, not here, and
their code is cached inside every compiled caller anyway.

**Only a folder that no one else can write is used.**  numba's cache files
are pickles: loading one runs whatever its maker put in it, so a cache that
another user could write would run their code as whoever runs grundy — root
included.  The rule, checked as ssh checks the folders of a key:

- the base is taken with its symbolic links resolved, and the folders are
  checked on that real path, which is the one numba is given;
- the base and every folder in it that grundy uses (``numba/<version>``,
  numba's folder per source folder, ``drivers``) must be a folder (not a
  link), owned by the user running grundy or by root, and writable neither by
  its group nor by others (`path_problem`);
- every folder above the base must be owned by the user or root and be
  writable neither by its group nor by others — unless it is sticky (as
  /tmp: others may add to it, but may not rename or remove what the user or
  root owns there); the walk stops after the first folder owned by the user
  (as ssh stops at the home folder), else at ``/`` (`folder_problem`);
- a cache file is loaded only if it is a regular file (not a link), owned by
  the user or root and writable neither by its group nor by others; grundy
  writes its own with mode 0644, and makes its folders with mode 0755, so no
  umask makes them fail.  Inside a folder that passes, only the user and root
  can add, rename or remove files, so the file checked is the file numba
  opens.

Where the base fails (or cannot be made), grundy compiles in memory, each
process anew, and says why in one line on stderr, once per process; where a
folder inside fails, its functions are compiled in memory; a file that fails
is not loaded (the same one line) and its function is compiled anew and saved
over it.  A cache that passes but cannot be written here — one made by root
with ``grundy warm`` in a cluster image, used by everyone — is read: what is
in it is loaded, anything else compiled in memory.

>>> folder = disk_cache()
>>> folder is None or folder == cache_folder()
True
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

import numba
from numba.core.caching import (
    CompileResultCacheImpl,
    FunctionCache,
    IndexDataCacheFile,
    UserProvidedCacheLocator,
)

from grundy.atomic import atomic_open

__all__ = [
    "cache_base",
    "cache_folder",
    "cache_subfolder",
    "cached_njit",
    "compiled_sources",
    "disk_cache",
    "folder_problem",
    "path_problem",
]

#: The package directory of grundy (this package's parent).
PACKAGE = Path(__file__).resolve().parent.parent
#: The modes grundy gives the folders and files of compiled code it makes.
FOLDER_MODE, FILE_MODE = 0o755, 0o644


def compiled_sources() -> list[Path]:
    """The source files whose changes invalidate the cache: this package's modules, the
    kernel modules (named ``*_kernel.py``) anywhere in grundy (the engine's drivers and the
    atlas's level engines compile against them), in a fixed order.

    >>> sources = compiled_sources()
    >>> Path(__file__).resolve() in sources, any(p.match("games/*/*_kernel.py") for p in sources)
    (True, True)
    """
    engine = sorted(Path(__file__).resolve().parent.glob("*.py"))
    return engine + sorted(PACKAGE.rglob("*_kernel.py"))


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
    """The cache folder of this version of grundy's compiled code and numba, in the real
    path of `cache_base()` (its symbolic links resolved: the folders checked are those
    used)."""
    digest = hashlib.sha256()
    for source in compiled_sources():
        digest.update(source.relative_to(PACKAGE).as_posix().encode())
        digest.update(source.read_bytes())
    base = Path(os.path.realpath(cache_base()))
    return base / "numba" / f"{numba.__version__}-{digest.hexdigest()[:16]}"


@cache
def disk_cache() -> Path | None:
    """`cache_folder()`, made if missing, where compiled code is kept: None where it cannot
    be made or fails the check (module doc; then one line on stderr says why)."""
    try:
        folder = cache_folder()
    except RuntimeError as error:  # no home folder
        return _without_disk_cache(str(error))
    try:
        _make(folder)
    except OSError as error:
        where = error.filename or folder
        return _without_disk_cache(f"cannot write {where}: {error.strerror or error}")
    problem = folder_problem(folder, folder.parents[1])
    return _without_disk_cache(problem) if problem else folder


def cache_subfolder(name: str) -> Path | None:
    """The folder `name` of `disk_cache()`, made if missing: None where there is no disk
    cache, where it cannot be made (a cache only read here) or where it fails the check
    (then one line on stderr says why)."""
    folder = disk_cache()
    if folder is None:
        return None
    try:
        return _checked(folder / name)
    except OSError:
        return None


def folder_problem(folder: Path, base: Path) -> str | None:
    """Why compiled code may not be kept in `folder`, a real path in `base` (or `base`
    itself), or None where it may: every folder from `folder` up to `base` passes
    `path_problem`, as does every folder above `base` (sticky ones writable by others
    allowed) up to the first one of the user's, else up to ``/``.

    >>> import tempfile
    >>> shared = Path(tempfile.mkdtemp())
    >>> shared.chmod(0o1777)  # as /tmp
    >>> (shared / "cache").mkdir(0o755)
    >>> folder_problem(shared / "cache", shared / "cache") is None
    True
    >>> folder_problem(shared, shared).replace(str(shared), "SHARED")  # the base itself
    'SHARED is writable by its group and others (mode 1777)'
    """
    inside = [folder, *folder.parents][: len(folder.relative_to(base).parts) + 1]
    for path in inside:
        if problem := path_problem(path, "folder"):
            return problem
    for path in base.parents:
        if problem := path_problem(path, "folder", sticky=True):
            return problem
        if path.lstat().st_uid == os.geteuid():
            break
    return None


def path_problem(
    path: Path, kind: Literal["folder", "file"], *, sticky: bool = False
) -> str | None:
    """Why `path` may not hold compiled code (a folder) or be some (a file), or None where
    it may: it must be a folder or a regular file as `kind` says (not a symbolic link),
    owned by the user running grundy or by root, and writable neither by its group nor by
    others — unless, with `sticky` (a folder above the cache's base), it is sticky.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp())
    >>> path_problem(path, "folder") is None
    True
    >>> path_problem(path, "file").replace(str(path), "TMP")
    'TMP is not a regular file'
    >>> path.chmod(0o775)
    >>> path_problem(path, "folder").replace(str(path), "TMP")
    'TMP is writable by its group (mode 775)'
    """
    try:
        info = os.lstat(path)
    except OSError as error:
        return f"cannot read {path}: {error.strerror}"
    is_kind, what = (
        (stat.S_ISDIR, "a folder") if kind == "folder" else (stat.S_ISREG, "a regular file")
    )
    if not is_kind(info.st_mode):
        return f"{path} is not {what}"
    if info.st_uid not in (os.geteuid(), 0):
        return f"{path} belongs to another user (uid {info.st_uid})"
    writers = info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    if writers and not (sticky and info.st_mode & stat.S_ISVTX):
        who = {stat.S_IWGRP: "its group", stat.S_IWOTH: "others"}.get(
            writers, "its group and others"
        )
        return f"{path} is writable by {who} (mode {stat.S_IMODE(info.st_mode):o})"
    return None


def _make(folder: Path) -> None:
    """Make `folder` and the folders missing above it, with mode `FOLDER_MODE`."""
    missing = [path for path in (folder, *folder.parents) if not os.path.lexists(path)]
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile: checked all the same
            os.mkdir(path, FOLDER_MODE)


def _checked(folder: Path) -> Path:
    """`folder` (in `disk_cache()`), made if missing; PermissionError (and the line on
    stderr) where it fails `path_problem`, OSError where it cannot be made."""
    _make(folder)
    if problem := path_problem(folder, "folder"):
        _without_disk_cache(problem)
        raise PermissionError(problem)
    return folder


#: Whether this process said on stderr that compiled code is not (all) cached.
_said = False


def _say(line: str) -> None:
    """Print `line` on stderr, if no line about the cache was printed before."""
    global _said
    if not _said:
        _said = True
        print(line, file=sys.stderr)


def _without_disk_cache(reason: str) -> None:
    _say(
        f"grundy: compiled code is not cached ({reason}); each run compiles anew — "
        "set GRUNDY_CACHE_DIR to a folder of yours that no one else can write"
    )


class _CheckedLocator(UserProvidedCacheLocator):
    """numba's locator of a function's cache folder, in `disk_cache()` and checked: numba's
    own locators would fall back to the package's folder or ~/.cache/numba, unchecked."""

    def get_cache_path(self) -> str:
        folder = disk_cache()
        assert folder is not None  # `from_function` returns no locator without one
        return str(folder / self.get_suitable_cache_subpath(self._py_file))

    def ensure_cache_path(self) -> None:
        _checked(Path(self.get_cache_path()))

    @classmethod
    def from_function(cls, py_func: Callable[..., Any], py_file: str) -> Any:
        """A locator for `py_func`, or None where its folder cannot be made or fails."""
        if disk_cache() is None:
            return None
        return super(UserProvidedCacheLocator, cls).from_function(py_func, py_file)


class _CheckedFiles(IndexDataCacheFile):
    """numba's index and data files of one function: loaded only when they pass
    `path_problem`, written by grundy's one writer with mode `FILE_MODE`."""

    def _load_index(self) -> dict[Any, str]:
        return {} if _refused(self._index_path) else super()._load_index()

    def _load_data(self, name: str) -> Any:
        return None if _refused(self._data_path(name)) else super()._load_data(name)

    @contextlib.contextmanager
    def _open_for_write(self, filepath: str) -> Iterator[Any]:
        with atomic_open(filepath, "wb", regular=True, permissions=FILE_MODE) as handle:
            yield handle


def _refused(path: str) -> bool:
    """Whether the cache file at `path` fails `path_problem` (then one line on stderr)."""
    if not os.path.lexists(path):  # nothing there: numba's own business
        return False
    problem = path_problem(Path(path), "file")
    if problem:
        _say(f"grundy: compiled code not loaded from the cache ({problem}); compiled anew")
    return problem is not None


class _CheckedImpl(CompileResultCacheImpl):
    """numba's way to cache a compile result, with `_CheckedLocator` its only locator."""

    _locator_classes: ClassVar[list[type]] = [_CheckedLocator]


class _CheckedCache(FunctionCache):
    """numba's cache of one function, through `_CheckedLocator` and `_CheckedFiles`."""

    _impl_class = _CheckedImpl

    def __init__(self, py_func: Callable[..., Any]) -> None:
        super().__init__(py_func)
        self._cache_file = _CheckedFiles(
            self._cache_path, self._impl.filename_base, self._impl.locator.get_source_stamp()
        )

    def save_overload(self, sig: Any, data: Any) -> None:
        with contextlib.suppress(OSError):  # a cache only read here, a full disk: in memory
            super().save_overload(sig, data)


def cached_njit(function: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """``numba.njit(**options)`` with its machine code kept in `disk_cache()` (in memory
    only where there is none, or where the function's folder fails the check): how every
    compiled function of grundy is decorated, bare (``@cached_njit``) or with options
    (``@cached_njit(inline="always")``).

    >>> from grundy.engine.primitives import identity  # decorated by cached_njit
    >>> disk_cache() is None or identity._cache.cache_path.startswith(str(disk_cache()))
    True
    """
    if function is None:
        return lambda later: cached_njit(later, **options)
    compiled = numba.njit(**options)(function)
    if _CheckedLocator.from_function(function, inspect.getfile(function)) is not None:
        compiled._cache = _CheckedCache(function)  # what njit(cache=True) does, checked
    return compiled
