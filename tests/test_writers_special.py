"""Writers never replace what is not a regular file (grundy.atomic): a FIFO and a device
are written through and stay what they were, a symbolic link is followed and stays a link,
``-`` and ``/dev/stdout`` are standard output, and a file grundy reads back (a checkpoint)
must be a regular file — anything else is refused at once, in one line."""

from __future__ import annotations

import os
import select
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_child import start_in_one_child
from grundy.atomic import atomic_open, check_writable, write_text_atomic
from grundy.cli import main

CLI = "import sys; from grundy.cli import main; sys.exit(main(sys.argv[1:]))"


def grundy(*argv: str, **popen: Any) -> subprocess.Popen[str]:
    """`grundy ARGV` started in a child process (`finished` waits for it)."""
    return subprocess.Popen([sys.executable, "-c", CLI, *argv], text=True, **popen)


def finished(child: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    """How `child` ended, killed (failing the test) after 60 s."""
    try:
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


class FifoReader:
    """A reader of the FIFO at `path`, there before any writer (so a writer finds one), that
    reads in a thread until the writer closes its end."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.data = bytearray()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        while poller.poll(30_000):  # data, or a writer that came and went (POLLHUP)
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return
            self.data += chunk

    def read(self) -> bytes:
        """What the writer wrote (once it closed the FIFO)."""
        self.thread.join(60)
        os.close(self.fd)
        return bytes(self.data)


def make_fifo(path: Path) -> Callable[[], bytes]:
    os.mkfifo(path)
    return FifoReader(path).read


def make_device(path: Path) -> Callable[[], bytes]:
    """A character device like /dev/null (1, 3): what is written to it is gone."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device needs root")
    return lambda: b""


def make_link(path: Path) -> Callable[[], bytes]:
    """A symbolic link to a file holding "old": what is written lands in that file."""
    target = path.parent / f"target{path.suffix}"
    target.write_text("old")
    path.symlink_to(target.name)
    return target.read_bytes


#: Each kind of destination that is not a regular file, with the test that it is kept.
KINDS: dict[str, tuple[Callable[[Path], Callable[[], bytes]], Callable[[os.stat_result], bool]]] = {
    "FIFO": (make_fifo, lambda info: stat.S_ISFIFO(info.st_mode)),
    "device": (make_device, lambda info: stat.S_ISCHR(info.st_mode)),
    "link": (make_link, lambda info: stat.S_ISLNK(info.st_mode)),
}


# ------------------------------------------------------------- the library
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mode", ["w", "wb"])
def test_atomic_open_keeps_what_the_destination_is(tmp_path: Path, kind: str, mode: str) -> None:
    make, kept = KINDS[kind]
    path = tmp_path / "out.txt"
    written = make(path)
    with atomic_open(path, mode) as handle:
        handle.write("new" if mode == "w" else b"new")
    assert kept(path.lstat())
    assert written() == (b"" if kind == "device" else b"new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["out.txt", *(["target.txt"] if kind == "link" else [])]
    )  # no temporary file left beside it


def test_a_fifo_no_process_reads_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    check_writable(path)  # may gain a reader by the time it is written
    with pytest.raises(ValueError, match=r"cannot write '.*fifo': no process reads the FIFO"):
        write_text_atomic(path, "lost")
    assert stat.S_ISFIFO(path.lstat().st_mode)


def test_what_cannot_be_written_is_refused(tmp_path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "socket"))
        with pytest.raises(ValueError, match="it is a socket"):
            write_text_atomic(tmp_path / "socket", "x")
    with pytest.raises(ValueError, match="it is a directory"):
        check_writable(tmp_path)
    try:
        os.mknod(tmp_path / "disk", stat.S_IFBLK | 0o600, os.makedev(7, 0))
    except PermissionError:
        return
    with pytest.raises(ValueError, match="it is a block device"):
        write_text_atomic(tmp_path / "disk", "x")
    assert stat.S_ISBLK((tmp_path / "disk").lstat().st_mode)


@pytest.mark.parametrize("kind", ["FIFO", "device", "-", "/dev/stdout"])
def test_a_file_read_back_must_be_a_regular_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "checkpoint"
    if kind in KINDS:
        KINDS[kind][0](path)
    else:
        path = Path(kind)
    with pytest.raises(ValueError, match=r"^cannot use .*, not a regular file to read back$"):
        check_writable(path, regular=True)
    with pytest.raises(ValueError, match="not a regular file to read back"):
        atomic_open(path, "wb", regular=True).__enter__()
    link = tmp_path / "link"
    make_link(link)
    assert check_writable(link, regular=True) == link  # a link to a file is that file


@pytest.mark.skipif(os.geteuid() != 0, reason="makes a link of another user")
def test_a_link_of_another_user_in_a_shared_folder_is_not_followed(tmp_path: Path) -> None:
    """As Linux's protected_symlinks: root writing /tmp/x.svg must not be led by another
    user's link to replace a file of the attacker's choosing."""
    victim = tmp_path / "passwd"
    victim.write_text("root:x:0:0")
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)
    planted = shared / "x.svg"
    planted.symlink_to(victim)
    os.lchown(planted, 65534, 65534)
    with pytest.raises(ValueError, match=r"is a link of another user \(uid 65534\) in the shared"):
        write_text_atomic(planted, "<svg/>")
    assert victim.read_text() == "root:x:0:0"
    os.lchown(planted, 0, 0)  # the user's own link is followed
    write_text_atomic(planted, "<svg/>")
    assert (victim.read_text(), planted.is_symlink()) == ("<svg/>", True)


# ------------------------------------------------------- every command's file
#: Every option that writes a file the user names: its command ("{}" the file), its file's
#: ending, and a command that must run first.
WRITERS: dict[str, tuple[list[str], str, list[str]]] = {
    "table --svg": (["table", "lctr", "4,2,1", "--svg", "{}"], ".svg", []),
    "table --latex": (["table", "lctr", "4,2,1", "--latex", "{}"], ".tex", []),
    "count --latex": (["count", "lctr", "--n", "1..4", "--latex", "{}"], ".tex", []),
    "count --oeis": (["count", "lctr", "--n", "1..4", "--oeis", "{}"], ".txt", []),
    "count --plot": (["count", "lctr", "--n", "1..4", "--plot", "{}"], ".svg", []),
    "sweep --csv": (["sweep", "lctr", "a,b", "--a", "1..3", "--b", "2", "--csv", "{}"], ".csv", []),
    "sweep --parquet": (["sweep", "lctr", "a", "--a", "1..3", "--parquet", "{}"], ".parquet", []),
    "poset --svg": (["poset", "picture", "chain:3", "--svg", "{}"], ".svg", []),
    "poset --tikz": (["poset", "picture", "chain:3", "--svg", "-", "--tikz", "{}"], ".tex", []),
    "store export": (["store", "export", "{}"], ".csv", ["sweep", "lctr", "a", "--a", "1..3"]),
}  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_keeps_what_the_destination_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], writer: str, kind: str
) -> None:
    argv, ending, first = WRITERS[writer]
    if first:
        assert main(first) == 0
    make, kept = KINDS[kind]
    path = tmp_path / f"out{ending}"
    written = make(path)
    assert main([arg.replace("{}", str(path)) for arg in argv]) == 0, capsys.readouterr().err
    assert kept(path.lstat())
    assert kind == "device" or written() not in (b"", b"old")


@pytest.fixture(scope="module", autouse=True)
def children(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Callable[[], Any]]:
    """The child processes of the tests of this file that run, started before its first
    test, so that they run while the tests of this process do: what waits for each group
    (`standard_output`, `checkpointed`)."""
    used = {
        name
        for item in request.session.items
        if getattr(item, "module", None) is request.module
        for name in getattr(item, "fixturenames", ())
    }
    starts = {"standard_output": start_standard_output, "checkpointed": start_checkpointed}
    return {name: start(tmp_path_factory) for name, start in starts.items() if name in used}


def start_standard_output(factory: pytest.TempPathFactory) -> Callable[[], dict[str, Any]]:
    """The commands that write to standard output, each in a child process of its own (its
    standard output is what is tested), all started at once; what waits for them gives
    "-" and "/dev/stdout" → how `grundy table … --svg NAME` ended, its standard output a
    pipe; "file" → (the file, its inode when the shell opened it, how
    ``grundy table … --latex /dev/stdout > file`` ended)."""
    env = {**os.environ, "GRUNDY_STORE": str(factory.mktemp("store") / "results.sqlite")}
    out = factory.mktemp("shell") / "out.tex"
    pipe = subprocess.PIPE
    with out.open("w") as shell:  # the child has its own copy, as from a shell
        inode = os.fstat(shell.fileno()).st_ino
        started = {
            name: grundy("table", "lctr", "4,2,1", "--svg", name, stdout=pipe, stderr=pipe, env=env)
            for name in ("-", "/dev/stdout")
        }
        to_file = grundy("table", "lctr", "4,2,1", "--latex", "/dev/stdout", stdout=shell, env=env)

    def finish() -> dict[str, Any]:
        ended: dict[str, Any] = {name: finished(child) for name, child in started.items()}
        ended["file"] = (out, inode, finished(to_file))
        return ended

    return finish


@pytest.fixture(scope="module")
def standard_output(children: dict[str, Callable[[], Any]]) -> dict[str, Any]:
    """How the commands of `start_standard_output` ended."""
    return children["standard_output"]()


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_dash_and_dev_stdout_are_standard_output(
    standard_output: dict[str, Any], name: str
) -> None:
    run = standard_output[name]
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("<svg") and "</svg>\n" in run.stdout
    assert "zeros (P-positions)" in run.stdout  # the table, after the picture
    assert not Path("-").exists()


def test_dev_stdout_sent_to_a_file_is_written_into_it(standard_output: dict[str, Any]) -> None:
    """As ``grundy … --latex /dev/stdout > out.tex``: the shell's file gets everything, and
    is still the file the shell opened."""
    out, inode, run = standard_output["file"]
    assert run.returncode == 0
    assert out.stat().st_ino == inode
    assert "\\begin{ytableau}" in out.read_text()


#: Commands that read their checkpoint back ("{}" the file), by name.
CHECKPOINTED = {
    "search": ["search", "cr", "6,4,2", "--checkpoint", "{}"],
    "poset ruler-set-partitions": [
        "poset", "ruler-set-partitions", "--n", "1..6", "--checkpoint", "{}"
    ],
}  # fmt: skip
NOT_REGULAR = ["FIFO", "device", "-"]


def start_checkpointed(
    factory: pytest.TempPathFactory,
) -> Callable[[], dict[tuple[str, str], Any]]:
    """Every command of `CHECKPOINTED` with each kind of checkpoint, run in one child
    process (`cli_child.start_in_one_child`: a command that hangs on its FIFO fails alone
    after `ROW_TIMEOUT` s, or all at once if the child is killed), started now; what waits
    for it gives (command, kind) → (its checkpoint's path, how the command ended), with
    no device where none can be made (not root)."""
    rows, paths = [], {}
    for command, argv in CHECKPOINTED.items():
        for kind in NOT_REGULAR:
            path = factory.mktemp("checkpoint") / "checkpoint"
            if kind == "FIFO":
                os.mkfifo(path)  # no reader: reading it back would block for ever
            elif kind == "device":
                try:
                    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
                except PermissionError:
                    continue
            else:
                path = Path(kind)
            paths[command, kind] = path
            rows.append([a.replace("{}", str(path)) for a in argv])
    wait = start_in_one_child(rows, factory.mktemp("store") / "results.sqlite")

    def finish() -> dict[tuple[str, str], Any]:
        done = iter(wait().values())
        return {key: (path, next(done)) for key, path in paths.items()}

    return finish


@pytest.fixture(scope="module")
def checkpointed(children: dict[str, Callable[[], Any]]) -> dict[tuple[str, str], Any]:
    """How the commands of `start_checkpointed` ended."""
    return children["checkpointed"]()


@pytest.mark.parametrize("command", CHECKPOINTED)
@pytest.mark.parametrize("kind", NOT_REGULAR)
def test_a_checkpoint_that_is_not_a_regular_file_is_refused_before_any_work(
    checkpointed: dict[tuple[str, str], Any], command: str, kind: str
) -> None:
    if (command, kind) not in checkpointed:
        pytest.skip("making a device needs root")
    path, run = checkpointed[command, kind]
    assert (run.returncode, run.stdout) == (2, "")
    what = {"FIFO": "a FIFO", "device": "a character device", "-": "standard output"}[kind]
    assert run.stderr == (
        f"grundy: error: cannot use {str(path)!r}: it is {what}, not a regular file to read back\n"
    )
