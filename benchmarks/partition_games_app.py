"""The Partition-Games web app's engines for CRPM and CRPS, run under node (issue 26).

The app (github.com/labibibnmuzahid/Partition-Games, games/crpm/crpm_script.js and
games/crps/crps_script.js) mixes its game logic with DOM code.  Its code is not copied
here: at run time the needed declarations are cut out of a git mirror of the app
(`extract`: a class, function or const declaration, from its first line to its
closing brace or semicolon, strings, template literals and comments skipped) and run
by `partition_games_app.js` under node in a `vm` sandbox with an empty global object.

CRPM: ``class Board``, ``const evaluationMemo``, ``function evaluatePosition`` (player A
removes rows = Left, B columns = Right; 1 if the player to move wins).  CRPS:
``class Player``, ``class Fragment``, ``class GameState`` (its moves; the app has no
evaluator for CRPS).

>>> extract("x = 1;\\nclass A { f() { return `${'}'}`; } } // }\\nclass B {}", "class A")
"class A { f() { return `${'}'}`; } }"
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, NoReturn

__all__ = [
    "DEFAULT_MIRROR",
    "AppUnavailable",
    "add_app_arguments",
    "extract",
    "fail",
    "run_app",
]

DEFAULT_MIRROR = Path("/work/.mirror/labibibnmuzahid+Partition-Games/repo")
HOST = Path(__file__).with_name("partition_games_app.js")

#: Each task: the app's file, and the declarations it needs, in the order they run.
TASKS = {
    "crpm-outcomes": (
        "games/crpm/crpm_script.js",
        ("class Board", "const evaluationMemo", "function evaluatePosition"),
    ),
    "crps-moves": (
        "games/crps/crps_script.js",
        ("class Player", "class Fragment", "class GameState"),
    ),
}


class AppUnavailable(Exception):
    """The app cannot be run: no mirror, no node, or a declaration not found."""


def _skip_quoted(source: str, i: int) -> int:
    """The index after the string literal that opens at `i`."""
    quote, i = source[i], i + 1
    while i < len(source) and source[i] != quote:
        i += 2 if source[i] == "\\" else 1
    return i + 1


def _declaration_end(source: str, start: int) -> int:
    """The index after the declaration that starts at `start`: its closing brace at depth
    0, or a semicolon at depth 0 (regular-expression literals are not recognised)."""
    stack: list[str] = []  # open brackets, "`" (in a template's text) and "${"
    i = start
    while i < len(source):
        c = source[i]
        if stack and stack[-1] == "`":
            if c == "`":
                stack.pop()
            elif source.startswith("${", i):
                stack.append("${")
                i += 1
            elif c == "\\":
                i += 1
            i += 1
            continue
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = len(source) if i < 0 else i
            continue
        if source.startswith("/*", i):
            i = source.find("*/", i) + 2
            if i < 2:
                break
            continue
        if c in "'\"":
            i = _skip_quoted(source, i)
            continue
        if c in "`([{":
            stack.append(c)
        elif c in ")]}":
            if not stack:
                break
            stack.pop()
            if not stack and c == "}":
                return i + 1
        elif c == ";" and not stack:
            return i + 1
        i += 1
    raise AppUnavailable(f"the declaration at offset {start} does not end")


def extract(source: str, header: str) -> str:
    """The source text of the top-level declaration that begins with `header` (such as
    ``"class Board"`` or ``"function evaluatePosition"``) at the start of a line."""
    found = re.search(rf"^{re.escape(header)}\b", source, re.MULTILINE)
    if found is None:
        raise AppUnavailable(f"no {header!r} in the app's source")
    return source[found.start() : _declaration_end(source, found.start())]


def _app_file(mirror: Path, path: str) -> str:
    if not (mirror / "HEAD").is_file():
        raise AppUnavailable(f"no git mirror of the Partition-Games app at {mirror}")
    shown = subprocess.run(
        ["git", "-C", str(mirror), "show", f"HEAD:{path}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if shown.returncode != 0:
        raise AppUnavailable(f"no {path} in the mirror at {mirror}")
    return shown.stdout


def run_app(
    task: str, positions: list[tuple[int, ...]], mirror: Path, timeout: float
) -> dict[str, Any]:
    """The answer of ``partition_games_app.js`` to `task` on `positions` (lists of parts),
    the app's declarations for it cut out of `mirror`."""
    path, headers = TASKS[task]
    source = _app_file(mirror, path)
    code = "\n".join(extract(source, header) for header in headers)
    exports = [header.split()[-1] for header in headers]
    node = shutil.which("node")
    if node is None:
        raise AppUnavailable("node is not installed (the app runs under node)")
    request = {"code": code, "exports": exports, "task": task, "positions": positions}
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump(request, file)
        file.flush()
        try:
            done = subprocess.run(
                [node, str(HOST), file.name],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            raise AppUnavailable(f"the app ran past --timeout {timeout:g} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise AppUnavailable(f"node failed running the app's {path}: {last}")
    return json.loads(done.stdout)


def add_app_arguments(parser: Any, timeout: float) -> None:
    """The options every script over the app takes: --mirror and --timeout."""
    parser.add_argument(
        "--mirror", type=Path, default=DEFAULT_MIRROR, help="git mirror of the Partition-Games app"
    )
    parser.add_argument(
        "--timeout", type=float, default=timeout, help=f"seconds node may run (default {timeout:g})"
    )


def fail(problem: object) -> NoReturn:
    """Stop with one line on stderr and exit status 2 (the app unavailable, bad input)."""
    print(f"error: {problem}", file=sys.stderr)
    raise SystemExit(2)
