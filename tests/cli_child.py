"""Many `grundy` command lines in one child process: one interpreter start and import of
`grundy.cli` for all of them (≈ 0.4 s a child), each line still run as a child of its own
would run it, and a hang killed rather than hanging CI.

For each argv in turn the child calls `grundy.cli.main(argv)` with standard output and
error captured both as Python objects and as file descriptors 1 and 2 (what a child of its
own would show on them), and reports [argv, status, stdout, stderr] as one JSON line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

#: A line still running after this many seconds is stopped (SIGALRM) and fails alone.
ROW_TIMEOUT = 30
#: The child is killed after this many seconds: a hang no signal stops (in C code) or a
#: child out of memory fails every line of the batch at once.
CHILD_TIMEOUT = 120

DRIVER = r"""
import contextlib, io, json, os, signal, sys, tempfile, traceback
from grundy.cli import main

class Hung(BaseException):  # past `main`'s handlers, as a hang is
    pass

def hung(signum, frame):
    raise Hung

signal.signal(signal.SIGALRM, hung)
report = os.dup(1)
for argv in json.load(sys.stdin):
    with tempfile.TemporaryFile() as fd_out, tempfile.TemporaryFile() as fd_err:
        out, err = io.StringIO(), io.StringIO()
        os.dup2(fd_out.fileno(), 1); os.dup2(fd_err.fileno(), 2)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                signal.alarm(ROW_TIMEOUT)
                try:
                    status = main(argv)
                except SystemExit as stop:
                    status = stop.code if isinstance(stop.code, int) else 1
                except Hung:
                    status = None
                    err.write(f"hung: stopped after {ROW_TIMEOUT} s\n")
                except BaseException:  # what a child of its own would die of
                    status = 1
                    err.write(traceback.format_exc())
                finally:
                    signal.alarm(0)
        finally:
            sys.__stdout__.flush(); sys.__stderr__.flush()
            os.dup2(report, 1); os.dup2(report, 2)
        fd_out.seek(0); fd_err.seek(0)
        stdout = fd_out.read().decode() + out.getvalue()
        stderr = fd_err.read().decode() + err.getvalue()
    os.write(report, (json.dumps([argv, status, stdout, stderr]) + "\n").encode())
"""


@dataclass(frozen=True)
class Done:
    """How one `grundy ARGV` ended (as `subprocess.CompletedProcess`); a line stopped
    after `ROW_TIMEOUT` s has no status (None)."""

    returncode: int | None
    stdout: str
    stderr: str


def start_in_one_child(
    rows: Sequence[Sequence[str]], store: Path
) -> Callable[[], dict[tuple[str, ...], Done]]:
    """Start the child of `run_in_one_child` now (it runs while the caller goes on), and
    return what waits for it and gives its answer."""
    argvs = [list(argv) for argv in rows]
    with tempfile.TemporaryFile("w+") as listed:  # the child's stdin: it starts at once
        json.dump(argvs, listed)
        listed.seek(0)
        child = subprocess.Popen(
            [sys.executable, "-c", f"ROW_TIMEOUT = {ROW_TIMEOUT}\n{DRIVER}"],
            stdin=listed,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "GRUNDY_STORE": str(store)},
        )

    def finish() -> dict[tuple[str, ...], Done]:
        try:
            stdout, stderr = child.communicate(timeout=CHILD_TIMEOUT)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            pytest.fail(f"the child running {len(argvs)} command lines took over {CHILD_TIMEOUT} s")
        assert child.returncode == 0, stderr
        lines = [json.loads(line) for line in stdout.splitlines()]
        done = {tuple(argv): Done(status, out, err) for argv, status, out, err in lines}
        assert list(done) == [tuple(argv) for argv in argvs], stdout[-2000:]
        return done

    return finish


def run_in_one_child(rows: Sequence[Sequence[str]], store: Path) -> dict[tuple[str, ...], Done]:
    """How each `grundy ARGV` of `rows` ended, all run in one child process in turn, with
    `store` as its results store ($GRUNDY_STORE: never the user's). A child killed after
    `CHILD_TIMEOUT` s fails the caller (a fixture: every test using it fails at once)."""
    return start_in_one_child(rows, store)()
