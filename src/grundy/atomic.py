"""The one way grundy writes a file: atomically.

Everything grundy writes — pictures, checkpoints, tables — goes through
`atomic_open`: the data goes to a temporary file in the destination's
directory, is flushed to disk and then moved over the destination with
`os.replace`.  A reader never sees a half-written file, and a failure (full
disk, a bad character, Ctrl-C) leaves the destination as it was and no
temporary file behind.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text_atomic(folder / "a.txt", "hello").read_text()
'hello'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = ["atomic_open", "check_writable", "write_text_atomic"]


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary file that replaces `path` when the block ends without error.

    `mode` is "w" (text, UTF-8) or "wb".  The directory must exist; a
    directory at `path` is a ValueError.  On any exception the temporary file
    is removed, `path` is untouched and the exception propagates.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open writes with mode 'w' or 'wb', not {mode!r}")
    target = check_writable(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, _file_mode(target))
        text = {"encoding": "utf-8", "newline": ""} if mode == "w" else {}
        with os.fdopen(fd, mode, **text) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


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


def _file_mode(target: Path) -> int:
    """The mode of the file being replaced, else what a plain open() would give."""
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
