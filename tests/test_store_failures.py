"""The results store's failure table: a damaged, read-only, locked, full or failing store
is one line and exit status 2 at the command line (a StoreError in the library, naming
the file and the way out), and the files are left as they were.

Each row makes the failure for real where the machine allows it: a page overwritten in
the middle of the file, permissions (as the user "nobody" when the tests run as root,
whom permissions do not bind), a transaction held open by another connection, a full
tmpfs (only where the test may mount one), the file-size limit of the process (the
kernel refuses the writes: SQLite's "disk I/O error").  A full disk is also simulated
where no tmpfs can be mounted: SQLite's own page limit (``max_page_count``) makes it
answer "database or disk is full" exactly as a full disk does.
"""

from __future__ import annotations

import gc
import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from grundy.cli import main
from grundy.results import Store, StoreError

NOBODY = 65534
SWEEP = ["sweep", "cr", "a", "--a", "1..5"]  # reads the store, values, then writes to it
BIG_SWEEP = ["sweep", "cr", "partitions", "--n", "1..12"]  # writes 271 readings: new pages
LIST = ["store", "list"]  # reads every stored value
Condition = Callable[[Path, pytest.MonkeyPatch], AbstractContextManager[Path]]


def filled_store(path: Path) -> Path:
    """A real store of many pages (3,000 values of a made-up game), all in the file."""
    store = Store(path)
    store.put("g", 1, False, {f"position {i}": i % 5 for i in range(3000)})
    store.close()  # the last connection: its log is copied into the file
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the folder and its bytes, but SQLite's shared-memory and log files
    (which SQLite makes, empty, next to a store it opens, and removes itself)."""
    return {
        p.name: p.read_bytes()
        for p in folder.iterdir()
        if p.is_file() and not p.name.endswith(("-wal", "-shm"))
    }


@contextmanager
def without_root(folder: Path) -> Iterator[None]:
    """Permissions bind root too little: as root, run the block as "nobody" (effective
    ids), who owns everything in `folder`; as anyone else, as is."""
    if os.geteuid() != 0:
        yield
        return
    for path in (folder, *folder.iterdir()):
        os.chown(path, NOBODY, NOBODY)
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder for the store; as root, one that "nobody" can reach (not under pytest's
    private temporary folder)."""
    if os.geteuid() != 0:
        yield tmp_path
        return
    reachable = Path(tempfile.mkdtemp())
    try:
        yield reachable
    finally:
        shutil.rmtree(reachable, ignore_errors=True)


# ------------------------------------------------------------------ conditions
@contextmanager
def damaged(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = filled_store(folder / "r.sqlite")
    data = bytearray(path.read_bytes())
    page = 4096
    middle = len(data) // page // 2 * page
    assert middle > page  # several pages: the damage is past the header and the schema
    data[middle : middle + page] = b"\xff" * page  # no valid page starts with 0xff
    path.write_bytes(bytes(data))
    yield path


@contextmanager
def read_only_file(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = filled_store(folder / "r.sqlite")
    path.chmod(0o444)
    with without_root(folder):
        yield path


@contextmanager
def read_only_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = filled_store(folder / "r.sqlite")
    folder.chmod(0o555)
    try:
        with without_root(folder):
            yield path
    finally:
        folder.chmod(0o755)


@contextmanager
def new_in_read_only_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder.chmod(0o555)
    try:
        with without_root(folder):
            yield folder / "new.sqlite"
    finally:
        folder.chmod(0o755)


@contextmanager
def locked(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Another process's write transaction, held longer than the store waits (0.2 s)."""
    path = filled_store(folder / "r.sqlite")
    monkeypatch.setenv("GRUNDY_STORE_TIMEOUT", "0.2")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield path
    finally:
        other.execute("ROLLBACK")
        other.close()


@contextmanager
def small_tmpfs(folder: Path) -> Iterator[Path]:
    """A 256 KiB tmpfs mounted on a new folder in `folder`; skips where mounting fails."""
    mount = folder / "disk"
    mount.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if made.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root): the page-limit rows stand in")
    try:
        yield mount
    finally:
        gc.collect()  # no connection of the command left open on it
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> None:
    """Take every free byte of the file system."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
    assert os.statvfs(disk).f_bavail == 0


@contextmanager
def full_disk(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    with small_tmpfs(folder) as disk:
        path = disk / "r.sqlite"
        store = Store(path)
        store.put("g", 1, False, {f"position {i}": i % 5 for i in range(1000)})
        store.close()
        fill(disk)
        yield path


@contextmanager
def new_on_full_disk(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    with small_tmpfs(folder) as disk:
        fill(disk)
        yield disk / "new.sqlite"


def limit_pages(monkeypatch: pytest.MonkeyPatch, pages: int) -> None:
    """Every connection the store opens may not grow its file past `pages` pages."""
    real = Store._open

    def limited(self: Store, path: Path) -> sqlite3.Connection:
        db = real(self, path)
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(Store, "_open", limited)


@contextmanager
def at_page_limit(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = filled_store(folder / "r.sqlite")
    limit_pages(monkeypatch, path.stat().st_size // 4096)
    yield path


@contextmanager
def new_at_page_limit(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    limit_pages(monkeypatch, 1)  # the tables need more
    yield folder / "new.sqlite"


@contextmanager
def no_writes(folder: Path) -> Iterator[None]:
    """The kernel refuses every write that would make a file longer (RLIMIT_FSIZE 0):
    SQLite answers "disk I/O error"."""
    resource = pytest.importorskip("resource")
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of death
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, limit[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limit)
        signal.signal(signal.SIGXFSZ, handler)


@contextmanager
def io_error(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = filled_store(folder / "r.sqlite")
    with no_writes(folder):
        yield path


@contextmanager
def new_with_io_error(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    with no_writes(folder):
        yield folder / "new.sqlite"


# ------------------------------------------------------------------ the table
ROWS: list[tuple[Condition, list[str], str]] = [
    (damaged, LIST, "the results store is damaged (database disk image is malformed)"),
    (read_only_file, SWEEP, "cannot write the results store, the file is read-only"),
    (read_only_folder, SWEEP, "cannot write the results store, its folder is read-only"),
    (new_in_read_only_folder, SWEEP, "cannot write the results store, its folder is read-only"),
    (locked, SWEEP, "locked by another process for over 0.2 s (database is locked)"),
    (full_disk, SWEEP, "the disk holding the results store is full"),
    (new_on_full_disk, SWEEP, "the disk holding the results store is full"),
    (at_page_limit, BIG_SWEEP, "is full (database or disk is full)"),
    (new_at_page_limit, SWEEP, "is full (database or disk is full)"),
    (io_error, SWEEP, "I/O error on the results store (disk I/O error)"),
    (new_with_io_error, SWEEP, "I/O error on the results store (disk I/O error)"),
]


@pytest.mark.parametrize(
    ("condition", "command", "words"), ROWS, ids=[row[0].__name__ for row in ROWS]
)
def test_a_failing_store_is_one_line_and_exit_2_and_leaves_the_files_as_they_were(
    condition: Condition,
    command: list[str],
    words: str,
    folder: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the command works on a sound store (and has imported its modules: "nobody" may
    # not be able to read Python's files)
    assert main([*command, "--store", str(tmp_path / "sound.sqlite")]) == 0
    capsys.readouterr()
    with condition(folder, monkeypatch) as path:
        before = snapshot(path.parent)
        status = main([*command, "--store", str(path)])
        after = snapshot(path.parent)
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert err.startswith(f"grundy: error: {path}: ") and words in err, err
    assert err.endswith("use another with --store FILE or $GRUNDY_STORE, or none with --no-store\n")
    assert after == before  # the store's bytes unchanged; no new, empty or temporary file


def test_the_library_raises_store_error(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with damaged(folder, monkeypatch) as path:
        store = Store(path)  # the header and the schema are sound: it opens
        with pytest.raises(StoreError, match="is damaged") as caught:
            store.summary()
    assert isinstance(caught.value, OSError) and str(path) in str(caught.value)


def test_the_default_store_under_a_home_that_cannot_be_written(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    count = ["count", "lctr", "--n", "1..5"]
    assert main([*count, "--no-store"]) == 0  # imports the command's modules first
    capsys.readouterr()
    monkeypatch.delenv("GRUNDY_STORE")
    monkeypatch.setenv("HOME", str(folder / "home"))  # missing, and its folder read-only
    with new_in_read_only_folder(folder, monkeypatch):
        status = main(count)
    out, err = capsys.readouterr()
    default = folder / "home/.local/share/grundy/results.sqlite"
    # the default store, which nobody asked for: one line, and the count goes on
    assert status == 0 and "positions of size n by value" in out and err.count("\n") == 1, err
    begins = f"grundy: going on without the results store: {default}: cannot write the results"
    assert err.startswith(begins), err
    assert err.endswith(
        "give --store FILE or set $GRUNDY_STORE (--no-store: no store, and no line)\n"
    )
    assert not (folder / "home").exists()
