"""The `grundy` command: a thin layer over the library (typer + rich).

Every sub-command takes `--json`.  Bad input ends with one line on stderr and
exit status 2, never a traceback.
"""

from __future__ import annotations

import sys

# Importing a command module registers its commands on `app`.
from grundy.cli import (  # noqa: F401
    analysis,
    nim,
    play,
    poset,
    poset_tables,
    search,
    sweep,
    table,
)
from grundy.cli.common import app

__all__ = ["app", "main", "run"]


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    try:
        status = app(args=argv, prog_name="grundy", standalone_mode=False)
    except (ValueError, TypeError, OverflowError, OSError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        sys.stderr.write("grundy: interrupted\n")
        return 130
    except Exception as exc:
        # Usage errors of the command-line parser (Typer vendors click, whose
        # exception classes are private): they carry a message and a status.
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            return _fail(exc.format_message())
        if type(exc).__name__ == "Abort":  # Ctrl-C while the parser prompts
            sys.stderr.write("grundy: interrupted\n")
            return 130
        raise
    return status if isinstance(status, int) else 0


def _fail(message: str) -> int:
    """One line on stderr, exit status 2."""
    line = " ".join(message.split())
    sys.stderr.write(f"grundy: error: {line}\n")
    return 2


def run() -> None:
    """Console-script wrapper: exit with `main`'s status."""
    sys.exit(main())
