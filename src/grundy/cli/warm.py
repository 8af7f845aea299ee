"""`grundy warm`: compile every kernel's code ahead of time, into the disk cache."""

from __future__ import annotations

import os
import time
from typing import Any, Optional

from grundy.cli.common import app
from grundy.cli.interrupts import interruptible
from grundy.cli.options import JsonOption, argument
from grundy.cli.printing import emit

GamesArg = argument(
    Optional[list[str]],  # noqa: UP045
    help="The games to warm (default: every game with a compiled kernel).",
)


@app.command("warm")
def warm_command(games: GamesArg = None, as_json: JsonOption = False) -> None:
    """Compile every kernel's code ahead (search drivers, census, atlas loops).

    For a cluster image or a shared machine: later commands load it from the disk cache
    ($GRUNDY_CACHE_DIR, else $XDG_CACHE_HOME/grundy or ~/.cache/grundy). A game already
    warm takes a second."""
    from grundy.engine.cache import disk_cache  # numba: only when the command runs
    from grundy.engine.specialise import compile_notices
    from grundy.engine.warm import kernel_games, warm

    folder = disk_cache()
    if folder is None:
        raise OSError("nothing to warm: compiled code cannot be kept on this machine (above)")
    if not os.access(folder, os.W_OK):  # a shared cache of root's, say: for its owner to warm
        raise OSError(f"nothing to warm: {folder} can only be read here, not written")
    chosen = kernel_games(games or None)
    rows: list[dict[str, Any]] = []
    width = max(len(rules.name) for rules in chosen)
    start = time.perf_counter()

    def report(name: str, warmed: list[str], seconds: float) -> None:
        rows.append({"game": name, "warmed": warmed, "seconds": round(seconds, 2)})
        if not as_json:  # a line per game as it is done: the progress of a long run
            line = f"[{len(rows):>2}/{len(chosen)}] {name:<{width}}  {'; '.join(warmed)}"
            print(f"{line}  {seconds:.1f} s", flush=True)

    if not as_json:
        games_said = "1 game" if len(chosen) == 1 else f"{len(chosen)} games"
        print(f"compiling the code of {games_said} into {folder}", flush=True)
    kept = "what was compiled is kept: running it again compiles only the rest"
    with compile_notices(False), interruptible("warming the compiled code", kept):
        warm(chosen, report)
    total = time.perf_counter() - start
    data = {"cache": str(folder), "games": rows, "seconds": round(total, 2)}
    emit(data, as_json, lambda: print(f"done in {total:.0f} s"))
