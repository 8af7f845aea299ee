"""Ctrl-C during a long command: one line saying what it was doing and how to go on.

`interruptible` words it (`Interrupted`, which `grundy.cli.main` prints with exit status
130); `ctrl_c_held_back` keeps a step that must not stop halfway whole.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def ctrl_c_held_back() -> Iterator[None]:
    """Run the block whole, and deliver a Ctrl-C that came meanwhile right after it.

    For steps that must not stop halfway, such as starting and stopping a progress
    bar (rich then redirects stderr and hides the cursor).  Outside the main thread,
    where Python runs signal handlers, the block runs as it is.
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield  # (None: a handler Python did not install, which it cannot put back)
        return
    came: list[int] = []
    signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came and callable(previous):
        previous(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt
    elif came and previous == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a long command, worded: what it was doing and how to go on.

    Raised by `interruptible`; `grundy.cli.main` prints it as the command's one
    line on stderr and exits with status 130.  It is a KeyboardInterrupt, so
    code that cleans up after Ctrl-C (checkpoints, atomic files) still does.
    """


#: Text, or a function returning it when it is needed.
Said = str | Callable[[], str]


def starts_over(why: str = "nothing is kept") -> str:
    """What an interrupted command that cannot resume says about going on."""
    return f"{why}, so running it again starts over"


def resume_with_checkpoint(saved: str, checkpoint: object) -> str:
    """What an interrupted command says after saving `saved` to its --checkpoint."""
    return f"{saved} is saved in {checkpoint}: resume with the same --checkpoint"


@contextmanager
def interruptible(doing: Said, resume: Said) -> Iterator[None]:
    """Ctrl-C inside ends the command with one line: "interrupted while DOING; RESUME".

    `doing` and `resume` are text, or functions returning it when Ctrl-C comes
    (so the line can say how far the work got).  One `interruptible` inside
    another: the innermost speaks.

    >>> try:
    ...     with interruptible("counting cr", starts_over):
    ...         raise KeyboardInterrupt
    ... except Interrupted as stop:
    ...     print(stop)
    interrupted while counting cr; nothing is kept, so running it again starts over
    """
    try:
        yield
    except Interrupted:
        raise
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted while {_said(doing)}; {_said(resume)}") from None


def _said(text: Said) -> str:
    return text() if callable(text) else text


def brief(text: str, width: int = 60) -> str:
    """`text` cut to `width` characters with "…", for a one-line message.

    >>> brief("1" * 100, 8)
    '1111111…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"
