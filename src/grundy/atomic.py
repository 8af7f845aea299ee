"""The one way grundy writes a file: atomically.

Everything grundy writes — pictures, checkpoints, tables — goes through
`atomic_open`: the data goes to a temporary file in the destination's
directory, is flushed to disk and then moved over the destination with
`os.replace`.  A reader never sees a half-written file, and a failure (full
disk, a bad character, Ctrl-C) leaves the destination as it was and no
temporary file behind.  A file made by other means (the results store, made
by SQLite) is built under a temporary name the same way and linked into place
only when complete (`atomic_create`).

A temporary file is named ``.NAME.HOST.PID.XXXXXXXX.tmp``: the destination's
name, a tag of this machine's name, the writing process and a random part.
Only a process killed while writing (SIGKILL, a power cut) leaves one behind,
and the next write of the same destination removes it: every temporary file
of that destination made on this machine by a process that is no longer
running (`remove_stale_temporaries`).  Those of a live process, or of another
machine sharing the folder, are left alone.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text_atomic(folder / "a.txt", "hello").read_text()
'hello'
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = [
    "atomic_create",
    "atomic_open",
    "check_writable",
    "remove_stale_temporaries",
    "write_text_atomic",
]


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file that replaces `path` when the block ends without error.

    `mode` is "w" (text, UTF-8) or "wb".  The directory must exist; a
    directory at `path` is a ValueError.  On any exception the temporary file
    is removed, `path` is untouched and the exception propagates.  Stale
    temporary files of `path` are removed first (module doc).
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open writes with mode 'w' or 'wb', not {mode!r}")
    target = check_writable(path)
    fd, tmp_name = _temporary(target)
    try:
        text = {"encoding": "utf-8", "newline": ""} if mode == "w" else {}
        with os.fdopen(fd, mode, **text) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        _remove(tmp_name)
        raise


@contextlib.contextmanager
def atomic_create(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path to build a new `path` at, by any means; it becomes `path` when
    the block ends without error.

    The temporary file exists, empty, when the block starts.  If `path` exists
    by the end (another process made it meanwhile), that one is kept and the
    temporary file dropped: a file is linked into place, never replaced.  On
    any exception nothing is left: neither the temporary file nor files named
    after it (SQLite's ``-journal``, ``-wal``, ``-shm``).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "new.txt"
    >>> with atomic_create(target) as building:
    ...     _ = building.write_text("built")
    >>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
    ('built', ['new.txt'])
    """
    target = check_writable(path)
    fd, tmp_name = _temporary(target)
    os.close(fd)
    try:
        yield Path(tmp_name)
        with contextlib.suppress(FileExistsError):
            os.link(tmp_name, target)
    finally:
        _remove(tmp_name)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write `text` (UTF-8) to `path` atomically; returns the path."""
    with atomic_open(path, "w") as handle:
        handle.write(text)
    return Path(path)


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Refuse (ValueError) a destination whose directory is missing or that is a directory.

    Cheap; lets a command fail before a long computation rather than after it.
    """
    target = Path(path)
    if not target.parent.is_dir():
        raise ValueError(
            f"cannot write {str(target)!r}: directory {str(target.parent)!r} does not exist"
        )
    if target.is_dir():
        raise ValueError(f"cannot write {str(target)!r}: it is a directory")
    return target


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files that writers of `path` killed on this machine left.

    Returns those removed.  A temporary file whose process still runs (a
    concurrent writer, or this process) is kept, as is one made on another
    machine.  `atomic_open` and `atomic_create` call it before they write.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> dead = 2**22 + 1  # above Linux's largest process id: no process has it
    >>> left = folder / f".a.txt.{_host()}.{dead}.k3x9a1b2.tmp"
    >>> _ = left.write_text("half a file")
    >>> remove_stale_temporaries(folder / "a.txt") == [left], left.exists()
    (True, False)
    """
    target = Path(path)
    mine = re.compile(rf"\.{re.escape(target.name)}\.{_host()}\.(\d+)\.\w+\.tmp(-\w+)?")
    removed = []
    with contextlib.suppress(OSError):  # an unreadable folder: the write itself will say
        for entry in os.scandir(target.parent):
            match = mine.fullmatch(entry.name)
            if match and not _running(int(match[1])):
                with contextlib.suppress(FileNotFoundError):  # another writer was quicker
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _temporary(target: Path) -> tuple[int, str]:
    """A new temporary file for `target` (module doc), with the mode a plain open() of
    `target` would give; stale ones of `target` removed first."""
    remove_stale_temporaries(target)
    fd, name = tempfile.mkstemp(
        prefix=f".{target.name}.{_host()}.{os.getpid()}.", suffix=".tmp", dir=target.parent
    )
    try:
        os.fchmod(fd, _file_mode(target))
    except BaseException:
        os.close(fd)
        _remove(name)
        raise
    return fd, name


@functools.cache
def _host() -> str:
    """This machine's part of a temporary name (8 hex digits): process ids are only
    comparable on one machine (and in one container: those usually have names of their
    own)."""
    import zlib  # here, not at import: `grundy.atomic` is loaded by every command

    return f"{zlib.crc32(os.uname().nodename.encode()):08x}"


def _remove(tmp_name: str) -> None:
    """Remove a temporary file and the files named after it (a database's journal)."""
    for name in (tmp_name, *(f"{tmp_name}-{side}" for side in ("journal", "wal", "shm"))):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def _running(pid: int) -> bool:
    """Whether a process with that id runs on this machine (one of another user counts)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process; a name not of our making
        return True
    return True


def _file_mode(target: Path) -> int:
    """The mode of the file being replaced, else what a plain open() would give."""
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
