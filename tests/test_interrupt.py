"""Ctrl-C on every long command: one line saying what stopped and how to go on, exit 130.

Each command runs as the console script does (`grundy.cli.run`) with its stdin and
stderr on a pseudo-terminal, so progress bars and the search's progress line are
drawn as a person sees them, and its stdout on a pipe.  Once the command is
working (its progress shows, or its store or checkpoint holds a first result),
SIGINT goes to its process group, as a terminal's Ctrl-C does.  What is left on the
terminal's screen must be exactly one line, with no traceback; the commands run
side by side to keep the test short.
"""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grundy.cli import main
from grundy.cli.interrupts import Interrupted, ctrl_c_held_back, interruptible, starts_over
from grundy.engine.warm import kernel_games, warm_kernel

# Ctrl-C must interrupt as in a terminal even when this test runs with SIGINT ignored
# (a background job inherits that, and Python keeps it).
RUN = (
    "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from grundy.cli import run; run()"
)
#: How long a command may take to start working, and to stop after Ctrl-C.
PATIENCE = 60.0
#: Chomp with no closed form and no compiled kernel: the generic solver searches 10^10
#: (184,756 positions) for a long while, and shows its progress.
PLAIN_CHOMP = """
from grundy.partition import Partition

def chomp(p):
    parts = p.to_list()
    for i, row in enumerate(parts):
        for j in range(row):
            if i or j:
                yield Partition([min(r, j) if k >= i else r for k, r in enumerate(parts)])
"""
STAIRCASE = ",".join(str(k) for k in range(22, 0, -1))
RESUME_STORE = ": run the same command again to go on"
RESUME_CHECKPOINT = ": resume with the same --checkpoint"


def _stored(table: str, rows: int) -> Callable[[Path], bool]:
    """Ready once the store in the work folder holds `rows` rows of `table`."""

    def ready(folder: Path) -> bool:
        path = folder / "results.sqlite"
        if not path.exists():
            return False
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.1) as db:
                return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] >= rows
        except sqlite3.Error:  # not created yet
            return False

    return ready


def _exists(name: str) -> Callable[[Path], bool]:
    return lambda folder: (folder / name).exists()


#: name → (the command's words, ready (None: once something shows on the terminal), the
#: line it must leave).  {dir} is the command's work folder.
JOBS: dict[str, tuple[str, Callable[[Path], bool] | None, str]] = {
    "search": (
        f"search cr {STAIRCASE} --checkpoint {{dir}}/s.ckpt",
        None,
        rf"interrupted while searching cr {STAIRCASE}; the table is saved in "
        rf"{{dir}}/s\.ckpt{RESUME_CHECKPOINT}",
    ),
    "count": (
        "count downright --n 1..60 --method enumerate --scheduler serial "
        "--store {dir}/results.sqlite",
        _stored("tallies", 3),
        rf"interrupted while counting downright; sizes 0\.\.(\d+) are stored in "
        rf"{{dir}}/results\.sqlite{RESUME_STORE}",
    ),
    "census": (
        "count chomp --n 1..70 --store {dir}/results.sqlite",
        _stored("tallies", 45),
        rf"interrupted while counting chomp; sizes 0\.\.(\d+) are stored in "
        rf"{{dir}}/results\.sqlite{RESUME_STORE}",
    ),
    "sweep": (
        "sweep chomp a^m,b --m 1..12 --a 1..12 --b 1..11 --scheduler serial "
        "--store {dir}/results.sqlite",
        _stored("results", 1),
        rf"interrupted while sweeping chomp a\^m,b; ([0-9,]+) of [0-9,]+ values are stored in "
        rf"{{dir}}/results\.sqlite{RESUME_STORE}",
    ),
    "conjecture": (
        "conjecture downright --n 1..60 --then value>=0",
        None,
        r"interrupted while checking the conjecture on downright at n = \d+; "
        + re.escape(starts_over()),
    ),
    "ruler-set-partitions": (
        "poset ruler-set-partitions --n 1..75 --checkpoint {dir}/h.json",
        _exists("h.json"),
        rf"interrupted while computing h\(\d+\); h\(1\.\.(\d+)\) is saved in "
        rf"{{dir}}/h\.json{RESUME_CHECKPOINT}",
    ),
    "ruler-asm": (
        "poset ruler-asm --n 60",
        None,
        r"interrupted while computing the ruler on A_60 at rank \d+ of 58; "
        + re.escape(starts_over()),
    ),
    "value": (
        "value {dir}/plain.py:chomp 10^10",
        None,
        r"interrupted while searching \S+ 10\^10 \([0-9,]+ positions held\); "
        + re.escape(starts_over()),
    ),
    "moves": (
        "moves {dir}/plain.py:chomp 10^10",
        None,
        r"interrupted while searching \S+ 10\^10 \([0-9,]+ positions held\); "
        + re.escape(starts_over()),
    ),
    "reproduce": (
        "reproduce 000",
        None,
        r"interrupted while checking (000 .+|the statements of 000) \(\d+ of \d+ done\); "
        + re.escape(starts_over()),
    ),
}


class Job:
    """One command on a pseudo-terminal, interrupted once it is working."""

    def __init__(self, name: str, folder: Path) -> None:
        words, self.ready, pattern = JOBS[name]
        self.name, self.folder = name, folder
        self.line = re.compile("grundy: " + pattern.replace("{dir}", re.escape(str(folder))))
        args = [word.replace("{dir}", str(folder)) for word in words.split()]
        master, terminal = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "GRUNDY_STORE": str(folder / "default.sqlite")}
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN, *args],
            stdin=terminal,
            stdout=subprocess.PIPE,
            stderr=terminal,
            cwd=folder,
            env=env,
            start_new_session=True,  # its own process group, as a terminal's foreground job
        )
        os.close(terminal)
        self.screen = bytearray()
        self.reader = threading.Thread(target=self._read, args=(master,), daemon=True)
        self.reader.start()
        self.interrupted = False

    def _read(self, master: int) -> None:
        try:
            while chunk := os.read(master, 4096):
                self.screen += chunk
        except OSError:  # EIO: the command has exited and closed the terminal
            pass
        finally:
            os.close(master)

    def working(self) -> bool:
        if self.ready is None:
            return bool(self.screen)
        return self.ready(self.folder)

    def interrupt(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)
        self.interrupted = True

    def finish(self) -> tuple[int, bytes, str]:
        """(exit status, stdout, the lines left on the terminal's screen)."""
        stdout, _ = self.process.communicate(timeout=PATIENCE)
        self.reader.join(timeout=PATIENCE)
        return self.process.returncode, stdout, self.screen.decode(errors="replace")


_TERMINAL = re.compile(r"\x1b\[(\??)([0-9;]*)([A-Za-z])|\r|\n|[^\x1b\r\n]+")


def screen_lines(output: str) -> list[str]:
    """The non-blank lines a terminal shows after `output` (text, carriage returns, line
    feeds, cursor up, erase in line; colours and cursor visibility ignored).

    >>> screen_lines("working 10%\\r\\x1b[2Kworking 20%\\r\\n\\x1b[1A\\x1b[2Kdone\\r\\n")
    ['done']
    """
    lines, row, column = [""], 0, 0
    for token in _TERMINAL.finditer(output):
        text = token.group(0)
        if text == "\r":
            column = 0
        elif text == "\n":
            row += 1
            lines += [""] * (row + 1 - len(lines))
        elif token.group(3) is None:
            line = lines[row].ljust(column)
            lines[row] = line[:column] + text + line[column + len(text) :]
            column += len(text)
        elif not token.group(1) and token.group(3) == "A":
            row = max(0, row - int(token.group(2) or 1))
        elif not token.group(1) and token.group(3) == "K":
            lines[row] = "" if token.group(2) == "2" else lines[row][:column]
    return [line.rstrip() for line in lines if line.strip()]


@pytest.fixture(scope="module")
def warm_kernels() -> None:
    """The commands' kernels in the disk cache first: a first compile would say so in a
    line of its own (`grundy.engine.specialise`), a second line on the screen."""
    for rules in kernel_games(["cr", "chomp"]):
        warm_kernel(rules.kernel)


@pytest.mark.usefixtures("warm_kernels")
def test_ctrl_c_on_every_long_command_says_what_stopped_and_how_to_go_on(
    tmp_path: Path,
) -> None:
    jobs = []
    for name in JOBS:
        (tmp_path / name).mkdir()
        (tmp_path / name / "plain.py").write_text(PLAIN_CHOMP)
        jobs.append(Job(name, tmp_path / name))
    try:
        deadline = time.monotonic() + PATIENCE
        waiting = list(jobs)
        while waiting:
            late = time.monotonic() > deadline  # then Ctrl-C anyway, and fail below
            for job in [j for j in waiting if late or j.working() or j.process.poll() is not None]:
                if job.process.poll() is None:
                    job.interrupt()
                    job.interrupted = not late
                waiting.remove(job)
            time.sleep(0.05)
        results = {job.name: (job, *job.finish()) for job in jobs}
    finally:
        for job in jobs:
            if job.process.poll() is None:
                job.process.kill()
    for name, (job, status, stdout, screen) in results.items():
        assert job.interrupted, f"{name} never started working: {screen!r}"
        assert "Traceback" not in screen, (name, screen)
        lines = screen_lines(screen)
        assert (status, stdout, len(lines)) == (130, b"", 1), (name, status, stdout, lines)
        found = job.line.fullmatch(lines[0])
        assert found, (name, lines[0], job.line.pattern)
        _check_what_was_kept(name, job.folder, found)


def _check_what_was_kept(name: str, folder: Path, found: re.Match[str]) -> None:
    """What the line says is stored or saved is there."""
    if name in ("count", "census"):
        with sqlite3.connect(folder / "results.sqlite") as db:
            sizes = {n for (n,) in db.execute("SELECT n FROM tallies")}
        assert sizes == set(range(int(found.group(1)) + 1))
    elif name == "sweep":
        with sqlite3.connect(folder / "results.sqlite") as db:
            (values,) = db.execute("SELECT count(*) FROM results").fetchone()
        assert values == int(found.group(1).replace(",", "")) > 0
    elif name == "ruler-set-partitions":
        saved = json.loads((folder / "h.json").read_text())["h"]
        assert 1 <= int(found.group(1)) <= len(saved)
    elif name == "search":
        assert (folder / "s.ckpt").stat().st_size > 0


# ------------------------------------------------------- the one mechanism, in-process
def test_ctrl_c_outside_any_command_block_is_one_plain_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typer turns a KeyboardInterrupt into a silent exit; `main` sees it instead."""
    from grundy import nim

    def ctrl_c(*values: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(nim, "add", ctrl_c)
    assert main(["nim", "add", "3", "5"]) == 130
    assert capsys.readouterr() == ("", "grundy: interrupted\n")


def test_ctrl_c_during_a_step_held_back_comes_right_after_it() -> None:
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # even if ignored here
    steps: list[str] = []
    try:
        with pytest.raises(KeyboardInterrupt), ctrl_c_held_back():
            signal.raise_signal(signal.SIGINT)  # as a terminal's Ctrl-C in the middle
            steps.append("the whole step ran")
        assert signal.signal(signal.SIGINT, before) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)
    assert steps == ["the whole step ran"]


def test_interruptible_words_the_line_when_ctrl_c_comes() -> None:
    done = [0]
    with (
        pytest.raises(Interrupted) as stop,
        interruptible(lambda: f"counting at n = {done[0]}", "resume somehow"),
    ):
        done[0] = 7
        raise KeyboardInterrupt
    assert str(stop.value) == "interrupted while counting at n = 7; resume somehow"
    with (
        pytest.raises(Interrupted) as stop,
        interruptible("outer", "there"),
        interruptible("inner", "here"),
    ):
        raise KeyboardInterrupt
    assert str(stop.value) == "interrupted while inner; here"
