"""Progress bars on stderr: on a terminal only, never when piped."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from rich.console import Console

from grundy.cli.interrupts import brief, ctrl_c_held_back, interruptible, starts_over

if TYPE_CHECKING:
    from rich.progress import Progress


def show_progress() -> bool:
    """Progress bars only on a terminal, never when piped."""
    return sys.stderr.isatty()


class Bar:
    """A progress bar's handle: call it to advance, or `update(done, total)`."""

    def __init__(self, progress: Progress | None = None, task: Any = None) -> None:
        self._progress = progress
        self._task = task

    def __call__(self, n: int = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def update(self, done: int, total: int | None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=done, total=total)

    def describe(self, description: str) -> None:
        """Say what the bar is doing now (e.g. the statement being checked)."""
        if self._progress is not None:
            self._progress.update(self._task, description=description)


@contextmanager
def progress_bar(description: str, total: int | None = None) -> Iterator[Bar]:
    """A rich progress bar on stderr (terminal only; a silent `Bar` when piped)."""
    if not show_progress():
        yield Bar()
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ]
    progress = Progress(*columns, console=Console(stderr=True), transient=True)
    try:
        with ctrl_c_held_back():  # halfway, stderr would stay redirected to the bar
            progress.start()
        yield Bar(progress, progress.add_task(description, total=total))
    finally:
        with ctrl_c_held_back():
            progress.stop()


@contextmanager
def search_progress(solver: Any, what: str) -> Iterator[None]:
    """Show the generic solver's search of `what` on a terminal, once it has run a while.

    The bar counts the positions the search holds against its bound
    (`grundy.solver.search_limit`); Ctrl-C ends with one line saying what was
    being searched and how far it got (`interruptible`).
    """
    held = [0]
    with ExitStack() as bars:
        bar: list[Bar] = []

        def report(positions: int, limit: int) -> None:
            held[0] = positions
            if not bar and show_progress():
                bar.append(bars.enter_context(progress_bar(f"searching {what}", limit)))
            if bar:
                bar[0].update(positions, limit)

        solver.progress = report
        try:
            with interruptible(
                lambda: f"searching {brief(what)} ({held[0]:,} positions held)", starts_over
            ):
                yield
        finally:
            solver.progress = None
