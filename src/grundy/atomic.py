"""The one way grundy writes a file: atomically, and never over what is not a file.

Everything grundy writes — pictures, checkpoints, tables — goes through
`atomic_open`, and what it does depends on what the destination is:

- **a regular file, or nothing yet**: the data goes to a temporary file in
  the destination's directory, is flushed to disk and then moved over the
  destination with `os.replace`.  A reader never sees a half-written file,
  and a failure (full disk, a bad character, Ctrl-C) leaves the destination
  as it was and no temporary file behind.  A symbolic link is followed: the
  file it names is replaced, in that file's directory, and the link is kept.
  A link that another user made in a shared folder (sticky and
  world-writable, as /tmp) is refused, as Linux's ``protected_symlinks``
  refuses to follow it: grundy run by root must not be led to replace a file
  of the attacker's choosing.
- **standard output**: the names ``-`` and ``/dev/stdout``, whatever
  standard output is (a terminal, a pipe, a file the shell opened).
- **a character device or a FIFO** (``/dev/null``, a terminal, a named
  pipe): written through, opened without being created, truncated or
  replaced.  A FIFO that no process reads is a ValueError at once, not a
  write that blocks until one does.
- **a directory, a block device or a socket**: a ValueError.

Standard output, devices and FIFOs are streams: a failure half-way leaves
what was written.  A file that grundy reads back — a checkpoint, the results
store — must be a regular file (``regular=True``; `check_writable` says so
before any work), never standard output, a device or a FIFO, whose reading
would block or lose the data.

A file made by other means (the results store, made by SQLite) is built
under a temporary name the same way and linked into place only when
complete (`atomic_create`).

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
>>> (folder / "link.txt").symlink_to("a.txt")
>>> _ = write_text_atomic(folder / "link.txt", "through the link")
>>> (folder / "link.txt").is_symlink(), (folder / "a.txt").read_text()
(True, 'through the link')
>>> _ = write_text_atomic("-", "on standard output\\n")
on standard output
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal

__all__ = [
    "STDOUT_NAMES",
    "atomic_create",
    "atomic_open",
    "check_writable",
    "remove_stale_temporaries",
    "write_text_atomic",
]

#: The destinations that mean standard output.
STDOUT_NAMES = ("-", "/dev/stdout")

#: What a destination is (`_destination`): standard output, a device or FIFO written
#: through, or a regular file (existing or not) replaced atomically.
Kind = Literal["stdout", "stream", "file"]


@contextlib.contextmanager
def atomic_open(
    path: str | os.PathLike[str],
    mode: str = "w",
    *,
    regular: bool = False,
    permissions: int | None = None,
) -> Iterator[IO[Any]]:
    """A file to write `path`'s new contents to: a temporary file that replaces `path`
    when the block ends without error, or standard output, a device or a FIFO written
    through (module doc).

    `mode` is "w" (text, UTF-8) or "wb".  The directory must exist; a directory,
    block device or socket at `path` is a ValueError, as is anything but a regular
    file with `regular` (a file grundy reads back, such as a checkpoint).  On any
    exception a temporary file is removed, a replaced `path` is untouched and the
    exception propagates.  Stale temporary files of `path` are removed first (module
    doc).  `permissions`: the mode of the new file (default: the replaced file's, else
    what a plain open() would give).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "private.txt"
    >>> with atomic_open(path, permissions=0o600) as handle:
    ...     _ = handle.write("mine")
    >>> path.read_text(), oct(path.stat().st_mode & 0o777)
    ('mine', '0o600')
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open writes with mode 'w' or 'wb', not {mode!r}")
    kind, target = _destination(path, regular)
    text = {"encoding": "utf-8", "newline": ""} if mode == "w" else {}
    if kind == "stdout":
        with _stdout(mode == "wb") as handle:
            yield handle
        return
    if kind == "stream":
        with os.fdopen(_open_stream(target), mode, **text) as handle:
            yield handle
        return
    fd, tmp_name = _temporary(target, permissions)
    try:
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

    `path` must be a regular file or nothing yet (``regular=True`` of
    `check_writable`; a symbolic link is followed).  The temporary file exists, empty,
    when the block starts.  If `path` exists by the end (another process made it
    meanwhile), that one is kept and the temporary file dropped: a file is linked into
    place, never replaced.  On any exception nothing is left: neither the temporary
    file nor files named after it (SQLite's ``-journal``, ``-wal``, ``-shm``).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "new.txt"
    >>> with atomic_create(target) as building:
    ...     _ = building.write_text("built")
    >>> target.read_text(), sorted(p.name for p in target.parent.iterdir())
    ('built', ['new.txt'])
    """
    _, target = _destination(path, regular=True)
    fd, tmp_name = _temporary(target, None)
    os.close(fd)
    try:
        yield Path(tmp_name)
        with contextlib.suppress(FileExistsError):
            os.link(tmp_name, target)
    finally:
        _remove(tmp_name)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write `text` (UTF-8) to `path` with `atomic_open`; returns the path."""
    with atomic_open(path, "w") as handle:
        handle.write(text)
    return Path(path)


def check_writable(path: str | os.PathLike[str], *, regular: bool = False) -> Path:
    """`path` if `atomic_open` can write it, else the ValueError it would raise: a
    missing directory, a directory, a block device, a socket, a symbolic link of
    another user in a shared folder, or — with `regular`, for a file grundy reads back
    (a checkpoint) — standard output, a device or a FIFO.

    Cheap; lets a command fail before a long computation rather than after it.

    >>> check_writable("/dev/null").as_posix()
    '/dev/null'
    >>> check_writable("/dev/null", regular=True)
    Traceback (most recent call last):
    ValueError: cannot use '/dev/null': it is a character device, not a regular file to read back
    >>> check_writable("/")
    Traceback (most recent call last):
    ValueError: cannot write '/': it is a directory
    """
    _destination(path, regular)
    return Path(path)


#: What `_destination` calls each kind of file it refuses.
_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
}
#: A shared folder's mode bits: anyone may add to it, only owners may remove (/tmp).
_SHARED = stat.S_ISVTX | stat.S_IWOTH


def _destination(path: str | os.PathLike[str], regular: bool) -> tuple[Kind, Path]:
    """What `path` is to a writer (module doc), with the path to write: standard output,
    a device or FIFO to open as named, or the regular file to replace (its links
    followed); ValueError for the rest."""
    name = os.fspath(path)
    refused = f"cannot {'use' if regular else 'write'} {name!r}"
    if name in STDOUT_NAMES:
        if regular:
            raise ValueError(f"{refused}: it is standard output{_READ_BACK}")
        return "stdout", Path(name)
    target = _follow(Path(name))
    try:
        info = os.stat(name)  # as open() would see it: every link followed, /proc's too
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise ValueError(
                f"{refused}: directory {str(target.parent)!r} does not exist"
            ) from None
        return "file", target
    except OSError as error:  # a loop of links, a folder on the way that is not one
        raise ValueError(f"{refused}: {error.strerror}") from None
    if stat.S_ISREG(info.st_mode):
        return "file", target
    what = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
    if not (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        raise ValueError(f"{refused}: it is {what}")
    if regular:
        raise ValueError(f"{refused}: it is {what}{_READ_BACK}")
    return "stream", Path(name)


#: Why a file that grundy reads back is refused when it is not a regular file.
_READ_BACK = ", not a regular file to read back"


def _follow(path: Path) -> Path:
    """The file `path` names, its symbolic links followed; ValueError for a link on the
    way that another user made in a shared folder (`_SHARED`), which is neither this
    user's nor the folder owner's: Linux's ``protected_symlinks`` rule, which
    os.path.realpath does not apply."""
    link = path
    for _ in range(40):  # the kernel's limit; a longer chain is a loop (`_destination`)
        try:
            info = os.lstat(link)
            folder = os.stat(link.parent)
        except OSError:  # nothing there yet, or no way there: `_destination` says which
            break
        if not stat.S_ISLNK(info.st_mode):
            break
        if folder.st_mode & _SHARED == _SHARED and info.st_uid not in (
            os.geteuid(),
            folder.st_uid,
        ):
            raise ValueError(
                f"cannot write {os.fspath(path)!r}: {str(link)!r} is a link of another user "
                f"(uid {info.st_uid}) in the shared folder {str(link.parent)!r}"
            )
        link = link.parent / os.readlink(link)
    return Path(os.path.realpath(path))


def _open_stream(path: Path) -> int:
    """A descriptor writing into the device or FIFO at `path`: opened without O_CREAT or
    O_TRUNC, and without blocking — a FIFO that no process reads is a ValueError."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise ValueError(f"cannot write {str(path)!r}: no process reads the FIFO") from None
        raise
    mode = os.fstat(fd).st_mode
    if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):  # changed since `_destination`
        os.close(fd)
        raise ValueError(f"cannot write {str(path)!r}: it changed while being opened")
    os.set_blocking(fd, True)
    return fd


@contextlib.contextmanager
def _stdout(binary: bool) -> Iterator[IO[Any]]:
    """Standard output, after what was printed before, as bytes or as UTF-8 text; left
    open.  (A stand-in for stdout without bytes underneath — a doctest's — takes text.)"""
    sys.stdout.flush()
    underneath = getattr(sys.stdout, "buffer", None)
    if underneath is None:
        yield sys.stdout
        return
    if binary:
        try:
            yield underneath
        finally:
            underneath.flush()
        return
    handle = io.TextIOWrapper(underneath, encoding="utf-8", newline="", write_through=True)
    try:
        yield handle
    finally:
        handle.flush()
        handle.detach()


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


def _temporary(target: Path, permissions: int | None) -> tuple[int, str]:
    """A new temporary file for `target` (module doc), with mode `permissions`, else the
    mode a plain open() of `target` would give; stale ones of `target` removed first."""
    remove_stale_temporaries(target)
    fd, name = tempfile.mkstemp(
        prefix=f".{target.name}.{_host()}.{os.getpid()}.", suffix=".tmp", dir=target.parent
    )
    try:
        os.fchmod(fd, _file_mode(target) if permissions is None else permissions)
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
