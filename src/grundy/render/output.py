"""Writing rendered pictures to files, atomically.

A picture is written to a temporary file in the destination's directory and
then moved over the destination with `os.replace`, so a reader never sees a
half-written file and a failure (full disk, a bad character, an interrupt)
leaves the destination as it was and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["check_writable", "write_text_atomic"]


def write_text_atomic(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> Path:
    """Write `text` to `path` atomically (temporary file + os.replace); returns the path.

    The directory must exist.  On any error the temporary file is removed and
    the exception propagates; an existing file at `path` is left untouched.
    """
    target = check_writable(path)
    directory = target.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, _file_mode(target))
        with os.fdopen(fd, "w", encoding=encoding, newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    return target


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
