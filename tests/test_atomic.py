"""grundy.atomic: every file grundy writes replaces its destination atomically.

A failure at any point (in the caller's block, while encoding, at the final
rename) leaves the destination as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grundy import atomic
from grundy.atomic import atomic_open, check_writable, remove_stale_temporaries, write_text_atomic


class Boom(Exception):
    """Raised inside an atomic_open block."""


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ------------------------------------------------------------- atomic_open
@pytest.mark.parametrize("mode", ["w", "wb"])
def test_atomic_open_writes_on_success(tmp_path: Path, mode: str) -> None:
    path = tmp_path / "out.dat"
    with atomic_open(path, mode) as handle:
        handle.write("é\n" if mode == "w" else b"\x00\xff")
        assert not path.exists()  # nothing visible until the block ends
        assert len(names(tmp_path)) == 1  # only the temporary file
    assert names(tmp_path) == ["out.dat"]
    if mode == "w":
        assert path.read_text(encoding="utf-8") == "é\n"
        assert path.read_bytes() == "é\n".encode()  # newline="" : no translation
    else:
        assert path.read_bytes() == b"\x00\xff"


@pytest.mark.parametrize("existing", [True, False])
def test_atomic_open_failure_in_block_leaves_no_trace(tmp_path: Path, existing: bool) -> None:
    path = tmp_path / "table.json"
    if existing:
        path.write_text("old contents")
    with pytest.raises(Boom), atomic_open(path) as handle:
        handle.write("half of the new contents")
        handle.flush()
        raise Boom
    if existing:
        assert path.read_text() == "old contents"
        assert names(tmp_path) == ["table.json"]
    else:
        assert not path.exists()
        assert names(tmp_path) == []


def test_atomic_open_keyboard_interrupt_leaves_no_trace(tmp_path: Path) -> None:
    path = tmp_path / "checkpoint.npz"
    path.write_bytes(b"saved")
    with pytest.raises(KeyboardInterrupt), atomic_open(path, "wb") as handle:
        handle.write(b"partial")
        raise KeyboardInterrupt
    assert path.read_bytes() == b"saved"
    assert names(tmp_path) == ["checkpoint.npz"]


def test_atomic_open_keeps_the_mode_of_the_replaced_file(tmp_path: Path) -> None:
    path = tmp_path / "script.txt"
    path.write_text("old")
    path.chmod(0o640)
    with atomic_open(path) as handle:
        handle.write("new")
    assert path.read_text() == "new"
    assert path.stat().st_mode & 0o777 == 0o640


def test_atomic_open_refuses_bad_destinations(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode"), atomic_open(tmp_path / "a", "a"):
        pass
    with pytest.raises(ValueError, match="does not exist"), atomic_open(tmp_path / "no" / "a"):
        pass
    with pytest.raises(ValueError, match="directory"), atomic_open(tmp_path):
        pass
    assert names(tmp_path) == []
    with pytest.raises(ValueError, match="does not exist"):
        check_writable(tmp_path / "missing" / "x.svg")
    assert check_writable(tmp_path / "x.svg") == tmp_path / "x.svg"


# ------------------------------------------------------- write_text_atomic
def test_atomic_write_leaves_nothing_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "pic.svg"
    write_text_atomic(path, "old")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(path, "<svg>\ud800</svg>")  # fails half-way through the write
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["pic.svg"]
    fresh = tmp_path / "new.svg"
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(fresh, "ok\ud800")
    assert not fresh.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["pic.svg"]


def test_atomic_write_replace_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(src: str, dst: str) -> None:
        raise OSError("disk on fire")

    path = tmp_path / "a.svg"
    path.write_text("<svg>old</svg>")
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk on fire"):
        write_text_atomic(path, "<svg/>")
    assert path.read_text() == "<svg>old</svg>"
    assert names(tmp_path) == ["a.svg"]
    with pytest.raises(OSError, match="disk on fire"):
        write_text_atomic(tmp_path / "b.svg", "<svg/>")
    assert names(tmp_path) == ["a.svg"]


def test_atomic_write_mode_and_errors(tmp_path: Path) -> None:
    path = write_text_atomic(tmp_path / "a.txt", "x")
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
    with pytest.raises(ValueError, match="does not exist"):
        write_text_atomic(tmp_path / "missing" / "a.txt", "x")
    with pytest.raises(ValueError, match="directory"):
        write_text_atomic(tmp_path, "x")


# ------------------------------------------------------ stale temporaries
KILLED_SAVE = """
import sys, time
from grundy.atomic import atomic_open
with atomic_open(sys.argv[1], "wb") as handle:
    handle.write(b"half a checkpoint")
    handle.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def saving(path: Path) -> subprocess.Popen[str]:
    """A process in the middle of an atomic save of `path` (its temporary file written)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_SAVE, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    return proc


def test_a_save_killed_half_way_leaves_a_temporary_that_the_next_save_removes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "search.ckpt"
    path.write_bytes(b"the checkpoint before")
    killed = saving(path)
    killed.kill()
    killed.wait(30)
    (stale,) = set(names(tmp_path)) - {"search.ckpt"}
    assert stale.startswith(".search.ckpt.") and stale.endswith(".tmp")
    assert path.read_bytes() == b"the checkpoint before"  # the destination is whole
    with atomic_open(path, "wb") as handle:  # the next save, as a search makes it
        handle.write(b"the next checkpoint")
    assert names(tmp_path) == ["search.ckpt"] and path.read_bytes() == b"the next checkpoint"


def test_a_running_writer_keeps_its_temporary(tmp_path: Path) -> None:
    path = tmp_path / "table.svg"
    running = saving(path)
    try:
        (theirs,) = names(tmp_path)
        write_text_atomic(path, "<svg/>")  # another writer of the same file, meanwhile
        assert names(tmp_path) == sorted([theirs, "table.svg"])
        assert remove_stale_temporaries(path) == []
    finally:
        running.kill()
        running.wait(30)
    assert [p.name for p in remove_stale_temporaries(path)] == [theirs]  # once it is gone


def test_only_temporaries_of_that_file_and_this_machine_are_removed(tmp_path: Path) -> None:
    dead = 2**22 + 1  # above Linux's largest process id
    host = atomic._host()
    other_host = f"{(int(host, 16) + 1) % 2**32:08x}"
    left = [
        f".a.svg.{host}.{dead}.abc123.tmp",  # ours, its writer gone: removed
        f".a.svg.{host}.{dead}.abc123.tmp-journal",  # and what SQLite made beside it
        f".a.svg.{other_host}.{dead}.abc123.tmp",  # another machine's: its process unknown
        f".b.svg.{host}.{dead}.abc123.tmp",  # another file's
        ".a.svg.abc123.tmp",  # no process id: not ours to judge
        "a.svg",
    ]
    for name in left:
        (tmp_path / name).write_text("x")
    write_text_atomic(tmp_path / "a.svg", "new")
    assert names(tmp_path) == sorted(left[2:])
